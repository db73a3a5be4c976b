"""Kicker on the battlefield (CR 702.33, 607.2i): a board's ``kicked`` checked against the permanent's
card, what a kicker cost the board doesn't name leaves unknown, and why copied kicker text doesn't apply."""

from __future__ import annotations

from engine.core.characteristics import GameAbility
from engine.core.citations import cite
from engine.core.messages import Param, msg, series
from engine.core.messages import card as card_name
from engine.core.model import Card
from engine.core.results import Explanation, GivenBy
from engine.layers.notes import unknown_note
from engine.oracle.entering import entering_abilities, enters_with_abilities, enters_with_counters
from engine.oracle.kicker import (
    KICKED_TIMES,
    KICKER,
    Kicked,
    KickedRefused,
    checked_kicked,
    kicked_with,
    kicker_of,
    was_kicked,
)
from engine.oracle.spell_text import ConditionKind, cast_conditions
from engine.state.board import Board, BoardError, GameObject, ObjectSpec

KICKED = ("true", "false")  # the values of ``kicked:`` that decide a single kicker
KICKER_EACH = cite("702.33f", "abilities that each correspond to a specific kicker cost")
KICKER_LINKED = cite("607.2i", "was declared as the object was cast as a spell")
KICKER_ABILITIES = cite("702.33e", "linked to the kicker or multikicker abilities printed on that object")


def object_kicked(spec: ObjectSpec, card: Card | None) -> Kicked:
    """The board's ``kicked`` for an object, checked against its own card's kicker (CR 702.33a, 702.33d):
    a card without kicker can't have been kicked, nor with a cost it doesn't have. A token wasn't cast, so
    it wasn't kicked unless the board says (a copy of a kicked spell that resolved, 707.10f)."""
    if spec.kicked is None and (card is None or spec.token):
        return False
    if card is None:
        return spec.kicked
    try:
        return checked_kicked(card.front.name, kicker_of(card.front.abilities), spec.kicked)
    except KickedRefused as refused:
        raise BoardError(msg("{handle}: {why}", handle=card_name(spec.id), why=refused.message)) from None


def kicker_notes(
    board: Board, obj: GameObject, abilities: tuple[GameAbility, ...]
) -> tuple[Board, GameObject]:
    """As ``obj`` enters: a copy's copied "if ~ was kicked" text doesn't apply (607.2i), and what the
    abilities of a kicker cost the board doesn't name would give it is unknown (702.33f)."""
    return _undecided_kicker(_copied_kicker_note(board, obj, abilities), obj, abilities)


def _undecided_kicker(
    board: Board, obj: GameObject, abilities: tuple[GameAbility, ...]
) -> tuple[Board, GameObject]:
    """Kicked, with kicker costs each with its own "enters with" ability, and the board doesn't say which
    were paid: what they give is unknown (CR 702.33d, 702.33f), never guessed; none of them is applied.
    Its triggered abilities of one cost are the enters triggers' notes (603.4)."""
    kicker, kicked = kicker_of(abilities), obj.kicked_text
    if kicked is None:
        return _kicked_not_given(board, obj, abilities)
    costs = [cost for cost in _conditioned_costs(abilities) if kicked_with(kicker, kicked, cost) is None]
    replacing = [a for a in abilities if enters_with_counters(a) and _names_cost(a, costs)]
    if not replacing:
        return board, obj
    reason = msg(
        "it was kicked but the board doesn't say with which of its kicker costs ({costs}); each gives it "
        'different counters and abilities (kicked: ["{cost}"] names the costs paid)',
        costs=_and_or(sorted(set(costs), key=costs.index)),
        cost=costs[0],
    )
    note, unknown = unknown_note(_given_by(replacing), reason, KICKED_TIMES, KICKER_EACH)
    obj = obj.model_copy(update={"kicked": False, "unknowns": (*obj.unknowns, unknown)})
    return board.explain(obj.id, note, note=True), obj


def _kicked_not_given(
    board: Board, obj: GameObject, abilities: tuple[GameAbility, ...]
) -> tuple[Board, GameObject]:
    """Cast with kicker, and the board doesn't say whether it was kicked: what its "if ~ was kicked, it
    enters with" abilities give is unknown, with both outcomes (CR 702.33a, 614.1c); none is applied."""
    replacing = [a for a in abilities if enters_with_counters(a) and _kicker_conditioned(a)]
    if not replacing:
        return board, obj
    reason = msg(
        "the board doesn't say whether it was kicked (kicked: true or false says): kicked, {texts} "
        "applies; not kicked, it doesn't",
        texts=series(tuple(f"“{a.text}”" for a in replacing)),
    )
    note, unknown = unknown_note(_given_by(replacing), reason, KICKER)
    # Kicked, it gains only what those abilities give ("… and with trample"): nothing else is open.
    gained = entering_abilities(abilities, kicked=True)
    unknown = unknown.model_copy(
        update={"given_by": (GivenBy(object_id=obj.id, key="kicked", values=KICKED),), "may_add": gained}
    )
    return board.explain(obj.id, note, note=True), obj.with_unknowns(unknown)


def _given_by(replacing: list[GameAbility]) -> tuple[str, ...]:
    """What "enters with" abilities not known to apply leave unknown: counters, P/T, and the abilities
    one of them gives ("… and with trample")."""
    gives_abilities = any(enters_with_abilities(a) for a in replacing)
    return ("counters", "power", "toughness", *(("abilities",) if gives_abilities else ()))


def _kicker_conditioned(ability: GameAbility) -> bool:
    """Whether ``ability`` applies only if it was kicked ("If ~ was kicked, it enters with …")."""
    return any(c.kind is ConditionKind.KICKED for c in cast_conditions(ability.rules_text))


def _conditioned_costs(abilities: tuple[GameAbility, ...]) -> list[str]:
    """The kicker costs that abilities of ``abilities`` each correspond to ("if it was kicked with its {W}
    kicker", CR 702.33f), as often as they are named."""
    return [
        c.needs
        for a in abilities
        for c in cast_conditions(a.rules_text)
        if c.kind is ConditionKind.KICKED and c.needs
    ]


def _names_cost(ability: GameAbility, costs: list[str]) -> bool:
    return any(
        c.needs in costs for c in cast_conditions(ability.rules_text) if c.kind is ConditionKind.KICKED
    )


def _and_or(items: list[str]) -> Param:
    """``items`` joined with "and/or": "{1}{R} and/or {2}{U}"."""
    if len(items) < 2:
        return items[0]
    return msg("{first} and/or {rest}", first=items[0], rest=_and_or(items[1:]))


def _copied_kicker_note(board: Board, obj: GameObject, abilities: tuple[GameAbility, ...]) -> Board:
    """A kicked permanent entering as a copy: the copied "if ~ was kicked" abilities don't apply."""
    copied = [a.text for a in abilities if "was kicked" in a.rules_text]
    if obj.kicked_text is not None and not was_kicked(obj.kicked):
        return _not_kicked_note(board, obj, abilities)
    if not (was_kicked(obj.kicked) and obj.copies and copied):
        return board
    return board.explain(
        obj.id,
        Explanation.of(
            msg(
                "It was kicked, but not with the kicker of the text it copied: “{ability}” refers only to "
                "the kicker printed with it, paid as that object was cast, so it doesn't apply.",
                ability=copied[0],
            ),
            KICKER_LINKED,
            KICKER_ABILITIES,
        ),
    )


def _not_kicked_note(board: Board, obj: GameObject, abilities: tuple[GameAbility, ...]) -> Board:
    """It wasn't kicked: its "if ~ was kicked, it enters with" abilities don't apply, said with why (a copy
    or a token wasn't cast with that kicker, 607.2i; a card put onto the battlefield wasn't cast)."""
    replacing = [a.text for a in abilities if enters_with_counters(a) and _kicker_conditioned(a)]
    if not replacing:
        return board
    why = (
        msg("it entered as a copy, which wasn't cast with the kicker its copied text refers to")
        if obj.copies
        else msg("it is a token, which wasn't cast")
        if obj.token
        else msg("it wasn't kicked as it was cast, or it wasn't cast")
    )
    return board.explain(
        obj.id,
        Explanation.of(
            msg("It wasn't kicked ({why}), so “{ability}” doesn't apply.", why=why, ability=replacing[0]),
            KICKER_LINKED,
            KICKER_ABILITIES,
        ),
    )
