"""The project skeleton: configuration, database migrations and the CLI entry point."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import app
from bot.config import Settings
from data.db import COMPONENT_MIGRATIONS, open_database, schema_version


def test_settings_read_the_prefixed_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MTG_JUDGE_DB", str(tmp_path / "x.db"))
    monkeypatch.setenv("MTG_JUDGE_OFFLINE", "1")
    monkeypatch.setenv("MTG_JUDGE_DISCORD_TOKEN", "secret-token")
    settings = Settings()
    assert settings.db == tmp_path / "x.db"
    assert settings.offline is True
    assert settings.scryfall_base_url == "https://api.scryfall.com"
    assert "secret-token" not in repr(settings)


def test_database_opens_in_wal_mode_with_every_schema_applied(tmp_path: Path) -> None:
    db = open_database(tmp_path / "cache.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    for component, migrations in COMPONENT_MIGRATIONS.items():
        assert schema_version(db, component) == len(migrations)
    reopened = open_database(tmp_path / "cache.db")
    assert {c: schema_version(reopened, c) for c in COMPONENT_MIGRATIONS} == {
        c: len(m) for c, m in COMPONENT_MIGRATIONS.items()
    }


def test_cli_without_arguments_shows_help() -> None:
    result = CliRunner().invoke(app, [])
    assert "mtg-judge" in result.output or "Usage" in result.output
