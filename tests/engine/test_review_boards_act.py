"""Answers an independent judge review found false (review boards 2), each against its rule."""

from __future__ import annotations

from typing import Any

import pytest

from data.boards import load_board
from engine.answers.copy_result import answer_board
from engine.linked.links import find_links
from engine.state.board import BoardError
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for


def _answer(board: str) -> dict[str, Any]:
    spec = load_board(board)
    return answer_board(spec, cards_for(spec), "test").model_dump(mode="json")


def _cited(result: dict[str, Any]) -> set[str]:
    return {rule for part in ("steps", "notes") for item in result[part] for rule in item["rules"]}


def test_multikicker_link_is_about_how_many_times_it_was_paid() -> None:
    # CR 702.33c/d: multikicker may be paid any number of times; Everflowing Chalice counts them.
    (link,) = find_links(parsed_card("Everflowing Chalice")).links
    assert link.rule == "607.2i"
    assert "how many times the multikicker cost" in link.explanation
    assert "whether" not in link.explanation
    assert {"702.33c", "702.33d"} <= set(link.rules)


def test_kicker_link_is_still_about_whether_it_was_paid() -> None:
    (link,) = find_links(parsed_card("Kavu Titan")).links
    assert "whether the additional cost" in link.explanation
    assert "702.33c" not in link.rules


def test_a_not_a_token_condition_cites_only_the_intervening_if_rule() -> None:
    # CR 603.4 decides "if it's not a token"; 607.2i is about additional costs (review board 27).
    board = """
battlefield:
  - {card: Life of the Party, id: party}
actions:
  - create_token_copy: {of: party, via: Cackling Counterpart, id: tok}
query: tok
"""
    result = _answer(board)["result"]
    notes = [item for item in result["notes"] + result["steps"] if "it is a token" in item["text"]]
    assert notes
    assert all(item["rules"] == ["603.4"] for item in notes)


def test_an_another_elf_condition_cites_only_the_intervening_if_rule() -> None:
    # Review board 26: Clone copying the opponent's Dwynen's Elite, no other Elf of yours.
    board = """
battlefield:
  - {card: Dwynen's Elite, id: elite, controller: opponent}
  - {card: Clone, id: clone, copy_of: elite}
query: clone
"""
    result = _answer(board)["result"]
    assert "603.4" in _cited(result)
    assert "607.2i" not in _cited(result)


def test_a_copied_kicker_condition_still_cites_the_additional_cost_rule() -> None:
    board = """
battlefield:
  - {card: Gatekeeper of Malakir, id: keeper, kicked: true}
  - {card: Clone, id: clone, copy_of: keeper}
query: clone
"""
    assert "607.2i" in _cited(_answer(board)["result"])


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("{card: Rogue Class, level: 4}", "line 2: Rogue Class: .* no level 4; .* up to level 3"),
        ("{card: Grizzly Bears, level: 2}", "line 2: Grizzly Bears: Grizzly Bears isn't a Class"),
    ],
)
def test_a_level_the_card_has_no_bar_for_is_refused_naming_the_line(entry: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        _answer(f"battlefield:\n  - {entry}\n")


def test_the_highest_level_a_class_shows_is_accepted() -> None:
    result = _answer("battlefield:\n  - {card: Rogue Class, id: rogue, level: 3}\nquery: rogue\n")["result"]
    assert any("You may play cards exiled with" in a for a in result["current"]["abilities"])
