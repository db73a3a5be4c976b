"""Whole-corpus figures for the Oracle parser: failures, ability kinds, unclassified abilities and
cards that mention "copy of" without yielding a copy effect (each with the reason, when one applies)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.model import AbilityKind, Card, Frozen
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from engine.oracle.text import unquoted

_COPY_OF = re.compile(r"\bcop(?:y|ies) of\b", re.IGNORECASE)
QUOTED_ONLY = (
    "every copy instruction is inside a quoted ability the card grants to another object; it is that "
    "object's ability, not this card's"
)


class CopyMiss(Frozen):
    """A card whose text says "copy of" but which yields no copy effect."""

    card: str
    reason: str | None  # why that is right; None when unexplained (a parser gap)


class CorpusReport(Frozen):
    """What parsing a whole card corpus gave."""

    cards: int
    abilities: int
    kinds: tuple[tuple[str, int], ...]  # ability kind and count, most common first
    failures: tuple[tuple[str, str], ...]  # card name and the exception it raised
    unclassified: tuple[tuple[str, str], ...]  # card name and ability text
    copy_misses: tuple[CopyMiss, ...]

    @property
    def unclassified_share(self) -> float:
        """Unclassified abilities as a share of all abilities (0–1)."""
        return len(self.unclassified) / self.abilities if self.abilities else 0.0

    @property
    def unexplained_copy_misses(self) -> tuple[str, ...]:
        """Cards mentioning "copy of" without a copy effect and without a reason."""
        return tuple(miss.card for miss in self.copy_misses if miss.reason is None)


def survey(cards: Iterable[Mapping[str, Any]], keywords: KeywordVocabulary) -> CorpusReport:
    """Parse every card and collect the corpus figures; a card that raises is recorded, not fatal.

    Each card's figures are taken as it is parsed and the card is dropped: keeping a whole corpus of
    parsed cards would cost memory, and the garbage collector's passes over it a quarter of the time.
    """
    parsed = 0
    failures: list[tuple[str, str]] = []
    kinds: Counter[str] = Counter()
    unclassified: list[tuple[str, str]] = []
    copy_misses: list[CopyMiss] = []
    for raw in cards:
        try:
            card = parse_card(raw, keywords)
        except Exception as error:  # the survey reports every failing card instead of stopping
            failures.append((str(raw.get("name")), repr(error)))
            continue
        parsed += 1
        for face in card.faces:
            for ability in face.abilities:
                kinds[ability.kind.value] += 1
                if ability.kind is AbilityKind.UNCLASSIFIED:
                    unclassified.append((card.name, ability.text))
        if (miss := copy_miss(card)) is not None:
            copy_misses.append(miss)
    return CorpusReport(
        cards=parsed + len(failures),
        abilities=sum(kinds.values()),
        kinds=tuple(kinds.most_common()),
        failures=tuple(failures),
        unclassified=tuple(unclassified),
        copy_misses=tuple(copy_misses),
    )


def copy_miss(card: Card) -> CopyMiss | None:
    """A :class:`CopyMiss` when ``card`` mentions "copy of" but has no copy effect, else None."""
    if any(face.copy_effects for face in card.faces):
        return None
    texts = [face.oracle_text for face in card.faces]
    if not any(_COPY_OF.search(text) for text in texts):
        return None
    quoted_only = not any(_COPY_OF.search(unquoted(text)) for text in texts)
    return CopyMiss(card=card.name, reason=QUOTED_ONLY if quoted_only else None)
