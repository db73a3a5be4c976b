"""No user stalls another: while one user's board is answered (apart, in the bot's child process), another
user's ``/card`` and autocomplete answer; a board past its CPU limit, or whose interaction handler is
cancelled, is stopped."""

from __future__ import annotations

import asyncio
import functools
import time
from dataclasses import replace
from pathlib import Path

import pytest

import bot.judge.board as board_module
import bot.judge.judge as judge_module
from bot import create_bot
from bot.judge import LIMITS
from tests.bot.judge.test_heavy_isolation import held, spin, wait_for
from tests.cogs.conftest import SettingsFactory
from tests.cogs.harness import DiscordHarness, Dispatch

BEARS = "{battlefield: [{card: Grizzly Bears, id: bear}]}"
REAL_ANSWER = board_module.answer_board_cards


def held_answer(folder: str, *args: object) -> object:
    """The board's answer, once the test releases it (in the child process)."""
    held(folder)
    return REAL_ANSWER(*args)  # type: ignore[arg-type]


def spinning_answer(*args: object) -> object:
    """A board that needs far more CPU than its limit."""
    return spin()


def answer_text(dispatch: Dispatch) -> str:
    """The description of the reply's embed, sent at once or after a defer."""
    sent = [request for request in dispatch.requests if request.embeds]
    assert sent, f"no embed in {dispatch.kinds()}"
    return str(sent[-1].embeds[0]["description"])


def hold_boards(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setattr(board_module, "answer_board_cards", functools.partial(held_answer, str(folder)))


async def test_a_long_board_holds_up_no_other_users_card_or_autocomplete(
    harness: DiscordHarness, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hold_boards(monkeypatch, tmp_path)
    asking = asyncio.create_task(harness.slash("board", scenario=BEARS))
    await asyncio.to_thread(wait_for, tmp_path / "started")  # the board is being answered
    other = replace(harness.origin, user_id=harness.origin.user_id + 1, username="other")
    card = await harness.command("card", {"name": "Tarmogoyf"}, origin=other)
    hints = await harness.autocomplete("card", "name", "Tarmo", origin=other)
    assert not asking.done()  # the light questions finished first
    (tmp_path / "release").touch()
    board = await asking
    assert card.callback is not None
    assert card.callback.embeds[0]["title"] == "Tarmogoyf"
    assert "Tarmogoyf" in [choice["name"] for choice in hints.choices]
    assert board.callback is not None
    assert board.callback.type == 5  # deferred, then answered
    assert "**Grizzly Bears** {1}{G}" in answer_text(board)


async def test_a_board_past_its_cpu_limit_is_a_private_error(
    make_settings: SettingsFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judge_module, "LIMITS", LIMITS.model_copy(update={"board_seconds": 0.5}))
    monkeypatch.setattr(board_module, "answer_board_cards", spinning_answer)
    async with DiscordHarness(create_bot(make_settings()), timeout=20.0) as harness:
        stopped = await harness.slash("board", scenario=BEARS)
        monkeypatch.setattr(board_module, "answer_board_cards", REAL_ANSWER)
        answered = await harness.slash("board", scenario=BEARS)
    private = stopped.requests[-1]
    assert private.ephemeral
    assert private.content == (
        "this board needs more than 0.5 s of computing to answer, so it was stopped; try a smaller board"
    )
    assert "**Grizzly Bears** {1}{G}" in answer_text(answered)


async def test_a_board_whose_handler_is_cancelled_is_stopped(
    make_settings: SettingsFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hold_boards(monkeypatch, tmp_path)
    async with DiscordHarness(create_bot(make_settings()), timeout=3.0) as harness:
        with pytest.raises(TimeoutError):  # the harness cancels the handler, as a closing bot does
            await harness.slash("board", scenario=BEARS)
        assert (tmp_path / "started").exists()
        monkeypatch.setattr(board_module, "answer_board_cards", REAL_ANSWER)
        # Answered only if the held board was stopped: never released, it holds the child for 30 s.
        answered = await harness.slash("board", scenario=BEARS)
    (tmp_path / "release").touch()
    assert "**Grizzly Bears** {1}{G}" in answer_text(answered)
    time.sleep(0.2)  # were the held board still running, it would finish now
    assert not (tmp_path / "finished").exists()
