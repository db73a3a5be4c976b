"""Generation tokens (``data.db.generations``): read again exactly when some connection changed them."""

from __future__ import annotations

from pathlib import Path

import sqlite_utils

from data.db import bump_generation, generation, generations, open_database


def test_a_commit_by_another_connection_is_seen(tmp_path: Path) -> None:
    reader, writer = open_database(tmp_path / "cache.db"), open_database(tmp_path / "cache.db")
    before = generation(reader, "cards")
    assert generation(reader, "cards") == before  # nothing changed: the same token
    with writer.conn:
        bump_generation(writer.conn, "cards")
    after = generation(reader, "cards")
    assert after != before
    assert after == generation(writer, "cards")


def test_a_change_by_the_same_connection_is_seen(tmp_path: Path) -> None:
    db = open_database(tmp_path / "cache.db")
    with db.conn:
        bump_generation(db.conn, "cards")
    seen = dict(generations(db))
    with db.conn:
        bump_generation(db.conn, "rules")
    assert generations(db)["rules"] != seen.get("rules")
    assert generations(db)["cards"] == seen["cards"]


def test_a_rolled_back_change_leaves_the_token(tmp_path: Path) -> None:
    db = open_database(tmp_path / "cache.db")
    with db.conn:
        bump_generation(db.conn, "cards")
    committed = generation(db, "cards")
    db.conn.execute("BEGIN")
    bump_generation(db.conn, "cards")
    inside = generation(db, "cards")  # the transaction sees its own change
    db.conn.rollback()
    assert inside != committed
    assert generation(db, "cards") == committed


def test_each_database_keeps_its_own_tokens(tmp_path: Path) -> None:
    first: sqlite_utils.Database = open_database(tmp_path / "one.db")
    second: sqlite_utils.Database = open_database(tmp_path / "two.db")
    with first.conn:
        bump_generation(first.conn, "cards")
    assert generation(first, "cards") != ""
    assert generation(second, "cards") == ""
