"""Checking a downloaded Scryfall bulk file before anything is imported from it: a whole JSON array
(gzipped or not) of records of the expected kind, streamed with ijson (one record in memory at a time)."""

from __future__ import annotations

import gzip
import io
from collections.abc import Collection
from pathlib import Path

import ijson

from data.scryfall.errors import BulkFileUnusable

GZIP_MAGIC = b"\x1f\x8b"
CARD_KEYS = ("name",)
RULING_KEYS = ("oracle_id", "comment")


def bulk_records(path: Path, kind: str, keys: Collection[str]) -> int:
    """How many records the bulk file ``kind`` (``oracle_cards``, ``rulings``) at ``path`` holds, each
    an object with every one of ``keys``; BulkFileUnusable when it is empty, cut short, more or other
    than one JSON array, or holds another kind of record."""
    count = 0
    with path.open("rb") as raw:
        try:
            stream = _decompressed(raw)
            _check_array(stream, kind)
            for record in ijson.items(stream, "item"):
                if not isinstance(record, dict) or not all(key in record for key in keys):
                    raise BulkFileUnusable(f"Scryfall's {kind} bulk file holds a record of another kind")
                count += 1
        except (ijson.JSONError, OSError, EOFError) as error:
            raise BulkFileUnusable(
                f"Scryfall's {kind} bulk file is cut short or malformed ({_first_line(error)})"
            ) from error
    return count


def _check_array(stream: gzip.GzipFile | io.BufferedReader, kind: str) -> None:
    first = stream.peek(64).lstrip()[:1]
    if not first:
        raise BulkFileUnusable(f"Scryfall's {kind} bulk file is empty")
    if first != b"[":
        raise BulkFileUnusable(f"Scryfall's {kind} bulk file is not a JSON array")


def _first_line(error: Exception) -> str:
    """The first line of ``error`` (ijson's messages go on with a picture of where the parse failed)."""
    return next(iter(str(error).strip().splitlines()), "") or type(error).__name__


def _decompressed(raw: io.BufferedReader) -> gzip.GzipFile | io.BufferedReader:
    return gzip.GzipFile(fileobj=raw) if raw.peek(2)[:2] == GZIP_MAGIC else raw
