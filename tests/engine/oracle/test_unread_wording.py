"""What an unread static ability's wording could change (CR 604.2, 613.1): every characteristic its words
change, and none it only names to pick objects or to state a condition (review 7, boards 36 and 63)."""

from __future__ import annotations

from typing import Any

import pytest

from data.boards import load_board
from engine.answers.copy_result import answer_board
from engine.core.results import CHARACTERISTICS
from engine.oracle.statics import parse_printed_static, parse_static
from engine.oracle.wording import characteristics_worded
from tests.engine.copy_cards import cards_for

VOLRATH = (
    "As long as the top card of your graveyard is a creature card, ~ has the full text of that card and "
    'has the text "{2}: Discard a card."'
)


def test_full_text_or_a_copy_changes_every_characteristic() -> None:
    assert characteristics_worded(VOLRATH) == CHARACTERISTICS
    assert characteristics_worded("Enchanted creature is a copy of the chosen creature.") == CHARACTERISTICS


@pytest.mark.parametrize(
    ("text", "worded"),
    [
        ("Each other creature named ~ gets +2/+2 and has haste.", ("power", "toughness", "abilities")),
        ("Creatures you control with the chosen name have haste.", ("abilities",)),
        ("~ gets +1/+1 for each other creature on the battlefield named ~.", ("power", "toughness")),
        ("Each red or green instant or sorcery spell you cast has conspire.", ("abilities",)),
        ("Enchanted creature gets +1/+1 for each of its colors.", ("power", "toughness")),
        ("Enchanted creature gets +1/+2 as long as it's white.", ("power", "toughness")),
        ("As long as equipped creature is a Human, it gets an additional +1/+1.", ("power", "toughness")),
        (
            "As long as the top card of your library is an artifact or creature card, ~ has all activated "
            "abilities of that card.",
            ("abilities",),
        ),
    ],
)
def test_names_colors_and_types_that_only_pick_objects_are_not_changed(
    text: str, worded: tuple[str, ...]
) -> None:
    assert characteristics_worded(text) == worded


def test_a_granted_quoted_ability_is_an_ability_whatever_its_words() -> None:
    assert characteristics_worded(
        'As long as ~ is paired with another creature, each of those creatures has "{R}: This creature gets '
        '+1/+0 until end of turn."'
    ) == ("abilities",)


@pytest.mark.parametrize(
    ("text", "worded"),
    [
        (
            "Enchanted Mountain is a 7/7 red Giant creature with haste. It's still a land.",
            ("power", "toughness", "abilities", "types", "subtypes", "colors"),
        ),
        ("As long as ~ has a slumber counter on it, it's a land.", ("types", "subtypes")),
        (
            "~ gets +0/+2 as long as you control a Plains, has flying as long as you control an Island.",
            ("power", "toughness", "abilities"),
        ),
        # every change word in a condition: the reading misses it, so the words say what they say
        ("~ can be attached only to a creature with toughness 4 or greater.", ("power", "toughness")),
    ],
)
def test_changes_outside_conditions_are_kept(text: str, worded: tuple[str, ...]) -> None:
    assert characteristics_worded(text) == worded


def _current(board: str) -> dict[str, Any]:
    spec = load_board(board)
    result: dict[str, Any] = answer_board(spec, cards_for(spec), "test").model_dump(mode="json")["result"]
    current: dict[str, Any] = result["current"]
    return current


def test_named_subject_is_read_with_the_printed_name() -> None:
    parsed = parse_static("Each other creature named ~ gets +2/+2 and has haste.")
    assert parsed is not None
    assert parsed.named == "~"
    assert parsed.subject.other
    printed = parse_printed_static(
        "Each other creature named ~ gets +2/+2 and has haste.",
        "Each other creature named Brothers Yamazaki gets +2/+2 and has haste.",
    )
    assert printed is not None
    assert printed.named == "Brothers Yamazaki"
    kobolds = parse_static("Creatures you control named Kobolds of Kher Keep get +2/+2.")
    assert kobolds is not None
    assert kobolds.named == "Kobolds of Kher Keep"
    # a list of names isn't split by this reading: unread, never applied to every Equipment
    assert parse_static("Equipment named Sword of Kaldra, ~, and Helm of Kaldra have indestructible.") is None


def test_brothers_yamazaki_pumps_only_the_other_one_named_so() -> None:
    alone = _current(
        "battlefield:\n  - {card: Brothers Yamazaki, id: by}\n  - {card: Grizzly Bears, id: b}\nquery: by"
    )
    assert (alone["power"], alone["toughness"], alone["unknown"]) == (2, 1, [])
    bears = _current(
        "battlefield:\n  - {card: Brothers Yamazaki, id: by}\n  - {card: Grizzly Bears, id: b}\nquery: b"
    )
    assert (bears["power"], bears["toughness"]) == (2, 2)
    both = _current(
        "battlefield:\n  - {card: Brothers Yamazaki, id: by}\n"
        "  - {card: Clone, id: c, copy_of: by}\nquery: by"
    )
    assert (both["name"], both["power"], both["toughness"]) == ("Brothers Yamazaki", 4, 3)
    assert "Haste" in both["abilities"]


SOULFLAYER = (
    "If a creature card with flying was exiled with ~'s delve ability, ~ has flying. The same is true for "
    "first strike, double strike, deathtouch, haste, hexproof, indestructible, lifelink, reach, trample, and "
    "vigilance."
)


def test_soulflayers_keywords_are_read_as_linked_to_its_delve() -> None:
    parsed = parse_static(SOULFLAYER)
    assert parsed is not None
    assert parsed.exiled_keywords is not None
    assert (parsed.exiled_keywords.via, parsed.exiled_keywords.creature) == ("delve", True)
    assert parsed.subject.itself
    assert parsed.parts[0].abilities[:3] == ("Flying", "First strike", "Double strike")
    assert len(parsed.parts[0].abilities) == 11
    # a family of keywords ("landwalk", "protection") isn't one a card has by that name: left unread
    death_mask = parse_static(
        "As long as a card exiled with ~ has flying, ~ has flying. The same is true for fear, landwalk, "
        "protection, and trample."
    )
    assert death_mask is None or (death_mask.exiled_keywords is None and not death_mask.parts)


def test_soulflayer_gets_only_what_its_own_delve_exiled() -> None:
    board = (
        "battlefield:\n  - {card: Soulflayer, id: sf}\n  - {card: Soulflayer, id: other}\nexile:\n"
        "  - {card: Serra Angel, exiled_by: sf, ability: 1}\n"
        "  - {card: Giant Spider, exiled_by: other, ability: 1}\n"
        "query: sf"
    )
    current = _current(board)
    assert [a for a in current["abilities"] if a in ("Flying", "Vigilance", "Reach")] == [
        "Flying",
        "Vigilance",
    ]
    assert (current["power"], current["toughness"], current["unknown"]) == (4, 4, [])
    nothing = _current("battlefield:\n  - {card: Soulflayer, id: sf}\nquery: sf")
    assert len(nothing["abilities"]) == 2
    assert nothing["unknown"] == []


@pytest.mark.parametrize(
    ("text", "worded"),
    [
        ("Lands you control are every basic land type in addition to their other types.", ("subtypes",)),
        ("Enchanted land loses all land types and abilities.", ("abilities", "subtypes")),
        ("Creatures you control are every creature type.", ("subtypes",)),
        ("Creatures that share a creature type with equipped creature get +1/+1.", ("power", "toughness")),
    ],
)
def test_land_and_creature_types_are_subtypes_only(text: str, worded: tuple[str, ...]) -> None:
    # CR 205.3: no card type changes, so whether it is a creature (and has P/T, 208.3) stays known
    assert characteristics_worded(text) == worded


def test_a_land_under_an_unread_land_type_wording_has_no_unknown_power() -> None:
    current = _current(
        "battlefield:\n  - {card: Breeding Pool, id: pool}\n"
        "  - {card: Lithoform Blight, id: lb, attached_to: pool}\nquery: pool"
    )
    assert (current["power"], current["toughness"]) == (None, None)
    assert {"subtypes", "abilities"} <= set(current["unknown"])
    assert not {"types", "power", "toughness"} & set(current["unknown"])
