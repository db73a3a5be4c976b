"""Reading an HTTP reply of any shape: its body as bytes within a size bound, how much of it arrived
(to tell a slow server from a silent one), its text by the declared charset or UTF-8, and JSON with a
depth bound. Used by the Scryfall client and the rules download."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import aiohttp

ScryfallObject = dict[str, Any]
"""A JSON object Scryfall sent that is not a card (a search page, a catalog, a bulk-data entry, a ruling,
an error): a card is a ``data.cards.schema.CardRecord`` as soon as it is read."""

CHUNK = 1 << 16
MAX_JSON_DEPTH = 64  # a Scryfall reply nests about six levels (a list of cards with faces)


class ReplyTooLarge(Exception):
    """The body is longer than the reader allows (by its announced length or by what arrived)."""


@dataclass
class Received:
    """How many bytes of a transfer have arrived so far."""

    bytes: int = 0


async def read_body(response: aiohttp.ClientResponse, max_bytes: int, received: Received) -> bytes:
    """The body of ``response``, read in chunks and counted into ``received``; ReplyTooLarge past
    ``max_bytes`` (refused by its announced length before any of it is read)."""
    if (response.content_length or 0) > max_bytes:
        raise ReplyTooLarge
    body = bytearray()
    async for chunk in response.content.iter_chunked(CHUNK):
        body += chunk
        received.bytes += len(chunk)
        if len(body) > max_bytes:
            raise ReplyTooLarge
    return bytes(body)


def decoded(body: bytes, charset: str | None) -> str:
    """``body`` as text in its declared ``charset``, else (none, unknown or not a text encoding) UTF-8;
    bytes that don't decode are replaced, so this never fails."""
    if charset:
        try:
            return body.decode(charset, errors="replace")
        except (LookupError, UnicodeError):
            pass
    return body.decode("utf-8", errors="replace")


def parsed_json(text: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON value ``text`` holds; ValueError when it isn't JSON or nests deeper than ``max_depth``."""
    try:
        value = json.loads(text)
    except RecursionError as error:  # far deeper than the bound: the decoder gave up before building it
        raise ValueError(_too_deep(max_depth)) from error
    if nests_deeper(value, max_depth):
        raise ValueError(_too_deep(max_depth))
    return value


def nests_deeper(value: Any, max_depth: int) -> bool:
    """Whether the parsed JSON ``value`` has containers more than ``max_depth`` levels deep (walked
    with a stack of its own: no recursion however deep it is)."""
    if not isinstance(value, dict | list):
        return False
    stack: list[tuple[ScryfallObject | list[Any], int]] = [(value, 1)]
    while stack:
        container, depth = stack.pop()
        if depth > max_depth:
            return True
        items = container.values() if isinstance(container, dict) else container
        stack.extend((item, depth + 1) for item in items if isinstance(item, dict | list))
    return False


def _too_deep(max_depth: int) -> str:
    """What a reply nesting deeper than ``max_depth`` levels is told."""
    return f"the JSON nests deeper than {max_depth} levels"


def amount(size: int) -> str:
    """``size`` bytes in words a person reads at a glance (``512 bytes``, ``12 KB``, ``3.4 MB``)."""
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size // 1024} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def timed_out(who: str, received: Received, limit: float) -> str:
    """What a transfer cut off at its ``limit`` (seconds) is told: slow when some bytes came, else silent."""
    seconds = f"{round(limit, 1):g} s"
    if received.bytes:
        return f"{who} was too slow: {amount(received.bytes)} arrived in {seconds}, then we gave up"
    return f"{who} sent nothing in {seconds}"
