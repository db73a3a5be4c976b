"""Fixtures for the Judge's tests: a cache with the shared cards and rules, and settings for it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.config import Settings
from bot.judge.rules import import_rules
from data.db import open_database
from data.rules.store import RulesStore


@pytest.fixture(scope="session")
def judge_cache(card_cache_db: Path, rules_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The session card cache with the shared rules imported; copy it before writing to it."""
    path = tmp_path_factory.mktemp("judge-cache") / "cache.db"
    shutil.copy(card_cache_db, path)
    db = open_database(path)
    import_rules(RulesStore(db), rules_path)
    db.close()
    return path


@pytest.fixture
def offline_settings(judge_cache: Path, tmp_path: Path) -> Settings:
    """Offline settings on a private copy of the judge cache."""
    path = tmp_path / "cache.db"
    shutil.copy(judge_cache, path)
    return Settings(db=path, offline=True)
