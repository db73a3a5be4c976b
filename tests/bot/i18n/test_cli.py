"""``mtg-judge --lang ja``: the terminal answers in Japanese, with the cards' printed names."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.cli import app
from bot.i18n import set_language
from tests.bot.cli import panel_text, runner


@pytest.fixture
def ja_db(ja_bot_db: Path, tmp_path: Path) -> Path:
    path = tmp_path / "cache.db"
    shutil.copy(ja_bot_db, path)
    return path


def test_linked_in_japanese_offline(ja_db: Path) -> None:
    try:
        result = runner.invoke(app, ["--offline", "--db", str(ja_db), "--lang", "ja", "linked", "夜帷の死霊"])
    finally:
        set_language("en")  # the CLI sets it for the process; the other tests run in English
    assert result.exit_code == 0, result.output
    text = panel_text(result)
    assert "関連している能力: 夜帷の死霊/Nightveil Specter" in text
    assert "関連している組" in text
    assert "607.2a" in text


def test_an_unknown_language_is_refused(ja_db: Path) -> None:
    result = runner.invoke(app, ["--offline", "--db", str(ja_db), "--lang", "xx", "linked", "Clone"])
    assert result.exit_code == 1


def japanese(ja_db: Path, *arguments: str) -> str:
    """The panel text of ``mtg-judge --offline --lang ja ARGUMENTS`` (status 0)."""
    try:
        result = runner.invoke(app, ["--offline", "--db", str(ja_db), "--lang", "ja", *arguments])
    finally:
        set_language("en")
    assert result.exit_code == 0, result.output
    return panel_text(result)


def test_card_shows_the_japanese_printed_name_and_text(ja_db: Path) -> None:
    text = japanese(ja_db, "card", "夜帷の死霊")
    assert "夜帷の死霊/Nightveil Specter" in text
    assert "印刷されたテキスト" in text
    assert "クリーチャー — スペクター" in text
    assert "あなたは夜帷の死霊によって追放されたカードの中から" in text
    assert "Flying" in text  # the Oracle text stays


def test_card_in_english_has_no_printed_text(ja_db: Path) -> None:
    result = runner.invoke(app, ["--offline", "--db", str(ja_db), "card", "夜帷の死霊"])
    assert result.exit_code == 0, result.output
    assert "印刷" not in result.stdout
    assert "Nightveil Specter" in result.stdout


def test_copy_panel_headings_in_japanese(ja_db: Path) -> None:
    text = japanese(ja_db, "copy", "クローン", "タルモゴイフ", "--graveyard", "Lightning Bolt, Forest")
    assert "理由" in text
    assert "CR 707 · ルール" in text
    assert "緑" in text  # the copy's color
    assert "Why" not in text


def test_cr_headings_in_japanese(ja_db: Path) -> None:
    text = japanese(ja_db, "cr", "707.2")
    assert "総合ルール 707.2" in text
    assert "· 総合ルール 20" in text  # the rules' date
    glossary = japanese(ja_db, "cr", "copiable values")
    assert "用語集 · 総合ルール" in glossary


def test_board_zone_changes_in_japanese(ja_db: Path, tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    board.write_text(
        "battlefield:\n  - {card: Grizzly Bears, id: bears, counters: {+1/+1: 2}}\n"
        "  - {card: Clone, id: clone, copy_of: bears}\n"
        "actions:\n  - leaves: {object: bears, to: graveyard}\nquery: clone\n",
        encoding="utf-8",
    )
    text = japanese(ja_db, "board", str(board))
    assert "領域の移動" in text
    assert "bears: 戦場 → 墓地" in text
    assert "（オブジェクト1つ、カード1枚）" in text
