"""Layer 4's characteristic-defining abilities, applied first in their layer (CR 613.3): changeling (702.73a)
and "is the chosen type".
"""

from __future__ import annotations

from engine.core.characteristics import (
    Characteristics,
    merged,
)
from engine.core.citations import cite
from engine.core.effects import EffectKind
from engine.core.messages import card, msg
from engine.core.results import Explanation
from engine.layers.dependency import DEPENDENCY
from engine.layers.layer_rules import LAYER_4, LAYER_5
from engine.layers.notes import unknown_note
from engine.layers.records import Work
from engine.oracle.entering import colored_by_choice
from engine.oracle.static_subjects import COLOR_WORDS
from engine.oracle.statics import (
    ALL_CREATURE_TYPES,
    adds_chosen_type,
)
from engine.oracle.types import gainable_subtypes, subtypes_not_gained
from engine.state.board import (
    BoardError,
    GameObject,
    TimedEffect,
    choices_for_its_text,
)

CDA_FIRST = cite("613.3", "apply effects from characteristic-defining abilities first")
CHANGELING = cite("702.73a", "This object is every creature type")
CHOICE_AS_ENTERS = cite("614.12", "Some replacement effects modify how a permanent enters the battlefield")


def layer_five_cdas(values: Characteristics, obj: GameObject, work: Work) -> Characteristics:
    """ "~ is the chosen color" (The Prismatic Piper): a characteristic-defining ability applied first in
    layer 5 (CR 604.3, 613.3), in every zone, on the color chosen before the game when it is a commander
    (607.2p); not a commander, no color was chosen and it does nothing."""
    if not any(colored_by_choice(a.rules_text) for a in values.abilities):
        return values
    chosen = COLOR_WORDS.get(obj.choices.get("color", "").casefold()) if choices_for_its_text(obj) else None
    if chosen is not None and obj.commander is False:
        raise BoardError(
            msg(
                "{object}: a color is chosen before the game begins only if it is its owner's commander "
                "(give commander: true) (CR 607.2p)",
                object=card(obj.id),
            )
        )
    if chosen is not None:
        work.steps.append(
            Explanation.of(
                msg(
                    "Layer 5: its own ability makes it the chosen color, {color}.", color=obj.choices["color"]
                ),
                LAYER_5,
                CDA_FIRST,
                PREGAME_CHOICE,
            )
        )
        return values.model_copy(update={"colors": (chosen,)})
    if obj.commander is not False:  # a commander, or maybe one (CR 903.3b)
        note, unknown = unknown_note(
            ("colors",),
            msg(
                "it is a commander, so a color was chosen for it before the game began, and its own ability "
                "makes it that color in every zone; the board doesn't give it (choices: {{color: …}})"
            ),
            PREGAME_CHOICE,
            CDA_FIRST,
        )
        work.notes.append(note)
        work.unknowns.append(unknown)
    return values


PREGAME_CHOICE = cite("607.2p", "a choice for a characteristic-defining ability before the game begins")


def layer_four_cdas(
    values: Characteristics, obj: GameObject, effects: list[TimedEffect], work: Work
) -> Characteristics:
    """Changeling and "is the chosen type": characteristic-defining, applied first in layer 4 (613.3)."""
    changeling = any(a.keyword == "Changeling" for a in values.abilities)
    if changeling and gainable_subtypes(values.types, [ALL_CREATURE_TYPES]):
        values = values.model_copy(update={"subtypes": merged(values.subtypes, [ALL_CREATURE_TYPES])})
        work.steps.append(
            Explanation.of(
                msg(
                    "Layer 4: its changeling, a characteristic-defining ability applied first, makes it "
                    "every creature type."
                ),
                LAYER_4,
                CDA_FIRST,
                CHANGELING,
            )
        )
    chosen = obj.choices.get("creature type") if choices_for_its_text(obj) else None
    adds_chosen = any(adds_chosen_type(a.rules_text) for a in values.abilities)
    if adds_chosen and not chosen and not changeling and choices_for_its_text(obj):
        note, unknown = unknown_note(
            ("subtypes",),
            msg(
                "its own ability makes it the creature type chosen as it entered, in addition to its other "
                "types, and the board doesn't give that choice (choices: {{creature type: …}})"
            ),
            LAYER_4,
            CDA_FIRST,
            CHOICE_AS_ENTERS,
        )
        work.notes.append(note)
        work.unknowns.append(unknown)
        return values
    if chosen and adds_chosen:
        not_gained = subtypes_not_gained(values.types, [chosen])
        if not_gained:
            work.steps.append(not_gained)
            return values
        values = values.model_copy(update={"subtypes": merged(values.subtypes, [chosen])})
        work.steps.append(
            Explanation.of(
                msg("Layer 4: its own ability makes it the chosen type, {type}.", type=chosen),
                LAYER_4,
                CDA_FIRST,
            )
        )
        if any(e.spec.kind in (EffectKind.SET_SUBTYPES, EffectKind.SET_TYPES) for e in effects):
            work.notes.append(
                Explanation.of(
                    msg(
                        "Its own ability adding the chosen creature type and an effect setting its types "
                        "apply in the same layer; if one depends on the other, dependency decides the order."
                    ),
                    DEPENDENCY,
                )
            )
    return values
