"""Reading and writing cards, names, rulings and metadata in the SQLite cache."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import sqlite_utils
from pydantic import ValidationError

from data.cards.names import normalize_name
from data.cards.schema import CardRecord
from data.db import bump_generation, generation

_UPSERT_CARD = """
INSERT INTO cards (key, oracle_id, name, normalized_name, layout, type_line, is_game_card, json)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (key) DO UPDATE SET
    oracle_id = excluded.oracle_id, name = excluded.name, normalized_name = excluded.normalized_name,
    layout = excluded.layout, type_line = excluded.type_line, is_game_card = excluded.is_game_card,
    json = excluded.json
WHERE json IS NOT excluded.json
"""
REVERSIBLE = "reversible_card"  # Scryfall's layout of one card printed on both sides
Ruling = dict[str, str]
"""A cached ruling under Scryfall's field names: object, oracle_id, source, published_at, comment."""

_INSERT_NAME = "INSERT OR IGNORE INTO card_names (card_key, name, normalized, is_face) VALUES (?, ?, ?, ?)"


@dataclass(frozen=True)
class NameEntry:
    """One name a cached card answers to, as the resolver ranks it."""

    card_key: str
    name: str
    normalized: str
    is_face: bool
    is_game_card: bool
    type_line: str = ""  # the card's, every face's types


class CardRepository:
    """The cards component's tables; writes are the caller's transaction unless stated otherwise."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db

    def upsert_cards(self, cards: Sequence[CardRecord]) -> None:
        """Insert or update ``cards`` with their names, in the current transaction. A reversible printing
        (layout ``reversible_card``) of a card stored, or in ``cards``, with its own layout doesn't replace
        it: the card's record is the one printed on one side."""
        cards = self._without_reversible_reprints(cards)
        self.db.conn.executemany(_UPSERT_CARD, [_card_row(card) for card in cards])
        # a renamed card or a changed face list must not keep answering to its old names
        self.db.conn.executemany(
            "DELETE FROM card_names WHERE card_key = ? AND name NOT IN (SELECT value FROM json_each(?))",
            [(card.key, json.dumps([name for name, _ in card.names])) for card in cards],
        )
        self.db.conn.executemany(_INSERT_NAME, [row for card in cards for row in _name_rows(card)])
        bump_generation(self.db.conn, "cards")

    def _without_reversible_reprints(self, cards: Sequence[CardRecord]) -> Sequence[CardRecord]:
        reversible = {card.key for card in cards if card.layout == REVERSIBLE}
        if not reversible:
            return cards
        rows = self.db.execute(
            "SELECT key FROM cards WHERE layout != ? AND key IN (SELECT value FROM json_each(?))",
            [REVERSIBLE, json.dumps(sorted(reversible))],
        ).fetchall()
        kept = {str(key) for (key,) in rows} | {card.key for card in cards if card.layout != REVERSIBLE}
        return [card for card in cards if card.layout != REVERSIBLE or card.key not in kept]

    def store(self, card: CardRecord) -> None:
        """Insert or update one card (fetched from Scryfall) in its own transaction."""
        with self.db.conn:
            self.upsert_cards([card])

    def get(self, key: str) -> CardRecord | None:
        """The card cached under ``key``; None when there is none, or when its stored record doesn't fit
        the card schema (written by an older version that checked less): it is then as good as missing."""
        row = self.db.execute("SELECT json FROM cards WHERE key = ?", [key]).fetchone()
        if row is None:
            return None
        try:
            return CardRecord.model_validate_json(row[0])
        except ValidationError:
            return None

    def name_entries(self, normalized: str | None = None) -> list[NameEntry]:
        """Every (card, name) pair of the cache, for name resolution (only those whose normalised name
        is ``normalized`` when it is given)."""
        where, parameters = ("WHERE n.normalized = ? ", [normalized]) if normalized is not None else ("", [])
        rows = self.db.execute(
            "SELECT n.card_key, n.name, n.normalized, n.is_face, c.is_game_card, c.type_line "
            f"FROM card_names n JOIN cards c ON c.key = n.card_key {where}"
            "ORDER BY n.card_key, n.is_face, n.name",
            parameters,
        ).fetchall()
        return [name_entry(*row) for row in rows]

    def popularity(self, keys: Iterable[str]) -> dict[str, int]:
        """Scryfall's ``edhrec_rank`` (1 is the most played) of each of ``keys`` whose stored record has
        one; the others are left out."""
        rows = self.db.execute(
            "SELECT key, json_extract(json, '$.edhrec_rank') FROM cards "
            "WHERE key IN (SELECT value FROM json_each(?))",
            [json.dumps(sorted(set(keys)))],
        ).fetchall()
        return {str(key): rank for key, rank in rows if isinstance(rank, int)}

    def count(self) -> int:
        """How many cards the cache holds."""
        return int(self.db.execute("SELECT count(*) FROM cards").fetchone()[0])

    def generation(self) -> str:
        """Changes whenever any connection changes the cards (for cache invalidation)."""
        return generation(self.db, "cards")

    def store_rulings(self, oracle_id: str, rulings: Iterable[Mapping[str, object]]) -> None:
        """Replace the cached rulings of ``oracle_id`` in one transaction."""
        rows = [
            (oracle_id, r.get("source", ""), r.get("published_at", ""), r.get("comment", "")) for r in rulings
        ]
        with self.db.conn:
            self.db.execute("DELETE FROM rulings WHERE oracle_id = ?", [oracle_id])
            self.db.conn.executemany("INSERT OR IGNORE INTO rulings VALUES (?, ?, ?, ?)", rows)
            self.db.execute("INSERT OR REPLACE INTO ruling_fetches VALUES (?, datetime('now'))", [oracle_id])

    def rulings(self, oracle_id: str) -> list[Ruling] | None:
        """The cached rulings of ``oracle_id`` (Scryfall field names), or None when never fetched."""
        fetched = self.db.execute("SELECT 1 FROM ruling_fetches WHERE oracle_id = ?", [oracle_id]).fetchone()
        if fetched is None:
            return None
        rows = self.db.execute(
            "SELECT source, published_at, comment FROM rulings WHERE oracle_id = ? "
            "ORDER BY published_at, rowid",
            [oracle_id],
        ).fetchall()
        return [
            {
                "object": "ruling",
                "oracle_id": oracle_id,
                "source": str(s),
                "published_at": str(p),
                "comment": str(c),
            }
            for s, p, c in rows
        ]

    def set_metadata(self, values: dict[str, str]) -> None:
        """Record metadata (bulk date, import time, source…) in the current transaction."""
        self.db.conn.executemany(
            "INSERT INTO card_metadata (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            list(values.items()),
        )

    def metadata(self) -> dict[str, str]:
        """Every metadata value of the cards cache."""
        return {str(k): str(v) for k, v in self.db.execute("SELECT key, value FROM card_metadata").fetchall()}


def name_entry(
    key: str, name: str, normalized: str, is_face: int, is_game_card: int, type_line: str
) -> NameEntry:
    """A :class:`NameEntry` from a row of a card's names joined with ``cards`` (SQLite's 0/1 as bools)."""
    return NameEntry(key, name, normalized, bool(is_face), bool(is_game_card), type_line or "")


def _card_row(card: CardRecord) -> tuple[str | int | None, ...]:
    return (
        card.key,
        card.oracle_id,
        card.name,
        normalize_name(card.name),
        card.layout or "normal",
        card.type_line or "",
        int(card.is_game_card),
        card.json_text(),
    )


def _name_rows(card: CardRecord) -> list[tuple[str | int, ...]]:
    key = card.key
    return [(key, name, normalize_name(name), int(is_face)) for name, is_face in card.names]
