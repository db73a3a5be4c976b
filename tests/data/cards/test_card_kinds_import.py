"""Card kinds after 2022 (issue 25 item 4) through the one card schema and the importer: Cases, a reversible
card (no top-level Oracle id: each face has its own), a meld pair and its melded back face, tokens, a
double-faced token and an emblem, all from ``tests/fixtures/card_kinds.jsonl`` in Scryfall's current shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils

from data.cards.importer import import_cards
from data.cards.names import key_of
from data.cards.repository import CardRepository
from data.cards.resolver import CardResolver
from data.cards.schema import CardRecord
from data.db import open_database
from tests.engine.card_kinds import CARD_KINDS, kind_record, kind_records

REVERSIBLE = "Fiend Hunter // Fiend Hunter"
FIEND_HUNTER_ID = "9f1c2e6b-0719-4000-8000-00000000a003"


def _write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path


@pytest.fixture
def db(tmp_path: Path) -> sqlite_utils.Database:
    return open_database(tmp_path / "cards.db")


def _rows(db: sqlite_utils.Database) -> dict[str, tuple[Any, ...]]:
    rows = db.execute("SELECT name, key, oracle_id, layout, type_line, is_game_card FROM cards").fetchall()
    return {row[0]: tuple(row[1:]) for row in rows}


def test_every_kind_imports_through_the_same_schema(db: sqlite_utils.Database) -> None:
    summary = import_cards(db, CARD_KINDS)
    assert (summary.cards_read, summary.skipped) == (len(kind_records()), 0)
    rows = _rows(db)
    assert rows["Case of the Gorgon's Kiss"][2:] == ("case", "Enchantment — Case", 1)
    assert rows["Chittering Host"][2:] == ("meld", "Creature — Eldrazi Horror", 1)
    assert rows["Spirit"][2:] == ("token", "Token Creature — Spirit", 0)
    assert rows["Human Soldier // Treasure"][2] == "double_faced_token"
    assert rows["Human Soldier // Treasure"][4] == 0
    assert rows["Kaito, Bane of Nightmares Emblem"][2:] == ("emblem", "Emblem — Kaito", 0)


def test_a_reversible_card_is_keyed_by_its_faces_oracle_id(db: sqlite_utils.Database) -> None:
    raw = kind_record(REVERSIBLE)
    assert "oracle_id" not in raw
    assert "type_line" not in raw
    import_cards(db, CARD_KINDS)
    key, oracle_id, layout, type_line, is_game_card = _rows(db)[REVERSIBLE]
    assert (key, oracle_id) == (FIEND_HUNTER_ID, FIEND_HUNTER_ID)
    assert (layout, type_line, is_game_card) == (
        "reversible_card",
        "Creature — Human Cleric // Creature — Human Cleric",
        1,
    )
    stored = CardRepository(db).get(FIEND_HUNTER_ID)
    assert stored is not None
    assert stored.cmc == 3.0
    assert [face.oracle_id for face in stored.faces] == [FIEND_HUNTER_ID, FIEND_HUNTER_ID]


def test_a_reversible_cards_key_is_stable_across_imports(db: sqlite_utils.Database, tmp_path: Path) -> None:
    import_cards(db, CARD_KINDS)
    first = db.execute("SELECT key, json FROM cards WHERE name = ?", [REVERSIBLE]).fetchall()
    import_cards(db, _write(tmp_path / "again.jsonl", [kind_record(REVERSIBLE)]))
    assert db.execute("SELECT key, json FROM cards WHERE name = ?", [REVERSIBLE]).fetchall() == first
    assert CardRecord.model_validate(kind_record(REVERSIBLE)).key == FIEND_HUNTER_ID


def test_a_reversible_card_resolves_by_its_face_name(db: sqlite_utils.Database) -> None:
    import_cards(db, CARD_KINDS)
    resolver = CardResolver(CardRepository(db))
    for typed in ("Fiend Hunter", "fiend hunter", REVERSIBLE):
        resolution = resolver.resolve(typed)
        assert resolution.card.key == FIEND_HUNTER_ID


def _normal_printing() -> dict[str, Any]:
    """The same card printed on one side (layout normal), under the same Oracle id."""
    face = kind_record(REVERSIBLE)["card_faces"][0]
    fields = {k: v for k, v in face.items() if k not in ("object", "artist", "image_uris", "layout")}
    return {"object": "card", **fields, "layout": "normal"}


@pytest.mark.parametrize("order", ["normal first", "reversible first", "one batch"])
def test_a_reversible_printing_never_replaces_the_cards_own_record(
    db: sqlite_utils.Database, tmp_path: Path, order: str
) -> None:
    normal, reversible = _normal_printing(), kind_record(REVERSIBLE)
    if order == "one batch":
        import_cards(db, _write(tmp_path / "both.jsonl", [reversible, normal, reversible]))
    else:
        files = [[normal], [reversible]] if order == "normal first" else [[reversible], [normal]]
        for n, records in enumerate(files):
            import_cards(db, _write(tmp_path / f"{n}.jsonl", records))
    stored = CardRepository(db).get(FIEND_HUNTER_ID)
    assert stored is not None
    assert (stored.layout, stored.name) == ("normal", "Fiend Hunter")
    assert CardRepository(db).count() == 1


def test_a_reversible_card_of_two_different_cards_keeps_a_key_from_its_name() -> None:
    raw = kind_record(REVERSIBLE)
    raw["card_faces"][1] = {**raw["card_faces"][1], "oracle_id": "9f1c2e6b-0719-4000-8000-0000000000ff"}
    record = CardRecord.model_validate(raw)
    assert record.oracle_id is None
    assert record.key == key_of(None, REVERSIBLE)


def test_a_faces_oracle_id_layout_and_mana_value_are_checked() -> None:
    raw = kind_record(REVERSIBLE)
    raw["card_faces"][0] = {**raw["card_faces"][0], "cmc": "three"}
    with pytest.raises(ValueError, match="cmc"):
        CardRecord.model_validate(raw)


def test_the_meld_cards_name_their_parts_and_result(db: sqlite_utils.Database) -> None:
    import_cards(db, CARD_KINDS)
    host = CardRepository(db).get(kind_record("Chittering Host")["oracle_id"])
    assert host is not None
    parts = {(part.component, part.name) for part in host.all_parts or ()}
    assert parts == {
        ("meld_part", "Graf Rats"),
        ("meld_part", "Midnight Scavengers"),
        ("meld_result", "Chittering Host"),
    }
    assert host.mana_cost == ""


def test_a_double_faced_token_answers_to_each_face_name(db: sqlite_utils.Database) -> None:
    import_cards(db, CARD_KINDS)
    key = kind_record("Human Soldier // Treasure")["oracle_id"]
    query = "SELECT name, is_face FROM card_names WHERE card_key = ? ORDER BY name"
    names = db.execute(query, [key]).fetchall()
    assert names == [("Human Soldier", 1), ("Human Soldier // Treasure", 0), ("Treasure", 1)]
