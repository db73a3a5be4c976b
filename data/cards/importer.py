"""Streaming import of Scryfall bulk files (JSON array or JSON Lines, optionally gzipped) into the cache.

The whole import is one SQLite transaction: a crash or Ctrl-C midway rolls back and leaves the
previous cache intact, and WAL mode lets readers keep using it while the import runs.
"""

from __future__ import annotations

import gzip
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path
from typing import Any

import ijson
import sqlite_utils

from data.cards.repository import CardRepository
from engine import UserError

BATCH_SIZE = 500
GZIP_MAGIC = b"\x1f\x8b"

Progress = Callable[[int, int], None]
"""Called as ``progress(bytes_read, total_bytes)`` of the file on disk after every batch."""


class CardImportError(UserError):
    """The file is not a readable Scryfall bulk file; the cache was left as it was."""


# what a truncated, corrupt or foreign file raises while being parsed (gzip errors are OSError/EOFError)
_UNREADABLE = (CardImportError, ijson.JSONError, ValueError, EOFError, OSError, KeyError, TypeError)


@dataclass(frozen=True)
class ImportSummary:
    """What an import did."""

    source: str
    cards_read: int
    cards_in_cache: int
    bulk_date: str


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
    with io.BufferedReader(io.FileIO(path, "rb"), buffer_size=1 << 16) as raw:
        try:
            with db.conn:
                for batch in _batches(_records(raw), BATCH_SIZE):
                    repository.upsert_cards(batch)
                    read += len(batch)
                    if progress:
                        progress(raw.tell(), total)
                repository.set_metadata(_metadata(path, source, bulk_date, read))
        except _UNREADABLE as error:
            raise CardImportError(f"{path.name}: not a readable Scryfall bulk file ({error})") from error
    metadata = repository.metadata()
    return ImportSummary(metadata["source"], read, repository.count(), metadata.get("bulk_date", ""))


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


def _batches(records: Iterator[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    while batch := list(islice(records, size)):
        yield batch


def _records(raw: io.BufferedReader[Any]) -> Iterator[dict[str, Any]]:
    """Each card object of a JSON array or of JSON Lines, parsed incrementally (memory stays flat)."""
    stream = _decompressed(raw)
    first = _first_significant_byte(stream)
    if first == b"[":
        records = ijson.items(stream, "item", use_float=True)
    elif first == b"{":
        records = ijson.items(stream, "", multiple_values=True, use_float=True)
    else:
        raise CardImportError("expected a JSON array or JSON Lines of Scryfall card objects")
    for record in records:
        if not isinstance(record, dict) or "name" not in record:
            raise CardImportError("found a record that is not a Scryfall card object")
        yield record


def _decompressed(raw: io.BufferedReader[Any]) -> io.BufferedReader[Any]:
    if raw.peek(2)[:2] == GZIP_MAGIC:
        return io.BufferedReader(gzip.GzipFile(fileobj=raw))
    return raw


def _first_significant_byte(stream: io.BufferedReader[Any]) -> bytes:
    return stream.peek(64).lstrip()[:1]
