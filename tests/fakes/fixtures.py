"""Fixtures for card tests, re-exported by ``tests/conftest.py``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from data.cards.importer import import_cards
from data.db import open_database
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
