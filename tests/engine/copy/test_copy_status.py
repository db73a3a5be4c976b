"""Status and faces of copies (CR 110.5, 707.2, 707.3, 707.8, 710, 712.9, 712.10): how a copy enters (Vesuva's
"enter tapped as a copy", myriad's "tapped and attacking"), the status it keeps when it becomes a copy, every
status in the answer, and transforming a copy with the copy effect still applied."""

from __future__ import annotations

from typing import Any

import pytest

from data.boards import load_board
from engine.answers.copy_question import OriginalState, copy_question
from engine.answers.copy_result import answer_board
from engine.copy.effects import CopyError
from engine.oracle.copy_effects import EnteringStatus, entering_status
from engine.state.board import BoardError
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for

UNTAPPED = {"tapped": False, "flipped": False, "face_down": None, "transformed": False, "phased_out": False}


def _answer(board: str) -> dict[str, Any]:
    spec = load_board(board)
    return answer_board(spec, cards_for(spec), "test").model_dump(mode="json")


def _cited(result: dict[str, Any]) -> set[str]:
    return {rule for part in ("steps", "notes") for item in result[part] for rule in item["rules"]}


def _reasoning(result: dict[str, Any]) -> str:
    return " ".join(item["text"] for part in ("steps", "notes") for item in result[part])


@pytest.mark.parametrize(
    ("card", "status"),
    [
        ("Vesuva", EnteringStatus(wording="enter tapped", tapped=True)),
        (
            "Flamerush Rider",
            EnteringStatus(wording="that's tapped and attacking", tapped=True, attacking=True),
        ),
        (
            "Warchief Giant",  # myriad's reminder text (CR 702.116a)
            EnteringStatus(
                wording="that's tapped and attacking that player or a planeswalker they control",
                tapped=True,
                attacking=True,
            ),
        ),
        (
            "Mirror Match",
            EnteringStatus(wording="that's blocking that creature", tapped=False, blocking=True),
        ),
        ("Clone", None),
        ("Kiki-Jiki, Mirror Breaker", None),
        ("Tilonalli's Skinshifter", None),  # becomes a copy: it doesn't enter, so its status stays
    ],
)
def test_how_a_copy_enters_is_read_from_its_effect(card: str, status: EnteringStatus | None) -> None:
    effects = [e for face in parsed_card(card).faces for e in face.copy_effects]
    assert [entering_status(e) for e in effects] == [status]


def test_vesuva_enters_tapped_as_a_copy_of_an_untapped_land() -> None:
    result = _answer(
        "battlefield:\n  - {card: Forest, id: forest}\n  - {card: Vesuva, id: vesuva, copy_of: forest}\n"
    )["result"]
    assert result["current"]["name"] == "Forest"
    assert result["current"]["status"] == {**UNTAPPED, "tapped": True}
    assert {"110.5b", "614.1c", "614.12", "707.2"} <= _cited(result)
    assert "Vesuva's “enter tapped”" in _reasoning(result)


def test_the_copy_command_shows_vesuva_tapped() -> None:
    vesuva, forest = parsed_card("Vesuva"), parsed_card("Forest")
    spec = copy_question(vesuva, forest, OriginalState())
    answer = answer_board(spec, {"Vesuva": vesuva, "Forest": forest}, "test")
    assert answer.result.current.status.tapped is True
    assert answer.result.current.types == ("Land",)


def test_a_clone_of_a_tapped_creature_enters_untapped() -> None:
    result = _answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears, tapped: true}\n"
        "  - {card: Clone, id: clone, copy_of: bears}\n"
    )
    assert result["result"]["current"]["status"] == UNTAPPED
    assert "being tapped" in _reasoning(result["result"])
    assert {"707.2", "110.5"} <= _cited(result["result"])
    original = next(o for o in result["objects"] if o["id"] == "bears")
    assert original["status"] == {**UNTAPPED, "tapped": True}


def test_a_token_copy_tapped_and_attacking_is_tapped_and_never_attacked() -> None:
    result = _answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
        "actions:\n  - create_token_copy: {of: bears, via: Flamerush Rider, id: tok}\n"
    )["result"]
    assert (result["current"]["name"], result["current"]["token"]) == ("Grizzly Bears", True)
    assert result["current"]["status"] == {**UNTAPPED, "tapped": True}
    assert {"110.5b", "508.4"} <= _cited(result)
    assert "it is attacking, but it never attacked" in _reasoning(result)


def test_a_myriad_token_is_tapped_and_attacking() -> None:
    result = _answer(
        "battlefield:\n  - {card: Warchief Giant, id: giant}\n"
        "actions:\n  - create_token_copy: {of: giant, via: Warchief Giant, id: tok}\n"
    )["result"]
    assert (result["current"]["power"], result["current"]["toughness"]) == (5, 3)
    assert result["current"]["status"]["tapped"] is True
    assert "508.4" in _cited(result)


def test_a_mirror_match_token_is_blocking_and_untapped() -> None:
    result = _answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears, controller: opponent}\n"
        "actions:\n  - create_token_copy: {of: bears, via: Mirror Match, id: tok}\n"
    )["result"]
    assert result["current"]["status"] == UNTAPPED
    assert "509.4" in _cited(result)
    assert "it never blocked" in _reasoning(result)


def test_a_noncreature_copy_put_onto_the_battlefield_attacking_is_never_attacking() -> None:
    # A crewed Vehicle is a creature by an effect, which isn't copied (CR 707.2): the token is no creature.
    result = _answer(
        "battlefield:\n  - card: Smuggler's Copter\n    id: copter\n"
        "    effects:\n      - animate: {types: [Artifact, Creature]}\n"
        "actions:\n  - create_token_copy: {of: copter, via: Flamerush Rider, id: tok}\n"
    )["result"]
    assert result["current"]["types"] == ["Artifact"]
    assert result["current"]["status"]["tapped"] is True
    assert "506.3a" in _cited(result)
    assert "never considered an attacking permanent" in _reasoning(result)
    assert "508.4" not in _cited(result)


def test_a_tapped_token_that_becomes_a_copy_stays_tapped() -> None:
    result = _answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n  - {card: Elite Vanguard, id: vanguard}\n"
        "actions:\n  - create_token_copy: {of: bears, via: Flamerush Rider, id: tok}\n"
        "  - becomes_copy: {object: tok, of: vanguard, via: Cytoshape}\n"
    )["result"]
    assert result["current"]["name"] == "Elite Vanguard"
    assert result["current"]["status"] == {**UNTAPPED, "tapped": True}
    assert {"110.5c", "707.4"} <= _cited(result)
    assert "tok is tapped and stays tapped" in _reasoning(result)


def test_a_phased_out_permanent_says_so_and_cards_in_other_zones_have_no_status() -> None:
    answer = _answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears, phased_out: true}\n"
        "graveyard:\n  - {card: Elite Vanguard, id: vanguard}\n"
        "query: bears\n"
    )
    assert answer["result"]["current"]["status"] == {**UNTAPPED, "phased_out": True}
    statuses = {o["id"]: o["status"] for o in answer["objects"]}
    assert statuses == {"bears": {**UNTAPPED, "phased_out": True}, "vanguard": None}  # CR 110.5d


def test_a_phased_out_permanent_cant_become_a_copy() -> None:
    board = (
        "battlefield:\n  - {card: Elite Vanguard, id: vanguard}\n"
        "  - {card: Grizzly Bears, id: bears, phased_out: true}\n"
        "actions:\n  - becomes_copy: {object: bears, of: vanguard, via: Cytoshape}\n"
    )
    with pytest.raises(CopyError, match=r"bears is phased out.*CR 702\.26b, 702\.26e"):
        _answer(board)


def test_a_flipped_copy_of_a_flip_card_states_every_status() -> None:
    # CR 110.5c example: flipped status stays through a copy effect and decides the copied flip card's half.
    result = _answer(
        "battlefield:\n  - {card: Nezumi Shortfang, id: shortfang}\n"
        "  - {card: Jushi Apprentice, id: jushi, flipped: true, tapped: true}\n"
        "actions:\n  - becomes_copy: {object: jushi, of: shortfang, via: Cytoshape}\n"
    )["result"]
    assert result["current"]["name"] == "Stabwhisker the Odious"
    assert result["current"]["status"] == {**UNTAPPED, "tapped": True, "flipped": True}
    assert {"707.3", "710.2", "110.5c"} <= _cited(result)


def test_a_clone_of_a_transforming_front_face_cant_transform() -> None:
    # CR 712.9 (first example): a Clone copies only the face that's up (707.8) and isn't a double-faced card.
    result = _answer(
        "battlefield:\n  - {card: Delver of Secrets, id: delver}\n"
        "  - {card: Clone, id: clone, copy_of: delver}\n"
        "actions:\n  - transform: {object: clone}\n"
    )["result"]
    assert (result["current"]["name"], result["current"]["power"]) == ("Delver of Secrets", 1)
    assert result["current"]["status"] == UNTAPPED
    assert {"712.9", "701.28c", "707.8"} <= {rule for note in result["notes"] for rule in note["rules"]}
    assert "it copied only the face that was up" in _reasoning(result)


@pytest.mark.parametrize(
    ("delver_transformed", "name", "mana_value"),
    [(False, "Delver of Secrets", 1), (True, "Insectile Aberration", 0)],  # 712.8e: a back face copy is 0
)
def test_a_transforming_card_copying_a_face_transforms_and_stays_that_copy(
    delver_transformed: bool, name: str, mana_value: int
) -> None:
    # CR 712.9 (second example): represented by a transforming double-faced card, it transforms; the copy
    # effect still applies, so its back face being up changes nothing it shows but its status.
    result = _answer(
        "battlefield:\n  - {card: Delver of Secrets, id: delver, "
        f"transformed: {str(delver_transformed).lower()}}}\n"
        "  - {card: Kruin Outlaw, id: outlaw}\n"
        "actions:\n  - becomes_copy: {object: outlaw, of: delver, via: Cytoshape}\n"
        "  - transform: {object: outlaw}\n"
    )["result"]
    assert (result["current"]["name"], result["current"]["mana_value"]) == (name, mana_value)
    assert result["current"]["status"] == {**UNTAPPED, "transformed": True}
    assert {"712.9", "701.28a", "712.18", "613.7g"} <= _cited(result)
    assert "Terror of Kruin Pass" not in _reasoning(result)


def test_a_transformed_card_that_became_a_copy_transforms_back_and_stays_that_copy() -> None:
    result = _answer(
        "battlefield:\n  - {card: Elite Vanguard, id: vanguard}\n"
        "  - {card: Delver of Secrets, id: delver, transformed: true}\n"
        "actions:\n  - becomes_copy: {object: delver, of: vanguard, via: Cytoshape}\n"
        "  - transform: {object: delver}\n"
    )["result"]
    current = result["current"]
    assert (current["name"], current["mana_value"], current["power"], current["toughness"]) == (
        "Elite Vanguard",
        1,
        2,
        1,
    )
    assert current["status"] == UNTAPPED
    assert "712.9" in _cited(result)


def test_a_copy_whose_other_face_is_a_sorcery_doesnt_transform() -> None:
    # CR 712.10: the face it would transform into is its card's, a sorcery face, whatever it copies.
    result = _answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
        "  - {card: Invasion of Kylem, id: kylem, controller: opponent}\n"
        "actions:\n  - becomes_copy: {object: kylem, of: bears, via: Cytoshape}\n"
        "  - transform: {object: kylem}\n"
    )["result"]
    assert (result["current"]["name"], result["current"]["types"]) == ("Grizzly Bears", ["Creature"])
    assert result["current"]["status"] == UNTAPPED
    assert {"712.10", "701.28d"} <= {rule for note in result["notes"] for rule in note["rules"]}


def test_a_tapped_and_attacking_token_copy_of_a_transforming_permanent_is_tapped() -> None:
    result = _answer(
        "battlefield:\n  - {card: Delver of Secrets, id: delver}\n"
        "actions:\n  - create_token_copy: {of: delver, via: Flamerush Rider, id: tok}\n"
    )["result"]
    assert result["current"]["status"] == {**UNTAPPED, "tapped": True}
    assert {"707.8a", "110.5b", "508.4"} <= _cited(result)


def test_a_token_copy_of_a_transforming_permanent_that_is_a_copy_is_a_transforming_token() -> None:
    # CR 707.8a: each face of the token has the copiable values of the same face, as modified by the copy
    # effect that applies to the original — Elite Vanguard either way — and the token can transform.
    result = _answer(
        "battlefield:\n  - {card: Elite Vanguard, id: vanguard}\n  - {card: Kruin Outlaw, id: outlaw}\n"
        "actions:\n  - becomes_copy: {object: outlaw, of: vanguard, via: Cytoshape}\n"
        "  - create_token_copy: {of: outlaw, via: Cackling Counterpart, id: tok}\n"
        "  - transform: {object: tok}\n"
    )["result"]
    assert (result["current"]["name"], result["current"]["power"], result["current"]["token"]) == (
        "Elite Vanguard",
        2,
        True,
    )
    assert result["current"]["status"] == {**UNTAPPED, "transformed": True}
    assert "a transforming token, so it can transform although it is a copy" in _reasoning(result)


@pytest.mark.parametrize(
    ("card", "action"),
    [("Delver of Secrets", "transform"), ("Jushi Apprentice", "flip")],
)
def test_a_phased_out_permanent_doesnt_transform_or_flip(card: str, action: str) -> None:
    result = _answer(
        f"battlefield:\n  - {{card: {card}, id: it, phased_out: true}}\n"
        f"actions:\n  - {action}: {{object: it}}\n"
    )["result"]
    assert result["current"]["name"] == card
    assert result["current"]["status"] == {**UNTAPPED, "phased_out": True}
    assert "702.26b" in {rule for note in result["notes"] for rule in note["rules"]}


def test_a_phased_out_permanent_cant_leave_the_battlefield() -> None:
    board = (
        "battlefield:\n  - {card: Grizzly Bears, id: bears, phased_out: true}\n"
        "actions:\n  - leaves: {object: bears, to: graveyard}\n"
    )
    with pytest.raises(BoardError, match=r"bears is phased out.*can't leave the battlefield \(CR 702\.26b\)"):
        _answer(board)
