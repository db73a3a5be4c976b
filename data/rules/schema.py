"""SQLite schema of the rules component, as ordered migrations (never edit an applied one; append)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sqlite_utils

from data.sql import execute_statements


def _create_rules_tables(db: sqlite_utils.Database) -> None:
    """Rules (chapters, sections, rules and subrules of one version), glossary, lookup keys, FTS5."""
    execute_statements(db, _RULES_TABLES)


_RULES_TABLES = """
        CREATE TABLE rules (
            number TEXT PRIMARY KEY,         -- "7", "707", "707.2", "707.2a"
            kind TEXT NOT NULL CHECK (kind IN ('chapter', 'section', 'rule')),
            parent TEXT,                     -- NULL for a chapter
            position INTEGER NOT NULL,       -- order in the document
            text TEXT NOT NULL,              -- the title of a chapter or section
            examples TEXT NOT NULL,          -- JSON array of "Example: ..." paragraphs
            refs TEXT NOT NULL,              -- JSON array of rule numbers the text points to
            version TEXT NOT NULL            -- effective date, ISO format
        );
        CREATE INDEX rules_parent ON rules (parent, position);

        CREATE TABLE glossary (
            term TEXT PRIMARY KEY,
            position INTEGER NOT NULL,
            alternatives TEXT NOT NULL,      -- JSON array
            obsolete INTEGER NOT NULL,
            definition TEXT NOT NULL,
            refs TEXT NOT NULL,              -- JSON array of rule numbers
            version TEXT NOT NULL
        );

        CREATE TABLE glossary_keys (
            key TEXT NOT NULL,               -- normalised form a user may type
            term TEXT NOT NULL REFERENCES glossary (term) ON DELETE CASCADE,
            priority INTEGER NOT NULL,       -- 0 the term, 1 an alternative, 2 a singular form
            PRIMARY KEY (key, term)
        );

        CREATE VIRTUAL TABLE rules_fts USING fts5 (
            number UNINDEXED, text, examples, tokenize = 'porter unicode61'
        )
"""


MIGRATIONS: Sequence[Callable[[sqlite_utils.Database], None]] = (_create_rules_tables,)
