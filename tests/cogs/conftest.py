"""Fixtures for the Discord bot's tests: a cache with the shared cards, the rules and a card whose name
pings everyone, settings pointing at the fake Scryfall, and the real bot (``create_bot``) in the harness."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from bot.config import Settings
from data.rules.parser import RulesDocument
from tests.cogs.harness import DiscordHarness
from tests.fakes.fixtures import cache_copy_with
from tests.fakes.scryfall import FakeScryfall

MENTION_CARD = "@everyone's *Loud* Clone"
MENTION_CARD_JSON: dict[str, Any] = {
    "object": "card",
    "id": "0b2a4a4e-1f7e-4b8a-9a53-6f3f5d8e0c01",
    "oracle_id": "0b2a4a4e-1f7e-4b8a-9a53-6f3f5d8e0c02",
    "name": MENTION_CARD,
    "layout": "normal",
    "mana_cost": "{3}{U}",
    "cmc": 4.0,
    "type_line": "Creature — Shapeshifter",
    "oracle_text": "You may have this creature enter as a copy of any creature. <@&123456789012345678>",
    "power": "0",
    "toughness": "0",
    "colors": ["U"],
    "color_identity": ["U"],
    "keywords": [],
}

SettingsFactory = Callable[..., Settings]


@pytest.fixture(scope="session")
def bot_cache_db(
    card_cache_db: Path, rules_document: RulesDocument, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The session card cache with the shared rules and :data:`MENTION_CARD` added; only copy it."""
    return cache_copy_with(
        card_cache_db, tmp_path_factory.mktemp("bot-cache") / "cache.db", rules_document, [MENTION_CARD_JSON]
    )


@pytest.fixture
def make_settings(bot_cache_db: Path, tmp_path: Path, fake_scryfall: FakeScryfall) -> SettingsFactory:
    """Settings on a fresh copy of the bot cache and the fake Scryfall; keywords override them."""
    path = tmp_path / "cache.db"
    shutil.copy(bot_cache_db, path)

    def make(**overrides: Any) -> Settings:
        values: dict[str, Any] = {
            "db": path,
            "scryfall_base_url": fake_scryfall.url,
            "offline": False,
            "rules_url": f"{fake_scryfall.url}/no-rules-here",
            "discord_token": None,
            "discord_guild_id": None,
            "defer_after": 0.3,
            "cooldown_rate": 100,
            "cooldown_per": 60.0,
            **overrides,
        }
        return Settings(**values)

    return make


@pytest.fixture
async def harness(make_settings: SettingsFactory) -> AsyncIterator[DiscordHarness]:
    """The real bot, built by ``create_bot`` on the test settings, in the harness."""
    async with DiscordHarness(create_bot(make_settings()), timeout=10.0) as harness:
        yield harness
