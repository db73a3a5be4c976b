"""A Case's solved designation as the board gives it (CR 719.3b): its own entry's ``solved``, never copied.

A permanent is solved only once its "To solve" ability has resolved (719.3a) and stays solved until it leaves
the battlefield (719.3b), so an object that became a new object during the board's actions (entered, was
created, returned) isn't solved, and neither is one that entered as a copy there: the designation isn't part
of the copiable values (719.3b). A Case the board lists without ``solved`` may or may not be, a copy of one
too (its copied "To solve" ability may have resolved since it entered): unknown.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.citations import Citation, cite
from engine.state.actions import EntersAction
from engine.state.board import Board, GameObject, became_object_at

SOLVED_DESIGNATION = cite("719.3b", "Solved is a designation a permanent can have.")
NOT_COPIABLE = cite("719.3b", "neither an ability nor part of the permanent’s copiable values")
STAYS_SOLVED = cite("719.3b", "it stays solved until it leaves the battlefield")
SOLVED_FUNCTIONS = cite("719.3c", "If a Case has the solved designation, “Solved — [Ability text]”")
BECOMES_SOLVED = cite("719.3a", "this Case becomes solved")

__all__ = [
    "BECOMES_SOLVED",
    "NOT_COPIABLE",
    "SOLVED_DESIGNATION",
    "SOLVED_FUNCTIONS",
    "STAYS_SOLVED",
    "Solved",
    "SolvedWhy",
    "solved_status",
]


class SolvedWhy(StrEnum):
    """Where an object's solved status comes from."""

    GIVEN = "given"  # its own entry says (``solved: true`` or ``false``)
    COPY = "copy"  # it entered as a copy and its entry doesn't say: the designation isn't copied
    NEW = "new"  # it became a new object during the board's actions: none has resolved its "To solve" yet
    NOT_GIVEN = "not given"  # a listed permanent the board doesn't say about


@dataclass(frozen=True)
class Solved:
    """Whether an object is solved (None: unknown), and why."""

    solved: bool | None
    why: SolvedWhy

    @property
    def rules(self) -> tuple[Citation, ...]:
        """The rules that say so."""
        if self.why is SolvedWhy.COPY:
            return (NOT_COPIABLE, SOLVED_FUNCTIONS)
        if self.why is SolvedWhy.NEW:
            return (BECOMES_SOLVED, STAYS_SOLVED, SOLVED_FUNCTIONS)
        return (SOLVED_DESIGNATION, SOLVED_FUNCTIONS)


def solved_status(board: Board, obj: GameObject) -> Solved:
    """Whether ``obj`` is solved (CR 719.3b): what its own board entry says, when that entry describes the
    object it is now (it hasn't changed zones since, CR 400.7); else not solved if it entered as a copy or
    during the board's actions, and unknown for a listed permanent whose entry doesn't say."""
    since = became_object_at(board, obj)
    entering = next(
        (
            e.action
            for e in reversed(board.events)
            if isinstance(e.action, EntersAction) and e.object_id == obj.id and e.timestamp >= since
        ),
        None,
    )
    if entering is None:
        return Solved(False, SolvedWhy.NEW)
    entry = entering.entering
    if entry.solved is not None:
        return Solved(entry.solved, SolvedWhy.GIVEN)
    if entering.listed:  # a copy too: it has the "To solve" ability it copied, and may have become solved
        return Solved(None, SolvedWhy.NOT_GIVEN)
    if entry.copy_of is not None or (obj.copies and obj.copies[0].timestamp == obj.timestamp):
        return Solved(False, SolvedWhy.COPY)
    return Solved(False, SolvedWhy.NEW)
