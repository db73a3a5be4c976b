"""Boards an independent judge review found answered wrongly (review 8), answered as the rules say."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_result import BoardAnswer, answer_board
from engine.answers.stack_answer import answer_stack_board
from engine.copy.effects import CopyError
from engine.core.model import Card
from engine.stack.items import StackError
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test")


def _stack(text: str) -> None:
    spec = load_board(text)
    cards: dict[str, Card] = {name: parsed_card(name) for name in spec.card_names()}
    answer_stack_board(spec, spec.stack, cards, "2025-02-07")


def test_a_spark_double_of_a_titan_whose_kicker_isnt_given_is_a_3_3_with_its_own_counter() -> None:
    """Board 45: the original's kicker doesn't matter to the copy (702.33e, 607.2i; 707.9e)."""
    current = _answer(
        "battlefield:\n  - {card: Kavu Titan, id: titan}\n"
        "  - {card: Spark Double, id: sd, copy_of: titan}\nquery: sd\n"
    ).result.current
    assert (current.power, current.toughness, current.counters, current.unknown) == (3, 3, {"+1/+1": 1}, ())


def test_a_copy_of_a_copy_names_what_the_copy_copied_not_its_excepted_name() -> None:
    """Board 40: Sakashima the Impostor copying Serra Angel is named Sakashima, but copied Serra Angel."""
    answer = _answer(
        "battlefield:\n  - {card: Serra Angel, id: angel}\n"
        '  - {card: "Sakashima the Impostor", id: saka, copy_of: angel}\n'
        "  - {card: Spark Double, id: sd, copy_of: saka}\nquery: sd\n"
    )
    assert any("saka is itself a copy (of Serra Angel, through" in s.text for s in answer.result.steps)


@pytest.mark.parametrize("copier", ["Phantasmal Image", "Spark Double"])
def test_primal_clay_copied_without_a_choice_has_known_counters_and_no_loyalty(copier: str) -> None:
    """Boards 43, 80: none of Primal Clay's options gives counters or loyalty."""
    current = _answer(
        f"battlefield:\n  - {{card: Primal Clay, id: clay, choices: {{option: 1}}}}\n"
        f"  - {{card: {copier}, id: c, copy_of: clay}}\nquery: c\n"
    ).result.current
    assert "counters" not in current.unknown
    assert "loyalty" not in current.unknown
    assert current.counters == ({"+1/+1": 1} if copier == "Spark Double" else {})


def test_cryptoplasm_cant_target_an_opponents_hexproof_creature() -> None:
    """Board 87: its upkeep ability targets (702.11b)."""
    with pytest.raises(CopyError, match="can't be targeted: it has hexproof"):
        _answer(
            "battlefield:\n  - {card: Troll Ascetic, id: troll, controller: opponent}\n"
            "  - {card: Cryptoplasm, id: cp}\n"
            "actions:\n  - becomes_copy: {object: cp, of: troll}\n"
        )


@pytest.mark.parametrize(
    ("creature", "why"),
    [
        ("Troll Ascetic", "can.t be targeted by it: it has hexproof"),
        ("Paladin en-Vec", "can.t be targeted by it: it has protection from red"),
    ],
)
def test_a_copy_of_a_bolt_cant_get_a_new_target_it_cant_target(creature: str, why: str) -> None:
    """Boards 58, 84: 707.10c allows only legal new targets (702.11b, 702.16b)."""
    with pytest.raises(StackError, match=why):
        _stack(
            f"battlefield:\n  - {{card: {creature}, id: c, controller: opponent}}\n"
            "stack:\n  - {card: Lightning Bolt, id: bolt, controller: opponent, targets: [player:you]}\n"
            "  - {copy_of: bolt, via: Twincast, new_targets: [c]}\n"
        )


def test_a_token_essence_replaced_isnt_said_to_have_its_creators_characteristics() -> None:
    """Board 74: Spitting Image's token entering beside Essence of the Wild is a copy of Essence (614.12)."""
    answer = _answer(
        "battlefield:\n  - {card: Essence of the Wild, id: essence}\n"
        "  - {card: Serra Angel, id: angel, controller: opponent}\n"
        "stack:\n  - {card: Spitting Image, id: si, targets: [angel]}\n"
        "actions:\n  - create_token_copy: {of: angel, via: si, id: tok}\nquery: tok\n"
    )
    assert (answer.result.current.name, answer.result.current.power) == ("Essence of the Wild", 6)
    steps = " ".join(s.text for s in answer.result.steps)
    assert "it has only the characteristics that effect gave it" not in steps
    assert "its characteristics are those of the copy effect it entered with last" in steps


def test_a_token_with_haste_already_has_known_abilities_whatever_riot_chose() -> None:
    """Board 78: riot's haste adds nothing to Kiki-Jiki's hasty token (702.10d); its counter is open."""
    current = _answer(
        'turn: you\nbattlefield:\n  - {card: "Kiki-Jiki, Mirror Breaker", id: kiki}\n'
        "  - {card: Gruul Spellbreaker, id: gs}\n"
        "actions:\n  - create_token_copy: {of: gs, via: kiki, id: tok}\nquery: tok\n"
    ).result.current
    assert "abilities" not in current.unknown
    assert {"power", "counters"} <= set(current.unknown)


@pytest.mark.parametrize(
    ("kicked", "said"),
    [
        ("", "how many times it was kicked is unknown, because the board doesn't say (kicked: {times: N})"),
        (", kicked: {times: 2}", "it was kicked 2 time(s), so it does that 2 time(s)"),
    ],
)
def test_a_multikicker_trigger_says_how_many_times_or_that_it_isnt_given(kicked: str, said: str) -> None:
    """Board 46: Wolfbriar Elemental's Wolves, one for each time it was kicked (702.33c, 702.33d)."""
    answer = _answer(f"actions:\n  - enters: {{card: Wolfbriar Elemental, id: wolf{kicked}}}\nquery: wolf\n")
    texts = [e for e in (*answer.result.steps, *answer.result.notes) if "Wolf creature token" in e.text]
    assert len(texts) == 1
    assert said in texts[0].text
    assert "702.33d" in texts[0].rules


def test_a_stack_entry_cant_have_targeted_an_opponents_hexproof_creature_it_makes_a_copy() -> None:
    """Board 85: your Cytoshape targets the creature that becomes a copy (702.11b, 601.2c)."""
    with pytest.raises(
        CopyError, match="cyto on the stack targets troll, which can't be targeted by it: it has hex"
    ):
        _answer(
            "battlefield:\n  - {card: Serra Angel, id: angel}\n"
            "  - {card: Troll Ascetic, id: troll, controller: opponent}\n"
            "stack:\n  - {card: Cytoshape, id: cyto, targets: [troll]}\n"
            "actions:\n  - becomes_copy: {object: troll, of: angel, via: cyto}\n"
        )
