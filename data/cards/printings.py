"""Names and text cards are printed with in other languages (``printed_name``, ``printed_type_line``,
``printed_text`` of Scryfall's printings), stored by Oracle id in ``printed_names``.

They come from a file of printings (``import-cards`` of a JSON Lines file like Scryfall's search
results), from Scryfall's ``all_cards`` bulk file filtered by language (``sync --languages ja``: every
printing of every card in every language, several GB, read as a stream), or one search at a time when
a name the cache doesn't know is looked up online. English printings and printings without a printed
name are skipped: the Oracle name is already in ``card_names``.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sqlite_utils

from data.cards.names import normalize_name
from data.cards.records import Skipped
from data.cards.repository import NameEntry, name_entry
from data.cards.schema import CardFace, CardRecord
from data.db import bump_generation

if TYPE_CHECKING:
    from data.cards.importer import Progress

DEFAULT_LANGUAGES = ("ja",)
PRINTED_LANGUAGES = (
    "es",
    "fr",
    "de",
    "it",
    "pt",
    "ja",
    "ko",
    "ru",
    "zhs",
    "zht",
    "he",
    "la",
    "grc",
    "ar",
    "sa",
    "ph",
)
"""Scryfall's codes of the languages other than English cards are printed in (docs/api/languages)."""

_UPSERT = """
INSERT INTO printed_names (oracle_id, lang, name, normalized, is_face, type_line, text, released_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (oracle_id, lang, name) DO UPDATE SET
    normalized = excluded.normalized, type_line = excluded.type_line, text = excluded.text,
    released_at = excluded.released_at
WHERE excluded.released_at >= printed_names.released_at
    AND (printed_names.text IS NOT excluded.text OR printed_names.type_line IS NOT excluded.type_line)
"""
_ENTRIES = (
    "SELECT c.key, p.name, p.normalized, p.is_face, c.is_game_card, c.type_line "
    "FROM printed_names p JOIN cards c ON c.key = p.oracle_id "
)


@dataclass(frozen=True)
class PrintedCard:
    """A card as printed in one language: its name, type line and rules text ("" when unknown)."""

    lang: str
    name: str
    type_line: str
    text: str


@dataclass(frozen=True)
class PrintingsSummary:
    """What an import of printings did."""

    source: str
    printings_read: int
    names_stored: int
    languages: tuple[str, ...]
    skipped: int = 0  # printings in those languages that don't fit the card schema: left out
    skipped_names: tuple[str, ...] = ()  # the first few of them (Skipped.names)


def printed_rows(card: CardRecord, languages: Collection[str]) -> list[tuple[Any, ...]]:
    """The ``printed_names`` rows of one Scryfall printing: its full printed name (with its type line
    and text), then each face's; [] for English, another language or a printing without printed name."""
    lang, oracle_id = card.lang or "en", card.oracle_id
    faces = [face for face in card.card_faces or () if face.printed_name]
    full = card.printed_name or " // ".join(str(face.printed_name) for face in faces)
    if lang == "en" or lang not in languages or not oracle_id or not full:
        return []
    parts: list[CardFace] = [*faces] or [card]
    type_line = " // ".join(part.printed_type_line or "" for part in parts).strip(" /")
    text = "\n//\n".join(part.printed_text or "" for part in parts).strip("\n/")
    released = card.released_at or ""
    rows = [(oracle_id, lang, full, normalize_name(full), 0, type_line, text, released)]
    names = {str(face.printed_name) for face in faces} - {full}
    return rows + [(oracle_id, lang, name, normalize_name(name), 1, "", "", released) for name in names]


class PrintedNames:
    """The ``printed_names`` table; writes are the caller's transaction unless stated otherwise."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db

    def upsert(self, cards: Iterable[CardRecord], languages: Collection[str]) -> int:
        """Store the printed names of ``cards`` (printings) in ``languages``; how many rows they gave."""
        rows = [row for card in cards for row in printed_rows(card, languages)]
        if rows:
            self.db.conn.executemany(_UPSERT, rows)
            bump_generation(self.db.conn, "cards")  # the name index must learn them
        return len(rows)

    def entries(self, normalized: str | None = None) -> list[NameEntry]:
        """Every printed name of a cached card as a resolver entry (only ``normalized`` when given)."""
        where, parameters = ("WHERE p.normalized = ? ", [normalized]) if normalized is not None else ("", [])
        rows = self.db.execute(_ENTRIES + where + "ORDER BY c.key, p.is_face, p.name", parameters)
        return [name_entry(*row) for row in rows]

    def printed(self, oracle_id: str, lang: str) -> PrintedCard | None:
        """The card ``oracle_id`` as printed in ``lang`` (its newest printing), or None."""
        row = self.db.execute(
            "SELECT name, type_line, text FROM printed_names "
            "WHERE oracle_id = ? AND lang = ? AND is_face = 0 ORDER BY released_at DESC, name LIMIT 1",
            [oracle_id, lang],
        ).fetchone()
        return PrintedCard(lang, str(row[0]), str(row[1]), str(row[2])) if row else None

    def names(self, lang: str) -> dict[str, str]:
        """The printed name in ``lang`` of every cached card that has one, by its Oracle name (the
        newest printing's)."""
        rows = self.db.execute(
            "SELECT c.name, p.name FROM printed_names p JOIN cards c ON c.key = p.oracle_id "
            "WHERE p.lang = ? AND p.is_face = 0 ORDER BY p.released_at, p.name",
            [lang],
        )
        return {str(oracle_name): str(printed) for oracle_name, printed in rows}

    def count(self) -> int:
        """How many printed names are stored."""
        return int(self.db.execute("SELECT count(*) FROM printed_names").fetchone()[0])


def is_printed_name(name: str) -> bool:
    """Whether ``name`` is written in another script than Latin (Japanese, Chinese, Korean, Cyrillic…),
    so it can only be a printed name: Oracle names are English."""
    return any(char.isalpha() and not unicodedata.name(char, "").startswith("LATIN") for char in name)


def printings_named(printings: Iterable[object], name: str, *, exact: bool) -> dict[str, list[CardRecord]]:
    """The printings of a Scryfall search by Oracle id, only those printed with ``name`` (ignoring case,
    width, accents…) when some are or when ``exact``; English printings, those without printed name and
    those that don't fit the card schema are left out."""
    wanted = normalize_name(name)
    found: dict[str, list[CardRecord]] = {}
    named: dict[str, list[CardRecord]] = {}
    for card in Skipped().valid(printings):
        rows = printed_rows(card, PRINTED_LANGUAGES)
        if not rows:
            continue
        found.setdefault(rows[0][0], []).append(card)
        if any(row[3] == wanted for row in rows):
            named.setdefault(rows[0][0], []).append(card)
    return named if named or exact else found


def is_printings_file(path: Path) -> bool:
    """Whether the bulk file at ``path`` holds printings in another language than English (its first
    record has a ``lang`` other than ``en``) rather than Oracle cards."""
    import ijson  # here and below: a look-up never loads the importer

    from data.cards.importer import CardImportError, records

    with io.BufferedReader(io.FileIO(path, "rb"), buffer_size=1 << 16) as raw:
        try:
            first = next(records(raw), None)
        except (CardImportError, ijson.JSONError, ValueError, OSError, EOFError):
            return False  # the card importer reports what is wrong with it
    return isinstance(first, dict) and str(first.get("lang", "en")) != "en"


def import_printings(
    db: sqlite_utils.Database,
    path: Path,
    languages: Collection[str] = DEFAULT_LANGUAGES,
    *,
    source: str | None = None,
    progress: Progress | None = None,
) -> PrintingsSummary:
    """Store the printed names of every printing in ``languages`` of the file at ``path`` (a JSON array
    or JSON Lines, ``.gz`` or not, such as ``all_cards``), streaming, in one transaction.

    Raises CardImportError (nothing stored) when the file is not a readable Scryfall file.
    """
    import ijson

    from data.cards.importer import BATCH_SIZE, CardImportError, batches, records

    table, total, read, skipped = PrintedNames(db), path.stat().st_size, 0, Skipped()
    with io.BufferedReader(io.FileIO(path, "rb"), buffer_size=1 << 16) as raw:
        try:
            with db.conn:
                for batch in batches(skipped.valid(_wanted(records(raw), languages)), BATCH_SIZE):
                    read += len(batch)
                    table.upsert(batch, languages)
                    if progress:
                        progress(raw.tell(), total)
        except (ijson.JSONError, ValueError, OSError, EOFError, KeyError, TypeError) as error:
            message = f"{path.name}: not a readable Scryfall file of printings ({error})"
            raise CardImportError(message) from error
    names = tuple(skipped.names)
    return PrintingsSummary(source or str(path), read, table.count(), tuple(languages), skipped.count, names)


def _wanted(records: Iterator[object], languages: Collection[str]) -> Iterator[dict[str, Any]]:
    """Only the printings in ``languages`` (most of ``all_cards`` is skipped here, record by record)."""
    return (record for record in records if isinstance(record, dict) and record.get("lang") in languages)
