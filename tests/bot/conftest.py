"""Fixtures for the CLI tests: card caches with the shared cards (and rules) imported."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.cli import app
from tests.bot.cli import runner


@pytest.fixture(scope="session")
def cli_db(card_cache_db: Path, rules_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the session card cache with the shared rules imported through the CLI; only read it."""
    path = tmp_path_factory.mktemp("cli-cache") / "cache.db"
    shutil.copy(card_cache_db, path)
    result = runner.invoke(app, ["import-rules", str(rules_path), "--db", str(path)])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture
def cards_only_db(card_cache_db: Path, tmp_path: Path) -> Path:
    """A copy of the session card cache without any rules."""
    path = tmp_path / "cards-only.db"
    shutil.copy(card_cache_db, path)
    return path
