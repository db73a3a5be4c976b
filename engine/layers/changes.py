"""What one effect part does to an object's characteristics in layers 4, 5 and 6 (CR 613.1d-f): card types and
subtypes (205.1, 205.3d, 305.7), colors (105), abilities (613.1f) and keyword counters, and the P/T a
noncreature loses (208.3)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.characteristics import (
    Characteristics,
    GameAbility,
    colors_of,
    merged,
    merged_types,
)
from engine.core.citations import cite
from engine.core.effects import EffectKind, EffectSpec
from engine.core.messages import msg
from engine.core.results import Explanation
from engine.layers.numbers import (
    permanent,
)
from engine.layers.text import (
    basic_land_types,
    with_intrinsic_mana,
)
from engine.oracle.statics import (
    SUBTYPES_OF,
)
from engine.oracle.types import gainable_subtypes, subtypes_not_gained
from engine.state.board import (
    GameObject,
)

_CREATURE_TYPE_OWNERS = frozenset(["Creature", "Kindred", "Tribal"])
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
NO_PT = cite("208.3", "A noncreature permanent has no power or toughness")
KEYWORD_COUNTERS = cite("613.1f", "keyword counters")


def _type_change(values: Characteristics, spec: EffectSpec) -> Characteristics:
    types, subtypes = spec.types or (), spec.subtypes or ()
    match spec.kind:
        case EffectKind.ADD_TYPES:
            return values.model_copy(update={"types": merged_types(values.types, types)})
        case EffectKind.ADD_SUBTYPES:
            gained = gainable_subtypes(values.types, subtypes)
            added = values.model_copy(update={"subtypes": merged(values.subtypes, gained)})
            # A land gaining basic land types keeps its rules text and gains their mana abilities (305.7).
            return with_intrinsic_mana(added) if _gives_basic_land_type(spec, values) else added
        case EffectKind.SET_TYPES:
            return _set_card_types(values, types)
        case EffectKind.REMOVE_TYPES:
            return _set_card_types(values, tuple(t for t in values.types if t not in types))
        case EffectKind.SET_SUBTYPES if _gives_basic_land_type(spec, values):
            # Part of the same type-changing effect: the abilities of its rules text and copy effects go
            # with its old land types; abilities other effects grant come later, in layer 6 (CR 305.7).
            stripped = _set_subtypes(values, gainable_subtypes(values.types, subtypes))
            return with_intrinsic_mana(stripped.model_copy(update={"abilities": ()}))
        case EffectKind.SET_SUBTYPES:
            return _set_subtypes(values, gainable_subtypes(values.types, subtypes))
        case EffectKind.ANIMATE if spec.keep_types:
            kept = merged_types(values.types, types)
            return values.model_copy(
                update={"types": kept, "subtypes": merged(values.subtypes, gainable_subtypes(kept, subtypes))}
            )
        case EffectKind.ANIMATE:
            return values.model_copy(update={"types": types, "subtypes": gainable_subtypes(types, subtypes)})
    return values


def as_gained(values: Characteristics, specs: tuple[EffectSpec, ...]) -> tuple[EffectSpec, ...]:
    """``specs`` giving only the subtypes an object with ``values`` gains from them (CR 205.3d): each
    must correspond to one of the card types it has once that part has applied."""
    if not any(spec.subtypes for spec in specs):
        return specs
    gained = []
    for spec in specs:
        if spec.subtypes:
            types = _type_change(values, spec.model_copy(update={"subtypes": ()})).types
            spec = spec.model_copy(update={"subtypes": gainable_subtypes(types, spec.subtypes)})
        values = _type_change(values, spec)
        gained.append(spec)
    return tuple(gained)


def subtypes_not_gained_steps(
    values: Characteristics, specs: tuple[EffectSpec, ...], gained: tuple[EffectSpec, ...]
) -> list[Explanation]:
    """Why the subtypes ``specs`` give beyond what they ``gained`` aren't there (CR 205.3d)."""
    kept = {s for spec in gained for s in spec.subtypes or ()}
    lost = [s for spec in specs for s in spec.subtypes or () if s not in kept]
    not_gained = subtypes_not_gained(values.types, lost)
    return [not_gained] if not_gained else []


def _gives_basic_land_type(spec: EffectSpec, values: Characteristics) -> bool:
    """Whether ``spec`` sets or adds basic land types of a land (CR 305.7)."""
    return values.is_a("Land") and bool(basic_land_types(spec.subtypes))


def _set_card_types(values: Characteristics, types: tuple[str, ...]) -> Characteristics:
    """New card types replace the old ones; subtypes go with a removed card type unless they're also the
    subtypes of a card type it still has (CR 205.1a)."""
    kept = tuple(s for s in values.subtypes if _subtype_owners(s, values) & {*types})
    return values.model_copy(update={"types": types, "subtypes": kept})


def _set_subtypes(values: Characteristics, subtypes: tuple[str, ...]) -> Characteristics:
    """New subtypes replace the existing ones of the same kind: creature types, land types … (CR 205.1a)."""
    replaced = {kind for s in subtypes for kind in _subtype_owners(s, values)}
    kept = tuple(s for s in values.subtypes if not _subtype_owners(s, values) & replaced)
    return values.model_copy(update={"subtypes": merged(kept, subtypes)})


def _subtype_owners(subtype: str, values: Characteristics) -> frozenset[str]:
    """The card types ``subtype`` belongs to (CR 205.3): a planeswalker's own, else creature types."""
    for card_type, names in SUBTYPES_OF.items():
        if subtype in names:
            return frozenset([card_type])
    if values.is_a("Planeswalker") and not _CREATURE_TYPE_OWNERS & {*values.types}:
        return frozenset(["Planeswalker"])
    return _CREATURE_TYPE_OWNERS


def _color_change(values: Characteristics, spec: EffectSpec) -> Characteristics:
    if spec.colors is None:
        return values
    kept = values.colors if spec.kind is EffectKind.ADD_COLORS else ()  # "in addition to" (CR 105.3)
    return values.model_copy(update={"colors": colors_of((), (*kept, *spec.colors))})


def _ability_change(values: Characteristics, spec: EffectSpec) -> Characteristics:
    if spec.kind in (EffectKind.ADD_ABILITIES, EffectKind.ANIMATE):
        added = tuple(GameAbility.granted(a) for a in spec.abilities)
        return values.model_copy(update={"abilities": values.abilities + added})
    if spec.all_abilities:
        return values.model_copy(update={"abilities": ()})
    removed = {a.casefold() for a in spec.abilities}
    return values.model_copy(
        update={"abilities": tuple(a for a in values.abilities if a.text.casefold() not in removed)}
    )


LAYER_CHANGES: dict[str, Callable[[Characteristics, EffectSpec], Characteristics]] = {
    "4": _type_change,
    "5": _color_change,
    "6": _ability_change,
}


def keyword_counters(values: Characteristics, obj: GameObject, steps: list[Explanation]) -> Characteristics:
    """``values`` with the keyword abilities ``obj``'s keyword counters give it (CR 613.1f, 122.1b), each
    said in ``steps``."""
    kinds = [
        kind for kind in obj.counters if kind.casefold() in KEYWORD_COUNTER_KINDS and obj.counters[kind] > 0
    ]
    steps += [
        Explanation.of(
            msg("Layer 6: its {kind} counter gives it {keyword}.", kind=kind, keyword=kind.capitalize()),
            KEYWORD_COUNTERS,
        )
        for kind in kinds
    ]
    keywords = tuple(GameAbility.granted(kind.title()) for kind in kinds)
    return values.model_copy(update={"abilities": values.abilities + keywords})


def no_pt_note(values: Characteristics, obj: GameObject) -> list[Explanation]:
    """Why a noncreature permanent (a land, an uncrewed Vehicle) has no power or toughness (CR 208.3)."""
    if not permanent(obj):
        return []
    printed = msg(", even with numbers printed on it") if values.power is not None else ""
    return [
        Explanation.of(
            msg("It isn't a creature, so it has no power or toughness{printed}.", printed=printed), NO_PT
        )
    ]
