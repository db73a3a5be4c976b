"""Cards exiled with an object, and Duplicant's "the last creature card exiled with ~" (CR 607.2a, 712.21b).

An object's ability that exiles cards is linked to its ability that refers to the cards "exiled with
~". Duplicant's static ability gives it "the power, toughness, and creature types of the last creature
card exiled with ~": it is applied here as two effects with Duplicant's own timestamp (CR 613.7a), a
7b power/toughness setting and a layer 4 creature-type setting ("It's still a Shapeshifter").
"""

from __future__ import annotations

from engine.core.characteristics import Characteristics, GameAbility
from engine.core.citations import cite
from engine.core.effects import EffectKind, EffectSpec
from engine.core.model import Card, PrintedNumber
from engine.core.results import Explanation
from engine.layers.system import current_characteristics
from engine.oracle.statics import LastExiledWith, last_exiled_with
from engine.oracle.text import strip_reminder
from engine.state.board import Board, GameObject, TimedEffect, Zone

LINKED_EXILE = cite("607.2a", "The second ability refers only to cards in the exile zone")
CDA_EVERYWHERE = cite("604.3", "Characteristic-defining abilities function in all zones")
STATIC_TIMESTAMP = cite("613.7a", "has the same timestamp as the object the static ability is on")
MELDED_EXILE_ORDER = cite("712.21b", "that player determines the relative timestamp order of the two cards")

_KINDS = (EffectKind.SET_PT, EffectKind.SET_SUBTYPES)


def exiled_with_ability(source: GameObject, board: Board) -> int | None:
    """The number (from 1) of ``source``'s first ability that exiles: "exiled with ~" cards' ability."""
    abilities = current_characteristics(source, board).abilities
    return next((i for i, a in enumerate(abilities, 1) if "exile" in a.rules_text.casefold()), None)


def last_exiled_effects(board: Board, source: GameObject, undecided: tuple[str, ...] = ()) -> Board:
    """``source`` with the effects of its "last creature card exiled with ~" ability, if it has one.

    ``undecided``: the two cards of a melded permanent just exiled with no ``last`` choice; the player
    chooses (CR 712.21b), so no card is taken as last and a note lists the options.
    """
    found = _ability(source, board)
    if found is None:
        return board
    ability, wording = found
    if undecided:
        return board.explain(source.id, _choose_last(source, undecided), note=True)
    exiled = [o for o in board.in_zone(Zone.EXILE) if o.exiled_by == source.id and _creature_card(o.card)]
    if not exiled:
        remaining = _without_ours(source)
        board = board.replace(source.model_copy(update={"effects": remaining}))
        if len(remaining) == len(source.effects):
            return board
        return board.explain(
            source.id,
            Explanation.of(
                f"No creature card exiled with {source.id} is in exile any more, so its static ability no "
                "longer gives it another card's power, toughness and creature types.",
                LINKED_EXILE,
            ),
        )
    last = max(exiled, key=lambda o: o.timestamp)
    if last.card is None:
        return board
    kept = wording.kept
    label = f"{source.id}'s “{strip_reminder(ability.text)}”"
    # The card's values in exile, where a characteristic-defining ability still works (CR 604.3).
    values = current_characteristics(last, board)
    source = _with_effects(source, values, kept, label)
    return board.replace(source).explain(source.id, _explained(source, last, values, kept))


def _ability(source: GameObject, board: Board) -> tuple[GameAbility, LastExiledWith] | None:
    for ability in current_characteristics(source, board).abilities:
        wording = last_exiled_with(ability.rules_text)
        if wording:
            return ability, wording
    return None


def _creature_card(card: Card | None) -> bool:
    return card is not None and "Creature" in card.front.type_line.types


def _with_effects(
    source: GameObject, values: Characteristics, kept: tuple[str, ...], label: str
) -> GameObject:
    power = values.power.value if values.power and values.power.value is not None else 0
    toughness = values.toughness.value if values.toughness and values.toughness.value is not None else 0
    subtypes = tuple(dict.fromkeys((*values.subtypes, *kept)))
    others = _without_ours(source)
    added = (
        TimedEffect(
            timestamp=source.timestamp,
            spec=EffectSpec(kind=EffectKind.SET_SUBTYPES, subtypes=subtypes),
            source=label,
        ),
        TimedEffect(
            timestamp=source.timestamp,
            spec=EffectSpec(kind=EffectKind.SET_PT, power=power, toughness=toughness, with_previous=True),
            source=label,
        ),
    )
    return source.model_copy(update={"effects": (*others, *added)})


def _without_ours(source: GameObject) -> tuple[TimedEffect, ...]:
    """``source``'s effects but those its "last creature card exiled" ability applied before."""
    return tuple(
        e for e in source.effects if e.listed or e.spec.kind not in _KINDS or e.timestamp != source.timestamp
    )


def _explained(
    source: GameObject, last: GameObject, values: Characteristics, kept: tuple[str, ...]
) -> Explanation:
    name = last.card.name if last.card else last.id
    still = f" It's still a {kept[0]}." if kept else ""
    numbers = f"{_shown(values.power)}/{_shown(values.toughness)}"
    printed = last.card.front.power if last.card else None
    defined = bool(printed and not printed.printed.isdigit())
    cda = (
        f" {name}'s power and toughness are defined by an ability that works in exile too ({numbers} now)."
        if defined
        else ""
    )
    return Explanation.of(
        f"The last creature card exiled with {source.id} is {name} ({last.id}): {source.id} has its power "
        f"and toughness ({numbers}) and creature types.{still}{cda} The effect comes from {source.id}'s "
        f"static ability, so it has {source.id}'s timestamp.",
        LINKED_EXILE,
        STATIC_TIMESTAMP,
        *((CDA_EVERYWHERE,) if defined else ()),
    )


def _shown(number: PrintedNumber | None) -> str:
    return "0" if number is None or number.value is None else str(number.value)


def _choose_last(source: GameObject, undecided: tuple[str, ...]) -> Explanation:
    return Explanation.of(
        f"The melded permanent exiled with {source.id} became two cards, and the player who exiled it "
        f"chooses which is the last creature card exiled: {' or '.join(undecided)} (give it as last: CARD). "
        f"Until then {source.id} doesn't take either one's power, toughness and creature types.",
        MELDED_EXILE_ORDER,
        LINKED_EXILE,
    )
