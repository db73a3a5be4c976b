"""Short, escaped excerpts of input for error messages: never the whole of a long or nested value.

``repr`` escapes control characters, escape sequences, zero-width characters and right-to-left
overrides (every character Python doesn't count as printable), so an excerpt is safe to print to a
terminal and names exactly what was typed.
"""

from __future__ import annotations

from typing import Any

EXCERPT_WIDTH = 40  # characters of an excerpt, before escaping

_KINDS: dict[type, str] = {
    list: "a list",
    tuple: "a list",
    dict: "a mapping",
    set: "a set",
    frozenset: "a set",
}


def excerpt(value: Any, width: int = EXCERPT_WIDTH) -> str:
    """A quoted excerpt of ``value`` at most ``width`` characters long (before escaping), or what kind of
    value it is when it is a collection (whose text could be huge: YAML aliases expand on printing)."""
    if isinstance(value, str):
        stripped = value.strip()
        return repr(stripped if len(stripped) <= width else stripped[: width - 1] + "…")
    if value is None or isinstance(value, bool | int | float):
        text = repr(value)
        return text if len(text) <= width else text[: width - 1] + "…"
    return _KINDS.get(type(value), f"a {type(value).__name__}")
