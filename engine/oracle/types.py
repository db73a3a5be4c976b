"""Type lines split into supertypes, card types and subtypes (CR 205)."""

from __future__ import annotations

from engine.core.citations import cite
from engine.core.model import TypeLine

TYPE_LINE = cite("205.1", "It contains the card’s card type(s)")
CARD_TYPES_RULE = cite("205.2a", "The card types are artifact, battle, conspiracy, creature")
SUPERTYPES_RULE = cite("205.4a", "The supertypes are basic, legendary, ongoing, snow, and world")
TIME_LORD = cite("205.3m", "One creature type is two words long: Time Lord")
PLANAR_TYPES = cite("205.3n", "these subtypes are called planar types")

# CR 205.2a, plus "Tribal", the word Kindred replaced (2019 Oracle text still prints it).
CARD_TYPES = frozenset(
    {
        "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred",
        "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Tribal", "Vanguard",
    }
)  # fmt: skip
# CR 205.4a, plus the words Scryfall prints before the types of tokens, emblems and Un-cards.
SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Token", "Elite", "Host"})
MULTI_WORD_CREATURE_TYPES = ("Time Lord",)
_DASHES = (" — ", " - ", "—")


def parse_type_line(text: str | None) -> TypeLine:
    """Split one face's type line: ``"Legendary Creature — Time Lord Doctor"`` →
    supertypes ``("Legendary",)``, types ``("Creature",)``, subtypes ``("Time Lord", "Doctor")``.

    A plane's subtype is one planar type however many words it has (``Bolas's Meditation Realm``).
    Words left of the dash that are neither supertypes nor card types (``Emblem``) count as types.
    """
    left, right = _split_dash(text or "")
    words = left.split()
    supertypes = tuple(word for word in words if word in SUPERTYPES)
    types = tuple(word for word in words if word not in SUPERTYPES)
    if "Plane" in types:
        subtypes: tuple[str, ...] = (right,) if right else ()
    else:
        subtypes = _subtypes(right)
    return TypeLine(supertypes=supertypes, types=types, subtypes=subtypes)


def _split_dash(text: str) -> tuple[str, str]:
    for dash in _DASHES:
        if dash in text:
            left, _, right = text.partition(dash)
            return left.strip(), right.strip()
    return text.strip(), ""


def _subtypes(text: str) -> tuple[str, ...]:
    for name in MULTI_WORD_CREATURE_TYPES:
        text = text.replace(name, name.replace(" ", "\0"))
    return tuple(word.replace("\0", " ") for word in text.split())
