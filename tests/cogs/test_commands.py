"""Every command through discord.py, as Discord would deliver it, asserting on the JSON the bot sends."""

from __future__ import annotations

import re
from typing import Any

from bot import create_bot
from tests.cogs.checks import NO_MENTIONS, assert_all_within_limits
from tests.cogs.conftest import MENTION_CARD, SettingsFactory
from tests.cogs.harness import DiscordHarness, Dispatch

LINK = "https://yawgatog.com/resources/magic-rules/#R"
FOOTER = "Comprehensive Rules of 2025-02-07 · card data of 2019-09-26"


def shown(result: Dispatch) -> list[dict[str, Any]]:
    """The embeds of the answer as the user sees it: the response itself, or the original message a
    deferred answer edited (a busy machine may take longer than the tests' 0.3 s ``defer_after``)."""
    assert result.message is not None, result.kinds()
    return result.message.embeds


async def test_copy_shows_the_copy_its_reasoning_with_linked_rules_and_the_data_dates(
    harness: DiscordHarness,
) -> None:
    result = await harness.slash("copy", copier="Clone", original="Tarmogoyf")
    assert result.kinds() == ["callback"]
    assert result.type == 4
    callback = result.callback
    assert callback is not None
    assert not callback.ephemeral
    embed = callback.embeds[0]
    assert embed["title"] == "Clone copying Tarmogoyf"
    assert embed["description"].startswith(
        "**Tarmogoyf** {1}{G}\nCreature — Lhurgoyf · 0/1\n• Tarmogoyf's power"
    )
    assert f"[707.2]({LINK}7072)" in embed["description"]
    assert "**Why**\n1. Clone enters as a copy of Tarmogoyf" in embed["description"]
    assert embed["footer"]["text"] == FOOTER
    assert callback.allowed_mentions == NO_MENTIONS
    assert callback.custom_ids == ["rules:cited", "board:edit"]  # the board it used, to edit (issue 24)
    assert_all_within_limits(result.requests)


async def test_choosing_a_cited_rule_shows_its_text_privately(harness: DiscordHarness) -> None:
    sent = (await harness.slash("copy", copier="Clone", original="Tarmogoyf")).message
    assert sent is not None
    options = [o["value"] for o in sent.component("rules:cited")["options"]]
    assert options == ["201.5", "613.2c", "613.4a", "707.2", "707.2a", "707.5", "707.11"]
    chosen = await harness.choose(sent, "rules:cited", ["707.2a"])
    assert chosen.callback is not None
    assert chosen.callback.ephemeral
    rule = chosen.callback.embeds[0]
    assert rule["title"] == "Rule 707.2a"
    assert rule["url"] == f"{LINK}7072a"
    assert rule["description"].startswith("A copy acquires the color of the object it’s copying")
    assert_all_within_limits(chosen.requests)


async def test_the_state_of_the_original_is_given_to_the_judge(harness: DiscordHarness) -> None:
    result = await harness.slash(
        "copy", copier="Clone", original="Tarmogoyf", graveyard="Lightning Bolt, Forest", counters="+1/+1=3"
    )
    assert result.callback is not None
    description = shown(result)[0]["description"]
    assert (
        "Creature — Lhurgoyf · 2/3" in description
    )  # an instant and a land in graveyards; no counters copied
    assert "counter" not in description.split("**Why**")[0]


async def test_an_invalid_state_is_a_private_error_naming_the_option(harness: DiscordHarness) -> None:
    result = await harness.slash("copy", copier="Clone", original="Tarmogoyf", counters="lots")
    assert result.callback is not None
    assert result.callback.ephemeral
    assert result.callback.content == "counters takes KIND=N pairs like '+1/+1=3' (got 'lots')"
    assert shown(result) == []


async def test_card_names_autocomplete(harness: DiscordHarness) -> None:
    result = await harness.autocomplete("copy", "copier", "Clo", {"original": "Tarmogoyf"})
    names = [choice["name"] for choice in result.choices]
    assert names[0] == "Clone"
    assert len(names) == 25
    assert all(1 <= len(c["name"]) <= 100 and 1 <= len(c["value"]) <= 100 for c in result.choices)
    assert "Nightveil Specter" in [
        c["name"] for c in (await harness.autocomplete("linked", "card", "Nightveil S")).choices
    ]


async def test_linked_lists_the_pairs_with_their_rule(harness: DiscordHarness) -> None:
    result = await harness.slash("linked", card="Nightveil Specter")
    assert result.callback is not None
    embed = shown(result)[0]
    assert embed["title"] == "Linked abilities: Nightveil Specter"
    assert re.search(r"\*\*\d ↔ \d\*\* — \[607\.2a\]\(" + re.escape(LINK) + r"6072a\)", embed["description"])
    assert embed["footer"]["text"] == FOOTER
    assert "rules:cited" in result.callback.custom_ids


async def test_linked_with_a_second_card(harness: DiscordHarness) -> None:
    result = await harness.command("linked", {"card": "Nightveil Specter", "with": "Kaldra Compleat"})
    assert result.callback is not None
    assert not result.callback.ephemeral
    assert shown(result)[0]["title"] == "Linked abilities: Nightveil Specter"


async def test_card_shows_the_oracle_text_image_and_link(harness: DiscordHarness) -> None:
    result = await harness.slash("card", name="Tarmogoyf")
    assert result.callback is not None
    embed = shown(result)[0]
    assert embed["title"] == "Tarmogoyf"
    assert embed["description"].startswith("**Tarmogoyf** {1}{G}\n*Creature — Lhurgoyf*\nTarmogoyf's power")
    assert embed["description"].endswith("**\\*/1+\\***")  # P/T escaped, not italics
    assert embed["thumbnail"]["url"].startswith("https://")
    assert embed["url"].startswith("https://scryfall.com/card/")
    assert embed["footer"]["text"] == FOOTER
    assert result.callback.components == []


async def test_rulings_come_from_scryfall_newest_first(harness: DiscordHarness) -> None:
    result = await harness.slash("rulings", name="Tarmogoyf")
    assert result.callback is not None
    embed = shown(result)[0]
    assert embed["title"] == "Rulings: Tarmogoyf"
    assert embed["description"] == "**2019-10-04** (wotc): A ruling about Tarmogoyf."


async def test_rulings_offline_without_cached_rulings_say_so(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings(offline=True))) as harness:
        result = await harness.slash("rulings", name="Tarmogoyf")
    assert result.callback is not None
    assert shown(result)[0]["description"] == (
        "The rulings of Tarmogoyf aren't loaded: the bot couldn't ask Scryfall (it is offline, or Scryfall "
        "couldn't be reached) and has no rulings file imported. Ask again later, or ask the bot's admin."
    )


async def test_cr_shows_a_rule_a_glossary_term_or_a_search(harness: DiscordHarness) -> None:
    rule = await harness.slash("cr", query="707.2")
    assert rule.callback is not None
    embed = rule.callback.embeds[0]
    assert embed["title"] == "Rule 707.2"
    assert embed["url"] == f"{LINK}7072"
    assert f"**[707.2a]({LINK}7072a)** " in embed["description"]
    term = await harness.slash("cr", query="copiable values")
    assert term.callback is not None
    assert term.callback.embeds[0]["title"] == "Copiable Values"
    assert "rules:cited" in term.callback.custom_ids
    search = await harness.slash("cr", query="enters as a copy")
    assert search.callback is not None
    assert search.callback.embeds[0]["title"] == "Rules matching “enters as a copy”"
    assert search.callback.embeds[0]["description"].startswith("**[")


async def test_cr_autocompletes_rule_numbers_and_terms(harness: DiscordHarness) -> None:
    numbers = [c["value"] for c in (await harness.autocomplete("cr", "query", "707.2")).choices]
    assert numbers == ["707.2", "707.2a", "707.2b", "707.2c"]
    terms = [c["value"] for c in (await harness.autocomplete("cr", "query", "copiab")).choices]
    assert "Copiable Values" in terms


async def test_help_lists_every_command_privately(harness: DiscordHarness) -> None:
    result = await harness.slash("help")
    assert result.callback is not None
    assert result.callback.ephemeral
    description = shown(result)[0]["description"]
    for command in ("/copy", "/linked", "/board", "/card", "/rulings", "/cr"):
        assert f"**{command}**" in description


async def test_a_card_name_that_pings_everyone_is_escaped_and_mentions_are_off(
    harness: DiscordHarness,
) -> None:
    result = await harness.slash("card", name=MENTION_CARD)
    assert result.callback is not None
    embed = shown(result)[0]
    assert embed["title"] == "@\u200beveryone's \\*Loud\\* Clone"
    assert "@everyone" not in embed["description"]
    assert "<@&123456789012345678>" not in embed["description"]
    assert result.callback.allowed_mentions == NO_MENTIONS
    copied = await harness.slash("copy", copier="Clone", original=MENTION_CARD)
    assert copied.callback is not None
    assert "@everyone" not in str(copied.callback.embeds)
    assert copied.callback.allowed_mentions == NO_MENTIONS


async def test_a_phased_out_commander_says_so_with_its_status(harness: DiscordHarness) -> None:
    bear = "{card: Grizzly Bears, id: bear, tapped: true, phased_out: true, commander: true}"
    result = await harness.slash("board", scenario=f"{{battlefield: [{bear}]}}")
    assert result.callback is not None
    assert "\n*tapped · phased out · commander*" in shown(result)[0]["description"]
    plain = await harness.slash("board", scenario="{battlefield: [{card: Grizzly Bears, id: bear}]}")
    assert plain.callback is not None
    assert "phased out" not in plain.callback.embeds[0]["description"]
    assert "commander" not in plain.callback.embeds[0]["description"]
