"""``mtg-judge --lang ja``: the terminal answers in Japanese, with the cards' printed names."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.cli import app
from bot.i18n import set_language
from tests.bot.cli import panel_text, runner


@pytest.fixture
def ja_db(ja_bot_db: Path, tmp_path: Path) -> Path:
    path = tmp_path / "cache.db"
    shutil.copy(ja_bot_db, path)
    return path


def test_linked_in_japanese_offline(ja_db: Path) -> None:
    try:
        result = runner.invoke(app, ["--offline", "--db", str(ja_db), "--lang", "ja", "linked", "夜帷の死霊"])
    finally:
        set_language("en")  # the CLI sets it for the process; the other tests run in English
    assert result.exit_code == 0, result.output
    text = panel_text(result)
    assert "関連している能力: 夜帷の死霊/Nightveil Specter" in text
    assert "関連している組" in text
    assert "607.2a" in text


def test_an_unknown_language_is_refused(ja_db: Path) -> None:
    result = runner.invoke(app, ["--offline", "--db", str(ja_db), "--lang", "xx", "linked", "Clone"])
    assert result.exit_code == 1
