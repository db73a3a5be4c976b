"""Fixtures for the Judge's tests: a cache with the shared cards and rules, and settings for it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.config import Settings
from data.rules.parser import RulesDocument
from tests.fakes.fixtures import cache_copy_with


@pytest.fixture(scope="session")
def judge_cache(
    card_cache_db: Path, rules_document: RulesDocument, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The session card cache with the shared rules loaded; copy it before writing to it."""
    return cache_copy_with(card_cache_db, tmp_path_factory.mktemp("judge-cache") / "cache.db", rules_document)


@pytest.fixture
def offline_settings(judge_cache: Path, tmp_path: Path) -> Settings:
    """Offline settings on a private copy of the judge cache."""
    path = tmp_path / "cache.db"
    shutil.copy(judge_cache, path)
    return Settings(db=path, offline=True)
