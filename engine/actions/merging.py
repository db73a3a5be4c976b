"""Mutate and merged permanents (CR 702.140, 727): a mutating creature spell resolving (``mutates:``), and a
listed permanent the board says is merged (``merged:``).

A legal target: the spell doesn't enter; it merges with the creature, on top or under, and the result is one
object (702.140c, 727.2), the same object as before (727.2b-c): no enters-the-battlefield triggers, not a new
controller, the effects on it still apply; its "whenever this creature mutates" abilities trigger (702.140d).
Its characteristics are those of its topmost component with all abilities of every component (727.2a,
702.140e; worked out in layer 1a by ``engine.layers.merged``), and so are its copiable values: a Clone
copying it copies them and is one card, not merged (707.2, 613.2a). It is a token only if its topmost
component is (727.2d). When the board doesn't say on top or under, the characteristics the topmost
component decides are unknown, each outcome named. An illegal target (gone, no longer a creature, a Human
now): it resolves as a creature spell and enters the battlefield (702.140b, 608.3b).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product

from engine.actions.day_night import Enter
from engine.actions.refusals import handle_used
from engine.actions.resolving import resolve_permanent_spell
from engine.core.characteristics import Characteristics, CopiableText
from engine.core.citations import cite
from engine.core.known import Known, Unsure
from engine.core.messages import Message, Param, card, listing, msg, semicolon_series, series, type_words
from engine.core.model import AbilityKind, Card, PrintedNumber
from engine.core.results import CHARACTERISTICS, Explanation, Unknown
from engine.layers.copiable import copiable_values, layer_one_text, merge_base
from engine.layers.merged import (
    ALL_ABILITIES,
    MERGE_COPIABLE,
    MERGING_IN_LAYER_ONE,
    OTHERS_FROM_TOP,
    TOPMOST,
    merged_text,
    part_values,
)
from engine.layers.notes import unknown_note
from engine.layers.system import current_characteristics
from engine.oracle.entering import enters_triggers, mutate_triggers
from engine.oracle.text import strip_reminder
from engine.state.actions import AttachAction, MutatesAction, ResolvesAction
from engine.state.board import Board, BoardError, Event, GameObject, ObjectSpec, Zone, became_object_at
from engine.state.merges import Merge, MergedPart, pile, top_is_token, unplaced
from engine.state.zone_records import TriggerHit

MUTATE_TARGET = cite("702.140a", "targets a non-Human creature with the same owner as this spell")
ILLEGAL_TARGET = cite(
    "702.140b", "if its target is illegal, it ceases to be a mutating creature spell and continues resolving"
)
ILLEGAL_RESOLVES = cite("608.3b", "it becomes a creature spell and will resolve as described in rule 608.3a")
MERGES = cite(
    "702.140c", "it merges with the target creature and becomes one object represented by more than"
)
ON_TOP_OR_BOTTOM = cite(
    "702.140c",
    "The spell’s controller chooses whether the spell is put on top of the creature or on the bottom.",
)
MUTATES_TRIGGER = cite(
    "702.140d",
    "triggers when a spell merges with a creature as a result of a resolving mutating creature spell",
)
PLACED = cite("727.2", "place that object on top of or under that permanent")
NOT_ENTERED = cite("727.2b", "the resulting permanent isn’t considered to have just entered the battlefield")
SAME_OBJECT = cite("727.2c", "Because a merged permanent is the same object that it was before")
TOKEN_IF_TOP = cite("727.2d", "the resulting permanent is a token only if the topmost component is a token")
COPIES_MERGED = cite("707.2", "as modified by other copy effects")
MERGED_NOT_COPIED_AS_CARDS = cite(
    "727.2", "That permanent becomes a merged permanent represented by the card or copy that represented"
)

_TOP_DECIDES: tuple[str, ...] = tuple(c for c in CHARACTERISTICS if c != "abilities")
_FIELDS = {"mana cost": "mana_cost"}  # the Characteristics field of each characteristic named otherwise
_MAX_UNPLACED = 3  # parts whose place isn't given that are named outcome by outcome (2**3 outcomes)


def mutates(
    board: Board, event: Event, action: MutatesAction, cards: Mapping[str, Card], enter: Enter
) -> Board:
    """A mutating creature spell resolves (CR 702.140b, 702.140c): it merges with its target, or, the target
    being illegal, enters the battlefield as a creature."""
    spell = action.spell
    mutating = cards[spell.card]
    if board.has(spell.id):
        raise BoardError(handle_used(spell.id))
    _check_mutate(spell, mutating)
    illegal = _illegal_target(board, action)
    if illegal is not None:
        board = board.explain(
            spell.id,
            Explanation.of(
                msg(
                    "{spell} begins resolving as a mutating creature spell, but its target {target} is "
                    "illegal now ({why}): it ceases to be a mutating creature spell and resolves as a "
                    "creature spell, so it enters the battlefield under its controller's control instead of "
                    "merging.",
                    spell=card(mutating.front.name),
                    target=card(action.onto),
                    why=illegal,
                ),
                ILLEGAL_TARGET,
                ILLEGAL_RESOLVES,
                MUTATE_TARGET,
            ),
        )
        resolving = Event(
            action=ResolvesAction(line=action.line, entering=spell),
            timestamp=event.timestamp,
            object_id=spell.id,
        )
        return resolve_permanent_spell(board, resolving, spell, cards, enter)
    target = board.get(action.onto)
    part = MergedPart(
        timestamp=event.timestamp, id=spell.id, card=mutating, token=spell.token, on_top=action.on_top
    )
    board = board.explain(target.id, _resolved_step(target, part, mutating))
    board, merged = _merge(board, target, part)
    return _triggered(board, merged, part)


def listed_merges(
    board: Board, obj: GameObject, spec: ObjectSpec, cards: Mapping[str, Card]
) -> tuple[Board, GameObject]:
    """A listed permanent with ``merged:`` (CR 727.2): each card merged with it in turn, as it is before the
    board's actions (what triggered then is over). An entering object can't be merged already."""
    if not spec.merged:
        return board, obj
    if not spec.effects:  # else an effect listed may have made it a creature, or a non-Human, by then
        _check_first_target(obj, spec.line)
    for entry in spec.merged:
        mutating = cards[entry.card]
        _check_mutate(ObjectSpec(card=entry.card, id=obj.id, line=entry.line or spec.line), mutating)
        part = MergedPart(
            timestamp=obj.timestamp, id=entry.card, card=mutating, token=entry.token, on_top=entry.on_top
        )
        board, obj = _merge(board, obj, part)
    return board, obj


def refuse_merged_entering(spec: ObjectSpec) -> None:
    """``merged:`` on an object an action makes enter: a permanent entering isn't merged (a spell that merges
    doesn't enter, CR 702.140c): the board says ``mutates:`` for that."""
    if spec.merged:
        raise BoardError(
            _at(
                spec.line,
                msg(
                    "{object} enters the battlefield, so nothing is merged with it yet: a mutating creature "
                    "spell that merges doesn't enter (CR 702.140c); write the merge as a mutates action.",
                    object=card(spec.id),
                ),
            )
        )


def _check_mutate(spell: ObjectSpec, mutating: Card) -> None:
    """Only a creature spell cast for its mutate cost is a mutating creature spell (CR 702.140a)."""
    if not any(a.keyword == "Mutate" for a in mutating.front.abilities):
        raise BoardError(
            _at(
                spell.line,
                msg(
                    "{card} has no mutate ability, so it can't be a mutating creature spell: only a creature "
                    "spell cast for its mutate cost merges with a creature (CR 702.140a).",
                    card=card(mutating.front.name),
                ),
            )
        )


def _illegal_target(board: Board, action: MutatesAction) -> Message | None:
    """Why the target is illegal as the spell resolves; None when it is legal. A target it could never have
    had is refused, naming the line: an object with another owner, or one that was Human or not a creature
    all along (``_always_so``), CR 702.140a, 601.2c."""
    if not board.has(action.onto) or board.get(action.onto).zone is not Zone.BATTLEFIELD:
        return msg("it is no longer on the battlefield")
    target = board.get(action.onto)
    if target.phased_out:
        return msg("it is phased out, so it is treated as though it doesn't exist")
    if target.owner is not action.spell.controller:
        _refuse(
            action,
            msg("it has another owner: a mutating creature spell targets a creature with the same owner"),
        )
    values = current_characteristics(target, board)
    creature, human = values.is_a("Creature"), values.has_subtype("Human")
    if isinstance(creature, Unsure) or isinstance(human, Unsure):
        why = creature if isinstance(creature, Unsure) else human
        assert isinstance(why, Unsure)
        _refuse(
            action,
            msg(
                "whether it is still a non-Human creature is unknown, because {reason}: it merges if it is "
                "(CR 702.140c) and enters as a creature if it isn't (702.140b), and the board doesn't decide",
                reason=why.reason,
            ),
        )
    problem = _not_targetable(creature, human)
    if problem is None:
        return None
    if _always_so(board, target):
        _refuse(
            action,
            msg(
                "{problem}, and nothing on the board changed it, so it couldn't have been the target of a "
                "mutating creature spell (a non-Human creature with the same owner)",
                problem=problem,
            ),
        )
    return problem


def _not_targetable(creature: Known[bool] | Unsure, human: Known[bool] | Unsure) -> Message | None:
    if isinstance(creature, Known) and not creature.value:
        return msg("it isn't a creature")
    if isinstance(human, Known) and human.value:
        return msg("it is a Human")
    return None


def _always_so(board: Board, target: GameObject) -> bool:
    """Whether the target has been a Human or a noncreature ever since it became the object it is: its own
    (copiable) values make it one, and no action since has changed it or attached something to it (a static
    ability of a permanent that came later could have changed it too: then it may have been a legal target
    as the spell was cast, and is an illegal one only now)."""
    own = copiable_values(target)
    if "Creature" in own.types and "Human" not in own.subtypes:
        return False
    since = became_object_at(board, target)
    changed = any(
        e.timestamp > since
        and (e.object_id == target.id or (isinstance(e.action, AttachAction) and e.action.to == target.id))
        for e in board.events
    )
    later = any(
        o.timestamp > since and any(a.kind is AbilityKind.STATIC for a in copiable_values(o).abilities)
        for o in board.in_zone(Zone.BATTLEFIELD)
        if o.id != target.id
    )
    return not changed and not later


def _refuse(action: MutatesAction, why: Message) -> None:
    raise BoardError(
        _at(
            action.line,
            msg(
                "{spell} can't mutate onto {target}: {why} (CR 702.140a, 601.2c).",
                spell=card(action.spell.card),
                target=card(action.onto),
                why=why,
            ),
        )
    )


def _at(line: int, problem: Message) -> Message:
    return msg("line {line}: {problem}", line=line, problem=problem) if line else problem


def _merge(board: Board, target: GameObject, part: MergedPart) -> tuple[Board, GameObject]:
    """``target`` with ``part`` merged on top or under (CR 727.2): a token only if its topmost component is
    (727.2d); unknowns for what the board doesn't decide; the steps saying what it is."""
    merge = (target.merge or Merge(base_token=target.token)).with_part(part)
    base = merge_base(target)
    kept = tuple(u for u in target.unknowns if not _is_merge_unknown(u))
    merged = target.model_copy(update={"merge": merge, "token": top_is_token(merge), "unknowns": kept})
    noted = (*_order_unknowns(merge, base), *_copied_base_unknowns(target))
    merged = merged.with_unknowns(*(unknown for _, unknown in noted))
    board = board.replace(merged).explain(merged.id, _characteristics_step(merge, base))
    if merge.base_token or any(p.token for p in merge.parts):
        board = board.explain(merged.id, _token_step(merge))
    for note, _ in noted:
        board = board.explain(merged.id, note, note=True)
    return board, merged


def _is_merge_unknown(unknown: Unknown) -> bool:
    """An unknown an earlier merge recorded (worked out again for the new pile)."""
    return unknown.rules[:2] == ("727.2a", "702.140c")


def _check_first_target(target: GameObject, line: int) -> None:
    """A listed permanent merged with cards was a non-Human creature as the first merged with it (CR
    702.140a): its own values then (it was listed with them) must say so."""
    values = merge_base(target).main
    if "Creature" in values.types and "Human" not in values.subtypes:
        return
    problem = msg("it is a Human") if "Creature" in values.types else msg("it isn't a creature")
    raise BoardError(
        _at(
            line,
            msg(
                "nothing can be merged with {target}: {problem}, and a mutating creature spell targets a "
                "non-Human creature (CR 702.140a).",
                target=card(target.id),
                problem=problem,
            ),
        )
    )


def _component_name(merge: Merge, base: CopiableText, index: int) -> str:
    return (base.main.name or "") if index == 0 else merge.parts[index - 1].card.front.name


def _described(values: Characteristics) -> Message:
    """ "Gemrazer, a 4/4 Beast creature" (its name, power and toughness, and types)."""
    pt = f"{_number(values.power)}/{_number(values.toughness)} " if values.power or values.toughness else ""
    return msg(
        "{name}, a {pt}{types}",
        name=card(values.name or ""),
        pt=pt,
        types=type_words([*values.subtypes, *values.types]),
    )


def _number(number: PrintedNumber | None) -> str:
    return number.printed if number is not None else "?"


def _characteristics_step(merge: Merge, base: CopiableText) -> Explanation:
    """What the merged permanent is: its components, topmost first, and whose characteristics it has."""
    count = len(merge.parts)
    order = pile(merge, count)
    names = [_component_name(merge, base, index) for index in order]
    values = merged_text(merge, base, count).main
    if unplaced(merge):
        return Explanation.of(
            msg(
                "It is a merged permanent represented by {count} cards or tokens ({names}). It has all "
                "abilities of each of them; its other characteristics are those of its topmost component, "
                "which the board doesn't give (on_top: true or false).",
                count=count + 1,
                names=listing([card(name) for name in sorted(names)]),
            ),
            PLACED,
            ALL_ABILITIES,
            OTHERS_FROM_TOP,
            TOPMOST,
            MERGE_COPIABLE,
            MERGING_IN_LAYER_ONE,
        )
    return Explanation.of(
        msg(
            "It is a merged permanent represented by {count} cards or tokens, topmost first: {names}. It has "
            "only the characteristics of its topmost component ({top}), with all abilities of each "
            "component; merging is a copiable effect (layer 1a), so these are its copiable values.",
            count=count + 1,
            names=series([card(name) for name in names]),
            top=_described(values),
        ),
        PLACED,
        TOPMOST,
        ALL_ABILITIES,
        OTHERS_FROM_TOP,
        MERGE_COPIABLE,
        MERGING_IN_LAYER_ONE,
    )


def _token_step(merge: Merge) -> Explanation:
    """Whether a merged permanent with a token among its components is a token (CR 727.2d)."""
    if unplaced(merge) and top_is_token(merge, (True,) * unplaced(merge)) != top_is_token(
        merge, (False,) * unplaced(merge)
    ):
        return Explanation.of(
            msg(
                "Whether it is a token depends on its topmost component, which the board doesn't give: it is "
                "a token only if that component is a token."
            ),
            TOKEN_IF_TOP,
        )
    if top_is_token(merge):
        return Explanation.of(msg("Its topmost component is a token, so it is a token."), TOKEN_IF_TOP)
    return Explanation.of(
        msg("Its topmost component isn't a token, so it isn't a token, though a token represents it too."),
        TOKEN_IF_TOP,
    )


def _order_unknowns(merge: Merge, base: CopiableText) -> tuple[tuple[Explanation, Unknown], ...]:
    """When the board doesn't say whether a part went on top or under: the characteristics the topmost
    component decides are unknown (abilities aren't: it has every component's), each outcome named."""
    missing = unplaced(merge)
    if not missing:
        return ()
    count = len(merge.parts)
    outcomes: list[Param] = []
    results: list[Characteristics] = []
    if missing <= _MAX_UNPLACED:
        unplaced_parts = [p for p in merge.parts if p.on_top is None]
        for chosen in product((True, False), repeat=missing):
            placed = listing(
                [
                    msg("{card} on top", card=card(p.card.front.name))
                    if on_top
                    else msg("{card} under", card=card(p.card.front.name))
                    for p, on_top in zip(unplaced_parts, chosen, strict=True)
                ]
            )
            values = merged_text(merge, base, count, chosen).main
            results.append(values)
            outcomes.append(msg("with {placed}, it is {what}", placed=placed, what=_described(values)))
    differing = _differing(results) if results else _TOP_DECIDES
    if not differing:
        return ()
    reason = msg(
        "the board doesn't say whether the mutating creature spell was put on top of the creature or under "
        "it (on_top: true or false), and the topmost component decides them{outcomes}",
        outcomes=msg(": {listed}", listed=semicolon_series(outcomes)) if outcomes else "",
    )
    note, unknown = unknown_note(differing, reason, TOPMOST, ON_TOP_OR_BOTTOM, OTHERS_FROM_TOP)
    # They are its copiable values (merging is a copiable effect), and a copy of it copies them (CR 707.2):
    # it doesn't know them either.
    return ((note, unknown.model_copy(update={"copied": True, "copiable": True})),)


def _differing(results: list[Characteristics]) -> tuple[str, ...]:
    """The characteristics the topmost component decides that differ between the outcomes."""
    return tuple(
        name
        for name in _TOP_DECIDES
        if len({repr(getattr(values, _FIELDS.get(name, name))) for values in results}) > 1
    )


def _copied_base_unknowns(target: GameObject) -> tuple[tuple[Explanation, Unknown], ...]:
    """A permanent that was copying something, or face down, as a card merged with it: whether the copy effect
    (or face-down status) gives its component those values under the merge, the rules don't say (727.2a
    speaks of the topmost component's characteristics, 727.2c keeps the effects on the permanent)."""
    if target.merge is not None or not (target.copies or target.face_down or target.settings):
        return ()
    reason = msg(
        "{target} had a copy effect, an “as enters” setting or face-down status as the card merged with it, "
        "and whether that applies to its component under the merge (so the merged permanent has the copied "
        "values) or the component has its card's own characteristics, the rules don't say",
        target=card(target.id),
    )
    note, unknown = unknown_note(CHARACTERISTICS, reason, TOPMOST, SAME_OBJECT)
    return ((note, unknown.model_copy(update={"copied": True, "copiable": True})),)


def _resolved_step(target: GameObject, part: MergedPart, mutating: Card) -> Explanation:
    """The spell merged: it didn't enter, and the permanent is the same object (CR 702.140c, 727.2b-c)."""
    where = (
        msg("on top of it")
        if part.on_top
        else msg("under it")
        if part.on_top is False
        else msg("on top of it or under it (the board doesn't say which)")
    )
    etb = [f"“{strip_reminder(a.text)}”" for a in enters_triggers(part_values(part).abilities)]
    return Explanation.of(
        msg(
            "{spell} resolves as a mutating creature spell with a legal target: it doesn't enter the "
            "battlefield; it merges with {target}, put {where}, and they become one object. That permanent "
            "isn't considered to have just entered the battlefield{etb}, and it is the same object as "
            "before: it hasn't just come under its controller's control, and the effects on it still apply.",
            spell=card(mutating.front.name),
            target=card(target.id),
            where=where,
            etb=msg(
                " (no enters-the-battlefield ability triggers: {abilities})",
                abilities=semicolon_series(list(etb)),
            )
            if etb
            else "",
        ),
        MERGES,
        ON_TOP_OR_BOTTOM,
        NOT_ENTERED,
        SAME_OBJECT,
    )


def _triggered(board: Board, merged: GameObject, part: MergedPart) -> Board:
    """Its "whenever this creature mutates" abilities trigger, one from each component that has one (CR
    702.140d): the merged permanent has them all (702.140e)."""
    abilities = current_characteristics(merged, board).abilities
    known = isinstance(abilities, Known)
    found = mutate_triggers(
        abilities.value if isinstance(abilities, Known) else layer_one_text(merged).main.abilities
    )
    name = layer_one_text(merged).main.name
    for ability in found:
        text = strip_reminder(ability.text)
        hit = TriggerHit(
            source=merged.id,
            source_name=name,
            ability=text,
            event=part.id,
            times=1 if known else None,
            explanation=Explanation.of(
                msg(
                    "“{ability}” triggers: a spell merged with this creature as a mutating creature spell "
                    "resolved{unsure}.",
                    ability=text,
                    unsure="" if known else msg(" (if it still has the ability: its abilities are unknown)"),
                ),
                MUTATES_TRIGGER,
                ALL_ABILITIES,
            ),
        )
        board = board.model_copy(update={"triggers": (*board.triggers, hit)})
    return board


def copied_merge_step(board: Board, copier: GameObject, original: GameObject) -> Board:
    """A copy of a merged permanent copies its merged values (CR 707.2, 613.2a, 727.2a) and is one card or
    token, not merged: the cards representing the original aren't part of it."""
    if original.merge is None:
        return board
    return board.explain(
        copier.id,
        Explanation.of(
            msg(
                "{original} is a merged permanent: merging is a copiable effect, so its copiable values are "
                "its topmost component's characteristics with all abilities of each of its components, and "
                "{copier} copies those. {copier} isn't merged: it is represented only by its own card or "
                "token.",
                original=card(original.id),
                copier=card(copier.id),
            ),
            COPIES_MERGED,
            MERGE_COPIABLE,
            MERGING_IN_LAYER_ONE,
            MERGED_NOT_COPIED_AS_CARDS,
        ),
    )


LEAVES_AS_COMPONENTS = cite(
    "727.3", "one permanent leaves the battlefield and each of the individual components are put into"
)


def refuse_merged_leaving(board: Board, handle: str, line: int) -> None:
    """A merged permanent leaving the battlefield puts each of its components into the zone (CR 727.3): not
    modelled yet, so refused rather than answered as if one card moved."""
    if not board.has(handle) or board.get(handle).merge is None:
        return
    raise BoardError(
        _at(
            line,
            msg(
                "{object} is a merged permanent: as it leaves the battlefield, each card and token "
                "representing it is put into the zone (CR 727.3), and this engine doesn't model that move "
                "yet, so it can't answer this board.",
                object=card(handle),
            ),
        )
    )
