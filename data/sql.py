"""Small SQLite helpers shared by the components' schemas."""

from __future__ import annotations

import sqlite_utils


def execute_statements(db: sqlite_utils.Database, script: str) -> None:
    """Run each ``;``-separated statement of ``script`` (no ``;`` inside a statement) in the caller's
    transaction, one at a time: ``executescript`` would commit a migration's transaction early."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)
