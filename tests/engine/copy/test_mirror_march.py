"""Mirror March flips until a flip is lost and makes one token for each flip won (CR 705.2): the flips decide
how many tokens there are, never what each one is (a copy of the creature, with haste)."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.answers.copy_result import answer_board
from engine.state.board import BoardError
from tests.engine.copy_cards import cards_for


def _board(random: str = "") -> str:
    given = f", random: {random}" if random else ""
    return (
        "battlefield:\n  - {card: Mirror March, id: march}\n  - {card: Serra Angel, id: angel}\n"
        f"actions:\n  - create_token_copy: {{of: angel, via: Mirror March, id: tok{given}}}\nquery: tok\n"
    )


@pytest.mark.parametrize("random", ["", "won 2"])
def test_each_token_is_a_serra_angel_with_haste_whatever_the_flips(random: str) -> None:
    spec = load_board(_board(random))
    result = answer_board(spec, cards_for(spec), "test").result
    current = result.current
    assert (current.name, current.power, current.toughness, current.unknown) == ("Serra Angel", 4, 4, ())
    assert "Haste" in current.abilities
    said = " ".join(e.text for e in (*result.steps, *result.notes))
    if random:
        assert "won 2 coin flips before one was lost, so it created 2 tokens" in said
    else:
        assert "How many tokens Mirror March created is unknown" in said
        assert "705.2" in {rule for e in result.notes for rule in e.rules}


def test_no_flip_won_means_no_token() -> None:
    spec = load_board(_board("won 0"))
    with pytest.raises(BoardError, match="created no token: tok doesn't exist"):
        board_from_spec(spec, cards_for(spec))


def test_a_result_that_isnt_a_count_of_wins_is_refused() -> None:
    spec = load_board(_board("heads"))
    with pytest.raises(BoardError, match="give how many flips were won before one was lost"):
        board_from_spec(spec, cards_for(spec))
