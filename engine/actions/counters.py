"""The counters a permanent is given as it enters (CR 122.6, 614.1c), and what changes how many (614.16).

The entering event gives it, at once: loyalty counters equal to a planeswalker's printed loyalty (306.5b),
defense counters equal to a battle's printed defense (310.4b), what its own "enters with" abilities give
(its copied text included, 707.5), and a copy exception's additional counters (707.9e). Replacement
effects of permanents on the battlefield (Doubling Season, Hardened Scales …) then change how many, in
the order the entering permanent's controller chooses (616.1); when that order matters and the board
doesn't give it (``replacement_order``), the counters it decides are unknown, with the options named.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import partial
from math import factorial, prod

from engine.actions.others_counters import others_counters, others_giving
from engine.actions.resolving import COPIED_ENTERING_TEXT
from engine.actions.standing_copies import AS_IT_WOULD_EXIST
from engine.copy.exceptions import ADDITIONAL
from engine.core.budget import charge, outcome_limit
from engine.core.characteristics import Characteristics, GameAbility
from engine.core.citations import cite
from engine.core.known import Known, Unsure, explained, unsure_of
from engine.core.messages import (
    COUNTER_KINDS,
    Message,
    Param,
    card,
    counter_count,
    listing,
    msg,
    semicolon_series,
    series,
)
from engine.core.results import Explanation, Unknown
from engine.layers.computed import Computed
from engine.layers.control import current_controller
from engine.layers.copiable import copiable_values
from engine.layers.notes import unknown_note
from engine.layers.system import board_characteristics, current_characteristics
from engine.oracle.abilities import ENTERS_REPLACEMENT
from engine.oracle.chapters import CHAPTER_SYMBOLS, CHAPTER_TRIGGER, triggered_chapters
from engine.oracle.counter_bans import CounterBan, counter_ban
from engine.oracle.entering import (
    CounterReplacement,
    EnteringCounters,
    Undecided,
    UndecidedCounters,
    additional_counters,
    counter_replacement,
    entering_counters,
    gives_additional_counters,
    undecided_additional,
    undecided_counters,
)
from engine.oracle.kicker import KICKED_TIMES
from engine.state.board import Board, BoardError, GameObject, ObjectSpec, Zone

X_CHOSEN = cite("107.3a", "the controller of that spell or ability chooses and announces the value of X")
X_OF_SPELL_ENTERING = cite(
    "107.3m", "the value of X for that ability is the same as the value of X for that spell"
)
X_OF_THE_SPELL = cite(
    "107.3m", "the value of X for that ability is the same as the value of X for that spell"
)
NOT_GIVEN = {
    Undecided.CONDITION: (msg("the board doesn't say whether its condition is met"), ()),
    Undecided.COUNT: (msg("the board doesn't say how many things it counts"), ()),
    Undecided.DAMAGE: (
        msg("the board doesn't say whether an opponent was dealt damage this turn"),
        (cite("702.54a", "If an opponent was dealt damage this turn, this permanent enters with N"),),
    ),
    Undecided.MANA: (
        msg("the board doesn't say which colors of mana were spent to cast it"),
        (cite("702.44a", "for each color of mana spent to cast it"),),
    ),
    Undecided.CHOICE: (msg("the board doesn't say what was chosen as it entered"), ()),
    Undecided.KICKS: (
        msg("the board doesn't say how many times it was kicked (kicked: {{times: N}} says)"),
        (KICKED_TIMES,),
    ),
    Undecided.X: (
        msg(
            "the board doesn't give the X paid for the spell that became it (x: N says; X is 0 only if it "
            "entered without being cast)"
        ),
        (X_CHOSEN, X_OF_THE_SPELL),
    ),
}
"""What each kind of undecided "enters with" ability waits on, and the rule that says so."""

GIVEN_AS_IT_ENTERS = cite("122.6", "an object that’s given counters as it enters the battlefield")
LOYALTY_COUNTERS = cite(
    "306.5b", "enters with a number of loyalty counters on it equal to its printed loyalty number"
)
DEFENSE_COUNTERS = cite(
    "310.4b", "enters with a number of defense counters on it equal to its printed defense"
)
MORE_COUNTERS = cite("614.16", "if an effect would put one or more counters on a permanent")
CONTROLLER_ORDERS = cite("616.1", "the affected object’s controller (or its owner if it has no controller)")
ANY_ORDER = cite("616.1e", "Any of the applicable replacement and/or prevention effects may be chosen")
REPEATED = cite("616.1f", "this process is repeated")
CANT_WINS = cite("101.2", "the “can’t” effect takes precedence")
OWN_BAN = cite("113.6i", "functions as that object is entering the battlefield")

SAGA_LORE = cite("714.3a", "As a Saga without the read ahead ability enters the battlefield")
READ_AHEAD_CHAPTER = cite("702.155a", "unless it has exactly the number of lore counters on it")
READ_AHEAD = cite("702.155b", "its controller chooses a number from one to that Saga’s final chapter number")
_READ_AHEAD = Unknown.of(
    ("counters",),
    msg(
        "it has read ahead: as it enters, its controller chooses how many lore counters it enters with, from "
        "one to its final chapter number, and the board doesn't say (give counters: {{lore: N}})"
    ),
    READ_AHEAD,
)
_READ_AHEAD_CHAPTERS = msg(
    "Which chapter ability triggers as it enters is unknown too: with read ahead, only the one whose number "
    "is the number of lore counters it enters with (the one chosen) triggers this turn."
)
SAGA_LORE_TEXT = "a Saga's lore counter"  # how its own entering counter is told from the others'

Counts = dict[str, int]
_Modifier = tuple[str, CounterReplacement]  # the handle of its source, and the effect
# How an effect changes the counters it enters with: whether it doubles, and the kinds it changes.
_Class = tuple[bool, frozenset[str]]
_Computed = Callable[[], Mapping[str, Computed]]  # every object's layered characteristics, when asked


def counters_as_it_enters(
    board: Board, obj: GameObject, spec: ObjectSpec, abilities: tuple[GameAbility, ...]
) -> tuple[Board, GameObject]:
    """``obj`` with the counters entering gives it (none computed when the board lists its ``counters``),
    and the chapter abilities of a Saga its entering lore counters trigger (CR 714.2b)."""
    if spec.counters is not None or not (
        others_giving(board, obj) or _may_be_given_counters(obj, spec, abilities)
    ):
        return board, obj
    board, obj = _entering_counters(board, obj, spec, abilities)
    lore = obj.counters.get("lore", 0)
    values = copiable_values(obj)
    if lore and not any("counters" in u.characteristics for u in obj.unknowns):
        chapters = [(a, triggered_chapters(a.text, 0, lore)) for a in values.abilities]
        for ability, numbers in chapters:
            if numbers:
                board = board.explain(obj.id, _chapter_step(ability, numbers, lore))
    elif _reads_ahead(values) and "Saga" in values.subtypes:
        board = board.explain(obj.id, Explanation.of(_READ_AHEAD_CHAPTERS, READ_AHEAD_CHAPTER), note=True)
    return board, obj


def _chapter_step(ability: GameAbility, numbers: tuple[str, ...], lore: int) -> Explanation:
    if len(numbers) == 1:
        text = msg(
            "Its chapter {chapter} ability, “{ability}”, triggers: its lore counters went from 0 to {lore} "
            "as it entered.",
            chapter=numbers[0],
            ability=ability.text,
            lore=lore,
        )
        return Explanation.of(text, CHAPTER_TRIGGER)
    text = msg(
        "Its chapter {chapters} abilities — “{ability}” is one for each numeral — each trigger: its lore "
        "counters went from 0 to {lore} as it entered.",
        chapters=listing(list(numbers)),
        ability=ability.text,
        lore=lore,
    )
    return Explanation.of(text, CHAPTER_SYMBOLS, CHAPTER_TRIGGER)


def _entering_counters(
    board: Board, obj: GameObject, spec: ObjectSpec, abilities: tuple[GameAbility, ...]
) -> tuple[Board, GameObject]:
    layered = current_characteristics(obj, board)
    typed = layered.known_for("types", "loyalty", "defense")
    if isinstance(typed, Unsure):
        return _counters_unknown(board, obj, typed)
    values = typed.value
    if isinstance(layered.subtypes, Unsure):
        # Its subtypes decide only whether it is a Saga (an enchantment, 714.1) and which creature types
        # another permanent gives counters to: without either, they don't matter here.
        if values.is_a("Enchantment") or others_giving(board, obj):
            return _counters_unknown(board, obj, layered.subtypes)
        values = values.model_copy(update={"subtypes": ()})
    if "Saga" in values.subtypes and _reads_ahead(values):
        return _counters_unknown(board, obj, Unsure((_READ_AHEAD,)), changes=())
    x = _spell_x(obj)
    undecided = undecided_counters(abilities, kicked=obj.kicked_text, x=x) + _additional_undecided(
        obj, values
    )
    given = [*_intrinsic(values, obj), *entering_counters(abilities, x=_spell_x(obj), kicked=obj.kicked_text)]
    given += [EnteringCounters(kind=kind, count=n, text="") for kind, n in spec.given_counters]
    extra = _additional(obj, values)
    from_others, others_unknown = others_counters(board, obj, values)
    if others_unknown is not None:
        return _counters_unknown(board, obj, others_unknown)
    extra += tuple(found for found, _ in from_others)
    kinds = list(dict.fromkeys([*(u.kind for u in undecided), *(found.kind for found in (*given, *extra))]))
    # The other permanents' layered abilities, on this board (explanations don't change them): worked out
    # only when a ban or a replacement may need them.
    computed = partial(board_characteristics, board)
    sources = _abilities_unknown(board, obj, layered, computed) if kinds else None
    if sources is not None:
        return _counters_unknown(board, obj, sources)
    board, obj, stopped = _banned(board, obj, values, kinds, computed)
    if stopped is None:
        return board, obj
    board, obj = _not_decided(board, obj, values, tuple(u for u in undecided if u.kind not in stopped))
    counts: Counts = dict(obj.counters)
    steps = {id(found): step for found, step in from_others}
    for found in (f for f in (*given, *extra) if f.kind not in stopped):
        counts[found.kind] = counts.get(found.kind, 0) + found.count
        step = steps.get(id(found)) or _given_step(obj, found, additional=found in extra)
        board = board.explain(obj.id, step)
    modifiers = _modifiers(board, obj, values, counts, computed)
    if not modifiers:
        return board, obj.model_copy(update={"counters": counts})
    return _modified(board, obj, values, counts, modifiers, spec.replacement_order)


def _abilities_unknown(
    board: Board, obj: GameObject, layered: Computed, computed: _Computed
) -> Unsure | None:
    """Why the abilities that could ban or change the counters it enters with aren't all known (its own
    and the other permanents'), or None when they are: a ban (CR 122.6) or a replacement (614.12) among
    them would change the count."""
    found = [layered.abilities] + [
        computed()[source.id].abilities
        for source in board.in_zone(Zone.BATTLEFIELD)
        if source.id != obj.id and not source.phased_out
    ]
    unsure = [fact for fact in found if isinstance(fact, Unsure) and not _cannot_ban_or_replace(fact)]
    return unsure_of(*unsure) if unsure else None


def _cannot_ban_or_replace(abilities: Unsure) -> bool:
    """Whether every ability the object may have beyond its known ones is known and none is about counters
    ("~ has trample as long as it has ten or more +1/+1 counters on it": trample or nothing), so no ban or
    replacement can hide among them (CR 122.6, 614.12)."""
    return all(
        u.may_add is not None and not any("counter" in a.casefold() for a in u.may_add)
        for u in abilities.because
    )


def _counters_unknown(
    board: Board, obj: GameObject, why: Unsure, changes: tuple[str, ...] = ("power", "toughness", "loyalty")
) -> tuple[Board, GameObject]:
    """How many counters it enters with rests on what isn't known: so do its counters and what they
    ``changes`` (its power and toughness, its loyalty; nothing but themselves for lore counters), never
    taken as none."""
    reason = msg("how many counters it enters with rests on what isn't known ({reason})", reason=why.reason)
    note = explained(
        msg("Which counters it enters with is unknown, because {reason}.", reason=reason),
        why,
        GIVEN_AS_IT_ENTERS,
    )
    unknown = Unknown.of(("counters", *changes), reason, GIVEN_AS_IT_ENTERS)
    obj = obj.with_unknowns(unknown)
    return board.explain(obj.id, note, note=True), obj


def _banned(
    board: Board, obj: GameObject, values: Characteristics, kinds: list[str], computed: _Computed
) -> tuple[Board, GameObject, set[str] | None]:
    """The kinds of counters that can't be put on ``obj`` as it enters (CR 101.2, 122.6), each ban said;
    None when a ban leaves the counters unknown (the note and the unknown given)."""
    stopped: set[str] = set()
    for handle, ban in _bans(board, obj, values, computed) if kinds else ():
        reason = _ban_unknown(handle, obj, ban, kinds)
        if reason is not None:
            own = (OWN_BAN,) if handle == obj.id else ()
            note, unknown = unknown_note(
                _depending(set(kinds), values), reason, GIVEN_AS_IT_ENTERS, CANT_WINS, *own
            )
            obj = obj.with_unknowns(unknown)
            return board.explain(obj.id, note, note=True), obj, None
        banned = [kind for kind in kinds if ban.kind in (None, kind) and kind not in stopped]
        if banned:
            stopped.update(banned)
            board = board.explain(obj.id, _ban_step(handle, obj, ban, banned))
    return board, obj, stopped


def _bans(
    board: Board, obj: GameObject, values: Characteristics, computed: _Computed
) -> list[tuple[str, CounterBan]]:
    """The "counters can't be put on …" abilities that may apply to ``obj`` as it enters, by source: its
    own (CR 113.6i) and those of the permanents on the battlefield that name what it would be."""
    found = [(obj.id, ban) for ability in values.abilities if (ban := counter_ban(ability)) is not None]
    for source in board.in_zone(Zone.BATTLEFIELD):
        if source.id == obj.id or source.phased_out:
            continue
        yours = current_controller(source) is obj.controller
        for ability in _known_abilities(computed()[source.id]):
            ban = counter_ban(ability)
            if ban is not None and not ban.itself and _names(ban, yours, values):
                found.append((source.id, ban))
    return found


def _names(ban: CounterBan, yours: bool, values: Characteristics) -> bool:
    """Whether ``ban`` names a permanent with ``values`` (its controller's, if ``yours``)."""
    if not ban.decided:
        return True
    if ban.yours is not None and ban.yours is not yours:
        return False
    return not ban.types or any(values.is_a(t) for t in ban.types)


def _ban_unknown(handle: str, obj: GameObject, ban: CounterBan, kinds: list[str]) -> Message | None:
    """Why ``ban`` leaves the counters ``obj`` enters with unknown, or None when it is decided."""
    if not ban.decided:
        return msg(
            "{source}'s “{ban}” may stop counters being put on it as it enters, and this engine doesn't read "
            "what that wording stops",
            source=card(handle),
            ban=ban.text,
        )
    if handle == obj.id and not ban.itself and any(ban.kind in (None, kind) for kind in kinds):
        return msg(
            "its own “{ban}” names the permanents counters can't be put on, not the object itself, and this "
            "engine doesn't decide whether such an ability works as the object enters",
            ban=ban.text,
        )
    return None


def _ban_step(handle: str, obj: GameObject, ban: CounterBan, kinds: list[str]) -> Explanation:
    words = listing([COUNTER_KINDS.get(kind, kind) for kind in kinds], "or")
    return Explanation.of(
        msg(
            "{source}'s “{ban}” applies as it enters: no {kinds} counters are put on it.",
            source=card(handle),
            ban=ban.text,
            kinds=words,
        ),
        CANT_WINS,
        GIVEN_AS_IT_ENTERS,
        *((OWN_BAN,) if handle == obj.id else ()),
    )


def _may_be_given_counters(obj: GameObject, spec: ObjectSpec, abilities: tuple[GameAbility, ...]) -> bool:
    """Whether entering can give ``obj`` any counter, decided without computing the board's layers
    (which a board would otherwise do again for every object it puts onto the battlefield): its own or
    its copied "enters with" text, a copy exception, the returning effect's counters, or copiable values
    that are a planeswalker's or a battle's (no effect in Oracle text makes an entering permanent one)."""
    if spec.given_counters or entering_counters(abilities, x=_spell_x(obj), kicked=obj.kicked_text):
        return True
    if undecided_counters(abilities, kicked=obj.kicked_text, x=_spell_x(obj)):
        return True
    effect = obj.copies[-1].effect if obj.copies else None
    if effect is not None and gives_additional_counters(effect.exceptions):
        return True
    values = copiable_values(obj)
    return values.is_a("Planeswalker") or values.is_a("Battle") or "Saga" in values.subtypes


def _not_decided(
    board: Board, obj: GameObject, values: Characteristics, undecided: tuple[UndecidedCounters, ...]
) -> tuple[Board, GameObject]:
    """Each "enters with" ability whose counters the board doesn't decide leaves them unknown, with what
    it waits on (the board can list the counters it entered with instead: ``counters: {…}``)."""
    for found in undecided:
        waits_on, rules = NOT_GIVEN[found.depends_on]
        reason = msg(
            "“{ability}” decides how many {kind} counters it enters with, and {waits_on} (give the counters "
            "it entered with: counters: {{…}})",
            ability=found.text,
            kind=found.kind,
            waits_on=waits_on,
        )
        note, unknown = unknown_note(
            _depending({found.kind}, values), reason, GIVEN_AS_IT_ENTERS, ENTERS_REPLACEMENT, *rules
        )
        obj = obj.with_unknowns(unknown)
        board = board.explain(obj.id, note, note=True)
    return board, obj


def _reads_ahead(values: Characteristics) -> bool:
    """Whether it has read ahead (CR 702.155)."""
    return any((a.keyword or "").casefold() == "read ahead" for a in values.abilities)


def _intrinsic(values: Characteristics, obj: GameObject) -> list[EnteringCounters]:
    """Loyalty (306.5b) and defense (310.4b) counters equal to the printed number of what it would be,
    and a Saga's lore counter (714.3a)."""
    found = []
    if "Saga" in values.subtypes and not _reads_ahead(values):
        found.append(EnteringCounters(kind="lore", count=1, text=SAGA_LORE_TEXT))
    for card_type, number, kind in (
        ("Planeswalker", values.loyalty, "loyalty"),
        ("Battle", values.defense, "defense"),
    ):
        if values.is_a(card_type) and number is not None:
            count = _spell_x(obj) if number.printed == "X" else number.value
            if count is not None:
                found.append(
                    EnteringCounters(kind=kind, count=count, text=f"printed {kind} {number.printed}")
                )
    return found


def _additional(obj: GameObject, values: Characteristics) -> tuple[EnteringCounters, ...]:
    """Counters from the latest copy effect's "enters with an additional counter" exception (707.9e);
    ``values`` (what it would be) decide a condition like "if it's a creature" (707.9f)."""
    if not obj.copies or obj.copies[-1].effect is None:
        return ()
    return additional_counters(obj.copies[-1].effect.exceptions, values, x=_spell_x(obj))


def _additional_undecided(obj: GameObject, values: Characteristics) -> tuple[UndecidedCounters, ...]:
    """The latest copy effect's "enters with X additional counters" exception when X isn't given."""
    if not obj.copies or obj.copies[-1].effect is None:
        return ()
    return undecided_additional(obj.copies[-1].effect.exceptions, values, x=_spell_x(obj))


def _given_step(obj: GameObject, found: EnteringCounters, *, additional: bool) -> Explanation:
    counters = counter_count(found.count, found.kind)
    if not found.text:
        return Explanation.of(
            msg("The effect that puts it onto the battlefield gives it {counters}.", counters=counters),
            GIVEN_AS_IT_ENTERS,
        )
    if found.kind == "lore" and found.text == SAGA_LORE_TEXT:
        return Explanation.of(
            msg("It is a Saga: as it enters, its controller puts {counters} on it.", counters=counters),
            SAGA_LORE,
            *((COPIED_ENTERING_TEXT,) if obj.copies else ()),
        )
    if found.text.startswith("printed "):
        number = found.text.removeprefix(f"printed {found.kind} ")
        step = (
            msg(
                "It is a planeswalker: it enters with {counters}, its printed loyalty {number}.",
                counters=counters,
                number=number,
            )
            if found.kind == "loyalty"
            else msg(
                "It is a battle: it enters with {counters}, its printed defense {number}.",
                counters=counters,
                number=number,
            )
        )
        return Explanation.of(
            step,
            LOYALTY_COUNTERS if found.kind == "loyalty" else DEFENSE_COUNTERS,
            GIVEN_AS_IT_ENTERS,
            *((COPIED_ENTERING_TEXT,) if obj.copies else ()),
        )
    uses_x = "X" in found.text
    return Explanation.of(
        msg(
            "“{text}” applies as it enters: it enters with {counters}{x}.",
            text=found.text,
            counters=counters,
            x=_x_reason(obj) if uses_x else "",
        ),
        ENTERS_REPLACEMENT,
        *((COPIED_ENTERING_TEXT,) if obj.copies else ()),
        *((X_OF_THE_SPELL,) if uses_x else ()),
        *((ADDITIONAL,) if additional else ()),
        *((RIOT_COUNTER,) if found.text.startswith("Riot") else ()),
    )


RIOT_COUNTER = cite("702.136a", "You may have this permanent enter with an additional +1/+1 counter on it")


def _x_reason(obj: GameObject) -> Message:
    if obj.x is not None:
        return msg(" (X is {x}, the value chosen for the spell that became it)", x=obj.x)
    if obj.card is None:
        return msg(" (X is 0: no value of X was chosen for the spell that became it)")
    return msg(
        " (X is 0: no value of X was chosen for the spell that became it, {spell})", spell=card(obj.card.name)
    )


def _spell_x(obj: GameObject) -> int | None:
    """The X of the spell that became ``obj`` (CR 107.3m): as the board gives it; 0 when no X was chosen
    (a token, or a card without {X} in its mana cost, like a Clone that copies a Hydra); None when its
    card's cost has {X} and the board doesn't say what was paid."""
    if obj.x is not None:
        return obj.x
    if obj.card is None or obj.token:
        return 0
    return None if obj.card.has_x_cost else 0


def _known_abilities(layered: Computed) -> tuple[GameAbility, ...]:
    """A permanent's abilities, which :func:`_abilities_unknown` found known before any ban or replacement
    is looked for (so the unknown case can't reach here)."""
    abilities = layered.abilities
    return abilities.value if isinstance(abilities, Known) else ()


def _modifiers(
    board: Board, obj: GameObject, values: Characteristics, counts: Counts, computed: _Computed
) -> list[_Modifier]:
    """The other permanents' replacement effects that apply to the counters it enters with (614.12)."""
    found: list[_Modifier] = []
    if not counts:  # nothing would put a counter on it, so nothing can replace that
        return found
    for source in board.in_zone(Zone.BATTLEFIELD):
        if source.id == obj.id or source.phased_out:
            continue
        for ability in _known_abilities(computed()[source.id]):
            effect = counter_replacement(ability)
            if effect is not None and _applies(
                effect, current_controller(source) is obj.controller, values, counts
            ):
                found.append((source.id, effect))
    return found


def _applies(effect: CounterReplacement, yours: bool, values: Characteristics, counts: Counts) -> bool:
    if effect.yours and not yours:
        return False
    if effect.types and not any(values.is_a(t) for t in effect.types):
        return False
    return any(n > 0 and effect.kind in (None, kind) for kind, n in counts.items())


def _apply(effect: CounterReplacement, counts: Counts) -> Counts:
    """The counters after one replacement effect: twice that many, or that many plus one, of its kinds."""
    charge(1)
    return {
        kind: (n * 2 if effect.doubles else n + 1) if n > 0 and effect.kind in (None, kind) else n
        for kind, n in counts.items()
    }


def _in_order(modifiers: tuple[_Modifier, ...], counts: Counts) -> Counts:
    for _, effect in modifiers:
        counts = _apply(effect, counts)
    return counts


def _modified(
    board: Board,
    obj: GameObject,
    values: Characteristics,
    counts: Counts,
    modifiers: list[_Modifier],
    order: tuple[str, ...],
) -> tuple[Board, GameObject]:
    if order:
        return _applied_in(board, obj, counts, _ordered(obj, modifiers, order), given=True)
    classes: dict[_Class, list[_Modifier]] = {}
    for modifier in modifiers:
        classes.setdefault(_class_of(modifier[1], counts), []).append(modifier)
    if all(_commute(a, b) for a in classes for b in classes):
        return _applied_in(board, obj, counts, tuple(modifiers), given=False)
    count = _distinct_orders(classes)
    if count > outcome_limit():
        return _too_many_orders(board, obj, values, counts, classes, count)
    outcomes = {orders: _in_order(orders, counts) for orders in _orders(list(classes.values()))}
    if len({tuple(sorted(o.items())) for o in outcomes.values()}) == 1:
        return _applied_in(board, obj, counts, tuple(modifiers), given=False)
    return _undecided(board, obj, values, counts, outcomes, every=count == factorial(len(modifiers)))


def _class_of(effect: CounterReplacement, counts: Counts) -> _Class:
    """Effects of one class change the counters the same way: swapping two of them changes nothing."""
    return effect.doubles, frozenset(k for k, n in counts.items() if n > 0 and effect.kind in (None, k))


def _commute(a: _Class, b: _Class) -> bool:
    """Whether effects of the classes ``a`` and ``b`` give the same counters in either order: both double,
    both add one, or they change different kinds (a count stays above 0, so no effect stops applying)."""
    return a[0] == b[0] or not a[1] & b[1]


def _distinct_orders(classes: Mapping[_Class, list[_Modifier]]) -> int:
    """How many orders differ in more than swapping effects of one class (a multinomial coefficient)."""
    sizes = [len(members) for members in classes.values()]
    return factorial(sum(sizes)) // prod(factorial(size) for size in sizes)


def _orders(classes: list[list[_Modifier]], taken: tuple[int, ...] = ()) -> Iterator[tuple[_Modifier, ...]]:
    """One order for each sequence of classes (``taken``: how many of each class are placed already), the
    effects of a class in the order they were found."""
    used = taken or (0,) * len(classes)
    if sum(used) == sum(map(len, classes)):
        yield ()
        return
    for position, members in enumerate(classes):
        if used[position] < len(members):
            after = tuple(n + (i == position) for i, n in enumerate(used))
            for rest in _orders(classes, after):
                yield (members[used[position]], *rest)


def _ordered(obj: GameObject, modifiers: list[_Modifier], order: tuple[str, ...]) -> tuple[_Modifier, ...]:
    """The modifiers in the order ``replacement_order`` gives; it must name each applicable source once."""
    sources = [handle for handle, _ in modifiers]
    if sorted(order) != sorted(dict.fromkeys(sources)) or len(order) != len(set(order)):
        raise BoardError(
            msg(
                "replacement_order of {card} must list, once each, the permanents whose replacement effects "
                "change the counters it enters with: {sources} (given: {given})",
                card=card(obj.id),
                sources=", ".join(dict.fromkeys(sources)),
                given=", ".join(order),
            )
        )
    return tuple(m for handle in order for m in modifiers if m[0] == handle)


def _shown(counts: Counts) -> Param:
    shown = [
        msg("{count} {kind}", count=n, kind=COUNTER_KINDS.get(kind, kind)) for kind, n in counts.items() if n
    ]
    return series(shown) if shown else msg("no counters")


def _applied_in(
    board: Board, obj: GameObject, counts: Counts, modifiers: tuple[_Modifier, ...], *, given: bool
) -> tuple[Board, GameObject]:
    for handle, effect in modifiers:
        after = _apply(effect, counts)
        board = board.explain(
            obj.id,
            Explanation.of(
                msg(
                    "{source}'s “{text}” applies to the counters it enters with: {before} become {after}.",
                    source=card(handle),
                    text=effect.text,
                    before=_shown(counts),
                    after=_shown(after),
                ),
                MORE_COUNTERS,
                GIVEN_AS_IT_ENTERS,
                AS_IT_WOULD_EXIST,
            ),
        )
        counts = after
    if len(modifiers) > 1:
        why = (
            msg(
                "its controller applies them in the order given ({order})",
                order=series([card(h) for h, _ in modifiers]),
            )
            if given
            else msg("every order its controller could choose gives the same counters")
        )
        board = board.explain(
            obj.id,
            Explanation.of(
                msg("Several replacement effects apply to that event, each once: {why}.", why=why),
                CONTROLLER_ORDERS,
                ANY_ORDER,
                REPEATED,
            ),
        )
    return board, obj.model_copy(update={"counters": counts})


def _undecided(
    board: Board,
    obj: GameObject,
    values: Characteristics,
    counts: Counts,
    outcomes: dict[tuple[_Modifier, ...], Counts],
    *,
    every: bool,
) -> tuple[Board, GameObject]:
    """The order matters and isn't given: the kinds it decides are unknown, each order's result named (when
    not ``every`` order is named, each named one stands for those that only swap effects of one class)."""
    results = list(outcomes.values())
    undecided = {kind for kind in counts if len({r.get(kind) for r in results}) > 1}
    options = semicolon_series(
        [
            msg("{order}: {counters}", order=_then([h for h, _ in orders]), counters=_shown(result))
            for orders, result in outcomes.items()
        ]
    )
    handles = series([card(h) for h in dict.fromkeys(h for orders in outcomes for h, _ in orders)])
    reason = (
        msg(
            "its controller chooses the order of the replacement effects that change the counters it enters "
            "with ({handles}), the order changes the result and the board doesn't give it "
            "(replacement_order: […]); the options are {options}",
            handles=handles,
            options=options,
        )
        if every
        else msg(
            "its controller chooses the order of the replacement effects that change the counters it enters "
            "with ({handles}), the order changes the result and the board doesn't give it "
            "(replacement_order: […]); the options are {options}, each also standing for the orders that "
            "only swap effects changing the same counters the same way",
            handles=handles,
            options=options,
        )
    )
    known = {kind: n for kind, n in results[0].items() if kind not in undecided}
    return _unknown_counters(board, obj, values, undecided, known, reason)


def _too_many_orders(
    board: Board,
    obj: GameObject,
    values: Characteristics,
    counts: Counts,
    classes: Mapping[_Class, list[_Modifier]],
    count: int,
) -> tuple[Board, GameObject]:
    """The order matters, isn't given, and more orders may give different counters than are listed: the
    kinds two effects that don't commute both change are unknown, with how many orders there are."""
    undecided = {kind for a in classes for b in classes if not _commute(a, b) for kind in a[1] & b[1]}
    modifiers = tuple(m for members in classes.values() for m in members)
    known = {kind: n for kind, n in _in_order(modifiers, counts).items() if kind not in undecided}
    reason = msg(
        "its controller chooses the order of the {effects} replacement effects that change the counters it "
        "enters with ({handles}), the order changes the result and the board doesn't give it "
        "(replacement_order: […]); {count} orders may give different counters, more than the {limit} "
        "this engine lists",
        effects=len(modifiers),
        handles=series([card(h) for h in dict.fromkeys(h for h, _ in modifiers)]),
        count=format(count, ","),
        limit=outcome_limit(),
    )
    return _unknown_counters(board, obj, values, undecided, known, reason)


def _unknown_counters(
    board: Board,
    obj: GameObject,
    values: Characteristics,
    undecided: set[str],
    known: Counts,
    reason: Message,
) -> tuple[Board, GameObject]:
    note, unknown = unknown_note(_depending(undecided, values), reason, CONTROLLER_ORDERS, MORE_COUNTERS)
    obj = obj.model_copy(update={"counters": known, "unknowns": (*obj.unknowns, unknown)})
    return board.explain(obj.id, note, note=True), obj


def _then(handles: list[str]) -> Param:
    """Replacement effects in the order applied: "A then B then C"."""
    first = card(handles[0])
    return first if len(handles) == 1 else msg("{first} then {rest}", first=first, rest=_then(handles[1:]))


def _depending(kinds: set[str], values: Characteristics) -> tuple[str, ...]:
    """What an unknown number of counters of these kinds leaves unknown: the counters and what they count."""
    found = ["counters"]
    if values.is_a("Creature") and any("/" in kind for kind in kinds):
        found += ["power", "toughness"]
    if values.is_a("Planeswalker") and "loyalty" in kinds:
        found.append("loyalty")
    return tuple(found)
