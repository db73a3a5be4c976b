"""Filling the card cache: a bulk file from disk, or Scryfall's current bulk files (``sync``)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from bot.judge.errors import SyncFailed
from bot.judge.services import Services
from data.cards.importer import ImportSummary, import_cards
from data.cards.importer import Progress as Progress  # re-exported: an import's progress callback
from data.cards.rulings_import import import_rulings
from data.scryfall.errors import ScryfallError

CardImportSummary = ImportSummary
"""What a card import did, under the name front ends know it by (the rules import has its own)."""


async def import_card_file(services: Services, path: Path, progress: Progress | None = None) -> ImportSummary:
    """Import the Scryfall bulk file at ``path`` (raises CardImportError; the cache is then unchanged)."""
    summary: ImportSummary = await services.blocking(
        lambda: import_cards(services.db, path, progress=progress)
    )
    return summary


async def sync_cards(services: Services, progress: Progress | None = None) -> ImportSummary:
    """Download Scryfall's current ``oracle_cards`` and ``rulings`` bulk files (found through
    ``/bulk-data``) and import them, so that cards and their rulings answer offline afterwards."""
    client = services.cards.client
    if services.settings.offline or client is None:
        raise SyncFailed("sync needs the network; it is disabled (--offline / MTG_JUDGE_OFFLINE).")
    with tempfile.TemporaryDirectory(prefix="mtg-judge-sync-") as folder:
        cards_file, rulings_file = Path(folder) / "oracle-cards.json", Path(folder) / "rulings.json"
        try:
            entry = await client.oracle_cards_bulk()
            await client.download(str(entry["download_uri"]), cards_file)
            rulings_entry = await client.rulings_bulk()
            await client.download(str(rulings_entry["download_uri"]), rulings_file)
        except (ScryfallError, KeyError) as error:
            raise SyncFailed(f"cannot download the bulk files: {error}") from error
        bulk_date = str(entry.get("updated_at", ""))[:10]
        source = str(entry["download_uri"])

        def imported() -> ImportSummary:
            summary = import_cards(
                services.db, cards_file, source=source, bulk_date=bulk_date, progress=progress
            )
            import_rulings(services.db, rulings_file)
            return summary

        summary: ImportSummary = await services.blocking(imported)
        return summary
