"""Copy instructions parsed into scope, what may be copied, optionality and typed exceptions (CR 707.9)."""

from __future__ import annotations

from engine.core.model import SELF, CopyEffect, CopyException, CopyScope, ExceptionKind
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from tests.card_data import parsed_card

E = ExceptionKind


def only_effect(name: str) -> CopyEffect:
    effects = [effect for face in parsed_card(name).faces for effect in face.copy_effects]
    assert len(effects) == 1, effects
    return effects[0]


def kinds(effect: CopyEffect) -> list[ExceptionKind]:
    return [exception.kind for exception in effect.exceptions]


def exception(effect: CopyEffect, kind: ExceptionKind) -> CopyException:
    (found,) = [each for each in effect.exceptions if each.kind is kind]
    return found


def test_clone_enters_as_a_copy_optionally() -> None:
    clone = only_effect("Clone")
    assert (clone.scope, clone.copyable, clone.optional, clone.exceptions) == (
        CopyScope.ENTER_AS_COPY,
        "any creature on the battlefield",
        True,
        (),
    )
    assert clone.ability_index == 1


def test_what_may_be_copied() -> None:
    assert only_effect("Sculpting Steel").copyable == "any artifact on the battlefield"
    assert only_effect("Mirror Image").copyable == "any creature you control"
    assert only_effect("Phyrexian Metamorph").copyable == "any artifact or creature on the battlefield"
    assert only_effect("Body Double").copyable == "any creature card in a graveyard"


def test_quicksilver_gargantuan_sets_power_and_toughness() -> None:
    gargantuan = exception(only_effect("Quicksilver Gargantuan"), E.SET_POWER_TOUGHNESS)
    assert (gargantuan.power, gargantuan.toughness, gargantuan.text) == ("7", "7", "it's 7/7")


def test_phyrexian_metamorph_adds_a_card_type() -> None:
    metamorph = only_effect("Phyrexian Metamorph")
    assert kinds(metamorph) == [E.ADD_TYPES]
    assert metamorph.exceptions[0].types == ("Artifact",)


def test_phantasmal_image_adds_a_subtype_and_gains_a_quoted_ability() -> None:
    image = only_effect("Phantasmal Image")
    assert kinds(image) == [E.ADD_TYPES, E.GAIN_ABILITY]
    assert image.exceptions[0].subtypes == ("Illusion",)
    assert image.exceptions[1].abilities == (
        f"When {SELF} becomes the target of a spell or ability, sacrifice it.",
    )


def test_wall_of_stolen_identity_has_a_linked_trigger() -> None:
    wall = only_effect("Wall of Stolen Identity")
    assert kinds(wall) == [E.ADD_TYPES, E.GAIN_ABILITY, E.LINKED_TRIGGER]
    assert wall.exceptions[0].subtypes == ("Wall",)
    assert wall.exceptions[1].abilities == ("defender",)
    assert wall.exceptions[2].text.startswith("When you do, tap the copied creature")


def test_spark_double_counters_are_additional_effects_with_conditions() -> None:
    spark = only_effect("Spark Double")
    assert spark.copyable == "a creature or planeswalker you control"
    assert kinds(spark) == [E.ADDITIONAL_EFFECT, E.ADDITIONAL_EFFECT, E.REMOVE_SUPERTYPE]
    assert [each.condition for each in spark.exceptions] == [
        "creature",
        "planeswalker",
        "that permanent is legendary",
    ]
    assert spark.exceptions[2].supertypes == ("Legendary",)


def test_sakashima_gains_the_copiers_other_abilities() -> None:
    sakashima = only_effect("Sakashima of a Thousand Faces")
    assert sakashima.copyable == "another creature you control"
    gained = exception(sakashima, E.GAIN_ABILITY)
    assert (gained.copier_abilities, gained.abilities) == (True, ())


def test_cryptoplasm_becomes_a_copy_and_gains_this_ability() -> None:
    plasm = only_effect("Cryptoplasm")
    assert (plasm.scope, plasm.copyable, plasm.optional) == (
        CopyScope.BECOME_COPY,
        "another target creature",
        True,
    )
    assert exception(plasm, E.GAIN_ABILITY).abilities == (
        parsed_card("Cryptoplasm").front.abilities[0].rules_text,
    )


def test_vesuvan_doppelganger_does_not_copy_color_and_gains_an_ability() -> None:
    doppelganger = only_effect("Vesuvan Doppelganger")
    assert kinds(doppelganger) == [E.NOT_COPIED, E.GAIN_ABILITY]
    assert doppelganger.exceptions[0].characteristic == "color"
    assert (
        doppelganger.exceptions[1]
        .abilities[0]
        .startswith(f"At the beginning of your upkeep, you may have {SELF} become a copy of target creature")
    )


def test_token_copies() -> None:
    counterpart = only_effect("Cackling Counterpart")
    assert (counterpart.scope, counterpart.copyable, counterpart.optional) == (
        CopyScope.TOKEN_COPY,
        "target creature you control",
        False,
    )
    helm = only_effect("Helm of the Host")
    assert kinds(helm) == [E.REMOVE_SUPERTYPE, E.FOLLOW_UP]
    assert helm.exceptions[0].condition == "equipped creature is legendary"
    assert helm.exceptions[1].abilities == ("haste",)


def test_spell_and_ability_copies() -> None:
    twincast = only_effect("Twincast")
    assert (twincast.scope, twincast.copyable, twincast.optional) == (
        CopyScope.COPY_SPELL,
        "target instant or sorcery spell",
        False,
    )
    mirari = only_effect("Mirari")
    assert (mirari.scope, mirari.copyable, mirari.optional) == (CopyScope.COPY_SPELL, "that spell", True)
    resonator = only_effect("Strionic Resonator")
    assert (resonator.scope, resonator.copyable) == (
        CopyScope.COPY_ABILITY,
        "target triggered ability you control",
    )


def test_copies_of_cards_to_cast() -> None:
    scepter = only_effect("Isochron Scepter")
    assert (scepter.scope, scepter.copyable) == (CopyScope.CAST_COPY, "the exiled card")
    savant = only_effect("Arcane Savant")
    assert savant.copyable == f"a card you exiled with cards named {SELF}"


def test_estrids_invocation_gains_a_quoted_ability() -> None:
    invocation = only_effect("Estrid's Invocation")
    assert invocation.copyable == "any enchantment you control"
    assert (
        exception(invocation, E.GAIN_ABILITY)
        .abilities[0]
        .startswith(f"At the beginning of your upkeep, you may exile {SELF}.")
    )


def test_lazav_keeps_its_name_is_legendary_and_gains_abilities() -> None:
    lazav = only_effect("Lazav, Dimir Mastermind")
    assert kinds(lazav) == [E.SET_NAME, E.ADD_SUPERTYPE, E.GAIN_ABILITY]
    assert lazav.exceptions[0].value == SELF
    assert lazav.exceptions[1].supertypes == ("Legendary",)
    assert lazav.exceptions[2].abilities[0] == "hexproof"


def test_embalm_reminder_text_gives_the_keywords_copy_effect() -> None:
    (embalm,) = parsed_card("Adorned Pouncer").front.copy_effects
    assert (embalm.scope, embalm.copyable, embalm.ability_index) == (CopyScope.TOKEN_COPY, "it", 2)
    assert kinds(embalm) == [E.SET_POWER_TOUGHNESS, E.SET_COLOR, E.SET_TYPES, E.SET_MANA_COST]
    assert exception(embalm, E.SET_TYPES).subtypes == ("Zombie", "Cat")
    assert exception(embalm, E.SET_COLOR).value == "black"


def test_shared_leading_condition_applies_to_every_clause() -> None:
    vizier = only_effect("Vizier of Many Faces")
    assert kinds(vizier) == [E.SET_MANA_COST, E.SET_COLOR, E.ADD_TYPES]
    assert {each.condition for each in vizier.exceptions} == {f"{SELF} was embalmed"}


def test_spell_copy_exceptions() -> None:
    fork = only_effect("Fork")
    assert exception(fork, E.SET_COLOR).value == "red"
    swarm = only_effect("Endless Swarm")
    assert exception(swarm, E.NOT_COPIED).characteristic == "epic ability"


def test_current_wording_fixture() -> None:
    """Glasspool Mimic is not in ../shared: a self-written record in current Oracle wording."""
    mimic = {
        "name": "Glasspool Mimic",
        "layout": "normal",
        "type_line": "Creature — Shapeshifter Rogue",
        "oracle_text": "You may have this creature enter as a copy of a creature you control, except it's a "
        "Shapeshifter Rogue in addition to its other types.",
    }
    (effect,) = parse_card(mimic, KeywordVocabulary.from_titles([], [])).front.copy_effects
    assert (effect.scope, effect.copyable, effect.optional) == (
        CopyScope.ENTER_AS_COPY,
        "a creature you control",
        True,
    )
    assert effect.exceptions[0].subtypes == ("Shapeshifter", "Rogue")


def test_condition_in_the_middle_applies_to_the_clauses_it_leads() -> None:
    moritte = only_effect("Moritte of the Frost")
    assert [(each.kind, each.condition) for each in moritte.exceptions] == [
        (E.ADD_SUPERTYPE, None),
        (E.ADDITIONAL_EFFECT, "creature"),
        (E.GAIN_ABILITY, "creature"),
    ]
    assert moritte.exceptions[0].supertypes == ("Legendary", "Snow")
    assert moritte.exceptions[2].abilities == ("changeling",)
