"""``mtg-judge board`` on a spell resolving onto the battlefield: where it ended up, in text and JSON."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.cli import app
from data.cards.importer import import_cards
from data.db import open_database
from tests.bot.cli import json_of, panel_text, runner
from tests.card_data import OWN_CARDS
from tests.locations import BOARDS

BOARDS = BOARDS
KYLEM = BOARDS / "cr712-13a-kylem-mystic-reflection-night.yaml"


@pytest.fixture(scope="module")
def db(cli_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The CLI cache plus this project's own card records (Mystic Reflection, Bird Admirer, Kylem)."""
    path = tmp_path_factory.mktemp("own-cards") / "cache.db"
    shutil.copy(cli_db, path)
    connection = open_database(path)
    import_cards(connection, OWN_CARDS)
    connection.close()
    return path


def test_the_json_says_the_spell_went_to_the_graveyard(db: Path) -> None:
    payload = json_of(runner.invoke(app, ["--offline", "--db", str(db), "board", str(KYLEM), "--json"]))
    result = payload["result"]
    assert result["zone"] == "graveyard"
    assert {o["id"]: o["zone"] for o in payload["objects"]}["kylem"] == "graveyard"
    assert "712.13a" in {rule for step in result["steps"] for rule in step["rules"]}


def test_the_panel_title_says_where_it_is(db: Path) -> None:
    text = panel_text(runner.invoke(app, ["--offline", "--db", str(db), "board", str(KYLEM)]))
    assert "kylem: Invasion of Kylem (in the graveyard)" in text
    assert "put into its owner's graveyard instead" in text


def test_a_permanent_on_the_battlefield_has_no_zone_key(db: Path) -> None:
    board = BOARDS / "rules-712-13-kylem-enters-as-a-battle.yaml"
    payload = json_of(runner.invoke(app, ["--offline", "--db", str(db), "board", str(board), "--json"]))
    assert "zone" not in payload["result"]
    assert payload["result"]["current"]["counters"] == {"defense": 5}
