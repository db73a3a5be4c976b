"""Tokens an action creates: a copy of an object or of a card exiled with one (CR 707.5, 707.8a, 111.12),
or one whose characteristics the effect or the rules define (CR 111.3, 111.10)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.actions.as_enters import enter_replacements
from engine.actions.copying import apply_random_result, copy_onto
from engine.actions.imprint import exiled_with
from engine.actions.merging import copied_merge_step
from engine.actions.refusals import copy_abilities, handle_used
from engine.actions.token_faces import with_excepted_faces
from engine.actions.zones import Apply, copy_original
from engine.copy.effects import (
    BACK_FACE_COPY,
    COPIABLE,
    TOKEN_TEXT,
    CopyError,
    card_copy_effect,
    check_copyable,
    original_param,
    status_as_copy,
)
from engine.core.characteristics import GameAbility
from engine.core.citations import cite
from engine.core.effects import EffectKind, EffectSpec
from engine.core.messages import Param, msg, type_words
from engine.core.messages import card as card_name
from engine.core.model import Card, CopyEffect, CopyScope, ExceptionKind
from engine.core.results import Explanation
from engine.layers.copiable import layer_one_text
from engine.oracle.types import gainable_subtypes
from engine.state.actions import CreateTokenAction, CreateTokenCopyAction
from engine.state.board import Board, BoardError, Event, GameObject, ObjectSpec, TimedEffect
from engine.state.tokens import PREDEFINED_TOKENS, TOKEN_DEFINED_TEXT, TOKEN_NAME, TokenSpec, token_card

TOKEN_COPY_DFC = cite(
    "707.8a", "the resulting token is a transforming token that has both a front face and a back face"
)
NO_TOKEN_OF_NOTHING = cite("111.12", "a copy of a nonexistent object, no token is created")
TOKEN_OWNER = cite("111.2", "The player who creates a token is its owner")
NO_SPELL_TOKEN = cite(
    "111.5", "create a token that is a copy of an instant or sorcery card, no token is created"
)

_TOKEN_SCOPES = (CopyScope.TOKEN_COPY,)


def create_token_copy(board: Board, event: Event, cards: Mapping[str, Card], apply: Apply) -> Board:
    """``create_token_copy``: a token that is a copy of an object, or of the card exiled with one (CR 707.5,
    111.12); ``apply`` applies the events that rebuild an original as it last existed (``apply_event``)."""
    action = event.action
    if not isinstance(action, CreateTokenCopyAction):
        raise ValueError(f"a {event.kind.value} event creates no token copy")
    of = action.of or ""
    if action.exiled_with is not None:
        # Only cards its linked ability exiled are "exiled with" it (CR 607.2a, 707.7, 607.5).
        source = board.get(action.exiled_with) if board.has(action.exiled_with) else None
        exiled = list(exiled_with(board, source)) if source else []
        if not exiled:
            return board.explain(
                action.exiled_with,
                Explanation.of(
                    msg(
                        "No card has been exiled with it, so the token would be a copy of a nonexistent "
                        "object: no token is created."
                    ),
                    NO_TOKEN_OF_NOTHING,
                ),
            )
        of = exiled[-1].id
    new_id = action.new_id or f"token of {of}"
    if board.has(new_id):
        raise BoardError(handle_used(new_id))
    effect = card_copy_effect(cards[action.via], _TOKEN_SCOPES) if action.via else None
    board, found = copy_original(board, of, new_id, effect, apply, cards)
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
    if action.via and effect is None:
        raise CopyError(
            msg(
                "{card} doesn't create token copies; {abilities}",
                card=card_name(action.via),
                abilities=copy_abilities(cards[action.via]),
            )
        )
    via = action.via_name(cards[action.via]) if action.via else "an effect"
    token = GameObject(
        id=new_id,
        card=None,
        owner=action.controller,
        controller=action.controller,
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
                    via=card_name(action.via) if action.via else msg("an effect"),
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
        token, board = copy_onto(
            board, token, original, effect, via, event.timestamp, entering=True, mana_spent=action.stack_mana
        )
        board = copied_merge_step(board, token, original)
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
    board, token = apply_random_result(board, token, effect, via, action.random_result)
    spec = ObjectSpec(card=card.name if card else "", id=new_id, token=True, controller=action.controller)
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


def create_token(board: Board, event: Event) -> Board:
    """A token with exactly the characteristics the creating effect defines (CR 111.3, 111.4)."""
    action = event.action
    if not isinstance(action, CreateTokenAction):
        raise ValueError(f"a {event.kind.value} event creates no token")
    if board.has(action.new_id):
        raise BoardError(handle_used(action.new_id))
    _check_token_subtypes(action.token)
    card = token_card(action.token)
    token = GameObject(
        id=action.new_id,
        card=card,
        owner=action.controller,
        controller=action.controller,
        timestamp=event.timestamp,
        token=True,
    )
    named = (
        msg("the effect names it")
        if action.token.name
        else msg("the effect doesn't name it, so its name is its subtypes plus the word Token")
    )
    predefined = PREDEFINED_TOKENS.get(action.token.predefined or "")
    defined_by = (
        msg("the rules define a {kind} token", kind=action.token.predefined or "")
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
