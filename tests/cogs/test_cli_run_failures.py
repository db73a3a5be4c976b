"""``mtg-judge run`` (and ``sync-commands``) when Discord can't be logged in to: a bad token, no network, a
refused intent, an error from Discord. One clear line, exit status 1, no traceback, never the token.
``discord.Client.login`` is replaced by one that raises what discord.py raises then; nothing connects."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import aiohttp
import discord
import pytest

from bot.cli import app
from tests.bot.cli import runner

TOKEN = "MTIz.fake-token.do-not-log-me"


def _no_network() -> Exception:
    key = cast(Any, SimpleNamespace(host="discord.com", port=443, ssl=True))
    return aiohttp.ClientConnectorError(key, OSError(-2, "Name or service not known"))


def _http_error() -> Exception:
    return discord.HTTPException(cast(Any, SimpleNamespace(status=503, reason="Service Unavailable")), "")


FAILURES: dict[str, tuple[Callable[[], Exception], str]] = {
    "bad token": (
        lambda: discord.LoginFailure("Improper token has been passed."),
        "Error: Discord refused the bot token (MTG_JUDGE_DISCORD_TOKEN): copy it again from the Developer "
        "Portal (Bot → Reset Token); see docs/discord.md.",
    ),
    "no network": (
        _no_network,
        "Error: Discord can't be reached (Cannot connect to host discord.com:443 ssl:default [Name or "
        "service not known]); check the network, then start the bot again.",
    ),
    "intent refused": (
        lambda: discord.PrivilegedIntentsRequired(None),
        "Error: Discord refused the message content intent, which [[card name]] in chat needs: enable it in "
        "the Developer Portal (Bot → Privileged Gateway Intents → Message Content Intent), or set "
        "MTG_JUDGE_DISCORD_CHAT_CARDS=0.",
    ),
    "discord error": (_http_error, "Error: Discord answered with an error (HTTP 503); try again later."),
}


@pytest.mark.parametrize("command", [["run"], ["sync-commands", "--guild", "123"]])
@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_a_failed_login_is_one_line_and_status_1(
    command: list[str], failure: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    raised, said = FAILURES[failure]
    logins: list[str] = []

    async def login(self: discord.Client, token: str) -> None:
        logins.append(token)
        raise raised()

    monkeypatch.setattr(discord.Client, "login", login)
    monkeypatch.setattr("bot.cli.discord._setup_logging", lambda: None)  # no root handler left behind
    monkeypatch.setenv("MTG_JUDGE_DISCORD_TOKEN", TOKEN)
    result = runner.invoke(app, [*command, "--db", str(tmp_path / "cache.db")])
    assert logins == [TOKEN]
    assert result.exit_code == 1
    assert result.stdout == ""
    assert " ".join(result.stderr.split()) == said  # one message (the console may wrap it)
    assert TOKEN not in result.output
    assert "Traceback" not in result.output


def test_the_real_entry_point_prints_the_log_line_and_the_error_only(tmp_path: Path) -> None:
    script = (
        "import sys, discord\n"
        "async def login(self, token):\n"
        "    raise discord.LoginFailure('Improper token has been passed.')\n"
        "discord.Client.login = login\n"
        "from bot.cli import main\n"
        f"sys.argv = ['mtg-judge', 'run', '--db', {str(tmp_path / 'cache.db')!r}]\n"
        "main()\n"
    )
    environment = {**os.environ, "MTG_JUDGE_DISCORD_TOKEN": TOKEN, "COLUMNS": "400", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=environment, timeout=60
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert lines[-1] == FAILURES["bad token"][1]
    assert all(" INFO " in line for line in lines[:-1]), lines  # discord.py's own log, no warning
    assert TOKEN not in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
