"""``mtg-judge --lang ja --help``: the command line's help texts in Japanese (``msgctxt "cli help"`` entries
of messages.po), every one of them; English stays the default and is unchanged afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import typer.main

from bot.cli import app
from bot.cli.app import HELP
from bot.i18n import pgettext, set_language
from tests.bot.cli import flat, runner


def help_texts() -> Iterator[str]:
    """Every help text of the command line: the program's, each command's and each option's."""
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    for command in (group, *group.commands.values()):
        for holder in (command, *command.params):
            for field in ("help", "short_help"):
                text = getattr(holder, field, None)
                if text:
                    yield text


def test_every_help_text_has_a_japanese_entry() -> None:
    texts = list(help_texts())
    assert len(texts) > 40
    assert [text for text in texts if pgettext(HELP, text, "ja") is None] == []


def japanese_help(*arguments: str) -> str:
    try:
        result = runner.invoke(app, ["--lang", "ja", *arguments, "--help"])
    finally:
        set_language("en")
    assert result.exit_code == 0, result.output
    return "".join(flat(result.stdout).split())


def test_the_help_in_japanese_then_in_english() -> None:
    program = japanese_help()
    assert "マジック：ザ・ギャザリングのルール・ジャッジ" in program
    assert "ネットワークを一切使わない。" in program
    assert "カードの関連している能力の組をすべて見つけて説明する（CR607）。" in program  # a command's line
    copy = japanese_help("copy")
    assert "COPIERがORIGINALをコピーしたときに何になるか" in copy
    assert "コピー元はタップ状態である。" in copy
    english = runner.invoke(app, ["copy", "--help"])
    assert "The original is tapped." in flat(english.stdout)
    assert "コピー元" not in english.stdout
