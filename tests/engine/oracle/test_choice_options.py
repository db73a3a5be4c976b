"""An "as enters" choice the board doesn't give names the values it can take when they are few (issue 21
§1: each possible outcome named): Voice of All's color is one of the five; a basic land type one of five;
a creature type can't be listed, so none is named."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_result import answer_board
from engine.oracle.entering import choice_options
from tests.engine.copy_cards import cards_for


@pytest.mark.parametrize(
    ("wanted", "options"),
    [
        ("a color", ("white", "blue", "black", "red", "green")),
        ("a color other than green", ("white", "blue", "black", "red")),
        ("a basic land type", ("Plains", "Island", "Swamp", "Mountain", "Forest")),
        ("a creature type", ()),
        ("a card name", ()),
    ],
)
def test_the_values_a_choice_can_take(wanted: str, options: tuple[str, ...]) -> None:
    assert choice_options(wanted) == options


def test_voice_of_all_without_its_color_names_the_five_colors() -> None:
    spec = load_board("battlefield:\n  - {card: Voice of All, id: voice}\n")
    notes = [n.text for n in answer_board(spec, cards_for(spec), "test").result.notes]
    assert (
        "As it enters, its controller chooses a color, one of white, blue, black, red or green "
        "(give it as choices: {color: …})." in notes
    )


def test_positive_and_negative_counters_are_said_to_cancel_out() -> None:
    spec = load_board('battlefield:\n  - {card: Grizzly Bears, id: b, counters: {"+1/+1": 2, "-1/-1": 1}}\n')
    answer = answer_board(spec, cards_for(spec), "test")
    assert (answer.result.current.power, answer.result.current.toughness) == (3, 3)
    [note] = [n for n in answer.result.notes if "+1/+1 and" in n.text]
    assert note.text.startswith("It has 2 +1/+1 and 1 -1/-1 counter(s): the next time state-based actions")
    assert "1 of each are removed" in note.text
    assert note.rules == ("704.5q",)
