"""Fixtures of the hardening tests: a cache with the shared cards and rules plus a hostile card (its name
and text full of escape sequences, zero-width and bidi characters, markup and mentions), and the bot on it."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from bot.config import Settings
from data.rules.parser import RulesDocument
from tests.cogs.harness import DiscordHarness
from tests.fakes.fixtures import cache_copy_with

HOSTILE_NAME = "Sneaky\u202e Twin\u200b [bold]@everyone[/]"
HOSTILE_TEXT = (
    "\x1b[2J\x1b]0;owned\x07You may have this creature enter as a copy of any creature.\x9b31m "
    "<@123456789012345678> **loud**"
)
HOSTILE_CARD: dict[str, Any] = {
    "object": "card",
    "id": "5b1c9e0a-0000-4000-8000-000000000001",
    "oracle_id": "5b1c9e0a-0000-4000-8000-000000000002",
    "name": HOSTILE_NAME,
    "layout": "normal",
    "mana_cost": "{3}{U}",
    "cmc": 4.0,
    "type_line": "Creature — Shapeshifter\u2066",
    "oracle_text": HOSTILE_TEXT,
    "power": "0",
    "toughness": "0",
    "colors": ["U"],
    "color_identity": ["U"],
    "keywords": [],
}
RAW_CONTROLS = ("\x1b", "\x9b", "\x07", "\u202e", "\u200b", "\u2066")
"""Characters that must never reach a terminal or Discord raw from data (only rich's own styling)."""


@pytest.fixture(scope="session")
def hostile_cache(
    card_cache_db: Path, rules_document: RulesDocument, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The session card cache with the shared rules and :data:`HOSTILE_CARD`; only copy or read it."""
    return cache_copy_with(
        card_cache_db, tmp_path_factory.mktemp("hostile-cache") / "cache.db", rules_document, [HOSTILE_CARD]
    )


@pytest.fixture
def bot_settings(hostile_cache: Path, tmp_path: Path) -> Settings:
    """Offline settings on a fresh copy of the hostile cache, with a cooldown no test reaches."""
    path = tmp_path / "cache.db"
    shutil.copy(hostile_cache, path)
    return Settings(
        db=path,
        offline=True,
        discord_token=None,
        discord_guild_id=None,
        cooldown_rate=100_000,
        defer_after=2.0,
    )


@pytest.fixture
async def bot_harness(bot_settings: Settings) -> AsyncIterator[DiscordHarness]:
    """The real bot on :func:`bot_settings`, in the Discord harness."""
    async with DiscordHarness(create_bot(bot_settings), timeout=30.0) as harness:
        yield harness
