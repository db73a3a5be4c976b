"""Item 4 of issue 24 (its second half): ``/copy`` has the options the engine's answers ask for (the
original's ``choice``, the copy's ``new_choice``, autocompleted with the choices the card offers, and
``x``), and no reply tells a Discord user to pass a command-line flag."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from pathlib import Path

from bot import create_bot
from cogs.errors import NO_CARD_DATA
from tests.cogs.conftest import SettingsFactory
from tests.cogs.harness import CapturedRequest, DiscordHarness, Dispatch

CLI_FLAG = re.compile(r"(?<![\w-])--[a-z]")
PRIMAL_CLAY_OPTIONS = (
    "(1: a 3/3 artifact creature; 2: a 2/2 artifact creature with flying; "
    "3: a 1/6 Wall artifact creature with defender)"
)


def private_text(result: Dispatch) -> str:
    """The private message the user reads (after a defer, the followup)."""
    reply = result.followups[-1] if result.type == 5 else result.callback
    assert reply is not None
    assert reply.ephemeral
    return reply.content or ""


def description(result: Dispatch) -> str:
    """The public answer's first page."""
    reply = result.followups[-1] if result.type == 5 else result.callback
    assert reply is not None
    assert not reply.ephemeral, reply.content
    return str(reply.embeds[0]["description"])


def texts(requests: Iterable[CapturedRequest]) -> Iterable[str]:
    """Every text of every message the bot sent."""
    for request in requests:
        yield request.content or ""
        for embed in request.embeds:
            yield from (str(embed.get(key, "")) for key in ("title", "description"))
            yield str((embed.get("footer") or {}).get("text", ""))


async def test_a_choice_the_original_needs_names_the_discord_option(harness: DiscordHarness) -> None:
    missing = await harness.slash("copy", copier="Clone", original="Primal Clay")
    assert private_text(missing) == (
        "Primal Clay becomes one of several things as it enters; say which for the original with "
        f"choice: option=N {PRIMAL_CLAY_OPTIONS}."
    )
    for_the_copy = await harness.slash("copy", copier="Clone", original="Primal Clay", choice="option=3")
    assert private_text(for_the_copy) == (
        "Primal Clay becomes one of several things as it enters; say which for the copy, as it enters "
        f"(a new choice, CR 707.6) with new\\_choice: option=N {PRIMAL_CLAY_OPTIONS}."
    )


async def test_choice_and_new_choice_reach_the_judge(harness: DiscordHarness) -> None:
    answered = await harness.slash(
        "copy", copier="Clone", original="Primal Clay", choice="option=3", new_choice="option=2"
    )
    shown = description(answered)
    assert " · 2/2\n" in shown
    assert "\n• Flying\n" in shown
    colored = await harness.slash(
        "copy",
        copier="Phantasmal Image",
        original="Voice of All",
        choice="color=blue",
        new_choice="color=red",
    )
    assert "give it as choices" not in description(colored)
    assert "protection from the chosen color" in description(colored)


async def test_x_reaches_the_judge(harness: DiscordHarness) -> None:
    ego = await harness.slash("copy", copier="Altered Ego", original="Grizzly Bears", x=3)
    assert "Creature — Bear · 5/5" in description(ego)


async def test_choice_autocompletes_the_options_the_original_offers(harness: DiscordHarness) -> None:
    typed = {"copier": "Clone", "original": "Primal Clay"}
    offered = (await harness.autocomplete("copy", "choice", "", typed)).choices
    assert offered == [
        {"name": "option=1 (a 3/3 artifact creature)", "value": "option=1"},
        {"name": "option=2 (a 2/2 artifact creature with flying)", "value": "option=2"},
        {"name": "option=3 (a 1/6 Wall artifact creature with defender)", "value": "option=3"},
    ]
    walls = (
        await harness.autocomplete("copy", "new_choice", "wall", {**typed, "choice": "option=1"})
    ).choices
    assert walls == [{"name": "option=3 (a 1/6 Wall artifact creature with defender)", "value": "option=3"}]


async def test_new_choice_autocompletes_the_key_a_note_asks_for(harness: DiscordHarness) -> None:
    typed = {"copier": "Phantasmal Image", "original": "Voice of All", "choice": "color=blue"}
    offered = [c["value"] for c in (await harness.autocomplete("copy", "new_choice", "", typed)).choices]
    assert offered == ["color=white", "color=blue", "color=black", "color=red", "color=green"]
    after = await harness.autocomplete("copy", "new_choice", "option=1, color=r", typed)
    assert [c["value"] for c in after.choices] == ["option=1, color=red"]


async def test_nothing_to_offer_offers_nothing(harness: DiscordHarness) -> None:
    assert (
        await harness.autocomplete("copy", "choice", "", {"copier": "Clone", "original": "Tarmogoyf"})
    ).choices == []
    assert (await harness.autocomplete("copy", "choice", "", {"copier": "Clone"})).choices == []
    unknown = {"copier": "Clone", "original": "Qqqzzx Vvbn"}
    assert (await harness.autocomplete("copy", "new_choice", "", unknown)).choices == []


async def test_no_reply_tells_a_discord_user_to_pass_a_flag(harness: DiscordHarness) -> None:
    goyf = {"copier": "Clone", "original": "Tarmogoyf"}
    questions = [
        {"copier": "Clone", "original": "Primal Clay"},
        {"copier": "Clone", "original": "Primal Clay", "choice": "option=3"},
        {**goyf, "counters": "lots"},
        {**goyf, "pump": "big"},
        {**goyf, "face_down": "sideways"},
        {**goyf, "choice": "option"},
        {**goyf, "new_choice": "=3"},
        {**goyf, "new_choice": ", ".join(f"k{i}=v" for i in range(6))},
        {**goyf, "graveyard": ", ".join(["Forest"] * 31)},
        {"copier": "Grizzly Bears", "original": "Tarmogoyf"},
    ]
    japanese = dataclasses.replace(harness.origin, locale="ja")
    sent: list[str] = []
    for options in questions:
        for origin in (harness.origin, japanese):
            result = await harness.command("copy", options, origin=origin)
            said = [text for text in texts(result.requests) if text]
            assert said, options
            sent += said
    flagged = [text for text in sent if CLI_FLAG.search(text)]
    assert flagged == []
    assert any("face\\_down is one of" in text for text in sent)
    assert any("new\\_choice takes KEY=VALUE pairs" in text for text in sent)


async def test_an_empty_card_cache_offline_is_said_without_the_clis_advice(
    make_settings: SettingsFactory, tmp_path: Path
) -> None:
    settings = make_settings(db=tmp_path / "empty.db", offline=True)
    async with DiscordHarness(create_bot(settings)) as harness:
        english = private_text(await harness.slash("card", name="Tarmogoyf"))
        japanese = dataclasses.replace(harness.origin, locale="ja")
        translated = private_text(await harness.command("card", {"name": "Tarmogoyf"}, origin=japanese))
    assert english == "No card named “Tarmogoyf”.\n" + NO_CARD_DATA
    assert translated.endswith(
        "ジャッジにはまだカードデータがありません。ボットを運用している人にインポートを頼んでください。"
    )
