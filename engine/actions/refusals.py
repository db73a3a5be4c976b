"""The messages of copies a board asks for that a card can't make, and of handles used twice."""

from __future__ import annotations

from engine.core.messages import Message, msg, semicolon_series
from engine.core.messages import card as card_name
from engine.core.model import Card, CopyScope


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
