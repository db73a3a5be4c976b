"""Boards an independent judge review found answered wrongly (review 7), answered as the rules say:
Cytoshape's "Choose a nonlegendary creature" is what it may copy (707.2); Ixidron turns the other nontoken
creatures face down as it enters (614.1c, 708.2, the Ixidron rulings); Kiki-Jiki's "except it has haste"
is part of both faces of a transforming token copy (707.8a, 707.9a)."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_result import BoardAnswer, answer_board
from engine.copy.effects import CopyError
from tests.engine.copy_cards import cards_for

_THALIA = '  - {card: "Thalia, Guardian of Thraben", id: thalia, controller: opponent}\n'


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test")


def test_cytoshape_cant_copy_a_legendary_creature() -> None:
    board = (
        "battlefield:\n" + _THALIA + "  - {card: Grizzly Bears, id: bears}\n"
        "actions:\n  - becomes_copy: {object: bears, of: thalia, via: Cytoshape}\n"
    )
    with pytest.raises(
        CopyError, match="Cytoshape can copy only a nonlegendary creature on the battlefield; "
    ):
        _answer(board)


def test_cytoshape_copies_a_nonlegendary_creature() -> None:
    answer = _answer(
        "battlefield:\n  - {card: Serra Angel, id: angel}\n  - {card: Grizzly Bears, id: bears}\n"
        "actions:\n  - becomes_copy: {object: bears, of: angel, via: Cytoshape}\nquery: bears\n"
    )
    assert (answer.result.current.name, answer.result.current.power) == ("Serra Angel", 4)


_IXIDRON = (
    "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
    "  - {card: Serra Angel, id: angel, controller: opponent}\n"
    "  - {card: Llanowar Elves, id: elves, face_down: morph}\n"
)


def test_ixidron_turns_the_other_nontoken_creatures_face_down_and_counts_them() -> None:
    answer = _answer(_IXIDRON + "actions:\n  - enters: {card: Ixidron, id: ix}\nquery: ix\n")
    assert (answer.result.current.power, answer.result.current.toughness) == (3, 3)
    steps = " ".join(s.text for s in answer.result.steps)
    assert "bears and angel are turned face down as it enters" in steps
    assert not any("toughness is 0" in n.text for n in answer.result.notes)
    [bears] = [o for o in answer.objects if o.id == "bears"]
    assert bears.name is None  # a face-down 2/2 with no name (708.2a)


def test_a_creature_ixidron_turned_face_down_is_a_nameless_2_2() -> None:
    answer = _answer(_IXIDRON + "actions:\n  - enters: {card: Ixidron, id: ix}\nquery: angel\n")
    current = answer.result.current
    assert (current.name, current.power, current.toughness, current.abilities) == (None, 2, 2, ())
    assert any("As ix enters, it is turned face down" in s.text for s in answer.result.steps)


def test_ixidron_alone_turns_nothing_face_down() -> None:
    answer = _answer("battlefield: []\nactions:\n  - enters: {card: Ixidron, id: ix}\nquery: ix\n")
    assert (answer.result.current.power, answer.result.current.toughness) == (0, 0)
    assert any("there is no other nontoken creature" in s.text for s in answer.result.steps)


@pytest.mark.parametrize("transformed_later", [False, True])
def test_a_kiki_jiki_token_of_a_delver_has_haste_on_either_face(transformed_later: bool) -> None:
    delver = (
        "{card: Delver of Secrets, id: delver}"
        if transformed_later
        else ("{card: Delver of Secrets, id: delver, transformed: true}")
    )
    board = (
        '  - {card: "Kiki-Jiki, Mirror Breaker", id: kiki}\n  - ' + delver + "\n"
        "actions:\n  - create_token_copy: {of: delver, via: kiki, id: tok}\n"
        + ("  - transform: {object: tok}\n" if transformed_later else "")
    )
    current = _answer("battlefield:\n" + board + "query: tok\n").result.current
    assert (current.name, current.power, current.toughness) == ("Insectile Aberration", 3, 2)
    assert "Haste" in current.abilities
    assert "Flying" in current.abilities
    assert current.mana_value == 0


@pytest.mark.parametrize(
    ("board", "why"),
    [
        (
            "battlefield:\n  - {card: Kavu Titan, id: titan, kicked: true}\n"
            "  - {card: Spark Double, id: sd, copy_of: titan}\nquery: sd\n",
            "it entered as a copy, which wasn't cast with the kicker its copied text refers to",
        ),
        (
            '  - {card: "Kiki-Jiki, Mirror Breaker", id: kiki}\n'
            "  - {card: Kavu Titan, id: titan, kicked: true}\n"
            "actions:\n  - create_token_copy: {of: titan, via: kiki, id: tok}\nquery: tok\n",
            "it entered as a copy, which wasn't cast",
        ),
        (
            "  - {card: Hostage Taker, id: taker}\nexile:\n"
            "  - {card: Kavu Titan, id: titan, exiled_by: taker, ability: 1, controller: opponent}\n"
            "actions:\n  - leaves: {object: taker, to: graveyard}\nquery: titan\n",
            "it wasn't kicked as it was cast, or it wasn't cast",
        ),
    ],
)
def test_a_copy_a_token_or_a_returned_card_is_said_not_kicked(board: str, why: str) -> None:
    text = board if board.startswith("battlefield") else "battlefield:\n" + board
    answer = _answer(text)
    steps = " ".join(s.text for s in answer.result.steps)
    assert f"It wasn't kicked ({why}" in steps
    assert "“If Kavu Titan was kicked, it enters the battlefield with three +1/+1 counters" in steps
    assert (answer.result.current.counters or {}).get("+1/+1", 0) <= 1  # Spark Double's own counter only


def test_body_double_copies_a_creature_card_in_a_graveyard_and_nothing_on_the_battlefield() -> None:
    """Review 8, boards 04 and 11: "enter as a copy of any creature card in a graveyard" (707.5)."""
    angel = "{card: Serra Angel, controller: opponent, id: sa}"
    answer = _answer(
        f"graveyard: [{angel}]\nbattlefield:\n  - {{card: Body Double, id: bd, copy_of: sa}}\nquery: bd\n"
    )
    assert (answer.result.current.name, answer.result.current.power) == ("Serra Angel", 4)
    with pytest.raises(
        CopyError, match="Body Double copies any creature card in a graveyard; Serra Angel isn't"
    ):
        _answer(f"battlefield:\n  - {angel}\n  - {{card: Body Double, id: bd, copy_of: sa}}\nquery: bd\n")
