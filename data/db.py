"""Opening the SQLite cache: WAL mode and per-component schema migrations."""

from __future__ import annotations

import sqlite3
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

import sqlite_utils

from data.cards.schema import MIGRATIONS as CARD_MIGRATIONS
from data.rules.schema import MIGRATIONS as RULES_MIGRATIONS
from engine import WorldError

Migration = Callable[[sqlite_utils.Database], None]

# Each component owns an ordered list of migrations; its version is the number already applied.
COMPONENT_MIGRATIONS: dict[str, Sequence[Migration]] = {
    "cards": CARD_MIGRATIONS,
    "rules": RULES_MIGRATIONS,
}


BUSY_TIMEOUT_MS = 120_000  # how long a writer waits for another to finish (an import takes about 15 s)


class CacheBusy(WorldError):
    """Another writer kept the cache locked for longer than :data:`BUSY_TIMEOUT_MS`."""


class CacheUnusable(sqlite3.DatabaseError, WorldError):
    """The cache file cannot be opened or is not an SQLite database."""


def open_database(path: Path | str) -> sqlite_utils.Database:
    """Open (creating if needed) the cache at ``path`` in WAL mode and bring every schema up to date.

    Raises CacheUnusable when ``path`` cannot be created or is not an SQLite database.
    """
    try:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = sqlite_utils.Database(path)
        # A second writer (two imports at once) waits its turn instead of failing at once; set first, so
        # that switching to WAL and migrating wait too.
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")  # a constant, not input
        if str(path) != ":memory:":
            _enable_wal(db)
        db.execute("PRAGMA foreign_keys = ON")
        migrate(db)
    except (sqlite3.DatabaseError, OSError) as error:
        raise CacheUnusable(f"Cannot use {path} as the card and rules cache: {error}.") from error
    return db


WAL_RETRY_SECONDS = 0.02


def _enable_wal(db: sqlite_utils.Database) -> None:
    """Switch to WAL mode, waiting (up to the busy timeout) for a write by another connection to end.

    SQLite refuses the switch at once while another connection writes, without calling its busy
    handler (waiting there could deadlock): two processes opening one new cache at once met it.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            db.enable_wal()
            return
        except sqlite3.OperationalError as error:
            if error.sqlite_errorname != "SQLITE_BUSY" or time.monotonic() > deadline:
                raise
            time.sleep(WAL_RETRY_SECONDS)


def migrate(db: sqlite_utils.Database) -> None:
    """Apply, in order and each in its own transaction, every migration not yet recorded."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS schema_versions (component TEXT PRIMARY KEY, version INTEGER NOT NULL)"
    )
    db.execute("CREATE TABLE IF NOT EXISTS generations (component TEXT PRIMARY KEY, token TEXT NOT NULL)")
    for component, migrations in COMPONENT_MIGRATIONS.items():
        while schema_version(db, component) < len(migrations):
            with db.conn:
                # Take the write lock, then read the version again: another process opening the same new
                # cache at once may have applied this migration while we waited.
                db.execute("BEGIN IMMEDIATE")
                number = schema_version(db, component) + 1
                if number > len(migrations):
                    continue
                migrations[number - 1](db)
                db.execute(
                    "INSERT INTO schema_versions (component, version) VALUES (?, ?) "
                    "ON CONFLICT(component) DO UPDATE SET version = excluded.version",
                    [component, number],
                )


def schema_version(db: sqlite_utils.Database, component: str) -> int:
    """How many migrations of ``component`` have been applied."""
    row = db.execute("SELECT version FROM schema_versions WHERE component = ?", [component]).fetchone()
    return int(row[0]) if row else 0


def bump_generation(conn: sqlite3.Connection, component: str) -> None:
    """Mark ``component``'s data as changed, in the caller's transaction, so that every process and
    thread holding something derived from it (a name index, a keyword vocabulary) reloads it."""
    conn.execute(
        "INSERT INTO generations (component, token) VALUES (?, lower(hex(randomblob(8)))) "
        "ON CONFLICT (component) DO UPDATE SET token = excluded.token",
        [component],
    )


def generation(db: sqlite_utils.Database, component: str) -> str:
    """A token that changes whenever ``component``'s data changes ("" before its first write)."""
    return generations(db).get(component, "")


def generations(db: sqlite_utils.Database) -> Mapping[str, str]:
    """Every component's generation token.

    Read again only when the database may have changed: SQLite's ``data_version`` moves when another
    connection commits, and the connection's ``total_changes`` when it writes itself. Every question
    asks (twice), and the pragma costs a third of the two queries it saves.
    """
    if db.conn.in_transaction:  # its changes may yet be rolled back, which moves neither mark
        return _read_generations(db)
    mark = (db.conn.execute("PRAGMA data_version").fetchone()[0], db.conn.total_changes)
    known = _KNOWN_GENERATIONS.get(db)
    if known is not None and known[0] == mark:
        return known[1]
    tokens = _read_generations(db)
    _KNOWN_GENERATIONS[db] = (mark, tokens)
    return tokens


def _read_generations(db: sqlite_utils.Database) -> Mapping[str, str]:
    rows = db.execute("SELECT component, token FROM generations")
    return MappingProxyType({str(component): str(token) for component, token in rows})


_KNOWN_GENERATIONS: weakref.WeakKeyDictionary[
    sqlite_utils.Database, tuple[tuple[int, int], Mapping[str, str]]
] = weakref.WeakKeyDictionary()
"""The tokens each open database last read, with the change marks they were read at."""
