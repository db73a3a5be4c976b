"""Layer 1 (CR 613.2): an object's copiable values: its printed text (the face that's up, 712.8; a flip
card's halves, 710; a melded permanent, 712.8g), its copy effects, "as enters" P/T settings and merges
(727.2a, ``engine.layers.merged``) in timestamp order (613.2a, 707.2), and its face-down status (613.2b,
708.2), cached by the object's identity.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core.characteristics import (
    Characteristics,
    CopiableText,
    GameAbility,
    colors_of,
    face_down_values,
    mana_value_of,
    merged,
    merged_types,
)
from engine.core.identity_cache import ByIdentity
from engine.core.model import Card, PrintedNumber
from engine.layers.merged import merged_text
from engine.layers.text import (
    with_intrinsic_mana,
)
from engine.oracle.entering import (
    pt_options,
    pt_setting_ability,
)
from engine.oracle.wording import prototype_of
from engine.state.board import (
    AppliedCopy,
    AsEntersSetting,
    GameObject,
)
from engine.state.merges import MergedPart


def is_melded(card: Card) -> bool:
    """Whether ``card`` is the combined back face of a meld pair (a melded permanent, CR 712.4a).

    The Scryfall object of a meld result has layout ``meld`` and no mana cost of its own.
    """
    return card.layout == "meld" and len(card.faces) == 1 and not card.front.mana_cost and card.mana_value > 0


def printed_text(obj: GameObject) -> CopiableText:
    """The values printed on the face of the object that's up (CR 613.1, 707.8, 712.8d-g), a basic land type's
    intrinsic mana ability included (CR 305.6: Scryfall prints it only as reminder text)."""
    return _printed_text(obj).mapped(with_intrinsic_mana)


def _printed_text(obj: GameObject) -> CopiableText:
    if obj.excepted_faces:
        return obj.excepted_faces[1 if obj.transformed else 0]
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
    if card.layout == "split" and len(card.faces) > 1:
        return CopiableText(main=_both_halves(card))
    main = Characteristics.of_face(card.front)
    if obj.prototyped:
        main = prototyped_values(main)
    if is_melded(card):
        main = main.model_copy(update={"mana_value": int(card.mana_value)})
    return CopiableText(main=main)


def _both_halves(card: Card) -> Characteristics:
    """A split card off the stack has both halves' characteristics combined (CR 709.4): both names, the
    combined mana cost (its colors and mana value from it, 709.4b), each half's types and abilities
    (709.4c); a Room's shared type line gives both halves the same types (709.5a)."""
    halves = [Characteristics.of_face(face) for face in card.faces]
    first = halves[0]
    mana_cost = tuple(symbol for half in halves for symbol in half.mana_cost)
    return first.model_copy(
        update={
            "name": card.name,
            "mana_cost": mana_cost,
            "mana_value": mana_value_of(mana_cost),
            "colors": colors_of(mana_cost),
            "types": merged_types(first.types, [t for half in halves[1:] for t in half.types]),
            "subtypes": merged(first.subtypes, [s for half in halves[1:] for s in half.subtypes]),
            "abilities": tuple(a for half in halves for a in half.abilities),
        }
    )


def prototyped_values(values: Characteristics) -> Characteristics:
    """A prototyped spell and the permanent it becomes have only its prototype's mana cost, power and
    toughness, and the colors of that mana cost (CR 718.3b); a copy of it has them too (718.3d)."""
    found = prototype_of(values.abilities)
    if found is None:
        return values
    cost, power, toughness = found
    return values.model_copy(
        update={
            "mana_cost": cost,
            "mana_value": mana_value_of(cost),
            "colors": colors_of(cost),
            "power": _printed(power),
            "toughness": _printed(toughness),
        }
    )


def _printed(number: str) -> PrintedNumber:
    return PrintedNumber(printed=number, value=int(number) if number.isdigit() else None)


def layer_one_text(obj: GameObject) -> CopiableText:
    """Layer 1a: the printed text as modified by copy effects and P/T-setting "as enters" effects."""
    return _LAYER_ONE(obj)


def _layer_one_text(obj: GameObject) -> CopiableText:
    # Building a board asks for every object's copiable values after each event: worked out once per object.
    text = _layer_one(obj, until_merge=False)
    if any(u.copiable for u in obj.unknowns):
        text = text.mapped(_without_option_results)
    return text


def merge_base(obj: GameObject) -> CopiableText:
    """A merged permanent's values as its first part merged with it (CR 727.2a): the printed text, copy
    effects and settings before that; an object that isn't merged, its layer 1a values."""
    return _layer_one(obj, until_merge=True)


def _layer_one(obj: GameObject, *, until_merge: bool) -> CopiableText:
    text = printed_text(obj)
    # Stable sort: a copy effect and the "as enters" setting it lets apply share the entering timestamp; a
    # listed permanent's merges (its entering timestamp too) come after what it entered with (CR 727.2a).
    merges = obj.merge.parts if obj.merge else ()
    effects: list[AppliedCopy | AsEntersSetting | MergedPart] = sorted(
        (*obj.copies, *obj.settings, *merges), key=lambda e: e.timestamp
    )
    base: CopiableText | None = None  # its own values as the first part merged with it
    for effect in effects:
        if isinstance(effect, MergedPart) and obj.merge is not None:
            if until_merge:
                return text
            base = text if base is None else base
            text = merged_text(obj.merge, base, obj.merge.parts.index(effect) + 1)
        elif isinstance(effect, AppliedCopy):
            text = effect.values
        elif isinstance(effect, AsEntersSetting):
            text = apply_setting(text, effect)
    return text


def _without_option_results(values: Characteristics) -> Characteristics:
    """``values`` without the subtypes and abilities an option of their P/T-setting "as enters" ability
    gives: a copy that applied it anew with its result not given has none of them known to apply, the
    original's among them (its own result replaces the original's: CR 707.6, the Primal Clay ruling)."""
    ability = pt_setting_ability(values.abilities)
    options = pt_options(ability) if ability else ()
    abilities = _given_by_some(tuple(o.abilities for o in options))
    subtypes = _given_by_some(tuple(o.subtypes for o in options))
    return values.model_copy(
        update={
            "subtypes": tuple(t for t in values.subtypes if t not in subtypes),
            "abilities": tuple(a for a in values.abilities if a.rules_text not in abilities),
        }
    )


def _given_by_some(given: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    """What some of the options give but not all of them (what all give is known either way)."""
    if not given:
        return frozenset()
    every = frozenset(given[0]).intersection(*given[1:])
    return frozenset(part for parts in given for part in parts) - every


_LAYER_ONE = ByIdentity(_layer_one_text, size=1024)


def apply_setting(text: CopiableText, setting: AsEntersSetting) -> CopiableText:
    """Apply a P/T-setting "as enters" choice (Primal Clay's 1/6 Wall with defender) to the text."""

    def changed(values: Characteristics) -> Characteristics:
        # A new choice replaces what another option (the copied original's) gave: the Primal Clay ruling.
        # What this option gives is given once, even when the copied original's result gave it too.
        others = _other_options(values, setting)
        replaced = others.abilities | frozenset(setting.abilities)
        kept = tuple(a for a in values.abilities if a.rules_text not in replaced)
        return values.model_copy(
            update={
                "power": setting.power,
                "toughness": setting.toughness,
                "types": merged_types(values.types, setting.types),
                "subtypes": merged(
                    tuple(t for t in values.subtypes if t not in others.subtypes), setting.subtypes
                ),
                "abilities": kept + tuple(GameAbility.granted(a) for a in setting.abilities),
            }
        )

    return text.mapped(changed)


class _Given(NamedTuple):
    subtypes: frozenset[str]
    abilities: frozenset[str]


def _other_options(values: Characteristics, setting: AsEntersSetting) -> _Given:
    """The subtypes and abilities the options of ``values``' P/T setting other than ``setting``'s give."""
    ability = pt_setting_ability(values.abilities)
    options = [o for o in pt_options(ability) if o.text != setting.option] if ability else []
    return _Given(
        frozenset(t for o in options for t in o.subtypes if t not in setting.subtypes),
        frozenset(a for o in options for a in o.abilities if a not in setting.abilities),
    )


def text_for_copying(obj: GameObject) -> CopiableText:
    """What a copy of ``obj`` copies: layer 1a, or the face-down 2/2 (CR 707.2, 708.2)."""
    return CopiableText(main=face_down_values(obj.face_down)) if obj.face_down else layer_one_text(obj)


def copiable_values(obj: GameObject) -> Characteristics:
    """The object's copiable values (613.2c): layer 1 as modified by its flip and face-down status."""
    if obj.face_down:
        return face_down_values(obj.face_down)
    return layer_one_text(obj).with_status(obj.flipped)
