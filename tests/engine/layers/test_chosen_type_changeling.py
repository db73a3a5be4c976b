"""A "creatures of the chosen type" effect applies to a changeling, which is every creature type (CR 702.73a),
and to a copy of one, which copied changeling (707.2); review 5, boards 64, 85 and 86."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_result import answer_board
from tests.engine.copy_cards import cards_for


def _pt(text: str) -> tuple[object, object]:
    spec = load_board(text)
    current = answer_board(spec, cards_for(spec), "test").result.current
    return current.power, current.toughness


@pytest.mark.parametrize(
    ("board", "pt"),
    [
        (  # Engineered Plague naming Elf: -1/-1 to every Elf, a changeling included
            "battlefield:\n  - {card: Engineered Plague, id: plague, choices: {creature type: Elf}}\n"
            "  - {card: Changeling Outcast, id: outcast}\nquery: outcast\n",
            (0, 0),
        ),
        (  # Adaptive Automaton naming Elf: other Elves you control get +1/+1
            "battlefield:\n  - {card: Adaptive Automaton, id: auto, choices: {creature type: Elf}}\n"
            "  - {card: Changeling Outcast, id: outcast}\nquery: outcast\n",
            (2, 2),
        ),
        (  # a Clone of Changeling Outcast copied changeling
            "battlefield:\n  - {card: Engineered Plague, id: plague, choices: {creature type: Goblin}}\n"
            "  - {card: Changeling Outcast, id: outcast}\n  - {card: Clone, id: clone, copy_of: outcast}\n"
            "query: clone\n",
            (0, 0),
        ),
    ],
)
def test_a_chosen_creature_type_names_a_changeling(board: str, pt: tuple[int, int]) -> None:
    assert _pt(board) == pt
