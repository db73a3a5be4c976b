"""Scryfall down: a partial or misspelt name the cache can match is still answered, saying that Scryfall
couldn't be reached and the answer comes from the cache (the Judge, the CLI and Discord)."""

from __future__ import annotations

import pytest

from bot import create_bot
from bot.cli import app
from bot.config import Settings
from bot.judge import CACHE_ONLY_NOTE, Judge
from tests.bot.cli import flat, runner
from tests.cogs.harness import DiscordHarness
from tests.fakes.scryfall import FakeScryfall

MISSPELT = "Tarmogof"


@pytest.fixture
def online(bot_settings: Settings, fake_scryfall: FakeScryfall) -> Settings:
    """Settings on a copy of the shared cache, online against a fake Scryfall that is down."""
    fake_scryfall.outage = True
    return bot_settings.model_copy(update={"offline": False, "scryfall_base_url": fake_scryfall.url})


async def test_the_judge_marks_an_answer_scryfall_could_not_confirm(online: Settings) -> None:
    async with Judge.open(online) as judge:
        misspelt = await judge.card(MISSPELT)
        exact = await judge.card("Tarmogoyf")
    assert misspelt.name == "Tarmogoyf"
    assert misspelt.cache_only
    assert not exact.cache_only


def test_the_cli_says_it_answered_from_the_cache(online: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTG_JUDGE_SCRYFALL_BASE_URL", online.scryfall_base_url)
    monkeypatch.setenv("MTG_JUDGE_OFFLINE", "0")
    result = runner.invoke(app, ["--db", str(online.db), "card", MISSPELT])
    assert result.exit_code == 0, result.output
    assert "Tarmogoyf" in result.stdout
    assert CACHE_ONLY_NOTE in flat(result.stderr)


async def test_discord_says_it_answered_from_the_cache(online: Settings) -> None:
    async with DiscordHarness(create_bot(online), timeout=30.0) as harness:
        result = await harness.slash("card", name=MISSPELT)
    descriptions = [embed["description"] for request in result.requests for embed in request.embeds]
    assert any(CACHE_ONLY_NOTE in text for text in descriptions), descriptions
