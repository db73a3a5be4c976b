"""What a board records about zone changes: each move of a permanent or its cards, and what triggered.

Kept apart from :mod:`engine.actions.zones` (which changes the board) so :mod:`engine.state.board` can hold
these records without an import cycle. Both are frozen and serialise as they are in the answer's JSON.
"""

from __future__ import annotations

from engine.core.model import Frozen
from engine.core.results import Explanation


class ZoneMove(Frozen):
    """One zone change: an object (a permanent, or the cards it became) moving from one zone to another.

    ``objects_moved`` and ``cards_moved`` differ for a melded permanent (1 and 2) and a token (1 and 0),
    CR 712.21e. ``to`` is None when the move waits for a player's choice among ``options`` (CR 616.1).
    """

    object: str
    name: str | None
    from_zone: str
    to: str | None
    cards: tuple[str, ...]
    new_ids: tuple[str, ...]
    objects_moved: int
    cards_moved: int
    replacement: str | None = None  # the handle of the replacement effect's source that applied
    options: tuple[str, ...] = ()  # the replacement effects to choose from, when no choice was given
    steps: tuple[Explanation, ...] = ()
    rules: tuple[str, ...] = ()  # every rule the steps cite


class TriggerHit(Frozen):
    """A triggered ability of a board object that a zone change triggered, and how many times (CR 603.2c)."""

    source: str
    source_name: str | None
    ability: str
    event: str  # the handle of the object whose move triggered it
    times: int | None  # None: whether it triggers isn't known (the explanation says why)
    explanation: Explanation
