"""Mana costs as symbols, their mana value and colors (CR 107.4, 202.2, 202.3): the one reader of
mana symbols, in core because a board object's characteristics need it as much as the Oracle parser."""

from __future__ import annotations

import re

from engine.core.citations import cite

MANA_SYMBOLS = cite("107.4", "The mana symbols are")
COLOR_FROM_COST = cite("202.2", "An object is the color or colors of the mana symbols in its mana cost")
MANA_VALUE = cite("202.3", "The mana value of an object is a number equal to the total amount of mana")
HYBRID_VALUE = cite("202.3f", "use the largest component of each hybrid symbol")

COLOR_ORDER = "WUBRG"
_SYMBOL = re.compile(r"\{[^}]+\}")
_VARIABLE = frozenset("XYZ")


def mana_symbols(cost: str | None) -> tuple[str, ...]:
    """The symbols of a printed mana cost in order: ``"{2}{U/B}{W/P}"`` → ``("{2}", "{U/B}", "{W/P}")``."""
    return tuple(_SYMBOL.findall(cost or ""))


def mana_value(symbols: tuple[str, ...]) -> float:
    """The mana value of a cost (X counts 0, hybrid its largest part, Phyrexian 1, half mana 0.5)."""
    return sum(_symbol_value(symbol) for symbol in symbols)


def cost_colors(symbols: tuple[str, ...]) -> tuple[str, ...]:
    """The colors (``W U B R G``, in that order) of the colored symbols of a cost (CR 202.2)."""
    letters = {
        letter for symbol in symbols for letter in symbol.strip("{}").split("/") if letter in COLOR_ORDER
    }
    letters |= {symbol[2] for symbol in symbols if symbol.startswith("{H") and len(symbol) == 4}
    return tuple(color for color in COLOR_ORDER if color in letters)


def _symbol_value(symbol: str) -> float:
    inner = symbol.strip("{}")
    if inner.isdigit():
        return int(inner)
    if inner in _VARIABLE:
        return 0
    if inner.startswith("H") and len(inner) == 2:  # half mana ({HW}) from the silver-bordered sets
        return 0.5
    if inner == "½":
        return 0.5
    if inner.startswith("∞"):
        return 0
    parts = [part for part in inner.split("/") if part != "P"]
    return max((int(part) if part.isdigit() else 1 for part in parts), default=1)
