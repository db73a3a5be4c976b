"""A permanent that changes zones is a new object (CR 400.7): what it exiled before isn't exiled with it.

The fixture boards ``linked-400-7-*`` give the full answers; these check the same rule from the engine's
side, and that cards the new object exiles are exiled with it.
"""

from __future__ import annotations

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.actions.imprint import exiled_by_other_abilities, exiled_with
from engine.layers.exiled_links import exiled_by_earlier_object
from engine.state.board import Board, became_object_at
from tests.engine.copy_cards import cards_for

BLINKED_RING = """
battlefield:
  - {card: Oblivion Ring, id: ring}
  - {card: Grizzly Bears, id: bears, controller: opponent}
  - {card: Llanowar Elves, id: elves, controller: opponent}
actions:
  - leaves: {object: bears, to: exile, by: ring}
  - leaves: {object: ring, to: exile}
  - returns: {cards_of: ring, to: battlefield}
"""


def board_of(text: str) -> Board:
    spec = load_board(text)
    return board_from_spec(spec, cards_for(spec))


def test_a_blinked_oblivion_ring_has_exiled_nothing() -> None:
    board = board_of(BLINKED_RING)
    ring = board.get("ring")
    assert exiled_with(board, ring) == ()
    # the Bears are no card "exiled by another ability" of it either: the earlier object exiled them
    assert exiled_by_other_abilities(board, ring) == ()
    assert [o.id for o in exiled_by_earlier_object(board, ring)] == ["bears"]
    assert became_object_at(board, ring) > board.get("bears").timestamp


def test_what_the_new_object_exiles_is_exiled_with_it() -> None:
    board = board_of(BLINKED_RING + "  - leaves: {object: elves, to: exile, by: ring}\n")
    ring = board.get("ring")
    assert [o.id for o in exiled_with(board, ring)] == ["elves"]
    assert [o.id for o in exiled_by_earlier_object(board, ring)] == ["bears"]


def test_a_permanent_that_never_moved_keeps_what_it_exiled() -> None:
    board = board_of(BLINKED_RING.split("  - leaves: {object: ring")[0])
    ring = board.get("ring")
    assert [o.id for o in exiled_with(board, ring)] == ["bears"]
    assert exiled_by_earlier_object(board, ring) == ()


def test_a_transformed_permanent_is_the_same_object() -> None:
    # 613.7g gives it a new timestamp, but transforming is no zone change: Tomb of the Dusk Rose still
    # refers to the cards Profane Procession exiled (CR 607.1b).
    board = board_of(
        """
battlefield:
  - {card: Profane Procession, id: pp}
exile:
  - {card: Grizzly Bears, exiled_by: pp, ability: 1}
actions:
  - transform: {object: pp}
"""
    )
    assert [o.id for o in exiled_with(board, board.get("pp"))] == ["Grizzly Bears"]
