"""Saga chapter symbols (CR 714.2): the chapter numbers an ability's symbol shows.

A chapter ability is printed "I, II — [Effect]" (714.2a, 714.2c): the Roman numerals before the dash.
"""

from __future__ import annotations

import re

from engine.core.citations import cite

CHAPTER_SYMBOL = cite("714.2a", "A chapter symbol includes a Roman numeral")
CHAPTER_SYMBOLS = cite("714.2c", "means the same as")
CHAPTER_TRIGGER = cite("714.2b", "if the number of lore counters on it was less than N and became at least N")

_ROMAN = {"I": 1, "V": 5, "X": 10}
_SYMBOLS = re.compile(r"^(?P<numerals>[IVX]+(?:, [IVX]+)*) — ")


def chapter_numbers(text: str) -> tuple[int, ...]:
    """The chapter numbers of a chapter ability's symbols ("I, II — …" is 1 and 2); () for any other."""
    match = _SYMBOLS.match(text)
    if match is None:
        return ()
    return tuple(_value(numeral) for numeral in match["numerals"].split(", "))


def _value(numeral: str) -> int:
    """A Roman numeral's value (a smaller one before a larger one is subtracted: IV is 4)."""
    values = [_ROMAN[letter] for letter in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def triggered_chapters(text: str, before: int, after: int) -> tuple[str, ...]:
    """The chapter symbols of ``text`` (as printed: "II") that lore counters going from ``before`` to
    ``after`` trigger: each N with before < N <= after (CR 714.2b)."""
    match = _SYMBOLS.match(text)
    numerals = match["numerals"].split(", ") if match else []
    return tuple(n for n in numerals if before < _value(n) <= after)
