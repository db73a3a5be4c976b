"""What state-based actions would do to the queried permanent as it is now (CR 704.5), noted rather than
performed, each only as far as what it rests on is known: state triggers (603.8), toughness 0 or less
(704.5f), loyalty 0 (704.5i), a Siege's protector (310.10) and the legend rule (704.5j)."""

from __future__ import annotations

from engine.answers.saga_notes import saga_sacrifice_notes
from engine.core.citations import cite
from engine.core.known import Known, Unsure, all_of, explained, is_false, is_true, unsure_of
from engine.core.messages import Message, listing, msg, series
from engine.core.messages import card as card_name
from engine.core.model import SELF
from engine.core.results import Explanation
from engine.layers.computed import Computed
from engine.layers.control import current_controller
from engine.layers.system import current_characteristics
from engine.oracle.legend_rule import LegendRuleOff, legend_rule_off
from engine.oracle.wording import no_counters_trigger
from engine.state.board import Board, GameObject, Zone

ZERO_TOUGHNESS = cite("704.5f", "If a creature has toughness 0 or less, it’s put into its owner’s graveyard")
STATE_TRIGGER = cite("603.8", "These abilities trigger as soon as the game state matches the condition")
LEGEND_RULE = cite("704.5j", "This is called the “legend rule.”")
CARD_OVER_RULES = cite(
    "101.1", "Whenever a card’s text directly contradicts these rules, the card takes precedence"
)
COUNTERS_CANCEL = cite("704.5q", "where N is the smaller of the number of +1/+1 and -1/-1 counters on it")
SIEGE_OPPONENT = cite("310.11a", "Only an opponent of a Siege’s controller can be its protector.")
NEW_PROTECTOR = cite("310.10", "its controller chooses an appropriate player to be its protector")
ZERO_LOYALTY = cite("704.5i", "If a planeswalker has loyalty 0, it’s put into its owner’s graveyard.")


def _state_triggers(obj: GameObject, current: Computed) -> list[Explanation]:
    """State triggers like Dark Depths' "When ~ has no ice counters on it" that its counters satisfy now
    (none said when its abilities aren't known: the answer lists them as unknown)."""
    notes: list[Explanation] = []
    abilities, name = current.abilities, current.name
    for ability in abilities.value if isinstance(abilities, Known) else ():
        kind = no_counters_trigger(ability.rules_text)
        if kind and not obj.counters.get(kind):
            notes.append(
                Explanation.of(
                    msg(
                        "It has no {kind} counters, so “{ability}” triggers as soon as that is true.",
                        kind=kind,
                        ability=ability.worded_for(name.value if isinstance(name, Known) else obj.id),
                    ),
                    STATE_TRIGGER,
                )
            )
    return notes


def _annihilated_counters(obj: GameObject, current: Computed) -> list[Explanation]:
    """CR 704.5q: +1/+1 and -1/-1 counters on one permanent cancel out, pair by pair, as a state-based
    action; said only when its counters are known."""
    plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
    if not (plus and minus) or current.unknown("counters"):
        return []
    removed = min(plus, minus)
    return [
        Explanation.of(
            msg(
                "It has {plus} +1/+1 and {minus} -1/-1 counter(s): the next time state-based actions are "
                "checked, {removed} of each are removed, which doesn't change its power or toughness.",
                plus=plus,
                minus=minus,
                removed=removed,
            ),
            COUNTERS_CANCEL,
        )
    ]


def state_based_notes(obj: GameObject, board: Board, current: Computed) -> list[Explanation]:
    """What state-based actions do to it as it is now (CR 704.5), each only as far as what it rests on is
    known: a check on an unknown characteristic says so."""
    if obj.zone is not Zone.BATTLEFIELD:
        return []
    notes = _state_triggers(obj, current)
    notes += toughness_notes(current)
    notes += saga_sacrifice_notes(obj, current)
    notes += _annihilated_counters(obj, current)
    planeswalker, loyalty = current.is_a("Planeswalker"), current.loyalty
    if is_true(planeswalker) and isinstance(loyalty, Known) and loyalty.value and loyalty.value.value == 0:
        notes.append(
            Explanation.of(
                msg(
                    "Its loyalty is 0: it is put into its owner's graveyard the next time state-based "
                    "actions are checked."
                ),
                ZERO_LOYALTY,
            )
        )
    return notes + _protector_notes(obj, current) + legend_rule_notes(obj, board, current)


def _protector_notes(obj: GameObject, current: Computed) -> list[Explanation]:
    """A Siege whose protector now controls it (a control-changing effect) has a protector it can't have:
    its controller chooses an appropriate one as a state-based action (CR 310.11a, 310.10)."""
    controller = current_controller(obj)
    if obj.protector is None or obj.protector != controller or not is_true(current.has_subtype("Siege")):
        return []
    return [
        Explanation.of(
            msg(
                "Its protector, {protector}, now controls it, and only an opponent of a Siege's controller "
                "can be its protector: the next time state-based actions are checked, its controller chooses "
                "an appropriate player, which in a two-player game is {other}.",
                protector=controller.value,
                other=controller.opponent.value,
            ),
            SIEGE_OPPONENT,
            NEW_PROTECTOR,
        )
    ]


def toughness_notes(current: Computed) -> list[Explanation]:
    """CR 704.5f, on a creature: said when its toughness is 0 or less, and said to be open when that or
    whether it is a creature isn't known."""
    creature, toughness = current.is_a("Creature"), current.toughness
    if is_false(creature):
        return []
    if isinstance(toughness, Unsure):
        return [
            explained(
                _toughness_open(),
                toughness,
                ZERO_TOUGHNESS,
            )
        ]
    value = toughness.value.value if toughness.value else None
    if value is None or value > 0:
        return []
    if isinstance(creature, Unsure):
        return [
            explained(
                msg(
                    "Its toughness is {toughness}, and whether it is a creature is unknown, because "
                    "{reason}: if it is, it is put into its owner's graveyard the next time state-based "
                    "actions are checked.",
                    toughness=value,
                    reason=creature.reason,
                ),
                creature,
                ZERO_TOUGHNESS,
            )
        ]
    return [
        Explanation.of(
            msg(
                "Its toughness is {toughness}: it is put into its owner's graveyard the next time "
                "state-based actions are checked.",
                toughness=value,
            ),
            ZERO_TOUGHNESS,
        )
    ]


def _toughness_open() -> Message:
    return msg(
        "Its toughness isn't known, so this answer doesn't say whether it is put into its owner's graveyard "
        "for having toughness 0 or less."
    )


def is_toughness_open(note: Explanation) -> bool:
    """Whether ``note`` is the one saying that whether 704.5f applies is open (its toughness unknown)."""
    return note.message is not None and note.message.template == _toughness_open().template


def legend_rule_notes(obj: GameObject, board: Board, current: Computed) -> list[Explanation]:
    """CR 704.5j: the other legendary permanents with its name its controller controls; those whose name
    or supertypes aren't known are named as open."""
    legendary, name = current.legendary, current.name
    if not (is_true(legendary) and isinstance(name, Known) and name.value):
        return []
    wanted = name.value
    rivals: list[str] = []
    open_rivals: list[Unsure] = []
    for other in board.in_zone(Zone.BATTLEFIELD):
        if other.id == obj.id or current_controller(other) is not current_controller(obj):
            continue
        values = current_characteristics(other, board)
        same = all_of(values.name.map(lambda found: found == wanted), values.legendary)
        if is_true(same):
            rivals.append(other.id)
        elif isinstance(same, Unsure):
            open_rivals.append(same)
    exempt = {handle: _exempting(handle, board) for handle in (obj.id, *rivals)}
    exemptions = {handle: why for handle, why in exempt.items() if why is not None}
    grouped: dict[tuple[str, str], list[str]] = {}
    for handle, exempting in exemptions.items():
        grouped.setdefault(exempting, []).append(handle)
    notes = [_exempt_note(handles, why) for why, handles in grouped.items()] if rivals else []
    if obj.id in exemptions:
        return notes
    rivals = [r for r in rivals if r not in exemptions]
    if rivals:
        notes.append(
            Explanation.of(
                msg(
                    "It and {rivals} are legendary permanents named {name} controlled by the same player: "
                    "that player keeps one and puts the rest into their owners' graveyards.",
                    rivals=series([card_name(r) for r in rivals]),
                    name=card_name(wanted),
                ),
                LEGEND_RULE,
            )
        )
    if open_rivals:
        why = unsure_of(*open_rivals)
        notes.append(
            explained(
                msg(
                    "Whether the legend rule applies to it and another permanent its controller controls is "
                    "unknown, because {reason}: it does if that one is also legendary and named {name}.",
                    reason=why.reason,
                    name=card_name(wanted),
                ),
                why,
                LEGEND_RULE,
            )
        )
    return notes


def _exempting(handle: str, board: Board) -> tuple[str, str] | None:
    """The permanent and ability text that switch the legend rule off for ``handle`` (CR 101.1), if any
    permanent on ``board`` has such an ability whose abilities are known."""
    target = board.get(handle)
    for source in board.in_zone(Zone.BATTLEFIELD):
        abilities = current_characteristics(source, board).abilities
        if isinstance(abilities, Unsure):
            continue
        for ability in abilities.value:
            off = legend_rule_off(ability.rules_text)
            if off is not None and _covers(off, source, target, board):
                return source.id, ability.text
    return None


def _covers(off: LegendRuleOff, source: GameObject, target: GameObject, board: Board) -> bool:
    """Whether ``source``'s ability ``off`` exempts ``target`` from the legend rule."""
    if off.who == "you" and current_controller(source) is not current_controller(target):
        return False
    values = current_characteristics(target, board)
    if off.what == "tokens" and not target.token:
        return False
    if off.what == "creatures" and not is_true(values.is_a("Creature")):
        return False
    if off.exactly_two is None:
        return True
    named = current_characteristics(source, board).name if off.exactly_two == SELF else Known(off.exactly_two)
    if not isinstance(named, Known) or not is_true(values.name.map(lambda name: name == named.value)):
        return False
    others = [current_characteristics(o, board).name for o in board.in_zone(Zone.BATTLEFIELD)]
    return all(isinstance(n, Known) for n in others) and sum(n == named for n in others) == 2


def _exempt_note(handles: list[str], why: tuple[str, str]) -> Explanation:
    source, ability = why
    return Explanation.of(
        msg(
            "The legend rule doesn't apply to {handle}: {source}'s “{ability}” says so, and the card wins "
            "over the rule.",
            handle=listing([card_name(h) for h in handles]),
            source=card_name(source),
            ability=ability,
        ),
        LEGEND_RULE,
        CARD_OVER_RULES,
    )
