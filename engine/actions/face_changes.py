"""Turning a permanent face up or face down, and transforming it, as board actions (CR 708.8, 708.2b,
701.28): the face-down status and its copiable values, and the timestamp turning face up gives."""

from __future__ import annotations

from engine.actions.as_enters import (
    pt_setting,
)
from engine.actions.faces import (
    cannot_turn_face_down,
    no_special_action,
    stays_face_down,
    transform,
    turned_up_front_face,
)
from engine.core.characteristics import FACE_DOWN_RULE
from engine.core.citations import cite
from engine.core.messages import card as card_name
from engine.core.messages import msg
from engine.core.results import Explanation
from engine.layers.copiable import copiable_values, layer_one_text
from engine.state.board import (
    Board,
    Event,
    FaceDownKind,
)

ALREADY_FACE_DOWN = cite("708.2b", "A face-down permanent can’t be turned face-down")
FACE_UP_TIMESTAMP = cite(
    "613.7f", "A permanent receives a new timestamp each time it turns face up or face down"
)
NO_MORPH_COST = cite(
    "702.37e",
    "If the permanent wouldn’t have a morph cost if it were face up, it can’t be turned face up this way",
)
TURNED_FACE_UP = cite("708.8", "its copiable values revert to its normal copiable values")


def turn_face_up(board: Board, event: Event) -> Board:
    """A ``turn_face_up`` action: its copiable values revert to its own (CR 708.8), or the board says why
    nothing happens."""
    obj = board.get(event.object_id)
    if not obj.face_down:
        return board.explain(
            obj.id, Explanation.of(msg("It is already face up; nothing happens."), TURNED_FACE_UP), note=True
        )
    stays = stays_face_down(obj)
    if stays is not None:
        return board.explain(obj.id, stays)
    kind, effect_only = obj.face_down, no_special_action(obj)
    obj = obj.model_copy(update={"face_down": None, "timestamp": event.timestamp})
    obj, front_face = turned_up_front_face(obj)
    turning = {FaceDownKind.MORPH: ("Morph", "Megamorph"), FaceDownKind.DISGUISE: ("Disguise",)}.get(kind, ())
    if turning and not any(a.keyword in turning for a in layer_one_text(obj).main.abilities):
        board = board.explain(
            obj.id,
            Explanation.of(
                msg(
                    "Face up it would have no {keyword} cost, so its controller couldn't turn it face up as "
                    "a special action; only an effect that turns it face up can.",
                    keyword=turning[0].lower(),
                ),
                NO_MORPH_COST,
            ),
            note=True,
        )
    board = board.explain(
        obj.id,
        Explanation.of(
            msg(
                "It is turned face up: its copiable values revert to its normal ones — {name}{copied} — and "
                "effects already applied to it still apply. Abilities about entering the battlefield don't "
                "trigger.",
                name=card_name(copiable_values(obj).name or ""),
                copied=msg(" (the values it copied)") if obj.copies else "",
            ),
            TURNED_FACE_UP,
            FACE_UP_TIMESTAMP,
        ),
    )
    if front_face is not None:
        board = board.explain(obj.id, front_face)
    if effect_only is not None:
        board = board.explain(obj.id, effect_only, note=True)
    board, obj = pt_setting(
        board, obj, layer_one_text(obj).main.abilities, event.timestamp, turned_face_up=True
    )
    return board.replace(obj)


def turn_face_down(board: Board, event: Event) -> Board:
    """A ``turn_face_down`` action: it becomes a face-down 2/2 (CR 708.2), unless it is one (708.2b)."""
    obj = board.get(event.object_id)
    if obj.face_down:
        return board.explain(
            obj.id,
            Explanation.of(
                msg(
                    "It is already face down, so turning it face down does nothing: its characteristics and "
                    "copiable values don't change."
                ),
                ALREADY_FACE_DOWN,
            ),
        )
    double_faced = cannot_turn_face_down(obj)
    if double_faced is not None:
        return board.explain(obj.id, double_faced)
    obj = obj.model_copy(update={"face_down": FaceDownKind.PLAIN, "timestamp": event.timestamp})
    board = board.explain(
        obj.id,
        Explanation.of(
            msg(
                "It is turned face down by an effect that lists no characteristics: it is a 2/2 face-down "
                "creature with no text, no name, no subtypes and no mana cost, and those are its copiable "
                "values. Effects already applied to it still apply."
            ),
            FACE_DOWN_RULE,
            FACE_UP_TIMESTAMP,
        ),
    )
    return board.replace(obj)


def transform_event(board: Board, event: Event) -> Board:
    """A ``transform`` action: the permanent transforms, or the board says why it doesn't (CR 701.28)."""
    return transform(board, event.object_id, event.timestamp)
