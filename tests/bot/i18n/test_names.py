"""Japanese card names: normalisation, resolution to the Oracle card and the printings' import."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlite_utils

from data.cards.errors import CardNotFound
from data.cards.names import normalize_name
from data.cards.printings import PrintedNames, import_printings, is_printings_file
from data.cards.repository import CardRepository
from data.cards.resolver import CardResolver, NameIndex
from data.db import open_database
from tests.bot.i18n.conftest import JA_FIXTURE
from tests.conftest import JA_PRINTINGS, require_shared


@pytest.fixture
def db(ja_card_db: Path, tmp_path: Path) -> Iterator[sqlite_utils.Database]:
    path = tmp_path / "cards.db"
    shutil.copy(ja_card_db, path)
    database = open_database(path)
    yield database
    database.close()


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        ("チャンドラ ナラー", "チャンドラ・ナラー"),  # a space for the middle dot
        ("ﾁｬﾝﾄﾞﾗ･ﾅﾗｰ", "チャンドラ・ナラー"),  # half-width katakana and dot
        ("チャンドラ・ナラ－", "チャンドラ・ナラー"),  # a full-width dash for the long-vowel mark
        ("チャンドラ・ナラ", "チャンドラ・ナラー"),  # the long-vowel mark left out
        ("たるもごいふ", "タルモゴイフ"),  # hiragana for katakana
        ("Ｃｌｏｎｅ", "Clone"),  # full-width Latin
    ],
)
def test_width_dots_and_long_vowels_do_not_matter(typed: str, printed: str) -> None:
    assert normalize_name(typed) == normalize_name(printed)


def test_voiced_marks_are_part_of_the_kana() -> None:
    assert normalize_name("ゴイフ") != normalize_name("コイフ")
    assert normalize_name("ｺﾞｲﾌ") == normalize_name("ゴイフ")


@pytest.mark.parametrize(
    ("typed", "oracle_name"),
    [
        ("クローン", "Clone"),
        ("夜帷の死霊", "Nightveil Specter"),
        ("タルモゴイフ", "Tarmogoyf"),
        ("ﾀﾙﾓｺﾞｲﾌ", "Tarmogoyf"),
        ("ｸﾛｰﾝ", "Clone"),
        ("クロ－ン", "Clone"),
        ("ファイレクシア 変形者", "Phyrexian Metamorph"),  # partial
    ],
)
@pytest.mark.parametrize("index_loaded", [False, True])
def test_japanese_names_resolve_to_the_oracle_card(
    db: sqlite_utils.Database, typed: str, oracle_name: str, index_loaded: bool
) -> None:
    resolver = CardResolver(CardRepository(db), NameIndex())
    if index_loaded:
        resolver.complete("a", 1)
    assert resolver.resolve(typed).card.name == oracle_name


def test_the_shared_printings_file_fills_the_table(db: sqlite_utils.Database) -> None:
    path = require_shared(JA_PRINTINGS)
    assert is_printings_file(path)
    summary = import_printings(db, path)
    assert summary.printings_read == 88  # every record is a Japanese printing; two have a printed name
    resolver = CardResolver(CardRepository(db))
    assert resolver.resolve("チャンドラ ナラー").card.name == "Chandra Nalaar"
    assert resolver.resolve("ジェイス・ベレレン").card.name == "Jace Beleren"
    printed = PrintedNames(db).printed(str(resolver.resolve("ジェイス").card.oracle_id), "ja")
    assert printed is not None
    assert printed.text.startswith("+2：")


def test_autocomplete_offers_japanese_names_for_japanese_text(db: sqlite_utils.Database) -> None:
    resolver = CardResolver(CardRepository(db))
    assert resolver.complete("タルモ") == ["タルモゴイフ"]
    assert "Tarmogoyf" in resolver.complete("Tarmo")


def test_an_unknown_japanese_name_is_not_found(db: sqlite_utils.Database) -> None:
    with pytest.raises(CardNotFound):
        CardResolver(CardRepository(db)).resolve("存在しないカード")


def test_importing_again_changes_nothing(db: sqlite_utils.Database) -> None:
    before = PrintedNames(db).count()
    import_printings(db, JA_FIXTURE)
    assert PrintedNames(db).count() == before


def test_an_oracle_bulk_file_is_not_a_printings_file(oracle_bulk_path: Path) -> None:
    assert not is_printings_file(oracle_bulk_path)
