"""Abilities an "enters with … and with <ability>" replacement gives keep their Oracle wording (CR 614.1c)."""

from __future__ import annotations

from engine.core.characteristics import GameAbility
from engine.core.model import AbilityKind
from engine.oracle.entering import entering_abilities
from tests.card_data import parsed_card


def test_given_ability_keeps_its_capitals() -> None:
    """Anavolver's {B} kicker gives "Pay 3 life: Regenerate ~." as written, never "regenerate ~"."""
    printed = next(a for a in parsed_card("Anavolver").front.abilities if "{B} kicker" in a.rules_text)
    ability = GameAbility(text=printed.text, rules_text=printed.rules_text, kind=AbilityKind.STATIC)
    assert entering_abilities((ability,), kicked=True) == ("Pay 3 life: Regenerate ~.",)
