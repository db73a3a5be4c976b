"""A name-keyed reference is not a self-reference (CR 201.5, 607.2n): "cards named ~" means every card with
that name. The boards ``linked-607-2n-*`` give the full answers."""

from __future__ import annotations

import pytest

from engine.core.model import SELF
from engine.oracle.linked import names_cards, refers_to_itself
from tests.card_data import parsed_card


@pytest.mark.parametrize(
    ("text", "itself", "by_name"),
    [
        (f"When {SELF} enters, copy a card you exiled with cards named {SELF}.", True, True),
        (f"Return an exiled card named {SELF} to the battlefield.", False, True),
        (f"A deck can have any number of cards named {SELF}.", False, True),
        (f"{SELF} deals 2 damage to any target.", True, False),
        ("Flying", False, False),
    ],
)
def test_a_name_after_named_is_no_self_reference(text: str, itself: bool, by_name: bool) -> None:
    assert refers_to_itself(text) is itself
    assert names_cards(text) is by_name


def test_arcane_savants_second_ability_names_cards_and_itself() -> None:
    first, second = parsed_card("Arcane Savant").front.abilities
    assert names_cards(second.rules_text)
    assert refers_to_itself(second.rules_text)  # "When ~ enters" is the object itself
    assert not names_cards(first.rules_text)
