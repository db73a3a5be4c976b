"""Events that change a board: objects entering, becoming copies, token copies, turning face up, transforming.

:func:`build_board` turns a :class:`~engine.state.board.BoardSpec` into events and applies them in order;
:func:`apply_event` is the one place a board changes, so ``Board.events`` can be replayed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import assert_never

from engine.actions.as_enters import (
    check_choices,
    enter_replacements,
)
from engine.actions.attaching import attach
from engine.actions.copying import (
    BECOMES_COPY,
    KEEPS_STATUS,
    apply_random_result,
    copy_again,
    copy_onto,
    linked_copy_trigger,
)
from engine.actions.day_night import becomes_day_or_night, day_night_checks
from engine.actions.durations import (
    cleanup,
    copy_effect_ends,
    effect_ends,
)
from engine.actions.effect_sources import ability_source, about_object, made_by_step
from engine.actions.entering_faces import (
    check_attachment,
    check_faces,
    face_up,
)
from engine.actions.entering_triggers import ETB_TRIGGER
from engine.actions.face_changes import transform_event, turn_face_down, turn_face_up
from engine.actions.faces import (
    card_cost_turning,
    flip,
)
from engine.actions.imprint import last_exiled_effects
from engine.actions.kicking import object_kicked
from engine.actions.listed_exiles import (
    listed_exiled_cards,
)
from engine.actions.merging import (
    copied_merge_step,
    listed_merges,
    mutates,
    refuse_merged_entering,
    refuse_merged_leaving,
)
from engine.actions.paid_triggers import check_object_costs
from engine.actions.protectors import protector_after_copy
from engine.actions.refusals import copy_abilities, handle_used
from engine.actions.resolving import (
    add_pending_copy,
    create_token_with_waiting_copy,
    enter_with_waiting_copy,
    has_standing_copy_effects,
    put_onto_battlefield,
    refuse_night_unknown,
    resolve_permanent_spell,
    waiting_copy,
)
from engine.actions.text_changes import (
    change_text,
    exchange_text,
    text_change_ends,
    text_changes_end_in_cleanup,
)
from engine.actions.token_creation import create_token, create_token_copy
from engine.actions.via_copies import check_stack_targets, own_ability_name, via_becoming_effect
from engine.actions.zones import copy_original, leave, return_cards
from engine.copy.effects import (
    COPY_STATUS,
    CopyError,
    card_copy_effect,
    copy_effect_of,
    original_param,
)
from engine.core.budget import ACTION_WORK, charge
from engine.core.characteristics import WARDED_FACE_DOWN
from engine.core.citations import cite
from engine.core.game import Game
from engine.core.known import Known, Unsure, explained
from engine.core.messages import Message, msg, semicolon_series
from engine.core.messages import card as card_name
from engine.core.model import Card, CopyEffect, CopyScope
from engine.core.results import Explanation
from engine.layers.copiable import copiable_values, layer_one_text
from engine.layers.system import current_characteristics
from engine.oracle.entering import (
    as_enters_choices,
    enters_triggers,
)
from engine.oracle.wording import is_static_copy
from engine.state.actions import (
    Action,
    AttachAction,
    BecomesCopyAction,
    CausedAction,
    ChangeTextAction,
    CleanupAction,
    CreateTokenAction,
    CreateTokenCopyAction,
    DayNightAction,
    EndsAction,
    EnteringAction,
    EntersAction,
    ExchangeTextAction,
    FlipAction,
    LeavesAction,
    MutatesAction,
    NextEntersAsCopyAction,
    OnObjectAction,
    PutOntoBattlefieldAction,
    ResolvesAction,
    ReturnsAction,
    TransformAction,
    TurnFaceDownAction,
    TurnFaceUpAction,
)
from engine.state.board import (
    Board,
    BoardError,
    BoardSpec,
    Event,
    FaceDownKind,
    GameObject,
    ObjectSpec,
    TimedEffect,
    Zone,
)
from engine.state.class_levels import checked_class_level

KEEPS_EFFECTS = cite("707.4", "doesn’t change any noncopy effects presently affecting the permanent")
UNDEFINED_CHOICE = cite("607.5a", "the choice is considered to be “undefined.”")
FACE_DOWN_BECOMES_COPY = cite("708.10", "Its characteristics therefore remain the same")
COPIED_VALUES_FIXED = cite("707.2b", "changing the copiable values of the original object won’t cause")
STATIC_COPY_FIXED = cite("707.2c", "are determined only at the time that effect first starts to apply")
ENTERING_REPLACEMENTS = cite(
    "614.12", "Some replacement effects modify how a permanent enters the battlefield"
)

RESOLVES_LAST = cite("608.2n", "As the final part of an instant or sorcery spell’s resolution")

_ENTERING_SCOPES = (CopyScope.ENTER_AS_COPY, CopyScope.BECOME_COPY)
_BECOMING_SCOPES = (CopyScope.BECOME_COPY,)


def build_board(
    spec_objects: tuple[ObjectSpec, ...],
    actions: tuple[Event, ...],
    cards: Mapping[str, Card],
    *,
    first: tuple[Event, ...] = (),
    game: Game | None = None,
) -> Board:
    """The board ``first`` (the starting day or night), then the objects (in timestamp order), and then
    the actions produce, in ``game`` (whose turn it is, the life totals)."""
    board = Board(game=game or Game())
    for event in first:
        board = apply_event(board, event, cards)
    for obj in _copied_cards_first(spec_objects):
        board = apply_event(
            board,
            Event(action=EntersAction(entering=obj, listed=True), object_id=obj.id),
            cards,
        )
    board = listed_exiled_cards(board)
    for action in actions:
        board = apply_event(board, action, cards)
    return board


def board_from_spec(spec: BoardSpec, cards: Mapping[str, Card]) -> Board:
    """The board a :class:`BoardSpec` describes, ``cards`` giving the parsed card for every name it uses."""
    actions = tuple(event_of(action) for action in spec.actions)
    starting = (Event(action=DayNightAction(day_night=spec.day_night)),) if spec.day_night is not None else ()
    return build_board(spec.objects, actions, cards, first=starting, game=spec.game)


def event_of(action: Action) -> Event:
    """The event an action is: the action, about the object entering or acted on ("" for none)."""
    match action:
        case EnteringAction():
            return Event(action=action, object_id=action.entering.id)
        case OnObjectAction():
            return Event(action=action, object_id=action.target)
        case MutatesAction():
            return Event(action=action, object_id=action.onto)
    return Event(action=action)


def replay(events: tuple[Event, ...], cards: Mapping[str, Card]) -> Board:
    """Rebuild a board from its recorded events."""
    return build_board((), events, cards)


def _copied_cards_first(objects: tuple[ObjectSpec, ...]) -> tuple[ObjectSpec, ...]:
    """The objects in the board's order, except that a card in a graveyard a permanent copies (Body Double)
    is there before it: it was in the graveyard as the permanent entered."""
    copied = {o.copy_of for o in objects if o.copy_of}
    early = tuple(o for o in objects if o.zone is Zone.GRAVEYARD and o.id in copied)
    return (*early, *(o for o in objects if o not in early))


def apply_event(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    """The board after ``event`` (raises :class:`BoardError` or KeyError for impossible events)."""
    charge(ACTION_WORK)
    board, timestamp = board.tick()
    event = event.model_copy(update={"timestamp": timestamp})
    before = {obj.id for obj in board.in_zone(Zone.BATTLEFIELD)}
    board = _applied(board, event, cards)
    changed = {obj.id for obj in board.in_zone(Zone.BATTLEFIELD)} - before | {event.object_id}
    return day_night_checks(board, changed, timestamp).record(event)


def _applied(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    stack_entry = event.action.from_stack()
    if stack_entry is not None:
        board = _resolving_source(board, event, stack_entry, cards)
    board, event = ability_source(board, event)
    return made_by_step(_applied_kind(board, event, cards), event)


def _applied_kind(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    match event.action:
        case EntersAction():
            return _enters(board, event, cards)
        case BecomesCopyAction() as action:
            return _becomes_copy(board, event, action, cards)
        case CreateTokenCopyAction():
            return create_token_with_waiting_copy(board, event, cards, _create_token_copy, _enters)
        case CreateTokenAction():
            create = lambda b, e, _: create_token(b, e)  # noqa: E731
            return create_token_with_waiting_copy(board, event, cards, create, _enters)
        case EndsAction(copy_effect=int()) as action:
            return copy_effect_ends(board, event, action)
        case EndsAction(text_change_number=int()) as action:
            return text_change_ends(board, event, action)
        case EndsAction() as action:
            return effect_ends(board, event, action)
        case CleanupAction():
            return text_changes_end_in_cleanup(cleanup(board))
        case ChangeTextAction() as action:
            return change_text(board, event, action)
        case ExchangeTextAction() as action:
            return exchange_text(board, event, action)
        case TurnFaceUpAction():
            return turn_face_up(board, event)
        case TurnFaceDownAction():
            return turn_face_down(board, event)
        case TransformAction():
            return transform_event(board, event)
        case LeavesAction() as action:
            refuse_merged_leaving(board, event.object_id, action.line)
            return leave(board, event.object_id, action.move, cards, _enters)
        case ReturnsAction() as action:
            return return_cards(board, event.object_id, action.move, cards, _enters)
        case ResolvesAction() as action:
            return resolve_permanent_spell(board, event, action.entering, cards, _enters)
        case NextEntersAsCopyAction() as action:
            return add_pending_copy(board, action, cards)
        case DayNightAction() as action:
            return becomes_day_or_night(board, event, action.day_night)
        case PutOntoBattlefieldAction() as action:
            return put_onto_battlefield(board, event, action.transformed, cards, _enters)
        case FlipAction():
            return flip(board, event.object_id)
        case AttachAction() as action:
            return _attach(board, event, action.to, cards)
        case MutatesAction() as action:
            return mutates(board, event, action, cards, _enters)
    assert_never(event.action)


def _create_token_copy(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    return create_token_copy(board, event, cards, apply_event)


def _resolving_source(board: Board, event: Event, stack_entry: str, cards: Mapping[str, Card]) -> Board:
    """Say that the effect's source is a spell or ability on the stack, resolving (``via`` a stack entry)."""
    return board.explain(
        about_object(event),
        Explanation.of(
            msg(
                "The effect is that of {item} on the stack as it resolves, with {via}'s text; then it leaves "
                "the stack (a spell is put into its owner's graveyard, an ability ceases to exist).",
                item=card_name(stack_entry),
                via=card_name(_via_shown(event.action, cards)),
            ),
            RESOLVES_LAST,
        ),
    )


def _via_shown(action: Action, cards: Mapping[str, Card]) -> str:
    """The name of the card (or the face cast) whose text an action's effect is."""
    via = action.via_card() or ""
    return action.via_name(cards[via]) if isinstance(action, CausedAction) and via in cards else via


def _attach(board: Board, event: Event, to: str, cards: Mapping[str, Card]) -> Board:
    """``attach``; an Aura whose static ability makes the enchanted creature a copy (Metamorphic
    Alteration) makes its new host that copy instead of the old one (CR 611.3a)."""
    aura = board.get(event.object_id)
    name = aura.card.name if aura.card else None
    old = board.get(aura.attached_to) if aura.attached_to and board.has(aura.attached_to) else None
    following = [c for c in old.copies if c.via == name] if old and name else []
    board = attach(board, event, to)
    if not following or board.get(aura.id).attached_to != to:
        return board
    becomes = BecomesCopyAction(line=event.action.line, target=to, of=following[-1].of_id, via=name)
    following_event = Event(action=becomes, timestamp=event.timestamp, object_id=to)
    return _becomes_copy(board, following_event, becomes, cards)


def _daybound_front(obj: GameObject) -> bool:
    """Whether ``obj`` is a card entering front face up whose front face has daybound."""
    if obj.card is None or obj.transformed or obj.face_down is not None:
        return False
    return any(a.keyword == "Daybound" for a in obj.card.front.abilities)


def _enters(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    if not isinstance(event.action, EntersAction):
        raise ValueError(f"a {event.kind.value} event is no object entering")
    spec, is_listed = event.action.entering, event.action.listed
    if board.has(spec.id):
        raise BoardError(handle_used(spec.id))
    if not is_listed:
        refuse_merged_entering(spec)
    if (
        spec.zone is Zone.BATTLEFIELD
        and spec.id not in board.considered
        and (waiting_copy(board) is not None or has_standing_copy_effects(board))
    ):
        return enter_with_waiting_copy(board, event, cards, _enters)
    # A token that enters as a copy instead of what its creating effect made has no card (CR 111.1).
    obj = _new_object(spec, cards[spec.card] if spec.card else None, event.timestamp)
    check_faces(obj, copying=bool(spec.copy_of))
    if spec.zone is not Zone.BATTLEFIELD:
        check_choices(obj, ())
        return board.replace(obj)
    check_attachment(obj, board)
    if not is_listed and board.day_night is None and obj.card is not None and _daybound_front(obj):
        refuse_night_unknown(spec, obj.card)  # it enters transformed at night (CR 702.145b)
    face = face_up(obj)
    if face is not None:
        board = board.explain(obj.id, face)
    if spec.copy_of:
        via = spec.via or spec.card
        effect = _entering_copy_effect(cards[via], via)
        board, original = copy_original(board, spec.copy_of, obj.id, effect, apply_event, cards)
        if original is None:
            return board.replace(obj)
        obj, board = copy_onto(board, obj, original, effect, via, event.timestamp, entering=True)
        board = copied_merge_step(board, obj, original)
        for handle in spec.then_copy_of:
            obj, board = copy_again(board, obj, board.get(handle), event.timestamp)
        board, obj = apply_random_result(board, obj, effect, via, spec.random_result)
        board = linked_copy_trigger(board, obj)
    board, obj = enter_replacements(board, obj, spec, event.timestamp, listed=is_listed)
    board, obj = listed_merges(board, obj, spec, cards)
    board, obj = _untapped_since(board, obj, spec)
    stamp = event.timestamp
    entry = 0
    for effect_spec in spec.effects:
        if not effect_spec.with_previous:
            board, stamp = board.tick()
            entry += 1
        source = msg(
            "the effect listed on {object} (effects: entry {entry})", object=card_name(obj.id), entry=entry
        )
        listed = TimedEffect(timestamp=stamp, spec=effect_spec, listed=True, source=source)
        obj = obj.model_copy(update={"effects": (*obj.effects, listed)})
    return board.replace(obj)


def _untapped_since(board: Board, obj: GameObject, spec: ObjectSpec) -> tuple[Board, GameObject]:
    """A permanent that entered tapped, which the board says is untapped: it has untapped since (an untap
    step, an effect), so the board's status is used, never silently replaced (CR 110.5c)."""
    if spec.tapped is not False or not obj.tapped:
        return board, obj
    obj = obj.model_copy(update={"tapped": False})
    note = Explanation.of(
        msg(
            "{object} entered tapped, and the board says it is untapped (tapped: false): it has untapped "
            "since, so it is untapped.",
            object=card_name(obj.id),
        ),
        KEEPS_STATUS,
    )
    return board.explain(obj.id, note), obj


def _new_object(spec: ObjectSpec, card: Card | None, timestamp: int) -> GameObject:
    check_object_costs(spec, card)
    return GameObject(
        id=spec.id,
        card=card,
        zone=spec.zone,
        owner=spec.controller,
        controller=spec.controller,
        timestamp=timestamp,
        token=spec.token,
        tapped=bool(spec.tapped),
        tapped_given=spec.tapped is not None,
        phased_out=spec.phased_out,
        flipped=spec.flipped,
        transformed=spec.transformed,
        back_face=spec.back_face,
        face_down=spec.face_down,
        counters=dict(spec.counters or ()),
        choices=dict(spec.choices),
        kicked=object_kicked(spec, card),
        squad=spec.squad,
        offspring=spec.offspring,
        evoked=spec.evoked,
        prototyped=spec.prototyped,
        x=spec.x,
        class_level=checked_class_level(spec, card),
        attached_to=spec.attached_to,
        exiled_by=spec.exiled_by,
        exiled_by_ability=spec.exiled_by_ability,
        exiled_text=spec.exiled_text,
        commander=spec.commander,
        unknowns=spec.unknowns,
    )


def _entering_copy_effect(card: Card, via: str) -> CopyEffect:
    effect = card_copy_effect(card, _ENTERING_SCOPES)
    if effect is None:
        raise CopyError(
            msg(
                "{card} has no ability that makes a permanent enter as a copy; {abilities}",
                card=card_name(via),
                abilities=copy_abilities(card),
            )
        )
    return effect


def _copy_ability_unsure(copier: GameObject, abilities: Unsure) -> Explanation:
    return explained(
        msg(
            "Its abilities are unknown, because {reason}: this answer uses the ability of its copiable "
            "values that makes it become a copy; if an effect removed that ability, it doesn't become a "
            "copy.",
            reason=abilities.reason,
        ),
        abilities,
        BECOMES_COPY,
    )


def _becomes_copy(board: Board, event: Event, action: BecomesCopyAction, cards: Mapping[str, Card]) -> Board:
    copier = board.get(event.object_id)
    abilities = current_characteristics(copier, board).abilities
    # Its abilities not all known (an effect the engine doesn't read could change them): the copy
    # ability its copiable values give it is the one used, and the answer says whether it still has it
    # rests on that unknown.
    known = abilities.value if isinstance(abilities, Known) else copiable_values(copier).abilities
    own = copy_effect_of(known, _BECOMING_SCOPES)
    if isinstance(abilities, Unsure) and own is not None and not action.via:
        board = board.explain(copier.id, _copy_ability_unsure(copier, abilities), note=True)
    via = action.via_name(cards[action.via]) if action.via else own_ability_name(copier, own)
    effect = via_becoming_effect(cards[action.via], copier, own) if action.via else own
    if action.via and effect is None:
        raise CopyError(
            msg(
                "{card} has no ability that makes a permanent become a copy; {abilities}",
                card=card_name(action.via),
                abilities=copy_abilities(cards[action.via]),
            )
        )
    if effect is None:
        raise CopyError(
            msg(
                "{card} has no ability that makes it become a copy (give via: CARD).",
                card=card_name(copier.id),
            )
        )
    check_stack_targets(board, action, effect)
    board, original = copy_original(board, action.of, copier.id, effect, apply_event, cards)
    if original is None:
        return board
    copier, board = copy_onto(
        board, copier, original, effect, via, event.timestamp, entering=False, mana_spent=action.stack_mana
    )
    board = copied_merge_step(board, copier, original)
    # Its new abilities are linked only to each other (CR 707.7): what its old ones exiled stops counting.
    board = last_exiled_effects(board.replace(copier), copier)
    copier = board.get(copier.id)
    board, copier = apply_random_result(board, copier, effect, via, action.random_result)
    board, copier = protector_after_copy(board, copier)
    board = board.replace(copier)
    for other in board.objects:
        earlier = [applied for applied in other.copies if applied.of_id == copier.id]
        if earlier:
            static = any(a.effect and is_static_copy(a.effect.text) for a in earlier)
            fixed = (
                msg(" — even for a static copy effect: they were fixed when it first applied")
                if static
                else ""
            )
            board = board.explain(
                other.id,
                Explanation.of(
                    msg(
                        "Later, {copier} became a copy of {label}; {other} had already copied it, so "
                        "changing its copiable values doesn't change the copy{fixed}.",
                        copier=card_name(copier.id),
                        label=original_param(original),
                        other=card_name(other.id),
                        fixed=fixed,
                    ),
                    COPIED_VALUES_FIXED,
                    *((STATIC_COPY_FIXED,) if static else ()),
                ),
            )
    triggers = [f"“{t.text}”" for t in enters_triggers(copiable_values(copier).abilities)]
    board = board.explain(
        copier.id,
        Explanation.of(
            msg(
                "It was already on the battlefield: no enters-the-battlefield abilities trigger{triggers} "
                "and no “enters with” or “as enters” effects apply: those apply only to a permanent's "
                "entering the battlefield.",
                triggers=msg(" ({triggers} does not)", triggers=semicolon_series(list(triggers)))
                if triggers
                else "",
            ),
            BECOMES_COPY,
            ETB_TRIGGER,
            ENTERING_REPLACEMENTS,
        ),
    )
    for wanted in as_enters_choices(copiable_values(copier).abilities):
        board = board.explain(
            copier.id,
            Explanation.of(
                msg(
                    "It didn't enter, so no choice of {what} was made: abilities referring to that choice do "
                    "nothing.",
                    what=wanted.what,
                ),
                UNDEFINED_CHOICE,
                BECOMES_COPY,
            ),
            note=True,
        )
    if copier.effects:
        board = board.explain(
            copier.id,
            Explanation.of(msg("The noncopy effects already affecting it still apply."), KEEPS_EFFECTS),
        )
    if copier.face_down:
        board = board.explain(
            copier.id,
            Explanation.of(
                msg(
                    "It is face down, so it remains a nameless colorless 2/2 with ward {{2}} and no other "
                    "abilities; if it's turned face up, it will have the values it copied. {turning}",
                    turning=_turning_up(copier),
                )
                if copier.face_down in WARDED_FACE_DOWN
                else msg(
                    "It is face down, so it remains a nameless colorless 2/2 with no abilities; if it's "
                    "turned face up, it will have the values it copied. {turning}",
                    turning=_turning_up(copier),
                ),
                FACE_DOWN_BECOMES_COPY,
                COPY_STATUS,
                *(by_card[1:] if (by_card := card_cost_turning(copier)) else ()),
            ),
        )
    return board.replace(copier)


def _turning_up(obj: GameObject) -> Message:
    """How a face-down copy can be turned face up: for the morph cost it copied, or only by an effect."""
    turning = {FaceDownKind.MORPH: ("Morph", "Megamorph"), FaceDownKind.DISGUISE: ("Disguise",)}.get(
        obj.face_down or FaceDownKind.PLAIN, ()
    )
    copied = [a for a in layer_one_text(obj).main.abilities if a.keyword in turning]
    by_card = card_cost_turning(obj)
    if by_card is not None and not copied:
        return by_card[0]
    if copied:
        keyword, cost = copied[0].keyword or "", copied[0].keyword_parameter or copied[0].text
        return msg(
            "Its controller can turn it face up for the {keyword} cost it copied, {cost}.",
            keyword=keyword.lower(),
            cost=cost,
        )
    return msg("It copied no cost to turn it face up, so only an effect can turn it face up.")
