"""Copy instructions whose subject is a player ("that player copies it", "each other player copies that
spell", "The controller of target … spell copies it") are copy effects (CR 707.10, 707.12), and a trigger
condition on copying ("Whenever you cast or copy …") is when an ability triggers, never a copy it makes."""

from __future__ import annotations

import pytest

from engine.core.model import CopyScope
from tests.card_data import parsed_card


def _effects(name: str) -> list[tuple[CopyScope, str]]:
    return [(e.scope, e.copyable) for face in parsed_card(name).faces for e in face.copy_effects]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Hive Mind", [(CopyScope.COPY_SPELL, "that spell")]),
        ("Bonus Round", [(CopyScope.COPY_SPELL, "it")]),
        ("Meletis Charlatan", [(CopyScope.COPY_SPELL, "it")]),
        ("Precursor Golem", [(CopyScope.COPY_SPELL, "that spell")]),
        ("Mirrorwing Dragon", [(CopyScope.COPY_SPELL, "that spell")]),
        ("Izzet Steam Maze", [(CopyScope.COPY_SPELL, "it")]),
    ],
)
def test_a_player_copying_a_spell_is_a_copy_effect(name: str, expected: list[tuple[CopyScope, str]]) -> None:
    assert _effects(name) == expected


@pytest.mark.parametrize(
    ("name", "copyable"),
    [
        ("Eye of the Storm", "each instant or sorcery card exiled with ~"),
        ("Chandra, Pyromaster", "it"),  # "copy it three times. You may cast the copies"
        ("Spellweaver Helix", "the other"),  # "you may copy the other. If you do, you may cast the copy"
    ],
)
def test_copying_a_card_to_cast_the_copy_is_a_cast_copy(name: str, copyable: str) -> None:
    assert _effects(name) == [(CopyScope.CAST_COPY, copyable)]


@pytest.mark.parametrize("name", ["Archmage Emeritus", "Mage Hunter", "Witherbloom Apprentice"])
def test_a_trigger_on_copying_makes_no_copy(name: str) -> None:
    assert _effects(name) == []


def test_kalamax_copies_with_its_first_ability_only() -> None:
    """ "Whenever you cast your first instant spell each turn, if ~ is tapped, copy that spell" copies; its
    "Whenever you copy an instant spell, put a +1/+1 counter on ~" is a trigger on copying."""
    card = parsed_card("Kalamax, the Stormsire")
    (effect,) = card.front.copy_effects
    ability = next(a for a in card.front.abilities if a.index == effect.ability_index)
    assert (effect.scope, effect.copyable) == (CopyScope.COPY_SPELL, "that spell")
    assert ability.rules_text.startswith("Whenever you cast your first instant spell each turn")
