"""Type lines split into supertypes, card types and subtypes (CR 205)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from engine.core.citations import cite
from engine.core.messages import indefinite, listing, msg, type_words
from engine.core.model import TypeLine
from engine.core.results import Explanation
from engine.oracle.statics import ALL_CREATURE_TYPES, SUBTYPES_OF

TYPE_LINE = cite("205.1", "It contains the card’s card type(s)")
CARD_TYPES_RULE = cite("205.2a", "The card types are artifact, battle, conspiracy, creature")
SUPERTYPES_RULE = cite("205.4a", "The supertypes are basic, legendary, ongoing, snow, and world")
TIME_LORD = cite("205.3m", "One creature type is two words long: Time Lord")
PLANAR_TYPES = cite("205.3n", "these subtypes are called planar types")
SUBTYPE_LEGALITY = cite("205.3d", "can’t gain a subtype that doesn’t correspond to one of that object’s")

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
# CR 205.3k, 205.3q, 205.3j: spell types, the battle type and the planeswalker types; every other subtype
# not in SUBTYPES_OF (artifact, enchantment and land types) is a creature type (205.3m).
_SPELL_TYPES = frozenset({"Adventure", "Arcane", "Lesson", "Trap"})
_PLANESWALKER_TYPES = frozenset(
    {
        "Ajani", "Aminatou", "Angrath", "Arlinn", "Ashiok", "Bahamut", "Basri", "Bolas", "Calix", "Chandra",
        "Comet", "Dack", "Dakkon", "Daretti", "Davriel", "Dihada", "Domri", "Dovin", "Ellywick", "Elminster",
        "Elspeth", "Estrid", "Freyalise", "Garruk", "Gideon", "Grist", "Guff", "Huatli", "Jace", "Jared",
        "Jaya", "Jeska", "Kaito", "Karn", "Kasmina", "Kaya", "Kiora", "Koth", "Liliana", "Lolth", "Lukka",
        "Minsc", "Mordenkainen", "Nahiri", "Narset", "Niko", "Nissa", "Nixilis", "Oko", "Quintorius", "Ral",
        "Rowan", "Saheeli", "Samut", "Sarkhan", "Serra", "Sivitri", "Sorin", "Szat", "Tamiyo", "Tasha",
        "Teferi", "Teyo", "Tezzeret", "Tibalt", "Tyvar", "Ugin", "Urza", "Venser", "Vivien", "Vraska",
        "Vronos", "Will", "Windgrace", "Wrenn", "Xenagos", "Yanggu", "Yanling", "Zariel",
    }
)  # fmt: skip
_CREATURE_TYPE_OWNERS = frozenset({"Creature", "Kindred", "Tribal"})
_DASHES = (" — ", " - ", "—")


@lru_cache(maxsize=4096)  # pure, and type lines repeat (each face's is also read for its self-names)
def parse_type_line(text: str | None) -> TypeLine:
    """Split one face's type line: ``"Legendary Creature — Time Lord Doctor"`` →
    supertypes ``("Legendary",)``, types ``("Creature",)``, subtypes ``("Time Lord", "Doctor")``.

    A plane's subtype is one planar type however many words it has (``Bolas's Meditation Realm``).
    Words left of the dash that are neither supertypes nor card types (``Emblem``) count as types. The word
    "Token" Scryfall prints before a token's types is neither (CR 205.2a, 205.4a): being a token isn't a
    characteristic (111.1), so it is left out, and a copy of a token doesn't get it (707.2).
    """
    left, right = _split_dash(text or "")
    words = [word for word in left.split() if word != "Token"]
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


def subtype_owners(subtype: str) -> frozenset[str]:
    """The card types whose subtype ``subtype`` is (CR 205.3g-m): Forest a land's, Arcane an instant's or a
    sorcery's, Illusion (and "every creature type") a creature's or a kindred's."""
    for card_type, names in SUBTYPES_OF.items():
        if subtype in names:
            return frozenset({card_type})
    if subtype in _SPELL_TYPES:
        return frozenset({"Instant", "Sorcery"})
    if subtype == "Siege":
        return frozenset({"Battle"})
    if subtype in _PLANESWALKER_TYPES:
        return frozenset({"Planeswalker"})
    return _CREATURE_TYPE_OWNERS


def gainable_subtypes(types: Iterable[str], subtypes: Iterable[str]) -> tuple[str, ...]:
    """The ``subtypes`` an object whose card types are ``types`` can gain: each must correspond to one of
    its types (CR 205.3d; an Illusion needs Creature or Kindred, a Forest needs Land)."""
    kinds = frozenset(types)
    return tuple(s for s in subtypes if subtype_owners(s) & kinds)


def subtypes_not_gained(types: tuple[str, ...], subtypes: Iterable[str]) -> Explanation | None:
    """Why the ``subtypes`` an effect gives that an object with card types ``types`` can't have aren't
    gained (CR 205.3d), or None when it can gain them all."""
    lost = tuple(s for s in subtypes if s not in gainable_subtypes(types, (s,)))
    if not lost:
        return None
    shown = [(msg("every creature type") if s == ALL_CREATURE_TYPES else s) for s in lost]
    kinds = indefinite(type_words(types)) if types else msg("typeless")
    return Explanation.of(
        msg(
            "It doesn't gain {subtypes}: an object can't gain a subtype that doesn't correspond to one of "
            "its types, and it is {kinds}.",
            subtypes=listing(shown),
            kinds=kinds,
        ),
        SUBTYPE_LEGALITY,
    )
