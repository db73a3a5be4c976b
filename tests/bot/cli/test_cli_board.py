"""The ``copy`` and ``board`` commands through Typer's CliRunner, offline, with the shared cards and rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import Result

from bot.cli import app
from bot.judge import LIMITS
from tests.bot.cli import json_of, runner
from tests.locations import BOARDS

BOARDS = BOARDS
CH_KEYS = {
    "name",
    "mana_cost",
    "mana_value",
    "colors",
    "color_indicator",
    "supertypes",
    "types",
    "subtypes",
    "power",
    "toughness",
    "loyalty",
    "abilities",
}

MAX_CHOICE, MAX_COUNTER_KINDS = LIMITS.choice_text, LIMITS.counter_kinds


def invoke(db: Path, *args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, ["--offline", "--db", str(db), *args], input=stdin)


@pytest.fixture
def db(cli_db: Path) -> Path:
    """The shared CLI cache (cards and rules imported)."""
    return cli_db


def test_copy_clone_tarmogoyf_json_shape_and_numbers(db: Path) -> None:
    payload = json_of(
        invoke(db, "copy", "Clone", "Tarmogoyf", "--graveyard", "Lightning Bolt, Forest", "--json")
    )
    assert set(payload) == {"rules_version", "objects", "result"}
    assert payload["rules_version"] == "2025-02-07"
    result = payload["result"]
    assert set(result) == {"id", "copiable", "current", "steps", "notes"}
    assert set(result["copiable"]) == CH_KEYS
    assert set(result["current"]) == CH_KEYS | {"counters", "token", "status"}
    assert set(result["current"]["status"]) == {"tapped", "flipped", "face_down", "transformed", "phased_out"}
    assert result["id"] == "Clone"
    assert (result["copiable"]["power"], result["copiable"]["toughness"]) == ("*", "1+*")
    assert (result["current"]["power"], result["current"]["toughness"]) == (2, 3)
    assert result["current"]["name"] == "Tarmogoyf"
    assert result["current"]["token"] is False
    assert [o["controller"] for o in payload["objects"][:2]] == ["opponent", "you"]
    assert all(step["rules"] for step in result["steps"])
    assert "707.5" in {rule for step in result["steps"] for rule in step["rules"]}


def test_copy_renders_the_object_then_the_numbered_steps(db: Path) -> None:
    result = invoke(db, "copy", "Clone", "Tarmogoyf", "--graveyard", "Lightning Bolt, Forest")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.replace("│", " ").split())
    assert text.index("Creature — Lhurgoyf") < text.index("Why") < text.index("1. Clone enters as a copy")
    assert "green · 2/3" in text
    assert "Copiable values: Tarmogoyf, Creature — Lhurgoyf */1+*" in text


def test_copy_flags_describe_the_original(db: Path) -> None:
    payload = json_of(
        invoke(
            db,
            "copy",
            "Clone",
            "Grizzly Bears",
            "--pump",
            "2/2",
            "--counters",
            "+1/+1=3",
            "--tapped",
            "--json",
        )
    )
    current = payload["result"]["current"]
    assert (current["power"], current["toughness"], current["counters"]) == (2, 2, {})
    assert current["status"]["tapped"] is False


def test_copy_of_a_back_face_name_copies_the_transformed_permanent(db: Path) -> None:
    payload = json_of(invoke(db, "copy", "Clone", "Wildblood Pack", "--json"))
    current = payload["result"]["current"]
    assert (current["name"], current["mana_value"], current["power"]) == ("Wildblood Pack", 0, 5)


def test_copy_face_down_original(db: Path) -> None:
    payload = json_of(invoke(db, "copy", "Clone", "Grinning Demon", "--face-down", "morph", "--json"))
    current = payload["result"]["current"]
    assert (current["name"], current["types"], current["power"], current["abilities"]) == (
        None,
        ["Creature"],
        2,
        [],
    )


def test_spark_double_copies_a_creature_you_control(db: Path) -> None:
    payload = json_of(invoke(db, "copy", "Spark Double", "Grizzly Bears", "--json"))
    assert [o["controller"] for o in payload["objects"]] == ["you", "you"]
    assert payload["result"]["current"]["counters"] == {"+1/+1": 1}


def test_cryptoplasm_becomes_a_copy_without_entering(db: Path) -> None:
    payload = json_of(invoke(db, "copy", "Cryptoplasm", "Wall of Omens", "--json"))
    rules = {rule for step in payload["result"]["steps"] for rule in step["rules"]}
    texts = " ".join(step["text"] for step in payload["result"]["steps"])
    assert "707.4" in rules
    assert "(“When Wall of Omens enters the battlefield, draw a card.” does not)" in texts
    assert "draw a card.” triggers" not in texts


def test_a_card_that_cannot_copy_says_what_it_can_do(db: Path) -> None:
    payload = json.loads(invoke(db, "copy", "Fork", "Tarmogoyf", "--json").stdout)
    assert "Fork can't copy a permanent" in payload["error"]
    assert "target instant or sorcery spell" in payload["error"]


def test_bad_flags_are_clear_errors(db: Path) -> None:
    result = invoke(db, "copy", "Clone", "Grizzly Bears", "--counters", "lots", "--json")
    assert result.exit_code == 1
    assert "KIND=N" in json.loads(result.stdout)["error"]


@pytest.mark.parametrize(
    ("counters", "message"),
    [
        (",".join(f"kind{i}=1" for i in range(MAX_COUNTER_KINDS + 1)), f"at most {MAX_COUNTER_KINDS} kinds"),
        ("x" * (MAX_CHOICE + 1) + "=1", "KIND=N"),
    ],
)
def test_too_many_or_too_long_counters_are_refused(db: Path, counters: str, message: str) -> None:
    result = invoke(db, "copy", "Clone", "Grizzly Bears", "--counters", counters, "--json")
    assert result.exit_code == 1
    assert message in json.loads(result.stdout)["error"]


def test_unknown_card_is_an_error(db: Path) -> None:
    result = invoke(db, "copy", "Qzxv Wibbleflorp", "Tarmogoyf", "--json")
    assert result.exit_code == 1
    assert "Qzxv Wibbleflorp" in json.loads(result.stdout)["error"]


def test_board_file_from_stdin(db: Path) -> None:
    board = (BOARDS / "cryptoplasm-primal-clay.yaml").read_text(encoding="utf-8").split("\n---\n")[0]
    payload = json_of(invoke(db, "board", "-", "--json", stdin=board))
    current = payload["result"]["current"]
    assert (current["name"], current["power"], current["toughness"]) == ("Primal Clay", 1, 6)
    assert "Defender" in current["abilities"]


def test_board_error_names_the_line(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("battlefield:\n  - card: Clone\n    copy_of: nobody\n", encoding="utf-8")
    result = invoke(db, "board", str(path), "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"].startswith("line 2:")


def test_board_runs_a_scenario_file_directly(db: Path) -> None:
    # Regression: a scenario file (board, then the expected answer as a second YAML document) was refused.
    payload = json_of(invoke(db, "board", str(BOARDS / "clone-primal-clay-chooses-anew.yaml"), "--json"))
    current = payload["result"]["current"]
    assert (current["power"], current["toughness"], current["subtypes"]) == (3, 3, ["Shapeshifter"])
    assert "Defender" not in current["abilities"]  # the Primal Clay ruling: the new choice replaces the old


def test_copy_of_primal_clay_needs_its_choice(db: Path) -> None:
    # Regression: without the original's "as enters" choice the copy was answered as a 0/0 that dies.
    result = invoke(db, "copy", "Cryptoplasm", "Primal Clay", "--json")
    assert result.exit_code == 1
    error = json.loads(result.stdout)["error"]
    assert "--choice option=N" in error
    assert "3: a 1/6 Wall artifact creature with defender" in error


def test_copy_choices_for_the_original_and_anew_for_the_copy(db: Path) -> None:
    becomes = json_of(invoke(db, "copy", "Cryptoplasm", "Primal Clay", "--choice", "option=3", "--json"))
    assert (becomes["result"]["current"]["power"], becomes["result"]["current"]["toughness"]) == (1, 6)
    enters = json_of(
        invoke(
            db, "copy", "Clone", "Primal Clay", "--choice", "option=3", "--new-choice", "option=1", "--json"
        )
    )
    current = enters["result"]["current"]
    assert (current["power"], current["toughness"], current["subtypes"]) == (3, 3, ["Shapeshifter"])
    rules = {rule for step in enters["result"]["steps"] for rule in step["rules"]}
    assert {"707.2", "707.5", "707.6", "613.2a"} <= rules


def test_bad_choice_flag_is_a_clear_error(db: Path) -> None:
    result = invoke(db, "copy", "Clone", "Grizzly Bears", "--choice", "option", "--json")
    assert result.exit_code == 1
    assert "KEY=VALUE" in json.loads(result.stdout)["error"]


def test_copy_x_is_the_copiers_spell_x(db: Path) -> None:
    payload = json_of(invoke(db, "copy", "Altered Ego", "Primordial Hydra", "--x", "3", "--json"))
    assert payload["result"]["current"]["counters"] == {"+1/+1": 6}


PHASED_COMMANDER = (
    "{battlefield: [{card: Grizzly Bears, id: bear, tapped: true, phased_out: true, commander: true}]}"
)


def test_a_phased_out_commander_says_so_with_its_status(db: Path) -> None:
    result = invoke(db, "board", "-", stdin=PHASED_COMMANDER)
    assert result.exit_code == 0, result.output
    assert "tapped · phased out · commander" in result.stdout
    plain = invoke(db, "board", "-", stdin="{battlefield: [{card: Grizzly Bears, id: bear}]}")
    assert plain.exit_code == 0, plain.output
    assert "phased out" not in plain.stdout
    assert "commander" not in plain.stdout
