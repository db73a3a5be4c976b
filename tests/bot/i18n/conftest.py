"""Fixtures for the Japanese tests: the session caches with the Japanese printings of the seed pages'
cards (``fixtures/ja-printings.jsonl``, written from ``../shared/seeds/*.ja.txt``) imported."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.config import Settings
from data.cards.printings import import_printings
from data.db import open_database
from tests.cogs.conftest import bot_cache_db  # noqa: F401 -- the bot's session cache, extended below
from tests.fakes.scryfall import FakeScryfall

JA_FIXTURE = Path(__file__).parent / "fixtures" / "ja-printings.jsonl"


def with_printings(source: Path, destination: Path) -> Path:
    """A copy of the cache at ``source`` with the fixture's Japanese printings imported."""
    shutil.copy(source, destination)
    db = open_database(destination)
    import_printings(db, JA_FIXTURE)
    db.close()
    return destination


@pytest.fixture(scope="session")
def ja_card_db(card_cache_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The session card cache with the Japanese printings; only copy it."""
    return with_printings(card_cache_db, tmp_path_factory.mktemp("ja-cards") / "cards.db")


@pytest.fixture(scope="session")
def ja_bot_db(bot_cache_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:  # noqa: F811
    """The bot's session cache (cards and rules) with the Japanese printings; only copy it."""
    return with_printings(bot_cache_db, tmp_path_factory.mktemp("ja-bot") / "cache.db")


@pytest.fixture
def ja_bot_settings(ja_bot_db: Path, tmp_path: Path, fake_scryfall: FakeScryfall) -> Settings:
    """Offline settings of the bot on a copy of the cache with the Japanese printings."""
    path = tmp_path / "cache.db"
    shutil.copy(ja_bot_db, path)
    return Settings(
        db=path,
        scryfall_base_url=fake_scryfall.url,
        offline=True,
        rules_url=f"{fake_scryfall.url}/no-rules-here",
        discord_token=None,
        discord_guild_id=None,
        defer_after=1.0,
        cooldown_rate=100,
    )
