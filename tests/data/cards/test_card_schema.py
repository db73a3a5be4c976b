"""One schema for a card record (issue 22, item 3): a bulk file's, an online reply's and the cache's
records all pass ``CardRecord``; one that doesn't fit is skipped (an import), not stored (a reply) or
missing (the cache), never a traceback later."""

from __future__ import annotations

import gzip
import json
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils
from typer.testing import CliRunner

from bot.cli import app
from bot.config import Settings
from bot.judge import CardNotFound, Judge, JudgeError, original_state
from data.cards.errors import CardImportError, CardUnavailable
from data.cards.importer import UTF8_BOM, import_cards
from data.cards.printings import import_printings
from data.cards.records import MAX_SKIPPED_NAMES
from data.cards.repository import CardRepository
from data.cards.resolver import UNREADABLE_RECORD, CardResolver
from data.cards.schema import CardRecord
from data.cards.service import CachedOnly
from data.db import open_database
from data.rules.parser import RulesDocument
from data.scryfall.errors import UNREADABLE_REPLY
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from tests.bot.i18n.conftest import JA_FIXTURE
from tests.card_data import card_json, card_record
from tests.data.cards.test_card_service import open_card_service, settings
from tests.fakes.fixtures import cache_copy_with
from tests.fakes.scryfall import FakeScryfall

pytestmark = pytest.mark.slow

INSTANT = {"object": "card", "layout": "normal", "type_line": "Instant", "oracle_text": "Draw a card."}
# one field the project reads, wrongly typed or nested, and what the skip report names
WRONG: dict[str, tuple[dict[str, Any], str]] = {
    "Lots": ({"cmc": "lots"}, "cmc: 'Input should be a valid number"),
    "Pictured": ({"image_uris": 5}, "image_uris: 'Input should be a valid dictionary"),
    "Pictured Face": (
        {"card_faces": [{"name": "Face", "image_uris": {"normal": 5}}]},
        "card_faces.0.image_uris.normal: 'Input should be a valid string",
    ),
    "Parted": ({"all_parts": "x"}, "all_parts: 'Input should be a valid list"),
    "Unnamed Part": ({"all_parts": [{"component": "meld_part"}]}, "all_parts.0.name: 'Field required'"),
}


def wrong_record(name: str) -> dict[str, Any]:
    return {**INSTANT, "name": name, **WRONG[name][0]}


def write_lines(path: Path, records: list[Any]) -> Path:
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path


def names_in(db: sqlite_utils.Database) -> list[str]:
    return [row[0] for row in db.execute("SELECT name FROM cards ORDER BY name")]


# -- imports -------------------------------------------------------------------------------------------


def test_records_with_a_wrongly_typed_field_are_skipped_and_reported_by_name_and_field(
    tmp_path: Path,
) -> None:
    wrong = [wrong_record(name) for name in WRONG]
    path = write_lines(tmp_path / "cards.jsonl", [card_json("Opt"), *wrong, card_json("Fling")])
    db = open_database(tmp_path / "c.db")
    summary = import_cards(db, path)
    assert (summary.cards_read, summary.skipped) == (2, len(WRONG))
    assert names_in(db) == ["Fling", "Opt"]
    expected = [f"{name!r} ({reason}" for name, (_, reason) in WRONG.items()][:MAX_SKIPPED_NAMES]
    assert [
        skip[: len(start)] for skip, start in zip(summary.skipped_names, expected, strict=True)
    ] == expected


def test_import_cards_says_how_many_records_it_skipped_and_names_the_first(tmp_path: Path) -> None:
    many = [{**wrong_record("Lots"), "name": f"Lots {n}"} for n in range(MAX_SKIPPED_NAMES + 2)]
    path = write_lines(tmp_path / "cards.jsonl", [card_json("Opt"), *many])
    result = CliRunner().invoke(app, ["import-cards", str(path), "--db", str(tmp_path / "c.db")])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Imported 1 cards")
    assert lines[1] == f"Skipped {len(many)} records that aren't Scryfall cards, among them:"
    assert lines[2:] == [
        f"  'Lots {n}' (cmc: 'Input should be a valid number')" for n in range(MAX_SKIPPED_NAMES)
    ]


def test_a_record_without_faces_given_as_null_is_imported_and_parses(
    tmp_path: Path, keyword_vocabulary: KeywordVocabulary
) -> None:
    nulled = {**INSTANT, "name": "Nulled", "card_faces": None, "colors": None, "cmc": None}
    path = write_lines(tmp_path / "cards.jsonl", [card_json("Opt"), nulled, card_json("Fling")])
    db = open_database(tmp_path / "c.db")
    summary = import_cards(db, path)
    assert (summary.cards_read, summary.skipped) == (3, 0)
    card = CardResolver(CardRepository(db)).resolve("Nulled").card
    assert card.scryfall() == {key: value for key, value in nulled.items() if value is not None}
    assert parse_card(card.scryfall(), keyword_vocabulary).faces[0].colors == ()


def test_records_that_are_not_card_objects_are_skipped_not_fatal(tmp_path: Path) -> None:
    path = write_lines(
        tmp_path / "cards.jsonl", [card_json("Opt"), 5, {"no": "name"}, [], card_json("Fling")]
    )
    summary = import_cards(open_database(tmp_path / "c.db"), path)
    assert (summary.cards_read, summary.skipped) == (2, 3)
    assert summary.skipped_names[0].startswith("None (record: 'Input should be a valid dictionary")


def test_a_file_without_any_card_is_refused_saying_why(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "cards.jsonl", [wrong_record("Lots")])
    db = open_database(tmp_path / "c.db")
    with pytest.raises(CardImportError, match=r"none of its records is a Scryfall card: 'Lots' \(cmc"):
        import_cards(db, path)
    assert CardRepository(db).metadata() == {}


@pytest.mark.parametrize("file_name", ["cards.json", "cards.jsonl", "cards.json.gz", "cards.jsonl.gz"])
def test_a_utf8_byte_order_mark_before_the_records_is_skipped(tmp_path: Path, file_name: str) -> None:
    cards = [card_json("Opt"), card_json("Lim-Dûl's Vault")]
    text = json.dumps(cards) if ".jsonl" not in file_name else "".join(json.dumps(c) + "\n" for c in cards)
    content = UTF8_BOM + text.encode()
    path = tmp_path / file_name
    path.write_bytes(gzip.compress(content) if file_name.endswith(".gz") else content)
    db = open_database(tmp_path / "c.db")
    assert import_cards(db, path).cards_read == 2
    assert names_in(db) == ["Lim-Dûl's Vault", "Opt"]


def test_the_schema_keeps_what_it_does_not_check_and_drops_nulls() -> None:
    raw = {**card_json("Tarmogoyf"), "legalities": {"modern": "legal"}, "prices": {"usd": None}, "x": None}
    record = CardRecord.model_validate(raw)
    assert record.scryfall() == {key: value for key, value in raw.items() if key != "x"}
    assert CardRecord.model_validate_json(record.json_text()).scryfall() == record.scryfall()


# -- online replies ------------------------------------------------------------------------------------


@pytest.fixture
def wrong_scryfall() -> Iterator[FakeScryfall]:
    """A fake Scryfall that answers the WRONG records, and Lots of Fun, well typed."""
    server = FakeScryfall([*(wrong_record(name) for name in WRONG), {**INSTANT, "name": "Lots of Fun"}])
    yield server.start()
    server.stop()


@pytest.mark.parametrize("name", list(WRONG))
async def test_a_wrongly_typed_reply_is_not_stored_and_says_so(
    tmp_path: Path, wrong_scryfall: FakeScryfall, name: str
) -> None:
    async with open_card_service(settings(tmp_path, wrong_scryfall)) as cards:
        with pytest.raises(CardUnavailable) as caught:
            await cards.find(name)
        assert CardRepository(cards.db).count() == 0
    assert UNREADABLE_REPLY in str(caught.value)


async def test_a_wrongly_typed_reply_falls_back_to_the_cache(
    tmp_path: Path, wrong_scryfall: FakeScryfall
) -> None:
    async with open_card_service(settings(tmp_path, wrong_scryfall)) as cards:
        await cards.find("Lots of Fun")
        found = await cards.find(
            "Lots"
        )  # a partial match in the cache; Scryfall's exact answer is unreadable
        assert isinstance(found, CachedOnly)
        assert found.name == "Lots of Fun"
        assert names_in(cards.db) == ["Lots of Fun"]


# -- records stored by an older version ----------------------------------------------------------------


def spoil(db: sqlite_utils.Database, name: str, **wrong: Any) -> None:
    """Overwrite the stored record of ``name`` as a version that checked less could have stored it."""
    with db.conn:
        db.execute(
            "UPDATE cards SET json = ? WHERE name = ?", [json.dumps({**card_json(name), **wrong}), name]
        )


@pytest.fixture
def spoilt_cache(card_cache_db: Path, rules_document: RulesDocument, tmp_path: Path) -> Path:
    """The shared cache with the rules, and the stored records of Tarmogoyf and Clone badly typed."""
    path = cache_copy_with(card_cache_db, tmp_path / "cache.db", rules_document)
    db = open_database(path)
    spoil(db, "Tarmogoyf", cmc="lots")
    spoil(db, "Clone", all_parts="x")
    db.close()
    return path


def test_a_stored_record_that_does_not_fit_is_missing_with_a_reason(spoilt_cache: Path) -> None:
    resolver = CardResolver(CardRepository(open_database(spoilt_cache)))
    with pytest.raises(CardNotFound) as caught:
        resolver.resolve("Tarmogoyf")
    assert str(caught.value) == f"No card named “Tarmogoyf”. {UNREADABLE_RECORD}"
    assert resolver.resolve("Opt").card == card_record("Opt")


QUESTIONS: dict[str, Callable[[Judge, str], Awaitable[object]]] = {
    "parse": lambda judge, name: judge.parse(name),
    "linked": lambda judge, name: judge.linked([name]),
    "copy": lambda judge, name: judge.copy(name, "Opt", original_state()),
    "card": lambda judge, name: judge.card(name),
}


@pytest.mark.parametrize("question", list(QUESTIONS))
async def test_questions_about_an_unreadable_stored_record_are_errors_not_tracebacks(
    spoilt_cache: Path, question: str
) -> None:
    async with Judge.open(Settings(db=spoilt_cache, offline=True)) as judge:
        for name in ("Tarmogoyf", "Clone"):
            with pytest.raises(JudgeError, match="can't be read"):
                await QUESTIONS[question](judge, name)


SPOILT = "Spoilt Relic"
# stored by hand, bypassing the import: each record the schema refuses, and one it reads (null is absent)
BY_HAND: dict[str, dict[str, Any]] = {
    "every wrong field": {"cmc": "lots", "card_faces": None, "image_uris": 5, "all_parts": [3]},
    "cmc": {"cmc": "lots"},
    "image_uris": {"image_uris": 5},
    "all_parts": {"all_parts": [3]},
}
BY_HAND_QUESTIONS: dict[str, Callable[[Judge, str], Awaitable[object]]] = {
    **QUESTIONS,
    "copy of it": lambda judge, name: judge.copy("Clone", name, original_state()),
}


def store_by_hand(path: Path, record: dict[str, Any]) -> None:
    """Write ``record`` straight into the cache's tables under its name, as no import would."""
    db = open_database(path)
    with db.conn:
        db.execute(
            "INSERT INTO cards VALUES (?, NULL, ?, ?, 'normal', 'Artifact', 1, ?)",
            [SPOILT, SPOILT, SPOILT.casefold(), json.dumps(record)],
        )
        db.execute("INSERT INTO card_names VALUES (?, ?, ?, 0)", [SPOILT, SPOILT, SPOILT.casefold()])
    db.close()


def spoilt_relic(**fields: Any) -> dict[str, Any]:
    return {"object": "card", "name": SPOILT, "layout": "normal", "type_line": "Artifact", **fields}


@pytest.fixture
def rules_cache(card_cache_db: Path, rules_document: RulesDocument, tmp_path: Path) -> Path:
    return cache_copy_with(card_cache_db, tmp_path / "cache.db", rules_document)


@pytest.mark.parametrize("wrong", list(BY_HAND))
@pytest.mark.parametrize("question", list(BY_HAND_QUESTIONS))
async def test_a_record_the_schema_refuses_stored_by_hand_is_an_unreadable_card_record(
    rules_cache: Path, wrong: str, question: str
) -> None:
    store_by_hand(rules_cache, spoilt_relic(**BY_HAND[wrong]))
    async with Judge.open(Settings(db=rules_cache, offline=True)) as judge:
        with pytest.raises(CardNotFound) as caught:
            await BY_HAND_QUESTIONS[question](judge, SPOILT)
    assert str(caught.value) == f"No card named “{SPOILT}”. {UNREADABLE_RECORD}"


async def test_faces_stored_as_null_by_hand_are_read_as_none(rules_cache: Path) -> None:
    store_by_hand(rules_cache, spoilt_relic(card_faces=None, oracle_text="Flying"))
    async with Judge.open(Settings(db=rules_cache, offline=True)) as judge:
        answer = await judge.card(SPOILT)
        parsed = await judge.parse(SPOILT)
    assert (answer.name, [face.name for face in answer.faces]) == (SPOILT, [SPOILT])
    assert [face.name for face in parsed.card.faces] == [SPOILT]


async def test_online_an_unreadable_stored_record_is_fetched_again_and_replaced(
    tmp_path: Path, fake_scryfall: FakeScryfall
) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        CardRepository(cards.db).store(card_record("Opt"))
        spoil(cards.db, "Opt", mana_cost=5)
        assert await cards.find("Opt") == card_record("Opt")
        assert fake_scryfall.requests_to("/cards/named")
        assert CardRepository(cards.db).get(card_record("Opt").key) == card_record("Opt")


# -- printings in another language ---------------------------------------------------------------------


def ja_printings() -> list[dict[str, Any]]:
    return [json.loads(line) for line in JA_FIXTURE.read_text("utf-8").splitlines()]


def test_printings_that_do_not_fit_are_skipped_and_the_others_stored(tmp_path: Path) -> None:
    good = ja_printings()
    bad = [
        {**good[0], "oracle_id": "bad-1", "card_faces": [5]},
        {**good[0], "oracle_id": "bad-2", "printed_name": 5},
    ]
    path = write_lines(tmp_path / "ja.jsonl", [*bad, *good])
    db = open_database(tmp_path / "c.db")
    summary = import_printings(db, path)
    assert (summary.printings_read, summary.skipped) == (len(good), 2)
    assert summary.skipped_names[0].startswith("'Clone' (card_faces.0: 'Input should be a valid dictionary")
    stored = {row[0] for row in db.execute("SELECT oracle_id FROM printed_names")}
    assert stored == {printing["oracle_id"] for printing in good}


async def test_a_searched_printing_that_does_not_fit_is_left_out(
    tmp_path: Path, fake_scryfall: FakeScryfall
) -> None:
    good = next(printing for printing in ja_printings() if printing["name"] == "Nightveil Specter")
    bad_face = {"name": "Nightveil Specter", "printed_name": 5}
    fake_scryfall.printings = [{**good, "released_at": "2020-01-01", "card_faces": [bad_face]}, good]
    async with Judge.open(
        Settings(db=tmp_path / "c.db", offline=False, scryfall_base_url=fake_scryfall.url)
    ) as judge:
        answer = await judge.card("夜帷の死霊", lang="ja")
    assert answer.name == "Nightveil Specter"
    db = open_database(tmp_path / "c.db")
    assert [row[0] for row in db.execute("SELECT name FROM printed_names")] == ["夜帷の死霊"]
