"""Options every command shares."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup

from bot.cli import app
from tests.bot.cli import runner


def command_group() -> TyperGroup:
    """The ``mtg-judge`` command group."""
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    return group


COMMANDS = command_group().commands


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_takes_db_and_offline(name: str) -> None:
    options = {opt for param in COMMANDS[name].params for opt in param.opts}
    assert {"--db", "--offline"} <= options


def test_the_commands_the_issues_name_are_registered() -> None:
    assert {"card", "import-cards", "sync", "cr", "import-rules", "parse", "linked", "board", "copy"} <= set(
        COMMANDS
    )


def test_a_folder_given_as_the_cache_is_refused_clearly(tmp_path: Path) -> None:
    result = runner.invoke(app, ["--offline", "--db", str(tmp_path), "card", "Opt"])
    assert result.exit_code == 1
    assert f"The card cache {tmp_path} is a folder" in result.stderr


@pytest.mark.parametrize("command", [["card", "Opt"], ["cr", "707.2a"], ["linked", "Opt"], ["parse", "Opt"]])
def test_a_file_that_is_not_a_database_is_refused_clearly(tmp_path: Path, command: list[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n")
    result = runner.invoke(app, ["--offline", "--db", str(notes), *command])
    assert result.exit_code == 1
    assert f"Cannot use {notes} as the card and rules cache: file is not a database." in result.stderr
    assert notes.read_text() == "not a database\n"
