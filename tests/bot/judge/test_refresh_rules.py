"""A refresh also keeps the rules and the printed names fresh (issue 25 §5), against the fake Scryfall
and its fake rules page: a newer rules file is loaded and answers citing a rule it changed say so, the
same file is never downloaded again, a rules file that fails keeps the stored rules (and the cards are
refreshed all the same), and the printed names of ``refresh_languages`` follow the all_cards file."""

from __future__ import annotations

import asyncio
import threading
from datetime import date
from pathlib import Path
from typing import Any

import pytest

import bot.judge.refresh as refresh_module
from bot.judge import Judge
from bot.judge.rules import RuleAnswer
from data.db import open_database
from data.rules.parser import RulesDocument
from data.rules.store import RulesStore, StoredRule
from tests.bot.i18n.test_sync import printing, stored
from tests.bot.judge.test_refresh import online
from tests.card_data import card_json
from tests.data.scryfall.test_sync_bulk_files import NEWER, cache_state, ruling
from tests.fakes.scryfall import FakeScryfall, Fault

SHARED_FILE = "MagicCompRules 20250207.txt"
NEWER_FILE = "MagicCompRules 20330304.txt"
QUESTIONS = 200
# 607.2a as the engine cites it ("The second ability refers only to cards in the exile zone"), reworded
CITED = b"The second ability refers only to cards in the exile zone that were put there"
REWORDED = b"The second ability refers to the cards that were put there"


@pytest.fixture
def newer_rules(rules_path: Path) -> bytes:
    """The shared rules file as a later edition: effective 2033-03-04, with 607.2a reworded."""
    raw = rules_path.read_bytes()
    assert CITED in raw
    return raw.replace(b"effective as of February 7, 2025", b"effective as of March 4, 2033").replace(
        CITED, REWORDED
    )


@pytest.fixture
async def cache(tmp_path: Path, fake_scryfall: FakeScryfall, rules_document: RulesDocument) -> Path:
    """A cache synced once with Nightveil Specter and Opt, holding the shared rules (2025-02-07), which
    the fake rules page links."""
    path = tmp_path / "cache.db"
    fake_scryfall.bulk_cards = [card_json("Nightveil Specter"), card_json("Opt")]
    fake_scryfall.bulk_rulings = [ruling("Opt", "Before.")]
    fake_scryfall.rules_link = SHARED_FILE
    async with Judge.open(online(path, fake_scryfall)) as judge:
        await judge.sync_cards()
    db = open_database(path)
    RulesStore(db).load(rules_document)
    db.close()
    return path


def _stored_version(path: Path) -> date | None:
    db = open_database(path)
    try:
        return RulesStore(db).version()
    finally:
        db.close()


async def _rule(judge: Judge, number: str) -> StoredRule:
    """The rule ``number`` as the Judge answers it."""
    answer = await judge.rule(number)
    assert isinstance(answer, RuleAnswer)
    return answer.rule


def _publish(fake: FakeScryfall, name: str, raw: bytes) -> None:
    fake.rules_link = name
    fake.rules_files = {name: raw}


async def test_the_same_rules_file_is_never_downloaded(cache: Path, fake_scryfall: FakeScryfall) -> None:
    async with Judge.open(online(cache, fake_scryfall)) as judge:
        outcome = await judge.refresh_cards()
    assert outcome.kind == "unchanged"
    assert "rules of 2025-02-07" in outcome.current
    assert len(fake_scryfall.requests_to("/rules")) == 1  # the page only
    assert not fake_scryfall.requests_to("/rules/files")


async def test_newer_rules_are_loaded_and_an_answer_citing_a_changed_rule_says_so(
    cache: Path, fake_scryfall: FakeScryfall, newer_rules: bytes
) -> None:
    async with Judge.open(online(cache, fake_scryfall)) as judge:
        before = await judge.linked(["Nightveil Specter"])
        assert "607.2a" in before.cited_rules()
        assert before.rules_note is None
        _publish(fake_scryfall, NEWER_FILE, newer_rules)
        outcome = await judge.refresh_cards()
        assert (outcome.kind, outcome.refreshed) == ("imported", ("rules of 2033-03-04",))
        assert outcome.line().startswith("data refresh: imported rules of 2033-03-04 in ")
        after = await judge.linked(["Nightveil Specter"])
        assert after.rules_note is not None
        assert "checked against the Comprehensive Rules of 2025-02-07" in after.rules_note
        assert "(2033-03-04) changed rule 607.2a" in after.rules_note
        rule = await _rule(judge, "607.2a")
        assert rule.version == date(2033, 3, 4)
        assert REWORDED.decode() in rule.text
        again = await judge.refresh_cards()
    assert again.kind == "unchanged"
    assert "rules of 2033-03-04" in again.current
    assert len(fake_scryfall.requests_to("/rules/files")) == 1  # the newer file, once
    assert _stored_version(cache) == date(2033, 3, 4)


async def test_a_file_whose_name_gives_no_date_is_downloaded_once(
    cache: Path, fake_scryfall: FakeScryfall, newer_rules: bytes
) -> None:
    _publish(fake_scryfall, "comprehensive-rules.txt", newer_rules)
    async with Judge.open(online(cache, fake_scryfall)) as judge:
        assert (await judge.refresh_cards()).refreshed == ("rules of 2033-03-04",)
        assert (await judge.refresh_cards()).kind == "unchanged"
    assert len(fake_scryfall.requests_to("/rules/files")) == 1


async def test_a_newer_name_on_rules_no_newer_loads_nothing_and_is_not_downloaded_again(
    cache: Path, fake_scryfall: FakeScryfall, rules_path: Path
) -> None:
    _publish(fake_scryfall, NEWER_FILE, rules_path.read_bytes())  # named 2033, effective 2025-02-07
    async with Judge.open(online(cache, fake_scryfall)) as judge:
        first, second = await judge.refresh_cards(), await judge.refresh_cards()
    assert (first.kind, second.kind) == ("unchanged", "unchanged")
    assert "rules of 2025-02-07" in first.current
    assert len(fake_scryfall.requests_to("/rules/files")) == 1
    assert _stored_version(cache) == date(2025, 2, 7)


def _broken(fake: FakeScryfall, how: str, newer_rules: bytes) -> None:
    if how == "the page fails":
        _publish(fake, NEWER_FILE, newer_rules)
        fake.fail_next(Fault("raw", "/rules", status=500, body=b"oops", content_type="text/plain"))
    elif how == "the page links no file":
        fake.fail_next(Fault("raw", "/rules", body=b"<html>moved</html>", content_type="text/html"))
    elif how == "the file is missing":
        fake.rules_link, fake.rules_files = NEWER_FILE, {}
    elif how == "the file is cut short":
        _publish(fake, NEWER_FILE, newer_rules[: len(newer_rules) // 2])
    else:  # not a rules file at all
        _publish(fake, NEWER_FILE, b"<html>Access denied</html>")


@pytest.mark.parametrize(
    ("how", "said"),
    [
        ("the page fails", "answered HTTP 500"),
        ("the page links no file", "links no .txt file"),
        ("the file is missing", "answered HTTP 404"),
        ("the file is cut short", "looks like part of the rules only"),
        ("not a rules file", "not a Comprehensive Rules file"),
    ],
)
async def test_a_failed_rules_refresh_keeps_the_rules_and_still_refreshes_the_cards(
    cache: Path, fake_scryfall: FakeScryfall, newer_rules: bytes, how: str, said: str
) -> None:
    _broken(fake_scryfall, how, newer_rules)
    fake_scryfall.bulk_cards = [*fake_scryfall.bulk_cards, card_json("Tarmogoyf")]
    fake_scryfall.bulk_updated_at = NEWER
    async with Judge.open(online(cache, fake_scryfall)) as judge:
        failed = await judge.refresh_cards()
        assert failed.kind == "failed"
        assert failed.detail.startswith("rules: ")
        assert said in failed.detail
        assert failed.detail.endswith("; the stored rules stay")
        assert failed.refreshed == (f"cards of {NEWER} (3 cards)", "rulings (1)")
        assert _stored_version(cache) == date(2025, 2, 7)
        assert (await _rule(judge, "607.2a")).version == date(2025, 2, 7)
        _publish(fake_scryfall, NEWER_FILE, newer_rules)
        retried = await judge.refresh_cards()
    assert (retried.kind, retried.refreshed) == ("imported", ("rules of 2033-03-04",))
    assert cache_state(cache)[0] == 3


async def test_rule_questions_are_answered_from_the_old_rules_while_the_new_ones_load(
    cache: Path, fake_scryfall: FakeScryfall, newer_rules: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rules load waits (on its own thread) until 200 rule questions are answered: had they to
    wait for it, they never would be. They see the old rules; after it commits, the new."""
    answered, loading = threading.Event(), threading.Event()
    load_newer = refresh_module._load_newer

    def held_load(*args: Any) -> object:
        loading.set()
        assert answered.wait(timeout=120), "questions waited for the rules to load"
        return load_newer(*args)

    monkeypatch.setattr(refresh_module, "_load_newer", held_load)
    _publish(fake_scryfall, NEWER_FILE, newer_rules)
    async with Judge.open(online(cache, fake_scryfall)) as judge:
        refreshing = asyncio.create_task(judge.refresh_cards())
        while not loading.is_set():
            await asyncio.sleep(0.01)
        rules = await asyncio.gather(*(_rule(judge, "607.2a") for _ in range(QUESTIONS)))
        answered.set()
        outcome = await refreshing
        assert {rule.version for rule in rules} == {date(2025, 2, 7)}
        assert outcome.refreshed == ("rules of 2033-03-04",)
        assert (await _rule(judge, "607.2a")).version == date(2033, 3, 4)


async def test_the_printed_names_of_the_set_languages_follow_the_all_cards_file(
    cache: Path, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.all_cards_updated_at = "2020-01-01T00:00:00.000+00:00"
    fake_scryfall.bulk_all_cards = [
        printing("Opt", "en"),
        printing("Opt", "ja"),
        printing("Opt", "de"),
    ]
    settings = online(cache, fake_scryfall, refresh_languages=("ja",))
    async with Judge.open(settings) as judge:
        first = await judge.refresh_cards()
        assert first.refreshed == ("printed names of 2020-01-01T00:00:00.000+00:00 (ja: 1 printings)",)
        assert stored(cache) == {("ja", "選択")}
        assert (await judge.card("選択")).name == "Opt"
        same = await judge.refresh_cards()
        assert same.kind == "unchanged"
        assert "printed names (ja) of 2020-01-01T00:00:00.000+00:00" in same.current
        assert len(fake_scryfall.requests_to("/downloads/all-cards.json")) == 1
        fake_scryfall.all_cards_updated_at = "2020-02-01T00:00:00.000+00:00"
        fake_scryfall.bulk_all_cards.append(printing("Nightveil Specter", "ja"))
        later = await judge.refresh_cards()
        assert later.refreshed == ("printed names of 2020-02-01T00:00:00.000+00:00 (ja: 2 printings)",)
        assert (await judge.card("夜帷の死霊")).name == "Nightveil Specter"
    assert stored(cache) == {("ja", "選択"), ("ja", "夜帷の死霊")}
    assert len(fake_scryfall.requests_to("/downloads/all-cards.json")) == 2


async def test_a_language_added_later_is_imported_though_the_file_is_the_same(
    cache: Path, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.bulk_all_cards = [printing("Opt", "ja"), printing("Opt", "de")]
    async with Judge.open(online(cache, fake_scryfall, refresh_languages=("ja",))) as judge:
        await judge.refresh_cards()
    async with Judge.open(online(cache, fake_scryfall, refresh_languages=("ja", "de"))) as judge:
        outcome = await judge.refresh_cards()
    assert outcome.refreshed == (f"printed names of {fake_scryfall.bulk_updated_at} (de: 1 printings)",)
    assert stored(cache) == {("ja", "選択"), ("de", "Abwägen")}


async def test_an_unknown_language_fails_that_part_only(cache: Path, fake_scryfall: FakeScryfall) -> None:
    async with Judge.open(online(cache, fake_scryfall, refresh_languages=("xx",))) as judge:
        outcome = await judge.refresh_cards()
    assert outcome.kind == "failed"
    assert outcome.detail.startswith("printed names: MTG_JUDGE_REFRESH_LANGUAGES: ")
    assert "got xx" in outcome.detail
    assert not fake_scryfall.requests_to("/downloads/all-cards.json")
    assert len(outcome.current) == 2  # the cards and the rules were checked all the same


def test_the_languages_setting_reads_a_comma_list(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from bot.config import Settings

    monkeypatch.setenv("MTG_JUDGE_REFRESH_LANGUAGES", "ja, fr")
    assert Settings(db=tmp_path / "c.db").refresh_languages == ["ja", "fr"]
    monkeypatch.setenv("MTG_JUDGE_REFRESH_LANGUAGES", '["de"]')
    assert Settings(db=tmp_path / "c.db").refresh_languages == ["de"]
    monkeypatch.delenv("MTG_JUDGE_REFRESH_LANGUAGES")
    assert Settings(db=tmp_path / "c.db").refresh_languages == []


async def test_a_failed_printings_download_keeps_the_names_and_the_next_refresh_imports(
    cache: Path, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.bulk_all_cards = [printing("Opt", "ja")]
    gone = b'{"object": "error", "code": "not_found", "status": 404, "details": "Gone."}'
    fake_scryfall.fail_next(Fault("raw", "/downloads/all-cards.json", status=404, body=gone))
    async with Judge.open(online(cache, fake_scryfall, refresh_languages=("ja",))) as judge:
        failed = await judge.refresh_cards()
        assert failed.kind == "failed"
        assert failed.detail.startswith("printed names: cannot download the all_cards bulk file: ")
        assert stored(cache) == set()
        retried = await judge.refresh_cards()
    assert retried.refreshed == (f"printed names of {fake_scryfall.bulk_updated_at} (ja: 1 printings)",)
    assert stored(cache) == {("ja", "選択")}
