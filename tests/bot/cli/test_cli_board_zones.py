"""``mtg-judge board`` with zone changes: a melded permanent dying, rendered and as JSON (CR 712.21)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import Result

from bot.cli import app
from tests.bot.cli import json_of, runner
from tests.locations import BOARDS

BOARD = BOARDS / "melded-chittering-host-dies.yaml"


def invoke(db: Path, *args: str) -> Result:
    return runner.invoke(app, ["--offline", "--db", str(db), *args])


def test_board_shows_the_zone_changes_and_triggers(cli_db: Path) -> None:
    result = invoke(cli_db, "board", str(BOARD))
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.replace("│", " ").split())
    assert "Zone changes" in text
    assert "host: battlefield → graveyard as Graf Rats, Midnight Scavengers (1 object, 2 cards)" in text
    assert "[once]" in text
    assert "[2 times]" in text


def test_board_json_has_zone_moves_and_triggers(cli_db: Path) -> None:
    payload = json_of(invoke(cli_db, "board", str(BOARD), "--json"))
    (move,) = payload["zone_moves"]
    assert (move["objects_moved"], move["cards_moved"], move["new_ids"]) == (1, 2, ["rats", "scavengers"])
    assert {hit["source"]: hit["times"] for hit in payload["triggers"]} == {"artist": 1, "void": 2}
    assert payload["result"]["id"] == "rats"
