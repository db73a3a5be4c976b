"""Riot: "You may have this permanent enter with an additional +1/+1 counter on it. If you don't, it gains
haste" (CR 702.136a). One choice decides both, given as ``choices: {may: done | not done}``; not given, both
the counter and haste are open, never a plain 3/3 without haste."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_result import ObjectAnswer, answer_board
from tests.engine.copy_cards import cards_for


def _spellbreaker(extra: str = "", turn: str = "") -> ObjectAnswer:
    text = f"{turn}battlefield:\n  - {{card: Gruul Spellbreaker, id: gs{extra}}}\n"
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test").result


def test_without_the_riot_choice_its_counter_and_haste_are_open() -> None:
    current = _spellbreaker().current
    assert {"counters", "power", "toughness", "abilities"} <= set(current.unknown)
    assert "Haste" not in current.abilities


@pytest.mark.parametrize(("choice", "pt", "haste"), [("done", (4, 4), False), ("not done", (3, 3), True)])
def test_the_riot_choice_gives_the_counter_or_haste(choice: str, pt: tuple[int, int], haste: bool) -> None:
    result = _spellbreaker(f", choices: {{may: {choice}}}", "turn: you\n")
    current = result.current
    assert (current.power, current.toughness) == pt
    assert ("Haste" in current.abilities) is haste
    assert "Hexproof" in current.abilities  # "you and ~ have hexproof" on your turn (611.3a)
    assert current.unknown == ()
    assert any("702.136a" in step.rules for step in result.steps)  # the counter or the haste, by riot


def test_hexproof_on_your_turn_needs_whose_turn_it_is() -> None:
    current = _spellbreaker(", choices: {may: done}").current
    assert current.unknown == ("abilities",)
