"""The Judge: one object per process, typed answers, one error family, nothing reloaded per question."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

from bot.config import Settings
from bot.judge import (
    LIMITS,
    AmbiguousCardName,
    BoardResult,
    CardNotFound,
    GlossaryAnswer,
    InvalidQuestion,
    Judge,
    JudgeError,
    RuleAnswer,
    RuleNotFound,
    RulesUnavailable,
    UserError,
    WorldError,
    original_state,
)
from engine import BoardAnswer

CLONE_OF_GOYF = ("Clone", "Tarmogoyf")


async def test_a_copy_question_answers_with_rule_numbers(offline_settings: Settings) -> None:
    async with Judge.open(offline_settings) as judge:
        state = original_state(graveyard="Lightning Bolt, Forest")
        result = await judge.copy(*CLONE_OF_GOYF, state)
    assert isinstance(result, BoardResult)
    assert isinstance(result.answer, BoardAnswer)
    current = result.answer.result.current
    assert (current.name, current.power, current.toughness) == ("Tarmogoyf", 2, 3)
    assert any(rule.startswith("707") for step in result.answer.result.steps for rule in step.rules)
    assert result.downloaded is None
    assert result.rules_note is None


async def test_linked_rule_and_card_answers_are_typed(offline_settings: Settings) -> None:
    async with Judge.open(offline_settings) as judge:
        linked = await judge.linked(["Nightveil Specter"])
        rule = await judge.rule("707.2")
        term = await judge.rule("copiable values")
        card = await judge.card("tarmogoyf")
    assert linked.report.card == "Nightveil Specter"
    assert [link.rule for link in linked.report.links]
    assert all(link.rule.startswith("607") for link in linked.report.links)
    assert isinstance(rule, RuleAnswer)
    assert rule.rule.number == "707.2"
    assert isinstance(term, GlossaryAnswer)
    assert "707" in " ".join(r.number for r in term.rules)
    assert card.name == "Tarmogoyf"
    assert card.faces[0].stats == "*/1+*"
    assert card.json_payload()["name"] == "Tarmogoyf"


async def test_errors_belong_to_one_family_with_candidates(offline_settings: Settings) -> None:
    async with Judge.open(offline_settings) as judge:
        with pytest.raises(AmbiguousCardName) as ambiguous:
            await judge.card("phoenix")
        with pytest.raises(CardNotFound) as unknown:
            await judge.card("tarmogoyfqqq zzz")
        with pytest.raises(RuleNotFound) as no_rule:
            await judge.rule("999.9z")
        with pytest.raises(InvalidQuestion):
            await judge.linked(["Opt"] * (LIMITS.cards_per_question + 1))
    assert ambiguous.value.candidates
    assert isinstance(ambiguous.value, UserError)
    assert isinstance(unknown.value, UserError)
    assert no_rule.value.suggestions
    assert isinstance(no_rule.value, JudgeError)


async def test_no_rules_offline_is_the_worlds_fault(card_cache_db: Path, tmp_path: Path) -> None:
    path = tmp_path / "cards.db"
    path.write_bytes(card_cache_db.read_bytes())
    async with Judge.open(Settings(db=path, offline=True)) as judge:
        with pytest.raises(RulesUnavailable) as caught:
            await judge.linked(["Opt"])
        assert await judge.complete_rules("707") == []
    assert isinstance(caught.value, WorldError)
    assert "mtg-judge import-rules PATH" in caught.value.message


async def test_autocomplete_offers_prefix_word_start_and_fuzzy_names(offline_settings: Settings) -> None:
    async with Judge.open(offline_settings) as judge:
        prefix = await judge.complete_card_names("Tarm")
        word_start = await judge.complete_card_names("specter")
        typo = await judge.complete_card_names("tarmogyf")
        many = await judge.complete_card_names("sh")
        rules = await judge.complete_rules("707.2")
        terms = await judge.complete_rules("copia")
    assert prefix[0] == "Tarmogoyf"
    assert "Nightveil Specter" in word_start
    assert "Tarmogoyf" in typo
    assert len(many) == LIMITS.autocomplete_results
    assert all(len(name) <= 100 for name in many)
    assert rules[0] == "707.2"
    assert all(number.startswith("707.2") for number in rules)
    assert "Copiable Values" in terms


async def test_a_new_card_import_is_seen_without_a_restart(
    offline_settings: Settings, tmp_path: Path
) -> None:
    custom = {
        "object": "card",
        "name": "Judgebot Test Golem",
        "layout": "normal",
        "mana_cost": "{3}",
        "cmc": 3.0,
        "type_line": "Artifact Creature — Golem",
        "oracle_text": "",
        "power": "3",
        "toughness": "3",
        "colors": [],
    }
    bulk = tmp_path / "one.jsonl"
    bulk.write_text(json.dumps(custom) + "\n")
    async with Judge.open(offline_settings, preload=True) as judge:
        with pytest.raises(CardNotFound):
            await judge.card("Judgebot Test Golem")
        async with Judge.open(offline_settings) as other_process:
            await other_process.import_cards(bulk)
        assert (await judge.card("Judgebot Test Golem")).name == "Judgebot Test Golem"
        assert "Judgebot Test Golem" in await judge.complete_card_names("judgebot")
        result = await judge.copy("Clone", "Judgebot Test Golem", original_state())
    assert result.answer.result.current.power == 3


LOOP_LATE_MAX = 0.5


async def test_the_event_loop_stays_responsive_under_200_concurrent_questions(
    offline_settings: Settings,
) -> None:
    """While 200 questions run at once, a ticker on the loop is never late by half a second: the work runs
    off the loop (the 50 ms target is timed in ``benchmarks/``; a test bound is over 10x the idle 6-14 ms)."""
    creatures = ["Tarmogoyf", "Grizzly Bears", "Serra Angel", "Nightveil Specter", "Wall of Omens"]
    async with Judge.open(offline_settings, preload=True) as judge:
        await judge.copy("Clone", "Grizzly Bears", original_state())  # warm: rules read, cards parsed
        late: list[float] = []
        done = asyncio.Event()

        async def ticker() -> None:
            while not done.is_set():
                start = time.perf_counter()
                await asyncio.sleep(0.005)
                late.append(time.perf_counter() - start - 0.005)

        ticking = asyncio.create_task(ticker())
        questions = [
            judge.copy("Clone", creatures[i % len(creatures)], original_state())
            if i % 2
            else judge.linked([creatures[i % len(creatures)]])
            for i in range(200)
        ]
        answers = await asyncio.gather(*questions)
        done.set()
        await ticking
    assert len(answers) == 200
    assert max(late) < LOOP_LATE_MAX, f"the loop was late by {max(late) * 1000:.1f} ms"
