"""``mtg-judge setup DIR``: every card, printings, rules and rulings file of a folder imported in the order
they build on, then answered offline; and what a folder that holds other things gets."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from bot.cli import app
from tests.bot.cli import json_of, runner
from tests.conftest import SHARED, require_shared


def _setup(db: Path, folder: Path) -> list[str]:
    result = runner.invoke(app, ["--offline", "--db", str(db), "setup", str(folder)])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


@pytest.fixture(scope="module")
def shared_setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A cache made by ``setup ../shared/data``, and what the command printed."""
    folder = require_shared(SHARED / "data")
    db = tmp_path_factory.mktemp("setup") / "cache.db"
    return db, _setup(db, folder)


def test_setup_of_the_shared_data_imports_every_file_oldest_cards_first(
    shared_setup: tuple[Path, list[str]],
) -> None:
    _, lines = shared_setup
    assert [line.split(" from ")[0] for line in lines[:3]] == [
        "Imported 20030 cards",
        "Imported 6041 cards",
        "Imported 9 cards",
    ]
    assert "oracle-cards-20190926.json.gz" in lines[0]
    assert "oracle-cards-2022.jsonl.gz" in lines[1]
    assert lines[1].endswith("the cache now holds 24061 cards (bulk date 2019-09-26).")
    assert lines[3].startswith("Read 88 printings (ja)")
    assert lines[4].startswith("Read 67 printings (ja)")
    assert lines[5].startswith("Loaded the rules effective 2025-02-07")
    assert lines[6] == "Imported 46031 rulings of 13559 cards from rulings-2022.json.gz."
    assert len(lines) == 7


def test_after_setup_everything_answers_offline(shared_setup: tuple[Path, list[str]]) -> None:
    db, _ = shared_setup
    ask = ["--offline", "--db", str(db)]
    spell_blast = json_of(runner.invoke(app, [*ask, "card", "Spell Blast", "--json"]))
    assert "mana value X" in spell_blast["oracle_text"]  # the 2022 wording replaced 2019's
    rulings = json_of(runner.invoke(app, [*ask, "rulings", "Phyrexian Metamorph", "--json"]))
    assert rulings["loaded"]
    dates = [ruling["published_at"] for ruling in rulings["rulings"]]
    assert dates == sorted(dates, reverse=True)
    assert len(dates) > 3
    assert json_of(runner.invoke(app, [*ask, "cr", "707.2", "--json"]))["number"] == "707.2"
    assert json_of(runner.invoke(app, [*ask, "card", "夜帷の死霊", "--json"]))["name"] == "Nightveil Specter"


def test_setup_again_ends_with_the_same_cache(shared_setup: tuple[Path, list[str]]) -> None:
    db, first = shared_setup
    again = _setup(db, SHARED / "data")
    assert [line.split(";")[0] for line in again] == [line.split(";")[0] for line in first]
    assert all(line.endswith("the cache now holds 24070 cards (bulk date 2019-09-26).") for line in again[:3])
    assert again[3].endswith("the cache now holds 69 printed names.")
    assert again[4:] == first[4:]


def _ruling_file(path: Path, comment: str) -> Path:
    ruling = {"object": "ruling", "oracle_id": "own-1", "source": "wotc", "published_at": "2020-01-01"}
    path.write_bytes(gzip.compress(json.dumps([{**ruling, "comment": comment}]).encode()))
    return path


def test_only_the_newest_rulings_file_is_imported_and_other_files_are_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    (folder / "old").mkdir(parents=True)
    own_card = {"object": "card", "oracle_id": "own-1", "name": "Own Bear", "layout": "normal", "lang": "en"}
    (folder / "cards.jsonl").write_text(json.dumps(own_card) + "\n", encoding="utf-8")
    _ruling_file(folder / "old" / "rulings-20200101.json.gz", "Older.")
    _ruling_file(folder / "rulings-20210101.json.gz", "Newer.")
    (folder / "README.md").write_text("# not data\n", encoding="utf-8")
    (folder / "notes.json").write_text('{"a": 1}', encoding="utf-8")
    (folder / "notes.txt").write_text("nothing to import\n", encoding="utf-8")
    db = tmp_path / "cache.db"
    assert _setup(db, folder) == [
        "Imported 1 cards from " + str(folder / "cards.jsonl") + "; the cache now holds 1 cards (bulk date "
        "unknown).",
        "Imported 1 rulings of 1 cards from rulings-20210101.json.gz.",
        "Left out rulings-20200101.json.gz: a newer rulings file is imported instead (an import replaces "
        "them all).",
    ]
    rulings = json_of(runner.invoke(app, ["--offline", "--db", str(db), "rulings", "Own Bear", "--json"]))
    assert [ruling["comment"] for ruling in rulings["rulings"]] == ["Newer."]


def test_a_folder_without_data_is_refused(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# not data\n", encoding="utf-8")
    db = tmp_path / "cache.db"
    result = runner.invoke(app, ["--offline", "--db", str(db), "setup", str(tmp_path)])
    assert result.exit_code == 1
    assert "holds no Scryfall bulk file, Comprehensive Rules text file or rulings file" in result.stderr
    assert "Traceback" not in result.output
