"""The one registry of every Comprehensive Rules number the engine can cite.

Each engine module declares the rules it relies on at import time with :func:`cite`, giving a short
key phrase that the rule's text must contain. A test loads the official rules file and checks every
registered number exists and still says what the engine relies on.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

# The Comprehensive Rules version every registered key phrase was checked against (tests/engine).
CITATIONS_CHECKED_AGAINST = date(2025, 2, 7)


@dataclass(frozen=True, slots=True)
class Citation:
    """A rule number together with the phrase from its text that the engine's reasoning depends on."""

    number: str
    key_phrase: str

    def __str__(self) -> str:
        return self.number


_REGISTRY: dict[tuple[str, str], Citation] = {}


def cite(number: str, key_phrase: str) -> Citation:
    """Register (idempotently) and return a citation of rule ``number`` relying on ``key_phrase``."""
    citation = Citation(number=number, key_phrase=key_phrase)
    _REGISTRY.setdefault((number, key_phrase), citation)
    return citation


def registered_citations() -> tuple[Citation, ...]:
    """Every citation registered so far, sorted by rule number."""
    return tuple(sorted(_REGISTRY.values(), key=lambda c: (c.number, c.key_phrase)))
