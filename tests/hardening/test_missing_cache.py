"""A mistyped ``--db`` offline: commands that only read say there is no cache there (and how to make
one) and create nothing; commands that write create the cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import app
from tests.bot.cli import flat, runner

READING_COMMANDS = {
    "card": ["card", "Opt"],
    "cr": ["cr", "707.2"],
    "linked": ["linked", "Opt"],
    "copy": ["copy", "Clone", "Opt"],
    "board": ["board", "-"],
    "parse": ["parse", "Opt"],
}


@pytest.mark.parametrize("command", READING_COMMANDS.values(), ids=READING_COMMANDS.keys())
def test_a_reading_command_on_a_missing_cache_creates_nothing_and_says_how_to_make_one(
    tmp_path: Path, command: list[str]
) -> None:
    typo = tmp_path / "no-such-folder" / "cahce.db"
    board = "battlefield:\n  - {card: Opt}\n"
    result = runner.invoke(app, ["--offline", "--db", str(typo), *command], input=board)
    assert result.exit_code == 1
    message = flat(result.output)
    assert f"There is no card cache at {typo}" in message
    assert "import-cards" in message
    assert list(tmp_path.iterdir()) == []


def test_the_environment_s_offline_and_db_are_checked_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MTG_JUDGE_OFFLINE", "1")
    monkeypatch.setenv("MTG_JUDGE_DB", str(tmp_path / "missing.db"))
    result = runner.invoke(app, ["card", "Opt"])
    assert result.exit_code == 1
    assert "There is no card cache" in flat(result.output)
    assert list(tmp_path.iterdir()) == []


def test_import_cards_creates_the_cache_and_its_folder(tmp_path: Path) -> None:
    bulk = tmp_path / "bulk.json"
    bulk.write_text(json.dumps([{"name": "Opt", "layout": "normal", "type_line": "Instant", "cmc": 1.0}]))
    cache = tmp_path / "new" / "cache.db"
    imported = runner.invoke(app, ["--offline", "--db", str(cache), "import-cards", str(bulk)])
    assert imported.exit_code == 0, imported.output
    assert cache.exists()
    looked_up = runner.invoke(app, ["--offline", "--db", str(cache), "card", "Opt"])
    assert looked_up.exit_code == 0, looked_up.output
