"""Short Oracle wordings the board's actions and answers ask about, read here so they match no text.

Each reader takes an ability's reasoning text (self-references already :data:`engine.core.model.SELF`)
and returns what the wording says, or None when the text doesn't say it.
"""

from __future__ import annotations

import re

from engine.core.model import SELF

_STATIC_COPY = re.compile(r"\bis a copy of\b")
_ANIMATION = re.compile(r"~ becomes an? (?P<what>\d+/\d+ [^.]+?) until end of turn")
_NO_COUNTERS = re.compile(rf"^When {re.escape(SELF)} has no (?P<kind>\S+) counters on it")


def is_static_copy(text: str) -> bool:
    """Whether a copy effect's text is a static "… is a copy of …" (Essence of the Wild, CR 707.2)."""
    return _STATIC_COPY.search(text) is not None


def self_animation(text: str) -> str | None:
    """What "~ becomes a 1/1 Blinkmoth artifact creature with flying until end of turn" makes it."""
    match = _ANIMATION.search(text)
    return match["what"] if match else None


def no_counters_trigger(text: str) -> str | None:
    """The counter kind of a state trigger like Dark Depths' "When ~ has no ice counters on it"."""
    match = _NO_COUNTERS.match(text)
    return match["kind"] if match else None
