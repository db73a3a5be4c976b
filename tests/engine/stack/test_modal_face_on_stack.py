"""A modal double-faced spell on the stack has only the characteristics of the face its caster chose, its
mana value included (CR 712.8f, 712.11b); ``face: back`` on a stack entry says which, and a copy has the
same face up (707.10)."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.stack_answer import StackBoardAnswer, answer_stack_board
from engine.core.model import Card
from engine.stack.items import StackError
from tests.card_data import parsed_card


def _answer(text: str) -> StackBoardAnswer:
    spec = load_board(text)
    cards: dict[str, Card] = {name: parsed_card(name) for name in spec.card_names()}
    return answer_stack_board(spec, spec.stack, cards, "2025-02-07")


@pytest.mark.parametrize(
    ("face", "name", "value"), [("back", "Tibalt, Cosmic Impostor", 7), ("front", "Valki, God of Lies", 2)]
)
def test_a_copy_of_a_modal_spell_has_the_face_cast_and_its_mana_value(
    face: str, name: str, value: int
) -> None:
    answer = _answer(
        f'stack:\n  - {{card: "Valki, God of Lies", id: v, face: {face}}}\n'
        "  - {copy_of: v, via: Lithoform Engine}\n"
    )
    result = answer.result
    assert result.current.name == name
    [step] = [s for s in result.steps if s.text.startswith("Its caster chose the face to cast")]
    assert (
        f"{name} is up, and the spell has only that face's characteristics, its mana value included ({value})"
        in (step.text)
    )
    assert set(step.rules) == {"712.11b", "712.8f"}


def test_a_copy_of_an_adventure_is_an_adventure_with_its_mana_value() -> None:
    """715.3b–d: Stomp cast as an Adventure of Bonecrusher Giant has only Stomp's characteristics (mana
    value 2, not the Giant's 3), and Twincast's copy is an Adventure too."""
    answer = _answer(
        "stack:\n  - {card: Bonecrusher Giant, id: g, face: adventure, targets: [player:opponent]}\n"
        "  - {copy_of: g, via: Twincast}\n"
    )
    assert answer.result.current.name == "Stomp"
    assert answer.result.current.mana_value == 2
    [step] = [s for s in answer.result.steps if s.text.startswith("It was cast as an Adventure")]
    assert "(Stomp, mana value 2), and a copy of it is an Adventure too" in step.text
    assert set(step.rules) == {"715.3b", "715.3c", "715.3d", "707.10a"}  # a copy has no card: it ceases


@pytest.mark.parametrize(
    ("card", "face"),
    [("Lightning Bolt", "adventure"), ("Lightning Bolt", "back"), ("Bonecrusher Giant", "back")],
)
def test_a_face_the_card_doesnt_have_is_refused(card: str, face: str) -> None:
    entry = f"  - {{card: {card}, id: s, face: {face}, targets: [player:opponent]}}\n"
    with pytest.raises(StackError, match=f"has no {face} face to cast"):
        _answer("stack:\n" + entry + "  - {copy_of: s, via: Twincast}\n")
