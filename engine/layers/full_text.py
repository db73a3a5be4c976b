"""Layer 3: Volrath's Shapeshifter's "As long as the top card of your graveyard is a creature card, ~ has the
full text of that card and has the text "{2}: Discard a card."" (CR 613.1c). Its rulings call it a
text-changing effect: it takes that card's name, mana cost, color, types, abilities, power and toughness,
keeps the text it grants, and its copiable values stay its own (a copy of it has the shapeshifting ability,
707.2). A graveyard is one pile whose order the board doesn't give (404.2): with more than one card in it,
which one is on top isn't known.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.characteristics import Characteristics, GameAbility
from engine.core.citations import Citation, cite
from engine.core.messages import Message, card, msg
from engine.core.results import CHARACTERISTICS, Explanation
from engine.layers.control import current_controller
from engine.layers.layer_rules import LAYER_3
from engine.layers.statics import STATIC_ABILITIES
from engine.oracle.statics import full_text_of_top_creature
from engine.oracle.text import strip_reminder
from engine.state.board import Board, GameObject, Zone

TEXT_CHANGING = cite("612.1", "Such an effect is a text-changing effect")
ONE_PILE = cite("404.2", "Each graveyard is kept in a single face-up pile")

Unknowns = list[tuple[tuple[str, ...], Message, tuple[Citation, ...]]]


def top_card_text(
    values: Characteristics, obj: GameObject, board: Board, copiable: Callable[[GameObject], Characteristics]
) -> tuple[Characteristics, list[Explanation], Unknowns]:
    """``values`` with Volrath's Shapeshifter's ability applied, if ``obj`` has it on the battlefield: the
    steps that say what it did, and what it leaves unknown."""
    found = next(
        ((a, text) for a in values.abilities if (text := full_text_of_top_creature(a.rules_text))), None
    )
    if found is None or obj.zone is not Zone.BATTLEFIELD:
        return values, [], []
    ability, granted = found
    label = msg("{source}'s “{ability}”", source=card(obj.id), ability=strip_reminder(ability.text))
    controller = current_controller(obj)
    pile = [o for o in board.in_zone(Zone.GRAVEYARD) if o.owner is controller]
    cards = [(o, copiable(o)) for o in pile]
    if not any(c.is_a("Creature") for _, c in cards):
        return values, [], []  # no creature card at all: whichever is on top, it does nothing
    if len(cards) > 1:
        reason = msg(
            "its controller's graveyard holds {count} cards and the board doesn't say which is on top, so "
            "whether {effect} gives it the full text of a creature card, and whose, is unknown",
            count=len(cards),
            effect=label,
        )
        return values, [], [(CHARACTERISTICS, reason, (ONE_PILE, STATIC_ABILITIES))]
    top, taken = cards[0]
    new = values.model_copy(
        update={
            "name": taken.name,
            "mana_cost": taken.mana_cost,
            "mana_value": taken.mana_value,
            "colors": taken.colors,
            "color_indicator": taken.color_indicator,
            "types": taken.types,
            "subtypes": taken.subtypes,
            "power": taken.power,
            "toughness": taken.toughness,
            "loyalty": taken.loyalty,
            "defense": taken.defense,
            "abilities": (*taken.abilities, GameAbility.granted(granted)),
        }
    )
    name = card(taken.name or top.id)
    step = Explanation.of(
        msg(
            "Layer 3: {effect}: the only card in its controller's graveyard, {card}, is a creature card, so "
            "it has {card}'s name, mana cost, color, types, abilities, power and toughness, and also "
            "“{granted}”. The rulings call this a text-changing effect, so its copiable values stay its "
            "own.",
            effect=label,
            card=name,
            granted=granted,
        ),
        LAYER_3,
        TEXT_CHANGING,
    )
    unknowns: Unknowns = []
    if taken.supertypes:
        new = new.model_copy(update={"supertypes": values.supertypes})
        unknowns.append(
            (
                ("supertypes",),
                msg(
                    "{card} has supertypes, and whether “the full text” of a card gives its supertypes too "
                    "(the ability names its types) isn't settled here",
                    card=name,
                ),
                (TEXT_CHANGING,),
            )
        )
    return new, [step], unknowns
