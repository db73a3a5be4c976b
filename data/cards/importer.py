"""Streaming import of Scryfall bulk files (JSON array or JSON Lines, optionally gzipped) into the cache.

The file is read in chunks; each record is parsed whole by the C JSON decoder (its nesting and length
bounded), checked against the card schema (``data.cards.schema.CardRecord``) and stored in batches. A
record that doesn't fit is skipped and counted, the first few named with why; a file none of whose
records is a card is refused.

The whole import is one SQLite transaction: a crash or Ctrl-C midway rolls back and leaves the
previous cache intact, and WAL mode lets readers keep using it while the import runs.
"""

from __future__ import annotations

import codecs
import gzip
import io
import json
import re
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

import sqlite_utils

from data.cards.errors import CardImportError as CardImportError  # re-exported: what an import raises
from data.cards.records import Skipped
from data.cards.repository import CardRepository
from data.db import BUSY_TIMEOUT_MS, CacheBusy

T = TypeVar("T")

BATCH_SIZE = 500
GZIP_MAGIC = b"\x1f\x8b"
MAX_JSON_DEPTH = 32  # levels of JSON nesting in one file (a card needs about five)
MAX_RECORD_CHARS = 1 << 22  # characters of one record (Scryfall's longest is about 20,000)
UTF8_BOM = codecs.BOM_UTF8  # some editors start a UTF-8 file with it; JSON text may not (RFC 8259 §8.1)

Progress = Callable[[int, int], None]
"""Called as ``progress(bytes_read, total_bytes)`` of the file on disk after every batch."""


# what a truncated, corrupt or foreign file raises while being parsed (gzip errors are OSError/EOFError)
_UNREADABLE = (CardImportError, ValueError, EOFError, OSError)


@dataclass(frozen=True)
class ImportSummary:
    """What an import did."""

    source: str
    cards_read: int
    cards_in_cache: int
    bulk_date: str
    skipped: int = 0  # records that aren't Scryfall cards (a wrong field): never stored
    skipped_names: tuple[str, ...] = ()  # the first few of them (Skipped.names)


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
    skipped = Skipped()
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
                if skipped.count and not read:
                    raise CardImportError(f"none of its records is a Scryfall card: {skipped.names[0]}")
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


def batches(items: Iterator[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last one shorter), read lazily."""
    while batch := list(islice(items, size)):
        yield batch


def records(raw: io.BufferedReader[Any]) -> Iterator[object]:
    """Each record (decoded JSON, unchecked) of a JSON array or of JSON Lines, read incrementally (memory
    stays flat); a UTF-8 byte order mark before them is skipped."""
    stream = _decompressed(raw)
    if stream.peek(len(UTF8_BOM)).startswith(UTF8_BOM):
        stream.read(len(UTF8_BOM))
    first = _first_significant_byte(stream)
    if first not in (b"[", b"{"):
        raise CardImportError("expected a JSON array or JSON Lines of Scryfall card objects")
    text = _JsonText(stream)
    yield from _array_items(text) if first == b"[" else _json_lines(text)


def _array_items(text: _JsonText) -> Iterator[Any]:
    """The items of the JSON array ``text`` holds (its nesting level is the first of the file's)."""
    text.take("[")
    if text.next_significant() == "]":
        text.take("]")
    else:
        while True:
            yield text.value(MAX_JSON_DEPTH - 1)
            separator = text.next_significant()
            if separator not in (",", "]"):
                raise CardImportError(f"expected , or ] after a record but found {separator!r}")
            text.take(separator)
            if separator == "]":
                break
    if text.next_significant():
        raise CardImportError("found more than one JSON array")


def _json_lines(text: _JsonText) -> Iterator[Any]:
    """Each value of JSON Lines (whitespace-separated JSON values)."""
    while text.next_significant():
        yield text.value(MAX_JSON_DEPTH)


class _JsonText:
    """The text of a (decompressed) file, read in chunks, from which one JSON value at a time is parsed
    by the C decoder: no Python object is built event by event, and nesting is bounded."""

    def __init__(self, stream: io.BufferedReader[Any]) -> None:
        self._stream = stream
        self._decode = codecs.getincrementaldecoder("utf-8")().decode
        self._text = ""
        self._at = 0  # where the unread text starts
        self._ended = False

    def next_significant(self) -> str:
        """The next character that isn't JSON whitespace ("" at the end of the file), not consumed."""
        while True:
            self._at = _WHITESPACE.match(self._text, self._at).end()  # type: ignore[union-attr]
            if self._at < len(self._text) or not self._read():
                return self._text[self._at : self._at + 1]

    def take(self, expected: str) -> None:
        """Consume the next significant character, which must be ``expected``."""
        if self.next_significant() != expected:
            raise CardImportError(f"expected {expected} but found {self.next_significant()!r}")
        self._at += 1

    def value(self, depth: int) -> Any:
        """The JSON value that starts here, nested at most ``depth`` levels deep."""
        self.next_significant()
        while True:
            try:
                value, end = _DECODER.raw_decode(self._text, self._at)
            except RecursionError as error:  # far deeper than any bound: refused before it is built
                raise _too_deep() from error
            except json.JSONDecodeError as error:  # cut off by the end of what was read, or malformed
                if len(self._text) - self._at > MAX_RECORD_CHARS:
                    raise _too_long() from None
                if not _cut_off(error, len(self._text)) or not self._read(len(self._text) - self._at):
                    raise CardImportError(f"the JSON is cut short or malformed ({error.msg})") from None
                continue
            if end - self._at > MAX_RECORD_CHARS:
                raise _too_long()
            if _nests_deeper(self._text, self._at, end, depth):
                raise _too_deep()
            self._at = end
            return value

    def _read(self, at_least: int = 0) -> bool:
        """Append the next chunk of the file to the unread text; False at the end of the file."""
        if self._ended:
            return False
        chunk = self._stream.read(max(_CHUNK, at_least))
        self._ended = not chunk
        self._text = self._text[self._at :] + self._decode(chunk, final=self._ended)
        self._at = 0
        return bool(chunk)


def _cut_off(error: json.JSONDecodeError, read: int) -> bool:
    """Whether the decoder may have failed only because the text read so far (``read`` characters) ends
    inside the value: a string still open, or an error at the very end (``tru``, ``"\\u00``)."""
    return error.msg.startswith("Unterminated string") or error.pos >= read - 8


def _nests_deeper(text: str, start: int, end: int, depth: int) -> bool:
    """Whether the JSON value ``text[start:end]`` nests more than ``depth`` levels deep (counted only when
    it has more brackets than that: a card has about fifteen)."""
    if text.count("[", start, end) + text.count("{", start, end) <= depth:
        return False
    level = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text[start:end])):
        level += 1 if bracket in "[{" else -1
        if level > depth:
            return True
    return False


def _too_deep() -> CardImportError:
    return CardImportError(f"the JSON nests deeper than {MAX_JSON_DEPTH} levels")


def _too_long() -> CardImportError:
    return CardImportError(f"a record is longer than {MAX_RECORD_CHARS} characters")


def _no_constant(name: str) -> Any:
    raise json.JSONDecodeError(f"{name} is not JSON", name, 0)


_CHUNK = 1 << 16
_DECODER = json.JSONDecoder(parse_constant=_no_constant)  # NaN and Infinity aren't JSON
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def _decompressed(raw: io.BufferedReader[Any]) -> io.BufferedReader[Any]:
    if raw.peek(2)[:2] == GZIP_MAGIC:
        return io.BufferedReader(gzip.GzipFile(fileobj=raw))
    return raw


def _first_significant_byte(stream: io.BufferedReader[Any]) -> bytes:
    return stream.peek(64).lstrip()[:1]
