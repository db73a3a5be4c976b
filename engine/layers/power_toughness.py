"""Layer 7 (CR 613.4): an object's power and toughness: 7a characteristic-defining abilities (among them the
totals of the cards exiled with it, 607.2b), 7b effects that set them, 7c effects that modify them and
counters, 7d switching.
"""

from __future__ import annotations

from typing import Literal

from engine.core.characteristics import (
    Characteristics,
)
from engine.core.citations import cite
from engine.core.effects import EffectKind
from engine.core.messages import Param, card, msg, series
from engine.core.results import Explanation, Unknown
from engine.layers.changes import NO_PT, no_pt_note
from engine.layers.copiable import copiable_values
from engine.layers.counted import creature_cards_in_graveyard
from engine.layers.described import signed
from engine.layers.exiled_links import EXILED_WITH, text_values, undecided_exiled
from engine.layers.layer_rules import LAYER_7A, LAYER_7B, LAYER_7C, LAYER_7D
from engine.layers.notes import unknown_note
from engine.layers.numbers import base_numbers, has_colors, permanent, undetermined_numbers
from engine.layers.records import Applied
from engine.oracle.static_effects import pt_modifier
from engine.oracle.wording import (
    pt_from_exiled_cards,
)
from engine.state.board import (
    Board,
    GameObject,
    exiled_with_text,
)

NO_VALUE = cite("208.5", "If a creature somehow has no value for its power, its power is 0")


def layer_seven(
    values: Characteristics,
    obj: GameObject,
    board: Board,
    effects: list[Applied],
    steps: list[Explanation],
    notes: list[Explanation],
    unknowns: list[Unknown],
) -> tuple[int | None, int | None]:
    """Layer 7 (CR 613.4); a number the engine can't determine is None with its reason in ``unknowns``."""
    if not values.is_a("Creature") and (values.power is None or values.toughness is None or permanent(obj)):
        types_unknown = [u for u in (*unknowns, *obj.unknowns) if "types" in u.characteristics]
        if not types_unknown:
            notes += no_pt_note(values, obj)
        elif not any({"power", "toughness"} & set(u.characteristics) for u in (*unknowns, *obj.unknowns)):
            # Whether it is a creature is unknown, so whether it has power and toughness is too (CR 208.3).
            unknowns.append(
                Unknown.of(("power", "toughness"), types_unknown[0].message or types_unknown[0].reason, NO_PT)
            )
        return None, None
    power, toughness = base_numbers(values, obj, board, steps)
    # A text change can give a creature with printed numbers Sutured Ghoul's CDA (604.3a): it defines them.
    way = next((w for a in values.abilities if (w := pt_from_exiled_cards(a.rules_text))), None)
    if way is not None:
        undecided = undecided_exiled(board, obj)
        if undecided is None and any("exiled cards" in u.characteristics for u in obj.unknowns):
            return None, None  # which cards it exiled as it entered is unknown: its entering note says why
        if undecided is not None:
            note, unknown = unknown_note(("power", "toughness"), undecided.reason, *undecided.rules)
            notes.append(note)
            unknowns.append(unknown)
            return None, None
        power, toughness = _exiled_totals(obj, board, notes, way)
    for effect in effects:
        spec = effect.spec
        if spec.kind not in (EffectKind.SET_PT, EffectKind.ANIMATE) or (
            spec.power is None and not spec.pt_count
        ):
            continue
        power, toughness = spec.power, spec.toughness
        counted: Param = ""
        if spec.pt_count:
            power = toughness = creature_cards_in_graveyard(board, obj)
            counted = msg(" (the number of {what}, counted now)", what=spec.pt_count)
        steps.append(
            Explanation.of(
                msg(
                    "Layer 7b: {effect} sets its power and toughness to {power}/{toughness}{counted}.",
                    effect=effect.label,
                    power=str(power),
                    toughness=str(toughness),
                    counted=counted,
                ),
                LAYER_7B,
            )
        )
    if power is None or toughness is None:
        undetermined = undetermined_numbers(values, obj, power, toughness)
        if undetermined is not None:
            note, unknown = undetermined
            notes.append(note)
            unknowns.append(unknown)
            return None, None
        if any({"power", "toughness"} & set(u.characteristics) for u in (*unknowns, *obj.unknowns)):
            return None, None  # what defines them is unknown, and the note about it says why: never 0
        if values.power is not None:
            notes.append(
                Explanation.of(
                    msg("Nothing defines its printed */* on this board, so each undefined number is 0."),
                    LAYER_7A,
                    NO_VALUE,
                )
            )
        power, toughness = power or 0, toughness or 0
    for effect in effects:
        spec = effect.spec
        if spec.kind is not EffectKind.PUMP or not has_colors(values, spec.if_colors, steps, effect.label):
            continue
        power += spec.power or 0
        toughness += spec.toughness or 0
        steps.append(
            Explanation.of(
                msg(
                    "Layer 7c: {effect} gives it {power}/{toughness}.",
                    effect=effect.label,
                    power=signed(spec.power),
                    toughness=signed(spec.toughness),
                ),
                LAYER_7C,
            )
        )
    for kind, count in obj.counters.items():
        modifier = pt_modifier(kind)
        if modifier and count:
            power += modifier[0] * count
            toughness += modifier[1] * count
            counters = (
                msg("Layer 7c: {count} {kind} counter.", count=count, kind=kind)
                if count == 1
                else msg("Layer 7c: {count} {kind} counters.", count=count, kind=kind)
            )
            steps.append(Explanation.of(counters, LAYER_7C))
    for effect in (e for e in effects if e.spec.kind is EffectKind.SWITCH_PT):
        steps.append(
            Explanation.of(
                msg(
                    "Layer 7d: {effect} switches its power and toughness: {power}/{toughness} becomes "
                    "{toughness}/{power}.",
                    effect=effect.label,
                    power=power,
                    toughness=toughness,
                ),
                LAYER_7D,
            )
        )
        power, toughness = toughness, power
    return power, toughness


def _exiled_totals(
    obj: GameObject, board: Board, notes: list[Explanation], way: Literal["totals", "mana value"]
) -> tuple[int | None, int | None]:
    """A CDA defined by the cards exiled with this object (CR 607.2b): Sutured Ghoul's total power and
    toughness, or Living Lore's exiled card's mana value (no card: 0, the ruling says).

    Only the cards an ability of the text it has now exiled count: never those the original's exiled, nor
    those an ability it had before it became a copy exiled (707.7), nor a granted ability's (607.5).
    """
    linked = exiled_with_text(board, obj, len(text_values(obj, board).abilities))
    exiled = [copiable_values(o) for o in linked]
    numbers: list[tuple[int | None, int | None]]
    if way == "mana value":
        numbers = [(c.mana_value, c.mana_value) for c in exiled]
    else:
        numbers = [(c.power.value if c.power else 0, c.toughness.value if c.toughness else 0) for c in exiled]
    if any(p is None or t is None for p, t in numbers):
        return None, None
    power = sum(p or 0 for p, _ in numbers)
    toughness = sum(t or 0 for _, t in numbers)
    names = (
        series([card(c.name) if c.name else msg("a nameless card") for c in exiled])
        if exiled
        else msg("none")
    )
    said = (
        msg(
            "Layer 7a: its characteristic-defining ability totals the cards exiled with it by its own "
            "ability ({names}), so it is {power}/{toughness}; cards another object exiled don't count.",
            names=names,
            power=power,
            toughness=toughness,
        )
        if way == "totals"
        else msg(
            "Layer 7a: its characteristic-defining ability takes the mana value of the card exiled with it "
            "by its own ability ({names}), so it is {power}/{toughness}; cards another object exiled don't "
            "count.",
            names=names,
            power=power,
            toughness=toughness,
        )
    )
    notes.append(Explanation.of(said, LAYER_7A, EXILED_WITH))
    return power, toughness
