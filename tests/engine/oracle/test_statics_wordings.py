"""How static abilities' wordings are read (CR 604, 613.1): the effect parts, subjects, restrictions and the
creatures that are still lands."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.effects import EffectKind, EffectSpec
from engine.oracle.statics import changes_characteristics, parse_static
from tests.card_data import card_json


def _parts(text: str) -> list[tuple[EffectKind, object]]:
    parsed = parse_static(text)
    assert parsed is not None, text
    return [(p.kind, _what(p)) for p in parsed.parts]


def _what(part: EffectSpec) -> object:
    if part.kind in (EffectKind.PUMP, EffectKind.SET_PT):
        return (part.power, part.toughness)
    if part.kind is EffectKind.SET_COLORS:
        return part.colors
    return "all" if part.all_abilities else part.abilities or part.types or part.subtypes


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("Equipped creature gets +2/+0.", [(EffectKind.PUMP, (2, 0))]),
        (
            "Equipped creature gets +10/+10 and loses flying.",
            [(EffectKind.PUMP, (10, 10)), (EffectKind.REMOVE_ABILITIES, ("Flying",))],
        ),
        (
            "Equipped creature gets +2/+0 and has first strike, vigilance, trample, and haste.",
            [
                (EffectKind.PUMP, (2, 0)),
                (EffectKind.ADD_ABILITIES, ("First strike", "Vigilance", "Trample", "Haste")),
            ],
        ),
        (
            "Equipped creature has defender, flying, and first strike.",
            [(EffectKind.ADD_ABILITIES, ("Defender", "Flying", "First strike"))],
        ),
        (
            "Enchanted creature gets +2/+2 and has protection from white and from black.",
            [
                (EffectKind.PUMP, (2, 2)),
                (EffectKind.ADD_ABILITIES, ("Protection from white and from black",)),
            ],
        ),
        ('Enchanted creature has "{T}: Add {G}{G}."', [(EffectKind.ADD_ABILITIES, ("{T}: Add {G}{G}.",))]),
        ("Enchanted creature loses all abilities.", [(EffectKind.REMOVE_ABILITIES, "all")]),
        (
            "Enchanted creature has base power and toughness 8/8 and has trample.",
            [(EffectKind.SET_PT, (8, 8)), (EffectKind.ADD_ABILITIES, ("Trample",))],
        ),
        (
            'As long as enchanted permanent is an Equipment, it has "Equipped creature has flying."',
            [(EffectKind.ADD_ABILITIES, ("Equipped creature has flying.",))],
        ),
        ("Creatures you control get +1/+1.", [(EffectKind.PUMP, (1, 1))]),
        (
            "Other Merfolk get +1/+1 and have islandwalk.",
            [(EffectKind.PUMP, (1, 1)), (EffectKind.ADD_ABILITIES, ("Islandwalk",))],
        ),
        (
            "All permanents are artifacts in addition to their other types.",
            [(EffectKind.ADD_TYPES, ("Artifact",))],
        ),
        (
            "Each noncreature artifact is an artifact creature with power and toughness each equal to its "
            "converted mana cost.",
            [(EffectKind.ADD_TYPES, ("Artifact", "Creature")), (EffectKind.SET_PT, (None, None))],
        ),
        (
            "Each other non-Aura enchantment is a creature in addition to its other types and has base power "
            "and base toughness each equal to its mana value.",
            [(EffectKind.ADD_TYPES, ("Creature",)), (EffectKind.SET_PT, (None, None))],
        ),
        (
            "All creatures lose all abilities and have base power and toughness 1/1.",
            [(EffectKind.REMOVE_ABILITIES, "all"), (EffectKind.SET_PT, (1, 1))],
        ),
        (
            "Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities.",
            [
                (EffectKind.SET_SUBTYPES, ("Treefolk",)),
                (EffectKind.SET_PT, (0, 4)),
                (EffectKind.REMOVE_ABILITIES, "all"),
            ],
        ),
        (
            "Enchanted creature is an Insect artifact creature with base power and toughness 0/1 and has "
            "indestructible, and it loses all other abilities, card types, and creature types.",
            [
                (EffectKind.REMOVE_ABILITIES, "all"),
                (EffectKind.SET_TYPES, ("Artifact", "Creature")),
                (EffectKind.SET_SUBTYPES, ("Insect",)),
                (EffectKind.SET_PT, (0, 1)),
                (EffectKind.ADD_ABILITIES, ("Indestructible",)),
            ],
        ),
        (
            "Enchanted creature loses all abilities and is a blue Frog creature with base power and "
            "toughness 1/1.",
            [
                (EffectKind.REMOVE_ABILITIES, "all"),
                (EffectKind.SET_COLORS, ("U",)),
                (EffectKind.SET_TYPES, ("Creature",)),
                (EffectKind.SET_SUBTYPES, ("Frog",)),
                (EffectKind.SET_PT, (1, 1)),
            ],
        ),
        (
            'Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card types and '
            "abilities.",
            [
                (EffectKind.REMOVE_ABILITIES, "all"),
                (EffectKind.SET_COLORS, ()),
                (EffectKind.SET_TYPES, ("Land",)),
                (EffectKind.ADD_ABILITIES, ("{T}: Add {C}",)),
            ],
        ),
        (
            "Enchanted artifact is a creature with base power and toughness 5/5 in addition to its other "
            "types.",
            [(EffectKind.ADD_TYPES, ("Creature",)), (EffectKind.SET_PT, (5, 5))],
        ),
        (
            "Each noncreature artifact loses all abilities and becomes an artifact creature with power and "
            "toughness each equal to its mana value. If ~ leaves the battlefield, this effect continues "
            "until end of turn.",
            [
                (EffectKind.REMOVE_ABILITIES, "all"),
                (EffectKind.ADD_TYPES, ("Artifact", "Creature")),
                (EffectKind.SET_PT, (None, None)),
            ],
        ),
    ],
)
def test_recognised_wordings(text: str, parts: list[tuple[EffectKind, object]]) -> None:
    assert _parts(text) == parts
    parsed = parse_static(text)
    assert parsed is not None
    assert parsed.unrecognised == ""


def test_subjects_of_anthems() -> None:
    elves = parse_static("Other Elf creatures you control get +1/+1.")
    white = parse_static("White creatures get +1/+1.")
    march = parse_static(
        "Each noncreature artifact is an artifact creature with power and toughness each equal to its "
        "mana value."
    )
    assert elves
    assert elves.subject.other
    assert elves.subject.subtypes == ("Elf",)
    assert elves.subject.controller == "you"
    assert white
    assert white.subject.colors == ("W",)
    assert white.subject.controller is None
    assert march
    assert march.subject.types == ("Artifact",)
    assert march.subject.not_types == ("Creature",)
    assert march.pt_mana_value
    assert march.layers == ("4", "7b")


def test_restrictions_and_unrecognised_parts_are_kept_not_dropped() -> None:
    partly = parse_static("Equipped creature gets +3/+0 and attacks each combat if able.")
    assert partly is not None
    assert _parts(partly.text) == [(EffectKind.PUMP, (3, 0))]
    assert (partly.unrecognised, partly.restrictions) == ("", "attacks each combat if able")
    counted = parse_static("Enchanted creature gets +1/+1 for each Plains you control and has flying.")
    assert counted is not None
    assert counted.parts == ()
    assert "for each Plains" in counted.unrecognised
    forest = parse_static("Enchanted permanent is a colorless Forest land.")
    assert forest is not None
    assert _parts(forest.text) == [
        (EffectKind.SET_COLORS, ()),
        (EffectKind.SET_TYPES, ("Land",)),
        (EffectKind.SET_SUBTYPES, ("Forest",)),
    ]
    assert forest.unrecognised == ""
    assert parse_static("Players may spend mana as though it were mana of any color.") is None


_STILL_LANDS = [
    (
        "All Swamps are 1/1 black creatures that are still lands.",
        [(EffectKind.SET_COLORS, ("B",)), (EffectKind.ADD_TYPES, ("Creature",)), (EffectKind.SET_PT, (1, 1))],
    ),
    (
        "Forests you control are 1/1 green Elf creatures that are still lands.",
        [
            (EffectKind.SET_COLORS, ("G",)),
            (EffectKind.ADD_TYPES, ("Creature",)),
            (EffectKind.ADD_SUBTYPES, ("Elf",)),
            (EffectKind.SET_PT, (1, 1)),
        ],
    ),
    (
        "All lands are 2/2 creatures that are still lands.",
        [(EffectKind.ADD_TYPES, ("Creature",)), (EffectKind.SET_PT, (2, 2))],
    ),
    (
        "Lands you control are 2/2 creatures with first strike. They're still lands.",
        [
            (EffectKind.ADD_TYPES, ("Creature",)),
            (EffectKind.ADD_ABILITIES, ("First strike",)),
            (EffectKind.SET_PT, (2, 2)),
        ],
    ),
]


@pytest.mark.parametrize(("text", "parts"), _STILL_LANDS)
def test_creatures_that_are_still_lands(text: str, parts: list[tuple[EffectKind, object]]) -> None:
    """CR 205.1b: "still lands" keeps every prior type; the color is set (613.1e), the P/T set (613.4b)."""
    assert _parts(text) == parts
    parsed = parse_static(text)
    assert parsed is not None
    assert parsed.unrecognised == ""
    assert changes_characteristics(text)


@pytest.mark.parametrize(
    ("card", "subject"),
    [
        ("Kormus Bell", {"subtypes": ("Swamp",)}),
        ("Living Lands", {"subtypes": ("Forest",)}),
        ("Living Plane", {"types": ("Land",)}),
        ("Nature's Revolt", {"types": ("Land",)}),
        ("Ambush Commander", {"subtypes": ("Forest",), "controller": "you"}),
        ("Natural Emergence", {"types": ("Land",), "controller": "you"}),
    ],
)
def test_still_lands_cards_as_worded_in_the_bulk(
    card: str, subject: dict[str, object], oracle_bulk_path: Path
) -> None:
    line = next(line for line in card_json(card)["oracle_text"].split("\n") if "still land" in line).replace(
        card, "~"
    )
    parsed = parse_static(line)
    assert parsed is not None, line
    assert parsed.unrecognised == ""
    assert parsed.layers[0] == "4"
    assert "7b" in parsed.layers
    assert {k: getattr(parsed.subject, k) for k in subject} == subject


def test_unparsed_pt_setting_wording_is_noticed() -> None:
    assert changes_characteristics("All Islands are 3/3 creatures until a player casts a spell.")


def test_which_wordings_could_change_characteristics() -> None:
    assert changes_characteristics("Attacking creatures you control get +1/+0.")
    assert changes_characteristics("Nonbasic lands are Mountains.")
    assert not changes_characteristics("Players may spend mana as though it were mana of any color.")
    assert not changes_characteristics("Spells you cast cost {1} less to cast.")
