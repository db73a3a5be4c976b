"""Options every command shares."""

from __future__ import annotations

import pytest
import typer
from typer.core import TyperGroup

from bot.cli import app

COMMANDS = typer.main.get_command(app)
assert isinstance(COMMANDS, TyperGroup)


@pytest.mark.parametrize("name", sorted(COMMANDS.commands))
def test_every_command_takes_db_and_offline(name: str) -> None:
    options = {opt for param in COMMANDS.commands[name].params for opt in param.opts}
    assert {"--db", "--offline"} <= options


def test_the_commands_the_issues_name_are_registered() -> None:
    assert {"card", "import-cards", "sync", "cr", "import-rules", "parse", "linked", "board", "copy"} <= set(
        COMMANDS.commands
    )
