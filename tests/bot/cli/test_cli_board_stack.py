"""``mtg-judge board`` with a ``stack:`` section, offline, with the shared cards and rules imported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import Result

from bot.cli import app
from tests.bot.cli import json_of, runner
from tests.locations import BOARDS

BOARDS = BOARDS


@pytest.fixture
def db(cli_db: Path) -> Path:
    """The shared CLI cache (cards and rules imported)."""
    return cli_db


def invoke(db: Path, *args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, ["--offline", "--db", str(db), "board", *args], input=stdin)


def test_fling_copy_json(db: Path) -> None:
    payload = json_of(invoke(db, str(BOARDS / "stack_fling.yaml"), "--json"))
    assert set(payload) == {"rules_version", "objects", "result"}
    result = payload["result"]
    assert result["id"] == "fling copy"
    assert result["copiable"]["name"] == "Fling"
    assert result["cast"] is False
    assert (result["owner"], result["controller"]) == ("you", "you")
    assert result["choices"]["targets"] == ["player:opponent"]
    assert result["choices"]["paid"]["objects"][0]["power"] == 3
    assert result["choices"]["paid"]["mana"] == ""
    assert result["outcomes"] == [
        {
            "question": "the sacrificed creature's power",
            "on_original": 3,
            "on_copy": 3,
            "rules": ["707.10", "608.2h"],
        }
    ]
    assert {"item": "mana spent to cast it ({1}{R})", "rules": ["707.10", "601.2h"]} in result["not_copied"]


def test_fireball_copy_reads_like_a_ruling(db: Path) -> None:
    result = invoke(db, str(BOARDS / "stack_fireball_boseiju.yaml"))
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.replace("│", " ").split())
    assert "fireball copy: a copy of a spell (Fireball), not cast, controlled by you, owned by you." in text
    assert "can't be countered: yes → no (CR 106.6, 707.10, 601.2h)" in text
    assert text.index("Original → copy") < text.index("Copied") < text.index("Not copied") < text.index("Why")


def test_stack_errors_are_user_facing(db: Path) -> None:
    board = "battlefield:\n  - {card: Glorious Anthem, id: anthem}\n  - {card: Mirari, id: mirari}\n"
    board += (
        "stack:\n  - {card: Hull Breach, id: hb, modes: [Destroy target enchantment], targets: [anthem]}\n"
    )
    board += "  - {copy_of: hb, via: Twincast, new_targets: [mirari]}\n"
    payload = json.loads(invoke(db, "-", "--json", stdin=board).stdout)
    assert "Mirari isn't a legal new target" in payload["error"]


def test_copy_command_copies_a_spell_on_the_stack(db: Path) -> None:
    result = runner.invoke(
        app, ["--offline", "--db", str(db), "copy", "Twincast", "Lightning Bolt", "--json"]
    )
    payload = json_of(result)["result"]
    assert (payload["id"], payload["copy_of"], payload["controller"], payload["cast"]) == (
        "Twincast's copy",
        "Lightning Bolt",
        "you",
        False,
    )
    assert payload["choices"]["targets"] == ["player:you"]


def test_ability_copy_headline_says_not_activated_or_triggered(db: Path) -> None:
    result = invoke(db, str(BOARDS / "stack_strionic_resonator.yaml"))
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.replace("│", " ").split())
    assert "a copy of an ability (Banisher Priest, ability 1), not activated or triggered (CR 707.10)" in text
    assert "not cast" not in text


def test_copy_command_says_twincast_may_change_the_targets(db: Path) -> None:
    result = runner.invoke(
        app, ["--offline", "--db", str(db), "copy", "Twincast", "Lightning Bolt", "--json"]
    )
    steps = json_of(result)["result"]["steps"]
    keep = next(s for s in steps if s["text"].startswith("Twincast lets the copy's controller choose new"))
    assert keep["rules"] == ["707.10c"]
    assert "Grizzly Bears (Grizzly Bears" not in json.dumps(steps)
