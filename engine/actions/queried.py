"""The object a board's ``query`` names, found on the board the actions built (CR 400.7, 111.7, 111.8).

A permanent that left the battlefield is answered by the card it became (400.7); a token that left has
ceased to exist (111.7, 111.8), so it is answered by its last known information: the token as it last
existed on the battlefield, on the board as it was then (608.2h). A handle that no object ever had (a
token an action would have created but didn't, 111.5, 111.12) is an error naming the query's line.
"""

from __future__ import annotations

from engine.copy.last_known import TOKEN_GONE, ZONE_NAMES
from engine.core.citations import cite
from engine.core.messages import Message, msg
from engine.core.messages import card as card_name
from engine.core.model import Frozen
from engine.core.results import Explanation
from engine.state.actions import CreatingAction
from engine.state.board import Board, BoardError, GameObject, GoneToken, LogEntry

TOKEN_CANT_MOVE = cite("111.8", "It ceases to exist the next time state-based actions are checked")
LAST_KNOWN_INFORMATION = cite("608.2h", "the effect uses the object’s last known information")


class Queried(Frozen):
    """The queried object, the board its characteristics are evaluated on, and (for a token that ceased to
    exist) the zone it went to."""

    board: Board
    obj: GameObject
    gone_to: str | None = None


def queried_object(board: Board, handle: str, line: int = 0) -> Queried:
    """The object ``handle`` names on ``board``: itself, the first card a permanent that left became, or a
    token's last known information once it left; a :class:`BoardError` naming ``line`` when no object ever
    had that handle."""
    if board.has(handle):
        return Queried(board=board, obj=board.get(handle))
    became = [o for o in board.objects if o.came_from == handle]
    if became:
        return Queried(board=board, obj=became[0])
    gone = next((g for g in reversed(board.gone_tokens) if g.obj.id == handle), None)
    if gone is not None:
        return _last_known(board, gone)
    raise BoardError(_at(line, _never_created(board, handle)))


def _last_known(board: Board, gone: GoneToken) -> Queried:
    """The token as it last existed on the battlefield, with the reasoning about it until then and a note
    that it no longer exists."""
    note = Explanation.of(
        msg(
            "{token} was a token that left the battlefield (to the {zone}): it ceased to exist when "
            "state-based actions were next checked and can't come back or move again, so this is its last "
            "known information, as it last existed on the battlefield.",
            token=card_name(gone.obj.id),
            zone=ZONE_NAMES[gone.to],
        ),
        TOKEN_GONE,
        TOKEN_CANT_MOVE,
        LAST_KNOWN_INFORMATION,
    )
    log = (*gone.log, LogEntry(object_id=gone.obj.id, explanation=note, note=True))
    then = board.model_copy(update={"objects": gone.objects, "log": log})
    return Queried(board=then, obj=gone.obj, gone_to=gone.to.value)


def _never_created(board: Board, handle: str) -> Message:
    made = next(
        (e for e in board.events if isinstance(e.action, CreatingAction) and e.action.new_id == handle), None
    )
    if made is not None:
        return msg(
            "the query names {handle}, which the {action} action would have created, but it created nothing "
            "(see that action's reasons), so no object {handle} exists",
            handle=card_name(handle),
            action=made.kind.value,
        )
    return msg("the query names {handle}, but no object with that handle exists on the board", handle=handle)


def _at(line: int, problem: Message) -> Message:
    return msg("line {line}: {problem}", line=line, problem=problem) if line else problem
