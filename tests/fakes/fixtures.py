"""Fixtures for card tests, re-exported by ``tests/conftest.py``."""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from data.cards.importer import import_cards
from data.cards.repository import CardRepository
from data.cards.schema import CardRecord
from data.db import open_database
from data.rules.parser import RulesDocument
from data.rules.store import RulesStore
from tests.fakes.scryfall import FakeScryfall


@pytest.fixture
def fake_scryfall() -> Iterator[FakeScryfall]:
    """A fake Scryfall API on 127.0.0.1 serving every card of the shared bulk file and supplement."""
    from tests.card_data import all_cards  # card_data imports conftest, which imports this module

    server = FakeScryfall(all_cards()).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def card_cache_db(
    tmp_path_factory: pytest.TempPathFactory, oracle_bulk_path: Path, supplement_path: Path
) -> Path:
    """A cache with the shared bulk file and supplement imported once per session; only read it."""
    path = tmp_path_factory.mktemp("card-cache") / "cards.db"
    db = open_database(path)
    import_cards(db, oracle_bulk_path)
    import_cards(db, supplement_path)
    db.close()
    return path


def cache_copy_with(
    source: Path, path: Path, rules: RulesDocument, cards: Iterable[dict[str, Any]] = ()
) -> Path:
    """A copy of the cache at ``source`` written to ``path``, with ``rules`` loaded and ``cards`` stored."""
    shutil.copy(source, path)
    db = open_database(path)
    RulesStore(db).load(rules)
    for card in cards:
        CardRepository(db).store(CardRecord.model_validate(card))
    db.close()
    return path
