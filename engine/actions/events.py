"""Events that change a board: objects entering, becoming copies, token copies, turning face up, transforming.

:func:`build_board` turns a :class:`~engine.state.board.BoardSpec` into events and applies them in order;
:func:`apply_event` is the one place a board changes, so ``Board.events`` can be replayed.
"""

from __future__ import annotations

from collections.abc import Mapping

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
from engine.actions.effect_sources import ability_source, made_by_step
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
from engine.actions.imprint import exiled_with, last_exiled_effects
from engine.actions.kicking import object_kicked
from engine.actions.listed_exiles import (
    listed_exiled_cards,
)
from engine.actions.paid_triggers import check_object_costs
from engine.actions.protectors import protector_after_copy
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
from engine.actions.token_faces import with_excepted_faces
from engine.actions.via_copies import check_stack_targets, own_ability_name, via_becoming_effect
from engine.actions.zones import copy_original, leave, return_cards
from engine.copy.effects import (
    BACK_FACE_COPY,
    COPIABLE,
    COPY_STATUS,
    TOKEN_TEXT,
    CopyError,
    card_copy_effect,
    check_copyable,
    copy_effect_of,
    original_param,
    status_as_copy,
)
from engine.core.budget import ACTION_WORK, charge
from engine.core.characteristics import WARDED_FACE_DOWN, GameAbility
from engine.core.citations import cite
from engine.core.effects import EffectKind, EffectSpec
from engine.core.game import Game
from engine.core.known import Known, Unsure, explained
from engine.core.messages import Message, Param, msg, semicolon_series, type_words
from engine.core.messages import card as card_name
from engine.core.model import Card, CopyEffect, CopyScope, ExceptionKind
from engine.core.results import Explanation
from engine.layers.copiable import copiable_values, layer_one_text
from engine.layers.system import current_characteristics
from engine.oracle.entering import (
    as_enters_choices,
    enters_triggers,
)
from engine.oracle.types import gainable_subtypes
from engine.oracle.wording import is_static_copy
from engine.state.actions import Action, EntersAction, ResolvesAction
from engine.state.board import (
    ActionKind,
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
from engine.state.tokens import PREDEFINED_TOKENS, TOKEN_DEFINED_TEXT, TOKEN_NAME, TokenSpec, token_card

KEEPS_EFFECTS = cite("707.4", "doesn’t change any noncopy effects presently affecting the permanent")
UNDEFINED_CHOICE = cite("607.5a", "the choice is considered to be “undefined.”")
FACE_DOWN_BECOMES_COPY = cite("708.10", "Its characteristics therefore remain the same")
TOKEN_COPY_DFC = cite(
    "707.8a", "the resulting token is a transforming token that has both a front face and a back face"
)
NO_TOKEN_OF_NOTHING = cite("111.12", "a copy of a nonexistent object, no token is created")
TOKEN_OWNER = cite("111.2", "The player who creates a token is its owner")
NO_SPELL_TOKEN = cite(
    "111.5", "create a token that is a copy of an instant or sorcery card, no token is created"
)
COPIED_VALUES_FIXED = cite("707.2b", "changing the copiable values of the original object won’t cause")
STATIC_COPY_FIXED = cite("707.2c", "are determined only at the time that effect first starts to apply")
ENTERING_REPLACEMENTS = cite(
    "614.12", "Some replacement effects modify how a permanent enters the battlefield"
)

RESOLVES_LAST = cite("608.2n", "As the final part of an instant or sorcery spell’s resolution")

_ENTERING_SCOPES = (CopyScope.ENTER_AS_COPY, CopyScope.BECOME_COPY)
_BECOMING_SCOPES = (CopyScope.BECOME_COPY,)
_TOKEN_SCOPES = (CopyScope.TOKEN_COPY,)


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
            Event(kind=ActionKind.ENTERS, timestamp=0, object_id=obj.id, entering=obj, listed=True),
            cards,
        )
    board = listed_exiled_cards(board)
    for action in actions:
        board = apply_event(board, action, cards)
    return board


def board_from_spec(spec: BoardSpec, cards: Mapping[str, Card]) -> Board:
    """The board a :class:`BoardSpec` describes, ``cards`` giving the parsed card for every name it uses."""
    actions = tuple(_event(action) for action in spec.actions)
    starting = (
        (Event(kind=ActionKind.DAY_NIGHT, timestamp=0, object_id="", day_night=spec.day_night),)
        if spec.day_night is not None
        else ()
    )
    return build_board(spec.objects, actions, cards, first=starting, game=spec.game)


def _event(action: Action) -> Event:
    """The event an action is: its model's fields, about the object entering or acted on ("" for none)."""
    fields = {name: getattr(action, name) for name in type(action).model_fields if name != "line"}
    object_id = (
        action.entering.id if isinstance(action, EntersAction | ResolvesAction) else fields.pop("target", "")
    )
    return Event(timestamp=0, object_id=object_id, **fields)


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
    if event.via_stack is not None:
        board = _resolving_source(board, event)
    board, event = ability_source(board, event)
    return made_by_step(_applied_kind(board, event, cards), event)


def _applied_kind(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    match event.kind:
        case ActionKind.ENTERS:
            board = _enters(board, event, cards)
        case ActionKind.BECOMES_COPY:
            board = _becomes_copy(board, event, cards)
        case ActionKind.CREATE_TOKEN_COPY:
            board = create_token_with_waiting_copy(board, event, cards, _create_token_copy, _enters)
        case ActionKind.CREATE_TOKEN:
            create = lambda b, e, _: _create_token(b, e)  # noqa: E731
            board = create_token_with_waiting_copy(board, event, cards, create, _enters)
        case ActionKind.ENDS if event.copy_effect is not None:
            board = copy_effect_ends(board, event)
        case ActionKind.ENDS if event.text_change_number is not None:
            board = text_change_ends(board, event)
        case ActionKind.ENDS:
            board = effect_ends(board, event)
        case ActionKind.CLEANUP:
            board = text_changes_end_in_cleanup(cleanup(board))
        case ActionKind.CHANGE_TEXT:
            board = change_text(board, event)
        case ActionKind.EXCHANGE_TEXT:
            board = exchange_text(board, event)
        case ActionKind.TURN_FACE_UP:
            board = turn_face_up(board, event)
        case ActionKind.TURN_FACE_DOWN:
            board = turn_face_down(board, event)
        case ActionKind.TRANSFORM:
            board = transform_event(board, event)
        case ActionKind.LEAVES:
            board = leave(board, event, cards, _enters)
        case ActionKind.RETURNS:
            board = return_cards(board, event, cards, _enters)
        case ActionKind.RESOLVES:
            board = resolve_permanent_spell(board, event, cards, _enters)
        case ActionKind.NEXT_ENTERS_AS_COPY:
            board = add_pending_copy(board, event, cards)
        case ActionKind.DAY_NIGHT:
            board = becomes_day_or_night(board, event)
        case ActionKind.PUT_ONTO_BATTLEFIELD:
            board = put_onto_battlefield(board, event, cards, _enters)
        case ActionKind.FLIP:
            board = flip(board, event.object_id)
        case ActionKind.ATTACH:
            board = _attach(board, event, cards)
    return board


def _resolving_source(board: Board, event: Event) -> Board:
    """Say that the effect's source is a spell or ability on the stack, resolving (``via`` a stack entry)."""
    about = event.object_id or event.new_id or event.of or ""
    return board.explain(
        about,
        Explanation.of(
            msg(
                "The effect is that of {item} on the stack as it resolves, with {via}'s text; then it leaves "
                "the stack (a spell is put into its owner's graveyard, an ability ceases to exist).",
                item=card_name(event.via_stack or ""),
                via=card_name(event.via or ""),
            ),
            RESOLVES_LAST,
        ),
    )


def _attach(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    """``attach``; an Aura whose static ability makes the enchanted creature a copy (Metamorphic
    Alteration) makes its new host that copy instead of the old one (CR 611.3a)."""
    aura = board.get(event.object_id)
    name = aura.card.name if aura.card else None
    old = board.get(aura.attached_to) if aura.attached_to and board.has(aura.attached_to) else None
    following = [c for c in old.copies if c.via == name] if old and name else []
    board = attach(board, event)
    if not following or board.get(aura.id).attached_to != event.to:
        return board
    becomes = event.model_copy(
        update={
            "kind": ActionKind.BECOMES_COPY,
            "object_id": event.to,
            "of": following[-1].of_id,
            "via": name,
        }
    )
    return _becomes_copy(board, becomes, cards)


def _daybound_front(obj: GameObject) -> bool:
    """Whether ``obj`` is a card entering front face up whose front face has daybound."""
    if obj.card is None or obj.transformed or obj.face_down is not None:
        return False
    return any(a.keyword == "Daybound" for a in obj.card.front.abilities)


def _enters(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    spec = event.entering
    if spec is None:
        raise ValueError("an enters event needs the entering object")
    if board.has(spec.id):
        raise BoardError(handle_used(spec.id))
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
    if not event.listed and board.day_night is None and obj.card is not None and _daybound_front(obj):
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
        for handle in spec.then_copy_of:
            obj, board = copy_again(board, obj, board.get(handle), event.timestamp)
        board, obj = apply_random_result(board, obj, effect, via, spec.random_result)
        board = linked_copy_trigger(board, obj)
    board, obj = enter_replacements(board, obj, spec, event.timestamp, listed=event.listed)
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


def copy_abilities(card: Card) -> Message:
    """What ``card`` can copy instead, for a clear answer when it can't make the copy asked for."""
    effects = [e for face in card.faces for e in face.copy_effects]
    if not effects:
        abilities = [a.text.split(" (")[0] for face in card.faces for a in face.abilities]
        has = (
            msg("its abilities: {abilities}", abilities="; ".join(abilities))
            if abilities
            else msg("it has no abilities")
        )
        return msg("{card} has no ability that copies anything ({has}).", card=card_name(card.name), has=has)
    shown = [msg("{scope}: {copyable}", scope=_SCOPE_WORDS[e.scope], copyable=e.copyable) for e in effects]
    return msg("what {card} can do: {shown}.", card=card_name(card.name), shown=semicolon_series(shown))


_SCOPE_WORDS: dict[CopyScope, Message] = {
    CopyScope.ENTER_AS_COPY: msg("enter as copy"),
    CopyScope.BECOME_COPY: msg("become copy"),
    CopyScope.TOKEN_COPY: msg("token copy"),
    CopyScope.COPY_SPELL: msg("copy spell"),
    CopyScope.COPY_ABILITY: msg("copy ability"),
    CopyScope.CAST_COPY: msg("cast copy"),
}


def handle_used(handle: str) -> Message:
    """The message of a handle given to a second object."""
    return msg("the handle {handle} is already used on this board", handle=repr(handle))


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


def _becomes_copy(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    copier = board.get(event.object_id)
    abilities = current_characteristics(copier, board).abilities
    # Its abilities not all known (an effect the engine doesn't read could change them): the copy
    # ability its copiable values give it is the one used, and the answer says whether it still has it
    # rests on that unknown.
    known = abilities.value if isinstance(abilities, Known) else copiable_values(copier).abilities
    own = copy_effect_of(known, _BECOMING_SCOPES)
    if isinstance(abilities, Unsure) and own is not None and not event.via:
        board = board.explain(copier.id, _copy_ability_unsure(copier, abilities), note=True)
    via = event.via or own_ability_name(copier, own)
    effect = via_becoming_effect(cards[event.via], copier, own) if event.via else own
    if event.via and effect is None:
        raise CopyError(
            msg(
                "{card} has no ability that makes a permanent become a copy; {abilities}",
                card=card_name(event.via),
                abilities=copy_abilities(cards[event.via]),
            )
        )
    if effect is None:
        raise CopyError(
            msg(
                "{card} has no ability that makes it become a copy (give via: CARD).",
                card=card_name(copier.id),
            )
        )
    check_stack_targets(board, event, effect)
    board, original = copy_original(board, event.of or "", copier.id, effect, apply_event, cards)
    if original is None:
        return board
    copier, board = copy_onto(board, copier, original, effect, via, event.timestamp, entering=False)
    # Its new abilities are linked only to each other (CR 707.7): what its old ones exiled stops counting.
    board = last_exiled_effects(board.replace(copier), copier)
    copier = board.get(copier.id)
    board, copier = apply_random_result(board, copier, effect, via, event.random_result)
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


def _create_token_copy(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    if event.exiled_with is not None:
        # Only cards its linked ability exiled are "exiled with" it (CR 607.2a, 707.7, 607.5).
        source = board.get(event.exiled_with) if board.has(event.exiled_with) else None
        exiled = list(exiled_with(board, source)) if source else []
        if not exiled:
            return board.explain(
                event.exiled_with,
                Explanation.of(
                    msg(
                        "No card has been exiled with it, so the token would be a copy of a nonexistent "
                        "object: no token is created."
                    ),
                    NO_TOKEN_OF_NOTHING,
                ),
            )
        event = event.model_copy(update={"of": exiled[-1].id})
    new_id = event.new_id or f"token of {event.of}"
    if board.has(new_id):
        raise BoardError(handle_used(new_id))
    effect = card_copy_effect(cards[event.via], _TOKEN_SCOPES) if event.via else None
    board, found = copy_original(board, event.of or "", new_id, effect, apply_event, cards)
    if found is None:
        return board
    original = found
    if _is_spell_card(original):
        return board.explain(
            original.id,
            Explanation.of(
                msg(
                    "{label} is an instant or sorcery card: an effect that would create a token that is a "
                    "copy of an instant or sorcery card creates no token, so none enters the battlefield.",
                    label=original_param(original),
                ),
                NO_SPELL_TOKEN,
            ),
        )
    if event.via and effect is None:
        raise CopyError(
            msg(
                "{card} doesn't create token copies; {abilities}",
                card=card_name(event.via),
                abilities=copy_abilities(cards[event.via]),
            )
        )
    via = event.via or "an effect"
    token = GameObject(
        id=new_id,
        card=None,
        owner=event.controller,
        controller=event.controller,
        timestamp=event.timestamp,
        token=True,
    )
    card = original.card
    transforming = card is not None and card.layout == "transform" and not original.face_down
    if transforming:  # a transforming token with both faces (CR 707.8a), copying what the original copies
        token = token.model_copy(update={"card": card, "transformed": original.transformed})
    if transforming and not original.copies:
        for note in check_copyable(effect, via, token, original, board) if effect is not None else ():
            board = board.explain(new_id, note, note=True)
        token, status = status_as_copy(board, token, effect, via)
        for step in status:
            board = board.explain(new_id, step)
        board = board.explain(
            new_id,
            Explanation.of(
                msg(
                    "{via} creates a token copy of {label}, a transforming permanent: the token is a "
                    "transforming token with both faces, entering with the same face up.{back}",
                    via=card_name(event.via) if event.via else msg("an effect"),
                    label=original_param(original),
                    back=_back_face_copy(original),
                ),
                TOKEN_COPY_DFC,
                *((BACK_FACE_COPY,) if original.transformed else ()),
                TOKEN_OWNER,
            ),
        )
        token, excepted = with_excepted_faces(token, original, effect)
        for step in excepted:
            board = board.explain(new_id, step)
    else:
        token, board = copy_onto(board, token, original, effect, via, event.timestamp, entering=True)
        board = board.explain(
            new_id,
            Explanation.of(
                msg(
                    "It is a token whose copiable values are those the copy effect defined; its creator owns "
                    "it."
                ),
                TOKEN_TEXT,
                TOKEN_OWNER,
            ),
        )
    board, token = apply_random_result(board, token, effect, via, event.random_result)
    spec = ObjectSpec(card=card.name if card else "", id=new_id, token=True, controller=event.controller)
    board, token = enter_replacements(board, token, spec, event.timestamp)
    board, token = _follow_up_abilities(board, token, effect)
    return board.replace(token)


def _is_spell_card(original: GameObject) -> bool:
    """Whether ``original``'s copiable values are an instant's or a sorcery's (no token copy, CR 111.5)."""
    values = layer_one_text(original).main
    return values.is_a("Instant") or values.is_a("Sorcery")


def _follow_up_abilities(
    board: Board, token: GameObject, effect: CopyEffect | None
) -> tuple[Board, GameObject]:
    """ "It gains haste": a later effect on the token (layer 6), not one of its copiable values (707.2)."""
    follow_ups = [e for e in (effect.exceptions if effect else ()) if e.kind is ExceptionKind.FOLLOW_UP]
    gained = tuple(GameAbility.granted(a).text for e in follow_ups for a in e.abilities)
    if not gained:
        return board, token
    texts = "; ".join(e.text for e in follow_ups)
    board, stamp = board.tick()
    added = TimedEffect(
        timestamp=stamp,
        spec=EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=gained),
        source=msg("the copy effect's “{texts}”", texts=texts),
    )
    explanation = Explanation.of(
        msg("{texts}: an effect that follows the copy, so it isn't copiable.", texts=texts),
        COPIABLE,
    )
    token = token.model_copy(update={"effects": (*token.effects, added)})
    return board.explain(token.id, explanation), token


def _create_token(board: Board, event: Event) -> Board:
    """A token with exactly the characteristics the creating effect defines (CR 111.3, 111.4)."""
    if event.token is None or not event.new_id:
        raise ValueError("a create_token event needs the token's definition and handle")
    if board.has(event.new_id):
        raise BoardError(handle_used(event.new_id))
    _check_token_subtypes(event.token)
    card = token_card(event.token)
    token = GameObject(
        id=event.new_id,
        card=card,
        owner=event.controller,
        controller=event.controller,
        timestamp=event.timestamp,
        token=True,
    )
    named = (
        msg("the effect names it")
        if event.token.name
        else msg("the effect doesn't name it, so its name is its subtypes plus the word Token")
    )
    predefined = PREDEFINED_TOKENS.get(event.token.predefined or "")
    defined_by = (
        msg("the rules define a {kind} token", kind=event.token.predefined or "")
        if predefined
        else msg("the effect defined")
    )
    explanation = Explanation.of(
        msg(
            "It is a token with only the characteristics {defined_by}; those are its copiable values. Its "
            "name is {name}: {named}.",
            defined_by=defined_by,
            name=card_name(card.name),
            named=named,
        ),
        *((predefined[0],) if predefined else ()),
        TOKEN_DEFINED_TEXT,
        TOKEN_NAME,
        TOKEN_OWNER,
    )
    return board.replace(token).explain(token.id, explanation)


def _check_token_subtypes(token: TokenSpec) -> None:
    """No effect defines a token with a subtype that none of its card types has (CR 205.3d)."""
    lost = [s for s in token.subtypes if s not in gainable_subtypes(token.types, (s,))]
    if lost:
        raise BoardError(
            msg(
                "a token that is {types} can't be {subtypes}: a subtype must correspond to one of its card "
                "types (CR 205.3d)",
                types=type_words(token.types) if token.types else msg("typeless"),
                subtypes=" ".join(lost),
            )
        )


def _back_face_copy(original: GameObject) -> Param:
    if not original.transformed:
        return ""
    return msg(" It is copying the back face of a transforming permanent, so its mana value is 0.")
