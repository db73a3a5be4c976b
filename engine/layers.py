"""The layer system (CR 613): an object's copiable values (layer 1) and its current characteristics.

Layer 1a applies copy effects and P/T-setting "as enters" effects in timestamp order, 1b the face-down
status; the result is the copiable values (613.2c). Layers 4, 5 and 6 apply characteristic-defining
abilities first and then the board's effects in timestamp order (613.3); layer 7 applies 7a CDAs,
7b setting, 7c modifying effects and counters, 7d switching (613.4). Layer 2 gives the current
controller (:func:`current_controller`); layer 3 (text) has no effects a board can describe.
"""

from __future__ import annotations

import re

from engine.board import (
    AppliedCopy,
    AsEntersSetting,
    Board,
    EffectKind,
    EffectSpec,
    GameObject,
    Player,
    TimedEffect,
    Zone,
)
from engine.characteristics import (
    CARD_TYPES,
    COLOR_NAMES,
    FACE_DOWN,
    Characteristics,
    CopiableText,
    GameAbility,
    colors_of,
    merged,
    merged_types,
)
from engine.citations import cite
from engine.model import AbilityKind, Card, PrintedNumber
from engine.results import Explanation

LAYERS = cite("613.1", "all applicable continuous effects are applied in a series of layers")
LAYER_2 = cite("613.1b", "Control-changing effects are applied")
PARTS_IN_THEIR_LAYERS = cite("613.6", "the parts of the effect each apply in their appropriate ones")
LAYER_1A = cite("613.2a", "Copiable effects are applied")
LAYER_1B = cite("613.2b", "Face-down spells and permanents have their characteristics modified")
COPIABLE_AFTER_LAYER_1 = cite("613.2c", "the object’s characteristics are its copiable values")
CDA_FIRST = cite("613.3", "apply effects from characteristic-defining abilities first")
LAYER_7A = cite("613.4a", "characteristic-defining abilities that define power and/or toughness")
LAYER_7B = cite("613.4b", "Effects that set power and/or toughness to a specific number")
LAYER_7C = cite("613.4c", "Effects and counters that modify power and/or toughness")
LAYER_7D = cite("613.4d", "Effects that switch a creature’s power and toughness")
CONTINUALLY_APPLIED = cite("613.5", "continually and automatically performed by the game")
TIMESTAMPS = cite("613.7", "An effect with an earlier timestamp is applied before")
DEPENDENCY = cite("613.8", "If a dependency exists, it will override the timestamp system")
KEYWORD_COUNTERS = cite("613.1f", "keyword counters")
FLIP_ALTERNATIVE = cite("710.2", "the alternative versions of those characteristics apply instead")
FLIP_COST_COLOR = cite("710.1c", "A flip card’s color and mana cost don’t change if the permanent is flipped")
BACK_FACE_MANA_VALUE = cite("712.8e", "its mana value is calculated using the mana cost of its front face")
MELDED_MANA_VALUE = cite("712.8g", "its mana value is the sum of the mana values of its front faces")
FRONT_FACE_ONLY = cite("712.8a", "it has only the characteristics of its front face")
CHANGELING = cite("702.73a", "This object is every creature type")

KEYWORD_COUNTER_KINDS = (
    "flying",
    "first strike",
    "double strike",
    "deathtouch",
    "decayed",
    "exalted",
    "haste",
    "hexproof",
    "indestructible",
    "lifelink",
    "menace",
    "reach",
    "shadow",
    "trample",
    "vigilance",
)
ALL_CREATURE_TYPES = "(every creature type)"
_PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")
_GRAVEYARD_TYPES_CDA = re.compile(r"power is equal to the number of card types among cards in all graveyards")
_CHOSEN_NUMBER_CDA = re.compile(
    r"power is equal to the last chosen number and its toughness is equal to 7 minus"
)
_PLUS_ONE_TOUGHNESS = re.compile(r"toughness is equal to that number plus 1")


def is_melded(card: Card) -> bool:
    """Whether ``card`` is the combined back face of a meld pair (a melded permanent, CR 712.4a).

    The Scryfall object of a meld result has layout ``meld`` and no mana cost of its own.
    """
    return card.layout == "meld" and len(card.faces) == 1 and not card.front.mana_cost and card.mana_value > 0


def printed_text(obj: GameObject) -> CopiableText:
    """The values printed on the face of the object that's up (CR 613.1, 707.8, 712.8d-g)."""
    card = obj.card
    if card is None:
        return CopiableText(main=Characteristics(name=None))
    if card.layout == "flip" and len(card.faces) > 1:
        return CopiableText(
            main=Characteristics.of_face(card.faces[0]), flipped=Characteristics.of_face(card.faces[1])
        )
    if obj.back_face and len(card.faces) > 1:
        # A modal double-faced permanent has only the characteristics of the face that's up (CR 712.8f).
        return CopiableText(main=Characteristics.of_face(card.faces[1]))
    if obj.transformed and len(card.faces) > 1:
        back = Characteristics.of_face(card.faces[1])
        # A token copy of a transforming permanent copies its back face: mana value 0 (CR 712.8e).
        front_value = 0 if obj.token else Characteristics.of_face(card.faces[0]).mana_value
        return CopiableText(main=back.model_copy(update={"mana_value": front_value}))
    main = Characteristics.of_face(card.front)
    if is_melded(card):
        main = main.model_copy(update={"mana_value": int(card.mana_value)})
    return CopiableText(main=main)


def layer_one_text(obj: GameObject) -> CopiableText:
    """Layer 1a: the printed text as modified by copy effects and P/T-setting "as enters" effects."""
    text = printed_text(obj)
    # Stable sort: a copy effect and the "as enters" setting it lets apply share the entering timestamp.
    effects: list[AppliedCopy | AsEntersSetting] = sorted(
        (*obj.copies, *obj.settings), key=lambda e: e.timestamp
    )
    for effect in effects:
        text = effect.values if isinstance(effect, AppliedCopy) else apply_setting(text, effect)
    return text


def apply_setting(text: CopiableText, setting: AsEntersSetting) -> CopiableText:
    """Apply a P/T-setting "as enters" choice (Primal Clay's 1/6 Wall with defender) to the text."""

    def changed(values: Characteristics) -> Characteristics:
        return values.model_copy(
            update={
                "power": setting.power,
                "toughness": setting.toughness,
                "types": merged_types(values.types, setting.types),
                "subtypes": merged(values.subtypes, setting.subtypes),
                "abilities": values.abilities + tuple(GameAbility.granted(a) for a in setting.abilities),
            }
        )

    return text.mapped(changed)


def text_for_copying(obj: GameObject) -> CopiableText:
    """What a copy of ``obj`` copies: layer 1a, or the face-down 2/2 (CR 707.2, 708.2)."""
    return CopiableText(main=FACE_DOWN) if obj.face_down else layer_one_text(obj)


def copiable_values(obj: GameObject) -> Characteristics:
    """The object's copiable values (613.2c): layer 1 as modified by its flip and face-down status."""
    if obj.face_down:
        return FACE_DOWN
    return layer_one_text(obj).with_status(obj.flipped)


class Computed(Characteristics):
    """Current characteristics with the notes the layer system produced while computing them."""

    steps: tuple[Explanation, ...] = ()
    notes: tuple[Explanation, ...] = ()


def current_characteristics(obj: GameObject, board: Board) -> Computed:
    """The object's characteristics after every layer (CR 613.1), evaluated on ``board``."""
    values = copiable_values(obj)
    steps: list[Explanation] = []
    notes: list[Explanation] = []
    effects = sorted(obj.effects, key=lambda e: e.timestamp)
    steps += _layer_two(obj, effects)
    values = _layer_four(values, obj, effects, notes)
    values = _layer_five(values, effects)
    values = _layer_six(values, obj, effects)
    power, toughness = _layer_seven(values, obj, board, effects, steps, notes)
    notes += _shared_layer_notes(effects)
    notes += _effects_in_several_layers(effects)
    numbers = {"power": power, "toughness": toughness}
    update = {
        k: PrintedNumber(printed=str(v), value=v) if v is not None else None for k, v in numbers.items()
    }
    return Computed(**{**values.model_dump(), **update, "steps": tuple(steps), "notes": tuple(notes)})


_LAYERS_OF: dict[EffectKind, tuple[str, ...]] = {
    EffectKind.ADD_TYPES: ("4",),
    EffectKind.ADD_SUBTYPES: ("4",),
    EffectKind.SET_TYPES: ("4",),
    EffectKind.SET_SUBTYPES: ("4",),
    EffectKind.SET_COLORS: ("5",),
    EffectKind.ADD_ABILITIES: ("6",),
    EffectKind.REMOVE_ABILITIES: ("6",),
    EffectKind.SET_PT: ("7b",),
    EffectKind.PUMP: ("7c",),
    EffectKind.SWITCH_PT: ("7d",),
    EffectKind.ANIMATE: ("4", "5", "6", "7b"),
    EffectKind.GAIN_CONTROL: ("2",),
}


def current_controller(obj: GameObject) -> Player:
    """Who controls ``obj`` after layer 2: the latest control-changing effect, else its controller."""
    changes = [e for e in sorted(obj.effects, key=lambda e: e.timestamp) if e.spec.controller is not None]
    return changes[-1].spec.controller if changes and changes[-1].spec.controller else obj.controller


def _layer_two(obj: GameObject, effects: list[TimedEffect]) -> list[Explanation]:
    return [
        Explanation.of(f"Layer 2: an effect gives control of {obj.id} to {e.spec.controller}.", LAYER_2)
        for e in effects
        if e.spec.kind is EffectKind.GAIN_CONTROL
    ]


def _effects_in_several_layers(effects: list[TimedEffect]) -> list[Explanation]:
    """Notes for each effect whose parts (one timestamp) apply in different layers (CR 613.6)."""
    layers_of: dict[int, list[str]] = {}
    for effect in effects:
        layers = layers_of.setdefault(effect.timestamp, [])
        layers += [layer for layer in _LAYERS_OF[effect.spec.kind] if layer not in layers]
    return [
        Explanation.of(
            f"One effect has parts in layers {', '.join(layers[:-1])} and {layers[-1]}: each part applies in "
            "its own layer, to the same object.",
            PARTS_IN_THEIR_LAYERS,
        )
        for layers in layers_of.values()
        if len(layers) > 1
    ]


def _shared_layer_notes(effects: list[TimedEffect]) -> list[Explanation]:
    """Notes for each (sub)layer several effects share: timestamp order decides, no dependency (613.8a)."""
    shared: dict[str, int] = {}
    for effect in effects:
        for layer in _LAYERS_OF[effect.spec.kind]:
            shared[layer] = shared.get(layer, 0) + 1
    return [
        Explanation.of(
            f"Layer {layer}: {count} effects apply in timestamp order. None of them changes the existence of "
            "another, what it applies to or what it does, so no dependency reorders them.",
            TIMESTAMPS,
            DEPENDENCY,
        )
        for layer, count in shared.items()
        if count > 1
    ]


def _layer_four(
    values: Characteristics, obj: GameObject, effects: list[TimedEffect], notes: list[Explanation]
) -> Characteristics:
    if any(a.keyword == "Changeling" for a in values.abilities) and values.is_a("Creature"):
        values = values.model_copy(update={"subtypes": merged(values.subtypes, [ALL_CREATURE_TYPES])})
    chosen = obj.choices.get("creature type")
    if chosen and any(
        "is the chosen type in addition to its other types" in a.rules_text for a in values.abilities
    ):
        values = values.model_copy(update={"subtypes": merged(values.subtypes, [chosen])})
        if any(e.spec.kind in (EffectKind.SET_SUBTYPES, EffectKind.SET_TYPES) for e in effects):
            notes.append(
                Explanation.of(
                    "Its own ability adding the chosen creature type and an effect setting its types apply "
                    "in the same layer; if one depends on the other, dependency decides the order.",
                    DEPENDENCY,
                )
            )
    for effect in effects:
        values = _type_change(values, effect.spec)
    return values


def _type_change(values: Characteristics, spec: EffectSpec) -> Characteristics:
    types, subtypes = spec.types or (), spec.subtypes or ()
    match spec.kind:
        case EffectKind.ADD_TYPES:
            return values.model_copy(update={"types": merged_types(values.types, types)})
        case EffectKind.ADD_SUBTYPES:
            return values.model_copy(update={"subtypes": merged(values.subtypes, subtypes)})
        case EffectKind.SET_TYPES:
            return values.model_copy(update={"types": types})
        case EffectKind.SET_SUBTYPES:
            return values.model_copy(update={"subtypes": subtypes})
        case EffectKind.ANIMATE if spec.keep_types:
            return values.model_copy(
                update={
                    "types": merged_types(values.types, types),
                    "subtypes": merged(values.subtypes, subtypes),
                }
            )
        case EffectKind.ANIMATE:
            return values.model_copy(update={"types": types, "subtypes": subtypes})
    return values


def _layer_five(values: Characteristics, effects: list[TimedEffect]) -> Characteristics:
    for effect in effects:
        if effect.spec.kind in (EffectKind.SET_COLORS, EffectKind.ANIMATE) and effect.spec.colors is not None:
            values = values.model_copy(update={"colors": colors_of((), effect.spec.colors)})
    return values


def _layer_six(values: Characteristics, obj: GameObject, effects: list[TimedEffect]) -> Characteristics:
    for effect in effects:
        spec = effect.spec
        if spec.kind in (EffectKind.ADD_ABILITIES, EffectKind.ANIMATE):
            added = tuple(GameAbility.granted(a) for a in spec.abilities)
            values = values.model_copy(update={"abilities": values.abilities + added})
        elif spec.kind is EffectKind.REMOVE_ABILITIES:
            removed = {a.casefold() for a in spec.abilities}
            kept = (
                ()
                if spec.all_abilities
                else tuple(a for a in values.abilities if a.text.casefold() not in removed)
            )
            values = values.model_copy(update={"abilities": kept})
    keywords = tuple(
        GameAbility.granted(kind.title())
        for kind in obj.counters
        if kind.casefold() in KEYWORD_COUNTER_KINDS and obj.counters[kind] > 0
    )
    return values.model_copy(update={"abilities": values.abilities + keywords})


def _layer_seven(
    values: Characteristics,
    obj: GameObject,
    board: Board,
    effects: list[TimedEffect],
    steps: list[Explanation],
    notes: list[Explanation],
) -> tuple[int | None, int | None]:
    if (values.power is None or values.toughness is None) and not values.is_a("Creature"):
        return None, None
    power, toughness = _base_numbers(values, obj, board, steps)
    setting = [
        e.spec
        for e in effects
        if e.spec.kind in (EffectKind.SET_PT, EffectKind.ANIMATE)
        and (e.spec.power is not None or e.spec.pt_count)
    ]
    for spec in setting:
        power, toughness = spec.power, spec.toughness
        counted = ""
        if spec.pt_count:
            power = toughness = creature_cards_in_graveyard(board, obj)
            counted = f" (the number of {spec.pt_count}, counted now)"
        steps.append(
            Explanation.of(
                f"Layer 7b: an effect sets its power and toughness to {power}/{toughness}{counted}.",
                LAYER_7B,
            )
        )
    if power is None or toughness is None:
        if values.power is not None:
            notes.append(
                Explanation.of(
                    "Nothing defines its printed */* on this board, so each undefined number is 0.", LAYER_7A
                )
            )
        power, toughness = power or 0, toughness or 0
    for effect in effects:
        if effect.spec.kind is EffectKind.PUMP and not _has_colors(values, effect.spec.if_colors, steps):
            continue
        if effect.spec.kind is EffectKind.PUMP:
            power += effect.spec.power or 0
            toughness += effect.spec.toughness or 0
            steps.append(
                Explanation.of(
                    f"Layer 7c: an effect gives it {effect.spec.power:+d}/{effect.spec.toughness:+d}.",
                    LAYER_7C,
                )
            )
    for kind, count in obj.counters.items():
        match = _PT_COUNTER.match(kind)
        if match and count:
            power += int(match.group(1)) * count
            toughness += int(match.group(2)) * count
            steps.append(
                Explanation.of(f"Layer 7c: {count} {kind} counter{'s' if count != 1 else ''}.", LAYER_7C)
            )
    if sum(e.spec.kind is EffectKind.SWITCH_PT for e in effects) % 2:
        power, toughness = toughness, power
        steps.append(Explanation.of("Layer 7d: its power and toughness are switched.", LAYER_7D))
    return power, toughness


def _has_colors(values: Characteristics, colors: tuple[str, ...], steps: list[Explanation]) -> bool:
    """Whether an effect for creatures of ``colors`` applies, by its colors after layer 5 (CR 613.5)."""
    if all(color in values.colors for color in colors):
        return True
    words = " and ".join(COLOR_NAMES[color] for color in colors)
    steps.append(
        Explanation.of(
            f"Layer 7c: the effect that applies to {words} creatures doesn't apply to it: after layer 5 it "
            f"isn't {words}.",
            LAYER_7C,
            CONTINUALLY_APPLIED,
        )
    )
    return False


def _base_numbers(
    values: Characteristics, obj: GameObject, board: Board, steps: list[Explanation]
) -> tuple[int | None, int | None]:
    """Layer 7a: printed numbers, or what a power/toughness-defining CDA says on this board."""
    power = values.power.value if values.power else None
    toughness = values.toughness.value if values.toughness else None
    if power is not None and toughness is not None:
        return power, toughness
    chosen = _chosen_number(values, obj)
    if chosen is not None:
        steps.append(
            Explanation.of(
                f"Layer 7a: its characteristic-defining ability uses the number chosen for it ({chosen}), "
                f"so it is {chosen}/{7 - chosen}.",
                LAYER_7A,
            )
        )
        return chosen, 7 - chosen
    for ability in values.abilities:
        if ability.kind in (
            AbilityKind.CHARACTERISTIC_DEFINING,
            AbilityKind.STATIC,
        ) and _GRAVEYARD_TYPES_CDA.search(ability.rules_text):
            found = graveyard_card_types(board)
            count = len(found)
            plus = 1 if _PLUS_ONE_TOUGHNESS.search(ability.rules_text) else 0
            listed = ", ".join(found) or "none"
            double = [o.card.name for o in board.in_zone(Zone.GRAVEYARD) if o.card and _double_faced(o.card)]
            front_only = (
                " A double-faced card in a graveyard has only its front face's characteristics "
                f"({', '.join(double)})."
                if double
                else ""
            )
            steps.append(
                Explanation.of(
                    f"Layer 7a: its characteristic-defining ability counts the card types among cards in all "
                    f"graveyards ({listed}: {count}), so it is {count}/{count + plus}.{front_only}",
                    LAYER_7A,
                    *((FRONT_FACE_ONLY,) if double else ()),
                )
            )
            return count, count + plus
    return power, toughness


def _chosen_number(values: Characteristics, obj: GameObject) -> int | None:
    """Shapeshifter's CDA: power is the last chosen number and toughness is 7 minus it."""
    if not any(_CHOSEN_NUMBER_CDA.search(a.rules_text) for a in values.abilities):
        return None
    chosen = obj.choices.get("number", "")
    return int(chosen) if chosen.isdigit() and int(chosen) <= 7 else None


def _double_faced(card: Card) -> bool:
    return card.layout in ("transform", "modal_dfc", "meld") and len(card.faces) > 1


def creature_cards_in_graveyard(board: Board, obj: GameObject) -> int:
    """Creature cards in the graveyard of ``obj``'s controller (tokens there are not cards, CR 111.7)."""
    return sum(
        1
        for card in board.in_zone(Zone.GRAVEYARD)
        if card.owner is current_controller(obj)
        and card.card is not None
        and not card.token
        and "Creature" in card.card.front.type_line.types
    )


def graveyard_card_types(board: Board) -> tuple[str, ...]:
    """Card types among cards in all graveyards (tokens cease to exist there, CR 111.7)."""
    found: set[str] = set()
    for obj in board.in_zone(Zone.GRAVEYARD):
        if obj.card is not None and not obj.token:
            # Outside the battlefield only a split card has both halves' types (CR 709.4c, 712.8a).
            faces = obj.card.faces if obj.card.layout == "split" else obj.card.faces[:1]
            for face in faces:
                found.update(t for t in face.type_line.types if t in CARD_TYPES)
    return tuple(t for t in CARD_TYPES if t in found)
