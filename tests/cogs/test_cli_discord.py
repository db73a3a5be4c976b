"""``mtg-judge run`` and ``sync-commands`` without a token, and ``--help`` without discord.py."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.cli import app
from tests.bot.cli import runner


@pytest.mark.parametrize("command", [["run"], ["sync-commands", "--guild", "123"]])
def test_without_a_token_the_commands_say_how_to_get_one(
    command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MTG_JUDGE_DISCORD_TOKEN", raising=False)
    result = runner.invoke(app, command)
    assert result.exit_code == 1
    assert "No Discord bot token: set MTG_JUDGE_DISCORD_TOKEN" in result.stderr
    assert "offline with this command line" in result.stderr


def test_help_does_not_import_discord() -> None:
    code = "import sys; from bot.cli import app; import bot; assert 'discord' not in sys.modules, 'discord'"
    subprocess.run([sys.executable, "-c", code], check=True)
