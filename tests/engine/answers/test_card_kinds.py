"""Card kinds after 2022 (issue 25 item 4) as the engine answers them: a reversible card is the one card it
prints on both sides; a copy of a melded permanent copies only the combined back face (707.8, 712.8g); a
token's card data makes a token (111.1), which a copy doesn't become (707.2); a double-faced token has one
face up; an emblem isn't on a board (114.5). Records from ``tests/fixtures/card_kinds.jsonl``."""

from __future__ import annotations

from typing import Any

import pytest

from data.boards import load_board
from engine.answers.copy_result import answer_board
from engine.linked.links import find_links
from engine.state.board import BoardError
from tests.engine.card_kinds import catalogue, kind_card

REVERSIBLE = "Fiend Hunter // Fiend Hunter"
MELD = ("Chittering Host", "Graf Rats", "Midnight Scavengers")
TOKENS = ("Spirit", "Human Soldier // Treasure", "Kaito, Bane of Nightmares Emblem")
ALSO = ("Clone", "Cackling Counterpart")


def _result(board: str) -> Any:
    cards = catalogue(REVERSIBLE, *MELD, *TOKENS, also=ALSO)
    return answer_board(load_board(board), cards, "test").result


def test_a_reversible_card_is_its_front_face_under_its_faces_oracle_id() -> None:
    card = kind_card(REVERSIBLE)
    assert (card.name, card.layout, card.key, card.mana_value) == (
        "Fiend Hunter",
        "normal",
        "9f1c2e6b-0719-4000-8000-00000000a003",
        3.0,
    )
    assert len(card.faces) == 1
    assert card.front.type_line.types == ("Creature",)


def test_a_clone_copying_a_reversible_card_is_that_card() -> None:
    result = _result(
        f"battlefield:\n  - {{card: {REVERSIBLE}, id: fh}}\n"
        "  - {card: Clone, id: c, copy_of: fh}\nquery: c\n"
    )
    current = result.current
    assert (current.name, current.power, current.toughness, current.mana_value) == ("Fiend Hunter", 1, 3, 3)
    assert len(current.abilities) == 2
    assert any("707.2" in step.rules for step in result.steps)


def test_a_reversible_cards_linked_abilities_are_one_pair() -> None:
    report = find_links(kind_card(REVERSIBLE))
    assert [(link.abilities, link.rule) for link in report.links] == [((1, 2), "607.2a")]


def test_a_copy_of_a_melded_permanent_copies_only_the_back_face() -> None:
    result = _result(
        "battlefield:\n  - {card: Chittering Host, id: host}\n"
        "  - {card: Clone, id: c, copy_of: host}\nquery: c\n"
    )
    current = result.current
    assert (current.name, current.power, current.toughness) == ("Chittering Host", 5, 6)
    assert current.mana_value == 0  # CR 202.3c, 712.8g
    assert current.subtypes == ("Eldrazi", "Horror")
    assert not any("meld" in ability.casefold() for ability in current.abilities)  # no Graf Rats text
    [step] = [s for s in result.steps if "melded permanent" in s.text]
    assert {"707.8", "712.8g"} <= set(step.rules)


def test_the_melded_permanent_has_its_front_faces_mana_values() -> None:
    current = _result("battlefield:\n  - {card: Chittering Host, id: host}\n").current
    assert (current.mana_value, current.power) == (7, 5)


def test_a_token_card_on_the_board_is_a_token_and_its_copy_is_not() -> None:
    original = _result("battlefield:\n  - {card: Spirit, id: s}\n")
    assert "Token" not in original.current.supertypes
    assert any(s.text == "Spirit is a token's card data, so s is a token." for s in original.steps)
    copy = _result(
        "battlefield:\n  - {card: Spirit, id: s}\n  - {card: Clone, id: c, copy_of: s}\nquery: c\n"
    )
    current = copy.current
    assert (current.name, current.types, current.supertypes) == ("Spirit", ("Creature",), ())
    assert current.abilities == ("Flying",)


def test_a_token_copy_of_a_token_card_is_a_token() -> None:
    board = (
        "battlefield:\n  - {card: Spirit, id: s}\n"
        "actions:\n  - create_token_copy: {of: s, via: Cackling Counterpart, id: t}\nquery: t\n"
    )
    current = _result(board).current
    assert (current.name, current.power, current.toughness, current.supertypes) == ("Spirit", 1, 1, ())


def test_a_token_card_is_refused_outside_the_battlefield() -> None:
    with pytest.raises(BoardError, match=r"ceases to exist \(CR 111.7\)"):
        _result("graveyard:\n  - {card: Spirit, id: s}\n")


def test_a_double_faced_token_has_its_front_face_up_unless_the_board_says_back() -> None:
    front = _result("battlefield:\n  - {card: Human Soldier // Treasure, id: t}\n")
    assert (front.current.name, front.current.power) == ("Human Soldier", 1)
    [step] = [s for s in front.steps if s.text.startswith("It is a double-faced token")]
    assert "give face: back" in step.text
    assert "712.8d" in step.rules
    back = _result("battlefield:\n  - {card: Human Soldier // Treasure, id: t, face: back}\n").current
    assert (back.name, back.types, back.subtypes) == ("Treasure", ("Artifact",), ("Treasure",))


def test_an_emblem_is_refused_with_the_rule() -> None:
    with pytest.raises(BoardError, match=r"neither a card nor a permanent .*\(CR 114.5, 114.2\)"):
        _result("battlefield:\n  - {card: 'Kaito, Bane of Nightmares Emblem', id: e}\n")


def test_an_emblems_abilities_are_read() -> None:
    emblem = kind_card("Kaito, Bane of Nightmares Emblem")
    assert [a.rules_text for a in emblem.front.abilities] == ["Ninjas you control get +1/+1."]
    assert find_links(emblem).links == ()
