"""``/linked`` and ``mtg-judge linked`` in Japanese show the first card as printed, which the Judge gives
with the answer (one call)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot import create_bot
from bot.config import Settings
from bot.judge import Judge
from tests.cogs.harness import DiscordHarness, Origin

JAPANESE = Origin(locale="ja", guild_locale="en-US")


@pytest.fixture
async def harness(ja_bot_settings: Settings) -> AsyncIterator[DiscordHarness]:
    """The real bot on a copy of the cache with the Japanese printings, asked from a Japanese client."""
    async with DiscordHarness(create_bot(ja_bot_settings), origin=JAPANESE, timeout=10.0) as harness:
        yield harness


async def test_linked_in_japanese_ends_with_the_card_as_printed(harness: DiscordHarness) -> None:
    result = await harness.slash("linked", card="夜帷の死霊")
    assert result.callback is not None
    description = result.callback.embeds[-1]["description"]
    assert "\n\n**印刷されたテキスト**\n*クリーチャー — スペクター*\n飛行\n" in description


async def test_the_judge_gives_the_first_card_as_printed_and_the_printed_names(
    ja_bot_settings: Settings,
) -> None:
    async with Judge.open(ja_bot_settings.model_copy(update={"offline": True})) as judge:
        japanese = await judge.linked(["Nightveil Specter"], "ja")
        english = await judge.linked(["Nightveil Specter"])
    assert japanese.printed is not None
    assert (japanese.printed.lang, japanese.printed.name) == ("ja", "夜帷の死霊")
    assert japanese.frame is not None
    assert japanese.frame.names["Nightveil Specter"] == "夜帷の死霊"
    assert english.printed is None
    assert english.frame is not None
    assert dict(english.frame.names) == {}
    assert english.frame.versions == japanese.frame.versions
