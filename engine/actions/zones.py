"""Zone changes of permanents: a permanent leaving the battlefield, and the cards it became moving on.

``leaves: {object, to, by, replacement, last, ids}`` (CR 400.7): the permanent becomes a new object in
its new zone, with no counters, effects, attachments or status; a melded permanent is one permanent
that becomes two cards, its front faces (CR 712.21); a token ceases to exist (CR 111.7).
``returns: {cards_of, to, counters, controller, by}``: an effect that can find the card(s) a permanent
became finds both cards of a melded permanent and does the same to each (CR 712.21c).

Every move is recorded on the board (``Board.moves``) with what it triggered (``Board.triggers``,
:mod:`engine.actions.zone_triggers`); graveyard replacement effects are in
:mod:`engine.actions.zone_replacements` and Duplicant's "last creature card exiled with ~" in
:mod:`engine.actions.imprint`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.actions.faces import FLIP_NO_MEMORY
from engine.actions.imprint import MELDED_EXILE_ORDER, exiled_with_ability, last_exiled_effects
from engine.actions.paid_triggers import not_cast
from engine.actions.until_left import exiled_until_it_left, returned_step, unknown_return_note
from engine.actions.zone_replacements import OWNERS_GRAVEYARD, Destination, destination, melded_replacement
from engine.actions.zone_triggers import token_not_a_card, zone_triggers
from engine.copy.effects import PHASED_OUT

# Re-exported (``as``): the zone rules are cited from here by attaching and resolving as well.
from engine.copy.last_known import NEW_OBJECT as NEW_OBJECT
from engine.copy.last_known import TOKEN_GONE as TOKEN_GONE
from engine.copy.last_known import ZONE_NAMES, copy_source, uses_last_known
from engine.core.citations import cite
from engine.core.effects import Player
from engine.core.known import Known
from engine.core.messages import COUNTER_KINDS, Message, Param, listing, msg, series
from engine.core.messages import card as card_name
from engine.core.model import Card, CopyEffect
from engine.core.results import Explanation
from engine.layers.copiable import copiable_values, is_melded
from engine.layers.system import current_characteristics
from engine.state.actions import EntersAction
from engine.state.board import (
    Board,
    BoardError,
    Event,
    GameObject,
    GoneToken,
    MoveSpec,
    ObjectSpec,
    Zone,
    text_timestamp,
)
from engine.state.zone_records import ZoneMove

Enter = Callable[[Board, Event, Mapping[str, Card]], Board]
"""``engine.actions.events``' way of putting an object into a zone (``enters`` with ``ObjectSpec.zone``)."""
Apply = Callable[[Board, Event, Mapping[str, Card]], Board]
"""How one recorded event changes a board: ``engine.actions.events.apply_event``."""

MELDED_BOTH = cite(
    "712.21d", "applying one of those replacement effects to one of the two cards affects both cards"
)
MELDED_LEAVES = cite(
    "712.21", "one permanent leaves the battlefield and two cards are put into the appropriate zone"
)
MELDED_ORDER = cite("712.21a", "that player may arrange the two cards in any order")
FINDS_BOTH = cite("712.21c", "the same actions are taken upon each of them")
FINDS_NEW_OBJECT = cite("400.7e", "can find the new object that it became in the zone it moved to")
EFFECT_FINDS = cite("400.7j", "other parts of that effect can find that object")
AURA_ALONE = cite("704.5m", "that Aura is put into its owner’s graveyard")
EQUIPMENT_ALONE = cite("301.5c", "becomes unattached from that permanent but remains on the battlefield")
STATIC_ENDS = cite("611.3b", "applies at all times that the permanent generating it is on the battlefield")
REVEALED_AS_IT_LEAVES = cite("708.9", "its owner must reveal it to all players as they move it")
ENTERS_WITH_COUNTERS = cite("122.6", "an object that’s given counters as it enters the battlefield")
COMMANDER_KEPT = cite("903.3", "The card retains this designation even when it changes zones")
MELDED_COMMANDER = cite("903.3b", "the resulting melded permanent is that player’s commander")
OWNER_CONTROLS = cite("110.2", "the player under whose control it entered the battlefield")


def leave(board: Board, handle: str, move: MoveSpec, cards: Mapping[str, Card], enter: Enter) -> Board:
    """``handle`` leaves the battlefield for ``move.to`` (after replacement effects)."""
    return _leave(board, handle, move, cards, enter, cause=())


def _leave(
    board: Board,
    handle: str,
    move: MoveSpec,
    cards: Mapping[str, Card],
    enter: Enter,
    cause: tuple[Explanation, ...],
) -> Board:
    obj = board.get(handle)
    if obj.phased_out:
        raise BoardError(
            msg(
                "{card} is phased out: it is treated as though it doesn't exist, so it can't leave the "
                "battlefield (CR {rule})",
                card=card_name(obj.id),
                rule=str(PHASED_OUT),
            )
        )
    if obj.zone is not Zone.BATTLEFIELD:
        raise BoardError(
            msg(
                "{card} is in the {zone}, not on the battlefield; use returns: {example} to move the card(s) "
                "a permanent became",
                card=card_name(obj.id),
                zone=ZONE_NAMES[obj.zone],
                example="{cards_of: …}",
            )
        )
    _check_nontoken_target(board, obj, move)
    moved = cards_of(obj, cards)
    where = destination(board, obj, move)
    if where.zone is None:
        return _record(board, _pending_move(obj, where, melded=len(moved) > 1))
    moved = _ordered(obj, moved, where.zone, move)
    move = _exiled_by_replacement(board, obj, where, move)
    before = board
    board = _forget_history(_without(board, obj.id), obj.id)
    board, new_ids = _put(board, obj, moved, where.zone, move, cards, enter)
    steps = (*cause, *where.steps, *_leaving_steps(obj, where, moved, new_ids, move.last))
    board = _record(board, _move(obj, Zone.BATTLEFIELD, where, moved, new_ids, steps))
    if obj.token:  # its last known information stays answerable (engine.actions.queried)
        gone = GoneToken(obj=obj, objects=before.objects, log=before.log, to=where.zone)
        board = board.model_copy(update={"gone_tokens": (*board.gone_tokens, gone)})
    triggers = zone_triggers(before, board, obj, where.zone, moved, melded=len(moved) > 1)
    board = board.model_copy(update={"triggers": (*board.triggers, *triggers)})
    board, auras = _unattach(board, obj)
    board = static_copy_ends(board, obj, msg("{object} left the battlefield", object=card_name(obj.id)))
    board = _imprinted(board, move, moved)
    board = _returned_until_left(board, before, obj, cards, enter)
    for aura in auras:
        board = _aura_to_graveyard(board, aura, obj, cards, enter)
    return board


def _returned_until_left(
    board: Board, before: Board, obj: GameObject, cards: Mapping[str, Card], enter: Enter
) -> Board:
    """The cards ``obj`` exiled "until ~ leaves the battlefield" return right after it leaves (CR 610.3)."""
    returning = exiled_until_it_left(before, obj)
    if returning is None:
        return board.explain(obj.id, unknown_return_note(obj), note=True) if board.has(obj.id) else board
    for old in returning:
        board, new_ids = _put_each(
            _without(board, old.id), [old], MoveSpec(to=Zone.BATTLEFIELD), cards, enter
        )
        moved = (old.card,) if old.card else ()
        step = returned_step(obj, old)
        board = _record(
            board, _move(old, Zone.EXILE, Destination(zone=Zone.BATTLEFIELD), moved, new_ids, (step,))
        )
    return board


def _exiled_by_replacement(board: Board, obj: GameObject, where: Destination, move: MoveSpec) -> MoveSpec:
    """A replacement effect that exiles ``obj`` instead ("If another creature would die, exile it
    instead") exiles it with its source, so the source's linked ability can use it (CR 607.2a, 614.1a)."""
    applied = where.applied
    if applied is None or where.zone is not Zone.EXILE or move.by is not None or applied.source == obj.id:
        return move
    return move.model_copy(update={"by": applied.source}) if board.has(applied.source) else move


def static_copy_ends(board: Board, aura: GameObject, why: Param) -> Board:
    """An Aura's "enchanted creature is a copy of …" applies only to what it enchants and only while it is
    on the battlefield (CR 611.3a, 611.3b): the creature it enchanted (``aura.attached_to``) stops being that
    copy."""
    host_id, name = aura.attached_to, aura.card.name if aura.card else None
    if host_id is None or name is None or not board.has(host_id):
        return board
    host = board.get(host_id)
    ended = [c for c in host.copies if c.via == name and _enchanted_copy(c.effect)]
    if not ended:
        return board
    kept = tuple(c for c in host.copies if c not in ended)
    board = board.replace(host.model_copy(update={"copies": kept})).explain(
        host.id,
        Explanation.of(
            msg(
                "{why}, so its static ability that made {host} a copy of {original} no longer applies to it: "
                "{host} stops being that copy.",
                why=why,
                host=card_name(host.id),
                original=card_name(ended[-1].of_id),
            ),
            STATIC_ENDS,
        ),
    )
    return last_exiled_effects(board, board.get(host.id))  # the cards exiled with its text again


def _enchanted_copy(effect: CopyEffect | None) -> bool:
    return effect is not None and effect.text.startswith("Enchanted")


def _check_nontoken_target(board: Board, obj: GameObject, move: MoveSpec) -> None:
    """``by:`` names the exiling ability's source; a token can't be its "target nontoken creature"."""
    if move.by is None or not obj.token or not board.has(move.by):
        return
    source = board.get(move.by)
    number = exiled_with_ability(source, board)
    abilities = current_characteristics(source, board).abilities  # known whenever ``number`` is
    if (
        number is not None
        and isinstance(abilities, Known)
        and "nontoken" in abilities.value[number - 1].rules_text
    ):
        raise BoardError(
            msg(
                "{source}'s ability exiles a target nontoken creature; {card} is a token, so it can't be "
                "exiled that way",
                source=card_name(source.id),
                card=card_name(obj.id),
            )
        )


def _aura_to_graveyard(
    board: Board, aura: str, host: GameObject, cards: Mapping[str, Card], enter: Enter
) -> Board:
    """The state-based action of 704.5m moves an Aura attached to nothing: its own triggers see that move."""
    board, _ = board.tick()  # the move happens after the host's, as a state-based action
    why = Explanation.of(
        msg(
            "{aura} was attached to {host}, which left the battlefield: as a state-based action it is put "
            "into its owner's graveyard.",
            aura=card_name(aura),
            host=card_name(host.id),
        ),
        AURA_ALONE,
    )
    return _leave(board, aura, MoveSpec(to=Zone.GRAVEYARD), cards, enter, cause=(why,))


def return_cards(board: Board, handle: str, move: MoveSpec, cards: Mapping[str, Card], enter: Enter) -> Board:
    """The card(s) the permanent ``handle`` became move on to ``move.to`` (CR 712.21c)."""
    found = [o for o in board.objects if handle in (o.came_from, o.id) and o.zone is not Zone.BATTLEFIELD]
    if not found and any(gone.obj.id == handle for gone in board.gone_tokens):
        raise BoardError(
            msg(
                "{card} was a token: it ceased to exist after it left the battlefield, so it can't be "
                "returned or moved again (CR 111.7, 111.8); query it as it last existed, without this move.",
                card=card_name(handle),
            )
        )
    if not found:
        raise BoardError(
            msg(
                "no card that {card} became is in a graveyard, exile, hand or library to be moved",
                card=card_name(handle),
            )
        )
    moved = tuple(o.card for o in found if o.card is not None)
    for old in found:
        board = _without(board, old.id)
    board, new_ids = _put_each(board, found, move, cards, enter)
    steps = _returning_steps(handle, found, move)
    where = Destination(zone=move.to)
    origin = found[0].zone
    board = _record(board, _move(found[0], origin, where, moved, new_ids, steps, handle=handle))
    for source in dict.fromkeys(o.exiled_by for o in found if o.exiled_by and board.has(o.exiled_by)):
        board = last_exiled_effects(board, board.get(source))  # a card that left exile no longer counts
    return _imprinted(board, move, ())


def last_known(board: Board, handle: str, apply: Apply, cards: Mapping[str, Card]) -> GameObject | None:
    """The permanent ``handle`` named as it last existed on the battlefield, once it has left it (its last
    known information, CR 608.2h), rebuilt by replaying the board's recorded events with ``apply`` and
    ``cards``; None while it is on the battlefield or if it never was."""
    if board.has(handle) and board.get(handle).zone is Zone.BATTLEFIELD:
        return None
    if not any(m.object == handle and m.from_zone == Zone.BATTLEFIELD.value and m.to for m in board.moves):
        return None
    return _REPLAYED(handle, board.events, apply, cards)


class _Replayed:
    """The last few permanents rebuilt as they last existed, by handle and the events replayed.

    A later replay applies the events of the copies made from earlier ones, which ask for the same last
    known information again: without these, each such copy on a board would double the work.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: dict[
            tuple[str, tuple[Event, ...]], tuple[Apply, Mapping[str, Card], GameObject | None]
        ] = {}

    def __call__(
        self, handle: str, events: tuple[Event, ...], apply: Apply, cards: Mapping[str, Card]
    ) -> GameObject | None:
        cached = self.entries.get((handle, events))
        if cached is not None and cached[0] is apply and cached[1] is cards:
            return cached[2]
        state, last = Board(), None
        for event in events:
            state = apply(state, event, cards)
            if state.has(handle) and state.get(handle).zone is Zone.BATTLEFIELD:
                last = state.get(handle)
        if len(self.entries) >= self.size:
            self.entries.pop(next(iter(self.entries)))
        self.entries[(handle, events)] = (apply, cards, last)
        return last


_REPLAYED = _Replayed(size=64)


def copy_original(
    board: Board,
    handle: str,
    copier: str,
    effect: CopyEffect | None,
    apply: Apply,
    cards: Mapping[str, Card],
) -> tuple[Board, GameObject | None]:
    """What a copy effect whose ``of`` is ``handle`` copies, with why on ``copier``'s reasoning: the
    object while it is on the battlefield, else the permanent's last known information (CR 608.2h, 111.12);
    None when nothing is copied (its target left, CR 608.2b). ``apply`` and ``cards`` rebuild that."""
    now = board.get(handle) if board.has(handle) else None
    last = last_known(board, handle, apply, cards) if uses_last_known(effect) else None
    source = copy_source(handle, now, last, effect)
    for step in source.steps:
        board = board.explain(copier, step)
    return board, source.original


def cards_of(obj: GameObject, cards: Mapping[str, Card]) -> tuple[Card, ...]:
    """The cards that represent ``obj``: none for a token, its two front faces for a melded permanent."""
    if obj.token or obj.card is None:
        return ()
    if not is_melded(obj.card):
        return (obj.card,)
    missing = [name for name in obj.card.meld_parts if name not in cards]
    if missing or not obj.card.meld_parts:
        raise BoardError(
            msg(
                "the cards {card} is melded from ({missing}) weren't looked up",
                card=card_name(obj.card.name),
                missing=", ".join(missing),
            )
        )
    return tuple(cards[name] for name in obj.card.meld_parts)


def meld_parts_needed(cards: Mapping[str, Card]) -> tuple[str, ...]:
    """Names of meld parts of the melded cards in ``cards`` that ``cards`` lacks (look them up too)."""
    wanted = (name for card in cards.values() for name in card.meld_parts)
    return tuple(dict.fromkeys(name for name in wanted if name not in cards))


def found_object(board: Board, handle: str) -> str:
    """``handle`` if it is on the board, else the first card the permanent it named became (CR 400.7)."""
    if board.has(handle):
        return handle
    became = [o.id for o in board.objects if o.came_from == handle]
    if became:
        return became[0]
    if any(move.object == handle and not move.new_ids for move in board.moves):
        raise BoardError(
            msg(
                "{card} was a token that left the battlefield; it ceased to exist (CR 111.7)",
                card=card_name(handle),
            )
        )
    raise KeyError(f"no object {handle!r} on the board")


def _without(board: Board, handle: str) -> Board:
    return board.model_copy(update={"objects": tuple(o for o in board.objects if o.id != handle)})


def _forget_history(board: Board, handle: str) -> Board:
    """Keep the reasoning about the object that left apart from the new object that may reuse its handle.

    The card in its new zone is a new object (CR 400.7): how the permanent became a copy or entered face
    down is not true of it, so those steps and notes must not be shown as its own.
    """
    left = f"{handle} (before it left the battlefield)"
    log = tuple(
        entry.model_copy(update={"object_id": left}) if entry.object_id == handle else entry
        for entry in board.log
    )
    return board.model_copy(update={"log": log})


def _record(board: Board, move: ZoneMove) -> Board:
    board = board.model_copy(update={"moves": (*board.moves, move)})
    for step in move.steps:
        for handle in dict.fromkeys((move.object, *move.new_ids)):
            board = board.explain(handle, step) if board.has(handle) else board
    return board


def _ordered(obj: GameObject, moved: tuple[Card, ...], to: Zone, move: MoveSpec) -> tuple[Card, ...]:
    """A melded permanent exiled: the player's ``last`` card gets the later timestamp (CR 712.21b)."""
    if move.last is None:
        return moved
    names = [card.name for card in moved]
    if len(moved) < 2 or to is not Zone.EXILE or move.last not in names:
        raise BoardError(
            msg(
                "last: {last} is for exiling a melded permanent: the last of its cards ({cards}); {card} "
                "going to {zone} has no such choice",
                last=card_name(move.last),
                cards=listing([card_name(n) for n in names], "or") if names else msg("it has none"),
                card=card_name(obj.id),
                zone=ZONE_NAMES[to],
            )
        )
    return tuple(sorted(moved, key=lambda card: card.name == move.last))


def _put(
    board: Board,
    obj: GameObject,
    moved: tuple[Card, ...],
    to: Zone,
    move: MoveSpec,
    cards: Mapping[str, Card],
    enter: Enter,
) -> tuple[Board, tuple[str, ...]]:
    ids = dict(move.ids)
    unknown = sorted(set(ids) - {card.name for card in moved})
    if unknown:
        raise BoardError(
            msg(
                "ids names {name}, which isn't a card {card} becomes",
                name=card_name(unknown[0]),
                card=card_name(obj.id),
            )
        )
    new_ids: list[str] = []
    for card in moved:
        handle = ids.get(card.name) or _default_handle(board, obj, card, single=len(moved) == 1)
        spec = ObjectSpec(
            card=card.name,
            id=handle,
            zone=to,
            controller=obj.owner,
            commander=obj.commander if len(moved) == 1 else (None if obj.commander else False),
            **_exiled_by(board, move, to),
        )
        board = _entered(board, spec, card, obj, cards, enter)
        new_ids.append(handle)
    return board, tuple(new_ids)


def _put_each(
    board: Board, found: list[GameObject], move: MoveSpec, cards: Mapping[str, Card], enter: Enter
) -> tuple[Board, tuple[str, ...]]:
    for old in found:
        if old.card is None:
            continue
        spec = ObjectSpec(
            card=old.card.name,
            id=old.id,
            zone=move.to,
            controller=move.controller or old.owner,
            given_counters=move.counters if move.to is Zone.BATTLEFIELD else (),
            commander=old.commander,
            **not_cast(old.card),  # put there by an effect, not cast (CR 702.157a, 702.175a)
            **_exiled_by(board, move, move.to),
        )
        board = _entered(board, spec, old.card, old, cards, enter)
    return board, tuple(o.id for o in found)


def _entered(
    board: Board,
    spec: ObjectSpec,
    card: Card,
    previous: GameObject,
    cards: Mapping[str, Card],
    enter: Enter,
) -> Board:
    """``spec`` (the card ``card``) put into its zone as a new object, owned by the previous one's owner."""
    board, stamp = board.tick()
    # The board may have named the card by a face name; the catalogue must know its full name too.
    catalogue = {**cards, spec.card: card}
    event = Event(action=EntersAction(entering=spec), timestamp=stamp, object_id=spec.id)
    board = enter(board, event, catalogue)
    came_from = previous.came_from or previous.id
    return board.replace(
        board.get(spec.id).model_copy(update={"came_from": came_from, "owner": previous.owner})
    )


def _exiled_by(board: Board, move: MoveSpec, to: Zone) -> dict[str, object]:
    """What a card exiled by ``move.by``'s ability records: the source, the ability and the text it is of."""
    if move.by is None or to is not Zone.EXILE:
        return {}
    source = board.get(move.by)
    return {
        "exiled_by": move.by,
        "exiled_by_ability": exiled_with_ability(source, board),
        "exiled_text": text_timestamp(source),
    }


def _default_handle(board: Board, obj: GameObject, card: Card, *, single: bool) -> str:
    if single:
        return obj.id
    return card.name if not board.has(card.name) else f"{obj.id}/{card.name}"


def _move(
    obj: GameObject,
    origin: Zone,
    where: Destination,
    moved: tuple[Card, ...],
    new_ids: tuple[str, ...],
    steps: tuple[Explanation, ...],
    *,
    handle: str | None = None,
) -> ZoneMove:
    return ZoneMove(
        object=handle or obj.id,
        name=copiable_values(obj).name if handle is None else None,
        from_zone=origin.value,
        to=where.zone.value if where.zone else None,
        cards=tuple(card.name for card in moved),
        new_ids=new_ids,
        objects_moved=1 if handle is None else len(moved),
        cards_moved=len(moved),
        replacement=where.applied.source if where.applied else None,
        options=tuple(r.source for r in where.options),
        steps=steps,
        rules=tuple(dict.fromkeys(rule for step in steps for rule in step.rules)),
    )


def _pending_move(obj: GameObject, where: Destination, *, melded: bool) -> ZoneMove:
    both = Explanation.of(
        msg(
            "{object} is a melded permanent: whichever effect its controller applies, it applies to both "
            "cards.",
            object=card_name(obj.id),
        ),
        MELDED_BOTH,
    )
    return _move(obj, Zone.BATTLEFIELD, where, (), (), (*where.steps, *((both,) if melded else ())))


def _leaving_steps(
    obj: GameObject, where: Destination, moved: tuple[Card, ...], new_ids: tuple[str, ...], last: str | None
) -> list[Explanation]:
    zone = _zone_words(where.zone)
    steps = [
        Explanation.of(
            msg(
                "{object} leaves the battlefield for {zone}: it becomes a new object with no memory of its "
                "previous existence — its counters, the effects on it, what was attached to it and its "
                "status (tapped, flipped, face down, transformed, copying) don't come along.",
                object=card_name(obj.id),
                zone=zone,
            ),
            NEW_OBJECT,
            OWNERS_GRAVEYARD,
        )
    ]
    if obj.face_down and moved:
        steps.append(_revealed(obj, moved))
    if obj.flipped and moved:
        steps.append(
            Explanation.of(
                msg(
                    "It was flipped; the card retains no memory of that and shows {card} again.",
                    card=card_name(moved[0].front.name),
                ),
                FLIP_NO_MEMORY,
            )
        )
    if obj.commander and moved:
        steps.append(_commander_moves(obj, moved, new_ids))
    if len(moved) > 1:
        steps += _melded_steps(obj, where, moved, new_ids, last)
    if obj.token:
        steps += [_token_gone(obj), *([token_not_a_card(obj)] if where.zone is Zone.GRAVEYARD else [])]
    return steps


def _commander_moves(obj: GameObject, moved: tuple[Card, ...], new_ids: tuple[str, ...]) -> Explanation:
    """The commander designation is the card's, so it moves with the card (CR 903.3); of a melded
    permanent's two cards only one is the commander, and the board doesn't say which (903.3b)."""
    if len(moved) == 1:
        return Explanation.of(
            msg(
                "{object} is its owner's commander: that is an attribute of the card, which keeps it as it "
                "changes zones, so {new} is still the commander.",
                object=card_name(obj.id),
                new=card_name(new_ids[0]),
            ),
            COMMANDER_KEPT,
        )
    return Explanation.of(
        msg(
            "{object} was its owner's commander as a melded permanent: one of its two cards is the commander "
            "and keeps that designation, but the board doesn't say which, so whether each of {new} is the "
            "commander is unknown.",
            object=card_name(obj.id),
            new=series([card_name(n) for n in new_ids]),
        ),
        COMMANDER_KEPT,
        MELDED_COMMANDER,
    )


def _revealed(obj: GameObject, moved: tuple[Card, ...]) -> Explanation:
    return Explanation.of(
        msg(
            "{object} was face down: as it leaves the battlefield its owner reveals it to all players — it "
            "is {cards}.",
            object=card_name(obj.id),
            cards=_both(moved),
        ),
        REVEALED_AS_IT_LEAVES,
    )


def _melded_steps(
    obj: GameObject, where: Destination, moved: tuple[Card, ...], new_ids: tuple[str, ...], last: str | None
) -> list[Explanation]:
    steps = [
        Explanation.of(
            msg(
                "{object} is a melded permanent: one permanent leaves the battlefield, and two cards — "
                "{cards} — go to {zone} ({new}).",
                object=card_name(obj.id),
                cards=_both(moved),
                zone=_zone_words(where.zone),
                new=series([card_name(n) for n in new_ids]),
            ),
            MELDED_LEAVES,
        )
    ]
    if where.applied is not None:
        steps.append(melded_replacement(where.applied))
    if where.zone in (Zone.GRAVEYARD, Zone.LIBRARY):
        arranged = (
            msg("Its owner arranges the two cards in any order (without revealing the order).")
            if where.zone is Zone.LIBRARY
            else msg("Its owner arranges the two cards in any order.")
        )
        steps.append(Explanation.of(arranged, MELDED_ORDER))
    if where.zone is Zone.EXILE:
        steps.append(_exile_order(obj, moved, last))
    return steps


def _exile_order(obj: GameObject, moved: tuple[Card, ...], last: str | None) -> Explanation:
    chosen = (
        msg("they chose {card} as the later one", card=card_name(last))
        if last
        else msg("the board doesn't say which (last: CARD)")
    )
    return Explanation.of(
        msg(
            "The player who exiles {object} determines the relative timestamp order of {first} and {second}; "
            "{chosen}.",
            object=card_name(obj.id),
            first=card_name(moved[0].name),
            second=card_name(moved[1].name),
            chosen=chosen,
        ),
        MELDED_EXILE_ORDER,
    )


def _both(moved: tuple[Card, ...]) -> Param:
    """The names of the cards that moved, joined with "and"."""
    return listing([card_name(c.name) for c in moved])


def _zone_words(zone: Zone | None) -> Message:
    if zone is None:
        return msg("a zone not chosen yet")
    return _DESTINATIONS.get(zone) or msg("its owner's {zone}", zone=zone.value)


_DESTINATIONS = {
    Zone.BATTLEFIELD: msg("the battlefield"),
    Zone.EXILE: msg("exile"),
    Zone.GRAVEYARD: msg("its owner's graveyard"),
    Zone.HAND: msg("its owner's hand"),
    Zone.LIBRARY: msg("its owner's library"),
}
"""Where a permanent leaving the battlefield (or a card returning) goes."""


def _token_gone(obj: GameObject) -> Explanation:
    return Explanation.of(
        msg(
            "{object} is a token: abilities that trigger on its moving still see it, then it ceases to "
            "exist.",
            object=card_name(obj.id),
        ),
        TOKEN_GONE,
    )


def _returning_steps(handle: str, found: list[GameObject], move: MoveSpec) -> tuple[Explanation, ...]:
    several = len(found) > 1
    rules = [FINDS_NEW_OBJECT, EFFECT_FINDS, NEW_OBJECT]
    melded: Param = ""
    if several:
        melded = msg(" It was a melded permanent: the effect finds both cards and does the same to each.")
        rules.append(FINDS_BOTH)
    counters: Param = ""
    if move.counters and move.to is Zone.BATTLEFIELD:
        shown = series(
            [msg("{count} {kind}", count=n, kind=COUNTER_KINDS.get(k, k)) for k, n in move.counters]
        )
        counters = (
            msg(" Each enters with {counters} counter(s).", counters=shown)
            if several
            else msg(" It enters with {counters} counter(s).", counters=shown)
        )
        rules.append(ENTERS_WITH_COUNTERS)
    control: Param = ""
    if move.to is Zone.BATTLEFIELD:
        whose = _CONTROLLERS[move.controller]
        control = (
            msg(" Each enters under {whose} control.", whose=whose)
            if several
            else msg(" It enters under {whose} control.", whose=whose)
        )
        rules.append(OWNER_CONTROLS)
    names = _both(tuple(o.card for o in found if o.card))
    zone = _zone_words(move.to)
    tails = {"melded": melded, "counters": counters, "control": control}
    text = (
        msg(
            "The effect finds the cards {handle} became ({names}) and moves each to {zone}, a new object "
            "again.{melded}{counters}{control}",
            handle=card_name(handle),
            names=names,
            zone=zone,
            **tails,
        )
        if several
        else msg(
            "The effect finds the card {handle} became ({names}) and moves it to {zone}, a new object "
            "again.{melded}{counters}{control}",
            handle=card_name(handle),
            names=names,
            zone=zone,
            **tails,
        )
    )
    return (Explanation.of(text, *rules),)


_CONTROLLERS = {None: msg("its owner's"), Player.YOU: msg("your"), Player.OPPONENT: msg("the opponent's")}
"""Whose control a returned card enters under."""


def _unattach(board: Board, obj: GameObject) -> tuple[Board, tuple[str, ...]]:
    """Auras and Equipment attached to the object that left are attached to nothing now; returns the Auras."""
    auras: list[str] = []
    for other in board.in_zone(Zone.BATTLEFIELD):
        if other.attached_to != obj.id:
            continue
        board = board.replace(other.model_copy(update={"attached_to": None}))
        if "Aura" in copiable_values(other).subtypes:
            auras.append(other.id)
            continue
        board = board.explain(
            other.id,
            Explanation.of(
                msg(
                    "{attached} was attached to {object}, which left the battlefield: it becomes unattached "
                    "and stays on the battlefield.",
                    attached=card_name(other.id),
                    object=card_name(obj.id),
                ),
                EQUIPMENT_ALONE,
            ),
            note=True,
        )
    return board, tuple(auras)


def _imprinted(board: Board, move: MoveSpec, moved: tuple[Card, ...]) -> Board:
    """Cards exiled with an object can change it (Duplicant's "last creature card exiled with ~")."""
    if move.by is None or move.to is not Zone.EXILE:
        return board
    undecided = tuple(card.name for card in moved) if len(moved) > 1 and move.last is None else ()
    return last_exiled_effects(board, board.get(move.by), undecided)
