"""Prototype (CR 718): a card cast prototyped has only its inset frame's mana cost, power and toughness and
that cost's colors (718.3b), and a copy of it has them too (718.3d); not given, they are open."""

from __future__ import annotations

from typing import Any

import pytest

from data.boards import load_board
from data.cards.schema import CardRecord
from engine.answers.copy_result import answer_board
from engine.oracle import parse_card
from tests.card_data import parsed_card, rules_keyword_vocabulary

FLESHGORGER: dict[str, Any] = {  # The Brothers' War, in Scryfall's current shape
    "object": "card",
    "oracle_id": "7b3f5e2a-0000-4000-8000-000000000718",
    "name": "Phyrexian Fleshgorger",
    "layout": "prototype",
    "mana_cost": "{7}",
    "cmc": 7.0,
    "type_line": "Artifact Creature — Phyrexian Wurm",
    "oracle_text": (
        "Prototype {1}{B}{B} — 3/3 (You may cast this spell with different mana cost, color, and size. It "
        "keeps its abilities and types.)\nMenace, lifelink\nWard—Pay life equal to Phyrexian Fleshgorger's "
        "power."
    ),
    "power": "7",
    "toughness": "5",
    "colors": [],
}


def _current(board: str, query: str = "f") -> Any:
    card = parse_card(CardRecord.model_validate(FLESHGORGER).scryfall(), rules_keyword_vocabulary())
    spec = load_board(board + f"query: {query}\n")
    return answer_board(spec, {card.name: card, "Clone": parsed_card("Clone")}, "test").result.current


@pytest.mark.parametrize(
    ("given", "expected"),
    [(", prototyped: true", ((3, 3), ["B"], 3)), (", prototyped: false", ((7, 5), [], 7))],
)
def test_a_prototyped_permanent_and_its_clone_have_the_prototype(
    given: str, expected: tuple[Any, ...]
) -> None:
    board = (
        f"battlefield:\n  - {{card: Phyrexian Fleshgorger, id: f{given}}}\n  - {{card: Clone, copy_of: f}}\n"
    )
    pt, colors, mana_value = expected
    for query in ("f", "Clone"):
        current = _current(board, query)
        assert (current.power, current.toughness) == pt
        assert (list(current.colors), current.mana_value) == (colors, mana_value)


def test_without_it_the_prototype_is_open_and_so_is_a_copy_of_it() -> None:
    board = "battlefield:\n  - {card: Phyrexian Fleshgorger, id: f}\n  - {card: Clone, copy_of: f}\n"
    for query in ("f", "Clone"):
        current = _current(board, query)
        assert {"mana cost", "colors", "power", "toughness"} <= set(current.unknown)


def test_a_clone_of_a_prototyped_permanent_cites_the_rule() -> None:
    card = parse_card(CardRecord.model_validate(FLESHGORGER).scryfall(), rules_keyword_vocabulary())
    board = (
        "battlefield:\n  - {card: Phyrexian Fleshgorger, id: f, prototyped: true}\n"
        "  - {card: Clone, copy_of: f}\n"
    )
    spec = load_board(board + "query: Clone\n")
    steps = answer_board(spec, {card.name: card, "Clone": parsed_card("Clone")}, "test").result.steps
    [step] = [s for s in steps if "was a prototyped spell" in s.text]
    assert "718.3d" in step.rules
