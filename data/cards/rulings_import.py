"""Import Scryfall's ``rulings`` bulk file (every ruling of every card, keyed by oracle_id).

The file is one JSON array (``.gz`` or not), read incrementally. The import replaces every cached
ruling in one transaction, and records every cached card as fetched, so offline ``/rulings`` knows a
card without rulings has none (instead of "never fetched"); an unreadable file leaves the cache as it was.
"""

from __future__ import annotations

import gzip
import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ijson
import sqlite_utils

from engine import UserError

GZIP_MAGIC = b"\x1f\x8b"
BATCH = 5_000


class RulingsImportError(UserError):
    """The file is not Scryfall's rulings bulk file; the cache is unchanged."""


@dataclass(frozen=True)
class RulingsImportSummary:
    """How many rulings were imported, for how many cards."""

    rulings: int
    cards: int


def import_rulings(db: sqlite_utils.Database, path: Path) -> RulingsImportSummary:
    """Replace every cached ruling with those of the bulk file at ``path`` (all or nothing)."""
    rulings = 0
    oracle_ids: set[str] = set()
    try:
        with path.open("rb") as raw, db.conn:
            db.execute("BEGIN")  # the connection autocommits: without it a bad file would leave no rulings
            db.execute("DELETE FROM rulings")
            for batch in _batches(_rulings(io.BufferedReader(raw))):
                db.conn.executemany("INSERT OR IGNORE INTO rulings VALUES (?, ?, ?, ?)", batch)
                rulings += len(batch)
                oracle_ids.update(row[0] for row in batch)
            db.execute(
                "INSERT OR REPLACE INTO ruling_fetches (oracle_id, fetched_at) "
                "SELECT DISTINCT oracle_id, datetime('now') FROM cards WHERE oracle_id IS NOT NULL"
            )
    except (ijson.JSONError, ValueError, EOFError, OSError) as error:
        raise RulingsImportError(f"cannot import the rulings in {path}: {error}") from error
    return RulingsImportSummary(rulings=rulings, cards=len(oracle_ids))


def _rulings(raw: io.BufferedReader[Any]) -> Iterator[tuple[str, str, str, str]]:
    stream = io.BufferedReader(gzip.GzipFile(fileobj=raw)) if raw.peek(2)[:2] == GZIP_MAGIC else raw
    for record in ijson.items(stream, "item"):
        if not isinstance(record, dict) or not record.get("oracle_id") or "comment" not in record:
            raise RulingsImportError("found a record that is not a Scryfall ruling object")
        yield (
            str(record["oracle_id"]),
            str(record.get("source", "")),
            str(record.get("published_at", "")),
            str(record["comment"]),
        )


def _batches(rows: Iterator[tuple[str, str, str, str]]) -> Iterator[list[tuple[str, str, str, str]]]:
    batch: list[tuple[str, str, str, str]] = []
    for row in rows:
        batch.append(row)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch
