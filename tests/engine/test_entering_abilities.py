"""Abilities an "enters with … and with <ability>" replacement gives keep their Oracle wording (CR 614.1c)."""

from __future__ import annotations

from data.boards import load_board
from engine.answers.copy_result import answer_board
from tests.engine.copy_cards import cards_for

KICKED_ANAVOLVER = "battlefield:\n  - {card: Anavolver, id: ana, kicked: true}\n"


def test_given_ability_keeps_its_capitals_and_names_the_object() -> None:
    """Anavolver's {B} kicker gives "Pay 3 life: Regenerate Anavolver." as written, never "regenerate ~"."""
    spec = load_board(KICKED_ANAVOLVER)
    result = answer_board(spec, cards_for(spec), "test").result
    assert "Pay 3 life: Regenerate Anavolver." in result.current.abilities
    layer_six = next(step.text for step in result.steps if step.text.startswith("Layer 6"))
    assert "“Pay 3 life: Regenerate Anavolver.”" in layer_six
