"""Rooms (CR 709.5): a split permanent whose locked doors' name, mana cost and rules text it doesn't have.
The engine doesn't model the doors' designations, so those are unknown with the rule, never the left half's;
its copiable values are both halves (709.5, 709.5b), and its shared type line is known (709.5a)."""

from __future__ import annotations

from typing import Any

from data.boards import load_board
from data.cards.schema import CardRecord
from engine.answers.copy_result import answer_board
from engine.oracle import parse_card
from tests.card_data import parsed_card, rules_keyword_vocabulary

ROOM: dict[str, Any] = {  # Duskmourn's Bottomless Pool // Locker Room, in Scryfall's current shape
    "object": "card",
    "oracle_id": "2b4ad4c8-0000-4000-8000-000000000709",
    "name": "Bottomless Pool // Locker Room",
    "layout": "split",
    "mana_cost": "{U} // {4}{U}",
    "cmc": 6.0,
    "type_line": "Enchantment — Room // Enchantment — Room",
    "colors": ["U"],
    "card_faces": [
        {
            "object": "card_face",
            "name": "Bottomless Pool",
            "mana_cost": "{U}",
            "type_line": "Enchantment — Room",
            "oracle_text": "When you unlock this door, return up to one target creature to its owner's hand.",
        },
        {
            "object": "card_face",
            "name": "Locker Room",
            "mana_cost": "{4}{U}",
            "type_line": "Enchantment — Room",
            "oracle_text": (
                "Whenever one or more creatures you control deal combat damage to a player, draw a card."
            ),
        },
    ],
}


def _answer(board: str) -> Any:
    room = parse_card(CardRecord.model_validate(ROOM).scryfall(), rules_keyword_vocabulary())
    spec = load_board(board)
    cards = {room.name: room, "Copy Enchantment": parsed_card("Copy Enchantment")}
    return answer_board(spec, cards, "test").result


def test_a_room_on_the_battlefield_has_unknown_doors_and_both_halves_as_copiable_values() -> None:
    result = _answer("battlefield:\n  - {card: Bottomless Pool // Locker Room, id: room}\n")
    current = result.current
    assert {"name", "mana cost", "colors", "abilities"} <= set(current.unknown)
    assert (current.types, current.subtypes) == (("Enchantment",), ("Room",))
    assert current.name == "unknown"
    [note] = [n for n in result.notes if "it is a Room" in n.text]
    assert set(note.rules) == {"709.5", "709.5d"}
    assert result.copiable.name == "Bottomless Pool // Locker Room"


def test_a_copy_of_a_room_copies_both_halves_and_entered_with_both_doors_locked() -> None:
    """CR 709.5d: the copy entered without either door being cast: no name, mana cost or rules text."""
    result = _answer(
        "battlefield:\n  - {card: Bottomless Pool // Locker Room, id: room}\n"
        "  - {card: Copy Enchantment, id: ce, copy_of: room}\nquery: ce\n"
    )
    assert result.copiable.name == "Bottomless Pool // Locker Room"
    current = result.current
    assert (current.name, current.mana_value, current.colors, current.abilities) == (None, 0, (), ())
    assert current.unknown == ()
    assert any("709.5d" in step.rules for step in result.steps)
