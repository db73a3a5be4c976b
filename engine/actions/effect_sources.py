"""Which spell or ability an action's effect is, when the board names it by handle (``via``/``made_by``).

``via: clone`` (a board object's handle) says the effect is that object's ability, with its card's text;
``via: cyto`` (a stack entry's) that spell or ability resolving (``engine.actions.events``). A token's
creator is the controller of the spell or ability that created it: it owns the token and the token enters
under its control (CR 111.2, 113.8), unless the board says ``controller``.
"""

from __future__ import annotations

from engine.core.citations import cite
from engine.core.messages import Param, msg
from engine.core.messages import card as card_name
from engine.core.results import Explanation
from engine.layers.control import current_controller
from engine.state.actions import CausedAction, CreateTokenCopyAction, CreatingAction, NextEntersAsCopyAction
from engine.state.board import Board, Event

TOKEN_CREATOR = cite("111.2", "The player who creates a token is its owner")
ABILITY_CONTROLLER = cite("113.8", "The controller of a triggered ability on the stack")
ABILITY_SOURCE = cite("113.7", "The source of an activated ability on the stack is the object whose ability")
TOKEN_TEXT = cite("111.3", "The spell or ability that creates a token may define the values")


def about_object(event: Event) -> str:
    """The object an event's reasoning is about: the one it acts on, else the one it creates, else the one
    it copies ("" for none)."""
    action = event.action
    copied = action.of if isinstance(action, NextEntersAsCopyAction | CreateTokenCopyAction) else None
    return event.object_id or action.handle() or copied or ""


def ability_source(board: Board, event: Event) -> tuple[Board, Event]:
    """An action ``via`` a board object: the effect is that object's ability (with its card's text); a
    token it creates is its controller's unless the board says whose (CR 111.2, 113.8)."""
    action = event.action
    handle = action.via_object if isinstance(action, CausedAction) else None
    if handle is None:
        return board, event
    if isinstance(action, CreatingAction) and not action.controller_given and board.has(handle):
        action = action.model_copy(update={"controller": current_controller(board.get(handle))})
        event = event.model_copy(update={"action": action})
    about = about_object(event)
    step = Explanation.of(
        msg(
            "The effect is that of an ability of {source} ({card}), with the text of its card.",
            source=card_name(handle),
            card=card_name(action.via_card() or ""),
        ),
        ABILITY_SOURCE,
    )
    return (board.explain(about, step) if about and board.has(about) else board), event


def made_by_step(board: Board, event: Event) -> Board:
    """A created token's step naming the spell or ability that created it, and so whose it is (CR 111.2,
    111.3); nothing when the board names no creator or no token was created (CR 111.5, 111.12)."""
    action = event.action
    if not isinstance(action, CreatingAction):
        return board
    token, via_object = action.new_id, action.via_object
    maker = via_object or action.via_stack or action.via
    if not token or not board.has(token) or maker is None:
        return board
    by_handle = via_object is not None or action.via_stack is not None
    if isinstance(action, CreateTokenCopyAction) and not by_handle and not action.controller_given:
        return board  # the token copy's own step already says its creator owns it (CR 111.2)
    source: Param = (
        card_name(maker) if by_handle else msg("a spell or ability of {card}", card=card_name(maker))
    )
    if action.controller_given or by_handle:
        whose: Param = (
            msg(" (the board says that player is {player})", player=action.controller.value)
            if action.controller_given
            else msg(" ({player}, who controls that spell or ability)", player=action.controller.value)
        )
    else:
        whose = ""
    rules = (
        TOKEN_CREATOR,
        TOKEN_TEXT,
        *((ABILITY_CONTROLLER,) if by_handle and not action.controller_given else ()),
    )
    # Another copy effect it entered with (Essence of the Wild's) replaced what its creator defined.
    copies = board.get(token).copies
    of = action.of if isinstance(action, CreateTokenCopyAction) else None
    replaced = bool(copies) and copies[-1].of_id != of
    step = Explanation.of(
        msg(
            "It was created by {source}: its creator owns it and it entered under that player's "
            "control{whose}; its characteristics are those of the copy effect it entered with last.",
            source=source,
            whose=whose,
        )
        if replaced
        else msg(
            "It was created by {source}: its creator owns it and it entered under that player's "
            "control{whose}; it has only the characteristics that effect gave it.",
            source=source,
            whose=whose,
        ),
        *rules,
    )
    return board.explain(token, step)
