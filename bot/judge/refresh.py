"""Keeping a running bot's card data fresh: Scryfall's bulk files imported again when they change.

A refresh asks ``/bulk-data`` for the oracle cards file's ``updated_at`` and does nothing more when it is
the one imported last. Otherwise it downloads the cards and rulings files, checks both whole, and imports
them on a thread of its own with its own connection to the cache: questions keep being answered from the
old data (SQLite's WAL mode lets them read while the import writes) until the import commits, and the
new generation token then makes every cached look-up start again. A failed refresh leaves the cache as
it was.
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from bot.judge.errors import SyncFailed
from bot.judge.imports import BULK_UPDATED_AT, BulkFiles, download_bulk_files, import_bulk_files
from bot.judge.services import Services
from data.db import open_database
from data.scryfall.errors import ScryfallError
from engine import UserError, WorldError

__all__ = ["RefreshOutcome", "refresh_cards"]


@dataclass(frozen=True)
class RefreshOutcome:
    """What one refresh did: nothing (``unchanged``), an import, or nothing because it failed."""

    kind: Literal["unchanged", "imported", "failed"]
    updated_at: str  # the ``updated_at`` Scryfall gave ("" when it couldn't be asked)
    detail: str  # why it failed, or how many cards the import holds
    seconds: float  # the import's time, download excluded (0 when nothing was imported)


async def refresh_cards(services: Services) -> RefreshOutcome:
    """Import Scryfall's current oracle cards and rulings when their ``updated_at`` differs from the one
    imported last; never raises for Scryfall or the files (a failure is an outcome)."""
    client = services.cards.client
    if services.settings.offline or client is None:
        return RefreshOutcome("failed", "", "the network is disabled (offline)", 0.0)
    try:
        entry = await client.oracle_cards_bulk()
    except ScryfallError as error:
        return RefreshOutcome("failed", "", f"Scryfall's bulk-data list: {error}", 0.0)
    updated_at = str(entry.get("updated_at", ""))
    imported = await services.blocking(lambda: services.cards.repository.metadata().get(BULK_UPDATED_AT))
    if updated_at and updated_at == imported:
        return RefreshOutcome("unchanged", updated_at, "", 0.0)
    with tempfile.TemporaryDirectory(prefix="mtg-judge-refresh-", dir=services.settings.db.parent) as folder:
        try:
            files = await download_bulk_files(services, entry, Path(folder))
        except SyncFailed as error:
            return RefreshOutcome("failed", updated_at, str(error), 0.0)
        start = time.perf_counter()
        try:
            count = await asyncio.to_thread(_import_apart, services.settings.db, files)
        except (UserError, WorldError, sqlite3.Error, OSError) as error:  # the old data stays
            detail = f"the import failed ({error}); the cache is unchanged"
            return RefreshOutcome("failed", updated_at, detail, 0.0)
        return RefreshOutcome("imported", updated_at, f"{count} cards", time.perf_counter() - start)


def _import_apart(path: Path, files: BulkFiles) -> int:
    """Import ``files`` through a connection of this thread's own; the number of cards now cached."""
    db = open_database(path)
    try:
        return import_bulk_files(db, files).cards_in_cache
    finally:
        db.close()
