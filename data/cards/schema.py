"""SQLite schema of the cards component, as ordered migrations (never edit an applied one; append)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sqlite_utils

from data.sql import execute_statements


def _create_card_tables(db: sqlite_utils.Database) -> None:
    """Cards (full Scryfall JSON + indexed columns), every name a card answers to, rulings, metadata."""
    execute_statements(db, _CARD_TABLES)


_CARD_TABLES = """
        CREATE TABLE cards (
            key TEXT PRIMARY KEY,            -- oracle_id, else a uuid5 of the name
            oracle_id TEXT,
            name TEXT NOT NULL,
            normalized_name TEXT NOT NULL,
            layout TEXT NOT NULL,
            type_line TEXT NOT NULL,
            is_game_card INTEGER NOT NULL,   -- 0: token, emblem, art series, vanguard...
            json TEXT NOT NULL
        );
        CREATE INDEX cards_name ON cards (name);
        CREATE INDEX cards_normalized_name ON cards (normalized_name);
        CREATE INDEX cards_layout ON cards (layout);
        CREATE INDEX cards_type_line ON cards (type_line);

        CREATE TABLE card_names (
            card_key TEXT NOT NULL REFERENCES cards (key) ON DELETE CASCADE,
            name TEXT NOT NULL,
            normalized TEXT NOT NULL,
            is_face INTEGER NOT NULL,
            PRIMARY KEY (card_key, name)
        );
        CREATE INDEX card_names_name ON card_names (name);
        CREATE INDEX card_names_normalized ON card_names (normalized);

        CREATE TABLE rulings (
            oracle_id TEXT NOT NULL,
            source TEXT NOT NULL,
            published_at TEXT NOT NULL,
            comment TEXT NOT NULL,
            PRIMARY KEY (oracle_id, source, published_at, comment)
        );

        CREATE TABLE ruling_fetches (oracle_id TEXT PRIMARY KEY, fetched_at TEXT NOT NULL);

        CREATE TABLE card_metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


def _create_printed_names(db: sqlite_utils.Database) -> None:
    """The names and text cards are printed with in other languages (Japanese…), by Oracle id."""
    execute_statements(db, _PRINTED_NAMES)


_PRINTED_NAMES = """
        CREATE TABLE printed_names (
            oracle_id TEXT NOT NULL,         -- no foreign key: printings may come before their card
            lang TEXT NOT NULL,              -- Scryfall's language code: ja, de, fr…
            name TEXT NOT NULL,              -- printed_name (a face's, when is_face)
            normalized TEXT NOT NULL,
            is_face INTEGER NOT NULL,
            type_line TEXT NOT NULL,         -- printed_type_line ("" for a face row)
            text TEXT NOT NULL,              -- printed_text ("" for a face row)
            released_at TEXT NOT NULL,       -- of the printing the text came from (newest wins)
            PRIMARY KEY (oracle_id, lang, name)
        );
        CREATE INDEX printed_names_normalized ON printed_names (normalized);
"""


MIGRATIONS: Sequence[Callable[[sqlite_utils.Database], None]] = (_create_card_tables, _create_printed_names)


def _create_language_choices(db: sqlite_utils.Database) -> None:
    """The language each Discord user chose to be answered in (``/settings language``)."""
    execute_statements(db, _LANGUAGE_CHOICES)


_LANGUAGE_CHOICES = """
        CREATE TABLE language_choices (
            user_id TEXT PRIMARY KEY,        -- a Discord user id (a snowflake, as text)
            language TEXT NOT NULL,          -- one of bot.i18n.LANGUAGES
            chosen_at TEXT NOT NULL
        );
"""


MIGRATIONS = (*MIGRATIONS, _create_language_choices)
