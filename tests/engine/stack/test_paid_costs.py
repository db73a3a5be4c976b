"""Paid optional costs other than kicker (issue 21 §3): buyback (CR 702.27a), squad (702.157a) and
offspring (702.175a) given on the stack and on the battlefield; a copy of a spell copies them (707.10); a
permanent copy wasn't cast, so its squad/offspring ability doesn't trigger; not given is unknown."""

from __future__ import annotations

import json
from typing import Any

import pytest

from data.boards import load_board
from engine.answers.copy_result import BoardAnswer, answer_board
from engine.answers.stack_answer import answer_stack_board
from engine.core.model import Card
from engine.oracle import parse_card
from engine.stack.items import StackError
from engine.state.board import BoardError, BoardSpec
from tests.card_data import parsed_card, rules_keyword_vocabulary
from tests.engine.copy_cards import cards_for

SQUADRON = (
    "cards:\n"
    "  - name: Test Squadron\n"
    '    mana_cost: "{2}{W}"\n'
    "    type_line: Creature — Human Soldier\n"
    '    oracle_text: "Squad {2}"\n'
    "    power: 2\n"
    "    toughness: 2\n"
    "  - name: Test Hare\n"
    '    mana_cost: "{1}{G}"\n'
    "    type_line: Creature — Rabbit\n"
    '    oracle_text: "Offspring {2}"\n'
    "    power: 3\n"
    "    toughness: 3\n"
)


def _cards(spec: BoardSpec) -> dict[str, Card]:
    vocabulary = rules_keyword_vocabulary()
    defined = {json.loads(c)["name"]: parse_card(json.loads(c), vocabulary) for c in spec.cards}
    return {name: defined.get(name) or parsed_card(name) for name in spec.card_names()}


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, _cards(spec), "test")


def _texts(answer: BoardAnswer, *, notes: bool = False) -> str:
    part = answer.result.notes if notes else answer.result.steps
    return " ".join(str(e.text) for e in part)


def test_squad_paid_twice_triggers_for_two_tokens() -> None:
    answer = _answer(SQUADRON + "battlefield: [{card: Test Squadron, id: sq, squad: 2}]\n")
    assert "its squad ability triggers (its squad cost was paid 2 time(s))" in _texts(answer)
    assert "702.157a" in {r for s in answer.result.steps for r in s.rules}


def test_two_squad_instances_paid_three_times_make_three_tokens_but_the_triggers_split_is_unknown() -> None:
    two = SQUADRON.replace('oracle_text: "Squad {2}"', 'oracle_text: "Squad {2}\\nSquad {1}{W}"', 1)
    answer = _answer(two + "battlefield: [{card: Test Squadron, id: sq, squad: 3}]\n")
    [note] = [e for e in answer.result.notes if "squad abilities" in str(e.text)]
    assert "It has 2 squad abilities ({2} and {1}{W})" in str(note.text)
    assert "they create 3 token(s)" in str(note.text)
    assert "how many of its squad abilities trigger is unknown" in str(note.text)
    assert {"702.157a", "702.157b", "603.4"} <= set(note.rules)


def test_squad_not_given_is_unknown_naming_both_outcomes() -> None:
    answer = _answer(SQUADRON + "battlefield: [{card: Test Squadron, id: sq}]\n")
    text = _texts(answer, notes=True)
    assert "Whether its squad cost ({2}) was paid as it was cast is unknown" in text
    assert "paid N times, it triggers" in text
    assert "not paid (or not cast), it doesn't trigger" in text


def test_a_clone_of_a_squad_creature_wasnt_cast_with_squad() -> None:
    answer = _answer(
        SQUADRON
        + "battlefield:\n  - {card: Test Squadron, id: sq, squad: 2}\n  - {card: Clone, id: c, copy_of: sq}\n"
    )
    assert answer.result.current.name == "Test Squadron"
    assert "Its squad ability doesn't trigger" in _texts(answer)
    assert "it entered as a copy" in _texts(answer)


def test_offspring_paid_and_not_paid() -> None:
    paid = _answer(SQUADRON + "battlefield: [{card: Test Hare, id: h, offspring: true}]\n")
    assert "its offspring ability triggers" in _texts(paid)
    assert "1/1" in _texts(paid)
    unpaid = _answer(SQUADRON + "battlefield: [{card: Test Hare, id: h, offspring: false}]\n")
    assert "Its offspring ability doesn't trigger: its offspring cost wasn't paid" in _texts(unpaid)


def test_a_token_copy_of_an_offspring_creature_doesnt_trigger() -> None:
    answer = _answer(
        SQUADRON
        + "battlefield: [{card: Test Hare, id: h, offspring: true}]\n"
        + "actions:\n  - create_token_copy: {of: h, id: kit}\n"
    )
    assert answer.result.id == "kit"
    assert "Its offspring ability doesn't trigger" in _texts(answer)


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (
            "battlefield:\n  - {card: Grizzly Bears, squad: 1}\n",
            "line 2: Grizzly Bears has no squad ability, so squad can't be given for it; the paid costs it "
            "accepts: none",
        ),
        (
            SQUADRON + "battlefield:\n  - {card: Test Squadron, offspring: true}\n",
            "has no offspring ability, so offspring can't be given for it; the paid costs it accepts: squad",
        ),
    ],
)
def test_a_cost_the_card_doesnt_have_is_refused_naming_the_line(board: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        _answer(board)


def _stack(text: str) -> dict[str, Any]:
    spec = load_board(text)
    result: dict[str, Any] = answer_stack_board(spec, spec.stack, cards_for(spec), "test").model_dump(
        mode="json"
    )["result"]
    return result


def test_a_copy_of_a_spell_has_its_buyback_paid_but_nothing_comes_back() -> None:
    result = _stack(
        "stack:\n"
        "  - {card: Searing Touch, id: touch, buyback: true, targets: ['player:opponent']}\n"
        "  - {copy_of: touch, via: Twincast}\n"
    )
    copied = {item["item"]: item for item in result["copied"]}
    assert copied["buyback cost paid"]["value"] is True
    assert copied["buyback cost paid"]["rules"] == ["707.10", "702.27a"]
    steps = " ".join(s["text"] for s in result["steps"])
    assert "ceases to exist, so nothing comes back" in steps


def test_buyback_not_given_says_so_and_the_copy_is_the_same() -> None:
    result = _stack(
        "stack:\n"
        "  - {card: Searing Touch, id: touch, targets: ['player:opponent']}\n"
        "  - {copy_of: touch, via: Twincast}\n"
    )
    assert "buyback cost paid" not in {item["item"] for item in result["copied"]}
    steps = " ".join(s["text"] for s in result["steps"])
    assert "The board doesn't say whether the original's buyback cost was paid" in steps


def test_buyback_given_for_a_spell_without_it_is_refused() -> None:
    spec = load_board(
        "stack:\n  - {card: Lightning Bolt, id: b, buyback: true, targets: ['player:opponent']}\n"
        "  - {copy_of: b, via: Twincast}\n"
    )
    with pytest.raises(StackError, match="line 2: Lightning Bolt has no buyback ability"):
        answer_stack_board(spec, spec.stack, cards_for(spec), "test")


def _stack_with_cards(text: str) -> dict[str, Any]:
    spec = load_board(text)
    result: dict[str, Any] = answer_stack_board(spec, spec.stack, _cards(spec), "test").model_dump(
        mode="json"
    )["result"]
    return result


def test_a_copy_of_a_squad_spell_has_its_payments_and_the_token_it_becomes_triggers() -> None:
    result = _stack_with_cards(
        SQUADRON
        + "stack:\n  - {card: Test Squadron, id: sq, squad: 2}\n  - {copy_of: sq, via: Double Major}\n"
    )
    copied = {item["item"]: item["value"] for item in result["copied"]}
    assert copied["squad cost paid (times)"] == 2
    steps = " ".join(s["text"] for s in result["steps"])
    assert "as it resolves it becomes a token, whose squad ability triggers: it creates 2 token(s)" in steps
    assert "707.10f" in {r for s in result["steps"] for r in s["rules"]}


def test_a_copy_of_a_squad_spell_whose_payments_arent_given_is_unknown() -> None:
    result = _stack_with_cards(
        SQUADRON + "stack:\n  - {card: Test Squadron, id: sq}\n  - {copy_of: sq, via: Double Major}\n"
    )
    steps = " ".join(s["text"] for s in result["steps"])
    assert "Whether the original's squad cost was paid is unknown" in steps


def test_a_resolving_squad_spell_triggers_on_its_payments() -> None:
    answer = _answer(SQUADRON + "actions:\n  - resolves: {card: Test Squadron, id: sq, squad: 1}\n")
    assert "its squad ability triggers (its squad cost was paid 1 time(s))" in _texts(answer)


def test_a_squad_card_returned_by_an_effect_wasnt_cast() -> None:
    answer = _answer(
        SQUADRON
        + "battlefield: [{card: Test Squadron, id: sq, squad: 2}]\n"
        + "actions:\n  - leaves: {object: sq, to: graveyard}\n  - returns: {cards_of: sq}\n"
        + "query: sq\n"
    )
    assert "Its squad ability doesn't trigger: its squad cost wasn't paid" in _texts(answer)
    assert not answer.result.unknowns
