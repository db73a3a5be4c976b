"""The title of a board answer: a copy of a face-down permanent is face up (CR 707.2 example), so a nameless
face-up object is titled "(no name)" in Discord and in the CLI; a face-down one "a face-down permanent"."""

from __future__ import annotations

import pytest

from bot.cli.board import board_panel
from bot.judge import BoardAnswer, Judge
from cogs.render import Context, board_reply
from tests.cogs.conftest import SettingsFactory

LINK = "https://yawgatog.com/resources/magic-rules/#R"
BOARD = (
    "battlefield:\n"
    "  - {card: Nightveil Specter, id: spec, face_down: morph}\n"
    "  - {card: Clone, id: clone, copy_of: spec}\n"
    "query: QUERY\n"
)


@pytest.mark.parametrize(
    ("query", "title"), [("clone", "clone: (no name)"), ("spec", "spec: a face-down permanent")]
)
async def test_only_a_face_down_object_is_titled_face_down(
    make_settings: SettingsFactory, query: str, title: str
) -> None:
    async with Judge.open(make_settings(offline=True)) as judge:
        result = await judge.board(BOARD.replace("QUERY", query))
        context = Context(await judge.versions(), LINK)
    assert board_reply(result, context).pages[0].title == title
    answer = result.answer
    assert isinstance(answer, BoardAnswer)
    panel = board_panel(answer.result, answer.rules_version)
    assert str(panel.title) == title
