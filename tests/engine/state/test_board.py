"""The board state: built from events only, replayable, and changing only through events."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec, replay
from engine.state.actions import EntersAction
from engine.state.board import BoardError
from tests.engine.copy_cards import cards_for

BOARD = """\
battlefield:
  - card: Grizzly Bears
    id: bears
    controller: opponent
  - card: Clone
    id: clone
    copy_of: bears
  - card: Wall of Omens
    id: wall
    controller: opponent
actions:
  - becomes_copy: {object: bears, of: wall, via: True Polymorph}
  - create_token_copy: {of: clone, via: Cackling Counterpart, id: tok}
"""


def test_replaying_the_events_rebuilds_the_same_board() -> None:
    spec = load_board(BOARD)
    cards = cards_for(spec)
    board = board_from_spec(spec, cards)
    assert [e.kind.value for e in board.events] == [
        "enters",
        "enters",
        "enters",
        "becomes_copy",
        "create_token_copy",
    ]
    assert [e.timestamp for e in board.events] == sorted(e.timestamp for e in board.events)
    again = replay(board.events, cards)
    assert again.objects == board.objects
    assert again.log == board.log


def test_changing_the_original_later_does_not_change_the_copy() -> None:
    """CR 707.2b: the Clone stays a Grizzly Bears after the Bears becomes a copy of Wall of Omens."""
    spec = load_board(BOARD)
    board = board_from_spec(spec, cards_for(spec))
    clone, bears, token = board.get("clone"), board.get("bears"), board.get("tok")
    assert clone.copies[-1].values.main.name == "Grizzly Bears"
    assert bears.copies[-1].values.main.name == "Wall of Omens"
    assert token.copies[-1].values.main.name == "Grizzly Bears"
    assert token.token
    assert not clone.token


def test_a_handle_can_only_be_used_once() -> None:
    spec = load_board("battlefield: [Forest]\nactions:\n  - enters: {card: Forest, id: other}\n")
    board = board_from_spec(spec, cards_for(spec))
    assert [o.id for o in board.objects] == ["Forest", "other"]
    assert isinstance(spec.actions[0], EntersAction)
    entering = spec.actions[0].entering
    assert entering is not None
    clash_action = spec.actions[0].model_copy(
        update={"entering": entering.model_copy(update={"id": "Forest"})}
    )
    clash = spec.model_copy(update={"actions": (clash_action,)})
    with pytest.raises(BoardError, match="already used"):
        board_from_spec(clash, cards_for(spec))
