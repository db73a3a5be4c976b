"""Whom a static ability affects (CR 604, 613.1): the subject of its wording as a :class:`Subject` ("Other
Elf creatures you control", "Enchanted creature", "Creatures blocking ~"), what an unread subject names
(:func:`named_subject`), and what an Enchant keyword's quality asks of its object (CR 303.4a).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.core.characteristics import CARD_TYPE_WORDS, COLOR_NAMES
from engine.core.model import SELF, Frozen
from engine.oracle.text import without_quotes

# Color words as Oracle text writes them, to Scryfall letters ("white" -> "W").
COLOR_WORDS = {name: letter for letter, name in COLOR_NAMES.items()}
VERBS = frozenset(
    [
        "gets",
        "get",
        "has",
        "have",
        "loses",
        "lose",
        "is",
        "are",
        "can't",
        "can",
        "attacks",
        "attack",
        "blocks",
        "block",
        "must",
        "doesn't",
        "don't",
        "assigns",
        "deals",
        "gains",
        "gain",
        "becomes",
        "become",
    ]
)
"""The verbs a static ability's predicate starts with: the words before the first are its subject."""
_ADJECTIVES = frozenset(
    [
        "Attacking",
        "Blocking",
        "Tapped",
        "Untapped",
        "Legendary",
        "Snow",
        "Basic",
        "Enchanted",
        "Equipped",
        "Unblocked",
        "Multicolored",
        "Monocolored",
        "Colorless",
        "Modified",
        "Historic",
        "Outlaw",
    ]
)
PLURALS = {
    "elves": "Elf",
    "dwarves": "Dwarf",
    "wolves": "Wolf",
    "werewolves": "Werewolf",
    "merfolk": "Merfolk",
    "plains": "Plains",
}
"""Plural subtype words that aren't the subtype plus "s", to their subtype."""
# "Nonbasic lands", "Legendary creatures", "Snow lands": supertypes a subject can require or exclude.
_SUPERTYPE_WORDS = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow"}
_COMBAT = ("attacking", "blocking")
_TYPE_NOUNS = {
    "creature": "Creature",
    "permanent": None,
    "artifact": "Artifact",
    "land": "Land",
    "enchantment": "Enchantment",
    "planeswalker": "Planeswalker",
}


class Subject(Frozen):
    """Whom a static ability affects: the permanent it's attached to, or every permanent that qualifies."""

    attached: str | None = None  # "Equipment" / "Aura" / "Fortification": the object it's attached to
    other: bool = False  # "Other …": not the source itself
    types: tuple[str, ...] = ()  # card types the object must have ("Creature")
    not_types: tuple[str, ...] = ()  # "noncreature"
    not_subtypes: tuple[str, ...] = ()  # "non-Aura"
    supertypes: tuple[str, ...] = ()  # "Basic lands", "Legendary creatures"
    not_supertypes: tuple[str, ...] = ()  # "Nonbasic lands"
    subtypes: tuple[str, ...] = ()  # any of these ("Elf creatures", "Merfolk")
    chosen_subtype: bool = False  # "of the chosen type" (the source's "creature type" choice)
    colors: tuple[str, ...] = ()  # Scryfall letters the object must have ("White creatures")
    controller: str | None = None  # "you" / "opponents": relative to the source's controller
    token: bool | None = None  # "creature tokens" / "nontoken creatures"
    everywhere: bool = False  # "All cards that aren't on the battlefield, spells, and permanents": every zone
    itself: bool = False  # "~ has trample as long as …": only the object with the ability
    combat: str | None = None  # "Attacking creatures …": only while attacking / blocking (never on a board)
    # "controlled by players who chose war": the object's controller made this choice for the source
    controller_chose: str = ""
    no_abilities: bool = False  # "Creatures with no abilities" (Muraganda Petroglyphs): read after layer 6


# "creatures attacking you", "Creatures blocking or blocked by ~": subjects that exist only in combat.
_COMBAT_TAILS: dict[str, dict[str, object]] = {
    "attacking you": {"combat": "attacking", "controller": "opponents"},
    f"blocking or blocked by {SELF}": {"combat": "blocking or blocked", "other": True},
    f"blocking {SELF}": {"combat": "blocking", "other": True},
    f"blocked by {SELF}": {"combat": "blocked", "other": True},
}  # a creature never blocks itself: the ones blocking or blocked by ~ are other creatures
_COMBAT_TAIL = re.compile(rf"^(?P<rest>\S.*?) (?P<tail>{'|'.join(map(re.escape, _COMBAT_TAILS))})$")
# "creature you control that's a Wolf or a Werewolf", "that's a Barbarian, a Warrior, or a Berserker".
_THATS_A = re.compile(r"^(?P<rest>\S.*?) that's (?P<list>an? [A-Z][\w-]*(?:,? (?:or )?an? [A-Z][\w-]*)*)$")
# "Creatures controlled by players who chose war" (Archangel of Strife: each player chose, CR 614.1c).
_CONTROLLER_CHOSE = re.compile(r"^(?P<rest>\S.*?) controlled by players who chose (?P<choice>[a-z]+)$")
_CONTROLLER_PHRASES = (
    (" you control of the chosen type", "you", True),
    (" you control", "you", False),
    (" your team controls", "you", False),  # a board's players have no teammates (CR 810.1)
    (" your opponents control", "opponents", False),
    (" of the chosen type", None, True),  # "All creatures of the chosen type" (Engineered Plague)
)


_WITH_NO_ABILITIES = " with no abilities"


def subject_of(words: list[str]) -> Subject | None:
    """The qualifiers of a global subject, or None when a word isn't understood ("Attacking creatures")."""
    if words[0].casefold() in ("all", "each"):
        words = words[1:]
    tail = " ".join(words)
    in_combat = _COMBAT_TAIL.match(tail)
    if in_combat:
        found = subject_of(in_combat["rest"].split(" "))
        return found.model_copy(update=_COMBAT_TAILS[in_combat["tail"]]) if found else None
    any_of = _THATS_A.match(tail)
    if any_of:
        found = subject_of(any_of["rest"].split(" "))
        subtypes = tuple(re.findall(r"\ban? ([A-Z][\w-]*)", any_of["list"]))
        return found.model_copy(update={"subtypes": subtypes}) if found and not found.subtypes else None
    if " and all " in tail:
        # "All Forests and all Saprolings": objects of either subtype, when each side names only subtypes.
        sides = [subject_of(side.split(" ")) for side in tail.split(" and all ")]
        only_subtypes = all(side is not None and side == Subject(subtypes=side.subtypes) for side in sides)
        subtypes = tuple(s for side in sides if side is not None for s in side.subtypes)
        return Subject(subtypes=subtypes) if only_subtypes and subtypes else None
    chose = _CONTROLLER_CHOSE.match(tail)
    if chose:
        found = subject_of(chose["rest"].split(" "))
        return found.model_copy(update={"controller_chose": chose["choice"]}) if found else None
    subject = Subject()
    if tail.endswith(_WITH_NO_ABILITIES):
        subject, tail = Subject(no_abilities=True), tail.removesuffix(_WITH_NO_ABILITIES)
    for phrase, controller, chosen in _CONTROLLER_PHRASES:
        if tail.endswith(phrase):
            subject = subject.model_copy(update={"controller": controller, "chosen_subtype": chosen})
            tail = tail.removesuffix(phrase)
            break
    words = tail.split(" ") if tail else []
    if words and words[0].casefold() == "other":
        subject = subject.model_copy(update={"other": True})
        words = words[1:]
    if not words:
        return None
    for position, word in enumerate(words):
        qualified = _qualified(subject, word, last=position == len(words) - 1)
        if qualified is None:
            return None
        subject = qualified
    return subject


def _qualified(subject: Subject, word: str, *, last: bool) -> Subject | None:
    """``subject`` narrowed by one more word; None when it isn't a word a subject can be made of."""
    lowered = word.casefold()
    singular = singular_form(lowered)
    negated = singular_form(lowered[3:]) if lowered.startswith("non") else ""
    update: dict[str, object]
    if lowered in COLOR_WORDS:
        update = {"colors": (*subject.colors, COLOR_WORDS[lowered])}
    elif lowered in _SUPERTYPE_WORDS and not last:
        update = {"supertypes": (*subject.supertypes, _SUPERTYPE_WORDS[lowered])}
    elif lowered.startswith("non") and lowered[3:] in _SUPERTYPE_WORDS and not last:
        update = {"not_supertypes": (*subject.not_supertypes, _SUPERTYPE_WORDS[lowered[3:]])}
    elif singular in _TYPE_NOUNS:
        card_type = _TYPE_NOUNS[singular]
        update = {"types": (*subject.types, card_type)} if card_type else {}
    elif negated in _TYPE_NOUNS and not last:
        update = {"not_types": (*subject.not_types, _TYPE_NOUNS[negated] or "")}
    elif lowered.startswith("non-") and not last:
        update = {"not_subtypes": (*subject.not_subtypes, word[4:])}
    elif lowered in _COMBAT and subject.combat in (None, "attacking"):
        update = {"combat": lowered}
    elif lowered == "unblocked" and subject.combat is None:
        update = {"combat": "attacking"}  # only attacking creatures are unblocked (CR 509.1h)
    elif singular == "token" or lowered == "nontoken":
        update = {"token": singular == "token"}
    elif (
        word[:1].isupper() and word.isalpha() and singular not in CARD_TYPE_WORDS and _could_be_subtype(word)
    ):
        subtype = PLURALS.get(lowered, word[:-1] if last and word.endswith("s") else word)
        update = {"subtypes": (*subject.subtypes, subtype)}
    else:
        return None
    return subject.model_copy(update=update)


def _could_be_subtype(word: str) -> bool:
    """Capitalised words that start a sentence but aren't subtypes ("Attacking creatures", "Nonwhite …")."""
    return word not in _ADJECTIVES and not word.startswith("Non")


def singular_form(word: str) -> str:
    """A casefolded plural noun's singular by its ending ("creatures" → "creature", not "glass")."""
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


class NamedSubject(Frozen):
    """What the subject of a static wording :func:`parse_static` doesn't understand names (the words before
    its verb), for telling which objects it could affect."""

    theirs: bool  # "your opponents control" / "an opponent controls"
    yours: bool  # "you control"
    other: bool  # "other"
    not_types: frozenset[str]  # card types of its "non…" words ("noncreature")
    types: frozenset[str]  # card types it names
    subtypes: frozenset[str]  # the forms of the subtypes it names ("Saprolings", "Saproling")


def named_subject(text: str) -> NamedSubject:
    """The controller, "other", card types and subtypes the subject of ``text`` names."""
    words = without_quotes(text).replace(",", "").split(" ")
    verb_at = next((i for i, word in enumerate(words) if word in VERBS), len(words))
    subject = words[:verb_at]
    lowered = [word.casefold() for word in subject]
    phrase = f" {' '.join(lowered)} "
    subtypes = {
        form
        for w in subject
        if _names_a_subtype(w)
        for form in (w, w.removesuffix("s"), PLURALS.get(w.casefold()))
    }
    return NamedSubject(
        theirs=" opponents control " in phrase or " opponent controls " in phrase,
        yours=" you control " in phrase,
        other="other" in lowered,
        not_types=frozenset(_named_types(word[3:] for word in lowered if word.startswith("non"))),
        types=frozenset(_named_types(lowered)),
        subtypes=frozenset(s for s in subtypes if s),
    )


def _named_types(words: Iterable[str]) -> set[str]:
    return {card_type for word in words if (card_type := _TYPE_NOUNS.get(singular_form(word)))}


def _names_a_subtype(word: str) -> bool:
    return (
        word[:1].isupper()
        and word.isalpha()
        and word.casefold() not in ("all", "each", "other", *CARD_TYPE_WORDS, *(f"{t}s" for t in _TYPE_NOUNS))
        and _could_be_subtype(word)
    )


class EnchantQuality(Frozen):
    """What an Enchant keyword's quality ("creature you control", "Forest") asks of the enchanted object."""

    type_word: str  # its first word, singular and casefolded ("creature")
    known: bool  # that word is a card type, "permanent", "Equipment" or "Aura" (else a host can't be checked)
    yours: bool  # "… you control"


def enchant_quality_of(quality: str) -> EnchantQuality:
    """The parts of an Enchant quality the attachment rules check (CR 303.4a)."""
    first = quality.split(" ")[0].casefold()
    return EnchantQuality(
        type_word=singular_form(first),
        known=first in (*_TYPE_NOUNS, "equipment", "aura"),
        yours=quality.endswith(" you control"),
    )
