"""Showing text that came from input or data (card names, board handles, rules text, error messages)
safely, in a terminal and on Discord: the one place that decides which characters are shown escaped.

Control characters (C0 but newline and tab, DEL, C1), and so every ANSI escape sequence (CSI, OSC),
zero-width and bidirectional formatting characters (U+200B, U+202E …: Unicode's "format" category),
line and paragraph separators and lone surrogates are shown as Python escapes (``\\x1b``, ``\\u202e``):
they can neither drive the terminal nor reorder or hide what is shown, and they stay visible.

This module is imported by the CLI at start-up: keep it light (rich, which the CLI loads anyway, and no
discord).
"""

from __future__ import annotations

import copy
import json
import re
from functools import lru_cache
from itertools import pairwise
from typing import Any

from rich.align import Align
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, ConsoleRenderable, Group, RenderHook, RenderResult
from rich.constrain import Constrain
from rich.measure import Measurement
from rich.padding import Padding
from rich.panel import Panel
from rich.rule import Rule
from rich.segment import Segment
from rich.table import Column, Table
from rich.text import Span, Text
from rich.tree import Tree

_FORMAT_CHARACTERS = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
"""Unicode's format characters (category Cf); ``tests/hardening/test_text_safety.py`` checks the list
against ``unicodedata``."""

_UNSAFE_CHARACTERS = f"\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff{_FORMAT_CHARACTERS}"
UNSAFE = re.compile(f"[{_UNSAFE_CHARACTERS}]")
"""Every character shown escaped."""


@lru_cache(maxsize=4096)  # a text may repeat a few unsafe characters many times
def escaped(character: str) -> str:
    """``character`` as a Python escape: ``\\x1b``, ``\\u202e``, ``\\U000e0001``."""
    code = ord(character)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


@lru_cache(maxsize=1)
def _escapes() -> dict[int, str]:
    """Every :data:`UNSAFE` code point and its escape, for ``str.translate`` (five times faster than a
    regular expression's substitution calling back per character), built from the class's ranges."""
    table: dict[int, str] = {}
    position = 0
    while position < len(_UNSAFE_CHARACTERS):
        first = last = _UNSAFE_CHARACTERS[position]
        if _UNSAFE_CHARACTERS[position + 1 : position + 2] == "-":
            last = _UNSAFE_CHARACTERS[position + 2]
            position += 2
        table.update((code, escaped(chr(code))) for code in range(ord(first), ord(last) + 1))
        position += 1
    return table


def visible(text: str) -> str:
    """``text`` with every :data:`UNSAFE` character shown as its escape."""
    return text if UNSAFE.search(text) is None else text.translate(_escapes())


def visible_json(dumped: str) -> str:
    """JSON text (``json.dumps(…, ensure_ascii=False)``) with every :data:`UNSAFE` character written as a
    JSON ``\\u`` escape: the same JSON, safe to print."""
    return UNSAFE.sub(lambda found: json.dumps(found.group())[1:-1], dumped)


def visible_text(text: Text) -> Text:
    """A copy of the rich ``text`` with every :data:`UNSAFE` character shown as its escape, each escape
    styled as the character was (``text`` itself when it has none)."""
    plain = text.plain
    if UNSAFE.search(plain) is None:
        return text
    # The text is escaped piece by piece between the offsets its spans start or end at, so each offset's
    # new place is known as the pieces are joined: linear in the text and its spans (slicing a rich Text
    # per unsafe character copied it whole each time: quadratic, 26 s for 9,600 characters).
    size = len(plain)
    cuts = sorted({0, size, *(min(max(at, 0), size) for span in text.spans for at in span[:2])})
    pieces: list[str] = []
    moved_to = {0: 0}
    for start, end in pairwise(cuts):
        pieces.append(plain[start:end].translate(_escapes()))
        moved_to[end] = moved_to[start] + len(pieces[-1])
    grown = moved_to[size] - size

    def moved(offset: int) -> int:
        return moved_to.get(offset, offset + grown if offset > size else offset)

    shown = text.blank_copy("".join(pieces))
    shown.spans = [Span(moved(start), moved(end), style) for start, end, style in text.spans]
    return shown


_HOLDERS = (Panel, Group, Table, Column, Padding, Align, Constrain, Rule, Columns, Tree)
"""The renderables whose texts (titles, cells, labels, children) are escaped before rich lays them out."""


def _escaped_before_layout(value: Any) -> Any:
    """``value`` with the text in it escaped, so that rich measures the escapes it lays out (a copy where
    something changed; ``value`` itself otherwise). Other renderables are left to :class:`VisibleText`."""
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, Text):
        return visible_text(value)
    if isinstance(value, list | tuple):
        items = [_escaped_before_layout(item) for item in value]
        changed = any(new is not old for new, old in zip(items, value, strict=True))
        return type(value)(items) if changed else value
    if not isinstance(value, _HOLDERS):
        return value
    changes = {
        name: new for name, old in vars(value).items() if (new := _escaped_before_layout(old)) is not old
    }
    if not changes:
        return value
    clone = copy.copy(value)
    for name, new in changes.items():
        setattr(clone, name, new)
    return clone


class VisibleText:
    """A rich renderable: ``renderable`` drawn with every :data:`UNSAFE` character in its text escaped.

    The text of panels, tables, groups, rules, trees… is escaped before rich lays it out, so every line
    and border lines up with the escapes in it; whatever other renderables draw is escaped as drawn
    (rich's own control segments, the cursor moves of a live display, pass unchanged).
    """

    def __init__(self, renderable: ConsoleRenderable) -> None:
        self.renderable = _escaped_before_layout(renderable)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.renderable, options):
            text, style, control = segment
            yield segment if control else Segment(visible(text), style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)


class VisibleTextHook(RenderHook):
    """A rich render hook that shows everything a console prints through :class:`VisibleText`."""

    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
        """Every renderable wrapped in :class:`VisibleText`."""
        return [VisibleText(renderable) for renderable in renderables]


def safe_console(*, stderr: bool = False) -> Console:
    """A rich console that never reads markup or emoji codes from what it prints and shows every
    :data:`UNSAFE` character escaped."""
    console = Console(stderr=stderr, markup=False, emoji=False, highlight=False)
    console.push_render_hook(VisibleTextHook())
    return console
