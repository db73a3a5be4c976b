"""Item 11 of issue 24: ``[[card name]]`` in chat. A message someone posts is fed to discord.py as the
gateway's ``MESSAGE_CREATE`` (``ConnectionState.parse_message_create``), so discord.py builds the
``Message`` and dispatches ``on_message``; the reply the bot sends (``POST /channels/{id}/messages``) is
captured by the harness's HTTP layer and its JSON checked as Discord would receive it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from typing import TYPE_CHECKING, Any, cast

import pytest

from bot import create_bot
from bot.config import Settings
from bot.discord_bot import CHAT_EXTENSION, JudgeBot, intents
from bot.judge import Frame, Ruling, RulingsAnswer
from cogs.chat import MAX_LOOKUPS, Lookup, fair_shares, read_lookups
from tests.bot.i18n.conftest import ja_bot_db, ja_bot_settings  # noqa: F401 -- fixtures of the Japanese cache
from tests.cogs.checks import NO_MENTIONS, assert_all_within_limits
from tests.cogs.conftest import MENTION_CARD, SettingsFactory
from tests.cogs.harness import CapturedRequest, DiscordHarness, Origin
from tests.cogs.test_markdown import live_markdown

if TYPE_CHECKING:
    from discord.types.gateway import MessageCreateEvent

FIVE = ("Clone", "Tarmogoyf", "Nightveil Specter", "Lightning Bolt", "Primal Clay")
EMBED_TEXT_MAX = 6_000  # Discord: title, description and footer of every embed of one message together


async def post(
    harness: DiscordHarness, content: str, *, author: Origin | None = None
) -> list[CapturedRequest]:
    """Post ``content`` as someone's message in the origin's channel and return every request the bot
    sent while handling it (the gateway's MESSAGE_CREATE, through discord.py's own parsing)."""
    return await deliver(harness, harness.user_message(content, author=author))


async def deliver(harness: DiscordHarness, message: Mapping[str, Any]) -> list[CapturedRequest]:
    """Feed ``message`` to ``parse_message_create`` and wait for the ``on_message`` handlers it started."""
    first = len(harness.requests)
    before = asyncio.all_tasks()
    harness.bot._connection.parse_message_create(cast("MessageCreateEvent", dict(message)))
    started = asyncio.all_tasks() - before
    if started:
        done, pending = await asyncio.wait(started, timeout=harness.timeout)
        assert not pending, "on_message still running"
        for task in done:
            if task.exception() is not None:
                raise cast(BaseException, task.exception())
    await asyncio.sleep(0)
    return harness.requests[first:]


def sent(requests: list[CapturedRequest]) -> list[CapturedRequest]:
    """The messages the bot sent (a "typing" shown meanwhile left out), each within Discord's limits."""
    messages = [r for r in requests if r.kind == "send_message"]
    assert [r.kind for r in requests if r not in messages] in ([], ["http"])
    assert_all_within_limits(messages)
    return messages


def reply_to(requests: list[CapturedRequest], message: Mapping[str, Any]) -> dict[str, Any]:
    """The one reply sent, as JSON without its random nonce, after checking it replies to ``message``
    with mentions off."""
    (reply,) = sent(requests)
    body = dict(reply.json)
    assert body.pop("nonce")
    assert body.pop("enforce_nonce") is True
    assert body.pop("message_reference") == {
        "type": 0,
        "message_id": int(message["id"]),
        "channel_id": int(message["channel_id"]),
        "fail_if_not_exists": False,
    }
    assert body.pop("allowed_mentions") == NO_MENTIONS
    assert body.pop("tts") is False
    assert body.pop("components") == []
    embed_text = sum(
        len(e.get("title", "")) + len(e.get("description", "")) + len(e.get("footer", {}).get("text", ""))
        for e in body["embeds"]
    )
    assert embed_text <= EMBED_TEXT_MAX
    return body


async def slash_embed(harness: DiscordHarness, command: str, name: str) -> dict[str, Any]:
    """The embed ``/command name:…`` answers with."""
    result = await harness.slash(command, name=name)
    assert result.callback is not None
    (embed,) = result.callback.embeds
    return embed


@pytest.fixture
async def chat(make_settings: SettingsFactory) -> AsyncIterator[DiscordHarness]:
    """The real bot with ``[[card name]]`` in chat turned on, answering from the cache."""
    settings = make_settings(discord_chat_cards=True, defer_after=2.0, offline=True)
    async with DiscordHarness(create_bot(settings), timeout=10.0) as harness:
        yield harness


async def test_one_name_is_answered_with_the_embed_card_answers_with(chat: DiscordHarness) -> None:
    message = chat.user_message("what does [[clone]] do?")
    body = reply_to(await deliver(chat, message), message)
    assert body == {"content": None, "embeds": [await slash_embed(chat, "card", "Clone")]}
    assert body["embeds"][0]["title"] == "Clone"
    assert body["embeds"][0]["footer"]["text"].startswith("Comprehensive Rules of 2025-02-07 · card data of ")


async def test_five_names_are_five_compact_embeds_in_one_message(chat: DiscordHarness) -> None:
    message = chat.user_message(" and ".join(f"[[{name}]]" for name in FIVE))
    body = reply_to(await deliver(chat, message), message)
    expected = [await slash_embed(chat, "card", name) for name in FIVE]
    footer = expected[-1]["footer"]
    for embed in expected:
        del embed["footer"]
    expected[-1]["footer"] = footer  # one footer, under the last
    assert body == {"content": None, "embeds": expected}
    assert [e["title"] for e in body["embeds"]] == list(FIVE)


async def test_a_sixth_name_is_not_looked_up_and_a_note_says_so(chat: DiscordHarness) -> None:
    message = chat.user_message("".join(f"[[{name}]]" for name in (*FIVE, "Opt")))
    body = reply_to(await deliver(chat, message), message)
    assert [e["title"] for e in body["embeds"]] == list(FIVE)
    assert body["content"] == "Only the first 5 cards of a message are looked up (1 more not looked up)."
    assert MAX_LOOKUPS == 5


async def test_the_rulings_form_answers_with_the_embed_rulings_answers_with(chat: DiscordHarness) -> None:
    message = chat.user_message("[[Tarmogoyf|rulings]]")
    body = reply_to(await deliver(chat, message), message)
    assert body == {"content": None, "embeds": [await slash_embed(chat, "rulings", "Tarmogoyf")]}
    assert body["embeds"][0]["title"] == "Rulings: Tarmogoyf"
    both = chat.user_message("[[Tarmogoyf]] [[ tarmogoyf | Rulings ]] [[Tarmogoyf]]")  # each once
    titles = [e["title"] for e in reply_to(await deliver(chat, both), both)["embeds"]]
    assert titles == ["Tarmogoyf", "Rulings: Tarmogoyf"]


async def test_a_japanese_name_is_answered_in_japanese(ja_bot_settings: Settings) -> None:  # noqa: F811
    settings = ja_bot_settings.model_copy(update={"discord_chat_cards": True, "defer_after": 2.0})
    async with DiscordHarness(create_bot(settings), timeout=10.0) as harness:
        message = harness.user_message("[[夜帷の死霊]]の能力は？")
        body = reply_to(await deliver(harness, message), message)
        japanese = Origin(locale="ja")
        slash = await harness.command("card", {"name": "夜帷の死霊"}, origin=japanese)
        assert slash.callback is not None
        assert body == {"content": None, "embeds": slash.callback.embeds}
        embed = body["embeds"][0]
        assert embed["title"] == "夜帷の死霊/Nightveil Specter"
        assert "\n**印刷されたテキスト**\n*クリーチャー — スペクター*\n飛行\n" in embed["description"]
        assert embed["footer"]["text"].startswith("総合ルール 2025-02-07 · カードデータ ")
        rulings = harness.user_message("[[夜帷の死霊|裁定]]")
        ruled = reply_to(await deliver(harness, rulings), rulings)
        assert ruled["embeds"][0]["title"] == "裁定: 夜帷の死霊/Nightveil Specter"


async def test_with_the_setting_off_nothing_is_read_nor_sent(harness: DiscordHarness) -> None:
    assert isinstance(harness.bot, JudgeBot)
    assert not harness.bot.settings.discord_chat_cards
    assert CHAT_EXTENSION not in harness.bot.extensions
    assert not harness.bot.intents.message_content
    assert not harness.bot.intents.guild_messages
    assert await post(harness, "[[Clone]] [[Tarmogoyf|rulings]]") == []


def test_the_setting_asks_for_the_message_content_intent(make_settings: SettingsFactory) -> None:
    off, on = intents(make_settings()), intents(make_settings(discord_chat_cards=True))
    assert off.value == type(off)(guilds=True).value  # no privileged intent by default
    assert (on.message_content, on.guild_messages, on.dm_messages, on.guilds) == (True, True, True, True)
    assert (on.members, on.presences) == (False, False)


async def test_bots_messages_without_brackets_and_brackets_in_code_are_ignored(chat: DiscordHarness) -> None:
    own = chat.user_message("[[Clone]]")
    own["author"] = {**own["author"], "id": str(chat.bot.user.id if chat.bot.user else 0), "bot": True}
    other_bot = chat.user_message("[[Clone]]")
    other_bot["author"] = {**other_bot["author"], "bot": True}
    for message in (own, other_bot):
        assert await deliver(chat, message) == []
    for content in (
        "Clone copies Tarmogoyf",
        "[Clone]",
        "`[[Clone]]`",
        "```yaml\nx: [[Clone]]\n```",
        "[[ ]]",
    ):
        assert await post(chat, content) == [], content


async def test_unknown_names_get_one_short_line_each_in_one_reply(chat: DiscordHarness) -> None:
    message = chat.user_message("[[Clone]] [[Nightveil Spectre King]] [[Nightveil]] [[Clone|foil]]")
    body = reply_to(await deliver(chat, message), message)
    assert [e["title"] for e in body["embeds"]] == ["Clone"]
    lines = body["content"].split("\n")
    assert len(lines) == 3
    assert lines[0].startswith("No card named “Nightveil Spectre King”. Did you mean: **Nightveil Specter**")
    assert lines[1].startswith(
        "“Nightveil” matches several cards; please type more of the name. Did you mean: "
    )
    assert lines[2] == "“Clone\\|foil”: write [[name]] for a card, or [[name|rulings]] for its rulings."
    too_long = chat.user_message(f"[[{'x' * 201}]]")
    refused = reply_to(await deliver(chat, too_long), too_long)
    assert refused == {"content": "A card name has at most 200 characters (got 201).", "embeds": []}


async def test_hostile_names_and_card_text_are_escaped(chat: DiscordHarness) -> None:
    hostile = "<@&123456789012345678> @here **Free** _Nitro_ ~~x~~ # head"
    message = chat.user_message(f"[[{MENTION_CARD}]]\n[[{hostile}]]")
    body = reply_to(await deliver(chat, message), message)
    assert body["embeds"] == [await slash_embed(chat, "card", MENTION_CARD)]
    assert body["content"] == (
        "No card named “\\<@\u200b&123456789012345678> @\u200bhere \\*\\*Free\\*\\* \\_Nitro\\_ "
        "\\~\\~x\\~\\~ # head”."
    )
    for text in (body["content"], body["embeds"][0]["title"], body["embeds"][0]["description"]):
        assert live_markdown(text) == [], text


async def test_the_cooldown_is_the_slash_commands_and_counts_only_answers(
    make_settings: SettingsFactory,
) -> None:
    settings = make_settings(
        discord_chat_cards=True, defer_after=2.0, offline=True, cooldown_rate=1, cooldown_per=60.0
    )
    async with DiscordHarness(create_bot(settings), timeout=10.0) as harness:
        unknown = await asked(harness, "[[Nightveil Spectre King]]")
        assert unknown["embeds"] == []  # not answered: not counted
        answered = await asked(harness, "[[Clone]] [[Tarmogoyf]]")
        assert [e["title"] for e in answered["embeds"]] == ["Clone", "Tarmogoyf"]  # one question
        refused = await asked(harness, "[[Opt]]")
        assert refused["embeds"] == []
        assert refused["content"].startswith("Easy there! You can ask again in ")
        assert refused["content"].endswith(" seconds. The judge is still here.")
        assert (
            await post(harness, "[[Opt]]", author=harness.origin) == []
        )  # told once: then quiet until the budget is back
        slash = await harness.slash("card", name="Opt")
        assert slash.callback is not None
        assert (slash.callback.content or "").startswith("Easy there! ")  # the same budget
        assert slash.callback.ephemeral


async def asked(harness: DiscordHarness, content: str) -> dict[str, Any]:
    """The reply to a message of ``content`` the origin's user posts (:func:`reply_to`)."""
    message = harness.user_message(content, author=harness.origin)
    return reply_to(await deliver(harness, message), message)


def test_reading_the_lookups() -> None:
    assert read_lookups("[[Clone]] then [[Clone|rulings]], [[clone]] and [[ ]]").lookups == (
        Lookup("Clone"),
        Lookup("Clone", rulings=True),
    )
    assert read_lookups("[[A|set]] [[B|]]").unknown_forms == ("A|set",)
    assert read_lookups("[[B|]]").lookups == (Lookup("B"),)
    many = read_lookups(" ".join(f"[[Card {n}]]" for n in range(9)))
    assert (len(many.lookups), many.skipped) == (MAX_LOOKUPS, 4)
    assert not read_lookups("`[[Clone]]` ```\n[[Clone]]\n```")


def test_fair_shares_give_what_short_embeds_leave_to_long_ones() -> None:
    assert fair_shares([100, 200], 1_000) == [100, 200]
    assert fair_shares([100, 5_000, 5_000], 6_000) == [100, 2_950, 2_950]
    assert sum(fair_shares([3_900] * 5, 5_930)) <= 5_930


async def test_a_long_answer_is_cut_with_a_pointer_to_the_command(
    chat: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert isinstance(chat.bot, JudgeBot)
    judge = chat.bot.judge
    long_text = "\n".join(f"Line {n} of a very wordy card, repeated to fill a page." for n in range(70))
    real = judge.card

    async def wordy(name: str, lang: str = "en") -> Any:
        found = await real(name, lang)
        faces = tuple(face.model_copy(update={"oracle_text": long_text}) for face in found.faces)
        return found.model_copy(update={"faces": faces})

    monkeypatch.setattr(judge, "card", wordy)
    message = chat.user_message("".join(f"[[{name}]]" for name in FIVE))
    body = reply_to(await deliver(chat, message), message)
    assert len(body["embeds"]) == 5
    for embed in body["embeds"]:
        assert embed["description"].endswith("\n… (all of it: /card)")
        assert embed["description"].startswith(f"**{embed['title']}**")


async def test_many_rulings_end_with_a_pointer_to_rulings(
    chat: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert isinstance(chat.bot, JudgeBot)
    judge = chat.bot.judge
    comment = "A ruling long enough that sixty of them fill more than one page of an embed, surely."
    many = tuple(
        Ruling(source="wotc", published_at=f"2019-01-{n % 28 + 1:02}", comment=comment) for n in range(60)
    )

    frame = Frame(await judge.versions())

    async def rulings(name: str, lang: str = "en") -> RulingsAnswer:
        return RulingsAnswer(card="Tarmogoyf", rulings=many, frame=frame)

    monkeypatch.setattr(judge, "rulings", rulings)
    alone = chat.user_message("[[Tarmogoyf|rulings]]")
    (embed,) = reply_to(await deliver(chat, alone), alone)["embeds"]
    assert embed["title"] == "Rulings: Tarmogoyf"
    assert embed["description"].endswith(f"{comment}\n… (all of it: /rulings)")
    shown = embed["description"].count(comment)
    assert 30 < shown < 60  # the first page's rulings, whole
    with_cards = chat.user_message("[[Tarmogoyf|rulings]] [[Clone]] [[Opt]]")
    embeds = reply_to(await deliver(chat, with_cards), with_cards)["embeds"]
    assert [e["title"] for e in embeds] == ["Rulings: Tarmogoyf", "Clone", "Opt"]
    assert embeds[0]["description"].endswith("\n… (all of it: /rulings)")
    clone = await slash_embed(chat, "card", "Clone")
    del clone["footer"]
    assert embeds[1] == clone  # what the rulings leave is enough for the short ones
