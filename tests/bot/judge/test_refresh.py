"""A running bot keeps its data fresh (issue 25 §5), against the local fake Scryfall: an unchanged bulk
file is not downloaded, a newer one is imported apart from the questions (answered from the old data
until it commits), a failed refresh keeps the old data, and the schedule jitters and retries sooner."""

from __future__ import annotations

import asyncio
import logging
import threading
from pathlib import Path
from typing import Literal, cast

import pytest

import bot.judge.refresh as refresh_module
from bot.config import Settings
from bot.data_refresh import JITTER, DataRefresher
from bot.discord_bot import data_refresher
from bot.judge import Judge, RefreshOutcome
from bot.judge.imports import BULK_UPDATED_AT, import_bulk_files
from data.cards.repository import CardRepository
from data.db import open_database
from data.rules.parser import parse_rules
from data.rules.store import RulesStore
from tests.card_data import card_json
from tests.data.rules.test_rules_parser import MINI_RULES
from tests.data.scryfall.test_sync_bulk_files import NEWER, cache_state, ruling
from tests.fakes.scryfall import FakeScryfall

FIRST = "2019-09-26T09:02:48.000+00:00"
QUESTIONS = 200
MINI_FILE = "MagicCompRules 20330304.txt"  # the name of the rules the cache holds (own_rules_mini.txt)


def online(path: Path, fake: FakeScryfall, refresh_languages: tuple[str, ...] = ()) -> Settings:
    """Settings for the cache at ``path`` with the network on, Scryfall and the rules page the fake's."""
    return Settings(
        db=path,
        offline=False,
        scryfall_base_url=fake.url,
        rules_url=fake.rules_url,
        refresh_languages=list(refresh_languages),
    )


@pytest.fixture
async def cache(tmp_path: Path, fake_scryfall: FakeScryfall) -> Path:
    """A cache synced once with Opt and Fling (bulk file of FIRST) holding the small rules file that the
    fake rules page links (so the rules are current)."""
    path = tmp_path / "cache.db"
    fake_scryfall.bulk_cards = [card_json("Opt"), card_json("Fling")]
    fake_scryfall.bulk_rulings = [ruling("Opt", "Before.")]
    fake_scryfall.rules_link = MINI_FILE
    fake_scryfall.rules_files = {MINI_FILE: MINI_RULES.encode()}
    async with Judge.open(online(path, fake_scryfall)) as judge:
        await judge.sync_cards()
    db = open_database(path)
    RulesStore(db).load(parse_rules(MINI_RULES))
    db.close()
    return path


def _newer(fake: FakeScryfall) -> None:
    fake.bulk_cards = [card_json("Opt"), card_json("Fling"), card_json("Tarmogoyf")]
    fake.bulk_rulings = [ruling("Opt", "After.")]
    fake.bulk_updated_at = NEWER


def _stored_updated_at(path: Path) -> str | None:
    db = open_database(path)
    try:
        return CardRepository(db).metadata().get(BULK_UPDATED_AT)
    finally:
        db.close()


async def test_an_unchanged_bulk_file_is_not_downloaded(cache: Path, fake_scryfall: FakeScryfall) -> None:
    downloads = len(fake_scryfall.requests_to("/downloads"))
    async with Judge.open(online(cache, fake_scryfall)) as judge:
        outcome = await judge.refresh_cards()
    assert (outcome.kind, outcome.updated_at, outcome.refreshed) == ("unchanged", FIRST, ())
    assert outcome.current == (f"Scryfall's bulk files of {FIRST}", "rules of 2033-03-04")
    assert len(fake_scryfall.requests_to("/downloads")) == downloads  # all_cards neither: no languages set
    assert fake_scryfall.requests_to("/rules")  # the page only
    assert not fake_scryfall.requests_to("/rules/files")
    assert _stored_updated_at(cache) == FIRST
    assert outcome.line() == (
        f"data refresh: already current: Scryfall's bulk files of {FIRST}, rules of 2033-03-04"
    )


async def test_a_newer_bulk_file_is_imported_and_answers_at_once(
    cache: Path, fake_scryfall: FakeScryfall
) -> None:
    async with Judge.open(online(cache, fake_scryfall)) as judge:
        assert (await judge.card("Opt")).oracle.name == "Opt"  # the old data, cached by the Judge
        _newer(fake_scryfall)
        outcome = await judge.refresh_cards()
        assert (outcome.kind, outcome.updated_at, outcome.detail) == ("imported", NEWER, "")
        assert outcome.refreshed == (f"cards of {NEWER} (3 cards)", "rulings (1)")
        assert outcome.current == ("rules of 2033-03-04",)
        assert outcome.seconds > 0
        assert (await judge.card("Tarmogoyf")).oracle.name == "Tarmogoyf"
    assert cache_state(cache) == (3, "2020-01-02", ["Fling", "Opt", "Tarmogoyf"], ["After."])
    assert _stored_updated_at(cache) == NEWER


async def test_a_failed_refresh_keeps_the_old_data_and_the_next_one_imports(
    cache: Path, fake_scryfall: FakeScryfall
) -> None:
    _newer(fake_scryfall)
    fake_scryfall.bulk_cards_body = b"[{"  # cut short
    async with Judge.open(online(cache, fake_scryfall)) as judge:
        failed = await judge.refresh_cards()
        assert failed.kind == "failed"
        assert failed.detail.startswith("cards: ")
        assert "cut short" in failed.detail
        assert (failed.refreshed, failed.current) == ((), ("rules of 2033-03-04",))
        assert failed.line().startswith("data refresh failed, the old data stays (retrying later): cards: ")
        assert cache_state(cache) == (2, "2019-09-26", ["Fling", "Opt"], ["Before."])
        fake_scryfall.bulk_cards_body = None
        assert (await judge.refresh_cards()).kind == "imported"
    assert cache_state(cache)[0] == 3


async def test_questions_are_answered_from_the_old_data_while_the_import_runs(
    cache: Path, fake_scryfall: FakeScryfall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The import waits (on its own thread) until 200 questions have been answered: had they to wait
    for the import, they never would be. They see the old data (no Tarmogoyf yet); after it, the new."""
    answered = threading.Event()

    def held_import(*args: object, **kwargs: object) -> object:
        assert answered.wait(timeout=120), "questions waited for the import"
        return import_bulk_files(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(refresh_module, "import_bulk_files", held_import)
    _newer(fake_scryfall)
    async with Judge.open(online(cache, fake_scryfall)) as judge:
        refreshing = asyncio.create_task(judge.refresh_cards())
        while not fake_scryfall.requests_to("/downloads/rulings.json"):
            await asyncio.sleep(0.01)  # the import is about to start
        names = await asyncio.gather(*(judge.card("Opt") for _ in range(QUESTIONS)))
        assert cache_state(cache)[0] == 2  # not yet committed: the old data
        answered.set()
        outcome = await refreshing
        assert [n.oracle.name for n in names] == ["Opt"] * QUESTIONS
        assert outcome.kind == "imported"
        assert (await judge.card("Tarmogoyf")).oracle.name == "Tarmogoyf"


def _outcome(kind: Literal["unchanged", "imported", "failed"]) -> RefreshOutcome:
    if kind == "failed":
        return RefreshOutcome(kind, NEWER, "rules: could not fetch the page", 0.0, current=("cards",))
    refreshed = (f"cards of {NEWER} (3 cards)", "rules of 2033-03-04") if kind == "imported" else ()
    return RefreshOutcome(kind, NEWER, "", 1.5, refreshed, () if refreshed else (f"bulk files of {NEWER}",))


class _FakeJudge:
    def __init__(self, *kinds: Literal["unchanged", "imported", "failed"]) -> None:
        self.kinds = list(kinds)

    async def refresh_cards(self) -> RefreshOutcome:
        return _outcome(self.kinds.pop(0))


def _judge(*kinds: Literal["unchanged", "imported", "failed"]) -> Judge:
    """A stand-in Judge whose refreshes end as ``kinds`` say, one after another."""
    return cast(Judge, _FakeJudge(*kinds))


def test_checks_come_every_interval_with_a_jitter_and_sooner_after_a_failure() -> None:
    refresher = DataRefresher(_judge(), every=86_400, retry=3_600, uniform=lambda low, high: high)
    assert refresher.delay(None) == pytest.approx(86_400 * (1 + JITTER))
    assert refresher.delay(_outcome("imported")) == pytest.approx(86_400 * (1 + JITTER))
    assert refresher.delay(_outcome("failed")) == pytest.approx(3_600 * (1 + JITTER))
    spread = DataRefresher(_judge(), every=100, retry=10)
    delays = {spread.delay(None) for _ in range(50)}
    assert all(90 <= d <= 110 for d in delays)
    assert len(delays) > 1


async def test_each_check_logs_one_line_and_the_loop_retries(caplog: pytest.LogCaptureFixture) -> None:
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) > 3:
            raise asyncio.CancelledError

    judge = _judge("failed", "imported", "unchanged")
    refresher = DataRefresher(judge, every=1_000, retry=10, sleep=sleep, uniform=lambda low, high: 1.0)
    with caplog.at_level(logging.INFO, logger="bot.data_refresh"), pytest.raises(asyncio.CancelledError):
        await refresher.run()
    assert slept == [1_000, 10, 1_000, 1_000]
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 3
    assert lines[0] == (
        "data refresh failed, the old data stays (retrying later): rules: could not fetch the page; "
        "already current: cards"
    )
    assert [r.levelname for r in caplog.records] == ["WARNING", "INFO", "INFO"]
    assert lines[1] == f"data refresh: imported cards of {NEWER} (3 cards), rules of 2033-03-04 in 1.5 s"
    assert lines[2] == f"data refresh: already current: bulk files of {NEWER}"


def test_the_bot_refreshes_only_online_and_when_it_is_on(tmp_path: Path) -> None:
    judge = _judge()
    online = Settings(db=tmp_path / "c.db")
    assert data_refresher(online, judge) is not None
    assert data_refresher(online.model_copy(update={"offline": True}), judge) is None
    assert data_refresher(online.model_copy(update={"refresh_hours": 0}), judge) is None
