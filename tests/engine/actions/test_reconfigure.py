"""Reconfigure (CR 702.151b): an Equipment with reconfigure attached to another creature isn't a creature
(layer 4, with its creature types, 205.1a) and so has no power or toughness (208.3); unattached, it is.
Not being a creature isn't a copiable value: a Clone can't copy it while it is attached (707.2)."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_result import ObjectAnswer, answer_board
from engine.copy.effects import CopyError
from tests.engine.copy_cards import cards_for

_ATTACHED = (
    "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
    "  - {card: Lizard Blades, id: blades, attached_to: bears}\n"
)


def answer_of(text: str) -> ObjectAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test").result


def test_attached_lizard_blades_is_a_noncreature_equipment_and_the_bears_have_double_strike() -> None:
    blades = answer_of(_ATTACHED + "query: blades\n")
    assert (blades.current.types, blades.current.subtypes) == (("Artifact",), ("Equipment",))
    assert (blades.current.power, blades.current.toughness) == (None, None)
    [step] = [s for s in blades.steps if "stop being a creature" in s.text]
    assert {"613.1d", "702.151b"} <= set(step.rules)
    assert blades.copiable.types == ("Artifact", "Creature")  # copiable values are the card's (707.2)
    bears = answer_of(_ATTACHED + "query: bears\n")
    assert "Double strike" in bears.current.abilities


def test_unattached_lizard_blades_is_a_1_1_artifact_creature() -> None:
    blades = answer_of("battlefield:\n  - {card: Lizard Blades, id: blades}\n")
    assert (blades.current.types, blades.current.power, blades.current.toughness) == (
        ("Artifact", "Creature"),
        1,
        1,
    )


def test_a_clone_cant_copy_attached_lizard_blades() -> None:
    with pytest.raises(CopyError, match="Lizard Blades"):
        answer_of(_ATTACHED + "  - {card: Clone, id: clone, copy_of: blades}\nquery: clone\n")
