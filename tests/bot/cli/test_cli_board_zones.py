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


_MUTATES = """
cards:
  - name: Gemrazer
    mana_cost: "{3}{G}"
    type_line: Creature — Beast
    oracle_text: "Reach, trample\\nMutate {1}{G}{G}\\nWhenever this creature mutates, draw a card."
    power: "4"
    toughness: "4"
    colors: [G]
battlefield:
  - {card: Grizzly Bears, id: bears}
actions:
  - mutates: {card: Gemrazer, id: gem, onto: bears, on_top: true}
"""


def test_a_merge_shows_its_mutate_trigger_without_any_zone_change(cli_db: Path, tmp_path: Path) -> None:
    """CR 702.140d: the merge triggers "whenever this creature mutates"; no object changed zones."""
    board = tmp_path / "mutates.yaml"
    board.write_text(_MUTATES, encoding="utf-8")
    payload = json_of(invoke(cli_db, "board", str(board), "--json"))
    assert "zone_moves" not in payload
    assert [(hit["source"], hit["times"]) for hit in payload["triggers"]] == [("bears", 1)]
    text = " ".join(invoke(cli_db, "board", str(board)).output.replace("│", " ").split())
    assert "Zone changes" not in text
    assert "Triggered • [once] “Whenever this creature mutates" in text


def test_a_card_exiled_by_an_ability_not_given_is_listed_without_a_number(
    cli_db: Path, tmp_path: Path
) -> None:
    board = tmp_path / "ring.yaml"
    board.write_text(
        "battlefield:\n  - {card: Oblivion Ring, id: ring}\n"
        "exile:\n  - {card: Grizzly Bears, id: bears, exiled_by: ring}\n"
        "query: {linked: ring}\n",
        encoding="utf-8",
    )
    text = " ".join(invoke(cli_db, "board", str(board)).output.replace("│", " ").split())
    assert "exiled by it (the board doesn't say by which ability): Grizzly Bears" in text
    assert "ability None" not in text
