"""A command asks the Judge once: the answer carries the data's dates and the printed names it was built
with (its frame), so no cog asks for them apart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.discord_bot import JudgeBot
from tests.cogs.harness import DiscordHarness, Dispatch

FOOTER = "Comprehensive Rules of 2025-02-07 · card data of 2019-09-26"
WATCHED = ("card", "rulings", "rule", "search_rules", "linked", "copy", "board", "versions", "printed_names")


@pytest.fixture
def calls(harness: DiscordHarness, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The Judge's question methods called, in order, by name."""
    assert isinstance(harness.bot, JudgeBot)
    judge, called = harness.bot.judge, []

    def counted(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        async def call(*args: Any, **kwargs: Any) -> Any:
            called.append(name)
            return await method(*args, **kwargs)

        return call

    for name in WATCHED:
        monkeypatch.setattr(judge, name, counted(name, getattr(judge, name)))
    return called


def _footer(result: Dispatch) -> str:
    assert result.message is not None, result.kinds()
    return str(result.message.embeds[-1]["footer"]["text"])


@pytest.mark.parametrize(
    ("command", "options", "asked"),
    [
        ("copy", {"copier": "Clone", "original": "Tarmogoyf"}, "copy"),
        ("linked", {"card": "Nightveil Specter"}, "linked"),
        ("card", {"name": "Tarmogoyf"}, "card"),
        ("cr", {"query": "707.2"}, "rule"),
        ("board", {"scenario": "{battlefield: [{card: Grizzly Bears, id: bear}]}"}, "board"),
    ],
)
async def test_a_command_is_one_judge_call_with_the_data_dates(
    harness: DiscordHarness, calls: list[str], command: str, options: dict[str, Any], asked: str
) -> None:
    result = await harness.slash(command, **options)
    assert calls == [asked]
    assert _footer(result) == FOOTER
