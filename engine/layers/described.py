"""How an answer words an effect the layer system applies (CR 613.1): what it sets or changes, by layer, and
the ability it comes from with its self-references naming the card (201.5)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.effects import EffectKind, EffectSpec, Player
from engine.core.messages import (
    Message,
    Param,
    card,
    indefinite,
    listing,
    msg,
    semicolon_series,
    series,
    type_words,
)
from engine.core.model import SELF
from engine.layers.statics import (
    COLOR_SHOWN,
    Seen,
    counted,
    life_x,
)
from engine.layers.text import (
    basic_land_types,
    intrinsic_mana,
)
from engine.oracle.static_effects import ForEach
from engine.oracle.statics import (
    SUBTYPES_OF,
    StaticAbility,
)


def described_pt(spec: EffectSpec) -> Message | None:
    """How a P/T-changing effect is worded ("gives it +1/+1", …); None when it isn't one this words."""
    if spec.kind is EffectKind.PUMP:
        return msg("gives it {power}/{toughness}", power=signed(spec.power), toughness=signed(spec.toughness))
    if spec.kind is EffectKind.SET_PT and spec.power is None:
        return msg("makes its base power and toughness each equal to its mana value")
    if spec.kind is EffectKind.SET_PT:
        return msg(
            "makes its base power and toughness {power}/{toughness}",
            power=spec.power or 0,
            toughness=spec.toughness or 0,
        )
    return None


def described_effect(spec: EffectSpec, layer: str, name: str | None = None) -> Message:
    """What ``spec`` does in ``layer`` (4, 5 or 6), as a step says it (an ability it gives that names itself
    naming ``name``, CR 201.5)."""
    types = _type_words(spec)
    match spec.kind, layer:
        case EffectKind.ADD_SUBTYPES, _ if not spec.subtypes:
            return msg("would add only subtypes it can't have, so it changes nothing")
        case EffectKind.ADD_SUBTYPES, _ if (
            basic_land_types(spec.subtypes) and not set(spec.subtypes or ()) <= SUBTYPES_OF["Land"]
        ):
            return msg(
                "makes it {types} in addition to its other types: it keeps its rules text and gains {mana}",
                types=types,
                mana=_mana_words(spec),
            )
        case EffectKind.ADD_SUBTYPES, _ if basic_land_types(spec.subtypes):
            return msg(
                "makes it {types} in addition to its other land types: it keeps its rules text and gains "
                "{mana}",
                types=types,
                mana=_mana_words(spec),
            )
        case ((EffectKind.ADD_TYPES | EffectKind.ADD_SUBTYPES), _):
            return msg("makes it {types} in addition to its other types", types=types)
        case EffectKind.SET_TYPES, _:
            return msg("sets its card types to {types}", types=types)
        case EffectKind.REMOVE_TYPES, _:
            return msg(
                "makes it stop being {types}, and lose the subtypes of that type",
                types=indefinite(type_words([t.lower() for t in spec.types or ()])),
            )
        case EffectKind.SET_SUBTYPES, _ if basic_land_types(spec.subtypes):
            return msg(
                "sets its land types to {types}: as part of this type-changing effect it loses its old land "
                "types and the abilities of its rules text and copy effects, and gains {mana} (abilities "
                "other effects give it are kept)",
                types=types,
                mana=_mana_words(spec),
            )
        case EffectKind.SET_SUBTYPES, _:
            return msg("sets its {kind} to {types}", kind=_subtype_kind(spec.subtypes or ()), types=types)
        case EffectKind.ANIMATE, "4" if spec.keep_types:
            return msg("makes it {types} in addition to its other types", types=types)
        case EffectKind.ANIMATE, "4":
            return msg("makes it {types} instead of its other types", types=types)
        case EffectKind.ADD_COLORS, _:
            words = [COLOR_SHOWN[c] for c in spec.colors or () if c in COLOR_SHOWN]
            return msg("makes it {colors} in addition to its other colors", colors=listing(words))
        case ((EffectKind.SET_COLORS | EffectKind.ANIMATE), "5"):
            words = [COLOR_SHOWN[c] for c in spec.colors or ()]
            return msg("makes it {colors}", colors=listing(words) if words else msg("colorless"))
        case ((EffectKind.ADD_ABILITIES | EffectKind.ANIMATE), "6"):
            return msg(
                "gives it {abilities}",
                abilities=semicolon_series([_quoted(_named_self(a, name)) for a in spec.abilities]),
            )
        case EffectKind.REMOVE_ABILITIES, _ if spec.all_abilities:
            return msg("removes all its abilities")
        case EffectKind.REMOVE_ABILITIES, _:
            return msg(
                "removes {abilities}",
                abilities=series([_named_self(a, name) for a in spec.abilities]) if spec.abilities else "",
            )
    return msg("applies {effect}", effect=effect_phrase(spec))


def signed(number: int | None) -> str:
    """A power/toughness modifier as printed: "+1", "-2", "+0"."""
    return f"{number or 0:+d}"


def _named_self(ability: str, name: str | None) -> str:
    return ability.replace(SELF, name) if name is not None else ability


PLAYER_WORDS: dict[Player, Param] = {Player.YOU: msg("you"), Player.OPPONENT: msg("opponent")}

_EFFECT_NAMES = {
    EffectKind.PUMP: msg("the effect that modifies its power and toughness"),
    EffectKind.SET_PT: msg("the effect that sets its power and toughness"),
    EffectKind.SWITCH_PT: msg("the effect that switches its power and toughness"),
    EffectKind.ADD_ABILITIES: msg("the effect that gives it abilities"),
    EffectKind.REMOVE_ABILITIES: msg("the effect that removes abilities from it"),
    EffectKind.ADD_TYPES: msg("the effect that adds card types to it"),
    EffectKind.SET_TYPES: msg("the effect that sets its card types"),
    EffectKind.REMOVE_TYPES: msg("the effect that removes card types from it"),
    EffectKind.SET_COLORS: msg("the effect that sets its colors"),
    EffectKind.ADD_COLORS: msg("the effect that adds colors to it"),
    EffectKind.GAIN_CONTROL: msg("the effect that changes its controller"),
}


def effect_phrase(spec: EffectSpec) -> Message:
    """A continuous effect as a player would name it: "the effect that sets its power and toughness"."""
    match spec.kind:
        case EffectKind.ADD_SUBTYPES:
            return msg("the effect that adds {kind} to it", kind=_subtype_kind(spec.subtypes or ()))
        case EffectKind.SET_SUBTYPES:
            return msg("the effect that sets its {kind}", kind=_subtype_kind(spec.subtypes or ()))
        case EffectKind.ANIMATE:
            return msg("the effect that makes it {types}", types=_type_words(spec))
    return _EFFECT_NAMES[spec.kind]


def effect_name(spec: EffectSpec) -> str:
    """:func:`effect_phrase` in English."""
    return effect_phrase(spec).english


def _mana_words(spec: EffectSpec) -> Param:
    return listing([f"“{intrinsic_mana(s).text}”" for s in basic_land_types(spec.subtypes)])


def _quoted(ability: str) -> str:
    """A granted ability as a step names it: a keyword as it is, other rules text in quotes."""
    return f"“{ability}”" if ability.endswith(".") or ":" in ability else ability


_SUBTYPE_KINDS: dict[str, Param] = {
    "Artifact": msg("artifact types"),
    "Enchantment": msg("enchantment types"),
    "Land": msg("land types"),
    "Creature": msg("creature types"),
}


def _subtype_kind(subtypes: tuple[str, ...]) -> Param:
    """ "creature types", "land types" …: the kind of subtypes a subtype-setting effect replaces."""
    kinds = [next((t for t, names in SUBTYPES_OF.items() if s in names), "Creature") for s in subtypes]
    return listing([_SUBTYPE_KINDS[kind] for kind in dict.fromkeys(kinds)])


def _type_words(spec: EffectSpec) -> Param:
    words = (*(spec.subtypes or ()), *(spec.types or ()))
    return type_words(words) if words else msg("typeless")


def counted_label(
    label: Param, per: ForEach, source: Seen, target: Seen, world: Mapping[str, Seen]
) -> Message:
    """A "for each" ability's label with what it counts for ``target`` after layer 6 (CR 611.3a, 613.4c)."""
    found = counted(per, source, target, world)
    return msg(
        "{label} (for each {per}: {count}, {found}, counted after layer 6)",
        label=label,
        per=per.text,
        count=len(found),
        found=series([card(f) for f in found]) if found else msg("none"),
    )


def life_label(label: Param, source: Seen) -> Message:
    """A "where X is your life total" ability's label with X on this board (CR 119, 611.3a)."""
    return msg("{label} (X is its controller's life total: {life})", label=label, life=life_x(source) or 0)


def chose_label(label: Param, ability: StaticAbility, target: Seen) -> Message:
    """A "controlled by players who chose war" ability's label with the choice of ``target``'s controller."""
    return msg(
        "{label} (its controller, {player}, chose {choice})",
        label=label,
        player=target.controller.value,
        choice=ability.subject.controller_chose,
    )
