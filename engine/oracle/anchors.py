"""Anchor words among an object's current abilities (CR 614.12b): the options of its own "As ~ enters,
choose X or Y", and which of its "• X — [ability]" abilities each option marks.

Read from the abilities' rules text (``~`` for the object's name), so a copy's or a granted text's anchor
words are found as well as a printed card's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

_CHOICE = re.compile(
    r"\bAs ~ enters(?: the battlefield)?, choose (?P<first>[A-Z][\w'’-]*) or (?P<second>[A-Z][\w'’-]*)\."
)
_LABEL = re.compile(r"^(?:• )?(?P<word>[A-Z][\w'’-]*) — ")


class _Worded(Protocol):
    @property
    def text(self) -> str: ...

    @property
    def rules_text(self) -> str: ...


def anchor_words(abilities: Sequence[_Worded]) -> tuple[str | None, ...]:
    """For each of ``abilities`` (an object's, in order) the anchor word that marks it, or None; all None
    when none of them makes the "choose X or Y" choice those words answer."""
    words: set[str] = set()
    for ability in abilities:
        if (found := _CHOICE.search(ability.rules_text)) is not None:
            words |= {found.group("first"), found.group("second")}
    if not words:
        return tuple(None for _ in abilities)
    marks: list[str | None] = []
    for ability in abilities:
        label = _LABEL.match(ability.text)
        marks.append(label.group("word") if label and label.group("word") in words else None)
    return tuple(marks)
