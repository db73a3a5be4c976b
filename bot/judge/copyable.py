"""What a copier can copy, read from its Oracle text, for the autocomplete of ``/copy``'s original.

Clone says "a copy of any creature", Copy Artifact "a copy of any artifact", Phyrexian Metamorph "a copy
of any artifact or creature", Vesuva "a copy of any land", and a copier of "a permanent" takes any of
the permanent types. The type words after each "copy of" (past articles, "target", "another" and
restrictions such as "nonlegendary") are what it copies; a name is offered when its card's type line has
one of them. A copier whose text names no type ("a copy of it", "that creature card"), or a name the
cache can't settle, leaves the names unfiltered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from bot.judge.limits import LIMITS
from data.cards.errors import CardLookupError
from data.cards.repository import NameEntry

if TYPE_CHECKING:
    from bot.judge.judge import Judge
    from data.cards.service import CardService

PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})
COPIED_TYPES = PERMANENT_TYPES | {"permanent", "instant", "sorcery", "equipment", "aura", "vehicle"}
"""The words after "copy of" that name what is copied (card types, and subtypes copiers name)."""
_BETWEEN = frozenset(
    {"a", "an", "any", "another", "target", "enchanted", "equipped", "or", "and/or", "and", "other", "one"}
    | {"legendary", "basic", "snow", "tapped", "untapped"}
)
"""Words that may stand between "copy of" and the types, or between the types."""
_COPY_OF = re.compile(r"\bcopy of ([^.;:()]*)", re.IGNORECASE)
_WORD = re.compile(r"[\w/'-]+")


def copied_types(oracle_texts: Iterable[str]) -> frozenset[str] | None:
    """The type words of what a card with these Oracle texts (one a face) copies; None when its text
    names none."""
    found: set[str] = set()
    for text in oracle_texts:
        for copied in _COPY_OF.finditer(text):
            for word in _WORD.findall(copied.group(1).casefold()):
                singular = word.removesuffix("s")
                if singular in COPIED_TYPES:
                    found.add(singular)
                elif word not in _BETWEEN and not word.startswith("non"):
                    break
    if not found:
        return None
    return (PERMANENT_TYPES | (found - {"permanent"})) if "permanent" in found else frozenset(found)


def of_types(types: frozenset[str]) -> Callable[[NameEntry], bool]:
    """Whether a name's card has one of ``types`` among the words of its type line."""

    def keep(entry: NameEntry) -> bool:
        return not types.isdisjoint(_WORD.findall(entry.type_line.casefold()))

    return keep


async def complete_copyable_names(judge: Judge, copier: str, text: str) -> list[str]:
    """At most 25 card names for autocomplete, as ``Judge.complete_card_names``, of only the cards
    ``copier`` (as typed) can copy when the cache settles which card it is and its text says."""
    return await judge.complete_copyable_names(copier, text)


def copyable_names(cards: CardService, copier: str, typed: str) -> list[str]:
    """On the Judge's worker: the names completing ``typed`` (at most ``LIMITS.autocomplete_results``)
    of the cards ``copier`` can copy, or of any card when the cache can't settle ``copier`` or its text
    names no type."""
    keep = None
    try:
        lookup = cards.look_up_locally(copier[: LIMITS.card_name])
    except CardLookupError:
        lookup = None
    if lookup is not None and lookup.resolution is not None:
        types = copied_types(lookup.resolution.card.oracle_texts)
        keep = of_types(types) if types is not None else None
    return cards.resolver.complete(typed, LIMITS.autocomplete_results, keep)
