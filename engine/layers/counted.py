"""What some characteristic-defining abilities and "as enters" settings count or leave unset: the creature
cards and card types in graveyards (Tarmogoyf-like CDAs, CR 604.3) and an "as [this] enters" P/T setting
whose result the board doesn't give (707.2, 707.6)."""

from __future__ import annotations

from engine.core.characteristics import (
    CARD_TYPES,
    Characteristics,
    GameAbility,
)
from engine.core.citations import cite
from engine.core.messages import msg
from engine.core.model import Card
from engine.core.results import Explanation, GivenBy, Unknown
from engine.layers.control import (
    current_controller,
)
from engine.layers.copiable import (
    copiable_values,
)
from engine.layers.notes import (
    unknown_note,
)
from engine.oracle.entering import (
    COIN_KEY,
    pt_option_labels,
    pt_options,
    pt_setting_ability,
    pt_setting_key,
)
from engine.state.board import (
    Board,
    GameObject,
    Zone,
)

COIN_FLIP_RESULT = cite("705.1", "Some cards refer to flipping a coin")
PT_CHOICE = cite("208.2b", "sets the creature’s power and toughness to one of a number of specific values")


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
            found.update(t for t in card_types_off_battlefield(obj.card) if t in CARD_TYPES)
    return tuple(t for t in CARD_TYPES if t in found)


def card_types_off_battlefield(card: Card) -> frozenset[str]:
    """The types of ``card`` outside the battlefield: only a split card has both halves' (CR 709.4c,
    712.8a); any other card has its front face's."""
    faces = card.faces if card.layout == "split" else card.faces[:1]
    return frozenset(t for face in faces for t in face.type_line.types)


def unset_as_entered(values: Characteristics, obj: GameObject) -> tuple[Explanation, Unknown] | None:
    """What an "as [this] enters" ability of ``values`` that sets power and toughness (and may set more)
    leaves unknown when the board doesn't give its choice or coin flip (CR 614.1c); None when there is no
    such ability or its result is given. Its result is part of the copiable values (CR 707.2)."""
    setting = pt_setting_ability(values.abilities)
    if setting is None or obj.settings:
        return None
    coin = pt_setting_key(setting) == COIN_KEY
    given = (
        msg("the coin flip's result (choices: {{coin: heads}} or {{coin: tails}})")
        if coin
        else msg("the choice (choices: {{option: N}})")
    )
    note, unknown = unknown_note(
        set_as_entered(setting),
        msg(
            "“{ability}” sets them as it enters, and the board doesn't give {given}",
            ability=setting.worded_for(values.name),
            given=given,
        ),
        PT_CHOICE,
        *((COIN_FLIP_RESULT,) if coin else ()),
    )
    update = {"given_by": (setting_given_by(obj, setting),), "may_add": option_abilities(setting)}
    return note, unknown.model_copy(update=update)


def option_abilities(setting: GameAbility) -> tuple[str, ...]:
    """Every ability an option of a P/T-setting ability gives: all that its unknown result may add."""
    return tuple(dict.fromkeys(a for option in pt_options(setting) for a in option.abilities))


def setting_given_by(obj: GameObject, setting: GameAbility) -> GivenBy:
    """The ``choices:`` key of ``obj`` that gives the result of its P/T-setting ability ``setting``."""
    return GivenBy(object_id=obj.id, key=pt_setting_key(setting), values=pt_option_labels(setting))


def set_as_entered(setting: GameAbility) -> tuple[str, ...]:
    """The characteristics an "as [this] enters" ability that sets power and toughness sets: those two,
    and the types, subtypes or abilities its options differ in."""
    options = pt_options(setting)
    differ = (
        name
        for name in ("types", "subtypes", "abilities")
        if len({getattr(option, name) for option in options}) > 1
    )
    return ("power", "toughness", *differ)


def copiable_unknowns(obj: GameObject) -> tuple[str, ...]:
    """The characteristics of ``obj``'s copiable values that aren't known: those an "as [this] enters"
    ability set, its result not given (CR 707.2), whether the ability is the object's own or one it
    copied and applied anew as it entered (CR 707.6)."""
    if obj.face_down:
        return ()
    anew = tuple(name for u in obj.unknowns if u.copiable for name in u.characteristics)
    values = copiable_values(obj)
    if anew or any(
        number is not None and number.value is None for number in (values.power, values.toughness)
    ):
        unset = unset_as_entered(values, obj)
        return tuple(dict.fromkeys((*anew, *(unset[1].characteristics if unset else ()))))
    return ()
