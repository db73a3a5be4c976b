"""The layer system (CR 613) on hand-made cards: sublayer order, timestamps, counters, face-down status."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.core.effects import EffectKind, EffectSpec
from engine.core.model import Ability, AbilityKind, Card, Face, PrintedNumber, TypeLine
from engine.layers.computed import Computed
from engine.layers.copiable import copiable_values
from engine.layers.described import effect_name
from engine.layers.system import current_characteristics
from engine.oracle.statics import ALL_CREATURE_TYPES
from engine.state.board import Board, FaceDownKind, GameObject, TimedEffect
from tests.engine.copy_cards import cards_for
from tests.known import current_values, settled
from tests.locations import BOARDS


def card(
    name: str = "Test Bear",
    *,
    types: tuple[str, ...] = ("Creature",),
    power: str | None = "2",
    toughness: str | None = "2",
    abilities: tuple[Ability, ...] = (),
) -> Card:
    def number(printed: str | None) -> PrintedNumber | None:
        return (
            PrintedNumber(printed=printed, value=int(printed) if printed.isdigit() else None)
            if printed
            else None
        )

    face = Face(
        name=name,
        mana_cost=("{1}", "{G}"),
        mana_value=2,
        colors=("G",),
        type_line=TypeLine(types=types, subtypes=("Bear",)),
        power=number(power),
        toughness=number(toughness),
        abilities=abilities,
    )
    return Card(key=name, name=name, layout="normal", mana_value=2, faces=(face,))


def keyword(name: str) -> Ability:
    return Ability(index=1, text=name, rules_text=name, kind=AbilityKind.KEYWORD, paragraph=1, keyword=name)


def with_effects(obj: GameObject, *specs: EffectSpec) -> GameObject:
    return obj.model_copy(
        update={"effects": tuple(TimedEffect(timestamp=i, spec=s) for i, s in enumerate(specs, 1))}
    )


def pt(obj: GameObject) -> tuple[int | None, int | None]:
    values = current_values(obj, Board(objects=(obj,)))
    return (
        values.power.value if values.power else None,
        values.toughness.value if values.toughness else None,
    )


BEAR = GameObject(id="bear", card=card())
PUMP = EffectSpec(kind=EffectKind.PUMP, power=2, toughness=2)
SET_1_1 = EffectSpec(kind=EffectKind.SET_PT, power=1, toughness=1)
SWITCH = EffectSpec(kind=EffectKind.SWITCH_PT)


@pytest.mark.parametrize("order", [(SET_1_1, PUMP), (PUMP, SET_1_1)])
def test_setting_applies_in_7b_before_modifying_in_7c_whatever_the_timestamps(
    order: tuple[EffectSpec, ...],
) -> None:
    assert pt(with_effects(BEAR, *order)) == (3, 3)


def test_switching_in_7d_comes_after_counters_and_pumps() -> None:
    bear = with_effects(BEAR, SWITCH, EffectSpec(kind=EffectKind.PUMP, power=0, toughness=3))
    bear = bear.model_copy(update={"counters": {"+1/+1": 1}})
    assert pt(bear) == (6, 3)


def test_effects_sharing_a_layer_get_a_timestamp_and_dependency_note() -> None:
    values = current_characteristics(with_effects(BEAR, PUMP, PUMP, SET_1_1), Board())
    assert [note.rules for note in values.notes] == [("613.7", "613.8")]
    assert values.notes[0].text.startswith("Layer 7c: 2 effects apply in timestamp order.")
    assert current_characteristics(with_effects(BEAR, PUMP, SET_1_1), Board()).notes == ()


def test_switching_twice_cancels_out() -> None:
    assert pt(with_effects(BEAR, SWITCH, SWITCH)) == (2, 2)


def test_minus_counters_and_plus_counters_both_modify() -> None:
    assert pt(BEAR.model_copy(update={"counters": {"+1/+1": 2, "-1/-1": 3}})) == (1, 1)


def test_ability_removing_and_adding_apply_in_timestamp_order() -> None:
    flying = EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=("Flying",))
    remove_all = EffectSpec(kind=EffectKind.REMOVE_ABILITIES, all_abilities=True)
    reach_bear = GameObject(id="bear", card=card(abilities=(keyword("Reach"),)))
    first = current_values(with_effects(reach_bear, remove_all, flying), Board())
    second = current_values(with_effects(reach_bear, flying, remove_all), Board())
    assert [a.text for a in first.abilities] == ["Flying"]
    assert second.abilities == ()


def test_type_setting_then_adding_in_timestamp_order() -> None:
    set_artifact = EffectSpec(kind=EffectKind.SET_TYPES, types=("Artifact",))
    add_creature = EffectSpec(kind=EffectKind.ADD_TYPES, types=("Creature",))
    assert current_values(with_effects(BEAR, set_artifact, add_creature), Board()).types == (
        "Artifact",
        "Creature",
    )
    assert current_values(with_effects(BEAR, add_creature, set_artifact), Board()).types == ("Artifact",)


def test_color_setting_in_layer_5() -> None:
    blue = EffectSpec(kind=EffectKind.SET_COLORS, colors=("U",))
    assert current_values(with_effects(BEAR, blue), Board()).colors == ("U",)
    assert copiable_values(with_effects(BEAR, blue)).colors == ("G",)


def test_keyword_counters_grant_abilities_in_layer_6() -> None:
    values = current_values(BEAR.model_copy(update={"counters": {"flying": 1}}), Board())
    assert [a.text for a in values.abilities] == ["Flying"]


def test_animating_a_land_keeps_its_types_and_sets_its_numbers() -> None:
    land = GameObject(id="land", card=card("Test Land", types=("Land",), power=None, toughness=None))
    animated = with_effects(
        land,
        EffectSpec(
            kind=EffectKind.ANIMATE,
            types=("Artifact", "Creature"),
            subtypes=("Blinkmoth",),
            power=1,
            toughness=1,
            abilities=("Flying",),
        ),
    )
    values = current_values(animated, Board())
    assert (values.types, values.subtypes) == (("Artifact", "Land", "Creature"), ("Bear", "Blinkmoth"))
    assert pt(animated) == (1, 1)
    assert pt(land) == (None, None)
    assert copiable_values(animated).types == ("Land",)


def test_face_down_is_a_nameless_2_2_and_other_effects_still_apply() -> None:
    face_down = with_effects(BEAR.model_copy(update={"face_down": FaceDownKind.MORPH}), PUMP)
    copiable = copiable_values(face_down)
    assert (copiable.name, copiable.mana_cost, copiable.colors, copiable.subtypes, copiable.abilities) == (
        None,
        (),
        (),
        (),
        (),
    )
    assert pt(face_down) == (4, 4)


def test_undefined_star_is_zero_with_a_note() -> None:
    star = GameObject(id="star", card=card("Star", power="*", toughness="*"))
    values = current_characteristics(star, Board())
    power = settled(values).power
    assert (power.value if power else None) == 0
    assert any("613.4a" in note.rules for note in values.notes)


def test_changeling_is_every_creature_type() -> None:
    shapeshifter = GameObject(id="x", card=card(abilities=(keyword("Changeling"),)))
    assert ALL_CREATURE_TYPES in current_values(shapeshifter, Board()).subtypes


def test_objects_are_immutable() -> None:
    with pytest.raises(ValidationError):
        BEAR.tapped = True  # type: ignore[misc]


BOARDS = BOARDS


def _computed(board_text: str, handle: str) -> Computed:
    spec = load_board(board_text)
    board = board_from_spec(spec, cards_for(spec))
    return current_characteristics(board.get(handle), board)


_LISTED = """
battlefield:
  - card: Grizzly Bears
    id: bears
    controller: opponent
    effects:
      - {gain_control: you, set_subtypes: [Treefolk]}
      - {set_colors: [blue], remove_abilities: all}
      - {add_abilities: [Flying]}
      - {set_pt: [0, 4]}
      - {pump: [1, 1]}
      - switch_pt: true
      - switch_pt: true
"""


def test_every_listed_effect_has_a_step_in_each_of_its_layers_naming_its_entry() -> None:
    steps = [step.text for step in _computed(_LISTED, "bears").steps]
    expected = [
        ("Layer 2", 1),
        ("Layer 4", 1),
        ("Layer 5", 2),
        ("Layer 6", 2),
        ("Layer 6", 3),
        ("Layer 7b", 4),
        ("Layer 7c", 5),
        ("Layer 7d", 6),
        ("Layer 7d", 7),
    ]
    for layer, entry in expected:
        wanted = f"{layer}: the effect listed on bears (effects: entry {entry})"
        assert any(text.startswith(wanted) for text in steps), (wanted, steps)
    # 0/4 set, +1/+1, then switched twice after 7c: 1/5 → 5/1 → 1/5.
    assert [text.split(": ")[-1] for text in steps if text.startswith("Layer 7d")] == [
        "1/5 becomes 5/1.",
        "5/1 becomes 1/5.",
    ]


def test_duplicants_static_ability_is_named_in_both_layers() -> None:
    path = BOARDS / "melded-duplicant-exiles-chittering-host.yaml"
    steps = [step.text for step in _computed(path.read_text().split("\n---\n")[0], "dup").steps]
    for layer in ("Layer 4", "Layer 7b"):
        assert any(
            text.startswith(f"{layer}: dup's “As long as a card exiled with Duplicant") for text in steps
        )
    assert any("sets its creature types to Rat Shapeshifter" in text for text in steps)


def test_setting_subtypes_replaces_only_the_same_kind_and_setting_types_drops_their_subtypes() -> None:
    """CR 205.1a: a new creature type replaces the creature types; a removed card type takes its subtypes."""
    land_bear = GameObject(id="arbor", card=card(types=("Land", "Creature")))
    forest = with_effects(land_bear, EffectSpec(kind=EffectKind.ADD_SUBTYPES, subtypes=("Forest",)))
    treefolk = with_effects(
        land_bear,
        EffectSpec(kind=EffectKind.ADD_SUBTYPES, subtypes=("Forest",)),
        EffectSpec(kind=EffectKind.SET_SUBTYPES, subtypes=("Treefolk",)),
    )
    assert current_values(forest, Board()).subtypes == ("Bear", "Forest")
    assert current_values(treefolk, Board()).subtypes == ("Forest", "Treefolk")
    insect = with_effects(
        land_bear,
        EffectSpec(kind=EffectKind.ADD_SUBTYPES, subtypes=("Forest",)),
        EffectSpec(kind=EffectKind.SET_TYPES, types=("Artifact", "Creature")),
    )
    assert current_values(insect, Board()).subtypes == ("Bear",)


def test_one_effect_with_several_parts_in_a_layer_is_one_effect() -> None:
    arbor = _computed(
        "battlefield:\n  - {card: Dryad Arbor, id: arbor}\n"
        "  - {card: Darksteel Mutation, id: mutation, attached_to: arbor}\n",
        "arbor",
    )
    assert not any("effects apply in timestamp order" in note.text for note in arbor.notes)
    assert [a.text for a in settled(arbor).abilities] == ["Indestructible"]


_CLONED_HUMILITY = """
battlefield:
  - {card: Humility, id: humility}
  - {card: Opalescence, id: opal}
  - {card: Clone, id: clone, copy_of: humility}
"""


def test_a_dependency_loop_is_explained_once_with_its_reasons() -> None:
    """CR 613.8b: two Humilities made creatures by Opalescence remove each other's ability in layer 6: a
    loop, so timestamps decide; no step claims a one-way dependency."""
    computed = _computed(_CLONED_HUMILITY, "clone")
    texts = [step.text for step in computed.steps]
    humility = "“All creatures lose all abilities and have base power and toughness 1/1.”"
    assert (settled(computed).power, settled(computed).toughness, settled(computed).abilities) == (
        PrintedNumber(printed="4", value=4),
        PrintedNumber(printed="4", value=4),
        (),
    )
    assert not any("depends on" in text for text in texts)
    [loop] = [text for text in texts if "loop" in text]
    assert f"applying clone's {humility} changes the existence of humility's {humility}" in loop
    assert f"applying humility's {humility} changes the existence of clone's {humility}" in loop
    assert loop.endswith(f"timestamp order: humility's {humility} first.")


_MARCH_THEN_LATTICE = """
battlefield:
  - {card: March of the Machines, id: march}
  - {card: Mycosynth Lattice, id: lattice}
  - {card: Forest, id: forest}
"""


def test_a_one_way_dependency_names_its_reason() -> None:
    """CR 613.8a: Lattice makes the Forest an artifact, which changes what March applies to."""
    texts = [step.text for step in _computed(_MARCH_THEN_LATTICE, "forest").steps]
    [step] = [text for text in texts if "depends on" in text]
    assert "depends on lattice's “All permanents are artifacts in addition to their other types.” " in step
    assert (
        "(applying that changes what it applies to), so it applies after it, though its timestamp is " in step
    )


def test_effects_are_named_in_player_words() -> None:
    """Answers name effects as players would, never by their internal kind ("set_pt")."""
    duplicant_like = [
        EffectSpec(kind=EffectKind.SET_SUBTYPES, subtypes=("Bear",)),
        EffectSpec(kind=EffectKind.SET_PT, power=2, toughness=2),
    ]
    assert [effect_name(spec) for spec in duplicant_like] == [
        "the effect that sets its creature types",
        "the effect that sets its power and toughness",
    ]
    assert effect_name(EffectSpec(kind=EffectKind.SET_SUBTYPES, subtypes=("Swamp",))) == (
        "the effect that sets its land types"
    )
    for kind in EffectKind:
        name = effect_name(EffectSpec(kind=kind, types=("Creature",), subtypes=("Elf",)))
        assert name.startswith("the effect that ")
        assert "_" not in name
        assert kind.value not in name


def _land_board(*cards: str) -> str:
    """A battlefield of ``cards`` in timestamp order, each with its first word as its id ("urzas")."""
    handles = ("".join(c for c in card.split(" ")[0].lower() if c.isalpha()) for card in cards)
    lines = "\n".join(
        f'  - {{card: "{card}", id: {handle}}}' for card, handle in zip(cards, handles, strict=True)
    )
    return f"battlefield:\n{lines}\n"


def _texts(computed: Computed) -> list[str]:
    return [ability.text for ability in settled(computed).abilities]


@pytest.mark.parametrize(
    "order",
    [("Blood Moon", "Urborg, Tomb of Yawgmoth"), ("Urborg, Tomb of Yawgmoth", "Blood Moon")],
)
def test_blood_moon_removes_urborgs_ability_whatever_the_timestamps(order: tuple[str, str]) -> None:
    """CR 305.7, 613.8a: Urborg's effect depends on Blood Moon's, which removes it; no land is a Swamp."""
    board = _land_board(*order, "Forest", "Savannah")
    urborg, forest, savannah = (_computed(board, handle) for handle in ("urborg", "forest", "savannah"))
    assert (settled(urborg).subtypes, _texts(urborg)) == (("Mountain",), ["{T}: Add {R}."])
    assert (settled(savannah).subtypes, _texts(savannah)) == (("Mountain",), ["{T}: Add {R}."])
    assert (settled(forest).subtypes, _texts(forest)) == (("Forest",), ["{T}: Add {G}."])
    assert settled(urborg).supertypes == ("Legendary",)  # setting land types keeps supertypes
    [waits] = [step.text for step in forest.steps if "depends on" in step.text]
    assert "changes its existence" in waits
    assert "the effect doesn't exist" in waits
    assert ("though its timestamp is earlier" in waits) is (order[0] != "Blood Moon")


def test_urborg_adds_the_swamp_and_its_mana_ability_keeping_the_rest() -> None:
    """CR 305.7: a land gaining a land type in addition keeps its land types and rules text."""
    tower = _computed(_land_board("Urborg, Tomb of Yawgmoth", "Urza's Tower"), "urzas")
    assert settled(tower).subtypes == ("Urza’s", "Tower", "Swamp")
    assert _texts(tower)[-1] == "{T}: Add {B}."
    assert any("Urza's Mine" in text for text in _texts(tower))


def test_an_ability_another_effect_grants_survives_blood_moon() -> None:
    """CR 305.7: setting land types doesn't remove abilities granted by other effects (layer 6 after 4)."""
    urborg = _computed(_land_board("Chromatic Lantern", "Urborg, Tomb of Yawgmoth", "Blood Moon"), "urborg")
    assert _texts(urborg) == ["{T}: Add {R}.", "{T}: Add one mana of any color."]


def test_land_types_only_change_lands_intrinsic_abilities() -> None:
    """CR 305.6: only an object with the land card type gets a basic land type's mana ability; Blood Moon
    doesn't touch basic lands, and an animated Dryad Arbor stays a creature (305.7: card types kept)."""
    forest = _computed(_land_board("Blood Moon", "Forest"), "forest")
    arbor = _computed(_land_board("Blood Moon", "Dryad Arbor"), "dryad")
    assert _texts(forest) == ["{T}: Add {G}."]
    assert (settled(arbor).types, settled(arbor).subtypes, _texts(arbor)) == (
        ("Land", "Creature"),
        ("Dryad", "Mountain"),
        ["{T}: Add {R}."],
    )
