"""A board that doesn't give day or night (``day_night``) leaves the designation unknown; it is never taken
as "neither" (issue 21). A daybound permanent front face up says it is day (CR 702.145c, 702.145d); a
daybound card entering while nothing says whether it is night is refused, both faces named (702.145b)."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.answers.copy_result import answer_board
from engine.state.board import Board, BoardError, DayNight
from tests.engine.copy_cards import cards_for
from tests.known import current_values

_PUT_CATHAR = (
    "graveyard:\n  - {card: Brutal Cathar, id: cathar}\n"
    "actions:\n  - put_onto_battlefield: {object: cathar}\n"
)


def _board(text: str) -> Board:
    spec = load_board(text)
    return board_from_spec(spec, cards_for(spec))


def test_a_listed_daybound_permanent_front_face_up_says_it_is_day() -> None:
    spec = load_board("battlefield:\n  - {card: Brutal Cathar, id: cathar}\n")
    result = answer_board(spec, cards_for(spec), "test").result
    [note] = [n for n in result.notes if "whether it is day or night" in n.text]
    assert "cathar has daybound, so it is day" in note.text
    assert not any("It was neither day nor night" in n.text for n in result.notes)
    assert {"702.145c", "702.145d"} <= set(note.rules)
    assert _board("battlefield:\n  - {card: Brutal Cathar, id: cathar}\n").day_night is DayNight.DAY


def test_a_daybound_card_put_onto_the_battlefield_with_night_not_given_is_refused_naming_both_faces() -> None:
    with pytest.raises(BoardError, match=r"doesn't say whether it is night \(CR 702.145b\)") as refused:
        _board(_PUT_CATHAR)
    assert "as Moonrage Brute" in str(refused.value)
    assert "as Brutal Cathar" in str(refused.value)


@pytest.mark.parametrize(
    ("given", "name"),
    [
        ("day_night: day\n", "Brutal Cathar"),
        ("day_night: night\n", "Moonrage Brute"),
        ("battlefield:\n  - {card: Brutal Cathar, id: first}\n", "Brutal Cathar"),  # it is day (702.145c)
    ],
)
def test_a_daybound_card_put_onto_the_battlefield_enters_with_the_face_the_designation_gives(
    given: str, name: str
) -> None:
    board = _board(given + _PUT_CATHAR)
    assert current_values(board.get("cathar"), board).name == name


def test_neither_is_the_games_start_and_nothing_makes_it_neither_again() -> None:
    board = _board("day_night: neither\n" + _PUT_CATHAR)
    assert board.day_night is DayNight.DAY  # the daybound permanent made it day (CR 702.145d)
    with pytest.raises(BoardError, match="can't become neither"):
        _board("day_night: day\nbattlefield: [Grizzly Bears]\nactions:\n  - day_night: neither\n")


def test_a_daybound_card_an_action_makes_enter_with_night_not_given_is_refused_but_a_listed_one_isnt() -> (
    None
):
    with pytest.raises(BoardError, match=r"doesn't say whether it is night \(CR 702.145b\)"):
        _board("battlefield: [Grizzly Bears]\nactions:\n  - enters: {card: Brutal Cathar, id: cathar}\n")
    board = _board(
        "battlefield:\n  - {card: Brutal Cathar, id: first}\n"
        "actions:\n  - enters: {card: Brutal Cathar, id: cathar}\n"
    )
    assert current_values(board.get("cathar"), board).name == "Brutal Cathar"  # it is day: first says so
