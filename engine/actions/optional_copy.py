"""An optional "You may have ~ enter as a copy of any creature" (Clone; CR 707.5) that the board doesn't
settle: whether its controller had it enter as a copy is asked, never assumed (issue 21). ``copy_of`` says
it did and of which; ``choices: {may: not done}`` that it didn't; neither leaves every characteristic it
enters with unknown, both outcomes named."""

from __future__ import annotations

from engine.actions.standing_copies import ENTERS_AS_COPY
from engine.core.messages import card as card_name
from engine.core.messages import msg
from engine.core.results import Unknown
from engine.layers.copiable import copiable_values
from engine.layers.notes import unknown_note
from engine.oracle.entering import MAY_KEY, may_enter_as_copy
from engine.oracle.wording import ALL_CHARACTERISTICS
from engine.state.board import Board, BoardError, GameObject, ObjectSpec


def optional_copy_not_given(board: Board, obj: GameObject, spec: ObjectSpec) -> tuple[Board, GameObject]:
    """``obj`` entering with an optional "enter as a copy" ability of its own: as the board settles it, or
    unknown with both outcomes named when the board doesn't say (CR 707.5)."""
    ability = may_enter_as_copy(copiable_values(obj).abilities) if not obj.copies else None
    if ability is None or spec.copy_of:
        return board, obj
    given = obj.choices.get(MAY_KEY, "").strip().casefold()
    if given == "not done":
        return board, obj
    if given == "done":
        raise BoardError(
            msg(
                "{object}: choices: {{may: done}} says it entered as a copy; copy_of names of what",
                object=card_name(obj.id),
            )
        )
    reason = msg(
        "“{ability}” is optional and the board doesn't say what its controller did (copy_of: handle names "
        "what it copied; choices: {{may: not done}} says it didn't): as a copy, it has that object's "
        "copiable values; otherwise it enters as {card}",
        ability=ability.text,
        card=card_name(copiable_values(obj).name or obj.id),
    )
    note, unknown = unknown_note(ALL_CHARACTERISTICS, reason, ENTERS_AS_COPY)
    copied: Unknown = unknown.model_copy(update={"copiable": True})  # what it copied is copiable (707.2)
    return board.explain(obj.id, note, note=True), obj.with_unknowns(copied)
