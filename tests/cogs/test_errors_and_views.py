"""Error paths, the 3-second deadline, pagination, boards, cooldowns and the command tree's limits."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
import time

import discord
import pytest

from bot import create_bot
from bot.discord_bot import JudgeBot
from cogs.render import pack
from tests.cogs.checks import NO_MENTIONS, assert_all_within_limits
from tests.cogs.conftest import SettingsFactory
from tests.cogs.harness import (
    CapturedRequest,
    DiscordHarness,
    Dispatch,
    FakeAttachment,
    command_tree_json,
    limit_violations,
)
from tests.fakes.scryfall import FakeScryfall, Fault


def private_reply(result: Dispatch) -> CapturedRequest:
    """The message only the user sees: the response itself, or the followup after a defer."""
    reply = result.followups[-1] if result.type == 5 else result.callback
    assert reply is not None
    assert reply.ephemeral
    assert "Traceback" not in (reply.content or "")
    return reply


GOYF_BOARD = "{battlefield: [{card: Tarmogoyf, id: goyf}, {card: Clone, id: clone, copy_of: goyf}]}"


async def test_an_unknown_card_is_a_private_error_with_suggestions(harness: DiscordHarness) -> None:
    result = await harness.slash("card", name="Nightveil Spectre King")
    error = private_reply(result)
    assert error.content is not None
    assert error.content.startswith(
        "No card named “Nightveil Spectre King”.\nDid you mean: **Nightveil Specter**, "
    )
    assert error.allowed_mentions == NO_MENTIONS


async def test_an_ambiguous_name_offers_the_candidates_and_choosing_answers_the_question(
    harness: DiscordHarness,
) -> None:
    result = await harness.slash("copy", copier="Clone", original="Nightveil")
    assert result.callback is not None
    assert result.callback.ephemeral
    assert result.callback.content == (
        "“Nightveil” matches several cards; please type more of the name.\nWhich one did you mean?"
    )
    assert result.message is not None
    options = [o["value"] for o in result.message.component("card:candidates")["options"]]
    assert "Nightveil Specter" in options
    someone_else = dataclasses.replace(harness.origin, user_id=harness.origin.user_id + 1)
    refused = await harness.choose(
        result.message, "card:candidates", ["Nightveil Specter"], origin=someone_else
    )
    assert refused.callback is not None
    assert refused.callback.ephemeral
    assert refused.callback.content == "Only the person who asked can choose here."
    chosen = await harness.choose(result.message, "card:candidates", ["Nightveil Specter"])
    assert chosen.kinds() == ["callback", "followup", "delete_original"]
    assert chosen.type == 7
    assert chosen.callback is not None
    assert chosen.callback.content == "Answering with **Nightveil Specter**…"
    answer = chosen.followups[0]
    assert answer.content is None
    assert not answer.ephemeral
    assert answer.embeds[0]["title"] == "Clone copying Nightveil Specter"
    assert answer.allowed_mentions == NO_MENTIONS


async def test_scryfall_down_answers_from_the_cache_or_says_to_try_later(
    harness: DiscordHarness, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.outage = True
    cached = await harness.slash("card", name="tarmogoy")  # a partial name: Scryfall would be asked
    assert cached.message is not None  # answered, or deferred while the 5xx is tried again
    assert cached.message.embeds[0]["title"] == "Tarmogoyf"
    unknown = private_reply(await harness.slash("card", name="Qqqzzx Unheard"))
    assert unknown.content is not None
    assert unknown.content.endswith("try again later.")


async def test_a_slow_answer_is_deferred_within_the_deadline_then_followed_up(
    harness: DiscordHarness, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.fail_next(Fault("slow", path="/cards/named", delay=1.5))
    started = time.monotonic()
    result = await harness.slash("card", name="tarmogoy")
    assert result.kinds() == ["callback", "followup"]
    assert result.type == 5
    assert result.callback is not None
    assert result.callback.at - started < 1.0  # defer_after is 0.3 s in the tests; Discord allows 3
    assert result.followups[0].at - started >= 1.5
    assert result.message is not None
    assert result.message.embeds[0]["title"] == "Tarmogoyf"
    assert_all_within_limits(result.requests)


async def test_an_error_after_a_defer_is_still_private(
    harness: DiscordHarness, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.fail_next(Fault("slow", path="/cards/named", delay=0.8))
    result = await harness.slash("card", name="Qqqzzx Unheard")
    assert result.kinds()[:2] == ["callback", "delete_original"]
    assert result.type == 5
    error = result.followups[0]
    assert error.ephemeral
    assert error.content is not None
    assert error.content.startswith("No card named “Qqqzzx Unheard”.")


async def test_rules_unavailable_offline_says_how_to_get_them(
    make_settings: SettingsFactory, tmp_path: object
) -> None:
    from data.db import open_database

    settings = make_settings(offline=True)
    db = open_database(settings.db)
    db.execute("DELETE FROM rules")
    db.conn.commit()
    db.close()
    async with DiscordHarness(create_bot(settings)) as harness:
        result = await harness.slash("linked", card="Nightveil Specter")
    assert result.callback is not None
    assert result.callback.ephemeral
    assert result.callback.content is not None
    assert "mtg-judge import-rules PATH" in result.callback.content


async def test_unknown_rule_numbers_suggest_the_nearest(harness: DiscordHarness) -> None:
    result = await harness.slash("cr", query="707.99")
    assert result.callback is not None
    assert result.callback.ephemeral
    assert result.callback.content is not None
    assert result.callback.content.startswith(
        "There is no rule 707.99 in the Comprehensive Rules.\nNearest: `707."
    )


async def test_a_board_as_text(harness: DiscordHarness) -> None:
    result = await harness.slash("board", scenario=GOYF_BOARD)
    assert result.callback is not None
    embed = result.callback.embeds[0]
    assert embed["title"] == "clone: Tarmogoyf"
    assert "**Why**" in embed["description"]


async def test_a_bad_board_names_its_line_and_problem(harness: DiscordHarness) -> None:
    result = await harness.slash("board", scenario="battlefield:\n  - {card: Clone, wings: 3}")
    assert result.callback is not None
    assert result.callback.ephemeral
    assert result.callback.content is not None
    assert result.callback.content.startswith("Your board has a problem: line 2: ")
    assert "wings" in result.callback.content
    empty = await harness.slash("board", scenario="   ")
    assert empty.callback is not None
    assert empty.callback.content == "Give the board as scenario text, or attach it as a .yaml or .json file."
    assert (await harness.slash("board")).type == 9  # no board at all: the editor (test_board_editor)


async def test_a_board_file_is_read_when_it_is_yaml_and_small(harness: DiscordHarness) -> None:
    read: list[str] = []

    async def from_cdn(url: str) -> bytes:
        read.append(url)
        return GOYF_BOARD.encode()

    harness.bot.http.get_from_cdn = from_cdn  # type: ignore[method-assign]
    size = len(GOYF_BOARD)
    result = await harness.slash(
        "board", file=FakeAttachment("goyf.yaml", "application/x-yaml", size, None, None)
    )
    assert result.callback is not None
    assert result.callback.embeds[0]["title"] == "clone: Tarmogoyf"
    image = await harness.slash("board", file=FakeAttachment("goyf.png"))
    assert image.callback is not None
    assert image.callback.content == "The board file must be .yaml, .yml or .json (got 'goyf.png')."
    huge = await harness.slash(
        "board", file=FakeAttachment("big.json", "application/json", 10**6, None, None)
    )
    assert huge.callback is not None
    assert huge.callback.content == "The board file is 1,000,000 bytes; at most 100,000 are accepted."
    assert len(read) == 1


async def test_long_answers_are_paged_and_only_the_asker_turns_pages(harness: DiscordHarness) -> None:
    result = await harness.slash("cr", query="702")
    sent = result.message
    assert sent is not None
    first = sent.embeds[0]
    pages = int(first["footer"]["text"].rsplit("/", 1)[1])
    assert pages > 1
    assert sent.component("page:prev")["disabled"]
    assert not sent.component("page:next")["disabled"]
    assert_all_within_limits(result.requests)
    someone_else = dataclasses.replace(harness.origin, user_id=harness.origin.user_id + 1)
    refused = await harness.press(sent, "page:next", origin=someone_else)
    assert refused.callback is not None
    assert refused.callback.ephemeral
    assert sent.embeds[0] == first
    texts = [first["description"]]
    for number in range(2, pages + 1):
        turned = await harness.press(sent, "page:next")
        assert turned.type == 7
        assert sent.embeds[0]["footer"]["text"].endswith(f"page {number}/{pages}")
        assert_all_within_limits(turned.requests)
        texts.append(sent.embeds[0]["description"])
    assert sent.component("page:next")["disabled"]
    subrule = re.compile(r"\*\*\[702\.\d+\]\(https://\S+\)\*\* \S.*")
    assert all(subrule.fullmatch(line) for text in texts[1:] for line in text.split("\n"))  # whole blocks


def test_a_block_longer_than_a_page_breaks_between_sentences() -> None:
    sentence = "This sentence is about copiable values and layers. "
    texts = pack([sentence * 100, "Short."], 400)
    assert all(len(text) <= 400 for text in texts)
    assert all(text.endswith(".") for text in texts)
    assert " ".join(texts).split() == (sentence * 100 + "Short.").split()


async def test_page_buttons_stop_after_the_timeout(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings(page_timeout=0.3))) as harness:
        sent = (await harness.slash("cr", query="702")).message
        assert sent is not None
        assert not sent.component("page:next")["disabled"]
        await asyncio.sleep(0.6)
        assert sent.component("page:next")["disabled"]


async def test_only_the_newest_replies_keep_working_buttons(
    make_settings: SettingsFactory, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with DiscordHarness(create_bot(make_settings(live_views=3))) as harness:
        bot = harness.bot
        assert isinstance(bot, JudgeBot)
        sent = [(await harness.slash("cr", query="702")).message for _ in range(5)]
        await asyncio.sleep(0.1)  # the stopped views' messages are edited as the loop runs
        store = bot._connection._view_store
        stored = {item.view for items in store._views.values() for item in items.values()}
        assert len(bot.live_views) == 3
        assert len(stored) == 3  # discord.py keeps only the live ones
        messages = [message for message in sent if message is not None]
        disabled = [message.component("page:next")["disabled"] for message in messages]
        assert disabled == [True, True, False, False, False]
        turned = await harness.press(messages[-1], "page:next")  # a live one still turns its pages
        assert turned.callback is not None
        assert turned.callback.embeds
    assert [record.getMessage() for record in caplog.records] == []


async def test_a_user_asking_too_fast_is_told_when_to_ask_again(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings(cooldown_rate=1, cooldown_per=60.0))) as harness:
        first = await harness.slash("card", name="Opt")
        second = await harness.slash("card", name="Opt")
    assert first.callback is not None
    assert not first.callback.ephemeral
    assert second.callback is not None
    assert second.callback.ephemeral
    assert second.callback.content is not None
    assert second.callback.content.startswith("Easy there! You can ask again in ")


async def test_the_command_tree_is_complete_and_within_discords_limits(harness: DiscordHarness) -> None:
    tree = command_tree_json(harness.bot)
    assert limit_violations(tree) == []
    options = {c["name"]: [o["name"] for o in c.get("options", [])] for c in tree}
    assert options == {
        "copy": [
            "copier",
            "original",
            "counters",
            "tapped",
            "flipped",
            "transformed",
            "face_down",
            "pump",
            "graveyard",
            "x",
            "choice",
            "new_choice",
        ],
        "linked": ["card", "with"],
        "board": ["scenario", "file"],
        "card": ["name"],
        "rulings": ["name"],
        "cr": ["query"],
        "help": [],
        "settings": ["language"],
        "Rule on this board": [],
    }
    strings = [o for c in tree for o in c.get("options", []) if o["type"] == 3]
    assert all(o["min_length"] >= 1 and o["max_length"] <= 6_000 for o in strings)


def test_create_bot_builds_without_touching_the_network(
    make_settings: SettingsFactory, fake_scryfall: FakeScryfall
) -> None:
    bot = create_bot(make_settings())
    assert isinstance(bot, discord.ext.commands.AutoShardedBot)
    assert not bot.intents.message_content
    assert bot.allowed_mentions is not None
    assert dict(bot.allowed_mentions.to_dict()) == NO_MENTIONS
    assert fake_scryfall.requests == []
    with pytest.raises(RuntimeError, match="setup_hook"):
        getattr(bot, "judge")  # noqa: B009 -- the property raises before setup_hook
