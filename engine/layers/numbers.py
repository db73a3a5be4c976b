"""The numbers layer 7 starts from (CR 613.4a, 208.2a, 604.3): characteristic-defining abilities that set
power and toughness, a life total or a chosen number they read, and what stays unknown when the board
doesn't give what they count."""

from __future__ import annotations

from engine.core.characteristics import (
    Characteristics,
)
from engine.core.citations import cite
from engine.core.messages import Param, card, listing, msg, series, type_words
from engine.core.model import AbilityKind, Card
from engine.core.results import Explanation, Unknown
from engine.layers.control import current_controller
from engine.layers.counted import graveyard_card_types, unset_as_entered
from engine.layers.layer_rules import LAYER_7A, LAYER_7C
from engine.layers.notes import unknown_note
from engine.layers.statics import COLOR_SHOWN, LIFE_TOTALS
from engine.oracle.statics import (
    adds_one_toughness,
    counts_graveyard_card_types,
    uses_chosen_number,
)
from engine.oracle.wording import (
    pt_from_face_down_creatures,
    pt_from_life,
    self_defined_numbers,
)
from engine.state.board import (
    Board,
    GameObject,
    Zone,
)

CDA_WORDING = cite("208.2a", "The card may have a characteristic-defining ability that sets its power")
CONTINUALLY_APPLIED = cite("613.5", "continually and automatically performed by the game")
FRONT_FACE_ONLY = cite("712.8a", "it has only the characteristics of its front face")


def undetermined_numbers(
    values: Characteristics, obj: GameObject, power: int | None, toughness: int | None
) -> tuple[Explanation, Unknown] | None:
    """Why a */* the engine left undefined is unknown rather than 0: a choice the board didn't give, or a
    characteristic-defining ability it doesn't evaluate (CR 208.2a, 208.2b); None when nothing defines it."""
    unset = unset_as_entered(values, obj)
    if unset is not None:
        return unset
    missing = {"power": power is None, "toughness": toughness is None}
    for ability in values.abilities:
        defined = tuple(n for n in self_defined_numbers(ability.rules_text) if missing[n])
        if not defined:
            continue
        needs = (
            msg("the number chosen for it, which the board doesn't give (choices: {{number: N}})")
            if uses_chosen_number(ability.rules_text)
            else msg(
                "its controller's life total, which the board doesn't give (life: {{{player}: N}})",
                player=current_controller(obj).value,
            )
            if pt_from_life(ability.rules_text)
            else msg("a count this engine doesn't evaluate")
        )
        return unknown_note(
            defined,
            msg(
                "its characteristic-defining ability “{ability}” defines them from {needs}",
                ability=ability.worded_for(values.name),
                needs=needs,
            ),
            CDA_WORDING,
            LAYER_7A,
            *((LIFE_TOTALS,) if pt_from_life(ability.rules_text) else ()),
        )
    return None


def permanent(obj: GameObject) -> bool:
    """Whether ``obj`` is a permanent (on the battlefield), not a card in another zone."""
    return obj.zone is Zone.BATTLEFIELD


def has_colors(
    values: Characteristics, colors: tuple[str, ...], steps: list[Explanation], label: Param
) -> bool:
    """Whether an effect for creatures of ``colors`` applies, by its colors after layer 5 (CR 613.5)."""
    if all(color in values.colors for color in colors):
        return True
    words = listing([COLOR_SHOWN[color] for color in colors])
    steps.append(
        Explanation.of(
            msg(
                "Layer 7c: {effect}, which applies to {colors} creatures, doesn't apply to it: after layer 5 "
                "it isn't {colors}.",
                effect=label,
                colors=words,
            ),
            LAYER_7C,
            CONTINUALLY_APPLIED,
        )
    )
    return False


def base_numbers(
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
                msg(
                    "Layer 7a: its characteristic-defining ability uses the number chosen for it ({number}), "
                    "so it is {power}/{toughness}.",
                    number=chosen,
                    power=chosen,
                    toughness=7 - chosen,
                ),
                LAYER_7A,
            )
        )
        return chosen, 7 - chosen
    life = _life_numbers(values, obj, board, steps)
    if life is not None:
        return life, life
    if any(pt_from_face_down_creatures(a.rules_text) for a in values.abilities):
        down = [o.id for o in board.in_zone(Zone.BATTLEFIELD) if o.face_down and not o.phased_out]
        steps.append(
            Explanation.of(
                msg(
                    "Layer 7a: its characteristic-defining ability counts the face-down creatures on the "
                    "battlefield ({found}: {count}), so it is {count}/{count}.",
                    found=series([card(handle) for handle in down]) if down else msg("none"),
                    count=len(down),
                ),
                LAYER_7A,
                CDA_WORDING,
                FACE_DOWN_CREATURES,
            )
        )
        return len(down), len(down)
    for ability in values.abilities:
        if ability.kind in (
            AbilityKind.CHARACTERISTIC_DEFINING,
            AbilityKind.STATIC,
        ) and counts_graveyard_card_types(ability.rules_text):
            found = graveyard_card_types(board)
            count = len(found)
            plus = 1 if adds_one_toughness(ability.rules_text) else 0
            listed = series([type_words((t,)) for t in found]) if found else msg("none")
            double = [o.card.name for o in board.in_zone(Zone.GRAVEYARD) if o.card and _double_faced(o.card)]
            front_only = (
                msg(
                    " A double-faced card in a graveyard has only its front face's characteristics "
                    "({cards}).",
                    cards=series([card(name) for name in double]),
                )
                if double
                else ""
            )
            steps.append(
                Explanation.of(
                    msg(
                        "Layer 7a: its characteristic-defining ability counts the card types among cards in "
                        "all graveyards ({types}: {count}), so it is {power}/{toughness}.{front_only}",
                        types=listed,
                        count=count,
                        power=count,
                        toughness=count + plus,
                        front_only=front_only,
                    ),
                    LAYER_7A,
                    *((FRONT_FACE_ONLY,) if double else ()),
                )
            )
            return count, count + plus
    return power, toughness


FACE_DOWN_CREATURES = cite("708.2a", "a 2/2 face-down creature")


def _life_numbers(
    values: Characteristics, obj: GameObject, board: Board, steps: list[Explanation]
) -> int | None:
    """Serra Avatar's CDA: power and toughness each equal to its controller's life total (CR 604.3, 119),
    when the board gives that total; a copy's controller is the copy's (CR 707.2)."""
    if not any(pt_from_life(a.rules_text) for a in values.abilities):
        return None
    controller = current_controller(obj)
    life = board.game.life_of(controller)
    if life is None:
        return None
    steps.append(
        Explanation.of(
            msg(
                "Layer 7a: its characteristic-defining ability makes its power and toughness each equal to "
                "its controller's life total ({player}: {life}), so it is {life}/{life}.",
                player=controller.value,
                life=life,
            ),
            LAYER_7A,
            CDA_WORDING,
            LIFE_TOTALS,
        )
    )
    return life


def _chosen_number(values: Characteristics, obj: GameObject) -> int | None:
    """Shapeshifter's CDA: power is the last chosen number and toughness is 7 minus it."""
    if not any(uses_chosen_number(a.rules_text) for a in values.abilities):
        return None
    chosen = obj.choices.get("number", "")
    return int(chosen) if chosen.isdigit() and int(chosen) <= 7 else None


def _double_faced(card: Card) -> bool:
    return card.layout in ("transform", "modal_dfc", "meld") and len(card.faces) > 1
