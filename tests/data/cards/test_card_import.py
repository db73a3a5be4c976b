"""Importing Scryfall bulk files into the cache: counts, stored fields, formats, idempotence, interruption,
the JSON reader's bounds and messages."""

from __future__ import annotations

import gzip
import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils

from data.cards.importer import (
    MAX_JSON_DEPTH,
    MAX_RECORD_CHARS,
    CardImportError,
    ImportSummary,
    import_cards,
)
from data.cards.names import card_key
from data.cards.repository import CardRepository
from data.cards.resolver import CardResolver
from data.db import open_database
from tests.card_data import card_json

pytestmark = pytest.mark.slow

BULK_CARDS = 20_030
SUPPLEMENT_CARDS = 9


def copy_of(source: Path, target: Path) -> sqlite_utils.Database:
    """A private copy of the shared session cache, to write to."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    return open_database(target)


def cards_digest(db: sqlite_utils.Database) -> str:
    """A digest of every card row and name row."""
    digest = hashlib.sha256()
    for table in ("cards", "card_names"):
        for row in db.execute(f"SELECT * FROM {table} ORDER BY 1, 2"):
            digest.update(repr(row).encode())
    return digest.hexdigest()


def stored(db: sqlite_utils.Database, key: str) -> dict[str, Any] | None:
    """The card cached under ``key`` as Scryfall JSON, or None."""
    record = CardRepository(db).get(key)
    return record.scryfall() if record is not None else None


def write_json_lines(path: Path, cards: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(card) + "\n" for card in cards), encoding="utf-8")
    return path


@pytest.fixture
def cache(card_cache_db: Path) -> sqlite_utils.Database:
    return open_database(card_cache_db)


def test_the_bulk_file_and_supplement_are_all_imported(cache: sqlite_utils.Database) -> None:
    repository = CardRepository(cache)
    assert repository.count() == BULK_CARDS + SUPPLEMENT_CARDS
    faces = cache.execute("SELECT count(*) FROM card_names WHERE is_face").fetchone()[0]
    names = cache.execute("SELECT count(*) FROM card_names").fetchone()[0]
    assert names == BULK_CARDS + SUPPLEMENT_CARDS + faces
    assert faces > 2 * 100  # every face of the split, flip, adventure, transforming and meld cards
    assert repository.metadata()["bulk_date"] == "2019-09-26"
    assert repository.metadata()["source"].endswith("cards.jsonl")


@pytest.mark.parametrize("name", ["Tarmogoyf", "Fire // Ice", "Delver of Secrets // Insectile Aberration"])
def test_bulk_cards_are_stored_field_by_field(cache: sqlite_utils.Database, name: str) -> None:
    original = card_json(name)
    assert stored(cache, original["oracle_id"]) == original
    row = cache.execute(
        "SELECT name, normalized_name, layout, type_line, is_game_card FROM cards WHERE key = ?",
        [original["oracle_id"]],
    ).fetchone()
    assert row[0] == name
    assert row[2:] == (original["layout"], original["type_line"], 1)


def test_face_names_and_normalised_names_are_indexed(cache: sqlite_utils.Database) -> None:
    delver = card_json("Delver of Secrets")["oracle_id"]
    names = cache.execute(
        "SELECT name, normalized, is_face FROM card_names WHERE card_key = ? ORDER BY is_face, name", [delver]
    ).fetchall()
    assert names == [
        ("Delver of Secrets // Insectile Aberration", "delver of secrets insectile aberration", 0),
        ("Delver of Secrets", "delver of secrets", 1),
        ("Insectile Aberration", "insectile aberration", 1),
    ]
    assert cache.execute(
        "SELECT normalized_name FROM cards WHERE name = ?", ["Lim-Dûl's Vault"]
    ).fetchone() == ("limduls vault",)
    indexed = {
        column
        for index in (
            "cards_name",
            "cards_normalized_name",
            "cards_layout",
            "cards_type_line",
            "card_names_normalized",
        )
        for column in [row[2] for row in cache.execute(f"PRAGMA index_info({index})")]
    }
    assert indexed == {"name", "normalized_name", "layout", "type_line", "normalized"}


def test_supplement_cards_get_a_stable_key_from_their_name(cache: sqlite_utils.Database) -> None:
    original = card_json("Kaldra Compleat")
    assert "oracle_id" not in original
    key = card_key(original)
    assert key == card_key({"name": "Kaldra Compleat"})
    assert stored(cache, key) == original


def test_tokens_and_other_non_game_objects_are_marked(cache: sqlite_utils.Database) -> None:
    rows = dict(cache.execute("SELECT layout, max(is_game_card) FROM cards GROUP BY layout").fetchall())
    assert rows["token"] == rows["emblem"] == rows["vanguard"] == rows["scheme"] == rows["planar"] == 0
    assert rows["normal"] == rows["split"] == rows["meld"] == 1


def test_importing_twice_changes_nothing(card_cache_db: Path, oracle_bulk_path: Path, tmp_path: Path) -> None:
    db = copy_of(card_cache_db, tmp_path / "again.db")
    before = cards_digest(db)
    summary = import_cards(db, oracle_bulk_path)
    assert summary.cards_read == BULK_CARDS
    assert summary.cards_in_cache == BULK_CARDS + SUPPLEMENT_CARDS
    assert cards_digest(db) == before


def test_an_interrupted_import_leaves_the_previous_cache_usable(card_cache_db: Path, tmp_path: Path) -> None:
    db = copy_of(card_cache_db, tmp_path / "interrupted.db")
    before = cards_digest(db)
    changed = [{**card_json("Tarmogoyf"), "oracle_text": "Changed."}] + [
        {"object": "card", "name": f"New Card {n}", "layout": "normal", "type_line": "Instant"}
        for n in range(1200)
    ]
    source = write_json_lines(tmp_path / "new.jsonl", changed)

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt  # Ctrl-C after the first batch was written

    with pytest.raises(KeyboardInterrupt):
        import_cards(db, source, progress=interrupt)
    assert cards_digest(db) == before
    assert str(CardResolver(CardRepository(db)).resolve("tarmogoyf").card.oracle_text).startswith(
        "Tarmogoyf's"
    )


def test_a_corrupt_file_fails_cleanly_and_changes_nothing(card_cache_db: Path, tmp_path: Path) -> None:
    db = copy_of(card_cache_db, tmp_path / "corrupt.db")
    before = cards_digest(db)
    cards = [
        {"object": "card", "name": f"Card {n}", "layout": "normal", "type_line": "Instant"}
        for n in range(900)
    ]
    compressed = gzip.compress(json.dumps(cards).encode())
    truncated = tmp_path / "truncated.json.gz"
    truncated.write_bytes(compressed[: len(compressed) * 3 // 4])
    with pytest.raises(CardImportError, match=r"truncated\.json\.gz"):
        import_cards(db, truncated)
    assert cards_digest(db) == before


@pytest.mark.parametrize("file_name", ["cards.json", "cards.json.gz", "cards.jsonl", "cards.jsonl.gz"])
def test_arrays_and_json_lines_plain_or_gzipped(tmp_path: Path, file_name: str) -> None:
    cards = [card_json("Opt"), card_json("Fire // Ice"), card_json("Kaldra Compleat")]
    text = (
        json.dumps(cards, indent=1)
        if ".jsonl" not in file_name
        else "".join(json.dumps(c) + "\n" for c in cards)
    )
    path = tmp_path / file_name
    path.write_bytes(gzip.compress(text.encode()) if file_name.endswith(".gz") else text.encode())
    db = open_database(tmp_path / "small.db")
    progress: list[tuple[int, int]] = []
    summary = import_cards(db, path, progress=lambda done, total: progress.append((done, total)))
    assert (summary.cards_read, summary.cards_in_cache) == (3, 3)
    assert progress[-1] == (path.stat().st_size, path.stat().st_size)
    assert stored(db, card_json("Opt")["oracle_id"]) == card_json("Opt")


@pytest.mark.parametrize("content", ['{"no": "name"}', "[1, 2]", "not json", ""])
def test_files_that_are_not_card_bulk_files_are_refused(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(CardImportError):
        import_cards(open_database(tmp_path / "bad.db"), path)


def _nested(levels: int) -> Any:
    """A value nesting ``levels`` levels deep (lists, then a mapping innermost)."""
    value: Any = {"x": 1}
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize(("as_lines", "allowed"), [(False, MAX_JSON_DEPTH - 2), (True, MAX_JSON_DEPTH - 1)])
def test_a_record_may_nest_as_deep_as_the_bound_and_no_deeper(
    tmp_path: Path, as_lines: bool, allowed: int
) -> None:
    # the file's array is one level, the record another: ``allowed`` levels are left for a field
    def imported(levels: int) -> ImportSummary:
        cards = [card_json("Opt"), {**card_json("Fling"), "extra": _nested(levels)}]
        path = tmp_path / f"{levels}.json"
        path.write_text("\n".join(map(json.dumps, cards)) if as_lines else json.dumps(cards))
        return import_cards(open_database(tmp_path / f"{levels}.db"), path)

    assert imported(allowed).cards_read == 2
    with pytest.raises(CardImportError, match=f"nests deeper than {MAX_JSON_DEPTH} levels"):
        imported(allowed + 1)


def test_records_longer_than_a_chunk_and_brackets_in_text_are_read_whole(tmp_path: Path) -> None:
    long_text = "{T}: Add {C}. " * 20_000  # 280,000 characters: read over several chunks, 40,000 braces
    cards = [card_json("Opt"), {**card_json("Fling"), "flavor_text": long_text}, card_json("Tarmogoyf")]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(cards, indent=3))
    db = open_database(tmp_path / "long.db")
    assert import_cards(db, path).cards_read == 3
    assert stored(db, card_json("Fling")["oracle_id"]) == cards[1]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('[{"name": "A"} {"name": "B"}]', "expected , or ]"),
        ('[{"name": "A"}] [{"name": "B"}]', "more than one JSON array"),
        ('[{"name": "A", "cmc": NaN}]', "cut short or malformed"),
        ('{"name": "A"}\n{"name": "B", ', "cut short or malformed"),
        ('[{"name": "A"},', "cut short or malformed"),
        ('[{"name": "A" "cmc": 1},' + ' {"name": "B"},' * 300_000 + "]", "Expecting ',' delimiter"),
    ],
)
def test_malformed_json_is_refused_with_what_is_wrong(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    db = open_database(tmp_path / "bad.db")
    with pytest.raises(CardImportError, match=message):
        import_cards(db, path)
    assert CardRepository(db).count() == 0


def test_a_record_longer_than_the_bound_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_text(json.dumps([{"name": "Huge", "flavor_text": "x" * MAX_RECORD_CHARS}]))
    with pytest.raises(CardImportError, match="longer than"):
        import_cards(open_database(tmp_path / "huge.db"), path)
