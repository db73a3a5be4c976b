"""Each outcome of what the board doesn't give, named (issue 21 §1): when the queried permanent's power and
toughness are unknown only because of board keys left out (``kicked``, a coin flip, an entering option), the
board is answered again once for each value of those keys, and the answer names what it is in each case —
"kicked, 5/5 with trample; not kicked, 2/2" — instead of leaving "unknown" bare. What all the outcomes agree
on is then known: toughness at least 1 in every one means 704.5f doesn't apply whichever way it went.

Nothing is assumed: the answer's own characteristics stay unknown, and an outcome the engine can't answer
(an error, more outcomes than the work budget allows) leaves the answer as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import TYPE_CHECKING

from engine.answers.state_based import ZERO_TOUGHNESS, is_toughness_open
from engine.core.budget import TooMuchWork, outcome_limit
from engine.core.messages import Message, Param, listing, msg, semicolon_series
from engine.core.results import Explanation, GivenBy
from engine.errors import UserError
from engine.state.board import BoardError, BoardSpec, ObjectSpec

if TYPE_CHECKING:
    from engine.answers.copy_result import BoardAnswer, CurrentView

_PT = frozenset({"power", "toughness"})
_Given = tuple[tuple[GivenBy, str], ...]  # one value for each deciding key
Answering = Callable[[BoardSpec], "BoardAnswer"]


def named_outcomes(spec: BoardSpec, answer: BoardAnswer, answering: Answering) -> BoardAnswer:
    """``answer`` with a note naming the queried permanent's power and toughness for each value of the
    board keys that leave them unknown, when those keys are all that does (else ``answer`` unchanged)."""
    keys = _deciding_keys(answer)
    if not keys:
        return answer
    combinations = list(product(*(key.values for key in keys)))
    if len(combinations) > outcome_limit():
        return answer
    outcomes: list[tuple[_Given, CurrentView]] = []
    for values in combinations:
        given = tuple(zip(keys, values, strict=True))
        current = _answered_with(spec, given, answering)
        if current is None:
            return answer
        outcomes.append((given, current))
    return _with_notes(answer, outcomes)


def _deciding_keys(answer: BoardAnswer) -> tuple[GivenBy, ...]:
    """The board keys that decide the queried permanent's unknown power and toughness; () when something
    else (nothing the board can give) leaves them unknown too."""
    result = answer.result
    if result.zone is not None or not _PT & set(result.current.unknown):
        return ()
    deciding = [u for u in result.unknowns if _PT & set(u.characteristics)]
    if not deciding or any(not u.given_by for u in deciding):
        return ()
    return tuple(dict.fromkeys(key for u in deciding for key in u.given_by))


def _answered_with(spec: BoardSpec, given: _Given, answering: Answering) -> CurrentView | None:
    """The queried permanent as it is with ``given`` on the board; None when that can't be answered or
    leaves its power or toughness unknown all the same."""
    for key, value in given:
        changed = _with_value(spec, key, value)
        if changed is None:
            return None
        spec = changed
    try:
        current = answering(spec).result.current
    except (BoardError, UserError, TooMuchWork):
        return None
    if _PT & set(current.unknown) or not isinstance(current.toughness, int):
        return None
    return current


def _with_value(spec: BoardSpec, key: GivenBy, value: str) -> BoardSpec | None:
    """``spec`` with ``key`` of its object set to ``value``; None when none of its objects has that handle."""
    objects = list(spec.objects)
    for index, obj in enumerate(objects):
        if obj.id == key.object_id:
            objects[index] = _set(obj, key.key, value)
            return spec.model_copy(update={"objects": tuple(objects)})
    actions = list(spec.actions)
    for index, action in enumerate(actions):
        entering = getattr(action, "entering", None)
        if isinstance(entering, ObjectSpec) and entering.id == key.object_id:
            actions[index] = action.model_copy(update={"entering": _set(entering, key.key, value)})
            return spec.model_copy(update={"actions": tuple(actions)})
    return None


def _set(obj: ObjectSpec, key: str, value: str) -> ObjectSpec:
    if key == "kicked":
        return obj.model_copy(update={"kicked": value == "true"})
    choices = (*((k, v) for k, v in obj.choices if k != key), (key, value))
    return obj.model_copy(update={"choices": choices})


def _with_notes(answer: BoardAnswer, outcomes: list[tuple[_Given, CurrentView]]) -> BoardAnswer:
    """``answer`` with the outcomes named, and its 704.5f note settled when every outcome agrees."""
    shared = set.intersection(*(set(current.abilities) for _, current in outcomes))
    named = Explanation.of(
        msg(
            "What it is rests on what the board doesn't give: {outcomes}.",
            outcomes=semicolon_series([_outcome(given, current, shared) for given, current in outcomes]),
        ),
    )
    named = named.model_copy(update={"rules": _rules_of(answer)})
    notes = [note for note in answer.result.notes if not is_toughness_open(note)]
    notes.append(named)
    if len(notes) <= len(answer.result.notes):  # it had the note that 704.5f is open: settle it
        notes.append(_toughness_settled(outcomes))
    result = answer.result.model_copy(update={"notes": tuple(notes)})
    return answer.model_copy(update={"result": result})


def _toughness_settled(outcomes: list[tuple[_Given, CurrentView]]) -> Explanation:
    """704.5f over the outcomes: it applies in none of them, or in the ones named."""
    dying = [given for given, current in outcomes if _dies(current)]
    if not dying:
        return Explanation.of(
            msg(
                "In each of these outcomes its toughness is at least 1, so it isn't put into its owner's "
                "graveyard for having toughness 0 or less."
            ),
            ZERO_TOUGHNESS,
        )
    return Explanation.of(
        msg(
            "With {outcomes}, its toughness is 0 or less: it is put into its owner's graveyard the next time "
            "state-based actions are checked; otherwise it isn't.",
            outcomes=listing([_given_text(given) for given in dying], "or"),
        ),
        ZERO_TOUGHNESS,
    )


def _dies(current: CurrentView) -> bool:
    """Whether 704.5f puts it into the graveyard as it is in one outcome: a creature with toughness ≤ 0."""
    toughness = current.toughness
    return "Creature" in current.types and isinstance(toughness, int) and toughness <= 0


def _rules_of(answer: BoardAnswer) -> tuple[str, ...]:
    """The rules of the unknowns the outcomes decide."""
    deciding = [u for u in answer.result.unknowns if _PT & set(u.characteristics)]
    return tuple(dict.fromkeys(rule for u in deciding for rule in u.rules))


def _outcome(given: _Given, current: CurrentView, shared: set[str]) -> Message:
    gains = [ability for ability in current.abilities if ability not in shared]
    counters = [
        msg("{n} {kind} counter(s)", n=n, kind=kind) for kind, n in (current.counters or {}).items() if n
    ]
    extra: Param = ""
    if gains or counters:
        extra = msg(" ({what})", what=listing([*counters, *(f"“{a}”" for a in gains)]))
    return msg(
        "with {given}, {power}/{toughness}{extra}",
        given=_given_text(given),
        power=str(current.power),
        toughness=str(current.toughness),
        extra=extra,
    )


def _given_text(given: _Given) -> Param:
    return listing([_key_text(key, value) for key, value in given])


def _key_text(key: GivenBy, value: str) -> str:
    if key.key == "kicked":
        return f"kicked: {value}"
    return f"choices: {{{key.key}: {value}}} for {key.object_id}"
