"""Tokens whose characteristics a spell or ability defines (CR 111.3, 111.4), as a card-like object.

"Create a 1/1 green Saproling creature token" defines the token's "text": the values given are its
copiable values and it has no other characteristics (no mana cost, no rules text beyond the abilities
named). :func:`token_card` turns such a definition into a :class:`~engine.model.Card` so the layer
system reads a token the same way it reads a card.
"""

from __future__ import annotations

from engine.citations import cite
from engine.model import Ability, AbilityKind, Card, Face, Frozen, PrintedNumber, TypeLine

TOKEN_DEFINED_TEXT = cite("111.3", "This becomes the token’s “text.”")
TOKEN_NAME = cite("111.4", "its name is the same as its subtype(s) plus the word “Token.”")
TOKEN_LAYOUT = "token"


class TokenSpec(Frozen):
    """What the creating effect says about the token; ``name`` None when the effect doesn't name it."""

    name: str | None = None
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ("Creature",)
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()  # Scryfall letters
    power: int | None = None
    toughness: int | None = None
    abilities: tuple[str, ...] = ()  # keyword abilities as named ("Trample", "Haste")

    @property
    def token_name(self) -> str:
        """The name the effect gives, or its subtypes plus the word "Token" (CR 111.4)."""
        return self.name or " ".join((*self.subtypes, "Token"))


def token_card(spec: TokenSpec) -> Card:
    """A card-like object with exactly the characteristics ``spec`` defines (CR 111.3)."""
    face = Face(
        name=spec.token_name,
        colors=spec.colors,
        type_line=TypeLine(supertypes=spec.supertypes, types=spec.types, subtypes=spec.subtypes),
        power=_number(spec.power),
        toughness=_number(spec.toughness),
        oracle_text="\n".join(spec.abilities),
        abilities=tuple(
            Ability(
                index=index,
                text=keyword,
                rules_text=keyword,
                kind=AbilityKind.KEYWORD,
                paragraph=index,
                keyword=keyword,
            )
            for index, keyword in enumerate(spec.abilities, start=1)
        ),
    )
    return Card(
        key=f"token:{spec.token_name.casefold()}", name=spec.token_name, layout=TOKEN_LAYOUT, faces=(face,)
    )


def _number(value: int | None) -> PrintedNumber | None:
    return None if value is None else PrintedNumber(printed=str(value), value=value)
