"""Events that change a board: objects entering, becoming copies, token copies, turning face up, transforming.

:func:`build_board` turns a :class:`~engine.board.BoardSpec` into events and applies them in order;
:func:`apply_event` is the one place a board changes, so ``Board.events`` can be replayed.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.board import (
    ActionKind,
    AsEntersSetting,
    Board,
    BoardSpec,
    EffectKind,
    EffectSpec,
    Event,
    FaceDownKind,
    GameObject,
    ObjectSpec,
    TimedEffect,
    Zone,
)
from engine.characteristics import GameAbility
from engine.citations import cite
from engine.copying import (
    COLOR_AND_ABILITIES,
    COPIABLE,
    CopyError,
    apply_copy,
    card_copy_effect,
    check_copyable,
    copy_effect_of,
    original_label,
)
from engine.entering import (
    EnteringCounters,
    additional_counters,
    as_enters_choices,
    entering_abilities,
    entering_counters,
    enters_tapped,
    enters_triggers,
    pt_options,
    pt_setting_ability,
)
from engine.layers import copiable_values, current_characteristics, layer_one_text
from engine.model import Card, CopyEffect, CopyScope
from engine.results import Explanation

ENTERS_AS_COPY = cite("707.5", "becomes a copy as it enters the battlefield")
ENTERS_REPLACEMENTS = cite("707.5", "those abilities will take effect")
ENTERS_TRIGGERS = cite(
    "707.5", "any enters-the-battlefield triggered abilities of the copy will have a chance"
)
BECOMES_COPY = cite(
    "707.4", "The change doesn’t cause enters-the-battlefield or leaves-the-battlefield abilities"
)
KEEPS_EFFECTS = cite("707.4", "doesn’t change any noncopy effects presently affecting the permanent")
NEW_CHOICES = cite("707.6", "the object’s controller will get to make any “as [this] enters the battlefield”")
UNDEFINED_CHOICE = cite("607.5a", "the choice is considered to be “undefined.”")
AS_ENTERS_REPLACEMENT = cite("614.1c", "are replacement effects")
COPIABLE_SETTING = cite("613.2a", "generate copiable effects if they set power and toughness")
ETB_TRIGGER = cite(
    "603.6a", "Enters-the-battlefield abilities trigger when a permanent enters the battlefield"
)
FACE_DOWN_ENTERS = cite("708.3", "the permanent’s enters-the-battlefield abilities won’t trigger")
FACE_DOWN_BECOMES_COPY = cite("708.10", "Its characteristics therefore remain the same")
TURNED_FACE_UP = cite("708.8", "its copiable values revert to its normal copiable values")
NO_MORPH_COST = cite(
    "702.37e",
    "If the permanent wouldn’t have a morph cost if it were face up, it can’t be turned face up this way",
)
FACE_UP_TIMESTAMP = cite(
    "613.7f", "A permanent receives a new timestamp each time it turns face up or face down"
)
TRANSFORMS = cite("701.28a", "turn it over so that its other face is up")
ONLY_DFC_TRANSFORM = cite(
    "712.9", "Only transforming tokens and permanents represented by transforming double-faced"
)
TRANSFORM_KEEPS_EFFECTS = cite("712.18", "Any effects that applied to that permanent will continue to apply")
TRANSFORM_TIMESTAMP = cite("613.7g", "receives a new timestamp each time it transforms or converts")
TOKEN_COPY_DFC = cite(
    "707.8a", "the resulting token is a transforming token that has both a front face and a back face"
)
TOKEN_OWNER = cite("111.2", "The player who creates a token is its owner")
TOKEN_TEXT = cite("111.3", "they define the token’s copiable values")

_ENTERING_SCOPES = (CopyScope.ENTER_AS_COPY, CopyScope.BECOME_COPY)
_BECOMING_SCOPES = (CopyScope.BECOME_COPY,)
_TOKEN_SCOPES = (CopyScope.TOKEN_COPY,)


def build_board(
    spec_objects: tuple[ObjectSpec, ...], actions: tuple[Event, ...], cards: Mapping[str, Card]
) -> Board:
    """The board the objects (in timestamp order) and then the actions produce."""
    board = Board()
    for obj in spec_objects:
        board = apply_event(
            board, Event(kind=ActionKind.ENTERS, timestamp=0, object_id=obj.id, entering=obj), cards
        )
    for action in actions:
        board = apply_event(board, action, cards)
    return board


def board_from_spec(spec: BoardSpec, cards: Mapping[str, Card]) -> Board:
    """The board a :class:`BoardSpec` describes, ``cards`` giving the parsed card for every name it uses."""
    actions = tuple(
        Event(
            kind=a.kind,
            timestamp=0,
            object_id=a.entering.id if a.entering else a.target or "",
            entering=a.entering,
            of=a.of,
            via=a.via,
            new_id=a.new_id,
            controller=a.controller,
        )
        for a in spec.actions
    )
    return build_board(spec.objects, actions, cards)


def replay(events: tuple[Event, ...], cards: Mapping[str, Card]) -> Board:
    """Rebuild a board from its recorded events."""
    return build_board((), events, cards)


def apply_event(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    """The board after ``event`` (raises :class:`CopyError` or KeyError for impossible events)."""
    board, timestamp = board.tick()
    event = event.model_copy(update={"timestamp": timestamp})
    match event.kind:
        case ActionKind.ENTERS:
            board = _enters(board, event, cards)
        case ActionKind.BECOMES_COPY:
            board = _becomes_copy(board, event, cards)
        case ActionKind.CREATE_TOKEN_COPY:
            board = _create_token_copy(board, event, cards)
        case ActionKind.TURN_FACE_UP:
            board = _turn_face_up(board, event)
        case ActionKind.TRANSFORM:
            board = _transform(board, event)
    return board.record(event)


def _enters(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    spec = event.entering
    if spec is None:
        raise ValueError("an enters event needs the entering object")
    if board.has(spec.id):
        raise CopyError(f"the handle {spec.id!r} is already used on this board")
    obj = _new_object(spec, cards[spec.card], event.timestamp)
    if spec.zone is not Zone.BATTLEFIELD:
        return board.replace(obj)
    if spec.copy_of:
        via = spec.via or spec.card
        effect = _entering_copy_effect(cards[via], via)
        obj, board = _copy_onto(
            board, obj, board.get(spec.copy_of), effect, via, event.timestamp, entering=True
        )
    board, obj = _enter_replacements(board, obj, spec, event.timestamp)
    for effect_spec in spec.effects:
        board, stamp = board.tick()
        obj = obj.model_copy(
            update={"effects": (*obj.effects, TimedEffect(timestamp=stamp, spec=effect_spec))}
        )
    return board.replace(obj)


def _new_object(spec: ObjectSpec, card: Card, timestamp: int) -> GameObject:
    return GameObject(
        id=spec.id,
        card=card,
        zone=spec.zone,
        owner=spec.controller,
        controller=spec.controller,
        timestamp=timestamp,
        token=spec.token,
        tapped=spec.tapped,
        flipped=spec.flipped,
        transformed=spec.transformed,
        face_down=spec.face_down,
        counters=dict(spec.counters or ()),
        choices=dict(spec.choices),
        kicked=spec.kicked,
        x=spec.x,
        attached_to=spec.attached_to,
        exiled_by=spec.exiled_by,
        exiled_by_ability=spec.exiled_by_ability,
    )


def _entering_copy_effect(card: Card, via: str) -> CopyEffect:
    effect = card_copy_effect(card, _ENTERING_SCOPES)
    if effect is None:
        raise CopyError(
            f"{via} has no ability that makes a permanent enter as a copy; {describe_copy_abilities(card)}"
        )
    return effect


def describe_copy_abilities(card: Card) -> str:
    """What ``card`` can copy instead, for a clear answer when it can't make the copy asked for."""
    effects = [e for face in card.faces for e in face.copy_effects]
    if not effects:
        abilities = [a.text.split(" (")[0] for face in card.faces for a in face.abilities]
        has = f"its abilities: {'; '.join(abilities)}" if abilities else "it has no abilities"
        return f"{card.name} has no ability that copies anything ({has})."
    shown = "; ".join(f"{e.scope.value.replace('-', ' ')}: {e.copyable}" for e in effects)
    return f"what {card.name} can do: {shown}."


def _copy_onto(
    board: Board,
    copier: GameObject,
    original: GameObject,
    effect: CopyEffect | None,
    via: str,
    timestamp: int,
    *,
    entering: bool,
) -> tuple[GameObject, Board]:
    if effect is not None:
        check_copyable(effect, via, copier, original, board)
    copier, why = apply_copy(board, copier, original, effect, via, timestamp)
    label = original_label(original)
    verb = "enters as a copy of" if entering else "becomes a copy of"
    rule = ENTERS_AS_COPY if entering else BECOMES_COPY
    board = board.explain(
        copier.id,
        Explanation.of(
            f"{copier.id} {verb} {label} through {via}'s ability: it takes {label}'s copiable values — name, "
            "mana cost, color indicator, types, rules text, power, toughness and loyalty — and with them its "
            "color and abilities.",
            COPIABLE,
            COLOR_AND_ABILITIES,
            rule,
        ),
    )
    for explanation in why:
        board = board.explain(copier.id, explanation)
    return copier, board


def _enter_replacements(
    board: Board, obj: GameObject, spec: ObjectSpec, timestamp: int
) -> tuple[Board, GameObject]:
    """Apply the entering object's own "as enters"/"enters with" text and list its enters triggers (707.5)."""
    if obj.face_down:
        return board.explain(
            obj.id,
            Explanation.of(
                "It enters face down, so its own enters abilities have no effect and don't trigger.",
                FACE_DOWN_ENTERS,
            ),
            note=True,
        ), obj
    abilities = copiable_values(obj).abilities
    board, obj = _pt_setting(board, obj, abilities, timestamp)
    abilities = copiable_values(obj).abilities
    board, obj = _choices(board, obj, abilities, copied=bool(spec.copy_of))
    board, obj = _counters_and_tapped(board, obj, spec, abilities)
    for trigger in enters_triggers(abilities):
        rules = (ETB_TRIGGER, ENTERS_TRIGGERS) if obj.copies else (ETB_TRIGGER,)
        board = board.explain(obj.id, Explanation.of(f"As it enters, “{trigger.text}” triggers.", *rules))
    return board, obj


def _pt_setting(
    board: Board,
    obj: GameObject,
    abilities: tuple[GameAbility, ...],
    timestamp: int,
    *,
    turned_face_up: bool = False,
) -> tuple[Board, GameObject]:
    ability = pt_setting_ability(abilities, turned_face_up=turned_face_up)
    if ability is None:
        return board, obj
    options = pt_options(ability)
    chosen = obj.choices.get("option")
    if not chosen or not chosen.isdigit() or not 1 <= int(chosen) <= len(options):
        listed = "; ".join(f"{i}: {o.text}" for i, o in enumerate(options, 1))
        return board.explain(
            obj.id,
            Explanation.of(
                f"“{ability.text}” needs a choice as it enters and none was given (choices: {{option: N}}; "
                f"{listed}).",
                AS_ENTERS_REPLACEMENT,
                NEW_CHOICES,
            ),
            note=True,
        ), obj
    option = options[int(chosen) - 1]
    setting = AsEntersSetting(
        timestamp=timestamp,
        option=option.text,
        power=option.power,
        toughness=option.toughness,
        types=option.types,
        subtypes=option.subtypes,
        abilities=option.abilities,
    )
    obj = obj.model_copy(update={"settings": (*obj.settings, setting)})
    board = board.explain(
        obj.id,
        Explanation.of(
            f"As it {'is turned face up' if turned_face_up else 'enters'}, it becomes {option.text}. That "
            "sets power and toughness, so the result is part of its copiable values.",
            AS_ENTERS_REPLACEMENT,
            COPIABLE_SETTING,
        ),
    )
    return board, obj


def _choices(
    board: Board, obj: GameObject, abilities: tuple[GameAbility, ...], *, copied: bool
) -> tuple[Board, GameObject]:
    for wanted in as_enters_choices(abilities):
        key = choice_key(wanted)
        chosen = obj.choices.get(key)
        rules = (AS_ENTERS_REPLACEMENT, NEW_CHOICES) if copied else (AS_ENTERS_REPLACEMENT,)
        if chosen:
            board = board.explain(
                obj.id,
                Explanation.of(
                    f"As it enters, its controller chooses {wanted}: {chosen}"
                    f"{' (a new choice; the original’s choice is not copied)' if copied else ''}.",
                    *rules,
                ),
            )
        else:
            board = board.explain(
                obj.id,
                Explanation.of(
                    f"As it enters, its controller chooses {wanted} (give it as choices: {{{key}: …}})"
                    f"{'; the original’s choice is not copied' if copied else ''}.",
                    *rules,
                ),
                note=True,
            )
    return board, obj


def choice_key(wanted: str) -> str:
    """The ``choices:`` key for an "as enters" choice: "a number between 0 and 7" → "number"."""
    return wanted.removeprefix("a ").removeprefix("an ").split(" between ")[0]


def _counters_and_tapped(
    board: Board, obj: GameObject, spec: ObjectSpec, abilities: tuple[GameAbility, ...]
) -> tuple[Board, GameObject]:
    additional = _additional_counters(obj)
    if spec.counters is None:
        counters = dict(obj.counters)
        for found in (*entering_counters(abilities, x=obj.x, kicked=obj.kicked), *additional):
            counters[found.kind] = counters.get(found.kind, 0) + found.count
            board = board.explain(
                obj.id,
                Explanation.of(
                    f"“{found.text}” applies as it enters: it enters with {found.count} {found.kind} "
                    f"counter{'s' if found.count != 1 else ''}"
                    f"{' (X is ' + str(obj.x) + ')' if 'X' in found.text else ''}.",
                    AS_ENTERS_REPLACEMENT,
                    *((ENTERS_REPLACEMENTS,) if obj.copies else ()),
                ),
            )
        obj = obj.model_copy(update={"counters": counters})
    gained = entering_abilities(abilities, kicked=obj.kicked)
    if gained:
        board, stamp = board.tick()
        effect = TimedEffect(
            timestamp=stamp, spec=EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=gained)
        )
        obj = obj.model_copy(update={"effects": (*obj.effects, effect)})
    tapped = enters_tapped(abilities)
    if tapped and not obj.tapped:
        obj = obj.model_copy(update={"tapped": True})
        board = board.explain(
            obj.id,
            Explanation.of(
                f"“{tapped.text}”: it enters tapped.",
                AS_ENTERS_REPLACEMENT,
                *((ENTERS_REPLACEMENTS,) if obj.copies else ()),
            ),
        )
    return board, obj


def _additional_counters(obj: GameObject) -> tuple[EnteringCounters, ...]:
    """Counters from the latest copy effect's "enters with an additional counter" exception (707.9e)."""
    if not obj.copies or obj.copies[-1].effect is None:
        return ()
    return additional_counters(obj.copies[-1].effect.exceptions, copiable_values(obj), x=obj.x)


def _becomes_copy(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    copier = board.get(event.object_id)
    original = board.get(event.of or "")
    own = copy_effect_of(current_characteristics(copier, board).abilities, _BECOMING_SCOPES)
    via = event.via or (copiable_values(copier).name or copier.id)
    effect = card_copy_effect(cards[event.via], _BECOMING_SCOPES) if event.via else own
    if event.via and effect is None:
        raise CopyError(
            f"{event.via} has no ability that makes a permanent become a copy; "
            f"{describe_copy_abilities(cards[event.via])}"
        )
    if effect is None:
        raise CopyError(f"{copier.id} has no ability that makes it become a copy (give via: CARD).")
    copier, board = _copy_onto(board, copier, original, effect, via, event.timestamp, entering=False)
    board = board.explain(
        copier.id,
        Explanation.of(
            "It was already on the battlefield: no enters-the-battlefield abilities trigger and no “enters "
            "with” or “as enters” effects apply.",
            BECOMES_COPY,
        ),
    )
    for wanted in as_enters_choices(copiable_values(copier).abilities):
        board = board.explain(
            copier.id,
            Explanation.of(
                f"It didn't enter, so no choice of {wanted} was made: abilities referring to that choice do "
                "nothing.",
                UNDEFINED_CHOICE,
                BECOMES_COPY,
            ),
            note=True,
        )
    if copier.effects:
        board = board.explain(
            copier.id, Explanation.of("The noncopy effects already affecting it still apply.", KEEPS_EFFECTS)
        )
    if copier.face_down:
        board = board.explain(
            copier.id,
            Explanation.of(
                "It is face down, so it remains a nameless colorless 2/2 with no abilities; if it's turned "
                "face up, it will have the values it copied.",
                FACE_DOWN_BECOMES_COPY,
            ),
        )
    return board.replace(copier)


def _create_token_copy(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
    original = board.get(event.of or "")
    new_id = event.new_id or f"token of {original.id}"
    if board.has(new_id):
        raise CopyError(f"the handle {new_id!r} is already used on this board")
    effect = card_copy_effect(cards[event.via], _TOKEN_SCOPES) if event.via else None
    if event.via and effect is None:
        raise CopyError(
            f"{event.via} doesn't create token copies; {describe_copy_abilities(cards[event.via])}"
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
    if card and card.layout == "transform" and not original.copies and not original.face_down:
        token = token.model_copy(update={"card": card, "transformed": original.transformed})
        if effect is not None:
            check_copyable(effect, via, token, original, board)
        board = board.explain(
            new_id,
            Explanation.of(
                f"{via} creates a token copy of {original_label(original)}, a transforming permanent: "
                "the token is "
                f"a transforming token with both faces, entering with the same face up.",
                TOKEN_COPY_DFC,
                TOKEN_OWNER,
            ),
        )
    else:
        token, board = _copy_onto(board, token, original, effect, via, event.timestamp, entering=True)
        board = board.explain(
            new_id,
            Explanation.of(
                "It is a token whose copiable values are those the copy effect defined; its creator owns it.",
                TOKEN_TEXT,
                TOKEN_OWNER,
            ),
        )
    spec = ObjectSpec(card=card.name if card else "", id=new_id, token=True, controller=event.controller)
    board, token = _enter_replacements(board, token, spec, event.timestamp)
    return board.replace(token)


def _turn_face_up(board: Board, event: Event) -> Board:
    obj = board.get(event.object_id)
    if not obj.face_down:
        return board.explain(
            obj.id, Explanation.of("It is already face up; nothing happens.", TURNED_FACE_UP), note=True
        )
    kind = obj.face_down
    obj = obj.model_copy(update={"face_down": None, "timestamp": event.timestamp})
    turning = {FaceDownKind.MORPH: ("Morph", "Megamorph"), FaceDownKind.DISGUISE: ("Disguise",)}.get(kind, ())
    if turning and not any(a.keyword in turning for a in layer_one_text(obj).main.abilities):
        board = board.explain(
            obj.id,
            Explanation.of(
                f"Face up it would have no {turning[0].lower()} cost, so its controller couldn't turn it "
                "face up as "
                "a special action; only an effect that turns it face up can.",
                NO_MORPH_COST,
            ),
            note=True,
        )
    board = board.explain(
        obj.id,
        Explanation.of(
            "It is turned face up: its copiable values revert to its normal ones — "
            f"{copiable_values(obj).name}{' (the values it copied)' if obj.copies else ''} — and effects "
            "already applied to it still apply. "
            "Abilities about entering the battlefield don't trigger.",
            TURNED_FACE_UP,
            FACE_UP_TIMESTAMP,
        ),
    )
    board, obj = _pt_setting(
        board, obj, layer_one_text(obj).main.abilities, event.timestamp, turned_face_up=True
    )
    return board.replace(obj)


def _transform(board: Board, event: Event) -> Board:
    obj = board.get(event.object_id)
    if obj.card is None or obj.card.layout != "transform" or obj.face_down:
        return board.explain(
            obj.id,
            Explanation.of(
                "It isn't a transforming double-faced card or token (or it is face down), so it can't "
                "transform; "
                "nothing happens.",
                ONLY_DFC_TRANSFORM,
            ),
            note=True,
        )
    obj = obj.model_copy(update={"transformed": not obj.transformed, "timestamp": event.timestamp})
    still = " It is still a copy: the copy effect overrides the face that's up." if obj.copies else ""
    board = board.explain(
        obj.id,
        Explanation.of(
            f"It transforms and is the same object; effects on it continue to apply.{still}",
            TRANSFORMS,
            TRANSFORM_KEEPS_EFFECTS,
            TRANSFORM_TIMESTAMP,
        ),
    )
    return board.replace(obj)
