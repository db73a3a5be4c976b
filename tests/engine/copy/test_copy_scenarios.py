"""Every seed-page and CR 707/708/710/712 example as a board file with the expected answer.

Each ``tests/fixtures/boards/*.yaml`` scenario holds two YAML documents: the board (format version 1) and the
expected result. ``current`` must give the full object (name, cost, colors, types, P/T, abilities, counters,
token, status — ``phased_out`` may be left out when false); ``copiable`` the copiable values;
``abilities_include`` parts of abilities that must be there and ``abilities_absent`` whole abilities that must
not; ``rules`` CR numbers the reasoning must cite (``notes`` in the notes); ``linked`` the linked pairs of a
``{linked: …}`` query; ``controllers`` the controller (after layer 2) of board objects, by handle, as the
answer's ``objects`` list shows them; ``explains`` parts of the reasoning's text that must be there; ``error``
a message part when the board is impossible; ``xfail`` why a known gap elsewhere makes it fail.
Zone changes (``leaves``/``returns`` actions): ``zone_moves`` the answer's moves in order, each given by
some of its keys (object, from_zone, to, cards, new_ids, objects_moved, cards_moved, replacement,
options); ``triggers`` how many times each board object's abilities triggered, by handle (every source
that triggered must be listed); ``move_rules`` CR numbers the moves and triggers cite; ``zones`` the zone
of board objects by handle and ``absent`` handles no longer on the board (a token that left).
``zone`` is the zone the queried object ended up in (a resolving spell may go to the graveyard, CR 712.13a).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from data.boards import load_board
from engine.answers.copy_result import answer_board
from engine.state.board import BoardError
from tests.engine.copy_cards import cards_for
from tests.locations import BOARDS

BOARDS = BOARDS
SCENARIOS = sorted(p for p in BOARDS.glob("*.yaml") if not p.name.startswith("stack"))
FULL_RESULT = {
    "name",
    "mana_cost",
    "colors",
    "types",
    "subtypes",
    "power",
    "toughness",
    "counters",
    "token",
    "status",
}
# Scenarios written before phasing was shown give four of the five status fields (CR 110.5b's default).
NOT_PHASED_OUT = {"phased_out": False}


def _scenario(path: Path) -> tuple[str, dict[str, Any]]:
    board_text, expected_text = path.read_text(encoding="utf-8").split("\n---\n")
    return board_text, yaml.safe_load(expected_text)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path, request: pytest.FixtureRequest) -> None:
    board_text, expected = _scenario(path)
    if "xfail" in expected:
        request.applymarker(pytest.mark.xfail(reason=expected["xfail"], strict=True))
    spec = load_board(board_text)
    if "error" in expected:
        with pytest.raises(BoardError, match=expected["error"]):
            answer_board(spec, cards_for(spec), "test")
        return
    answer = answer_board(spec, cards_for(spec), "test").model_dump(mode="json")
    result = answer["result"]
    controllers = {obj["id"]: obj["controller"] for obj in answer["objects"]}
    for handle, controller in expected.get("controllers", {}).items():
        assert controllers[handle] == controller, f"controller of {handle}"
    if "id" in expected:
        assert result["id"] == expected["id"]
    if "zone" in expected:
        assert (result["zone"] or "battlefield") == expected["zone"], "zone of the queried object"
    for section in ("copiable", "current"):
        for key, value in expected.get(section, {}).items():
            if key == "status":  # every status is stated: one a scenario leaves out is the default
                value = {**NOT_PHASED_OUT, **value}
            assert result[section][key] == value, f"{section}.{key}"
    abilities = result["current"]["abilities"]
    for text in expected.get("abilities_include", ()):
        assert any(text in shown for shown in abilities), f"missing ability {text!r} in {abilities}"
    for text in expected.get("abilities_absent", ()):
        assert text not in abilities, f"unexpected ability {text!r}"
    cited = {rule for part in ("steps", "notes") for item in result[part] for rule in item["rules"]}
    assert set(expected.get("rules", ())) <= cited
    noted = {rule for item in result["notes"] for rule in item["rules"]}
    assert set(expected.get("notes", ())) <= noted
    reasoning = " ".join(item["text"] for part in ("steps", "notes") for item in result[part])
    for text in expected.get("explains", ()):
        assert text in reasoning, f"the reasoning doesn't say {text!r}"
    _check_zone_changes(answer, expected)
    if "linked" in expected:
        linked = result["linked"]
        assert linked["text_of"] == expected["linked"]["text_of"]
        assert [link["abilities"] for link in linked["links"]] == expected["linked"]["pairs"]
        assert [card["name"] for card in linked["exiled"]] == expected["linked"]["exiled"]


def _check_zone_changes(answer: dict[str, Any], expected: dict[str, Any]) -> None:
    zones = {obj["id"]: obj["zone"] for obj in answer["objects"]}
    for handle, zone in expected.get("zones", {}).items():
        assert zones.get(handle) == zone, f"zone of {handle}"
    for handle in expected.get("absent", ()):
        assert handle not in zones, f"{handle} should no longer be on the board"
    if "zone_moves" in expected:
        moves = answer["zone_moves"]
        assert len(moves) == len(expected["zone_moves"]), f"zone moves: {moves}"
        for move, wanted in zip(moves, expected["zone_moves"], strict=True):
            assert {key: move[key] for key in wanted} == wanted
    if "triggers" in expected:
        times: dict[str, int | None] = {}  # None: whether it triggers is unknown
        for hit in answer["triggers"]:
            before = times.get(hit["source"], 0)
            known = before is not None and hit["times"] is not None
            times[hit["source"]] = before + hit["times"] if known else None
        assert times == expected["triggers"]
    cited = {rule for move in answer["zone_moves"] for rule in move["rules"]}
    cited |= {rule for hit in answer["triggers"] for rule in hit["explanation"]["rules"]}
    assert set(expected.get("move_rules", ())) <= cited


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_scenario_states_the_full_result(path: Path) -> None:
    _, expected = _scenario(path)
    if "error" in expected:
        return
    current = expected.get("current", {})
    assert set(current) >= FULL_RESULT, f"{path.name}: missing {FULL_RESULT - set(current)}"
    assert "abilities" in current or "abilities_include" in expected
