"""The board editor (issue 24 items 1-3): ``/board`` with no board opens a modal prefilled with an example,
its submission is answered like ``/board scenario:`` (errors name the line and offer the editor again),
and every answer built from a board, ``/copy``'s included, has "Edit board", which opens the editor with
exactly that board. All through discord.py's own interaction handling (``tests/cogs/harness/``)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from bot import create_bot
from bot.discord_bot import JudgeBot
from cogs.editor import EDIT_ID, EDITOR_MAX, EDITOR_PREFIX, EXAMPLE_BOARD, TEXT_ID
from cogs.render import HELP_BOARDS
from tests.cogs.checks import NO_MENTIONS, assert_all_within_limits
from tests.cogs.conftest import SettingsFactory
from tests.cogs.harness import CapturedRequest, DiscordHarness, Dispatch, modal_submit_payload

GOYF_BOARD = (
    "battlefield:\n"
    "  - {card: Tarmogoyf, id: goyf}\n"
    "  - {card: Clone, id: clone, copy_of: goyf}\n"
    "graveyard: [Lightning Bolt, Forest]\n"
)


def modal_of(opened: Dispatch) -> Mapping[str, Any]:
    """The modal the interaction opened (callback type 9), as sent to Discord."""
    assert opened.type == 9
    assert opened.callback is not None
    return opened.callback.data


def text_input(modal: Mapping[str, Any]) -> Mapping[str, Any]:
    """The modal's one text input."""
    (row,) = modal["components"]
    assert row["type"] == 1
    (field,) = row["components"]
    assert field["type"] == 4
    return dict(field)


def public_answer(result: Dispatch) -> CapturedRequest:
    """The public embed answer (type 4), mentions off."""
    assert result.type == 4
    reply = result.callback
    assert reply is not None
    assert not reply.ephemeral
    assert reply.embeds
    assert reply.allowed_mentions == NO_MENTIONS
    assert_all_within_limits(result.requests)
    return reply


async def test_board_with_no_board_opens_the_editor_prefilled_with_the_example(
    harness: DiscordHarness,
) -> None:
    opened = await harness.slash("board")
    modal = modal_of(opened)
    assert modal["custom_id"].startswith(EDITOR_PREFIX)
    assert modal["title"] == "Board"
    field = text_input(modal)
    assert field["custom_id"] == TEXT_ID
    assert field["style"] == 2  # paragraph
    assert field["max_length"] == EDITOR_MAX == 4_000
    assert field["label"] == "The board, as YAML or JSON"
    assert field["value"] == EXAMPLE_BOARD
    assert field["value"].startswith("# A board: the objects in timestamp order")
    answered = public_answer(await harness.submit(opened))  # submitted as it was prefilled
    assert answered.embeds[0]["title"] == "crypto: Primal Clay"
    assert "crypto becomes a copy of Primal Clay" in answered.embeds[0]["description"]
    assert EDIT_ID in answered.custom_ids


async def test_a_submitted_board_is_answered_as_board_scenario_answers_it(harness: DiscordHarness) -> None:
    scenario = public_answer(await harness.slash("board", scenario=GOYF_BOARD))
    submitted = await harness.submit(await harness.slash("board"), {TEXT_ID: GOYF_BOARD})
    answered = public_answer(submitted)
    assert answered.embeds == scenario.embeds
    assert answered.embeds[0]["title"] == "clone: Tarmogoyf"
    assert answered.custom_ids == scenario.custom_ids == ["rules:cited", EDIT_ID]
    assert submitted.message is not None
    edited = await harness.press(submitted.message, EDIT_ID)
    assert text_input(modal_of(edited))["value"] == GOYF_BOARD
    someone_else = dataclasses.replace(harness.origin, user_id=harness.origin.user_id + 1)
    theirs = await harness.press(submitted.message, EDIT_ID, origin=someone_else)  # anyone may start from it
    assert text_input(modal_of(theirs))["value"] == GOYF_BOARD
    assert modal_of(theirs)["custom_id"] != modal_of(edited)["custom_id"]  # an editor of their own


async def test_a_board_error_names_its_line_and_offers_the_editor_with_the_text_kept(
    harness: DiscordHarness,
) -> None:
    wrong = "battlefield:\n  - {card: Clone, wings: 3}\n"
    failed = await harness.submit(await harness.slash("board"), {TEXT_ID: wrong})
    error = failed.callback
    assert error is not None
    assert error.ephemeral
    assert error.content is not None
    assert error.content.startswith("Your board has a problem: line 2: unknown key 'wings'")
    assert error.allowed_mentions == NO_MENTIONS
    assert error.custom_ids == [EDIT_ID]
    assert failed.message is not None
    reopened = await harness.press(failed.message, EDIT_ID)
    assert text_input(modal_of(reopened))["value"] == wrong
    fixed = await harness.submit(
        reopened, {TEXT_ID: wrong.replace("wings: 3", "id: clone, choices: {may: not done}")}
    )
    assert public_answer(fixed).embeds[0]["title"] == "clone: Clone"
    unknown = await harness.slash("board", scenario="battlefield: [Nightveil Spectre King]")  # scenario too
    note = unknown.followups[-1] if unknown.type == 5 else unknown.callback  # Scryfall was asked: deferred
    assert note is not None
    assert note.ephemeral
    assert note.content is not None
    assert note.content.startswith("No card named “Nightveil Spectre King”.")
    assert note.custom_ids == [EDIT_ID]


async def test_the_editor_speaks_japanese_to_a_japanese_client(harness: DiscordHarness) -> None:
    japanese = dataclasses.replace(harness.origin, locale="ja", guild_locale="ja")
    opened = await harness.command("board", origin=japanese)
    modal = modal_of(opened)
    assert modal["title"] == "盤面"
    field = text_input(modal)
    assert field["label"] == "盤面（YAMLかJSON）"
    assert field["value"].startswith("# 盤面: オブジェクトをタイムスタンプ順に")
    assert "  - becomes_copy: {object: crypto, of: clay}" in field["value"]  # the board itself is the same
    answered = public_answer(await harness.submit(opened, origin=japanese))
    assert answered.embeds[0]["title"].startswith("crypto: ")
    button = next(c for c in answered.components[-1]["components"] if c["custom_id"] == EDIT_ID)
    assert button["label"] == "盤面を編集"


async def test_a_copy_answer_becomes_a_board_in_one_click_and_asked_unchanged_answers_the_same(
    harness: DiscordHarness,
) -> None:
    copied = await harness.slash(
        "copy", copier="Clone", original="Primal Clay", choice="option=3", new_choice="option=1"
    )
    copy_answer = public_answer(copied)
    assert copy_answer.embeds[0]["title"] == "Clone copying Primal Clay"
    assert copied.message is not None
    opened = await harness.press(copied.message, EDIT_ID)
    board = text_input(modal_of(opened))["value"]
    assert board == (
        "battlefield:\n"
        "  - {card: Primal Clay, controller: opponent, choices: {option: 3}}\n"
        "  - {card: Clone, copy_of: Primal Clay, choices: {option: 1}}\n"
        "query: Clone\n"
    )
    again = public_answer(await harness.submit(opened))
    assert again.embeds[0]["title"] == "Clone: Primal Clay"  # /board names the object by its handle
    assert again.embeds[0]["description"] == copy_answer.embeds[0]["description"]
    assert again.embeds[0]["footer"] == copy_answer.embeds[0]["footer"]
    assert again.components == copy_answer.components  # the same cited rules, and Edit board


async def test_only_answers_built_from_a_board_offer_it_and_one_too_long_for_the_editor_does_not(
    harness: DiscordHarness,
) -> None:
    linked = await harness.slash("linked", card="Nightveil Specter")  # cards, no board
    assert EDIT_ID not in public_answer(linked).custom_ids
    card = await harness.slash("card", name="Tarmogoyf")
    assert EDIT_ID not in public_answer(card).custom_ids
    padded = "# " + "x" * EDITOR_MAX + "\n" + GOYF_BOARD  # answered, but Discord's input can't hold it
    long = public_answer(await harness.slash("board", scenario=padded))
    assert long.embeds[0]["title"] == "clone: Tarmogoyf"
    assert EDIT_ID not in long.custom_ids


async def test_an_editor_the_bot_no_longer_tracks_is_still_answered(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings(live_views=2)), timeout=10.0) as harness:
        editors = [await harness.slash("board") for _ in range(3)]  # the oldest is stopped by the third
        oldest = await harness.submit(editors[0], {TEXT_ID: GOYF_BOARD})
        assert public_answer(oldest).embeds[0]["title"] == "clone: Tarmogoyf"
        after_a_restart = modal_submit_payload(
            EDITOR_PREFIX + "0123456789abcdef",
            {TEXT_ID: "battlefield: [{card: Clone, wings: 3}]"},
            origin=harness.origin,
            application_id=harness.application_id,
            interaction_id=harness.snowflake(),
            token="token-after-restart",
        )
        failed = await harness.dispatch(after_a_restart)
        assert failed.callback is not None
        assert failed.callback.ephemeral
        assert failed.callback.content is not None
        assert failed.callback.content.startswith("Your board has a problem: line 1: unknown key 'wings'")
        assert failed.callback.custom_ids == [EDIT_ID]
        bot = harness.bot
        assert isinstance(bot, JudgeBot)
        assert len(bot.live_views) <= 2


async def test_a_submission_counts_against_the_cooldown_and_keeps_the_text_when_refused(
    make_settings: SettingsFactory,
) -> None:
    async with DiscordHarness(create_bot(make_settings(cooldown_rate=1)), timeout=10.0) as harness:
        opened = await harness.slash("board")  # opening the editor asks nothing
        answered = await harness.submit(opened, {TEXT_ID: GOYF_BOARD})
        assert public_answer(answered).embeds
        assert answered.message is not None
        reopened = await harness.press(answered.message, EDIT_ID)  # anyone may open it; no question yet
        refused = await harness.submit(reopened, {TEXT_ID: GOYF_BOARD + "query: goyf\n"})
    assert refused.callback is not None
    assert refused.callback.ephemeral
    assert refused.callback.content is not None
    assert refused.callback.content.startswith("Easy there! You can ask again in ")
    assert refused.callback.custom_ids == [EDIT_ID]


async def test_help_teaches_the_board_format_with_three_boards_that_answer(harness: DiscordHarness) -> None:
    shown = await harness.slash("help")
    assert shown.callback is not None
    assert shown.callback.ephemeral
    assert shown.message is not None
    texts = [shown.message.embeds[0]["description"]]
    while "page:next" in shown.message.custom_ids and not shown.message.component("page:next")["disabled"]:
        await harness.press(shown.message, "page:next")
        texts.append(shown.message.embeds[0]["description"])
    guide = "\n".join(texts)
    assert "with neither, it opens the board editor with an example" in guide
    assert "**Apps** › **Rule on this board**" in guide
    assert "has **Edit board**: it opens the editor with that board" in guide
    assert "`docs/board-format.md`" in guide
    boards = re.findall(r"```yaml\n(.*?)```", guide, re.DOTALL)
    assert [f"```yaml\n{board}```" for board in boards] == list(HELP_BOARDS)
    answers = [public_answer(await harness.slash("board", scenario=board)) for board in boards]
    assert [a.embeds[0]["title"] for a in answers] == [
        "clone: Tarmogoyf",
        "specter: Nightveil Specter",
        "fireball copy: Fireball (copy via Twincast)",
    ]
    linked_rules = [o["value"] for o in answers[1].components[0]["components"][0]["options"]]
    assert any(rule.startswith("607.") for rule in linked_rules)
    assert all(EDIT_ID in a.custom_ids for a in answers)
