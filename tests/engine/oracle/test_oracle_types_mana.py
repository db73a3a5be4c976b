"""Type lines per CR 205, mana costs as symbols, mana value and colors, printed numbers."""

from __future__ import annotations

import pytest

from engine.core.mana import cost_colors, mana_symbols, mana_value
from engine.oracle.types import parse_type_line
from tests.card_data import parsed_card


@pytest.mark.parametrize(
    ("line", "supertypes", "types", "subtypes"),
    [
        ("Legendary Creature — Time Lord Doctor", ("Legendary",), ("Creature",), ("Time Lord", "Doctor")),
        ("Tribal Instant — Faerie", (), ("Tribal", "Instant"), ("Faerie",)),
        ("Kindred Sorcery — Elf", (), ("Kindred", "Sorcery"), ("Elf",)),
        ("Basic Snow Land — Island", ("Basic", "Snow"), ("Land",), ("Island",)),
        ("Artifact Creature — Assembly-Worker", (), ("Artifact", "Creature"), ("Assembly-Worker",)),
        ("Plane — Bolas's Meditation Realm", (), ("Plane",), ("Bolas's Meditation Realm",)),
        ("Sorcery", (), ("Sorcery",), ()),
        ("Legendary Enchantment Creature — God", ("Legendary",), ("Enchantment", "Creature"), ("God",)),
    ],
)
def test_type_line(
    line: str, supertypes: tuple[str, ...], types: tuple[str, ...], subtypes: tuple[str, ...]
) -> None:
    parsed = parse_type_line(line)
    assert (parsed.supertypes, parsed.types, parsed.subtypes) == (supertypes, types, subtypes)
    assert parsed.text == line


def test_mana_symbols_keep_hybrid_phyrexian_snow_and_colorless() -> None:
    assert mana_symbols("{X}{2/W}{U/B}{G/P}{S}{C}") == ("{X}", "{2/W}", "{U/B}", "{G/P}", "{S}", "{C}")


@pytest.mark.parametrize(
    ("cost", "value"),
    [("{X}{R}", 1), ("{2/W}{2/W}{2/W}", 6), ("{W/P}{W/P}", 2), ("{S}{S}{C}", 3), ("", 0), ("{HW}", 0.5)],
)
def test_mana_value(cost: str, value: float) -> None:
    assert mana_value(mana_symbols(cost)) == value


def test_cost_colors_in_wubrg_order() -> None:
    assert cost_colors(mana_symbols("{G}{U/B}{W/P}{2/R}")) == ("W", "U", "B", "R", "G")


def test_printed_power_toughness_keep_stars() -> None:
    goyf = parsed_card("Tarmogoyf").front
    assert goyf.power is not None
    assert goyf.toughness is not None
    assert (goyf.power.printed, goyf.power.value) == ("*", None)
    assert (goyf.toughness.printed, goyf.toughness.value) == ("1+*", None)
    bears = parsed_card("Grizzly Bears").front
    assert bears.power is not None
    assert bears.power.value == 2


def test_face_values_from_scryfall() -> None:
    specter = parsed_card("Nightveil Specter")
    assert specter.front.mana_cost == ("{U/B}", "{U/B}", "{U/B}")
    assert specter.front.colors == ("U", "B")
    assert specter.mana_value == 3
    jace = parsed_card("Jace, the Mind Sculptor").front
    assert jace.loyalty is not None
    assert jace.loyalty.value == 3
    assert jace.short_name == "Jace"


def test_supplement_card_without_ids_gets_a_name_key() -> None:
    gorex = parsed_card("Gorex, the Tombshell")
    assert gorex.key == "name:gorex, the tombshell"
    assert gorex.front.type_line.supertypes == ("Legendary",)
