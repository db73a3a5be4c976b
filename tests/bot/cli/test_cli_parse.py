"""The ``parse`` command through Typer's CliRunner, offline, with the shared cards and rules imported."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import Result

from bot.cli import app
from tests.bot.cli import json_of, panel_text, runner


def invoke(db: Path, *args: str) -> Result:
    return runner.invoke(app, ["--offline", "--db", str(db), "parse", *args])


def test_json_breakdown_of_nightveil_specter(cli_db: Path) -> None:
    payload = json_of(invoke(cli_db, "Nightveil Specter", "--json"))
    assert (payload["card"], payload["layout"], payload["rules_version"]) == (
        "Nightveil Specter",
        "normal",
        "2025-02-07",
    )
    (face,) = payload["faces"]
    assert [(a["index"], a["kind"], a["keyword"]) for a in face["abilities"]] == [
        (1, "keyword", "Flying"),
        (2, "triggered", None),
        (3, "static", None),
    ]
    assert face["abilities"][1]["trigger"] == "Whenever ~ deals combat damage to a player"
    assert face["copy_effects"] == []


def test_json_copy_effects_of_phantasmal_image(cli_db: Path) -> None:
    (face,) = json_of(invoke(cli_db, "phantasmal image", "--json"))["faces"]
    (effect,) = face["copy_effects"]
    assert (effect["scope"], effect["copyable"], effect["optional"]) == (
        "enter-as-copy",
        "any creature on the battlefield",
        True,
    )
    assert [exception["kind"] for exception in effect["exceptions"]] == ["add-types", "gain-ability"]


def test_panel_shows_kinds_parts_and_copy_effects(cli_db: Path) -> None:
    text = panel_text(invoke(cli_db, "Quicksilver Gargantuan"))
    assert "1. [replacement] You may have ~ enter as a copy of any creature on the battlefield" in text
    assert "from ability 1: enter-as-copy of any creature on the battlefield, optional" in text
    assert "set-power-toughness: it's 7/7" in text


def test_every_face_is_shown(cli_db: Path) -> None:
    payload = json_of(invoke(cli_db, "Fire // Ice", "--json"))
    assert [face["name"] for face in payload["faces"]] == ["Fire", "Ice"]


def test_unknown_card_fails_with_json_error(cli_db: Path) -> None:
    result = invoke(cli_db, "Xyzzy Nonexistent Plugh", "--json")
    assert result.exit_code == 1
    assert "error" in json.loads(result.stdout)


def test_rules_missing_offline_says_how_to_import(cards_only_db: Path) -> None:
    result = invoke(cards_only_db, "Clone", "--json")
    assert result.exit_code == 1
    assert "import-rules" in json.loads(result.stdout)["error"]
