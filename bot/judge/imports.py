"""Filling the card cache: a bulk file from disk, or Scryfall's current bulk files (``sync``)."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bot.judge.errors import InvalidQuestion, RulesParseError, SyncFailed
from bot.judge.rules import ImportSummary as RulesImportSummary
from bot.judge.rules import import_rules
from bot.judge.services import Services
from data.bulk_folder import FolderPlan, plan_folder
from data.cards.importer import ImportSummary, import_cards
from data.cards.importer import Progress as Progress  # re-exported: an import's progress callback
from data.cards.printings import PRINTED_LANGUAGES, PrintingsSummary, import_printings
from data.cards.repository import CardRepository
from data.cards.rulings_import import RulingsImportSummary as RulingsImportSummary  # re-exported
from data.cards.rulings_import import import_rulings
from data.scryfall.bulk_files import CARD_KEYS, RULING_KEYS, bulk_records
from data.scryfall.errors import BulkFileUnusable, ScryfallError
from engine import msg

if TYPE_CHECKING:
    import sqlite_utils

    from data.scryfall.client import ScryfallClient

BULK_UPDATED_AT = "bulk_updated_at"
"""The card metadata key of the imported Scryfall bulk file's ``updated_at`` (a refresh compares it)."""

RULES_FILE = "rules_file"
"""The card metadata key of the rules file a refresh last downloaded (its URL): never downloaded again."""


def printings_updated_at(lang: str) -> str:
    """The card metadata key of the ``updated_at`` of the all_cards file ``lang``'s printed names were
    last imported from (a refresh compares it)."""
    return f"printings_updated_at:{lang}"


CardImportSummary = ImportSummary
"""What a card import did, under the name front ends know it by (the rules import has its own)."""


async def import_card_file(services: Services, path: Path, progress: Progress | None = None) -> ImportSummary:
    """Import the Scryfall bulk file at ``path`` (raises CardImportError; the cache is then unchanged)."""
    summary: ImportSummary = await services.blocking(
        lambda: import_cards(services.db, path, progress=progress)
    )
    return summary


async def import_rulings_file(services: Services, path: Path) -> RulingsImportSummary:
    """Replace every cached ruling with those of the Scryfall ``rulings`` bulk file at ``path`` (all or
    nothing; raises RulingsImportError with the cache unchanged)."""
    summary: RulingsImportSummary = await services.blocking(lambda: import_rulings(services.db, path))
    return summary


SetupImport = ImportSummary | PrintingsSummary | RulesImportSummary | RulingsImportSummary
"""What one file of a ``setup`` folder did when imported."""


@dataclass(frozen=True)
class SetupSummary:
    """What ``setup DIR`` imported, file by file in the order it did, and what it left out and why."""

    folder: Path
    imported: tuple[tuple[Path, SetupImport], ...]
    skipped: tuple[tuple[Path, str], ...]


async def setup_folder(
    services: Services, folder: Path, starting: Callable[[Path], Progress | None] | None = None
) -> SetupSummary:
    """Import every card bulk file, printings file, rules text file and rulings file found under
    ``folder`` (``data.bulk_folder``: recognised by contents, in the order they build on); ``starting``
    is told of each file as its import begins and may return its progress callback.

    Raises InvalidQuestion when ``folder`` isn't a folder or holds none of these; each import is atomic,
    so a file that fails leaves the cache as the files before it made it."""
    if not folder.is_dir():
        raise InvalidQuestion(msg("{folder} is not a folder", folder=str(folder)))
    plan: FolderPlan = await services.blocking(lambda: plan_folder(folder))
    if plan.empty:
        raise InvalidQuestion(
            msg(
                "{folder} holds no Scryfall bulk file, Comprehensive Rules text file or rulings file",
                folder=str(folder),
            )
        )
    imported: list[tuple[Path, SetupImport]] = []
    for path in plan.cards:
        imported.append((path, await import_card_file(services, path, starting(path) if starting else None)))
    for path in plan.printings:
        imported.append((path, await _import_printings(services, path, starting(path) if starting else None)))
    if plan.rules is not None:
        rules_file = plan.rules
        if starting:
            starting(rules_file)
        try:
            rules = await services.blocking(lambda: import_rules(services.rules, rules_file))
        except RulesParseError as error:
            why = msg(
                "{file} is not a whole Comprehensive Rules file: {problem}",
                file=rules_file.name,
                problem=str(error),
            )
            raise InvalidQuestion(why) from error
        imported.append((rules_file, rules))
    if plan.rulings is not None:
        if starting:
            starting(plan.rulings)
        imported.append((plan.rulings, await import_rulings_file(services, plan.rulings)))
    return SetupSummary(folder, tuple(imported), plan.skipped)


async def _import_printings(services: Services, path: Path, progress: Progress | None) -> PrintingsSummary:
    summary: PrintingsSummary = await services.blocking(
        lambda: import_printings(services.db, path, progress=progress)
    )
    return summary


async def sync_cards(services: Services, progress: Progress | None = None) -> ImportSummary:
    """Download Scryfall's current ``oracle_cards`` and ``rulings`` bulk files (found through
    ``/bulk-data``) and import them, so that cards and their rulings answer offline afterwards.

    Both files are checked whole before either is imported: an empty or cut-short file raises
    SyncFailed with the cache and its bulk date as they were; a rulings file without any ruling
    leaves the cached rulings as they are."""
    client = _online_client(services)
    try:
        entry = await client.oracle_cards_bulk()
    except ScryfallError as error:
        raise SyncFailed(f"cannot download the bulk files: {error}; the cache is unchanged") from error
    with tempfile.TemporaryDirectory(prefix="mtg-judge-sync-") as folder:
        files = await download_bulk_files(services, entry, Path(folder))
        summary: ImportSummary = await services.blocking(
            lambda: import_bulk_files(services.db, files, progress)
        )
        return summary


@dataclass(frozen=True)
class BulkFiles:
    """Scryfall's oracle cards and rulings bulk files, downloaded and checked whole."""

    cards: Path
    rulings: Path
    rulings_count: int  # 0: the rulings file holds none, and the cached rulings stay
    source: str  # the cards file's download URI
    updated_at: str  # its ``updated_at`` in /bulk-data


async def download_bulk_files(services: Services, entry: Mapping[str, object], folder: Path) -> BulkFiles:
    """Download the cards file ``entry`` names and the current rulings file into ``folder``, and check
    both whole (SyncFailed otherwise; nothing is imported)."""
    client = _online_client(services)
    cards_file, rulings_file = folder / "oracle-cards.json", folder / "rulings.json"
    try:
        source = str(entry["download_uri"])
        await client.download(source, cards_file)
        rulings_entry = await client.rulings_bulk()
        await client.download(str(rulings_entry["download_uri"]), rulings_file)
        # A file check, apart from the database's thread: questions go on meanwhile.
        rulings = await asyncio.to_thread(_checked_bulk_files, cards_file, rulings_file)
    except (ScryfallError, KeyError) as error:
        raise SyncFailed(f"cannot download the bulk files: {error}; the cache is unchanged") from error
    return BulkFiles(cards_file, rulings_file, rulings, source, str(entry.get("updated_at", "")))


def import_bulk_files(
    db: sqlite_utils.Database, files: BulkFiles, progress: Progress | None = None
) -> ImportSummary:
    """Import downloaded bulk files into ``db`` (the cards in one transaction, then the rulings), and
    record the cards file's ``updated_at`` so that a refresh can tell a newer one (BULK_UPDATED_AT)."""
    summary = import_cards(
        db, files.cards, source=files.source, bulk_date=files.updated_at[:10], progress=progress
    )
    if files.rulings_count:
        import_rulings(db, files.rulings)
    with db.conn:
        CardRepository(db).set_metadata({BULK_UPDATED_AT: files.updated_at})
    return summary


def _checked_bulk_files(cards_file: Path, rulings_file: Path) -> int:
    """The number of rulings in ``rulings_file``, once both files are whole JSON arrays of their kind
    and the cards file holds a card (BulkFileUnusable otherwise)."""
    if not bulk_records(cards_file, "oracle_cards", CARD_KEYS):
        raise BulkFileUnusable("Scryfall's oracle_cards bulk file holds no card")
    return bulk_records(rulings_file, "rulings", RULING_KEYS)


async def sync_printings(
    services: Services,
    languages: Collection[str],
    download_progress: Progress | None = None,
    progress: Progress | None = None,
) -> PrintingsSummary:
    """Stream Scryfall's ``all_cards`` bulk file (every printing in every language, several GB) to a
    file next to the cache, then through the streaming printings import, keeping only the printed
    names and text in ``languages`` (raises InvalidQuestion for a code Scryfall doesn't print in)."""
    wanted = checked_languages(languages)
    client = _online_client(services)
    with tempfile.TemporaryDirectory(prefix="mtg-judge-sync-", dir=services.settings.db.parent) as folder:
        path = Path(folder) / "all-cards.json"  # beside the cache, not in /tmp: it may be memory
        try:
            entry = await client.bulk_entry("all_cards")
        except ScryfallError as error:
            raise SyncFailed(f"cannot download the all_cards bulk file: {error}") from error
        source = await download_all_cards(client, entry, path, download_progress)
        updated_at = str(entry.get("updated_at", ""))
        summary: PrintingsSummary = await services.blocking(
            lambda: import_printings_file(services.db, path, wanted, source, updated_at, progress)
        )
        return summary


async def download_all_cards(
    client: ScryfallClient, entry: Mapping[str, object], path: Path, progress: Progress | None = None
) -> str:
    """Stream the all_cards file ``entry`` (of ``/bulk-data``) names to ``path``; its download URI.
    Raises SyncFailed."""
    try:
        source = str(entry["download_uri"])
        await client.download(source, path, progress=progress, total_timeout=None)
    except (ScryfallError, KeyError) as error:
        raise SyncFailed(f"cannot download the all_cards bulk file: {error}") from error
    return source


def import_printings_file(
    db: sqlite_utils.Database,
    path: Path,
    languages: tuple[str, ...],
    source: str,
    updated_at: str,
    progress: Progress | None = None,
) -> PrintingsSummary:
    """Import the printed names in ``languages`` of the all_cards file at ``path``, then record, for
    each language, the file's ``updated_at`` (see :func:`printings_updated_at`)."""
    summary = import_printings(db, path, languages, source=source, progress=progress)
    if updated_at:
        with db.conn:
            CardRepository(db).set_metadata({printings_updated_at(lang): updated_at for lang in languages})
    return summary


def checked_languages(languages: Collection[str]) -> tuple[str, ...]:
    """``languages`` without repeats, each one Scryfall prints cards in other than English."""
    wanted = tuple(dict.fromkeys(code.strip().casefold() for code in languages if code.strip()))
    unknown = [code for code in wanted if code not in PRINTED_LANGUAGES]
    if unknown or not wanted:
        raise InvalidQuestion(
            f"--languages takes Scryfall language codes other than en ({', '.join(PRINTED_LANGUAGES)}); "
            f"got {', '.join(unknown) or 'none'}"
        )
    return wanted


def _online_client(services: Services) -> ScryfallClient:
    """The Scryfall client; SyncFailed when the network is off."""
    client = services.cards.client
    if services.settings.offline or client is None:
        raise SyncFailed("sync needs the network; it is disabled (--offline / MTG_JUDGE_OFFLINE).")
    return client
