"""Opening the cache (``data.db.open_database``) while another connection writes to it."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from data.db import open_database


def test_switching_a_new_cache_to_wal_waits_for_another_connections_write(tmp_path: Path) -> None:
    # SQLite refuses the switch to WAL at once (no busy handler) while another connection writes: two
    # processes opening one new cache at once met it ("database is locked").
    path = tmp_path / "cache.db"
    writing = threading.Event()

    def write_for_a_while() -> None:
        connection = sqlite3.connect(path, isolation_level=None)
        connection.execute("CREATE TABLE other (x)")
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO other VALUES (1)")
        writing.set()
        time.sleep(0.3)
        connection.execute("COMMIT")
        connection.close()

    writer = threading.Thread(target=write_for_a_while)
    writer.start()
    assert writing.wait(5)
    db = open_database(path)
    writer.join()
    assert db.journal_mode == "wal"
    assert db.execute("SELECT x FROM other").fetchall() == [(1,)]
