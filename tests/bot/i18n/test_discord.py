"""The bot in Japanese, through discord.py's own interaction parsing (``locale: ja`` in the payload)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from bot import create_bot
from bot.config import Settings
from cogs.translator import JudgeTranslator
from tests.cogs.harness import DiscordHarness, Origin, command_tree_json, limit_violations

JAPANESE = Origin(locale="ja", guild_locale="en-US")


@pytest.fixture
async def harness(ja_bot_settings: Settings) -> AsyncIterator[DiscordHarness]:
    """The real bot on a copy of the cache with the Japanese printings, asked from a Japanese client."""
    async with DiscordHarness(create_bot(ja_bot_settings), origin=JAPANESE, timeout=10.0) as harness:
        yield harness


async def test_linked_answers_in_japanese(harness: DiscordHarness) -> None:
    result = await harness.slash("linked", card="夜帷の死霊")
    assert result.callback is not None
    embed = result.callback.embeds[0]
    assert embed["title"] == "関連している能力: 夜帷の死霊/Nightveil Specter"
    description = embed["description"]
    assert description.startswith("**能力**\n**1.** Flying *[キーワード能力]*")
    assert "\n**関連している組**\n**2 ↔ 3** — [607.2a](" in description  # rule numbers as they are
    assert "\n**補足**\n" in description
    assert embed["footer"]["text"].startswith("総合ルール 2025-02-07 · カードデータ ")
    assert result.callback.components[0]["components"][0]["placeholder"] == "引用されたルールを読む"


async def test_copy_answers_in_japanese(harness: DiscordHarness) -> None:
    result = await harness.slash("copy", copier="クローン", original="タルモゴイフ")
    assert result.callback is not None
    embed = result.callback.embeds[0]
    assert embed["title"] == "クローン/Cloneがタルモゴイフ/Tarmogoyfをコピー"
    assert embed["description"].startswith("**タルモゴイフ/Tarmogoyf** {1}{G}\nCreature — Lhurgoyf · 0/1")
    assert "\n**理由**\n1. " in embed["description"]


async def test_card_shows_the_japanese_printed_text(harness: DiscordHarness) -> None:
    result = await harness.slash("card", name="夜帷の死霊")
    assert result.callback is not None
    embed = result.callback.embeds[0]
    assert embed["title"] == "夜帷の死霊/Nightveil Specter"
    assert "\n**印刷されたテキスト**\n*クリーチャー — スペクター*\n飛行\n" in embed["description"]


async def test_the_servers_preferred_locale_is_enough(harness: DiscordHarness) -> None:
    origin = Origin(locale="en-US", guild_locale="ja")
    result = await harness.command("linked", {"card": "Nightveil Specter"}, origin=origin)
    assert result.callback is not None
    assert result.callback.embeds[0]["title"].startswith("関連している能力: ")


async def test_settings_language_overrides_the_locale(harness: DiscordHarness) -> None:
    chosen = await harness.slash("settings language", language="en")
    assert chosen.callback is not None
    assert chosen.callback.content == "I will answer you in English."
    result = await harness.slash("linked", card="夜帷の死霊")
    assert result.callback is not None
    assert result.callback.embeds[0]["title"] == "Linked abilities: Nightveil Specter"
    back = await harness.slash("settings language", language="ja")
    assert back.callback is not None
    assert back.callback.content == "これから日本語で答えます。"


async def test_an_unknown_card_is_answered_in_japanese(harness: DiscordHarness) -> None:
    result = await harness.slash("card", name="存在しないカード")
    assert result.callback is not None
    assert result.callback.ephemeral
    assert result.callback.content is not None
    assert result.callback.content.startswith("「存在しないカード」という名前のカードはありません。")


async def test_an_unknown_rule_is_answered_in_japanese(harness: DiscordHarness) -> None:
    result = await harness.slash("cr", query="999.9")
    assert result.callback is not None
    assert result.callback.content is not None
    assert result.callback.content.startswith("総合ルールに999.9というルールはありません。")


async def test_autocomplete_offers_the_japanese_name(harness: DiscordHarness) -> None:
    hints = await harness.autocomplete("copy", "copier", "クロ")
    assert "クローン" in [choice["name"] for choice in hints.choices]


async def test_the_commands_are_localized_for_japanese_clients(harness: DiscordHarness) -> None:
    translator = harness.bot.tree.translator
    assert isinstance(translator, JudgeTranslator)
    tree = [
        await command.get_translated_payload(harness.bot.tree, translator)
        for command in harness.bot.tree.get_commands()
    ]
    by_name = {command["name"]: command for command in tree}
    assert by_name["copy"]["name_localizations"][discord.Locale.japanese.value] == "コピー"
    assert (
        by_name["linked"]["description_localizations"]["ja"] == "カードの関連している能力の組すべて（CR 607）"
    )
    card_option = by_name["linked"]["options"][0]
    assert card_option["description_localizations"]["ja"] == "説明するカード"
    assert "name_localizations" not in card_option or "ja" not in card_option["name_localizations"]
    assert limit_violations(command_tree_json(harness.bot)) == []
    for command in tree:
        for localized in command.get("name_localizations", {}).values():
            assert 1 <= len(localized) <= 32
            assert localized == localized.lower()
