"""``mtg-judge rulings`` and ``import-rulings``: official rulings offline, with their dates, and "no rulings
exist" told apart from "rulings not loaded"."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from bot.cli import app
from tests.bot.cli import flat, json_of, panel_text, runner


def _oracle_id(db: Path, name: str) -> str:
    card = json_of(runner.invoke(app, ["--offline", "--db", str(db), "card", name, "--json"]))
    return str(card["oracle_id"])


def _rulings_file(path: Path, oracle_id: str) -> Path:
    rulings = [
        {"object": "ruling", "oracle_id": oracle_id, "source": source, "published_at": date, "comment": text}
        for source, date, text in (
            ("wotc", "2008-10-01", "Older ruling (rule 205.2a)."),
            ("scryfall", "2017-11-17", "Newer ruling."),
        )
    ]
    path.write_bytes(gzip.compress(json.dumps(rulings).encode()))
    return path


def test_rulings_never_loaded_are_not_said_to_be_none(cards_only_db: Path) -> None:
    asked = runner.invoke(app, ["--offline", "--db", str(cards_only_db), "rulings", "Tarmogoyf", "--json"])
    assert json_of(asked) == {"card": "Tarmogoyf", "loaded": False, "rulings": []}
    panel = panel_text(runner.invoke(app, ["--offline", "--db", str(cards_only_db), "rulings", "Tarmogoyf"]))
    assert "The rulings of Tarmogoyf aren't loaded" in panel
    assert "mtg-judge import-rulings FILE" in panel


def test_imported_rulings_answer_newest_first_with_their_dates(cards_only_db: Path, tmp_path: Path) -> None:
    ask = ["--offline", "--db", str(cards_only_db)]
    bulk = _rulings_file(tmp_path / "rulings.json.gz", _oracle_id(cards_only_db, "Tarmogoyf"))
    imported = runner.invoke(app, [*ask, "import-rulings", str(bulk), "--json"])
    assert json_of(imported) == {"source": str(bulk), "rulings": 2, "cards": 1}
    rulings = json_of(runner.invoke(app, [*ask, "rulings", "Tarmogoyf", "--json"]))
    assert [(r["published_at"], r["source"], r["comment"]) for r in rulings["rulings"]] == [
        ("2017-11-17", "scryfall", "Newer ruling."),
        ("2008-10-01", "wotc", "Older ruling (rule 205.2a)."),
    ]
    panel = panel_text(runner.invoke(app, [*ask, "rulings", "Tarmogoyf"]))
    assert panel.index("2017-11-17 (scryfall) Newer ruling.") < panel.index("2008-10-01 (wotc)")
    # the file covers every ruling: a card it has none for has none
    assert "Opt has no rulings." in panel_text(runner.invoke(app, [*ask, "rulings", "Opt"]))


def test_importing_the_same_file_again_changes_nothing(cards_only_db: Path, tmp_path: Path) -> None:
    ask = ["--offline", "--db", str(cards_only_db)]
    bulk = _rulings_file(tmp_path / "rulings.json", _oracle_id(cards_only_db, "Tarmogoyf"))
    first = runner.invoke(app, [*ask, "import-rulings", str(bulk)])
    assert flat(first.stdout) == "Imported 2 rulings of 1 cards from rulings.json."
    again = runner.invoke(app, [*ask, "import-rulings", str(bulk)])
    assert again.stdout == first.stdout
    assert len(json_of(runner.invoke(app, [*ask, "rulings", "Tarmogoyf", "--json"]))["rulings"]) == 2


def test_a_file_that_is_not_rulings_is_refused(cards_only_db: Path, tmp_path: Path) -> None:
    ask = ["--offline", "--db", str(cards_only_db)]
    good = _rulings_file(tmp_path / "rulings.json.gz", _oracle_id(cards_only_db, "Tarmogoyf"))
    assert runner.invoke(app, [*ask, "import-rulings", str(good)]).exit_code == 0
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([{"object": "card", "name": "Opt"}]), encoding="utf-8")
    refused = runner.invoke(app, [*ask, "import-rulings", str(cards), "--json"])
    assert refused.exit_code == 1
    assert "not a Scryfall ruling object" in json.loads(refused.stdout)["error"]
    assert len(json_of(runner.invoke(app, [*ask, "rulings", "Tarmogoyf", "--json"]))["rulings"]) == 2
