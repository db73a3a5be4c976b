"""How the effects of a layer are ordered and worded (CR 613.7): the steps in timestamp order, with the
timestamp of a granted or attached effect (613.7a, 613.7e), the notes for an effect with parts in several
layers (613.6) and for a layer several effects share with no dependency (613.8a), and layer 2's steps.
"""

from __future__ import annotations

from functools import cache

from engine.core.citations import Citation, cite
from engine.core.effects import EffectKind, EffectSpec
from engine.core.messages import Message, card, listing, msg
from engine.core.results import Explanation
from engine.layers.dependency import DEPENDENCY
from engine.layers.described import PLAYER_WORDS, described_effect
from engine.layers.layer_rules import LAYER_2, LAYER_4, LAYER_5, LAYER_6
from engine.layers.reconfigure import RECONFIGURED
from engine.layers.records import GRANTED, OWN, Applied, Candidate, Key, effect_label, own_label
from engine.layers.statics import ENCHANTED, EQUIPPED_CREATURE, NOT_LOCKED_IN
from engine.layers.text import basic_land_types
from engine.oracle.static_effects import layers_of
from engine.state.board import (
    Board,
    GameObject,
    TimedEffect,
)

_LAYER_ORDER = ("2", "4", "5", "6", "7b", "7c", "7d")
_LAYER_RULES = {"4": LAYER_4, "5": LAYER_5, "6": LAYER_6}
GRANTED_TIMESTAMP = cite(
    "613.7a", "or the timestamp of the effect that created the ability, whichever is later"
)
_ATTACHED_ROLE_RULES = {"Equipment": EQUIPPED_CREATURE, "Aura": ENCHANTED}
ATTACHED_TIMESTAMP = cite("613.7e", "receives a new timestamp each time it becomes attached")
TYPES_SET = cite("205.1a", "Some effects set an object’s card type")
TYPES_KEPT = cite("205.1b", "specify that the object retains a prior card type")
LAND_TYPES_SET = cite("305.7", "the land no longer has its old land type")
PARTS_IN_THEIR_LAYERS = cite("613.6", "the parts of the effect each apply in their appropriate ones")
TIMESTAMPS = cite("613.7", "An effect with an earlier timestamp is applied before")
INTRINSIC_MANA = cite("305.6", "has the intrinsic ability")


def layer_steps(
    candidate: Candidate, specs: tuple[EffectSpec, ...], layer: str, board: Board, name: str
) -> list[Explanation]:
    """The step for what ``candidate`` does to one object (named ``name`` where an ability it gains names
    itself, CR 201.5) in layer 4, 5 or 6, naming what generated it."""
    parts = [spec for spec in specs if layer in layers_of(spec)]
    if not parts:
        return []
    described = listing([described_effect(spec, layer, name) for spec in parts])
    when, rules = (
        _static_reason(candidate, board)
        if candidate.static
        else (msg(" (timestamp {timestamp})", timestamp=candidate.key[0]), ())
    )
    return [
        Explanation.of(
            msg(
                "Layer {layer}: {effect} {described}{when}.",
                layer=layer,
                effect=effect_label(candidate),
                described=described,
                when=when,
            ),
            _LAYER_RULES[layer],
            *_type_rules(parts, layer),
            *rules,
        )
    ]


def _static_reason(candidate: Candidate, board: Board) -> tuple[Message, tuple[Citation, ...]]:
    """A static ability's timestamp and the rules that make it apply to the object (CR 611.3a, 613.7a)."""
    when, rules = _timestamp_reason(candidate, board.get(candidate.source or ""))
    role = candidate.static.subject.attached if candidate.static else None
    attached = (_ATTACHED_ROLE_RULES[role],) if role in _ATTACHED_ROLE_RULES else ()
    return when, (NOT_LOCKED_IN, *attached, *rules)


def _type_rules(parts: list[EffectSpec], layer: str) -> tuple[Citation, ...]:
    """CR 205.1a when a layer 4 part replaces types, 205.1b when it keeps the others."""
    if layer != "4":
        return ()
    replaces = any(_replaces_types(spec) for spec in parts)
    keeps = any(not _replaces_types(spec) for spec in parts)
    lands = (LAND_TYPES_SET, INTRINSIC_MANA) if any(basic_land_types(s.subtypes) for s in parts) else ()
    if any(spec.kind is EffectKind.REMOVE_TYPES for spec in parts):
        return (RECONFIGURED, TYPES_SET, *lands)  # only reconfigure removes a card type (702.151b)
    return (*((TYPES_SET,) if replaces else ()), *((TYPES_KEPT,) if keeps else ()), *lands)


def _replaces_types(spec: EffectSpec) -> bool:
    return spec.kind in (EffectKind.SET_TYPES, EffectKind.SET_SUBTYPES) or (
        spec.kind is EffectKind.ANIMATE and not spec.keep_types
    )


def _timestamp_reason(candidate: Candidate, source: GameObject) -> tuple[Message, tuple[Citation, ...]]:
    """Why the static ability's effect has the timestamp it has (CR 613.7a, 613.7e)."""
    stamp, source_id = candidate.key[0], card(source.id)
    if candidate.key[1] == GRANTED and candidate.key[0] > source.timestamp:
        return (
            msg(
                " (timestamp {timestamp}: that of the effect that gave {source} the ability, later than "
                "{source}'s own)",
                timestamp=stamp,
                source=source_id,
            ),
            (GRANTED_TIMESTAMP,),
        )
    if candidate.key[1] == GRANTED:
        return (
            msg(
                " (timestamp {timestamp}: {source} got a new timestamp after the ability was given to it, so "
                "each of its static abilities did too, in the same order as before)",
                timestamp=stamp,
                source=source_id,
            ),
            (GRANTED_TIMESTAMP, ATTACHED_TIMESTAMP),
        )
    if source.attached_to is not None:
        return (
            msg(
                " (timestamp {timestamp}: {source}'s, which it got when it became attached)",
                timestamp=stamp,
                source=source_id,
            ),
            (GRANTED_TIMESTAMP, ATTACHED_TIMESTAMP),
        )
    return msg(" (timestamp {timestamp}, {source}'s)", timestamp=stamp, source=source_id), (
        GRANTED_TIMESTAMP,
    )


def layer_two(obj: GameObject, effects: list[TimedEffect]) -> list[Explanation]:
    return [
        Explanation.of(
            msg(
                "Layer 2: {effect} gives control of {object} to {player} (timestamp {timestamp}).",
                effect=own_label(e),
                object=card(obj.id),
                player=PLAYER_WORDS[e.spec.controller] if e.spec.controller else "",
                timestamp=e.timestamp,
            ),
            LAYER_2,
        )
        for e in effects
        if e.spec.kind is EffectKind.GAIN_CONTROL
    ]


def effects_in_several_layers(applied: list[Applied]) -> list[Explanation]:
    """Notes for each effect whose parts (one timestamp) apply in different layers (CR 613.6)."""
    layers_by_key: dict[Key, list[str]] = {}
    for effect in applied:
        layers = layers_by_key.setdefault(_effect_key(effect), [])
        layers += [layer for layer in layers_of(effect.spec) if layer not in layers]
        layers.sort(key=_LAYER_ORDER.index)
    return [_several_layers(tuple(layers)) for layers in layers_by_key.values() if len(layers) > 1]


@cache
def _several_layers(layers: tuple[str, ...]) -> Explanation:
    return Explanation.of(
        msg(
            "One effect has parts in layers {layers}: each part applies in its own layer, to the same "
            "object.",
            layers=listing(layers),
        ),
        PARTS_IN_THEIR_LAYERS,
    )


def _effect_key(effect: Applied) -> Key:
    """One key per effect: a static ability's, or the timestamp all parts of one listed effect share."""
    return effect.key if effect.static else (effect.key[0], OWN, 0)


def shared_layer_notes(
    applied: list[Applied], dependent_layers: set[str], reordered_layers: set[str]
) -> list[Explanation]:
    """Notes for each (sub)layer several effects share: timestamp order decides, no dependency (613.8a), or
    an earlier effect began to apply only after a later one changed the object."""
    effects: dict[str, set[Key]] = {}
    for effect in applied:
        for layer in layers_of(effect.spec):
            effects.setdefault(layer, set()).add(_effect_key(effect))
    return [
        _shared_layer_note(layer, len(keys), reordered=layer in reordered_layers)
        for layer, keys in effects.items()
        if len(keys) > 1 and layer not in dependent_layers
    ]


def _shared_layer_note(layer: str, count: int, *, reordered: bool) -> Explanation:
    if reordered:
        return Explanation.of(
            msg(
                "Layer {layer}: {count} effects apply, not in timestamp order: one with an earlier timestamp "
                "began to apply to it only after a later one had changed it into something the earlier one "
                "names (it depends on the later one: applying that changes what it applies to).",
                layer=layer,
                count=count,
            ),
            TIMESTAMPS,
            DEPENDENCY,
        )
    return Explanation.of(
        msg(
            "Layer {layer}: {count} effects apply in timestamp order. None of them changes the existence of "
            "another, what it applies to or what it does, so no dependency reorders them.",
            layer=layer,
            count=count,
        ),
        TIMESTAMPS,
        DEPENDENCY,
    )
