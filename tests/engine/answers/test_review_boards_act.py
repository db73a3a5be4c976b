"""Answers an independent judge review found false (review boards 2), each against its rule."""

from __future__ import annotations

import json
from typing import Any

import pytest

from data.boards import load_board
from engine.answers.copy_result import answer_board
from engine.answers.stack_answer import answer_stack_board
from engine.linked.links import find_links
from engine.oracle.card_wording import in_card_wording
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


def _stack_text(board: str) -> str:
    spec = load_board(board)
    cards = {name: parsed_card(name) for name in spec.card_names()}
    dumped = answer_stack_board(spec, spec.stack, cards, "2025-02-07").model_dump(mode="json")
    return json.dumps(dumped, ensure_ascii=False)


def test_a_copied_spell_quotes_its_oracle_wording_this_spell() -> None:
    # CR 201.5: Rite of Replication's Oracle text says "If this spell was kicked" (review board 60).
    text = _stack_text(
        """
battlefield:
  - {card: Serra Angel, id: angel}
stack:
  - {card: Rite of Replication, id: rite, kicked: true, targets: [angel], paid: {mana: "{2}{U}{U}{5}"}}
  - {copy_of: rite, via: Twincast}
"""
    )
    assert "If this spell was kicked, create five of those tokens instead." in text
    assert "If Rite of Replication was kicked" not in text


def test_a_copied_multikicked_spell_quotes_its_oracle_wording() -> None:
    # Review board 59: Comet Storm says "for each time this spell was kicked".
    text = _stack_text(
        """
battlefield:
  - {card: Grizzly Bears, id: bears, controller: opponent}
  - {card: Serra Angel, id: angel, controller: opponent}
stack:
  - card: Comet Storm
    id: storm
    x: 3
    kicked: {times: 2}
    targets: [player:opponent, bears, angel]
    paid: {mana: "{3}{R}{R}{1}{1}"}
  - {copy_of: storm, via: Reverberate}
"""
    )
    assert "for each time this spell was kicked" in text
    assert "each time Comet Storm was kicked" not in text


def test_a_piece_the_printed_wording_lacks_names_the_object() -> None:
    # Reworded old text isn't in the printed wording: the self-reference names the object (CR 201.5).
    old = ["If this creature enters the battlefield"]
    assert in_card_wording("If ~ entered", old, "Bear") == "If Bear entered"
    printed = ["If this spell was kicked, draw"]
    assert in_card_wording("If ~ was kicked", printed, "Rite") == "If this spell was kicked"


def test_a_clone_of_hostage_taker_returns_what_its_own_ability_exiled() -> None:
    # CR 610.3, 607.2a, 707.7: the Clone's copied ability exiled the Angel; the original's exile stays.
    answer = _answer(
        """
battlefield:
  - {card: Hostage Taker, id: taker, controller: opponent}
  - {card: Clone, id: clone, copy_of: taker}
exile:
  - {card: Serra Angel, id: angel, exiled_by: clone, ability: 1, controller: opponent}
  - {card: Grizzly Bears, id: bears, exiled_by: taker, ability: 1}
actions:
  - leaves: {object: clone, to: graveyard}
query: angel
"""
    )
    zones = {obj["id"]: obj["zone"] for obj in answer["objects"]}
    assert zones["angel"] == "battlefield"
    assert zones["bears"] == "exile"
    controllers = {obj["id"]: obj["controller"] for obj in answer["objects"]}
    assert controllers["angel"] == "opponent"


def test_fiend_hunter_returns_nothing_by_itself_its_leaves_ability_triggers() -> None:
    # Fiend Hunter's return is a triggered ability (603.6c), not an "until" duration: the card waits for it.
    answer = _answer(
        """
battlefield:
  - {card: Fiend Hunter, id: hunter}
exile:
  - {card: Serra Angel, id: angel, exiled_by: hunter, ability: 1}
actions:
  - leaves: {object: hunter, to: graveyard}
query: angel
"""
    )
    assert {obj["id"]: obj["zone"] for obj in answer["objects"]}["angel"] == "exile"
    assert [hit["source"] for hit in answer["triggers"]] == ["hunter"]
