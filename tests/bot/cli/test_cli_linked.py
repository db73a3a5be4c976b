"""The ``linked`` command through Typer's CliRunner, offline, with the shared cards and rules imported."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import Result

from bot.cli import app
from bot.judge import LIMITS
from tests.bot.cli import json_of, panel_text, runner

MAX_CARDS = LIMITS.cards_per_question


def invoke(db: Path, *args: str) -> Result:
    return runner.invoke(app, ["--offline", "--db", str(db), "linked", *args])


def test_nightveil_specter_json_is_exact(cli_db: Path) -> None:
    payload = json_of(invoke(cli_db, "Nightveil Specter", "--json"))
    assert set(payload) == {"card", "rules_version", "abilities", "links", "notes"}
    assert payload["card"] == "Nightveil Specter"
    assert payload["rules_version"] == "2025-02-07"
    assert [(a["index"], a["face"], a["kind"]) for a in payload["abilities"]] == [
        (1, "Nightveil Specter", "keyword"),
        (2, "Nightveil Specter", "triggered"),
        (3, "Nightveil Specter", "static"),
    ]
    assert payload["abilities"][2]["text"] == "You may play cards exiled with Nightveil Specter."
    (link,) = payload["links"]
    assert set(link) == {"abilities", "rule", "explanation"}
    assert link["abilities"] == [2, 3]
    assert link["rule"] == "607.2a"
    assert all(set(note) == {"text", "rules"} and note["rules"] for note in payload["notes"])


def test_human_rendering_numbers_abilities_then_pairs_then_notes(cli_db: Path) -> None:
    text = panel_text(invoke(cli_db, "Nightveil Specter"))
    assert "1. Flying" in text
    assert "2 ↔ 3 607.2a" in text
    assert text.index("Abilities") < text.index("Linked pairs") < text.index("Notes")
    assert "607.5, 707.7" in text


def test_cross_face_pair_names_both_faces(cli_db: Path) -> None:
    payload = json_of(invoke(cli_db, "Profane Procession", "--json"))
    by_pair = {tuple(link["abilities"]): link for link in payload["links"]}
    assert by_pair[(1, 2)]["faces"] == ["Profane Procession", "Tomb of the Dusk Rose"]
    assert by_pair[(1, 1)]["faces"] == ["Profane Procession", "Profane Procession"]
    human = panel_text(invoke(cli_db, "Profane Procession"))
    assert "Profane Procession 1 ↔ Profane Procession 1 607.2a" in human
    assert "Profane Procession 1 ↔ Tomb of the Dusk Rose 2 607.2a" in human
    assert [a["face"] for a in payload["abilities"]] == [
        "Profane Procession",
        "Tomb of the Dusk Rose",
        "Tomb of the Dusk Rose",
    ]


def test_card_without_links_gets_a_short_clear_answer(cli_db: Path) -> None:
    payload = json_of(invoke(cli_db, "Grizzly Bears", "--json"))
    assert payload["links"] == []
    assert payload["notes"][0]["text"].startswith("Grizzly Bears has no linked abilities")
    human = panel_text(invoke(cli_db, "Grizzly Bears"))
    assert "Abilities (none) Notes • Grizzly Bears has no linked abilities" in human


def test_second_name_is_asked_about_together(cli_db: Path) -> None:
    payload = json_of(invoke(cli_db, "Nightveil Specter", "Kaldra Compleat", "--json"))
    assert [link["abilities"] for link in payload["links"]] == [[2, 3]]
    not_linked = [note for note in payload["notes"] if note["text"].startswith("Not linked")]
    assert len(not_linked) == 1
    assert "Kaldra Compleat" in not_linked[0]["text"]


def test_unknown_card_exits_1_with_a_clear_error(cli_db: Path) -> None:
    result = invoke(cli_db, "Qwxz Zzyzx Unknowable", "--json")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert "Qwxz Zzyzx Unknowable" in payload["error"]
    assert isinstance(payload["suggestions"], list)


def test_too_many_names_are_refused(cli_db: Path) -> None:
    result = invoke(cli_db, *(["Grizzly Bears"] * (MAX_CARDS + 1)), "--json")
    assert result.exit_code == 1
    assert f"at most {MAX_CARDS}" in json.loads(result.stdout)["error"]


def test_offline_without_rules_explains_how_to_import(cards_only_db: Path) -> None:
    result = invoke(cards_only_db, "Nightveil Specter", "--json")
    assert result.exit_code == 1
    assert "import-rules" in json.loads(result.stdout)["error"]
