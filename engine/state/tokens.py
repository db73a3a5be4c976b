"""Tokens whose characteristics a spell or ability defines (CR 111.3, 111.4), as a card-like object.

"Create a 1/1 green Saproling creature token" defines the token's "text": the values given are its
copiable values and it has no other characteristics (no mana cost, no rules text beyond the abilities
named). :func:`token_card` turns such a definition into a :class:`~engine.core.model.Card` so the layer
system reads a token the same way it reads a card.
"""

from __future__ import annotations

from engine.core.citations import Citation, cite
from engine.core.model import Ability, AbilityKind, Card, Face, Frozen, PrintedNumber, TypeLine
from engine.oracle.abilities import sentence_ability
from engine.oracle.text import SelfNames

TOKEN_DEFINED_TEXT = cite("111.3", "This becomes the token’s “text.”")
TOKEN_NAME = cite("111.4", "its name is the same as its subtype(s) plus the word “Token.”")
TOKEN_LAYOUT = "token"


class TokenSpec(Frozen):
    """What the creating effect says about the token; ``name`` None when the effect doesn't name it."""

    predefined: str | None = None  # a token the rules define, by kind ("Treasure", "Monster Role"; CR 111.10)
    name: str | None = None
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ("Creature",)
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()  # Scryfall letters
    power: int | None = None
    toughness: int | None = None
    abilities: tuple[str, ...] = ()  # keyword abilities as named ("Trample", "Haste"), or whole abilities

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
            _ability(index, text, spec.token_name) for index, text in enumerate(spec.abilities, start=1)
        ),
    )
    return Card(
        key=f"token:{spec.token_name.casefold()}", name=spec.token_name, layout=TOKEN_LAYOUT, faces=(face,)
    )


def _number(value: int | None) -> PrintedNumber | None:
    return None if value is None else PrintedNumber(printed=str(value), value=value)


def _ability(index: int, text: str, name: str) -> Ability:
    """A keyword as named ("Trample", "Enchant creature", "Ward {1}"), or a whole ability written as a
    sentence ("{T}, Sacrifice this artifact: …"), classified like Oracle text."""
    if text.endswith((".", '"')):  # keywords as named ("First strike") have no period
        return sentence_ability(index, text, SelfNames(full=(name,), short=()))
    # "Enchant creature", "Ward {1}": keyword and parameter; "First strike" is one keyword.
    split = text.startswith("Enchant ") or text.rpartition(" ")[2].startswith("{")
    keyword, _, parameter = text.partition(" ") if split else (text, "", "")
    return Ability(
        index=index,
        text=text,
        rules_text=text,
        kind=AbilityKind.KEYWORD,
        paragraph=index,
        keyword=keyword,
        keyword_parameter=parameter or None,
    )


def _role(letter: str, name: str, *abilities: str) -> tuple[str, Citation, TokenSpec]:
    spec = TokenSpec(
        predefined=f"{name} Role",
        name=name,
        types=("Enchantment",),
        subtypes=("Aura", "Role"),
        abilities=("Enchant creature", *abilities),
    )
    return f"{name} Role", cite(f"111.10{letter}", f"A {name} Role token is a colorless Aura Role"), spec


def _artifact(letter: str, kind: str, ability: str, article: str = "A") -> tuple[str, Citation, TokenSpec]:
    spec = TokenSpec(predefined=kind, types=("Artifact",), subtypes=(kind,), abilities=(ability,))
    return kind, cite(f"111.10{letter}", f"{article} {kind} token is a colorless {kind} artifact token"), spec


PREDEFINED_TOKENS: dict[str, tuple[Citation, TokenSpec]] = {
    kind: (citation, spec)
    for kind, citation, spec in (
        _artifact("a", "Treasure", "{T}, Sacrifice this artifact: Add one mana of any color."),
        _artifact("b", "Food", "{2}, {T}, Sacrifice this artifact: You gain 3 life."),
        _artifact("c", "Gold", "Sacrifice this artifact: Add one mana of any color."),
        (
            "Walker",
            cite("111.10d", "A Walker token is a 2/2 black Zombie creature token named Walker"),
            TokenSpec(
                predefined="Walker", name="Walker", subtypes=("Zombie",), colors=("B",), power=2, toughness=2
            ),
        ),
        (
            "Shard",
            cite("111.10e", "A Shard token is a colorless Shard enchantment token"),
            TokenSpec(
                predefined="Shard",
                types=("Enchantment",),
                subtypes=("Shard",),
                abilities=("{2}, Sacrifice this enchantment: Scry 1, then draw a card.",),
            ),
        ),
        _artifact("f", "Clue", "{2}, Sacrifice this artifact: Draw a card."),
        _artifact("g", "Blood", "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."),
        _artifact("h", "Powerstone", "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."),
        _role("j", "Cursed", "Enchanted creature has base power and toughness 1/1."),
        _role("k", "Monster", "Enchanted creature gets +1/+1 and has trample."),
        _role("m", "Royal", "Enchanted creature gets +1/+1 and has ward {1}."),
        _role(
            "n", "Sorcerer", 'Enchanted creature gets +1/+1 and has "Whenever this creature attacks, scry 1."'
        ),
        _role("p", "Virtuous", "Enchanted creature gets +1/+1 for each enchantment you control."),
        _role(
            "q",
            "Wicked",
            "Enchanted creature gets +1/+1.",
            "When this Aura is put into a graveyard from the battlefield, each opponent loses 1 life.",
        ),
        _role(
            "r",
            "Young Hero",
            'Enchanted creature has "Whenever this creature attacks, if its toughness is 3 or less, put a '
            '+1/+1 counter on it."',
        ),
        _artifact(
            "s",
            "Map",
            "{1}, {T}, Sacrifice this artifact: Target creature you control explores. Activate only as a "
            "sorcery.",
        ),
        _artifact(
            "t",
            "Junk",
            "{T}, Sacrifice this artifact: Exile the top card of your library. You may play that card this "
            "turn. Activate only as a sorcery.",
        ),
    )
}
"""The tokens the rules define by kind (CR 111.10), with the rule that defines each. The Incubator
(111.10i), a transforming double-faced token, is not among them."""
