"""Mutate and merged permanents (CR 702.140, 727): what the board reader reads, the pile a merge makes, the
characteristics and copiable values of a merged permanent and of a copy of it, what is unknown when the
board doesn't say on top or under, its triggers, and the boards refused (with real Ikoria cards)."""

from __future__ import annotations

from typing import Any

import pytest

from data.boards import BoardFormatError, load_board
from engine.answers.copy_result import answer_board
from engine.state.actions import MutatesAction
from engine.state.board import BoardError
from engine.state.merges import Merge, MergedPart, pile, top_is_token, unplaced
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for

GEMRAZER_TRIGGER = (
    "Whenever this creature mutates, destroy target artifact or enchantment an opponent controls."
)
HERON_TRIGGER = "Whenever this creature mutates, draw a card."


def _answer(board: str) -> dict[str, Any]:
    spec = load_board(board)
    return answer_board(spec, cards_for(spec), "test").model_dump(mode="json")


def _reasoning(result: dict[str, Any]) -> str:
    return " ".join(item["text"] for part in ("steps", "notes") for item in result[part])


def _rules(result: dict[str, Any]) -> set[str]:
    return {rule for part in ("steps", "notes") for item in result[part] for rule in item["rules"]}


def _part(name: str, on_top: bool | None, *, token: bool = False, timestamp: int = 1) -> MergedPart:
    return MergedPart(timestamp=timestamp, id=name, card=parsed_card(name), token=token, on_top=on_top)


def test_the_pile_puts_each_part_on_top_or_under_in_turn() -> None:
    merge = Merge(
        parts=(
            _part("Gemrazer", True),
            _part("Dreamtail Heron", False),
            _part("Illuna, Apex of Wishes", True),
        )
    )
    assert pile(merge, 1) == (1, 0)
    assert pile(merge, 2) == (1, 0, 2)
    assert pile(merge, 3) == (3, 1, 0, 2)


def test_a_part_whose_place_isnt_given_takes_each_place_in_turn() -> None:
    merge = Merge(parts=(_part("Gemrazer", None), _part("Dreamtail Heron", None)))
    assert unplaced(merge) == 2
    assert pile(merge, 2, (True, False)) == (1, 0, 2)
    assert pile(merge, 2, (False, True)) == (2, 0, 1)


def test_a_merged_permanent_is_a_token_only_if_its_topmost_component_is() -> None:
    on_a_token = Merge(base_token=True, parts=(_part("Gemrazer", False),))
    assert top_is_token(on_a_token)
    assert not top_is_token(on_a_token.model_copy(update={"parts": (_part("Gemrazer", True),)}))
    token_on_top = Merge(base_token=False, parts=(_part("Gemrazer", True, token=True),))
    assert top_is_token(token_on_top)


def test_the_reader_reads_mutates_into_its_model() -> None:
    spec = load_board(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
        "actions:\n  - mutates: {card: Gemrazer, id: gem, onto: bears, on_top: false}\n"
    )
    (action,) = spec.actions
    assert isinstance(action, MutatesAction)
    assert (action.spell.card, action.spell.id, action.onto, action.on_top) == (
        "Gemrazer",
        "gem",
        "bears",
        False,
    )
    assert "Gemrazer" in spec.card_names()


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("{card: Gemrazer, onto: bears, over: true}", "unknown key 'over' in mutates"),
        ("{card: Gemrazer, onto: bears, on_top: yes please}", "on_top must be true or false"),
        ("{card: Gemrazer, onto: nobody}", "onto refers to .nobody., which is not defined"),
        ("{card: Gemrazer}", "mutates needs onto:"),
    ],
)
def test_the_reader_refuses_a_wrong_mutates(body: str, problem: str) -> None:
    board = f"battlefield:\n  - {{card: Grizzly Bears, id: bears}}\nactions:\n  - mutates: {body}\n"
    with pytest.raises(BoardFormatError, match=problem) as refused:
        load_board(board)
    assert "line 4" in str(refused.value)


def test_the_reader_reads_merged_in_order_and_refuses_it_off_the_battlefield() -> None:
    spec = load_board(
        "battlefield:\n  - card: Grizzly Bears\n"
        "    merged: [Gemrazer, {card: Dreamtail Heron, on_top: false}]\n"
    )
    parts = spec.objects[0].merged
    assert [(p.card, p.on_top, p.token) for p in parts] == [
        ("Gemrazer", None, False),
        ("Dreamtail Heron", False, False),
    ]
    assert {"Gemrazer", "Dreamtail Heron"} <= set(spec.card_names())
    with pytest.raises(BoardFormatError, match="merged is for a permanent"):
        load_board("graveyard:\n  - {card: Grizzly Bears, merged: [Gemrazer]}\n")
    with pytest.raises(BoardFormatError, match="unknown key 'under' in merged"):
        load_board("battlefield:\n  - {card: Grizzly Bears, merged: [{card: Gemrazer, under: true}]}\n")


def test_mana_value_and_characteristics_follow_the_topmost_card() -> None:
    board = (
        "battlefield:\n  - {card: Glimmerbell, id: bell}\n"
        "actions:\n  - mutates: {card: Gemrazer, onto: bell, on_top: %s}\n"
    )
    on_top = _answer(board % "true")["result"]["current"]
    under = _answer(board % "false")["result"]["current"]
    assert (on_top["name"], on_top["mana_value"], on_top["power"], on_top["toughness"]) == (
        "Gemrazer",
        4,
        4,
        4,
    )
    assert (under["name"], under["mana_value"], under["power"], under["toughness"]) == (
        "Glimmerbell",
        2,
        1,
        3,
    )
    assert on_top["colors"] == ["G"]
    assert under["colors"] == ["U"]
    # Every component's abilities either way, the topmost card's first (CR 702.140e).
    assert on_top["abilities"][1:4] == ["Reach", "trample", GEMRAZER_TRIGGER]
    assert under["abilities"][:2] == ["Flying", "{1}{U}: Untap Glimmerbell."]
    assert sorted(on_top["abilities"]) == sorted(under["abilities"])


def test_a_clone_of_a_mutated_creature_copies_the_merged_values_and_isnt_merged() -> None:
    answer = _answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
        'actions:\n  - mutates: {card: "Nethroi, Apex of Death", id: nethroi, onto: bears, on_top: true}\n'
        "  - enters: {card: Clone, id: clone, copy_of: bears}\nquery: clone\n"
    )
    result = answer["result"]
    current, copiable = result["current"], result["copiable"]
    assert (current["name"], current["power"], current["toughness"]) == ("Nethroi, Apex of Death", 5, 5)
    assert current["supertypes"] == ["Legendary"]
    assert current["token"] is False
    assert {"Deathtouch", "lifelink"} <= set(current["abilities"])
    assert (copiable["name"], copiable["power"], copiable["mana_value"]) == ("Nethroi, Apex of Death", "5", 5)
    assert {"707.2", "727.2a", "613.2a"} <= _rules(result)
    assert "clone isn't merged" in _reasoning(result)
    # The Clone didn't mutate: only the merged permanent's ability triggered, once.
    assert [(hit["source"], hit["times"]) for hit in answer["triggers"]] == [("bears", 1)]


def test_order_not_given_names_both_outcomes_and_a_copy_doesnt_know_either() -> None:
    board = (
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
        "actions:\n  - mutates: {card: Pouncing Shoreshark, onto: bears}\n"
        "  - enters: {card: Clone, id: clone, copy_of: bears}\nquery: %s\n"
    )
    for query in ("bears", "clone"):
        result = _answer(board % query)["result"]
        current = result["current"]
        unknown = ["name", "mana cost", "colors", "subtypes", "power", "toughness"]
        assert current["unknown"] == unknown
        assert result["copiable"]["unknown"] == unknown  # merging is a copiable effect (CR 727.2a)
        assert (current["power"], current["name"]) == ("unknown", "unknown")
        assert "Flash" in current["abilities"]  # its abilities are known: every component's
        reasons = " ".join(u["reason"] for u in result["unknowns"])
        assert "with Pouncing Shoreshark on top, it is Pouncing Shoreshark, a 4/3" in reasons
        assert "with Pouncing Shoreshark under, it is Grizzly Bears, a 2/2" in reasons


def test_each_mutation_triggers_every_mutate_ability_the_permanent_has() -> None:
    answer = _answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
        "actions:\n  - mutates: {card: Gemrazer, id: gem, onto: bears, on_top: true}\n"
        "  - mutates: {card: Dreamtail Heron, id: heron, onto: bears, on_top: false}\n"
    )
    hits = [(hit["event"], hit["ability"]) for hit in answer["triggers"]]
    assert hits == [("gem", GEMRAZER_TRIGGER), ("heron", GEMRAZER_TRIGGER), ("heron", HERON_TRIGGER)]
    assert all("702.140d" in hit["explanation"]["rules"] for hit in answer["triggers"])


def test_a_copy_effect_after_the_merge_overwrites_the_merged_values() -> None:
    result = _answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
        "  - {card: Glimmerbell, id: bell, merged: [{card: Gemrazer, on_top: true}]}\n"
        "actions:\n  - becomes_copy: {object: bell, of: bears, via: Cytoshape}\nquery: bell\n"
    )["result"]
    current = result["current"]
    assert (current["name"], current["power"], current["abilities"]) == ("Grizzly Bears", 2, [])


def test_a_target_gone_makes_it_enter_as_a_creature() -> None:
    answer = _answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
        "actions:\n  - leaves: {object: bears, to: graveyard}\n"
        "  - mutates: {card: Gemrazer, id: gem, onto: bears, on_top: true}\nquery: gem\n"
    )
    result = answer["result"]
    assert (result["current"]["name"], result["current"]["power"]) == ("Gemrazer", 4)
    assert {"702.140b", "608.3b"} <= _rules(result)
    assert answer["triggers"] == []
    zones = {obj["id"]: obj["zone"] for obj in answer["objects"]}
    assert zones == {"bears": "graveyard", "gem": "battlefield"}


@pytest.mark.parametrize(
    ("board", "problem"),
    [
        (
            "battlefield:\n  - {card: Elite Vanguard, id: human}\n"
            "actions:\n  - mutates: {card: Gemrazer, onto: human, on_top: true}\n",
            "line 4: Gemrazer can't mutate onto human: it is a Human",
        ),
        (
            "battlefield:\n  - {card: Grizzly Bears, id: bears, controller: opponent}\n"
            "actions:\n  - mutates: {card: Gemrazer, onto: bears}\n",
            "line 4: Gemrazer can't mutate onto bears: it has another owner",
        ),
        (
            "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
            "actions:\n  - mutates: {card: Glimmerbell, onto: bears}\n",
            "line 4: Glimmerbell has no mutate ability",
        ),
        (
            "battlefield:\n  - {card: Grizzly Bears}\nactions:\n"
            "  - create_token: {name: Soldier, subtypes: [Human, Soldier], power: 1, toughness: 1, id: sol}\n"
            "  - mutates: {card: Gemrazer, onto: sol, on_top: true}\n",
            "line 5: Gemrazer can't mutate onto sol: it is a Human, and nothing on the board changed it",
        ),
        (
            "battlefield:\n  - {card: Elite Vanguard, merged: [Gemrazer]}\n",
            "line 2: nothing can be merged with Elite Vanguard: it is a Human",
        ),
        (
            "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
            "actions:\n  - enters: {card: Glimmerbell, merged: [Gemrazer]}\n",
            "line 4: Glimmerbell enters the battlefield, so nothing is merged with it yet",
        ),
        (
            "battlefield:\n  - {card: Grizzly Bears, id: bears, merged: [{card: Gemrazer, on_top: true}]}\n"
            "actions:\n  - leaves: {object: bears, to: graveyard}\n",
            "line 4: bears is a merged permanent",
        ),
    ],
)
def test_impossible_or_unmodelled_boards_are_refused_naming_the_line(board: str, problem: str) -> None:
    spec = load_board(board)
    with pytest.raises(BoardError, match=problem):
        answer_board(spec, cards_for(spec), "test")


def test_a_token_mutating_on_top_makes_it_a_token_and_an_opponents_spell_mutates_onto_theirs() -> None:
    board = (
        "battlefield:\n  - {card: Grizzly Bears, id: bears, controller: opponent}\n"
        "actions:\n"
        "  - mutates: {card: Gemrazer, onto: bears, on_top: %s, token: true, controller: opponent}\n"
    )
    on_top = _answer(board % "true")["result"]
    assert (on_top["current"]["name"], on_top["current"]["token"]) == ("Gemrazer", True)
    assert "727.2d" in _rules(on_top)
    under = _answer(board % "false")["result"]
    assert (under["current"]["name"], under["current"]["token"]) == ("Grizzly Bears", False)


def test_effects_on_the_permanent_still_apply_after_the_merge() -> None:
    # CR 727.2c: an animated Chimeric Staff is a legal target (a creature now), and the effect animating it
    # still applies to the merged permanent: under it, a 5/5 Chimeric Staff with Gemrazer's abilities; on top
    # of it, Gemrazer set to 5/5 by the same effect (layer 7b after the merge's layer 1a).
    board = (
        "battlefield:\n  - card: Chimeric Staff\n    id: staff\n    effects:\n"
        "      - animate: {types: [Artifact, Creature], subtypes: [Construct], power: 5, toughness: 5}\n"
        "actions:\n  - mutates: {card: Gemrazer, onto: staff, on_top: %s}\n"
    )
    under = _answer(board % "false")["result"]["current"]
    assert (under["name"], under["power"], under["toughness"]) == ("Chimeric Staff", 5, 5)
    assert "Reach" in under["abilities"]
    on_top = _answer(board % "true")["result"]
    assert (on_top["current"]["name"], on_top["current"]["power"]) == ("Gemrazer", 5)
    assert (on_top["copiable"]["name"], on_top["copiable"]["power"]) == ("Gemrazer", "4")
