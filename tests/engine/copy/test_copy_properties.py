"""Property: whatever else happened to the original, a copy gets only its copiable values (CR 707.2)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data.boards import load_board
from engine.answers.copy_result import answer_board
from tests.engine.copy_cards import cards_for

ORIGINALS = ["Grizzly Bears", "Serra Angel", "Tarmogoyf", "Llanowar Elves"]

EFFECTS = st.one_of(
    st.builds(lambda p, t: {"pump": [p, t]}, st.integers(-3, 3), st.integers(-3, 3)),
    st.builds(lambda p, t: {"set_pt": [p, t]}, st.integers(0, 9), st.integers(1, 9)),
    st.just({"switch_pt": True}),
    st.sampled_from([{"add_abilities": ["Flying"]}, {"add_abilities": ["Trample", "Haste"]}]),
    st.just({"remove_abilities": "all"}),
    st.sampled_from([{"set_colors": ["blue"]}, {"set_colors": ["red", "white"]}]),
    st.sampled_from([{"add_types": ["Artifact"]}, {"add_subtypes": ["Elf"]}]),
)
STATE = st.fixed_dictionaries(
    {},
    optional={
        "tapped": st.booleans(),
        "counters": st.dictionaries(
            st.sampled_from(["+1/+1", "-1/-1", "charge"]), st.integers(1, 5), max_size=2
        ),
        "effects": st.lists(EFFECTS, max_size=4),
    },
)


def _copy_of(original: str, state: dict[str, Any]) -> dict[str, Any]:
    board = {
        "battlefield": [
            {"card": original, "id": "original", "controller": "opponent", **state},
            {"card": "Clone", "id": "clone", "copy_of": "original"},
        ],
        "graveyard": ["Lightning Bolt", "Forest"],
        "query": "clone",
    }
    spec = load_board(json.dumps(board))
    result = answer_board(spec, cards_for(spec), "test").model_dump(mode="json")["result"]
    return {"copiable": result["copiable"], "current": result["current"]}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(original=st.sampled_from(ORIGINALS), state=STATE)
def test_effects_status_and_counters_of_the_original_are_not_copied(
    original: str, state: dict[str, Any]
) -> None:
    assert _copy_of(original, state) == _copy_of(original, {})


def test_the_effects_do_apply_to_the_original_itself() -> None:
    board = {
        "battlefield": [
            {
                "card": "Grizzly Bears",
                "id": "original",
                "counters": {"+1/+1": 2},
                "effects": [{"pump": [1, 1]}, {"add_abilities": ["Flying"]}],
            }
        ],
        "query": "original",
    }
    spec = load_board(json.dumps(board))
    current = answer_board(spec, cards_for(spec), "test").model_dump(mode="json")["result"]["current"]
    assert (current["power"], current["toughness"]) == (5, 5)
    assert "Flying" in current["abilities"]
