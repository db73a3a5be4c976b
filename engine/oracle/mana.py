"""Mana symbols in Oracle text (CR 107.4): runs of symbols in a sentence (a kicker cost, an activation
cost). A mana cost's own symbols, value and colors are read by ``engine.core.mana``."""

from __future__ import annotations

import re

_SYMBOL_RUN = re.compile(r"(?:\{[^}]+\})+")


def mana_symbol_runs(text: str) -> list[str]:
    """Each run of adjacent mana symbols in ``text``: ``"{1}{W} and/or {U}"`` → ``["{1}{W}", "{U}"]``."""
    return _SYMBOL_RUN.findall(text)
