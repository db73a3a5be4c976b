"""Permanents entering the battlefield from the stack or another zone, and the replacements deciding how.

* :func:`becomes_day_or_night`: it becomes day or night (CR 728.1a); daybound and nightbound permanents
  transform (702.145b, e).
* :func:`add_pending_copy`: "The next time one or more creatures or planeswalkers enter this turn, they enter
  as copies of the chosen creature" (Mystic Reflection) waits for the next entering permanent.
* :func:`resolve_permanent_spell`: a permanent spell resolves (608.3a) with the face that was up on the stack
  (712.13). Which replacement effects apply is decided on the permanent as it would exist on the battlefield
  (614.12): a pending "enter as copies" effect for creatures applies only if it would be a creature, the
  copied text's daybound makes a transforming double-faced card enter transformed at night (702.145b), and a
  spell whose back face is an instant or sorcery then goes to its owner's graveyard instead (712.13a).
* :func:`put_onto_battlefield`: a card in another zone is put onto the battlefield, front face up or
  "transformed" (712.14, 712.14a, 712.14b).

The entering itself is the board's ``enters`` event, passed in as ``enter`` so this module doesn't import
:mod:`engine.actions.events` (which dispatches to it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.actions.faces import (
    DOUBLE_FACED_LAYOUTS,
    NONPERMANENT_TYPES,
    NOT_A_TDFC,
    ONLY_DFC_TRANSFORM,
    has_keyword,
    is_transforming_card,
)
from engine.actions.paid_triggers import not_cast
from engine.actions.standing_copies import (
    AS_IT_WOULD_EXIST,
    COPY_EFFECTS_ORDERED,
    ENTERS_AS_COPY,
    REPEATED_UNTIL_NONE,
    battlefield_permanents,
    standing_for,
    standing_source,
    unsure_replacement,
)
from engine.actions.zones import NEW_OBJECT
from engine.copy.effects import CopyError, card_copy_effect, check_copyable, original_param
from engine.core.citations import cite
from engine.core.known import Known, Unsure, is_true
from engine.core.messages import Message, indefinite, listing, msg, type_words
from engine.core.messages import card as card_name
from engine.core.model import Card, CopyScope
from engine.core.results import Explanation, Unknown
from engine.layers.computed import Computed
from engine.layers.copiable import copiable_values
from engine.layers.numbers import FRONT_FACE_ONLY
from engine.layers.system import current_characteristics
from engine.oracle.abilities import ENTERS_REPLACEMENT
from engine.oracle.zones import chosen_target, next_enters_as_copies, standing_copy
from engine.state.actions import EnteringAction, EntersAction, NextEntersAsCopyAction
from engine.state.board import (
    Board,
    BoardError,
    DayNight,
    Event,
    GameObject,
    ObjectSpec,
    PendingCopy,
    Zone,
)

Enter = Callable[[Board, Event, Mapping[str, Card]], Board]

BECOMES_PERMANENT = cite("608.3a", "it becomes a permanent and enters the battlefield under the control")
SAME_FACE_UP = cite(
    "712.13", "is put onto the battlefield with the same face up that was face up on the stack"
)
BACK_FACE_NOT_PERMANENT = cite(
    "712.13a", "it doesn’t enter the battlefield, and is instead put into its owner"
)
COPIED_ENTERING_TEXT = cite("707.5", "those abilities will take effect")
DAYBOUND_ENTERS = cite(
    "702.145b", "If it is night and this permanent is represented by a transforming double"
)

FRONT_FACE_BY_DEFAULT = cite("712.14", "enters the battlefield with its front face up by default")
PUT_TRANSFORMED = cite("712.14a", "it enters the battlefield with its back face up")
NOT_TDFC_STAYS = cite("712.14a", "that card stays in its current zone")
MODAL_NOT_PERMANENT_STAYS = cite(
    "712.14b", "its front face isn’t a permanent card, the card stays in its current zone"
)
FACE_DOWN_SPELL = cite("708.4", "The permanent the spell becomes will be a face-down permanent")

_TYPE_OF_PLURAL = {"creatures": "Creature", "planeswalkers": "Planeswalker", "artifacts": "Artifact"}


def add_pending_copy(board: Board, action: NextEntersAsCopyAction, cards: Mapping[str, Card]) -> Board:
    """``via``'s "the next time … enter this turn, they enter as copies of" effect, waiting (CR 614.1c)."""
    via = action.via
    effect = card_copy_effect(cards[via], (CopyScope.ENTER_AS_COPY,))
    wording = next_enters_as_copies(effect.text) if effect else None
    if effect is None or wording is None:
        raise CopyError(
            msg(
                "{card} has no “the next time one or more … enter this turn, they enter as copies of …” "
                "effect.",
                card=card_name(via),
            )
        )
    original = board.get(action.of)
    chosen = chosen_target(effect.text)  # "Choose target nonlegendary creature": what it may copy
    checked = effect.model_copy(update={"copyable": chosen or effect.copyable})
    for note in check_copyable(checked, via, original, original, board):
        board = board.explain(original.id, note, note=True)
    types = tuple(_TYPE_OF_PLURAL[w] for w in wording.words if w in _TYPE_OF_PLURAL)
    pending = PendingCopy(of_id=original.id, via=via, types=types)
    board = board.model_copy(update={"pending_copies": (*board.pending_copies, pending)})
    return board.explain(
        original.id,
        Explanation.of(
            msg(
                "{via} chose it: the next time one or more {what} enter this turn, they enter as copies of "
                "it. That is a replacement effect waiting for that event.",
                via=card_name(via),
                what=wording.what,
            ),
            ENTERS_REPLACEMENT,
        ),
        note=True,
    )


def resolve_permanent_spell(
    board: Board, event: Event, spec: ObjectSpec, cards: Mapping[str, Card], enter: Enter
) -> Board:
    """The permanent spell ``spec`` resolves: where it ends up and why (CR 608.3a, 712.13a)."""
    card = cards[spec.card]
    face = card.faces[1] if spec.transformed and len(card.faces) > 1 else card.front
    if set(NONPERMANENT_TYPES) & set(face.type_line.types):
        raise BoardError(
            msg(
                "{card} is an instant or sorcery spell: it doesn't become a permanent (CR 608.3).",
                card=card_name(face.name),
            )
        )
    if spec.face_down:
        return _enter_with_replacements(
            board.explain(
                spec.id,
                Explanation.of(
                    msg(
                        "{card} was cast face down: it resolves and becomes a face-down permanent.",
                        card=card_name(face.name),
                    ),
                    BECOMES_PERMANENT,
                    FACE_DOWN_SPELL,
                ),
            ),
            event,
            spec,
            cards,
            enter,
            from_zone=Zone.STACK,
        )
    up = msg("back") if spec.transformed else msg("front")
    board = board.explain(
        spec.id,
        Explanation.of(
            msg(
                "{card} resolves: as a permanent spell it would become a permanent and enter the battlefield "
                "under its controller's control, with the face that was up on the stack ({up}) up.",
                card=card_name(face.name),
                up=up,
            ),
            BECOMES_PERMANENT,
            SAME_FACE_UP,
        ),
    )
    return _enter_with_replacements(board, event, spec, cards, enter, from_zone=Zone.STACK)


def put_onto_battlefield(
    board: Board, event: Event, transformed: bool, cards: Mapping[str, Card], enter: Enter
) -> Board:
    """A card in a graveyard or exile is put onto the battlefield, "transformed" or not (CR 712.14)."""
    obj = board.get(event.object_id)
    if obj.zone is Zone.BATTLEFIELD or obj.card is None or obj.token:
        raise BoardError(
            msg(
                "{card} isn't a card in a graveyard or exile, so it can't be put onto the battlefield.",
                card=card_name(obj.id),
            )
        )
    card = obj.card
    stays = _why_it_stays(obj, card, transformed=transformed)
    if stays is not None:
        return board.explain(obj.id, stays)
    board = board.model_copy(update={"objects": tuple(o for o in board.objects if o.id != obj.id)})
    board = board.explain(obj.id, _put_step(obj, card, transformed=transformed))
    name = next(name for name, known in cards.items() if known.key == card.key)
    spec = ObjectSpec(card=name, id=obj.id, controller=obj.owner, transformed=transformed, **not_cast(card))
    return _enter_with_replacements(board, event, spec, cards, enter, from_zone=obj.zone)


def _put_step(obj: GameObject, card: Card, *, transformed: bool) -> Explanation:
    """It is put onto the battlefield: a new object (CR 400.7), a double-faced card front face up unless
    put transformed (712.14)."""
    zone = _zone_words(obj.zone)
    if not transformed and (card.layout not in DOUBLE_FACED_LAYOUTS or len(card.faces) < 2):
        return Explanation.of(
            msg("It is put onto the battlefield from {zone}; it is a new object.", zone=zone), NEW_OBJECT
        )
    up = (
        msg("its back face ({face})", face=card_name(card.faces[1].name))
        if transformed
        else msg("its front face ({face})", face=card_name(card.front.name))
    )
    return Explanation.of(
        msg("It is put onto the battlefield from {zone} with {up} up; it is a new object.", zone=zone, up=up),
        PUT_TRANSFORMED if transformed else FRONT_FACE_BY_DEFAULT,
        NEW_OBJECT,
    )


def _why_it_stays(obj: GameObject, card: Card, *, transformed: bool) -> Explanation | None:
    if transformed and not is_transforming_card(obj):
        return Explanation.of(
            msg(
                "{card} isn't a transforming double-faced card, so it can't be put onto the battlefield "
                "transformed: it stays in {zone}.",
                card=card_name(card.name),
                zone=_zone_words(obj.zone),
            ),
            NOT_TDFC_STAYS,
        )
    if transformed and set(NONPERMANENT_TYPES) & set(card.faces[1].type_line.types):
        raise BoardError(
            msg(
                "{card} is an instant or sorcery face; putting it onto the battlefield transformed isn't "
                "modelled.",
                card=card_name(card.faces[1].name),
            )
        )
    if card.layout == "modal_dfc" and not _is_permanent_face(card):
        return Explanation.of(
            msg(
                "{card} is a modal double-faced card whose front face ({face}) isn't a permanent card: it "
                "stays in {zone}.",
                card=card_name(card.name),
                face=card_name(card.front.name),
                zone=_zone_words(obj.zone),
            ),
            MODAL_NOT_PERMANENT_STAYS,
        )
    return None


def _zone_words(zone: Zone) -> Message:
    return _ZONE_WORDS[zone]


_ZONE_WORDS = {
    Zone.BATTLEFIELD: msg("the battlefield"),
    Zone.GRAVEYARD: msg("the graveyard"),
    Zone.EXILE: msg("exile"),
    Zone.STACK: msg("the stack"),
    Zone.HAND: msg("the hand"),
    Zone.LIBRARY: msg("the library"),
}


def _is_permanent_face(card: Card) -> bool:
    types = set(card.front.type_line.types)
    return bool(types) and not types & set(NONPERMANENT_TYPES)


def _entering(event: Event) -> ObjectSpec:
    if not isinstance(event.action, EnteringAction):
        raise ValueError(f"a {event.kind.value} event has no entering object")
    return event.action.entering


def _enter_with_replacements(
    board: Board,
    event: Event,
    spec: ObjectSpec,
    cards: Mapping[str, Card],
    enter: Enter,
    *,
    from_zone: Zone,
) -> Board:
    """Apply the replacement effects that modify how it enters (614.12), in order, then let it enter."""
    board, spec = _pending_copy(board, event, spec, cards, enter)
    would_be = _would_be(board, event, spec, cards, enter)
    if (
        board.day_night is DayNight.NIGHT
        and not spec.transformed
        and is_true(has_keyword(*would_be, "Daybound"))
    ):
        board, spec = _daybound(board, spec, cards[spec.card], from_zone=from_zone)
        if spec.zone is not Zone.BATTLEFIELD:
            return _entering_once(enter, board, _enters_event(event, spec), cards)
        would_be = _would_be(board, event, spec, cards, enter)  # it would now enter transformed
    elif board.day_night is None and not spec.transformed and is_true(has_keyword(*would_be, "Daybound")):
        refuse_night_unknown(spec, cards[spec.card])
    return _entering_once(enter, board, _enters_event(event, spec), cards)


def refuse_night_unknown(spec: ObjectSpec, card: Card) -> None:
    """A daybound transforming double-faced card enters and the board doesn't say whether it is night: which
    face is up decides everything about it (CR 702.145b), so the question is refused, both outcomes named."""
    if card.layout != "transform" or len(card.faces) < 2:
        return
    raise BoardError(
        msg(
            "{handle} has daybound and enters, and the board doesn't say whether it is night (CR 702.145b): "
            "at night it enters transformed, as {back}; otherwise it enters front face up, as {front}, and "
            "it is day. Give day_night: day or day_night: night.",
            handle=card_name(spec.id),
            back=card_name(card.faces[1].name),
            front=card_name(card.front.name),
        )
    )


def waiting_copy(board: Board) -> PendingCopy | None:
    """The "enter as copies" effect an object entering now meets: one that already applied in this action
    (objects entering at the same time share it), else the first one still waiting (CR 614.1c)."""
    action = len(board.events)
    shared = [pending for pending in board.used_copies if pending.action == action]
    if shared:
        return shared[-1]
    return board.pending_copies[0] if board.pending_copies else None


def enter_with_waiting_copy(board: Board, event: Event, cards: Mapping[str, Card], enter: Enter) -> Board:
    """An object entering by an ``enters`` action or a zone change, with the waiting "enter as copies"
    effect applied if, as it would exist on the battlefield, it has one of its types (CR 614.12)."""
    spec = _entering(event)
    board, spec = _pending_copy(board, event, spec, cards, enter)
    return _entering_once(enter, board, _enters_event(event, spec), cards)


def create_token_with_waiting_copy(
    board: Board, event: Event, cards: Mapping[str, Card], create: Enter, enter: Enter
) -> Board:
    """``create`` makes a token; while an "enter as copies" effect waits, a token that would enter as one of
    its types enters as a copy of the chosen object instead, replacing the token's own copy effect, if any
    (CR 614.1c, 614.12, 707.5)."""
    waiting = waiting_copy(board) is not None
    if not waiting and not has_standing_copy_effects(board):
        return create(board, event, cards)
    trial = _entering_once(create, board, event, cards)
    created = [obj for obj in trial.objects if not board.has(obj.id) and obj.zone is Zone.BATTLEFIELD]
    if len(created) != 1:
        return trial
    token = created[0]
    values = current_characteristics(token, trial)
    if waiting:
        noted, pending = _reflection(trial, token.id, values)
        if not isinstance(pending, PendingCopy):
            return _with_unknown(noted, token.id, pending)
        board, _ = _reflection(board, token.id, values)
    else:
        entering = ObjectSpec(card="", id=token.id, token=True, controller=token.controller)
        noted, pending = standing_for(trial, entering, values)
        if not isinstance(pending, PendingCopy):
            return _with_unknown(noted, token.id, pending) if pending else trial
        board, _ = standing_for(board, entering, values)
    instead = (
        msg("a copy of {original}", original=original_param(trial.get(token.copies[-1].of_id)))
        if token.copies
        else msg(
            "{token}, with the characteristics the effect defines", token=card_name(_name_of(token, values))
        )
    )
    board = board.explain(
        token.id,
        Explanation.of(
            msg(
                "The token the effect creates (which would have been {instead}) enters as a copy of "
                "{original} instead: the replacement effect replaces how it enters, so what the creating "
                "effect said its copiable values are, exceptions included, doesn't apply.",
                instead=instead,
                original=card_name(pending.of_id),
            ),
            ENTERS_REPLACEMENT,
            ENTERS_AS_COPY,
        ),
    )
    spec = ObjectSpec(
        card="", id=token.id, token=True, controller=token.controller, copy_of=pending.of_id, via=pending.via
    )
    return _entering_once(enter, board, _enters_event(event, spec), cards)


def _entering_once(enter: Enter, board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    """``enter`` for an object the waiting "enter as copies" effects were already considered for: it doesn't
    meet them again, and they stay as they are."""
    kept = {
        "pending_copies": board.pending_copies,
        "used_copies": board.used_copies,
        "considered": board.considered,
    }
    hidden = {"pending_copies": (), "used_copies": (), "considered": (*board.considered, event.object_id)}
    after = enter(board.model_copy(update=hidden), event, cards)
    return after.model_copy(update=kept)


def _enters_event(event: Event, spec: ObjectSpec) -> Event:
    """The event of ``spec`` entering, at ``event``'s time (a listed object stays listed)."""
    listed = isinstance(event.action, EntersAction) and event.action.listed
    action = EntersAction(line=event.action.line, entering=spec, listed=listed)
    return Event(action=action, timestamp=event.timestamp, object_id=spec.id)


def _would_be(
    board: Board, event: Event, spec: ObjectSpec, cards: Mapping[str, Card], enter: Enter
) -> tuple[GameObject, Board]:
    """The permanent as it would exist on the battlefield, and that board (CR 614.12)."""
    trial = _entering_once(enter, board, _enters_event(event, spec), cards)
    return trial.get(spec.id), trial


def _pending_copy(
    board: Board, event: Event, spec: ObjectSpec, cards: Mapping[str, Card], enter: Enter
) -> tuple[Board, ObjectSpec]:
    """Mystic Reflection's waiting effect applies if the permanent would enter as one of its types; else a
    permanent's "creatures you control enter as a copy of …" (Essence of the Wild) may (CR 614.1c, 614.12)."""
    if spec.zone is not Zone.BATTLEFIELD:
        return board, spec
    if waiting_copy(board) is None:
        return _standing_copy(board, event, spec, cards, enter)
    obj, trial = _would_be(board, event, spec, cards, enter)
    board, pending = _reflection(board, spec.id, current_characteristics(obj, trial))
    if isinstance(pending, Unknown):
        return board, spec.model_copy(update={"unknowns": (*spec.unknowns, pending)})
    if pending is None:
        return _standing_copy(board, event, spec, cards, enter)
    reflected = spec.model_copy(update={"copy_of": pending.of_id, "via": pending.via, "then_copy_of": ()})
    board = _also_standing(board, spec, pending)
    if not spec.copy_of:
        return board, reflected
    return _order_of_copy_effects(board, spec, reflected, pending)


def _also_standing(board: Board, spec: ObjectSpec, pending: PendingCopy) -> Board:
    """A standing "enter as a copy" effect applies too: the order is its controller's choice and decides."""
    found = standing_source(board, spec)
    if found is None:
        return board
    source, of_id = found
    via = source.card.name if source.card else source.id
    return board.explain(
        spec.id,
        Explanation.of(
            msg(
                "{via}'s effect ({source}) would also make it enter as a copy, of {other}. Its controller "
                "chooses the order, and whichever applies last decides: this answer has {applied}'s applied "
                "last (a copy of {original}); with {via}'s applied last it would be a copy of {other}.",
                via=card_name(via),
                source=card_name(source.id),
                other=card_name(of_id),
                applied=card_name(pending.via),
                original=card_name(pending.of_id),
            ),
            COPY_EFFECTS_ORDERED,
            REPEATED_UNTIL_NONE,
        ),
        note=True,
    )


def _order_of_copy_effects(
    board: Board, spec: ObjectSpec, reflected: ObjectSpec, pending: PendingCopy
) -> tuple[Board, ObjectSpec]:
    """It would also enter as a copy by its own ability (Clone). Its controller orders the two (616.1c), but
    both orders end the same: the other effect's copy. Applied first, it leaves the object without the
    ability that made it a copy (614.12); applied second, it replaces what that ability copied."""
    own = spec.via or spec.card
    return board.explain(
        spec.id,
        Explanation.of(
            msg(
                "Both {own}'s ability and {via}'s effect would make it enter as a copy; its controller "
                "chooses which applies first. If {via}'s applies first, it would enter as a copy of "
                "{original}, which doesn't have {own}'s ability, so that ability no longer applies; if "
                "{own}'s applies first, it would still enter as a creature, so {via}'s applies after it. "
                "Either way it enters as a copy of {original}.",
                own=card_name(own),
                via=card_name(pending.via),
                original=card_name(pending.of_id),
            ),
            AS_IT_WOULD_EXIST,
            COPY_EFFECTS_ORDERED,
            REPEATED_UNTIL_NONE,
        ),
    ), reflected


def has_standing_copy_effects(board: Board) -> bool:
    """Whether a permanent has a "creatures you control enter as a copy of …" ability (cheap filter)."""
    return any(
        standing_copy(a.rules_text)
        for obj in battlefield_permanents(board)
        for a in copiable_values(obj).abilities
    )


def _standing_copy(
    board: Board, event: Event, spec: ObjectSpec, cards: Mapping[str, Card], enter: Enter
) -> tuple[Board, ObjectSpec]:
    """Essence of the Wild / Infinite Reflection: a creature entering under the controller of such a
    permanent enters as a copy of that permanent (or of the creature it enchants) (CR 614.1c, 614.12)."""
    if not has_standing_copy_effects(board):
        return board, spec
    obj, trial = _would_be(board, event, spec, cards, enter)
    board, standing = standing_for(board, spec, current_characteristics(obj, trial))
    if isinstance(standing, Unknown):
        return board, spec.model_copy(update={"unknowns": (*spec.unknowns, standing)})
    if standing is None:
        return board, spec
    copied = spec.model_copy(update={"copy_of": standing.of_id, "via": standing.via, "then_copy_of": ()})
    return (board, copied) if not spec.copy_of else _order_of_copy_effects(board, spec, copied, standing)


def _reflection(board: Board, handle: str, values: Computed) -> tuple[Board, PendingCopy | Unknown | None]:
    """Whether the waiting effect applies to ``handle``, which would exist with ``values`` (CR 614.12): the
    board with the reason, and the effect (used from now on) when it applies; an :class:`Unknown` when
    that rests on card types that aren't known."""
    pending = waiting_copy(board)
    if pending is None:
        return board, None
    wanted = indefinite(listing([type_words((t.lower(),)) for t in pending.types], "or"))
    known = values.types
    if isinstance(known, Unsure):
        return unsure_replacement(board, handle, pending.via, pending.of_id, wanted, known)
    types = indefinite(type_words(known.value)) if known.value else msg("a permanent with no card type")
    matched = [t for t in pending.types if t.casefold() in (k.casefold() for k in known.value)]
    if not matched:
        return board.explain(
            handle,
            Explanation.of(
                msg(
                    "As it would exist on the battlefield it is {types}, not {wanted}: {via}'s replacement "
                    "effect doesn't apply to it and keeps waiting.",
                    types=types,
                    wanted=wanted,
                    via=card_name(pending.via),
                ),
                AS_IT_WOULD_EXIST,
            ),
            note=True,
        ), None
    original = board.get(pending.of_id)
    shared = (
        msg(" It enters at the same time as the object the effect already applied to, so it applies to both.")
        if pending.action is not None
        else ""
    )
    board = _used(board, pending).explain(
        handle,
        Explanation.of(
            msg(
                "As it would exist on the battlefield — with the continuous effects that already exist "
                "applied — it is {types}: it enters as {matched}, so {via}'s replacement effect applies to "
                "it and it enters as a copy of {original} ({label}).{shared}",
                types=types,
                matched=indefinite(type_words((matched[0].lower(),))),
                via=card_name(pending.via),
                original=card_name(original.id),
                label=original_param(original),
                shared=shared,
            ),
            AS_IT_WOULD_EXIST,
            ENTERS_REPLACEMENT,
            ENTERS_AS_COPY,
        ),
    )
    return board, pending


def _name_of(obj: GameObject, values: Computed) -> str:
    """``obj``'s name to show, its handle when it has none or it isn't known."""
    name = values.name
    return name.value if isinstance(name, Known) and name.value else obj.id


def _with_unknown(board: Board, handle: str, unknown: Unknown | None) -> Board:
    """``board`` with ``unknown`` on the object ``handle`` (what entering left undecided about it)."""
    if unknown is None:
        return board
    obj = board.get(handle)
    return board.replace(obj.with_unknowns(unknown))


def _used(board: Board, pending: PendingCopy) -> Board:
    """The board with ``pending`` applied in the current action: no longer waiting ("the next time")."""
    if pending.action is not None:
        return board
    used = pending.model_copy(update={"action": len(board.events)})
    return board.model_copy(
        update={"pending_copies": board.pending_copies[1:], "used_copies": (*board.used_copies, used)}
    )


def _daybound(board: Board, spec: ObjectSpec, card: Card, *, from_zone: Zone) -> tuple[Board, ObjectSpec]:
    """At night, daybound makes a permanent represented by a transforming double-faced card enter transformed.

    Coming from the stack with an instant or sorcery back face, it goes to the graveyard instead (712.13a).
    """
    copied = msg(" (the copied text's daybound applies as it enters)") if spec.copy_of else ""
    if card.layout != "transform" or len(card.faces) < 2:
        return board.explain(
            spec.id,
            Explanation.of(
                msg(
                    "It is night and it has daybound{copied}, but it isn't represented by a transforming "
                    "double-faced card: it enters with its front face up and can't transform.",
                    copied=copied,
                ),
                DAYBOUND_ENTERS,
                ONLY_DFC_TRANSFORM,
                NOT_A_TDFC,
            ),
            note=True,
        ), spec
    back = card.faces[1]
    if from_zone is Zone.STACK and set(NONPERMANENT_TYPES) & set(back.type_line.types):
        board = board.explain(
            spec.id,
            Explanation.of(
                msg(
                    "It is night and it has daybound{copied}, so it would enter transformed; but the back "
                    "face of the card that represents it, {back}, is {kind}: it doesn't enter the "
                    "battlefield and is put into its owner's graveyard instead.",
                    copied=copied,
                    back=card_name(back.name),
                    kind=indefinite(type_words([t.lower() for t in back.type_line.types])),
                ),
                DAYBOUND_ENTERS,
                *((COPIED_ENTERING_TEXT,) if spec.copy_of else ()),
                BACK_FACE_NOT_PERMANENT,
            ),
        )
        board = board.explain(
            spec.id,
            Explanation.of(
                msg(
                    "In the graveyard it is a new object, not a copy of anything, with only its front face's "
                    "characteristics ({face}); it never entered, so no enters abilities trigger.",
                    face=card_name(card.front.name),
                ),
                NEW_OBJECT,
                FRONT_FACE_ONLY,
            ),
        )
        graveyard = ObjectSpec(card=spec.card, id=spec.id, controller=spec.controller, zone=Zone.GRAVEYARD)
        return board, graveyard
    board = board.explain(
        spec.id,
        Explanation.of(
            msg(
                "It is night and it has daybound{copied}: it is represented by a transforming double-faced "
                "card, so it enters transformed, with its back face ({back}) up.",
                copied=copied,
                back=card_name(back.name),
            ),
            DAYBOUND_ENTERS,
            *((COPIED_ENTERING_TEXT,) if spec.copy_of else ()),
        ),
    )
    return board, spec.model_copy(update={"transformed": True})
