"""Ixidron's "As ~ enters, turn all other nontoken creatures face down." applied as it enters (CR 614.1c):
every other nontoken creature on the battlefield becomes a face-down 2/2 with no text, no name, no subtypes
and no mana cost, whose copiable values those are (708.2, the Ixidron rulings); one already face down stays
as it is (708.2b) and a double-faced one can't be turned face down (712.16). There is never a moment when
the entering permanent is on the battlefield and they are face up, so what counts face-down creatures
counts them. A permanent that may or may not be a creature leaves that count unknown."""

from __future__ import annotations

from engine.actions.faces import cannot_turn_face_down
from engine.core.characteristics import FACE_DOWN_RULE, GameAbility
from engine.core.citations import cite
from engine.core.known import Unsure, explained, is_false, unsure_of
from engine.core.messages import card, listing, msg
from engine.core.results import Explanation, Unknown
from engine.layers.system import current_characteristics
from engine.oracle.abilities import ENTERS_REPLACEMENT
from engine.oracle.entering import turns_others_face_down
from engine.oracle.wording import ALL_CHARACTERISTICS
from engine.state.board import Board, FaceDownKind, GameObject, Zone

TURNED_TIMESTAMP = cite("613.7f", "receives a new timestamp each time it turns face up or face down")


def turn_others_face_down(
    board: Board, obj: GameObject, abilities: tuple[GameAbility, ...], timestamp: int, *, listed: bool
) -> tuple[Board, GameObject]:
    """The board after ``obj``'s "turn all other nontoken creatures face down" as it enters, and ``obj``;
    a permanent the board lists as it is now did that before, and the board lists the others as they are."""
    ability = next((a for a in abilities if turns_others_face_down(a)), None)
    if ability is None:
        return board, obj
    if listed:
        return board.explain(obj.id, _listed_note(ability), note=True), obj
    turned: list[str] = []
    unsure: list[tuple[GameObject, Unsure]] = []
    for other in board.in_zone(Zone.BATTLEFIELD):
        if other.id == obj.id or other.token:
            continue
        creature = current_characteristics(other, board).is_a("Creature")
        if isinstance(creature, Unsure):
            unsure.append((other, creature))
        elif not is_false(creature) and not other.face_down and cannot_turn_face_down(other) is None:
            board = _turned(board, other, obj, timestamp)
            turned.append(other.id)
    board = board.explain(obj.id, _step(ability, turned))
    for other, why in unsure:
        board, obj = _maybe_turned(board, obj, other, why)
    return board, obj


def _listed_note(ability: GameAbility) -> Explanation:
    return Explanation.of(
        msg(
            "“{ability}” applied as it entered; the board lists the other permanents as they are now, so it "
            "gives which of them are face down.",
            ability=ability.text,
        ),
        ENTERS_REPLACEMENT,
    )


def _turned(board: Board, other: GameObject, source: GameObject, timestamp: int) -> Board:
    board = board.replace(other.model_copy(update={"face_down": FaceDownKind.PLAIN, "timestamp": timestamp}))
    return board.explain(
        other.id,
        Explanation.of(
            msg(
                "As {source} enters, it is turned face down: a 2/2 face-down creature with no text, no name, "
                "no subtypes and no mana cost, and those are its copiable values.",
                source=card(source.id),
            ),
            ENTERS_REPLACEMENT,
            FACE_DOWN_RULE,
            TURNED_TIMESTAMP,
        ),
    )


def _step(ability: GameAbility, turned: list[str]) -> Explanation:
    if not turned:
        return Explanation.of(
            msg(
                "“{ability}” applies as it enters: there is no other nontoken creature to turn face down.",
                ability=ability.text,
            ),
            ENTERS_REPLACEMENT,
        )
    return Explanation.of(
        msg(
            "“{ability}” applies as it enters: {turned} are turned face down as it enters, so there is "
            "never a moment when it is on the battlefield and they are face up.",
            ability=ability.text,
            turned=listing([card(handle) for handle in turned]),
        ),
        ENTERS_REPLACEMENT,
        FACE_DOWN_RULE,
    )


def _maybe_turned(board: Board, obj: GameObject, other: GameObject, why: Unsure) -> tuple[Board, GameObject]:
    """Whether ``other`` is a creature isn't known: whether it was turned face down isn't, nor what it is,
    nor what the entering permanent counts."""
    reason = msg(
        "whether {other} is a creature, and so whether it was turned face down as {source} entered, isn't "
        "known ({reason})",
        other=card(other.id),
        source=card(obj.id),
        reason=why.reason,
    )
    note = explained(
        msg(
            "Whether {other} is turned face down is unknown, because {reason}: if it is a creature, it "
            "becomes a face-down 2/2; otherwise it stays as it is.",
            other=card(other.id),
            reason=why.reason,
        ),
        unsure_of(why),
        ENTERS_REPLACEMENT,
    )
    unknown = Unknown.of(("power", "toughness"), reason, ENTERS_REPLACEMENT)
    board = board.replace(other.with_unknowns(Unknown.of(ALL_CHARACTERISTICS, reason, ENTERS_REPLACEMENT)))
    return board.explain(obj.id, note, note=True), obj.with_unknowns(unknown)
