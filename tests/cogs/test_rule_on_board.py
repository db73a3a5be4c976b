"""The message command "Rule on this board" (issue 24 item 2): the board in someone's message (a code block
or an attached file) is answered as ``/board`` answers it, through discord.py's own handling of a message
command (the message comes in ``data.resolved.messages``: no message content intent)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot import create_bot
from cogs.board import RULE_ON_BOARD
from cogs.editor import EDIT_ID, TEXT_ID
from cogs.translator import JudgeTranslator
from tests.cogs.checks import NO_MENTIONS, assert_all_within_limits
from tests.cogs.conftest import SettingsFactory
from tests.cogs.harness import CapturedRequest, DiscordHarness, Dispatch, FakeAttachment, command_tree_json

GOYF_BOARD = "battlefield:\n  - {card: Tarmogoyf, id: goyf}\n  - {card: Clone, id: clone, copy_of: goyf}\n"
GOYF_JSON = '{"battlefield": [{"card": "Tarmogoyf", "id": "goyf"}, {"card": "Clone", "copy_of": "goyf"}]}'


def answer_of(result: Dispatch) -> CapturedRequest:
    """The public answer, within Discord's limits and with mentions off."""
    assert result.type == 4
    reply = result.callback
    assert reply is not None
    assert not reply.ephemeral
    assert reply.allowed_mentions == NO_MENTIONS
    assert_all_within_limits(result.requests)
    return reply


def refusal_of(result: Dispatch) -> str:
    """The private note a refused message gets."""
    reply = result.callback
    assert reply is not None
    assert reply.ephemeral
    assert reply.allowed_mentions == NO_MENTIONS
    assert reply.content is not None
    return reply.content


async def test_a_yaml_code_block_is_answered_as_board_answers_it_with_edit_board(
    harness: DiscordHarness,
) -> None:
    expected = answer_of(await harness.slash("board", scenario=GOYF_BOARD))
    posted = harness.user_message(f"Judge! My Clone copied his goyf:\n```yaml\n{GOYF_BOARD}```\nwhat is it?")
    ruled = await harness.message_command(RULE_ON_BOARD, posted)
    answered = answer_of(ruled)
    assert answered.embeds == expected.embeds
    assert answered.embeds[0]["title"] == "clone: Tarmogoyf"
    assert EDIT_ID in answered.custom_ids
    assert ruled.message is not None
    opened = await harness.press(ruled.message, EDIT_ID)
    assert opened.type == 9
    assert opened.callback is not None
    assert opened.callback.data["components"][0]["components"][0]["value"] == GOYF_BOARD


async def test_json_and_plain_code_blocks_are_read_and_other_languages_skipped(
    harness: DiscordHarness,
) -> None:
    json_block = harness.user_message(f"```json\n{GOYF_JSON}\n```")
    assert answer_of(await harness.message_command(RULE_ON_BOARD, json_block)).embeds[0]["title"] == (
        "Clone: Tarmogoyf"
    )
    plain = harness.user_message(f"```{GOYF_JSON}```")  # one line, no language
    assert answer_of(await harness.message_command(RULE_ON_BOARD, plain)).embeds[0]["title"] == (
        "Clone: Tarmogoyf"
    )
    python_first = harness.user_message(f"```python\nprint('hi')\n```\n```\n{GOYF_BOARD}```")
    answered = answer_of(await harness.message_command(RULE_ON_BOARD, python_first))
    assert answered.embeds[0]["title"] == "clone: Tarmogoyf"


async def test_an_attached_board_file_is_read_within_the_size_limit(harness: DiscordHarness) -> None:
    read: list[str] = []

    async def from_cdn(url: str) -> bytes:
        read.append(url)
        return GOYF_BOARD.encode()

    harness.bot.http.get_from_cdn = from_cdn  # type: ignore[method-assign]
    board_file = FakeAttachment("board.txt", "text/plain", len(GOYF_BOARD), None, None)
    picture = FakeAttachment("table.png")
    posted = harness.user_message("here's the board", attachments=[picture, board_file])
    assert answer_of(await harness.message_command(RULE_ON_BOARD, posted)).embeds[0]["title"] == (
        "clone: Tarmogoyf"
    )
    assert len(read) == 1
    assert read[0].endswith("/board.txt")
    huge = harness.user_message(
        attachments=[FakeAttachment("big.yaml", "application/x-yaml", 10**6, None, None)]
    )
    refused = refusal_of(await harness.message_command(RULE_ON_BOARD, huge))
    assert refused == "The board file is 1,000,000 bytes; at most 100,000 are accepted."
    assert len(read) == 1  # refused before it was downloaded


async def test_a_message_without_a_board_is_refused_privately(harness: DiscordHarness) -> None:
    for posted in (
        harness.user_message("no board here, just @everyone"),
        harness.user_message("```python\nprint('hi')\n```", attachments=[FakeAttachment("table.png")]),
    ):
        result = await harness.message_command(RULE_ON_BOARD, posted)
        assert refusal_of(result) == (  # the fence escaped: shown as typed, not opening a code block
            "No board in this message: put it in a \\`\\`\\`yaml code block, or attach it as a .yaml, "
            ".json or .txt file."
        )
        assert result.callback is not None
        assert result.callback.custom_ids == []
    empty = await harness.message_command(RULE_ON_BOARD, harness.user_message("```yaml\n   \n```"))
    assert refusal_of(empty) == "The board in this message is empty."


async def test_a_bad_board_in_a_message_names_its_line_and_offers_the_editor(harness: DiscordHarness) -> None:
    wrong = "battlefield:\n  - {card: Clone, wings: 3}\n"
    failed = await harness.message_command(RULE_ON_BOARD, harness.user_message(f"```yaml\n{wrong}```"))
    assert refusal_of(failed).startswith("Your board has a problem: line 2: unknown key 'wings'")
    assert failed.message is not None
    opened = await harness.press(failed.message, EDIT_ID)
    assert opened.callback is not None
    assert opened.callback.data["components"][0]["components"][0]["value"] == wrong
    fixed = await harness.submit(
        opened, {TEXT_ID: wrong.replace("wings: 3", "id: clone, choices: {may: not done}")}
    )
    assert answer_of(fixed).embeds[0]["title"] == "clone: Clone"


async def test_the_message_command_is_registered_and_named_in_japanese(harness: DiscordHarness) -> None:
    (menu,) = [c for c in command_tree_json(harness.bot) if c["type"] == 3]
    assert menu["name"] == RULE_ON_BOARD == "Rule on this board"
    assert "options" not in menu or menu["options"] == []
    command = harness.bot.tree.get_command(RULE_ON_BOARD, type=discord.AppCommandType.message)
    assert isinstance(command, app_commands.ContextMenu)
    context: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, command
    )
    japanese = await JudgeTranslator().translate(
        app_commands.locale_str(RULE_ON_BOARD), discord.Locale.japanese, context
    )
    assert japanese == "この盤面を裁定"


async def test_the_message_command_counts_against_the_cooldown(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings(cooldown_rate=1)), timeout=10.0) as harness:
        posted = harness.user_message(f"```yaml\n{GOYF_BOARD}```")
        first = await harness.message_command(RULE_ON_BOARD, posted)
        second = await harness.message_command(RULE_ON_BOARD, posted)
    assert answer_of(first).embeds
    assert refusal_of(second).startswith("Easy there! You can ask again in ")
