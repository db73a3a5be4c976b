"""Streaming import of Scryfall bulk files (JSON array or JSON Lines, optionally gzipped) into the cache.

The whole import is one SQLite transaction: a crash or Ctrl-C midway rolls back and leaves the
previous cache intact, and WAL mode lets readers keep using it while the import runs.
"""

from __future__ import annotations

import gzip
import io
import re
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path
from typing import Any

import ijson
import sqlite_utils

from data.cards.errors import CardImportError as CardImportError  # re-exported: what an import raises
from data.cards.records import record_name, record_problem
from data.cards.repository import CardRepository
from data.db import BUSY_TIMEOUT_MS, CacheBusy

BATCH_SIZE = 500
GZIP_MAGIC = b"\x1f\x8b"
MAX_JSON_DEPTH = 32  # levels of JSON nesting in one file (a card needs about five)
MAX_SKIPPED_NAMES = 20  # skipped records named in the summary; the rest are only counted

Progress = Callable[[int, int], None]
"""Called as ``progress(bytes_read, total_bytes)`` of the file on disk after every batch."""


# what a truncated, corrupt or foreign file raises while being parsed (gzip errors are OSError/EOFError)
_UNREADABLE = (CardImportError, ijson.JSONError, ValueError, EOFError, OSError, KeyError, TypeError)


@dataclass(frozen=True)
class ImportSummary:
    """What an import did."""

    source: str
    cards_read: int
    cards_in_cache: int
    bulk_date: str
    skipped: int = 0  # records that aren't Scryfall cards (a wrong field): never stored
    skipped_names: tuple[str, ...] = ()  # the first of them, "'Name' (cmc: …)"


def import_cards(
    db: sqlite_utils.Database,
    path: Path,
    *,
    source: str | None = None,
    bulk_date: str | None = None,
    progress: Progress | None = None,
) -> ImportSummary:
    """Upsert every card of the bulk file at ``path`` in one transaction.

    Raises CardImportError (with the cache unchanged) when the file is not a readable bulk file.
    """
    repository = CardRepository(db)
    total = path.stat().st_size
    read = 0
    skipped = _Skipped()
    with io.BufferedReader(io.FileIO(path, "rb"), buffer_size=1 << 16) as raw:
        try:
            with db.conn:
                # Take the write lock first (waiting for another writer), not midway through the import.
                db.execute("BEGIN IMMEDIATE")
                for batch in batches(skipped.valid(records(raw)), BATCH_SIZE):
                    repository.upsert_cards(batch)
                    read += len(batch)
                    if progress:
                        progress(raw.tell(), total)
                repository.set_metadata(_metadata(path, source, bulk_date, read))
        except sqlite3.OperationalError as error:  # "database is locked": the wait ran out
            raise CacheBusy(
                f"another import kept the cache busy for over {BUSY_TIMEOUT_MS // 1000} s; "
                "try again when it has finished"
            ) from error
        except _UNREADABLE as error:
            raise CardImportError(f"{path.name}: not a readable Scryfall bulk file ({error})") from error
    metadata = repository.metadata()
    return ImportSummary(
        metadata["source"],
        read,
        repository.count(),
        metadata.get("bulk_date", ""),
        skipped.count,
        tuple(skipped.names),
    )


class _Skipped:
    """The records an import leaves out, counted, the first few named with their first wrong field."""

    def __init__(self) -> None:
        self.count = 0
        self.names: list[str] = []

    def valid(self, records: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """The records that fit Scryfall's card schema; the others are counted here."""
        for record in records:
            problem = record_problem(record)
            if problem is None:
                yield record
                continue
            self.count += 1
            if len(self.names) < MAX_SKIPPED_NAMES:
                self.names.append(f"{record_name(record)} ({problem})")


def bulk_date_from_filename(path: Path) -> str:
    """``2019-09-26`` from ``oracle-cards-20190926.json.gz``; empty when the name carries no date."""
    match = re.search(r"(\d{4})(\d{2})(\d{2})", path.name)
    return "-".join(match.groups()) if match else ""


def _metadata(path: Path, source: str | None, bulk_date: str | None, count: int) -> dict[str, str]:
    values = {
        "source": source or str(path),
        "imported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "cards_imported": str(count),
    }
    date = bulk_date or bulk_date_from_filename(path)
    if date:  # a supplement without a date must not erase the date of the bulk file underneath
        values["bulk_date"] = date
    return values


def batches(items: Iterator[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    """``items`` in lists of ``size`` (the last one shorter), read lazily."""
    while batch := list(islice(items, size)):
        yield batch


def records(raw: io.BufferedReader[Any]) -> Iterator[dict[str, Any]]:
    """Each card object of a JSON array or of JSON Lines, parsed incrementally (memory stays flat)."""
    stream = _decompressed(raw)
    first = _first_significant_byte(stream)
    if first not in (b"[", b"{"):
        raise CardImportError("expected a JSON array or JSON Lines of Scryfall card objects")
    events = ijson.basic_parse(stream, multiple_values=first == b"{", use_float=True)
    for record in _values(events, top=1 if first == b"[" else 0):
        if not isinstance(record, dict) or "name" not in record:
            raise CardImportError("found a record that is not a Scryfall card object")
        yield record


def _values(events: Iterator[tuple[str, Any]], top: int) -> Iterator[Any]:
    """Each value that starts at nesting level ``top`` (1: the items of an array, 0: JSON Lines), built from
    ijson's basic events with the nesting bounded (ijson's own item paths grow with the square of the depth).
    """
    depth = 0
    builder = ijson.ObjectBuilder()
    for event, value in events:
        opens, closes = event in ("start_map", "start_array"), event in ("end_map", "end_array")
        depth += opens - closes
        if depth > MAX_JSON_DEPTH:
            raise CardImportError(f"the JSON nests deeper than {MAX_JSON_DEPTH} levels")
        if depth > top:  # inside a value of level ``top`` (its opening event included)
            builder.event(event, value)
        elif depth == top and not opens:  # the value's closing event, or a whole scalar
            builder.event(event, value)
            yield builder.value
            builder = ijson.ObjectBuilder()


def _decompressed(raw: io.BufferedReader[Any]) -> io.BufferedReader[Any]:
    if raw.peek(2)[:2] == GZIP_MAGIC:
        return io.BufferedReader(gzip.GzipFile(fileobj=raw))
    return raw


def _first_significant_byte(stream: io.BufferedReader[Any]) -> bytes:
    return stream.peek(64).lstrip()[:1]
