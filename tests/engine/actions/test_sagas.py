"""Sagas entering the battlefield (CR 714.3a, 702.155b): the lore counter they enter with, and read ahead's
number, which a board that doesn't give it leaves unknown (never none or one)."""

from __future__ import annotations

from data.boards import load_board
from engine.answers.copy_result import answer_board
from engine.oracle import parse_card
from tests.card_data import parsed_card, rules_keyword_vocabulary
from tests.engine.copy_cards import cards_for

TREATY = {  # Dominaria United's The Weatherseed Treaty, as its Oracle text reads
    "object": "card",
    "name": "The Weatherseed Treaty",
    "layout": "saga",
    "mana_cost": "{2}{G}",
    "type_line": "Enchantment — Saga",
    "oracle_text": (
        "Read ahead (Choose a chapter and start with that many lore counters. Add one after your draw step. "
        "Skipped chapters don't trigger.)\n"
        "I — Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.\n"
        "II — Create a 1/1 green Saproling creature token.\n"
        "III — Put a +1/+1 counter on target creature you control. It gains trample until end of turn."
    ),
    "colors": ["G"],
}


def test_a_read_ahead_saga_without_its_number_has_unknown_counters() -> None:
    treaty = parse_card(TREATY, rules_keyword_vocabulary())
    spec = load_board("battlefield:\n  - {card: The Weatherseed Treaty, id: saga}\n")
    result = answer_board(spec, {treaty.name: treaty}, "test").result
    assert result.current.counters is None  # unknown: not shown as none
    assert "counters" in result.current.unknown
    [note] = [n for n in result.notes if n.text.startswith("Which counters it enters with is unknown")]
    assert "it has read ahead" in note.text
    assert "702.155b" in note.rules
    assert not any("chapter" in s.text.casefold() and "triggers" in s.text for s in result.steps)


def test_a_read_ahead_saga_with_its_number_given_has_those_counters() -> None:
    treaty = parse_card(TREATY, rules_keyword_vocabulary())
    spec = load_board("battlefield:\n  - {card: The Weatherseed Treaty, id: saga, counters: {lore: 2}}\n")
    result = answer_board(spec, {treaty.name: treaty}, "test").result
    assert result.current.counters == {"lore": 2}
    assert "counters" not in result.current.unknown


def test_a_saga_without_read_ahead_enters_with_one_lore_counter() -> None:
    history = parsed_card("History of Benalia")
    spec = load_board("battlefield:\n  - {card: History of Benalia, id: saga}\n")
    result = answer_board(spec, {history.name: history}, "test").result
    assert result.current.counters == {"lore": 1}
    assert any("714.3a" in s.rules for s in result.steps)


WAR = {  # a Saga creature with read ahead (The Elder Dragon War, as its Oracle text reads)
    "object": "card",
    "name": "The Elder Dragon War",
    "layout": "saga",
    "mana_cost": "{2}{R}{R}",
    "type_line": "Enchantment Creature — Saga Dragon",
    "oracle_text": (
        "Read ahead (Choose a chapter and start with that many lore counters. Add one after your draw step. "
        "Skipped chapters don't trigger.)\n"
        "I — The Elder Dragon War deals 2 damage to each creature and each opponent.\n"
        "II — Discard any number of cards, then draw that many cards.\n"
        "III — Create a 4/4 red Dragon creature token with flying.\nFlying"
    ),
    "power": "4",
    "toughness": "4",
    "colors": ["R"],
}


def test_read_aheads_unknown_lore_counters_leave_its_power_and_which_chapter_triggers() -> None:
    """Lore counters change no power, toughness or loyalty: the Saga creature is a 4/4 whatever number was
    chosen (702.155b); which chapter triggers is what stays open (702.155a)."""
    war = parse_card(WAR, rules_keyword_vocabulary())
    spec = load_board("battlefield:\n  - {card: The Elder Dragon War, id: war}\n")
    result = answer_board(spec, {war.name: war}, "test").result
    current = result.current
    assert (current.power, current.toughness) == (4, 4)
    assert set(current.unknown) == {"counters"}
    [chapter] = [n for n in result.notes if n.text.startswith("Which chapter ability triggers")]
    assert chapter.rules == ("702.155a",)


def test_a_saga_with_no_chapter_abilities_left_is_sacrificed() -> None:
    """Urza's Saga under Blood Moon has no chapter abilities: its final chapter number is 0 (CR 714.2d), so
    with a lore counter it is sacrificed as a state-based action (714.4, 704.5s; its ruling)."""
    spec = load_board(
        "battlefield:\n  - {card: Blood Moon, id: bm}\n"
        '  - {card: "Urza\'s Saga", id: s, counters: {lore: 1}}\nquery: s\n'
    )
    result = answer_board(spec, cards_for(spec), "test").result
    [note] = [n for n in result.notes if "its final chapter number is 0" in n.text]
    assert {"714.4", "714.2d"} <= set(note.rules)
    history = parsed_card("History of Benalia")
    spec = load_board("battlefield:\n  - {card: History of Benalia, id: saga, counters: {lore: 2}}\n")
    result = answer_board(spec, {history.name: history}, "test").result
    assert not any("sacrifices it" in n.text for n in result.notes)
