"""Keeping a running bot's data fresh: Scryfall's bulk files, the Comprehensive Rules and the printed
names of the configured languages imported again when they change.

A refresh has up to three parts, each checked and imported on its own (one failing leaves the others be):

- the cards: it asks ``/bulk-data`` for the oracle cards file's ``updated_at`` and, when it isn't the
  one imported last, downloads the cards and rulings files, checks both whole and imports them;
- the rules: it fetches the official rules page and, only when the ``.txt`` file it links is newer than
  the stored rules (the date in the file's name, else a URL other than the one last downloaded),
  downloads that file and loads it when its effective date is later than the stored rules' (in one
  transaction; a file that is no whole rules document is refused);
- the printed names, when ``refresh_languages`` names some: when the ``all_cards`` file's ``updated_at``
  isn't the one a language was last imported from, it downloads that file and imports those languages.

Every import runs on a thread of its own with its own connection to the cache: questions keep being
answered from the old data (SQLite's WAL mode lets them read while the import writes) until the import
commits, and the new generation token then makes every cached look-up start again. A part that fails
leaves its data as it was.
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar

from bot.judge.errors import InvalidQuestion, SyncFailed
from bot.judge.imports import (
    BULK_UPDATED_AT,
    RULES_FILE,
    BulkFiles,
    checked_languages,
    download_all_cards,
    download_bulk_files,
    import_bulk_files,
    import_printings_file,
    printings_updated_at,
)
from bot.judge.rules import IncompleteRules, incomplete_because
from bot.judge.services import Services
from data.cards.repository import CardRepository
from data.db import open_database
from data.rules.parser import decode_rules, parse_rules
from data.rules.store import RulesStore
from data.scryfall.errors import ScryfallError
from engine import UserError, WorldError

if TYPE_CHECKING:
    import sqlite_utils

    from data.rules.download import DownloadedRules
    from data.scryfall.client import ScryfallClient

__all__ = ["RefreshOutcome", "refresh_cards"]

T = TypeVar("T")
Kind = Literal["unchanged", "imported", "failed"]


@dataclass(frozen=True)
class RefreshOutcome:
    """What one refresh did: nothing (``unchanged``), some import, or ``failed`` when a part failed
    (the parts that didn't may still have imported: ``refreshed``)."""

    kind: Kind
    updated_at: str  # the oracle cards file's ``updated_at`` Scryfall gave ("" when it couldn't be asked)
    detail: str  # why each part that failed did ("" when none did)
    seconds: float  # the imports' time, downloads excluded (0 when nothing was imported)
    refreshed: tuple[str, ...] = ()  # what was imported, each with its version ("rules of 2033-03-04")
    current: tuple[str, ...] = ()  # what was checked and found already current

    def line(self) -> str:
        """The refresh in one log line: what it imported, what was current, and what failed and why."""
        said = [f"imported {', '.join(self.refreshed)} in {self.seconds:.1f} s"] if self.refreshed else []
        if self.current:
            said.append(f"already current: {', '.join(self.current)}")
        if self.kind == "failed":
            return "data refresh failed, the old data stays (retrying later): " + "; ".join(
                [self.detail, *said]
            )
        return "data refresh: " + "; ".join(said)


@dataclass(frozen=True)
class _Part:
    """What refreshing one kind of data did: what it imported or found current, or why it failed."""

    kind: Kind
    texts: tuple[str, ...]
    seconds: float = 0.0


async def refresh_cards(services: Services) -> RefreshOutcome:
    """Refresh the cards and rulings, the rules and the printed names of ``refresh_languages``, each
    only when its source changed since it was imported; never raises for Scryfall, the rules page or
    the files (a failure is an outcome)."""
    client = services.cards.client
    if services.settings.offline or client is None:
        return RefreshOutcome("failed", "", "the network is disabled (offline)", 0.0)
    updated_at, cards = await _refresh_bulk_files(services, client)
    parts = [cards, await _refresh_rules(services)]
    if services.settings.refresh_languages:
        parts.append(await _refresh_printings(services, client, services.settings.refresh_languages))
    return _outcome(updated_at, parts)


def _outcome(updated_at: str, parts: Sequence[_Part]) -> RefreshOutcome:
    def texts(kind: Kind) -> tuple[str, ...]:
        return tuple(text for part in parts if part.kind == kind for text in part.texts)

    failed, refreshed = texts("failed"), texts("imported")
    kind: Kind = "failed" if failed else "imported" if refreshed else "unchanged"
    seconds = sum(part.seconds for part in parts)
    return RefreshOutcome(kind, updated_at, "; ".join(failed), seconds, refreshed, texts("unchanged"))


def _failed(why: str) -> _Part:
    return _Part("failed", (why,))


async def _refresh_bulk_files(services: Services, client: ScryfallClient) -> tuple[str, _Part]:
    """The oracle cards file's ``updated_at`` and what importing it and the rulings (when it changed) did."""
    try:
        entry = await client.oracle_cards_bulk()
    except ScryfallError as error:
        return "", _failed(f"cards: Scryfall's bulk-data list: {error}")
    updated_at = str(entry.get("updated_at", ""))
    imported = await services.blocking(lambda: services.cards.repository.metadata().get(BULK_UPDATED_AT))
    if updated_at and updated_at == imported:
        return updated_at, _Part("unchanged", (f"Scryfall's bulk files of {updated_at}",))
    with tempfile.TemporaryDirectory(prefix="mtg-judge-refresh-", dir=services.settings.db.parent) as folder:
        try:
            files = await download_bulk_files(services, entry, Path(folder))
        except SyncFailed as error:
            return updated_at, _failed(f"cards: {error}")
        start = time.perf_counter()
        try:
            count = await asyncio.to_thread(_apart, services.settings.db, lambda db: _import_cards(db, files))
        except (UserError, WorldError, sqlite3.Error, OSError) as error:  # the old data stays
            return updated_at, _failed(f"cards: the import failed ({error}); the cache is unchanged")
        seconds = time.perf_counter() - start
    done: tuple[str, ...] = (f"cards of {updated_at} ({count} cards)",)
    if files.rulings_count:
        done += (f"rulings ({files.rulings_count})",)
    return updated_at, _Part("imported", done, seconds)


def _import_cards(db: sqlite_utils.Database, files: BulkFiles) -> int:
    """Import ``files`` into ``db``; the number of cards now cached."""
    return import_bulk_files(db, files).cards_in_cache


async def _refresh_rules(services: Services) -> _Part:
    """Download and load the rules file the rules page links when it is newer than the stored rules."""
    from data.rules.download import RulesDownloadError, download_rules_file, find_rules_file

    stored = await services.blocking(services.rules.version)
    known = await services.blocking(lambda: services.cards.repository.metadata().get(RULES_FILE))
    try:
        url = await find_rules_file(services.settings.rules_url, services.http)
        if stored is not None and _names_no_newer_file(url, known, stored):
            return _Part("unchanged", (f"rules of {stored.isoformat()}",))
        downloaded = await download_rules_file(url, services.http)
    except RulesDownloadError as error:
        return _failed(f"rules: {error}; the stored rules stay")
    start = time.perf_counter()
    try:
        loaded = await asyncio.to_thread(_apart, services.settings.db, lambda db: _load_newer(db, downloaded))
    except (ValueError, OSError, sqlite3.Error) as error:  # not a (whole) rules file: nothing was loaded
        return _failed(f"rules: {downloaded.url} was not loaded ({error}); the stored rules stay")
    seconds = time.perf_counter() - start
    if loaded is None:  # its rules are no later than the stored ones, whatever its name said
        return _Part("unchanged", (f"rules of {stored.isoformat() if stored else '?'}",))
    return _Part("imported", (f"rules of {loaded.isoformat()}",), seconds)


def _names_no_newer_file(url: str, known: str | None, stored: date) -> bool:
    """Whether the rules file at ``url`` is the one a refresh downloaded last (``known``), or its name
    dates it no later than the ``stored`` rules."""
    from data.rules.download import rules_file_date

    named = rules_file_date(url)
    return url == known or (named is not None and named <= stored)


def _load_newer(db: sqlite_utils.Database, downloaded: DownloadedRules) -> date | None:
    """Load ``downloaded`` into ``db`` when it is a whole rules document later than the stored one, and
    remember its URL either way (it isn't downloaded again); the version loaded, None when not newer.

    Raises ValueError (RulesParseError, IncompleteRules) when it is not a whole rules file."""
    store = RulesStore(db)
    document = parse_rules(decode_rules(downloaded.raw))
    stored = store.version()
    newer = stored is None or document.effective_date > stored
    if newer:
        problem = incomplete_because(document, len(store.numbers()))
        if problem is not None:
            raise IncompleteRules(f"it looks like part of the rules only ({problem})")
        store.load(document)
    with db.conn:
        CardRepository(db).set_metadata({RULES_FILE: downloaded.url})
    return document.effective_date if newer else None


async def _refresh_printings(services: Services, client: ScryfallClient, languages: Sequence[str]) -> _Part:
    """Import the printed names of ``languages`` again from Scryfall's all_cards file when its
    ``updated_at`` isn't the one each was last imported from."""
    try:
        wanted = checked_languages(languages)
        entry = await client.bulk_entry("all_cards")
    except InvalidQuestion as error:
        return _failed(f"printed names: MTG_JUDGE_REFRESH_LANGUAGES: {error}")
    except ScryfallError as error:
        return _failed(f"printed names: Scryfall's bulk-data list: {error}")
    updated_at = str(entry.get("updated_at", ""))
    metadata = await services.blocking(services.cards.repository.metadata)
    stale = tuple(
        code for code in wanted if not updated_at or metadata.get(printings_updated_at(code)) != updated_at
    )
    if not stale:
        return _Part("unchanged", (f"printed names ({', '.join(wanted)}) of {updated_at}",))
    with tempfile.TemporaryDirectory(prefix="mtg-judge-refresh-", dir=services.settings.db.parent) as folder:
        path = Path(folder) / "all-cards.json"  # beside the cache, not in /tmp: it may be memory
        try:
            source = await download_all_cards(client, entry, path)
        except SyncFailed as error:
            return _failed(f"printed names: {error}")
        start = time.perf_counter()
        try:
            summary = await asyncio.to_thread(
                _apart,
                services.settings.db,
                lambda db: import_printings_file(db, path, stale, source, updated_at),
            )
        except (UserError, WorldError, sqlite3.Error, OSError) as error:
            return _failed(f"printed names: the import failed ({error}); the cache is unchanged")
        seconds = time.perf_counter() - start
    what = f"printed names of {updated_at} ({', '.join(stale)}: {summary.printings_read} printings)"
    return _Part("imported", (what,), seconds)


def _apart(path: Path, work: Callable[[sqlite_utils.Database], T]) -> T:
    """``work`` done through a connection to the cache at ``path`` of this thread's own."""
    db = open_database(path)
    try:
        return work(db)
    finally:
        db.close()
