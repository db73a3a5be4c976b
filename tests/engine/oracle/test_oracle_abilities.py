"""Abilities split and numbered in printed order and classified, with real cards from ../shared."""

from __future__ import annotations

import pytest

from engine.core.model import SELF, Ability, AbilityKind
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from tests.card_data import parsed_card

K = AbilityKind


def abilities(name: str, face: int = 0) -> tuple[Ability, ...]:
    return parsed_card(name).faces[face].abilities


def test_nightveil_specter_numbering_matches_the_seed() -> None:
    flying, trigger, permission = abilities("Nightveil Specter")
    assert (flying.index, flying.kind, flying.keyword) == (1, K.KEYWORD, "Flying")
    assert (trigger.index, trigger.kind) == (2, K.TRIGGERED)
    assert trigger.trigger == f"Whenever {SELF} deals combat damage to a player"
    assert trigger.effect == "that player exiles the top card of their library."
    assert (permission.index, permission.kind, permission.rules_text) == (
        3,
        K.STATIC,
        f"You may play cards exiled with {SELF}.",
    )


def test_keyword_list_paragraph_gives_one_ability_per_keyword() -> None:
    brisela = abilities("Brisela, Voice of Nightmares")
    assert [(a.index, a.keyword, a.paragraph) for a in brisela[:4]] == [
        (1, "Flying", 1),
        (2, "First Strike", 1),
        (3, "Vigilance", 1),
        (4, "Lifelink", 1),
    ]
    assert brisela[4].index == 5
    assert brisela[4].kind is K.STATIC


@pytest.mark.parametrize(
    ("card", "position", "keyword", "parameter"),
    [
        ("Kaldra Compleat", 3, "Equip", "{7}"),
        ("Jilt", 0, "Kicker", "{1}{R}"),
        ("Changeling Hero", 1, "Champion", "a creature"),
        ("Hooded Hydra", 2, "Morph", "{3}{G}{G}"),
        ("Murktide Regent", 0, "Delve", None),
        ("Acid-Spewer Dragon", 2, "Megamorph", "{5}{B}{B}"),
        ("Bear Umbra", 2, "Umbra Armor", None),
        ("Squid", 0, "Landwalk", "Island"),
        ("Kaldra Compleat", 0, "Living Weapon", None),
    ],
)
def test_keyword_abilities_with_parameters(
    card: str, position: int, keyword: str, parameter: str | None
) -> None:
    ability = abilities(card)[position]
    assert (ability.kind, ability.keyword, ability.keyword_parameter) == (K.KEYWORD, keyword, parameter)


def test_activated_ability_cost_and_effect() -> None:
    exile_land, drain, gain = abilities("Deathrite Shaman")
    assert (exile_land.kind, exile_land.cost) == (K.ACTIVATED, "{T}")  # it targets: not a mana ability
    assert (drain.kind, drain.cost, drain.effect) == (
        K.ACTIVATED,
        "{B}, {T}",
        "Exile target instant or sorcery card from a graveyard. Each opponent loses 2 life.",
    )
    assert gain.kind is K.ACTIVATED


def test_mana_abilities() -> None:
    (dynamo,) = abilities("Thran Dynamo")
    assert (dynamo.kind, dynamo.cost, dynamo.effect) == (K.MANA, "{T}", "Add {C}{C}{C}.")


def test_loyalty_abilities() -> None:
    plus, minus_x, minus_five = abilities("Tezzeret the Seeker")
    assert (plus.kind, plus.cost, plus.effect) == (K.LOYALTY, "+1", "Untap up to two target artifacts.")
    assert (minus_x.kind, minus_x.cost) == (K.LOYALTY, "−X")
    assert minus_five.cost == "−5"


def test_triggered_condition_and_effect_split() -> None:
    _, attack, block = abilities("Brimaz, King of Oreskos")
    assert attack.trigger == f"Whenever {SELF} attacks"
    assert block.trigger == f"Whenever {SELF} blocks a creature"
    assert (block.effect or "").startswith("create a 1/1 white Cat Soldier")


def test_trigger_condition_with_a_list_keeps_its_commas() -> None:
    from engine.oracle.abilities import split_trigger

    assert split_trigger("Whenever an artifact, creature, or enchantment enters, draw a card.") == (
        "Whenever an artifact, creature, or enchantment enters",
        "draw a card.",
    )


@pytest.mark.parametrize(
    ("card", "position"),
    [("Hooded Hydra", 0), ("Hooded Hydra", 3), ("Citadel Siege", 0), ("Alms Collector", 1), ("Clone", 0)],
)
def test_replacement_effects(card: str, position: int) -> None:
    assert abilities(card)[position].kind is K.REPLACEMENT


def test_characteristic_defining_abilities() -> None:
    assert abilities("Tarmogoyf")[0].kind is K.CHARACTERISTIC_DEFINING
    changeling = abilities("Amoeboid Changeling")[0]
    assert (changeling.kind, changeling.keyword) == (K.CHARACTERISTIC_DEFINING, "Changeling")
    devoid = abilities("Kozilek's Return")[0]
    assert (devoid.kind, devoid.keyword) == (K.CHARACTERISTIC_DEFINING, "Devoid")


def test_spell_abilities_and_static_abilities_of_spells() -> None:
    _, spell, trigger = abilities("Kozilek's Return")
    assert (spell.kind, trigger.kind) == (K.SPELL, K.TRIGGERED)
    assert abilities("Gorex, the Tombshell")[0].kind is K.STATIC  # an additional cost: CR 113.6d
    assert [a.kind for a in abilities("Jilt")] == [K.KEYWORD, K.SPELL]


def test_modal_spell_keeps_its_modes() -> None:
    (command,) = abilities("Cryptic Command")
    assert command.kind is K.SPELL
    assert command.modes == (
        "Counter target spell.",
        "Return target permanent to its owner's hand.",
        "Tap all creatures your opponents control.",
        "Draw a card.",
    )


def test_class_levels() -> None:
    rogue = abilities("Rogue Class")
    assert [(a.kind, a.level) for a in rogue] == [
        (K.TRIGGERED, 1),
        (K.CLASS_LEVEL, 2),
        (K.STATIC, 2),
        (K.CLASS_LEVEL, 3),
        (K.STATIC, 3),
    ]
    assert rogue[1].cost == "{1}{U}{B}"


def test_saga_chapters() -> None:
    first, third = abilities("Chainer's Torment")
    assert (first.kind, first.trigger, first.level) == (K.SAGA_CHAPTER, "I, II", 1)
    assert first.effect == f"{SELF} deals 2 damage to each opponent and you gain 2 life."
    assert (third.trigger, third.level) == ("III", 3)


def test_leveler_bands() -> None:
    level_up, low, high, trample = abilities("Beastbreaker of Bala Ged")
    assert (level_up.keyword, level_up.keyword_parameter) == ("Level Up", "{2}{G}")
    assert (low.kind, low.level, low.effect) == (K.LEVELER, 1, "4/4")
    assert (high.kind, high.level, high.effect) == (K.LEVELER, 4, "6/6")
    assert (trample.keyword, trample.level) == ("Trample", 4)


def test_anchor_words_are_told_apart_from_ability_words() -> None:
    choice, khans, dragons = abilities("Citadel Siege")
    assert choice.kind is K.REPLACEMENT
    assert (khans.anchor_word, khans.ability_word, khans.kind) == ("Khans", None, K.TRIGGERED)
    assert khans.trigger == "At the beginning of combat on your turn"
    assert (dragons.anchor_word, dragons.paragraph) == ("Dragons", 3)
    (landfall,) = abilities("Lotus Cobra")
    assert (landfall.ability_word, landfall.anchor_word, landfall.kind) == ("Landfall", None, K.TRIGGERED)
    assert landfall.trigger == "Whenever a land enters under your control"


def test_static_ability_with_linked_trigger_in_one_paragraph() -> None:
    exert, when_you_do = abilities("Gust Walker")
    assert (exert.kind, exert.paragraph, when_you_do.kind, when_you_do.paragraph) == (
        K.STATIC,
        1,
        K.TRIGGERED,
        1,
    )
    assert when_you_do.trigger == "When you do"
    assert when_you_do.text.endswith("(An exerted creature won't untap during your next untap step.)")
    reveal, draw = abilities("Rowen")
    assert (reveal.kind, draw.kind, draw.index) == (K.STATIC, K.TRIGGERED, 2)
    copy, tap = abilities("Wall of Stolen Identity")
    assert (copy.kind, tap.kind, tap.trigger) == (K.REPLACEMENT, K.TRIGGERED, "When you do")


def test_reflexive_trigger_inside_a_triggered_ability_is_not_split() -> None:
    _, _, trigger = abilities("Kozilek's Return")
    assert "If you do" in (trigger.effect or "")


@pytest.mark.parametrize(
    ("card", "layout", "faces"),
    [
        ("Fire // Ice", "split", ("Fire", "Ice")),
        ("Akki Lavarunner", "flip", ("Akki Lavarunner", "Tok-Tok, Volcano Born")),
        ("Arlinn Kord", "transform", ("Arlinn Kord", "Arlinn, Embraced by the Moon")),
        ("Bonecrusher Giant", "adventure", ("Bonecrusher Giant", "Stomp")),
        ("Brisela, Voice of Nightmares", "meld", ("Brisela, Voice of Nightmares",)),
    ],
)
def test_faces_of_multi_face_layouts(card: str, layout: str, faces: tuple[str, ...]) -> None:
    parsed = parsed_card(card)
    assert parsed.layout == layout
    assert tuple(face.name for face in parsed.faces) == faces
    assert all(face.abilities for face in parsed.faces)


def test_adventure_face_is_a_spell_and_back_face_loyalty() -> None:
    stomp = parsed_card("Bonecrusher Giant").faces[1]
    assert stomp.type_line.subtypes == ("Adventure",)
    (spell,) = stomp.abilities
    assert spell.kind is K.SPELL
    assert spell.rules_text == f"Damage can't be prevented this turn. {SELF} deals 2 damage to any target."
    back = parsed_card("Arlinn Kord").faces[1]
    assert back.abilities[1].rules_text.startswith(f"−1: {SELF} deals 3 damage")


def test_adjective_list_stays_in_the_trigger_condition() -> None:
    (waste_not_discard, *_) = abilities("Waste Not")
    assert waste_not_discard.trigger == "Whenever an opponent discards a creature card"
    assert abilities("Waste Not")[1].trigger == "Whenever an opponent discards a land card"
    assert abilities("Waste Not")[2].trigger == "Whenever an opponent discards a noncreature, nonland card"


def test_modal_double_faced_and_prototype_fixtures_in_current_wording() -> None:
    """Self-written records: neither layout is in the 2019 file."""
    vocabulary = KeywordVocabulary.from_titles(["Prototype", "Flying"], [])
    mdfc = {
        "name": "Test Sunrise // Test Sunset",
        "layout": "modal_dfc",
        "card_faces": [
            {
                "name": "Test Sunrise",
                "type_line": "Creature — Cleric",
                "mana_cost": "{1}{W}",
                "oracle_text": "When Test Sunrise enters, you gain 3 life.",
            },
            {
                "name": "Test Sunset",
                "type_line": "Land",
                "mana_cost": "",
                "oracle_text": "As Test Sunset enters, you may pay 3 life. If you don't, it enters tapped.\n"
                "{T}: Add {W}.",
            },
        ],
    }
    front, back = parse_card(mdfc, vocabulary).faces
    assert front.abilities[0].trigger == f"When {SELF} enters"
    assert [a.kind for a in back.abilities] == [K.REPLACEMENT, K.MANA]
    robot = {
        "name": "Test Automaton",
        "layout": "prototype",
        "type_line": "Artifact Creature — Construct",
        "mana_cost": "{6}",
        "oracle_text": "Prototype {1}{R} — 2/2\nFlying",
    }
    prototype, flying = parse_card(robot, vocabulary).front.abilities
    assert (prototype.keyword, prototype.keyword_parameter, flying.keyword) == (
        "Prototype",
        "{1}{R} — 2/2",
        "Flying",
    )
