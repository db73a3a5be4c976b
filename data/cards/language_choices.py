"""The ``language_choices`` table: which language each Discord user chose to be answered in, so the
choice survives a restart of the bot."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlite_utils

_UPSERT = """
INSERT INTO language_choices (user_id, language, chosen_at) VALUES (?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, chosen_at = excluded.chosen_at
"""


class LanguageChoices:
    """Reads and writes ``language_choices`` (each write in its own transaction)."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db

    def all(self) -> dict[int, str]:
        """Every user's chosen language, by Discord user id."""
        rows = self.db.execute("SELECT user_id, language FROM language_choices")
        return {int(user_id): str(language) for user_id, language in rows}

    def choose(self, user_id: int, language: str) -> None:
        """Remember that ``user_id`` is to be answered in ``language``."""
        with self.db.conn:
            self.db.execute(
                _UPSERT, [str(user_id), language, datetime.now(UTC).isoformat(timespec="seconds")]
            )
