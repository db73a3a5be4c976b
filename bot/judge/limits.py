"""The input limits of every question, in one table shared by the CLI and Discord.

Every bound is checked before any work starts, with a message that says the limit and never echoes
an unbounded piece of the input. The README's "Input limits" table lists these values.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from bot.judge.errors import InvalidQuestion
from data.board_format import MAX_ACTIONS, MAX_OBJECTS, MAX_TEXT
from data.cards.names import MAX_NAME_LENGTH
from data.excerpts import excerpt as _excerpt
from engine import MAX_OUTCOMES, MAX_WORK, Message, QuestionBudget, msg

if TYPE_CHECKING:
    from engine import FaceDownKind, OriginalState

_COUNTER = re.compile(r"^\s*(?P<kind>[^=]+?)\s*=\s*(?P<n>\d{1,4})\s*$")
_PT = re.compile(r"^\s*(?P<p>[+-]?\d{1,3})\s*/\s*(?P<t>[+-]?\d{1,3})\s*$")


class Limits(BaseModel):
    """How large each part of a question may be."""

    model_config = ConfigDict(frozen=True)

    card_name: int = MAX_NAME_LENGTH  # characters of a card name
    cards_per_question: int = 5  # names in one linked-abilities question
    board_text: int = MAX_TEXT  # characters of a board (YAML or JSON)
    board_objects: int = MAX_OBJECTS  # objects on a board
    board_actions: int = MAX_ACTIONS  # actions on a board
    graveyard_cards: int = 30  # cards named for the graveyards of a copy question
    counter_kinds: int = 10  # kinds of counters on the original
    counters_each: int = 9_999  # counters of one kind
    choices: int = 5  # "as enters" choices given
    choice_text: int = 100  # characters of one choice or counter entry
    pump: int = 999  # the largest +N of a pump, either sign
    x: int = 1_000  # the largest X
    rules_query: int = 200  # characters of a rule number, glossary term or search
    search_results: int = 50  # results of one rules search
    autocomplete_text: int = 100  # characters of the text being completed
    autocomplete_results: int = 25  # choices offered (Discord's own limit)
    work_steps: int = MAX_WORK  # units of engine work one board or copy question may do
    choice_outcomes: int = MAX_OUTCOMES  # outcomes of one choice (orders of replacement effects) listed

    board_seconds: float = 10.0  # CPU seconds each step of a board (reading, answering) may take in the bot


LIMITS = Limits()


def question_budget() -> QuestionBudget:
    """A new work budget for one question, within ``work_steps`` and ``choice_outcomes``."""
    return QuestionBudget(limit=LIMITS.work_steps, outcomes=LIMITS.choice_outcomes)


def checked_text(text: str, limit: int, *, empty: str | Message, too_long: str | Message) -> str:
    """``text`` stripped; InvalidQuestion(``empty``) when blank, InvalidQuestion(``too_long``) when
    longer than ``limit`` characters."""
    stripped = text.strip()
    if not stripped:
        raise InvalidQuestion(empty)
    if len(stripped) > limit:
        raise InvalidQuestion(too_long)
    return stripped


def checked_names(names: Sequence[str]) -> list[str]:
    """The names of a linked-abilities question: at least one, at most ``cards_per_question``, none blank."""
    cleaned = [name.strip() for name in names]
    if not cleaned or any(not name for name in cleaned):
        raise InvalidQuestion(msg("Give at least one card name (and no empty names)."))
    if len(cleaned) > LIMITS.cards_per_question:
        raise InvalidQuestion(
            msg(
                "Ask about at most {limit} cards at once (got {count}).",
                limit=LIMITS.cards_per_question,
                count=len(cleaned),
            )
        )
    return cleaned


def checked_copy_names(names: Sequence[str]) -> list[str]:
    """The copier's, the original's (and a target's) names: none blank, none too long."""
    cleaned = [name.strip() for name in names]
    if any(not name for name in cleaned):
        raise InvalidQuestion(msg("give the copier's and the original's card names (not empty)"))
    if any(len(name) > LIMITS.card_name for name in cleaned):
        raise InvalidQuestion(msg("a card name is at most {limit} characters", limit=LIMITS.card_name))
    return cleaned


def parse_counters(text: str, option: str = "--counters") -> tuple[tuple[str, int], ...]:
    """``'+1/+1=3, fade=1'`` as ``(("+1/+1", 3), ("fade", 1))``, within the counter limits."""
    found: list[tuple[str, int]] = []
    for part in filter(str.strip, text.split(",")):
        match = _COUNTER.match(part)
        if match is None or len(part) > LIMITS.choice_text:
            raise InvalidQuestion(
                msg(
                    "{option} takes KIND=N pairs like {example} (got {value})",
                    option=option,
                    example="'+1/+1=3'",
                    value=_excerpt(part),
                )
            )
        found.append((match["kind"], int(match["n"])))
    if len(found) > LIMITS.counter_kinds:
        raise InvalidQuestion(too_many_counter_kinds(option))
    return tuple(found)


def parse_choices(text: str, option: str) -> tuple[tuple[str, str], ...]:
    """``'option=3, creature type=Elf'`` as key/value pairs, within the choice limits."""
    found: list[tuple[str, str]] = []
    for part in filter(str.strip, text.split(",")):
        key, _, value = part.partition("=")
        if not key.strip() or not value.strip() or len(part) > LIMITS.choice_text:
            raise InvalidQuestion(
                msg(
                    "{option} takes KEY=VALUE pairs like {example} (got {value})",
                    option=option,
                    example="'option=3'",
                    value=_excerpt(part),
                )
            )
        found.append((key.strip(), value.strip()))
    if len(found) > LIMITS.choices:
        raise InvalidQuestion(
            msg("{option} takes at most {limit} choices", option=option, limit=LIMITS.choices)
        )
    return tuple(found)


def parse_pump(text: str, option: str = "--pump") -> tuple[int, int] | None:
    """``'2/2'`` as ``(2, 2)``; None when blank."""
    if not text.strip():
        return None
    match = _PT.match(text)
    if match is None:
        raise InvalidQuestion(
            msg(
                "{option} takes P/T like {example} (got {value})",
                option=option,
                example="'2/2'",
                value=_excerpt(text),
            )
        )
    return int(match["p"]), int(match["t"])


def parse_graveyard(text: str, option: str = "--graveyard") -> tuple[str, ...]:
    """``'Lightning Bolt, Forest'`` as card names, at most ``graveyard_cards``."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if len(names) > LIMITS.graveyard_cards:
        raise InvalidQuestion(too_many_graveyard_cards(option))
    return names


def too_many_graveyard_cards(option: str = "--graveyard") -> Message:
    """The message of more graveyard cards than ``graveyard_cards``."""
    return msg("{option} takes at most {limit} cards", option=option, limit=LIMITS.graveyard_cards)


def too_many_counter_kinds(option: str = "--counters") -> Message:
    """The message of more kinds of counters than ``counter_kinds``."""
    return msg("{option} takes at most {limit} kinds of counters", option=option, limit=LIMITS.counter_kinds)


def checked_x(x: int | None, option: str = "--x") -> int | None:
    """``x`` when it is between 0 and the X limit (None: not given)."""
    if x is not None and not 0 <= x <= LIMITS.x:
        raise InvalidQuestion(msg("{option} is between 0 and {limit}", option=option, limit=LIMITS.x))
    return x


def original_state(
    *,
    counters: str = "",
    tapped: bool = False,
    flipped: bool = False,
    transformed: bool = False,
    face_down: str | None = None,
    pump: str = "",
    animated: bool = False,
    graveyard: str = "",
    choices: str = "",
    new_choices: str = "",
    x: int | None = None,
    option_prefix: str = "--",
) -> OriginalState:
    """The state of a copy question's original from the options as typed (the CLI's flags or the
    Discord command's options, named with ``option_prefix``), every part within its limit."""

    from engine import OriginalState  # here: the engine loads only for questions that need it

    def named(option: str) -> str:
        return option_prefix + option

    return OriginalState(
        counters=parse_counters(counters, named("counters")),
        tapped=tapped,
        flipped=flipped,
        transformed=transformed,
        face_down=_face_down(face_down, named("face-down")),
        pump=parse_pump(pump, named("pump")),
        animated=animated,
        graveyard=parse_graveyard(graveyard, named("graveyard")),
        choices=parse_choices(choices, named("choice")),
        new_choices=parse_choices(new_choices, named("new-choice")),
        copier_x=checked_x(x, named("x")),
    )


def _face_down(kind: str | None, option: str) -> FaceDownKind | None:
    from engine import FaceDownKind

    if kind is None:
        return None
    try:
        return FaceDownKind(kind.strip().lower())
    except ValueError:
        kinds = ", ".join(kind.value for kind in FaceDownKind)
        raise InvalidQuestion(
            msg("{option} is one of {kinds} (got {value})", option=option, kinds=kinds, value=_excerpt(kind))
        ) from None
