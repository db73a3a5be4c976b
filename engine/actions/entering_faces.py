"""What a board says about an entering object's face and attachment, checked against its card: the face
up (712.8d, 712.8f), a flipped half (710.1), a melded permanent (712.14c), what it is attached to."""

from __future__ import annotations

from engine.core.citations import cite
from engine.core.messages import card as card_name
from engine.core.messages import listing, msg
from engine.core.model import Card
from engine.core.results import Explanation
from engine.layers.copiable import copiable_values, is_melded
from engine.layers.system import BACK_FACE_MANA_VALUE, FLIP_ALTERNATIVE, FLIP_COST_COLOR, MELDED_MANA_VALUE
from engine.state.board import (
    Board,
    BoardError,
    GameObject,
    Zone,
)

MELDED_ONE_OBJECT = cite("701.37a", "The resulting permanent is a single object represented by two cards")
MODAL_FACE_UP = cite("712.8f", "a modal double-faced permanent is on the battlefield")
FLIP_ONLY_WHEN_FLIPPED = cite("710.1b", "only if the permanent is flipped")
MELDED_ENTERS = cite("712.14c", "enter the battlefield as a single permanent with their back faces up")
FLIP_NORMAL = cite("710.1a", "The top half of a flip card contains the card’s normal name")
MELD_PAIRS = {
    "Chittering Host": cite("712.5a", "Midnight Scavengers and Graf Rats meld to form Chittering Host"),
    "Hanweir, the Writhing Township": cite("712.5b", "meld to form Hanweir, the Writhing Township"),
    "Brisela, Voice of Nightmares": cite("712.5c", "meld to form Brisela, Voice of Nightmares"),
    "Mishra, Lost to Phyrexia": cite("712.5d", "meld to form Mishra, Lost to Phyrexia"),
    "Urza, Planeswalker": cite("712.5e", "meld to form Urza, Planeswalker"),
    "Titania, Gaea Incarnate": cite("712.5f", "meld to form Titania, Gaea Incarnate"),
}
FRONT_FACE_UP = cite("712.8d", "While a double-faced permanent has its front face up")
EMBLEM_NOT_PERMANENT = cite("114.5", "An emblem is neither a card nor a permanent.")
EMBLEM_COMMAND_ZONE = cite("114.2", "puts an emblem with [ability] into the command zone")
TOKEN_CEASES = cite("111.7", "A token that’s in a zone other than the battlefield ceases to exist.")
TOKEN_LAYOUTS = ("token", "double_faced_token")  # Scryfall's layouts of token cards (CR 111.1)


def is_emblem(card: Card) -> bool:
    """Whether ``card`` is an emblem's record (Scryfall's layout ``emblem``, type line "Emblem …")."""
    return card.layout == "emblem" or "Emblem" in card.front.type_line.types


def is_token_card(card: Card) -> bool:
    """Whether ``card`` is a token's record (Scryfall's layouts ``token`` and ``double_faced_token``)."""
    return card.layout in TOKEN_LAYOUTS


def check_faces(obj: GameObject, *, copying: bool = False) -> None:
    """Only a transforming double-faced card can be transformed, only a flip card flipped (unless it enters
    ``copying`` another object), only a modal one played as its back face."""
    layout = obj.card.layout if obj.card else ""
    name = obj.card.name if obj.card else obj.id
    _check_kind(obj, copying=copying)
    if obj.transformed and layout != "transform":
        raise BoardError(
            msg(
                "{card} isn't a transforming double-faced card, so it can't be transformed.",
                card=card_name(name),
            )
        )
    # A copy keeps a flipped status that means nothing to what it copies (CR 110.5c).
    if obj.flipped and layout != "flip" and not (obj.copies or copying):
        raise BoardError(
            msg("{card} isn't a flip card, so it can't be flipped (CR 710.1).", card=card_name(name))
        )
    if obj.back_face and layout not in ("modal_dfc", "double_faced_token"):
        raise BoardError(
            msg(
                "{card} isn't a modal double-faced card or a double-faced token; face: back is for those.",
                card=card_name(name),
            )
        )
    if (obj.transformed or obj.back_face) and obj.zone is not Zone.BATTLEFIELD:
        raise BoardError(
            msg(
                "{card} has its back face up only on the battlefield or the stack (CR 712.8a).",
                card=card_name(name),
            )
        )


def _check_kind(obj: GameObject, *, copying: bool) -> None:
    """An emblem is never on a board (it is neither a card nor a permanent, and is in the command zone); a
    token's card is on the battlefield only (elsewhere it ceases to exist)."""
    card = obj.card
    if card is None:
        return
    if is_emblem(card):
        raise BoardError(
            msg(
                "{card} is an emblem: an emblem is neither a card nor a permanent and is in the command "
                "zone, which a board doesn't describe (CR 114.5, 114.2); its abilities work from there "
                "(114.4).",
                card=card_name(card.name),
            )
        )
    if is_token_card(card) and obj.zone is not Zone.BATTLEFIELD and not copying:
        raise BoardError(
            msg(
                "{card} is a token: a token in a zone other than the battlefield ceases to exist (CR 111.7), "
                "so it can't be listed in the {zone}.",
                card=card_name(card.name),
                zone=obj.zone.value,
            )
        )


def face_up(obj: GameObject) -> Explanation | None:
    """Why the face that's up of a double-faced, melded or flipped permanent gives it these values."""
    card = obj.card
    if card is None or obj.face_down:
        return None
    if obj.back_face and card.layout == "double_faced_token":
        return Explanation.of(
            msg(
                "It is a double-faced token with its back face ({face}) up: it has only that face's "
                "characteristics.",
                face=card_name(card.faces[-1].name),
            ),
            FRONT_FACE_UP,
        )
    if obj.back_face:
        return Explanation.of(
            msg(
                "It is a modal double-faced card with its back face up: it has only that face's "
                "characteristics, its mana value included."
            ),
            MODAL_FACE_UP,
        )
    if obj.transformed:
        front = card.faces[0]
        return Explanation.of(
            msg(
                "Its back face ({face}) is up: it has only that face's characteristics, but its mana value "
                "is calculated from its front face's mana cost ({cost}).",
                face=card_name(card.faces[1].name),
                cost="".join(front.mana_cost),
            ),
            BACK_FACE_MANA_VALUE,
        )
    if card.layout == "flip" and len(card.faces) > 1:
        return _flip_face(card, flipped=obj.flipped)
    if is_melded(card):
        return _melded_face(card)
    if card.layout == "double_faced_token" and len(card.faces) > 1:
        return Explanation.of(
            msg(
                "It is a double-faced token with its front face ({face}) up: it has only that face's "
                "characteristics (for its other face, {other}, give face: back).",
                face=card_name(card.faces[0].name),
                other=card_name(card.faces[1].name),
            ),
            FRONT_FACE_UP,
        )
    if card.layout in ("transform", "modal_dfc", "meld") and len(card.faces) > 1:
        return Explanation.of(
            msg(
                "Its front face ({face}) is up: it has only that face's characteristics.",
                face=card_name(card.faces[0].name),
            ),
            FRONT_FACE_UP,
        )
    return None


def _flip_face(card: Card, *, flipped: bool) -> Explanation:
    if flipped:
        return Explanation.of(
            msg(
                "It is flipped: {face}'s name, text, type line, power and toughness apply instead; its mana "
                "cost and color don't change.",
                face=card_name(card.faces[1].name),
            ),
            FLIP_ALTERNATIVE,
            FLIP_COST_COLOR,
        )
    return Explanation.of(
        msg(
            "It is an unflipped flip card: it has its normal characteristics ({normal}); the alternative "
            "ones ({alternative}) would apply only while it is flipped.",
            normal=card_name(card.faces[0].name),
            alternative=card_name(card.faces[1].name),
        ),
        FLIP_NORMAL,
        FLIP_ONLY_WHEN_FLIPPED,
    )


def _melded_face(card: Card) -> Explanation:
    pair = (
        listing([card_name(part) for part in card.meld_parts])
        if card.meld_parts
        else msg("its two meld cards")
    )
    return Explanation.of(
        msg(
            "It is a melded permanent: {pair} melded into one object represented by two cards, back faces "
            "up. It has only the combined back face's characteristics, and its mana value is the sum of its "
            "front faces' mana values.",
            pair=pair,
        ),
        MELDED_ONE_OBJECT,
        MELDED_ENTERS,
        *((MELD_PAIRS[card.name],) if card.name in MELD_PAIRS else ()),
        MELDED_MANA_VALUE,
    )


def check_attachment(obj: GameObject, board: Board) -> None:
    """``attached_to`` must name a permanent, and only an Aura, Equipment or Fortification is attached."""
    if obj.attached_to is None:
        return
    host = board.get(obj.attached_to)
    if host.zone is not Zone.BATTLEFIELD:
        raise BoardError(
            msg(
                "{card} can't be attached to {host}, which isn't on the battlefield.",
                card=card_name(obj.id),
                host=card_name(host.id),
            )
        )
    values = copiable_values(obj)
    if not {"Aura", "Equipment", "Fortification"} & set(values.subtypes):
        raise BoardError(
            msg(
                "{card} ({name}) isn't an Aura, Equipment or Fortification, so it can't be attached to a "
                "permanent.",
                card=card_name(obj.id),
                name=card_name(values.name) if values.name else msg("a face-down permanent"),
            )
        )
