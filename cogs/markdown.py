"""User and data text in Discord Markdown, with nothing in it live: every character Markdown could read
is escaped with a backslash, wherever and however often it appears.

``discord.utils.escape_markdown`` is not enough for text a user or the data controls: it escapes one
backslash before the first of several masked links on a line (``[a](x) [b](https://evil)`` keeps the
second live), leaves a masked link inside a URL live, and leaves channel, command and timestamp mentions
(``<#id>``, ``</copy:id>``, ``<t:…>``) as they are. Here every backslash, ``*``, ``_``, ``~``, ``|``,
`````, ``[``, ``]`` and ``<`` is escaped, and at a line's start every header, subtext, quote and list
marker (``#``, ``-#``, ``>``, ``-``, ``+``, ``1.``); ``@everyone``, ``@here`` and user and role mentions
are broken with a zero-width space (``discord.utils.escape_mentions``).
"""

from __future__ import annotations

import re

import discord

_ANYWHERE = re.compile(r"[\\*_~|`\[\]<]")
"""Characters escaped wherever they are: emphasis, spoilers, code, masked links, mentions."""
_LINE_START = re.compile(r"^([ \t]*)(#|>|-|\+|\d+(?=\.))", re.MULTILINE)
"""What starts a header (``#``, ``-#``), a quote or a list item at the beginning of a line."""


def escape(text: str) -> str:
    """``text`` with mentions broken and every Markdown character escaped (see the module's text)."""
    return escape_line_start(_ANYWHERE.sub(r"\\\g<0>", discord.utils.escape_mentions(text)))


def escape_line_start(text: str) -> str:
    """``text`` with a header, subtext, quote or list marker escaped at the start of each line."""
    return _LINE_START.sub(_line_start, text)


def _line_start(found: re.Match[str]) -> str:
    indent, marker = found.groups()
    # a list number is escaped at its dot ("1\."): a backslash before a digit is shown as typed
    return f"{indent}{marker}\\" if marker[0].isdigit() else f"{indent}\\{marker}"


def code(text: str) -> str:
    """``text`` as inline code: shown as typed (Markdown and mentions aren't read inside), its backticks,
    which would end it early, shown as ``ˋ``."""
    return f"`{text.replace('`', 'ˋ')}`"
