"""SIGKILL during any write leaves a database that opens and answers (issue "Hardening").

Each writer runs in its own process (the ``mtg-judge`` CLI, or the Judge for a ``/settings language``
choice) and is killed with SIGKILL mid-write: deterministically, when the transaction that wrote its
rows is about to commit (the child traces its own SQL and waits there to be killed), or, for a whole
bulk file, while the write-ahead log is growing with the import's uncommitted pages. The cache must then
pass SQLite's integrity check, hold exactly what it held before, answer questions and take the next write.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.cli import app
from data.cards.importer import import_cards
from data.cards.language_choices import LanguageChoices
from data.cards.printings import PrintedNames
from data.cards.repository import CardRepository
from data.db import generation, open_database
from data.rules.store import RulesStore
from tests.bot.cli import json_of, runner
from tests.card_data import card_json
from tests.conftest import JA_PRINTINGS, ORACLE_BULK, RULES_FILE, SUPPLEMENT, require_shared
from tests.data.cards.test_card_import import cards_digest, write_json_lines
from tests.fakes.scryfall import FakeScryfall

pytestmark = pytest.mark.slow

_CHILD = r"""
import asyncio, os, sys, time
from pathlib import Path

import data.db

_open, _watched, _marker = data.db.open_database, os.environ["KILL_AT"], Path(os.environ["KILL_MARKER"])


def _waiting_at_commit(path):
    # The transaction that runs a statement containing KILL_AT waits, before it commits, to be killed.
    db = _open(path)
    wrote = False

    def trace(statement):
        nonlocal wrote
        wrote = wrote or _watched in statement
        if wrote and statement.lstrip().upper().startswith(("COMMIT", "RELEASE")):
            _marker.write_text(statement)
            time.sleep(600)

    db.conn.set_trace_callback(trace if _watched else None)
    return db


data.db.open_database = _waiting_at_commit
if sys.argv[1] == "choose-language":
    from bot.config import Settings
    from bot.judge import Judge

    async def choose():
        async with Judge.open(Settings(db=Path(sys.argv[2]), offline=True)) as judge:
            await judge.choose_language(int(sys.argv[3]), sys.argv[4])

    asyncio.run(choose())
else:
    from bot.cli import main

    sys.argv = ["mtg-judge", *sys.argv[1:]]
    main()
"""

_DEADLINE = 120.0  # seconds a child may take to reach its write (the whole bulk file: about 15)


@contextmanager
def _writer(
    tmp_path: Path, arguments: list[str], kill_at: str, **env: str
) -> Iterator[subprocess.Popen[bytes]]:
    """The child process running ``arguments``, waiting to be killed before the commit of the transaction
    that ran a statement containing ``kill_at`` ("" for no wait); always ended on leaving."""
    marker = tmp_path / "about-to-commit"
    marker.unlink(missing_ok=True)
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, *arguments],
        env={**os.environ, "KILL_AT": kill_at, "KILL_MARKER": str(marker), **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        yield child
    finally:
        if child.poll() is None:
            child.kill()
        child.communicate(timeout=30)


def _kill_before_commit(tmp_path: Path, arguments: list[str], kill_at: str, **env: str) -> str:
    """Run ``arguments`` in a child and SIGKILL it when its write is about to commit; the statement it
    was about to run."""
    marker = tmp_path / "about-to-commit"
    with _writer(tmp_path, arguments, kill_at, **env) as child:
        # The file exists before its text is written: wait for the text (a busy machine shows the gap).
        _wait_for(lambda: (marker.exists() and bool(marker.read_text())) or child.poll() is not None)
        assert child.poll() is None, child.communicate()
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
        return marker.read_text()


def _wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + _DEADLINE
    while not condition():
        assert time.monotonic() < deadline, "the child never reached its write"
        time.sleep(0.01)


def _assert_intact(path: Path) -> None:
    """The cache passes SQLite's integrity check and opens (migrations and all) for a write."""
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    db = open_database(path)
    with db.conn:
        db.execute("BEGIN IMMEDIATE")  # the killed writer's lock is gone
    db.close()


def _offline(path: Path, *arguments: str) -> object:
    """What the CLI answers offline on the cache at ``path``, as JSON."""
    return json_of(runner.invoke(app, ["--offline", "--db", str(path), *arguments, "--json"]))


def _card_text(path: Path, name: str) -> str:
    answer = _offline(path, "card", name)
    assert isinstance(answer, dict)
    return str(answer["oracle_text"])


@pytest.fixture
def cards_cache(card_cache_db: Path, tmp_path: Path) -> Path:
    """A private copy of the session's card cache (the shared bulk file and supplement)."""
    path = tmp_path / "cache.db"
    shutil.copy(card_cache_db, path)
    return path


def test_a_card_import_killed_before_it_commits_changes_nothing(cards_cache: Path, tmp_path: Path) -> None:
    before = cards_digest(open_database(cards_cache))
    changed = [{**card_json("Tarmogoyf"), "oracle_text": "Changed."}] + [
        {"object": "card", "name": f"New Card {n}", "layout": "normal", "type_line": "Instant"}
        for n in range(1200)
    ]
    source = write_json_lines(tmp_path / "new.jsonl", changed)
    arguments = ["import-cards", str(source), "--db", str(cards_cache)]
    assert _kill_before_commit(tmp_path, arguments, "INSERT INTO cards") == "COMMIT"
    _assert_intact(cards_cache)
    assert cards_digest(open_database(cards_cache)) == before
    assert _card_text(cards_cache, "Tarmogoyf").startswith("Tarmogoyf's power")


def test_a_bulk_import_killed_while_its_log_grows_leaves_all_or_nothing(tmp_path: Path) -> None:
    cache = tmp_path / "cache.db"
    import_cards(open_database(cache), require_shared(SUPPLEMENT))
    wal = Path(f"{cache}-wal")
    arguments = ["import-cards", str(require_shared(ORACLE_BULK)), "--db", str(cache)]
    with _writer(tmp_path, arguments, "") as child:
        _wait_for(lambda: (wal.exists() and wal.stat().st_size > 4 << 20) or child.poll() is not None)
        assert child.poll() is None, child.communicate()  # still importing: the pages are uncommitted
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
    _assert_intact(cache)
    assert CardRepository(open_database(cache)).count() in (9, 9 + 20_030)
    assert _card_text(cache, "Kaldra Compleat")  # a supplement card answers


def test_a_rules_import_killed_before_it_commits_keeps_the_stored_rules(
    hostile_cache: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache.db"
    shutil.copy(hostile_cache, cache)
    rules = require_shared(RULES_FILE).read_text(encoding="utf-8-sig")
    changed = tmp_path / "rules.txt"
    changed.write_text(
        rules.replace("707.2. When copying an object", "707.2. When changing an object", 1), encoding="utf-8"
    )
    stored = RulesStore(open_database(cache)).rule("707.2")
    arguments = ["import-rules", str(changed), "--db", str(cache), "--offline"]
    assert _kill_before_commit(tmp_path, arguments, "INSERT INTO rules") == "RELEASE rules_load"
    _assert_intact(cache)
    assert RulesStore(open_database(cache)).rule("707.2") == stored
    answer = _offline(cache, "cr", "707.2")
    assert isinstance(answer, dict)
    assert answer["number"] == "707.2"
    assert "When copying an object" in json.dumps(answer)


def test_a_rulings_import_killed_before_it_commits_keeps_the_cached_rulings(
    cards_cache: Path, tmp_path: Path, fake_scryfall: FakeScryfall
) -> None:
    opt = str(card_json("Opt")["oracle_id"])
    CardRepository(open_database(cards_cache)).store_rulings(
        opt, [{"source": "wotc", "published_at": "2018-01-01", "comment": "Before."}]
    )
    fake_scryfall.bulk_cards = [card_json("Opt")]
    fake_scryfall.bulk_rulings = [
        {
            "object": "ruling",
            "oracle_id": opt,
            "source": "wotc",
            "published_at": "2020-06-01",
            "comment": "New.",
        }
    ]
    environment = {"MTG_JUDGE_SCRYFALL_BASE_URL": fake_scryfall.url}
    arguments = ["sync", "--db", str(cards_cache)]
    assert _kill_before_commit(tmp_path, arguments, "DELETE FROM rulings", **environment) == "COMMIT"
    _assert_intact(cards_cache)
    rulings = CardRepository(open_database(cards_cache)).rulings(opt)
    assert [ruling["comment"] for ruling in rulings or []] == ["Before."]
    assert _card_text(cards_cache, "Opt").startswith("Scry 1")


def test_a_printings_import_killed_before_it_commits_stores_no_printed_name(
    cards_cache: Path, tmp_path: Path
) -> None:
    arguments = ["import-cards", str(require_shared(JA_PRINTINGS)), "--db", str(cards_cache)]
    assert _kill_before_commit(tmp_path, arguments, "INSERT INTO printed_names") == "COMMIT"
    _assert_intact(cards_cache)
    db = open_database(cards_cache)
    assert PrintedNames(db).count() == 0
    assert _card_text(cards_cache, "Jace Beleren").startswith("+2: Each player draws a card.")
    with _writer(tmp_path, arguments, "") as again:  # the next import runs to the end
        assert again.wait(timeout=_DEADLINE) == 0
    assert PrintedNames(db).names("ja")["Jace Beleren"] == "ジェイス・ベレレン"


def test_a_card_fetched_online_and_killed_while_stored_is_not_half_stored(
    tmp_path: Path, fake_scryfall: FakeScryfall
) -> None:
    cache = tmp_path / "cache.db"
    import_cards(open_database(cache), require_shared(SUPPLEMENT))
    before = cards_digest(open_database(cache)), generation(open_database(cache), "cards")
    environment = {"MTG_JUDGE_SCRYFALL_BASE_URL": fake_scryfall.url}
    arguments = ["card", "Opt", "--db", str(cache)]
    assert _kill_before_commit(tmp_path, arguments, "INSERT INTO cards", **environment) == "COMMIT"
    assert fake_scryfall.requests_to("/cards/named")
    _assert_intact(cache)
    assert (cards_digest(open_database(cache)), generation(open_database(cache), "cards")) == before
    assert _card_text(cache, "Kaldra Compleat")


def test_a_language_choice_killed_before_it_commits_keeps_the_previous_choice(
    cards_cache: Path, tmp_path: Path
) -> None:
    LanguageChoices(open_database(cards_cache)).choose(42, "ja")
    arguments = ["choose-language", str(cards_cache), "42", "en"]
    assert _kill_before_commit(tmp_path, arguments, "INSERT INTO language_choices") == "COMMIT"
    _assert_intact(cards_cache)
    assert LanguageChoices(open_database(cards_cache)).all() == {42: "ja"}
    assert _card_text(cards_cache, "Opt").startswith("Scry 1")
