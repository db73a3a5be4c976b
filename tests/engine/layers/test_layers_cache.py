"""The layered characteristics are worked out once per set of board objects (issue 14): boards that differ
only in what the layer system doesn't read share them, and a changed object gets its own."""

from __future__ import annotations

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.core.messages import msg
from engine.core.results import Explanation
from engine.layers.computed import Computed
from engine.layers.system import board_characteristics
from engine.state.board import Board
from tests.engine.copy_cards import cards_for
from tests.known import settled

_BOARD = """
battlefield:
  - card: Glorious Anthem
    id: anthem
  - card: Grizzly Bears
    id: bears
"""


def _board() -> Board:
    spec = load_board(_BOARD)
    return board_from_spec(spec, cards_for(spec))


def _pt(current: Computed) -> tuple[int | None, int | None]:
    values = settled(current)
    power, toughness = values.power, values.toughness
    return (power.value if power else None, toughness.value if toughness else None)


def test_an_explanation_or_a_tick_shares_the_layered_result() -> None:
    board = _board()
    computed = board_characteristics(board)
    explained = board.explain("bears", Explanation.of(msg("a note")), note=True)
    ticked, _ = explained.tick()
    assert board_characteristics(explained) is computed
    assert board_characteristics(ticked) is computed
    assert _pt(computed["bears"]) == (3, 3)


def test_the_result_outlives_the_board_that_asked_first() -> None:
    board = _board()
    computed = board_characteristics(board.explain("bears", Explanation.of(msg("a note")), note=True))
    assert board_characteristics(board.record(board.events[-1])) is computed


def test_a_changed_object_is_layered_again() -> None:
    board = _board()
    computed = board_characteristics(board)
    bears = board.get("bears")
    countered = board.replace(bears.model_copy(update={"counters": {"+1/+1": 2}}))
    again = board_characteristics(countered)
    assert again is not computed
    assert _pt(again["bears"]) == (5, 5)
    assert _pt(computed["bears"]) == (3, 3)
