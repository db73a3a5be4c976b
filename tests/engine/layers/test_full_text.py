"""Volrath's Shapeshifter's text-changing "full text of" the top creature card of its controller's graveyard
(CR 613.1c, 612.1; its rulings), review 7 board 36."""

from __future__ import annotations

from typing import Any

from data.boards import load_board
from engine.answers.copy_result import answer_board
from tests.engine.copy_cards import cards_for


def _current(board: str) -> dict[str, Any]:
    spec = load_board(board)
    result: dict[str, Any] = answer_board(spec, cards_for(spec), "test").model_dump(mode="json")["result"]
    current: dict[str, Any] = result["current"]
    return current


VOLRATH = 'battlefield:\n  - {card: "Volrath\'s Shapeshifter", id: vs}\n'


def test_with_no_creature_card_in_the_graveyard_it_is_a_blue_0_1() -> None:
    for graveyard in ("", "graveyard: [Lightning Bolt]\n", "graveyard: [Lightning Bolt, Shock]\n"):
        current = _current(graveyard + VOLRATH + "query: vs")
        assert (current["name"], current["colors"], current["power"], current["toughness"]) == (
            "Volrath's Shapeshifter",
            ["U"],
            0,
            1,
        ), graveyard
        assert current["unknown"] == []


def test_a_clone_of_it_has_the_shapeshifting_ability_too() -> None:
    current = _current(
        "graveyard: [Serra Angel]\n" + VOLRATH + "  - {card: Clone, id: clone, copy_of: vs}\nquery: clone"
    )
    assert (current["name"], current["power"], current["toughness"]) == ("Serra Angel", 4, 4)
    assert current["abilities"][-1] == "{2}: Discard a card."


def test_a_legendary_top_card_leaves_only_its_supertypes_open() -> None:
    current = _current('graveyard: ["Isamaru, Hound of Konda"]\n' + VOLRATH + "query: vs")
    assert (current["name"], current["power"], current["toughness"]) == ("Isamaru, Hound of Konda", 2, 2)
    assert current["unknown"] == ["supertypes"]
