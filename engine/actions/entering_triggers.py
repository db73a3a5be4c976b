"""A permanent's own enters triggers as it enters (CR 603.6a, 707.5), with their intervening "if" checked.

"When ~ enters, if [condition], …" triggers only if the condition is true as it enters (CR 603.4). What the
board's facts decide is decided: a kicker condition by whether (and with which cost) it was kicked (a
permanent entering as a copy didn't pay the copied text's kicker, CR 607.2i), "it's not a token" by whether
it is, "you control another Elf" by the board's battlefield. Any other condition (how it was cast, among
others: a Clone cast from hand copying Dread Cacodemon does trigger) is one the board doesn't give: whether
the ability triggers is unknown, never taken as true or false.
"""

from __future__ import annotations

from engine.core.characteristics import GameAbility
from engine.core.citations import Citation, cite
from engine.core.known import Fact, Known, all_of, combined, is_false, is_true
from engine.core.messages import msg
from engine.core.model import AbilityKind
from engine.core.results import Explanation
from engine.layers.computed import Computed
from engine.layers.control import current_controller
from engine.layers.system import current_characteristics
from engine.oracle.entering import ControlCount, InterveningIf, control_count, enters_triggers, intervening_if
from engine.oracle.kicker import KICKED_TIMES, KICKER, Kicked, KickerCosts, kicked_with, kicker_of, was_kicked
from engine.state.board import Board, GameObject, Zone

ETB_TRIGGER = cite(
    "603.6a", "Enters-the-battlefield abilities trigger when a permanent enters the battlefield"
)
ENTERS_TRIGGERS = cite(
    "707.5", "any enters-the-battlefield triggered abilities of the copy will have a chance"
)
INTERVENING_IF = cite("603.4", "The ability triggers only if it is; otherwise it does nothing")
NOT_CAST = cite("607.2i", "was declared as the object was cast as a spell")
COUNTED_ON_BOARD = cite(
    "603.4", "When the trigger event occurs, the ability checks whether the stated condition"
)
KEYWORD_TRIGGERS = {
    "champion": cite("702.72a", "Champion represents two triggered abilities."),
    "hideaway": cite("702.75a", "Hideaway is a triggered ability."),
    "living weapon": cite("702.92a", "Living weapon is a triggered ability."),
    "exploit": cite("702.110a", "Exploit is a triggered ability."),
    "fabricate": cite("702.123a", "Fabricate is a triggered ability."),
    "for mirrodin!": cite("702.163a", "For Mirrodin! is a triggered ability."),
    "backup": cite("702.165a", "Backup is a triggered ability."),
}
KICKER_COSTS = cite("702.33f", "abilities that each correspond to a specific kicker cost")


def enters_trigger_notes(
    board: Board, obj: GameObject, abilities: tuple[GameAbility, ...], *, kicked: Kicked
) -> Board:
    """Say which of ``obj``'s enters triggers trigger as it enters. ``kicked``: how the kicker of the
    text it has was paid as it was cast (CR 702.33)."""
    kicker = kicker_of(abilities)
    for trigger in enters_triggers(abilities):
        rules: tuple[Citation, ...] = (ETB_TRIGGER, ENTERS_TRIGGERS) if obj.copies else (ETB_TRIGGER,)
        keyword = KEYWORD_TRIGGERS.get((trigger.keyword or "").casefold())
        rules += (keyword,) if keyword and trigger.kind is AbilityKind.KEYWORD else ()
        condition = intervening_if(trigger)
        if condition is None and _FOR_EACH_KICK in trigger.rules_text:
            board = board.explain(obj.id, _for_each_kick(trigger, kicked, rules), note=kicked is None)
            continue
        if condition is None:
            text = msg("When it enters, “{trigger}” triggers.", trigger=trigger.text)
            board = board.explain(obj.id, Explanation.of(text, *rules))
            continue
        holds = _holds(condition, obj, kicker, kicked)
        counted = control_count(condition.condition)
        if holds is None and counted is not None:
            holds = _controls(board, obj, counted)
        checked = _checked(trigger, condition, holds, obj, counted, kicked)
        board = board.explain(obj.id, checked, note=holds is None)
    return board


_FOR_EACH_KICK = "for each time it was kicked"


def _for_each_kick(trigger: GameAbility, kicked: Kicked, rules: tuple[Citation, ...]) -> Explanation:
    """ "… for each time it was kicked" (multikicker, CR 702.33c): how many times, given or not."""
    if kicked is None:
        return Explanation.of(
            msg(
                "When it enters, “{trigger}” triggers; how many times it was kicked is unknown, because "
                "the board doesn't say (kicked: {{times: N}}): it does that once for each time — not at all "
                "if it wasn't kicked.",
                trigger=trigger.text,
            ),
            *rules,
            KICKED_TIMES,
        )
    times = len(kicked) if isinstance(kicked, tuple) else int(kicked)
    return Explanation.of(
        msg(
            "When it enters, “{trigger}” triggers: it was kicked {times} time(s), so it does that {times} "
            "time(s).",
            trigger=trigger.text,
            times=times,
        ),
        *rules,
        KICKED_TIMES,
    )


def _holds(condition: InterveningIf, obj: GameObject, kicker: KickerCosts, kicked: Kicked) -> bool | None:
    """Whether the condition is true as ``obj`` enters, by the board's facts (None: they don't say)."""
    if condition.kicker is not None:
        if not condition.kicker:
            return was_kicked(kicked)
        return kicked_with(kicker, kicked, condition.kicker)
    if condition.not_a_token:
        return not obj.token
    return None


def _controls(board: Board, obj: GameObject, counted: ControlCount) -> bool | None:
    """Whether ``obj``'s controller controls enough permanents of the kind, the board being the whole
    battlefield (``obj`` itself included unless "another"); None when permanents whose characteristics
    aren't known decide it."""
    controller = current_controller(obj)
    others = [o for o in board.in_zone(Zone.BATTLEFIELD) if o.id != obj.id and not o.phased_out]
    found = [current_characteristics(o, board) for o in others if current_controller(o) is controller]
    if not counted.another:
        found.append(current_characteristics(obj, board))
    kinds = [_is_kind(values, counted) for values in found]
    certain = sum(1 for kind in kinds if is_true(kind))
    possible = sum(1 for kind in kinds if not is_false(kind))
    if certain >= counted.at_least:
        return True
    return False if possible < counted.at_least else None


def _is_kind(values: Computed, counted: ControlCount) -> Fact[bool]:
    kinds = {k.casefold() for k in counted.kinds}
    typed = combined((values.types, values.subtypes)).map(
        lambda found: not kinds or bool(kinds & {t.casefold() for part in found for t in part})
    )
    snow = values.supertypes.map(lambda supertypes: "Snow" in supertypes) if counted.snow else Known(True)
    color = counted.color
    colored = (
        values.colors.map(lambda colors: not colors if color == "colorless" else color in colors)
        if color is not None
        else Known(True)
    )
    return all_of(typed, snow, colored)


def _checked(
    trigger: GameAbility,
    condition: InterveningIf,
    holds: bool | None,
    obj: GameObject,
    counted: ControlCount | None,
    kicked: Kicked,
) -> Explanation:
    worded = condition.condition
    if holds is None and kicked is None and condition.kicker is not None:
        return Explanation.of(
            msg(
                "“{trigger}” triggers as it enters only if {condition} (an intervening “if”), and the board "
                "doesn't say whether it was kicked (kicked: true or false says), so whether it triggers is "
                "unknown: kicked that way, it triggers; not, it doesn't.",
                trigger=trigger.text,
                condition=worded,
            ),
            INTERVENING_IF,
            KICKER,
        )
    if holds is None and condition.kicker:
        return Explanation.of(
            msg(
                "“{trigger}” triggers as it enters only if {condition} (an intervening “if”), and the board "
                'doesn\'t say which kicker costs were paid (kicked: ["{cost}"] says it was), so whether it '
                "triggers is unknown.",
                trigger=trigger.text,
                condition=worded,
                cost=condition.kicker,
            ),
            INTERVENING_IF,
            KICKER_COSTS,
        )
    if holds is None:
        return Explanation.of(
            msg(
                "“{trigger}” triggers as it enters only if {condition} (an intervening “if”), and the board "
                "doesn't say whether that is true, so whether it triggers is unknown.",
                trigger=trigger.text,
                condition=worded,
            ),
            INTERVENING_IF,
        )
    if holds:
        return Explanation.of(
            msg(
                "When it enters, “{trigger}” triggers: its intervening “if” ({condition}) is true.",
                trigger=trigger.text,
                condition=worded,
            ),
            ETB_TRIGGER,
            INTERVENING_IF,
        )
    because = (
        msg("it entered as a copy, and the kicker of the text it copied wasn't paid")
        if obj.copies and condition.kicker is not None
        else msg("it is a token")
        if condition.not_a_token
        else msg("on this board its controller controls fewer than that")
        if counted is not None
        else msg("it was kicked only with {costs}", costs=", ".join(kicked))
        if isinstance(kicked, tuple) and kicked
        else msg("it wasn't kicked")
    )
    return Explanation.of(
        msg(
            "“{trigger}” doesn't trigger as it enters: its intervening “if” ({condition}) is false — "
            "{because}.",
            trigger=trigger.text,
            condition=worded,
            because=because,
        ),
        INTERVENING_IF,
        # 607.2i is about additional costs: only a kicker condition rests on it, never "if it's not a token".
        *((NOT_CAST,) if obj.copies and condition.kicker is not None else ()),
    )
