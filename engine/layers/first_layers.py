"""Where one object's layering starts (CR 613.1): its copiable values (layer 1), control (layer 2), text
(layer 3), a Class's level (716.2) and the characteristic-defining abilities that apply first in layer 4
(613.3).
"""

from __future__ import annotations

from engine.core.characteristics import (
    Characteristics,
)
from engine.core.citations import cite
from engine.core.messages import Message, Param, msg, series
from engine.core.model import AbilityKind
from engine.core.results import Explanation
from engine.layers.control import (
    current_controller,
)
from engine.layers.copiable import (
    copiable_values,
)
from engine.layers.notes import (
    unknown_note,
)
from engine.layers.records import (
    Work,
    own_effects,
)
from engine.layers.text import (
    layer_three,
)
from engine.layers.timestamps import (
    layer_two,
)
from engine.layers.type_cdas import (
    layer_five_cdas,
    layer_four_cdas,
)
from engine.oracle.text import strip_reminder
from engine.state.board import (
    Board,
    GameObject,
    Zone,
    exiled_with_text,
)
from engine.state.chosen_modes import chosen_mode
from engine.state.designations import Solved, SolvedWhy, solved_status

COPIABLE_AFTER_LAYER_1 = cite("613.2c", "the object’s characteristics are its copiable values")
CLASS_LEVEL_ONE = cite("716.2d", "it is treated as though its level is 1")
CLASS_LEVELS = cite("716.2a", "As long as this Class is level N or greater, it has [abilities].")
LOCKED_DOORS = cite("709.5", "it doesn’t have the name, mana cost, or rules text of this object’s left half")
UNLOCKED_AS_CAST = cite("709.5d", "If it’s entering the battlefield and neither half was cast as a spell")
ROOM_PARTS = ("name", "mana cost", "colors", "abilities")
ROOMS_LOCKED = msg(
    "It is a Room that entered without either door being cast, so both doors are locked: it has no name, no "
    "mana cost (mana value 0, colorless) and no rules text of either door; its doors are still part of its "
    "copiable values."
)
ROOM_DOORS = msg(
    "it is a Room: it has the name, mana cost and rules text only of its unlocked doors (a door cast as a "
    "spell is unlocked as it enters; one that entered any other way has none unlocked), and this engine "
    "doesn't model which doors are unlocked"
)
LEVEL_NOT_COPIABLE = cite("716.2b", "Levels are not a copiable characteristic.")
SOLVED_KINDS = {
    AbilityKind.STATIC: cite("702.169b", "means “As long as this Case is solved, [ability text].”"),
    AbilityKind.TRIGGERED: cite("702.169c", "This ability triggers only if this Case is solved."),
    AbilityKind.ACTIVATED: cite("702.169d", "Activate only if this Case is solved."),
}


def start_layering(obj: GameObject, board: Board) -> Work:
    """Layers 1, 2 and 3, and the characteristic-defining abilities that apply first in layer 4 (613.3)."""
    work = Work(
        obj=obj,
        values=copiable_values(obj),
        live=obj.zone is Zone.BATTLEFIELD and not obj.phased_out,
        controller=current_controller(obj),
        game=board.game,
    )
    effects = own_effects(obj)
    work.steps += layer_two(obj, effects)
    text = layer_three(work.values, obj, board, copiable_values)
    work.values = _at_class_level(text.values, obj, work.steps)
    work.solved = _case_solved(work, board)
    mode = chosen_mode(work.values, obj)  # anchor words: only the chosen one's abilities (CR 614.12b)
    work.values, work.unknowns = mode.values, [*work.unknowns, *mode.unknowns]
    work.steps += [*mode.steps, *text.steps]
    work.notes += mode.notes
    for characteristics, reason, rules in text.unknowns:
        note, unknown = unknown_note(characteristics, reason, *rules)
        work.notes.append(note)
        work.unknowns.append(unknown)
    if any(o.exiled_by == obj.id for o in board.in_zone(Zone.EXILE)):
        linked = exiled_with_text(board, obj, len(text.values.abilities))
        work.exiled = tuple((o.exiled_by_ability, copiable_values(o)) for o in linked)
    work.values = layer_four_cdas(work.values, obj, effects, work)
    work.values = layer_five_cdas(work.values, obj, work)
    if work.live and "Room" in work.values.subtypes:
        _room_doors(work)
    return work


def _room_doors(work: Work) -> None:
    """A Room has the name, mana cost and rules text only of its unlocked doors (CR 709.5). One that
    entered as a copy or a token had neither door cast, so both are locked (709.5d); the doors of one the
    board lists aren't modelled, so those parts are unknown."""
    obj = work.obj
    if obj.token or (obj.copies and obj.copies[0].timestamp == obj.timestamp):
        work.values = work.values.model_copy(
            update={"name": None, "mana_cost": (), "mana_value": 0, "colors": (), "abilities": ()}
        )
        work.steps.append(Explanation.of(ROOMS_LOCKED, UNLOCKED_AS_CAST, LOCKED_DOORS))
        return
    note, unknown = unknown_note(ROOM_PARTS, ROOM_DOORS, LOCKED_DOORS, UNLOCKED_AS_CAST)
    work.notes.append(note)
    work.unknowns.append(unknown)


def _at_class_level(values: Characteristics, obj: GameObject, steps: list[Explanation]) -> Characteristics:
    """A Class has the abilities of its level bars' sections only up to its level (CR 716.2a); its level
    is its own, never copied (716.2b), and 1 when the board gives none (716.2d)."""
    if not any(a.kind is AbilityKind.CLASS_LEVEL for a in values.abilities):
        return values
    above = [
        a
        for a in values.abilities
        if a.level is not None and a.level > obj.class_level and a.kind is not AbilityKind.CLASS_LEVEL
    ]
    if not above:
        return values
    steps.append(
        Explanation.of(
            msg(
                "It is a Class at level {level}{given}: “As long as this Class is level N or greater, it "
                "has [abilities]”, so it doesn't have the abilities of its higher levels ({abilities}); its "
                "level bars' activated abilities it always has.",
                level=obj.class_level,
                given="" if obj.class_level > 1 else msg(" (the board gives no level: level 1)"),
                abilities=series([msg("“{text}”", text=strip_reminder(a.text)) for a in above]),
            ),
            CLASS_LEVELS,
            CLASS_LEVEL_ONE,
            *((LEVEL_NOT_COPIABLE,) if obj.copies else ()),
        )
    )
    return values.model_copy(update={"abilities": tuple(a for a in values.abilities if a not in above)})


def _case_solved(work: Work, board: Board) -> bool | None:
    """Whether the object is solved (CR 719.3b), for its "Solved —" abilities (719.3c), with a step saying
    so, or a note when the board doesn't: both outcomes named. False for an object without one."""
    solved = [a for a in work.values.abilities if a.keyword == "Solved"]
    if not solved or not work.live:
        return False
    status = solved_status(board, work.obj)
    shown = series([msg("“{text}”", text=strip_reminder(a.text)) for a in solved])
    rules = (*status.rules, *dict.fromkeys(SOLVED_KINDS[a.kind] for a in solved if a.kind in SOLVED_KINDS))
    if status.solved is None:
        work.notes.append(Explanation.of(_not_given(shown), *rules))
    else:
        work.steps.append(Explanation.of(_solved_step(status, shown), *rules))
    return status.solved


def _not_given(shown: Param) -> Message:
    return msg(
        "Whether it is solved the board doesn't say (solved: true or solved: false): if it is, its Solved "
        "abilities function ({abilities}); if not, they don't (a static one doesn't apply, a triggered one "
        "doesn't trigger, an activated one can't be activated).",
        abilities=shown,
    )


def _solved_step(status: Solved, shown: Param) -> Message:
    if status.solved:
        return msg(
            "It is solved (solved: true), so its Solved abilities function: {abilities}.", abilities=shown
        )
    if status.why is SolvedWhy.COPY:
        return msg(
            "It isn't solved: it entered as a copy, and the solved designation is neither an ability nor "
            "part of the copiable values, so it wasn't copied; its Solved abilities don't function "
            "({abilities}). If it has become solved itself since, give solved: true.",
            abilities=shown,
        )
    if status.why is SolvedWhy.NEW:
        return msg(
            "It isn't solved: it became this object during the board's actions, and a Case becomes solved "
            "only as its “To solve” ability resolves at its controller's end step; its Solved abilities "
            "don't function ({abilities}).",
            abilities=shown,
        )
    return msg(
        "It isn't solved (solved: false), so its Solved abilities don't function: {abilities}.",
        abilities=shown,
    )
