"""Which face of a double-faced spell is up on the stack (CR 712.8b, 712.8c, 712.8f, 712.11).

A copy of a spell has the same face up as the original, so the spell-copy answers state it too.
"""

from __future__ import annotations

from engine.core.characteristics import mana_value_of
from engine.core.citations import cite
from engine.core.messages import card as card_name
from engine.core.messages import msg
from engine.core.results import Explanation
from engine.stack.items import CEASES, StackSpell

MELD_ON_STACK = cite("712.8b", "A meld card on the stack has only the characteristics of its front face")
TDFC_ON_STACK = cite("712.8c", "a transforming double-faced spell has its front face up while on the stack")
CAST_TRANSFORMED = cite("712.11a", "it’s put on the stack with its back face up")
CAST_FRONT_BY_DEFAULT = cite("712.11", "A double-faced spell is cast with its front face up by default")
MODAL_CHOSEN_FACE = cite("712.11b", "chooses which face they are casting before putting it onto the stack")
ADVENTURE_ON_STACK = cite("715.3b", "While on the stack as an Adventure, the spell has only its alternative")
ADVENTURE_COPIED = cite("715.3c", "If an Adventure spell is copied, the copy is also an Adventure")
ADVENTURE_EXILED = cite("715.3d", "Instead of putting a spell that was cast as an Adventure into its owner")
MODAL_FACE_UP = cite("712.8f", "While a modal double-faced spell is on the stack")


def spell_face_explanation(spell: StackSpell) -> Explanation | None:
    """Which face of a double-faced spell is up on the stack, and so which characteristics it has."""
    card = spell.card
    if card.layout == "meld":
        return Explanation.of(
            msg(
                "A meld card on the stack has only its front face's characteristics ({face}).",
                face=card_name(card.front.name),
            ),
            MELD_ON_STACK,
        )
    if card.layout == "adventure" and spell.back_face_up and len(card.faces) > 1:
        return Explanation.of(
            msg(
                "It was cast as an Adventure: on the stack it has only the Adventure's characteristics "
                "({face}, mana value {value}), and a copy of it is an Adventure too; as the spell cast as an "
                "Adventure resolves, its card is exiled instead of put into its owner's graveyard, while a "
                "copy, which has no card, ceases to exist.",
                face=card_name(card.faces[1].name),
                value=mana_value_of(card.faces[1].mana_cost),
            ),
            ADVENTURE_ON_STACK,
            ADVENTURE_COPIED,
            ADVENTURE_EXILED,
            CEASES,
        )
    if card.layout == "modal_dfc" and len(card.faces) > 1:
        face = card.faces[1] if spell.back_face_up else card.faces[0]
        return Explanation.of(
            msg(
                "Its caster chose the face to cast: {face} is up, and the spell has only that face's "
                "characteristics, its mana value included ({value}).",
                face=card_name(face.name),
                value=mana_value_of(face.mana_cost),
            ),
            MODAL_CHOSEN_FACE,
            MODAL_FACE_UP,
        )
    if card.layout != "transform" or len(card.faces) < 2:
        return None
    if spell.back_face_up:
        return Explanation.of(
            msg(
                "It was cast transformed, so it is on the stack with its back face ({face}) up and has only "
                "that face's characteristics; its mana value is that of its front face's mana cost.",
                face=card_name(card.faces[1].name),
            ),
            CAST_TRANSFORMED,
            TDFC_ON_STACK,
        )
    return Explanation.of(
        msg(
            "A transforming double-faced spell is cast with its front face ({face}) up and has only that "
            "face's characteristics.",
            face=card_name(card.front.name),
        ),
        CAST_FRONT_BY_DEFAULT,
        TDFC_ON_STACK,
    )
