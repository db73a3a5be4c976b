"""How long effects on a board last (CR 611.2a, 514.2): an effect or a copy effect the board ends, and the
cleanup step, which ends "until end of turn" and "this turn" effects."""

from __future__ import annotations

from engine.copy.effects import (
    COLOR_AND_ABILITIES,
    COPIABLE,
)
from engine.core.citations import Citation, cite
from engine.core.messages import Message, msg
from engine.core.messages import card as card_name
from engine.core.results import Explanation
from engine.layers.copiable import copiable_values
from engine.layers.described import effect_phrase
from engine.layers.numbers import CONTINUALLY_APPLIED
from engine.oracle.copy_effects import CopyDuration, copy_duration
from engine.oracle.wording import is_static_copy
from engine.state.actions import EndsAction
from engine.state.board import (
    AppliedCopy,
    Board,
    BoardError,
    Event,
    GameObject,
    Zone,
)

STATED_DURATION = cite("611.2a", "lasts as long as stated by the spell or ability creating it")
CLEANUP_ENDS = cite("514.2", "all “until end of turn” and “this turn” effects end")


def effect_ends(board: Board, event: Event, action: EndsAction) -> Board:
    """The object's ``action.effect``-th listed effect ends; the others keep their timestamps (CR 613.7)."""
    obj = board.get(event.object_id)
    listed = [effect for effect in obj.effects if effect.listed and not effect.spec.with_previous]
    number = action.effect or 0
    if not 1 <= number <= len(listed):
        raise BoardError(
            msg(
                "{card} has {count} listed effects; there is no effect {number} to end",
                card=card_name(obj.id),
                count=len(listed),
                number=number,
            )
        )
    ended = listed[number - 1]
    kept = tuple(e for e in obj.effects if not (e.listed and e.timestamp == ended.timestamp))
    explanation = Explanation.of(
        msg(
            "Its effect {number} ({effect}) ends; the layer system is applied again without it.",
            number=number,
            effect=effect_phrase(ended.spec),
        ),
        CONTINUALLY_APPLIED,
    )
    return board.replace(obj.model_copy(update={"effects": kept})).explain(obj.id, explanation)


def copy_effect_ends(board: Board, event: Event, action: EndsAction) -> Board:
    """``ends: {object, copy_effect: N}``: the Nth copy effect applied to the object ends, which only one
    with a stated duration can (Cytoshape's "until end of turn", Shapesharer's "until your next turn")."""
    obj = board.get(event.object_id)
    number = action.copy_effect or 0
    if not 1 <= number <= len(obj.copies):
        raise BoardError(
            msg(
                "{card} has {count} copy effects applied to it; there is no copy effect {number} to end",
                card=card_name(obj.id),
                count=len(obj.copies),
                number=number,
            )
        )
    ended = obj.copies[number - 1]
    text = ended.effect.text if ended.effect else ""
    if is_static_copy(text):
        raise BoardError(
            msg(
                "{card}'s copy effect {number} comes from {via}'s static ability: it applies as long as that "
                "ability does (CR 611.3a), so it can't end by itself; make {via} leave instead.",
                card=card_name(obj.id),
                number=number,
                via=card_name(ended.via),
            )
        )
    duration = copy_duration(ended.effect)
    if duration is None:
        raise BoardError(
            msg(
                "{card}'s copy effect {number} ({via}'s) states no duration, so it doesn't end while {card} "
                "stays on the battlefield (CR 611.2a); leaving, it becomes a new object (CR 400.7).",
                card=card_name(obj.id),
                number=number,
                via=card_name(ended.via),
            )
        )
    return _copies_end(board, obj, (ended,), msg("it lasts “{duration}”", duration=duration), STATED_DURATION)


def cleanup(board: Board) -> Board:
    """The cleanup step: copy effects lasting "until end of turn" end, and so do replacement effects
    waiting for "the next time … this turn" (CR 514.2); listed effects have no duration on a board."""
    for obj in board.in_zone(Zone.BATTLEFIELD):
        ending = tuple(a for a in obj.copies if copy_duration(a.effect) is CopyDuration.UNTIL_END_OF_TURN)
        if ending:
            board = _copies_end(board, obj, ending, msg("in the cleanup step"), CLEANUP_ENDS, STATED_DURATION)
        if any(effect.listed for effect in obj.effects):
            board = board.explain(
                obj.id,
                Explanation.of(
                    msg(
                        "The board gives no duration for its listed effects, so the cleanup step leaves "
                        "them; end those that last until end of turn with ends: {{object, effect}} before "
                        "cleanup."
                    ),
                    CLEANUP_ENDS,
                ),
                note=True,
            )
    for pending in board.pending_copies:
        board = board.explain(
            pending.of_id,
            Explanation.of(
                msg(
                    "{via}'s “the next time … enter this turn” effect hadn't applied; it ends in the cleanup "
                    "step, so nothing enters as a copy through it.",
                    via=card_name(pending.via),
                ),
                CLEANUP_ENDS,
            ),
        )
    return board.model_copy(update={"pending_copies": ()})


def _copies_end(
    board: Board, obj: GameObject, ended: tuple[AppliedCopy, ...], why: Message, *rules: Citation
) -> Board:
    """``obj`` without the copy effects ``ended``; the layer system then gives it its own copiable values
    again, or those of a copy effect still applying to it (CR 707.2, 613.2)."""
    kept = tuple(applied for applied in obj.copies if applied not in ended)
    obj = obj.model_copy(update={"copies": kept})
    values = copiable_values(obj)
    name = card_name(values.name) if values.name else msg("a nameless face-down 2/2")
    again = (
        msg("those of {original}, which it still copies", original=card_name(kept[-1].of_id))
        if kept
        else msg("its own again ({name})", name=name)
    )
    for applied in ended:
        board = board.explain(
            obj.id,
            Explanation.of(
                msg(
                    "{via}'s copy effect ends ({why}): {object} is no longer a copy of {original}. The layer "
                    "system is applied again without it, so its copiable values are {again} — name, mana "
                    "cost, color indicator, types, rules text, power, toughness and loyalty — and with them "
                    "its color and abilities.",
                    via=card_name(applied.via),
                    why=why,
                    object=card_name(obj.id),
                    original=card_name(applied.of_id),
                    again=again,
                ),
                *rules,
                COPIABLE,
                COLOR_AND_ABILITIES,
                CONTINUALLY_APPLIED,
            ),
        )
    return board.replace(obj)
