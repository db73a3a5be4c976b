"""Tests' way to read what the engine determined: a value the test expects known, asserted known.

The engine hands out each current characteristic as a :data:`engine.core.known.Fact`; a test that expects
a value fails, naming the reason, when the engine marks it unknown (never reading the known part).
"""

from __future__ import annotations

from typing import TypeVar, get_args

from engine.core.characteristics import Characteristics
from engine.core.known import Fact, Known
from engine.core.results import Characteristic
from engine.layers.computed import Computed
from engine.layers.system import board_characteristics, current_characteristics
from engine.state.board import Board, GameObject

T = TypeVar("T")


def known(fact: Fact[T]) -> T:
    """The value of ``fact``; the test fails with the engine's reason when it is unknown."""
    assert isinstance(fact, Known), f"unknown, because {fact.reason}"
    return fact.value


def settled(current: Computed) -> Characteristics:
    """Every characteristic of ``current``, each asserted known."""
    return known(current.known_for(*get_args(Characteristic)))


def current_values(obj: GameObject, board: Board) -> Characteristics:
    """``obj``'s current characteristics on ``board``, each asserted known."""
    return settled(current_characteristics(obj, board))


def board_values(board: Board) -> dict[str, Characteristics]:
    """Every object's current characteristics on ``board``, each asserted known."""
    return {handle: settled(current) for handle, current in board_characteristics(board).items()}
