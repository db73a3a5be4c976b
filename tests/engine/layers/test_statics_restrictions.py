"""Statics that change no characteristic, and conditional grants read with their condition (issue 13).

A static that only restricts or requires (attack, block, untap, cast and cost rules, "can't be countered"),
that is about players, or that applies only in combat must not make a copy's characteristics unknown
(CR 613.1, 508.1d, 509.1c, 601.2f); one that grants abilities or P/T, even under a condition, still does
when the engine can't evaluate it. The wordings are the cards' own, as the data has them.
"""

from __future__ import annotations

import pytest

from engine.answers.copy_corpus import check_copies, clone_board
from engine.answers.copy_result import answer_board
from engine.core.effects import EffectKind, Player
from engine.core.model import AbilityKind
from engine.oracle.statics import StaticAbility, changes_characteristics, parse_static, restricts_only
from engine.oracle.text import rules_text, self_names
from engine.state.board import BoardSpec, ObjectSpec
from tests.card_data import parsed_card


def _static(card: str, starts: str) -> str:
    """The reasoning text of ``card``'s static ability that starts with ``starts``."""
    return next(
        ability.rules_text
        for face in parsed_card(card).faces
        for ability in face.abilities
        if ability.kind is AbilityKind.STATIC and ability.rules_text.startswith(starts)
    )


def _parsed(card: str, starts: str) -> StaticAbility:
    parsed = parse_static(_static(card, starts))
    assert parsed is not None
    return parsed


@pytest.mark.parametrize(
    ("card", "starts"),
    [
        ("Juggernaut", "~ attacks each combat"),
        ("Juggernaut", "~ can't be blocked by Walls"),
        ("Avatar of Hope", "~ can block any number"),
        ("Melira's Keepers", "~ can't have counters"),
    ],
)
def test_own_restrictions_are_read_as_restrictions(card: str, starts: str) -> None:
    parsed = _parsed(card, starts)
    assert (parsed.parts, parsed.unrecognised) == ((), "")
    assert parsed.restrictions
    assert restricts_only(parsed)
    assert not changes_characteristics(parsed.text)


@pytest.mark.parametrize(
    ("card", "starts"),
    [
        ("Aura Gnarlid", "Creatures with power less than"),
        ("Kraken of the Straits", "Creatures with power less than"),
        ("Marble Titan", "Creatures with power 3 or greater don't untap"),
        ("Challenger Troll", "Each creature you control with power 4"),
        ("Gosta Dirk", "Creatures with islandwalk"),
        ("Belligerent Brontodon", "Each creature you control assigns"),
        ("Arcades, the Strategist", "Each creature you control with defender"),
        ("Goreclaw, Terror of Qal Sisma", "Creature spells you cast"),
        ("Avatar of Hope", "If you have 3 or less life"),
        ("Spellbreaker Behemoth", "Creature spells you control"),
        ("Gnat Miser", "Each opponent's maximum hand size"),
        ("Ethersworn Canonist", "Each player who has cast"),
    ],
)
def test_restrictions_of_others_and_player_rules_change_no_characteristic(card: str, starts: str) -> None:
    assert not changes_characteristics(_static(card, starts))


@pytest.mark.parametrize(
    ("card", "starts"),
    [
        ("Archetype of Imagination", "Creatures your opponents control lose flying"),
        ("Abzan Falconer", "Each creature you control with a +1/+1 counter"),
        ("Aura Gnarlid", "~ gets +1/+1 for each Aura"),
        ("Watchdog", "As long as ~ is untapped"),
    ],
)
def test_grants_and_losses_still_change_characteristics(card: str, starts: str) -> None:
    assert changes_characteristics(_static(card, starts))


def test_a_restriction_after_a_grant_is_kept_apart() -> None:
    avatar = _parsed("Avatar of Slaughter", "All creatures have double strike")
    archetype = _parsed("Archetype of Imagination", "Creatures your opponents control lose flying")
    assert [(p.kind, p.abilities) for p in avatar.parts] == [(EffectKind.ADD_ABILITIES, ("Double strike",))]
    assert (avatar.unrecognised, avatar.restrictions) == ("", "attack each combat if able")
    # "can't have or gain flying" decides which abilities it has: not a restriction (CR 613.1f).
    assert (archetype.unrecognised, archetype.restrictions) == ("can't have or gain flying", "")


@pytest.mark.parametrize(
    ("card", "starts", "combat"),
    [
        ("Kor Scythemaster", "~ has first strike as long as it's attacking", "attacking"),
        ("Adanto Vanguard", "As long as ~ is attacking", "attacking"),
        ("Throatseeker", "Unblocked attacking Ninjas", "attacking"),
        ("Alms Beast", "Creatures blocking or blocked by ~", "blocking or blocked"),
    ],
)
def test_combat_only_statics_have_a_combat_requirement(card: str, starts: str, combat: str) -> None:
    parsed = _parsed(card, starts)
    assert parsed.parts
    assert parsed.requirement is not None
    assert (parsed.requirement.combat, parsed.requirement.decided) == (combat, False)


def test_metalcraft_grant_is_read_with_its_condition() -> None:
    angel = _parsed("Indomitable Archangel", "Artifacts you control have shroud")
    assert [(p.kind, p.abilities) for p in angel.parts] == [(EffectKind.ADD_ABILITIES, ("Shroud",))]
    assert (angel.subject.types, angel.subject.controller) == (("Artifact",), "you")
    requirement = angel.requirement
    assert requirement is not None
    assert requirement.you_control is not None
    assert (requirement.you_control.types, requirement.at_least, requirement.decided) == (
        ("Artifact",),
        3,
        True,
    )


@pytest.mark.parametrize(("artifacts", "abilities"), [(2, ["Flying"]), (3, ["Flying", "Shroud"])])
def test_metalcraft_grant_applies_only_with_three_artifacts(artifacts: int, abilities: list[str]) -> None:
    cards = {name: parsed_card(name) for name in ("Indomitable Archangel", "Ornithopter")}
    thopters = tuple(ObjectSpec(card="Ornithopter", id=f"thopter{i}") for i in range(artifacts))
    board = BoardSpec(
        objects=(ObjectSpec(card="Indomitable Archangel", id="angel"), *thopters), query="thopter0"
    )
    result = answer_board(board, cards, "").result
    assert result.unknowns == ()
    assert list(result.current.abilities) == abilities


def test_the_global_condition_about_each_object_is_not_read_as_the_sources() -> None:
    # "it" is each untapped creature, not the source: a requirement of the source can't say it.
    text = "Each untapped creature you control gets +0/+2 as long as it's not attacking."
    assert parse_static(text) is None
    assert changes_characteristics(text)


# Clone copying the card, as the corpus check does: P/T, card types and the first words of each ability.
DETERMINED = {
    "Juggernaut": (
        (5, 3),
        ("Artifact", "Creature"),
        ("~ attacks each combat", "~ can't be blocked by Walls"),
    ),
    "Aura Gnarlid": ((2, 2), ("Creature",), ("Creatures with power less than", "~ gets +1/+1 for each Aura")),
    "Kor Scythemaster": ((3, 1), ("Creature",), ("~ has first strike as long as it's attacking",)),
    "Jor Kadeen, the Prevailer": ((5, 4), ("Creature",), ("First strike", "Metalcraft")),
    "Avatar of Slaughter": ((8, 8), ("Creature",), ("All creatures have double strike", "Double strike")),
    "Marble Titan": ((3, 3), ("Creature",), ("Creatures with power 3 or greater",)),
    "Belligerent Brontodon": ((4, 6), ("Creature",), ("Each creature you control assigns",)),
    "Indomitable Archangel": ((4, 4), ("Creature",), ("Flying", "Metalcraft")),
    "Alms Beast": ((6, 6), ("Creature",), ("Creatures blocking or blocked by ~",)),
}


@pytest.mark.parametrize("card", list(DETERMINED))
def test_clone_copying_these_is_determined(card: str) -> None:
    (power, toughness), types, abilities = DETERMINED[card]
    original = parsed_card(card)
    result = answer_board(clone_board(card), {card: original, "Clone": parsed_card("Clone")}, "").result
    assert result.unknowns == ()
    current = result.current
    assert (current.power, current.toughness, tuple(current.types)) == (power, toughness, types)
    texts = [ability.replace(card, "~") for ability in current.abilities]
    for start in abilities:
        assert any(text.startswith(start) for text in texts), (start, texts)


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        (
            "Abzan Falconer",
            "“Each creature you control with a +1/+1 counter on it has flying.” could",
        ),
        ("Archetype of Imagination", "“can't have or gain flying” isn't modelled"),
        ("Watchdog", "“As long as ~ is untapped, all creatures attacking you get -1/-0.” could change them"),
    ],
)
def test_clone_copying_these_stays_unknown_with_the_reason(card: str, reason: str) -> None:
    found = check_copies([parsed_card(card)], parsed_card("Clone"))
    assert (found.determined, found.with_unknowns) == (0, 1)
    assert any(reason in text for text in found.reasons), list(found.reasons)


def _answer(objects: tuple[ObjectSpec, ...], query: str) -> tuple[object, object, tuple[str, ...]]:
    cards = {spec.card: parsed_card(spec.card) for spec in objects if spec.card}
    result = answer_board(BoardSpec(objects=objects, query=query), cards, "").result
    assert result.unknowns == ()
    return result.current.power, result.current.toughness, tuple(result.current.abilities)


def test_any_of_these_subtypes_subject() -> None:
    # Lovisa Coldeyes: "Each creature that's a Barbarian, a Warrior, or a Berserker gets +2/+2 and has haste."
    lovisa = ObjectSpec(card="Lovisa Coldeyes", id="lovisa")
    barbarians = ObjectSpec(card="Balduvian Barbarians", id="barbarians", controller=Player.OPPONENT)
    bears = ObjectSpec(card="Grizzly Bears", id="bears")
    assert _answer((lovisa, barbarians, bears), "barbarians") == (5, 4, ("Haste",))
    assert _answer((lovisa, barbarians, bears), "bears") == (2, 2, ())
    assert _answer((lovisa, barbarians, bears), "lovisa")[:2] == (3, 3)  # a Human


@pytest.mark.parametrize(("tapped", "protected"), [(False, True), (True, False)])
def test_protection_from_all_colors_as_long_as_untapped(tapped: bool, protected: bool) -> None:
    angel = ObjectSpec(card="Pristine Angel", id="angel", tapped=tapped)
    abilities = _answer((angel,), "angel")[2]
    assert ("Protection from artifacts and from all colors" in abilities) is protected


@pytest.mark.parametrize(
    ("printed", "restriction"),
    [
        ("This creature can't block.", True),  # current Oracle wording
        ("Grizzly Bears can't block.", True),  # the card's name, as older text says it
        ("Creatures with power less than this creature's power can't block it.", True),
        ("This creature attacks each combat if able.", True),
        ("As long as this creature is untapped, it can't be blocked.", True),
        ("This creature can't be blocked as long as defending player controls an Island.", True),
        ("This creature gets +1/+1 and can't block.", False),
        ("This creature can't block and has flying.", False),
    ],
)
def test_every_wording_generation_reads_the_same(printed: str, restriction: bool) -> None:
    text = rules_text(printed, self_names(("Grizzly Bears",), ()))
    assert changes_characteristics(text) is not restriction


def test_a_pump_with_a_restriction_leaves_nothing_unrecognised() -> None:
    parsed = parse_static(rules_text("This creature gets +1/+1 and can't block.", self_names(("Bears",), ())))
    assert parsed is not None
    assert [(p.kind, p.power, p.toughness) for p in parsed.parts] == [(EffectKind.PUMP, 1, 1)]
    assert (parsed.unrecognised, parsed.restrictions) == ("", "can't block")
