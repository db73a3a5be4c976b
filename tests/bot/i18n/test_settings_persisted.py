"""``/settings language`` is kept in the cache (``language_choices``, through the Judge): a restarted
bot still answers each user in the language they chose, and only them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot import create_bot
from bot.config import Settings
from bot.judge import InvalidQuestion, Judge
from data.cards.language_choices import LanguageChoices
from data.db import open_database
from tests.cogs.harness import DiscordHarness, Origin

JAPANESE = Origin(locale="ja", guild_locale="en-US")


@pytest.fixture
def settings(ja_bot_settings: Settings) -> Settings:
    """Offline settings on a copy of the bot's cache with the Japanese printings."""
    return ja_bot_settings


async def linked_title(settings: Settings, origin: Origin) -> str:
    """The title of ``/linked card:夜帷の死霊`` asked of a freshly started bot from ``origin``."""
    async with DiscordHarness(create_bot(settings), origin=origin, timeout=10.0) as harness:
        result = await harness.slash("linked", card="夜帷の死霊")
    assert result.callback is not None
    return str(result.callback.embeds[0]["title"])


async def test_the_chosen_language_survives_a_restart(settings: Settings) -> None:
    async with DiscordHarness(create_bot(settings), origin=JAPANESE, timeout=10.0) as harness:
        chosen = await harness.slash("settings language", language="en")
    assert chosen.callback is not None
    assert chosen.callback.content == "I will answer you in English."
    assert await linked_title(settings, JAPANESE) == "Linked abilities: Nightveil Specter"
    someone_else = replace(JAPANESE, user_id=JAPANESE.user_id + 1)
    assert await linked_title(settings, someone_else) == "関連している能力: 夜帷の死霊/Nightveil Specter"


async def test_choosing_again_replaces_the_choice(settings: Settings) -> None:
    async with Judge.open(settings) as judge:
        await judge.choose_language(42, "ja")
        await judge.choose_language(42, "en")
        assert judge.chosen_language(42) == "en"
        assert judge.chosen_language(43) is None
    db = open_database(settings.db)
    assert LanguageChoices(db).all() == {42: "en"}
    db.close()


async def test_an_unsupported_language_is_refused(settings: Settings) -> None:
    async with Judge.open(settings) as judge:
        with pytest.raises(InvalidQuestion):
            await judge.choose_language(42, "xx")
        assert judge.chosen_language(42) is None
