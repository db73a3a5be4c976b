"""Reading and writing cards, names, rulings and metadata in the SQLite cache."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from data.cards.names import card_key, card_names, is_game_card, normalize_name
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
_INSERT_NAME = "INSERT OR IGNORE INTO card_names (card_key, name, normalized, is_face) VALUES (?, ?, ?, ?)"


@dataclass(frozen=True)
class NameEntry:
    """One name a cached card answers to, as the resolver ranks it."""

    card_key: str
    name: str
    normalized: str
    is_face: bool
    is_game_card: bool


class CardRepository:
    """The cards component's tables; writes are the caller's transaction unless stated otherwise."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db

    def upsert_cards(self, cards: Sequence[dict[str, Any]]) -> None:
        """Insert or update ``cards`` (Scryfall objects) with their names, in the current transaction."""
        keys = [card_key(card) for card in cards]
        self.db.conn.executemany(
            _UPSERT_CARD, [_card_row(key, card) for key, card in zip(keys, cards, strict=True)]
        )
        # a renamed card or a changed face list must not keep answering to its old names
        self.db.conn.executemany(
            "DELETE FROM card_names WHERE card_key = ? AND name NOT IN (SELECT value FROM json_each(?))",
            [
                (key, json.dumps([name for name, _ in card_names(card)]))
                for key, card in zip(keys, cards, strict=True)
            ],
        )
        self.db.conn.executemany(
            _INSERT_NAME,
            [row for key, card in zip(keys, cards, strict=True) for row in _name_rows(key, card)],
        )
        bump_generation(self.db.conn, "cards")

    def store(self, card: dict[str, Any]) -> None:
        """Insert or update one card (fetched from Scryfall) in its own transaction."""
        with self.db.conn:
            self.upsert_cards([card])

    def get(self, key: str) -> dict[str, Any] | None:
        """The Scryfall JSON of the card cached under ``key``, or None."""
        row = self.db.execute("SELECT json FROM cards WHERE key = ?", [key]).fetchone()
        return _loads(row[0]) if row else None

    def name_entries(self, normalized: str | None = None) -> list[NameEntry]:
        """Every (card, name) pair of the cache, for name resolution (only those whose normalised name
        is ``normalized`` when it is given)."""
        where, parameters = ("WHERE n.normalized = ? ", [normalized]) if normalized is not None else ("", [])
        rows = self.db.execute(
            "SELECT n.card_key, n.name, n.normalized, n.is_face, c.is_game_card "
            f"FROM card_names n JOIN cards c ON c.key = n.card_key {where}"
            "ORDER BY n.card_key, n.is_face, n.name",
            parameters,
        ).fetchall()
        return [NameEntry(key, name, norm, bool(face), bool(game)) for key, name, norm, face, game in rows]

    def count(self) -> int:
        """How many cards the cache holds."""
        return int(self.db.execute("SELECT count(*) FROM cards").fetchone()[0])

    def generation(self) -> str:
        """Changes whenever any connection changes the cards (for cache invalidation)."""
        return generation(self.db, "cards")

    def store_rulings(self, oracle_id: str, rulings: Iterable[dict[str, Any]]) -> None:
        """Replace the cached rulings of ``oracle_id`` in one transaction."""
        rows = [
            (oracle_id, r.get("source", ""), r.get("published_at", ""), r.get("comment", "")) for r in rulings
        ]
        with self.db.conn:
            self.db.execute("DELETE FROM rulings WHERE oracle_id = ?", [oracle_id])
            self.db.conn.executemany("INSERT OR IGNORE INTO rulings VALUES (?, ?, ?, ?)", rows)
            self.db.execute("INSERT OR REPLACE INTO ruling_fetches VALUES (?, datetime('now'))", [oracle_id])

    def rulings(self, oracle_id: str) -> list[dict[str, Any]] | None:
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
            {"object": "ruling", "oracle_id": oracle_id, "source": s, "published_at": p, "comment": c}
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


def _card_row(key: str, card: dict[str, Any]) -> tuple[Any, ...]:
    name = str(card["name"])
    return (
        key,
        card.get("oracle_id"),
        name,
        normalize_name(name),
        str(card.get("layout", "normal")),
        str(card.get("type_line", "")),
        int(is_game_card(card)),
        json.dumps(card, ensure_ascii=False, separators=(",", ":")),
    )


def _name_rows(key: str, card: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(key, name, normalize_name(name), int(is_face)) for name, is_face in card_names(card)]


def _loads(text: str) -> dict[str, Any]:
    card: dict[str, Any] = json.loads(text)
    return card
