"""A copy of a prototyped spell is a prototyped spell: the prototype's mana cost, colors, power and toughness
(CR 718.3c); not cast prototyped, the card's own (718.4); not given, those are unknown, never the card's."""

from __future__ import annotations

import pytest

from data.boards import load_board
from data.cards.schema import CardRecord
from engine.answers.stack_answer import answer_stack_board
from engine.oracle import parse_card
from engine.stack.items import StackError
from tests.card_data import parsed_card, rules_keyword_vocabulary
from tests.engine.actions.test_prototype import FLESHGORGER

_BOARD = """
stack:
  - {card: Phyrexian Fleshgorger, id: f%s}
  - {copy_of: f, via: Double Major, id: dm}
query: dm
"""


def _answer(given: str) -> tuple[dict[str, object], list[str], list[str]]:
    card = parse_card(CardRecord.model_validate(FLESHGORGER).scryfall(), rules_keyword_vocabulary())
    spec = load_board(_BOARD % given)
    cards = {card.name: card, "Double Major": parsed_card("Double Major")}
    result = answer_stack_board(spec, spec.stack, cards, "2025-02-07").result
    shown = result.current.model_dump(include={"mana_cost", "mana_value", "colors", "power", "toughness"})
    rules = [rule for step in result.steps for rule in step.rules]
    return shown, list(result.copiable.unknown), rules


@pytest.mark.parametrize(
    ("given", "shown", "rule"),
    [
        (
            ", prototyped: true",
            {"mana_cost": "{1}{B}{B}", "mana_value": 3, "colors": ("B",), "power": 3, "toughness": 3},
            "718.3c",
        ),
        (
            ", prototyped: false",
            {"mana_cost": "{7}", "mana_value": 7, "colors": (), "power": 7, "toughness": 5},
            "718.4",
        ),
    ],
)
def test_a_copy_of_a_prototype_spell_has_the_values_it_was_cast_with(
    given: str, shown: dict[str, object], rule: str
) -> None:
    values, unknown, rules = _answer(given)
    assert values == shown
    assert unknown == []
    assert rule in rules


def test_not_given_whether_it_was_cast_prototyped_those_values_are_unknown() -> None:
    values, unknown, rules = _answer("")
    assert values == {
        "mana_cost": "unknown",
        "mana_value": "unknown",
        "colors": (),
        "power": "unknown",
        "toughness": "unknown",
    }
    assert unknown == ["mana cost", "colors", "power", "toughness"]
    assert {"718.3c", "718.4"} <= set(rules)


def test_prototyped_on_a_card_without_prototype_is_refused() -> None:
    spec = load_board(_BOARD.replace("Phyrexian Fleshgorger", "Grizzly Bears") % ", prototyped: true")
    cards = {"Grizzly Bears": parsed_card("Grizzly Bears"), "Double Major": parsed_card("Double Major")}
    with pytest.raises(StackError, match="has no prototype ability"):
        answer_stack_board(spec, spec.stack, cards, "2025-02-07")
