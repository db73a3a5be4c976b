"""``flipped: true`` is for a flip card (CR 710.1), or an object entering as a copy, which keeps a flipped
status that means nothing to what it copies (110.5c); review 5, board 94."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.state.board import BoardError
from tests.engine.copy_cards import cards_for


def test_a_grizzly_bears_cant_be_flipped() -> None:
    spec = load_board("battlefield:\n  - {card: Grizzly Bears, id: bears, flipped: true}\n")
    with pytest.raises(
        BoardError, match=r"Grizzly Bears isn't a flip card, so it can't be flipped \(CR 710.1\)"
    ):
        board_from_spec(spec, cards_for(spec))


def test_a_flip_card_and_a_flipped_copy_can_be() -> None:
    spec = load_board(
        "battlefield:\n  - {card: Jushi Apprentice, id: jushi, flipped: true}\n"
        "  - {card: Runeclaw Bear, id: bear}\n"
        "  - {card: Clone, id: clone, copy_of: bear, flipped: true}\n"
    )
    board = board_from_spec(spec, cards_for(spec))
    assert (board.get("jushi").flipped, board.get("clone").flipped) == (True, True)


def test_a_copy_of_a_flipped_permanent_is_said_to_take_the_flip_cards_values() -> None:
    """707.3, 710.2: the copy's first step names what it copies, the flip card (its top half's name), not the
    flipped half it won't have: a Clone of a flipped Budoka Gardener is an unflipped Budoka Gardener."""
    spec = load_board(
        "battlefield:\n  - {card: Budoka Gardener, id: bg, flipped: true}\n"
        "  - {card: Clone, id: clone, copy_of: bg}\n"
    )
    board = board_from_spec(spec, cards_for(spec))
    [first, *_] = [e.explanation.text for e in board.log if e.object_id == "clone" and not e.note]
    assert first.startswith("clone enters as a copy of Budoka Gardener through Clone's ability")
    assert "copiable values of Budoka Gardener" in first
