"""A Class's level as a board gives it, checked against the level bars its card prints (CR 716.2a)."""

from __future__ import annotations

from engine.core.citations import cite
from engine.core.messages import card as card_name
from engine.core.messages import msg
from engine.core.model import AbilityKind, Card
from engine.state.board import BoardError, ObjectSpec

LEVEL_BARS = cite("716.2a", "This Class’s level becomes N. Activate only if this Class is level N-1")

__all__ = ["LEVEL_BARS", "checked_class_level"]


def checked_class_level(spec: ObjectSpec, card: Card | None) -> int:
    """The board's ``level`` for ``spec``: a Class becomes level N only through its "Level N" bar, when it is
    level N-1 (716.2a), so it has only the levels its bars show; a higher one is refused, naming the line.

    A copy or a face-down permanent is left as given: its levels are the copied or hidden text's, not its
    card's."""
    level = spec.class_level
    if card is None or level <= 1 or spec.copy_of is not None or spec.face_down is not None:
        return level
    bars = [a.level for a in card.front.abilities if a.kind is AbilityKind.CLASS_LEVEL and a.level]
    highest = max(bars, default=1)
    if level <= highest:
        return level
    problem = (
        msg(
            "{handle}: {card} has no level {level}; its level bars go up to level {highest} (CR 716.2a)",
            handle=card_name(spec.id),
            card=card_name(card.name),
            level=level,
            highest=highest,
        )
        if bars
        else msg(
            "{handle}: {card} isn't a Class, so it has no level {level} (only a Class has levels, CR 716.2a)",
            handle=card_name(spec.id),
            card=card_name(card.name),
            level=level,
        )
    )
    raise BoardError(msg("line {line}: {problem}", line=spec.line, problem=problem) if spec.line else problem)
