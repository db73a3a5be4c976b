"""An async Scryfall API client: identifying headers, per-group rate limits, 429 back-off, retries of
5xx replies and broken connections, a deadline per fetch, and replies of any shape read safely."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import aiohttp
from aiolimiter import AsyncLimiter
from yarl import URL

from data.cards.records import RecordProblem, Skipped, card_record
from data.cards.schema import CardRecord
from data.scryfall.errors import (
    UNREADABLE_REPLY,
    ScryfallError,
    ScryfallNotFound,
    ScryfallRateLimited,
    ScryfallUnavailable,
    UnreadableReply,
)
from data.scryfall.replies import (
    CHUNK,
    Received,
    ReplyTooLarge,
    ScryfallObject,
    decoded,
    parsed_json,
    read_body,
    timed_out,
)

Sleep = Callable[[float], Awaitable[None]]
DownloadProgress = Callable[[int, int], None]
"""Called as ``progress(bytes_written, total_bytes)`` while a bulk file downloads (total 0: unknown)."""

# Scryfall's published limits: 2 requests/s for these endpoints, 10/s for every other one.
SLOW_ENDPOINTS = ("/cards/search", "/cards/named", "/cards/random", "/cards/collection")
SLOW_INTERVAL = 0.5
FAST_INTERVAL = 0.1
DEFAULT_RETRY_AFTER = 30.0
MAX_BACK_OFF = 30.0  # the longest a request waits out 429s in all; a longer Retry-After fails at once
DEFAULT_TIMEOUT = 10.0  # one request
FETCH_DEADLINE = 45.0  # one fetch: every request, retry and back-off (429 back-offs alone: 30 s)
MAX_FAILURE_RETRIES = 2  # 5xx replies and broken connections tried again
RETRY_BASE = 0.2  # seconds before the first retry, doubled for each next one, jittered down to half
IDLE_TIMEOUT = 20.0  # a download that sends nothing for this long has stalled
DOWNLOAD_TIMEOUT = 600.0
MAX_RATE_LIMIT_RETRIES = 3
MAX_REPLY_BYTES = 16 * 1024 * 1024  # an API reply (a search page is ~1 MB); bulk files stream to disk


def user_agent() -> str:
    """``mtg-judge/<installed version>``, as Scryfall asks every client to identify itself."""
    try:
        return f"mtg-judge/{version('mtg-judge')}"
    except PackageNotFoundError:
        return "mtg-judge/0"


def endpoint_group(path: str) -> str:
    """``"slow"`` for the endpoints Scryfall limits to 2 requests/s, ``"fast"`` for the rest."""
    return "slow" if path.startswith(SLOW_ENDPOINTS) else "fast"


def retry_after_seconds(header: str | None) -> float:
    """The delay a 429 asks for (``Retry-After`` in seconds), else Scryfall's documented 30 s."""
    try:
        return max(0.0, float(header)) if header is not None else DEFAULT_RETRY_AFTER
    except ValueError:
        return DEFAULT_RETRY_AFTER


class ScryfallClient:
    """Calls the Scryfall API through an aiohttp session the caller owns (and closes).

    ``sleep`` is the back-off clock (injectable so tests need not wait for ``Retry-After``);
    ``timeout`` bounds one request, ``deadline`` one fetch with its retries and back-offs.
    """

    def __init__(
        self,
        session: aiohttp.ClientSession,
        base_url: str = "https://api.scryfall.com",
        *,
        timeout: float = DEFAULT_TIMEOUT,
        sleep: Sleep = asyncio.sleep,
        max_retries: int = MAX_RATE_LIMIT_RETRIES,
        idle_timeout: float = IDLE_TIMEOUT,
        deadline: float = FETCH_DEADLINE,
        max_failures: int = MAX_FAILURE_RETRIES,
    ) -> None:
        self._session = session
        self._base_url = base_url.rstrip("/")
        self._timeout = timeout
        self._idle_timeout = idle_timeout
        self._deadline = deadline
        self._sleep = sleep
        self._max_retries = max_retries
        self._max_failures = max_failures
        self._headers = {"User-Agent": user_agent(), "Accept": "application/json"}
        self._limiters = {"slow": AsyncLimiter(1, SLOW_INTERVAL), "fast": AsyncLimiter(1, FAST_INTERVAL)}
        self._resume_at = {"slow": 0.0, "fast": 0.0}  # time.monotonic() before which a 429 asked us to wait

    async def card_named(self, name: str, *, fuzzy: bool = False) -> CardRecord:
        """``/cards/named``: the card called exactly ``name`` (case-insensitive), or Scryfall's fuzzy pick;
        UnreadableReply when it doesn't fit the card schema."""
        return _card(await self.get_json("/cards/named", {"fuzzy" if fuzzy else "exact": name}))

    async def autocomplete(self, query: str) -> list[str]:
        """``/cards/autocomplete``: up to 20 card names Scryfall suggests for ``query``."""
        catalog = await self.get_json("/cards/autocomplete", {"q": query})
        return [str(name) for name in catalog.get("data", [])]

    async def search(self, query: str) -> list[CardRecord]:
        """``/cards/search``: every card matching the Scryfall search ``query``, following all pages (a
        card that doesn't fit the card schema is left out)."""
        page = await self.get_json("/cards/search", {"q": query})
        found: list[object] = list(page.get("data", []))
        while page.get("has_more") and page.get("next_page"):
            page = await self.get_json(str(page["next_page"]))
            found.extend(page.get("data", []))
        return list(Skipped().valid(found))

    async def search_printings(self, name: str) -> list[CardRecord]:
        """``/cards/search`` with ``include_multilingual=true``: the printings, in every language, whose
        (printed) name has each word of ``name`` (one page: the first 175; each word quoted, so text
        typed by a user is never read as search syntax); those that don't fit the card schema left out."""
        words = " ".join(f'"{word}"' for word in name.replace('"', " ").split())
        params = {"q": words, "include_multilingual": "true", "unique": "prints"}
        page = await self.get_json("/cards/search", params)
        return list(Skipped().valid(page.get("data", [])))

    async def oracle_card(self, oracle_id: str) -> CardRecord:
        """The card whose Oracle id is ``oracle_id`` (``/cards/search?q=oracleid:…``, in English);
        UnreadableReply when it doesn't fit the card schema."""
        page = await self.get_json("/cards/search", {"q": f"oracleid:{oracle_id}"})
        cards = list(page.get("data", []))
        if not cards:
            raise ScryfallNotFound(f"no card has the Oracle id {oracle_id}", status=404, code="not_found")
        return _card(cards[0])

    async def rulings(self, scryfall_id: str) -> list[ScryfallObject]:
        """``/cards/{id}/rulings``: the rulings of the card printing ``scryfall_id``."""
        listing = await self.get_json(f"/cards/{scryfall_id}/rulings")
        return list(listing.get("data", []))

    async def bulk_data(self) -> list[ScryfallObject]:
        """``/bulk-data``: the bulk files Scryfall offers."""
        listing = await self.get_json("/bulk-data")
        return list(listing.get("data", []))

    async def bulk_entry(self, kind: str) -> ScryfallObject:
        """The ``/bulk-data`` entry of type ``kind`` (``oracle_cards``, ``rulings``, ``all_cards``…)."""
        for entry in await self.bulk_data():
            if entry.get("type") == kind:
                return entry
        raise ScryfallError(f"Scryfall lists no {kind} bulk file", code="not_found")

    async def oracle_cards_bulk(self) -> ScryfallObject:
        """The ``oracle_cards`` entry of ``/bulk-data`` (``download_uri``, ``updated_at``…)."""
        return await self.bulk_entry("oracle_cards")

    async def rulings_bulk(self) -> ScryfallObject:
        """The ``rulings`` entry of ``/bulk-data`` (every ruling of every card, by oracle_id)."""
        return await self.bulk_entry("rulings")

    async def download(
        self,
        url: str,
        destination: Path,
        *,
        progress: DownloadProgress | None = None,
        total_timeout: float | None = DOWNLOAD_TIMEOUT,
    ) -> None:
        """Stream ``url`` (a bulk file) into ``destination`` without holding it in memory, calling
        ``progress(bytes_written, total_bytes or 0)`` per chunk; ``total_timeout`` None for a file of
        several GB (``all_cards``): only the idle timeout then bounds it."""
        received = Received()
        async with self._limiters["fast"]:
            try:
                async with asyncio.timeout(total_timeout) as deadline:
                    await self._stream_to(url, destination, progress, received)
            except TimeoutError as error:  # aiohttp's idle (sock_read) timeout is a TimeoutError too
                raise ScryfallUnavailable(
                    f"download failed: {timed_out('Scryfall', received, total_timeout or 0)}"
                    if deadline.expired()
                    else f"download stalled: Scryfall sent nothing for {self._idle_timeout:g} s",
                    code="timeout",
                ) from error
            except aiohttp.ClientError as error:
                raise ScryfallUnavailable(f"download failed: {str(error) or type(error).__name__}") from error

    async def _stream_to(
        self, url: str, destination: Path, progress: DownloadProgress | None, received: Received
    ) -> None:
        timeout = aiohttp.ClientTimeout(total=None, sock_read=self._idle_timeout)
        async with self._session.get(url, headers=self._headers, timeout=timeout) as response:
            if response.status != 200:
                status = response.status
                raise ScryfallUnavailable(f"download failed: HTTP {status}", status=status)
            await _write_body(response, destination, progress, received)

    async def get_json(self, path_or_url: str, params: dict[str, str] | None = None) -> ScryfallObject:
        """GET an API path (or a ``next_page`` URL) and return its JSON object; raise a ScryfallError.

        429s are waited out as Scryfall asks; a 5xx or a broken connection is tried again after a
        jittered back-off, a bounded number of times; all of it within the client's ``deadline``. A
        request that times out is not tried again (the server is slow, not gone), nor is a reply that
        isn't JSON unless it came with a 5xx.
        """
        url = path_or_url if path_or_url.startswith("http") else self._base_url + path_or_url
        group = endpoint_group(URL(url).path)
        tries = _Tries(time.monotonic() + self._deadline)
        while True:
            await self._wait_out_back_off(group, tries)
            limit = min(self._timeout, tries.remaining())
            if limit <= 0:
                message = f"Scryfall gave no usable answer within {self._deadline:g} s"
                raise ScryfallUnavailable(message, code="timeout")
            try:
                async with self._limiters[group]:
                    reply = await self._fetch(url, params, limit)
            except ScryfallUnavailable as error:
                if error.code != "connection":
                    raise
                await self._retry_after_failure(tries, error)
                continue
            if reply.status == 429:
                self._note_rate_limited(group, reply, tries)
            elif reply.status >= 500:
                await self._retry_after_failure(tries, _server_error(reply))
            else:
                return _checked(reply)

    def _note_rate_limited(self, group: str, reply: _Reply, tries: _Tries) -> None:
        """Count a 429 and hold back the whole group (not only this request) as long as it asks."""
        tries.rate_limited += 1
        if tries.rate_limited > self._max_retries:
            raise ScryfallRateLimited(
                "Scryfall is limiting our requests (HTTP 429 after every back-off); try again in a minute",
                status=429,
                code="429",
            )
        resume_at = time.monotonic() + retry_after_seconds(reply.retry_after)
        self._resume_at[group] = max(self._resume_at[group], resume_at)

    async def _retry_after_failure(self, tries: _Tries, error: ScryfallUnavailable) -> None:
        """Wait a jittered, doubling back-off before trying again; raise ``error`` when the retries
        are spent or the wait would end past the deadline."""
        delay = RETRY_BASE * 2**tries.failed * random.uniform(0.5, 1.0)
        if tries.failed >= self._max_failures or delay >= tries.remaining():
            if tries.failed:
                details = f"{error.details} (after {tries.failed + 1} tries)"
                raise type(error)(details, status=error.status, code=error.code, error=error.error) from error
            raise error
        tries.failed += 1
        await self._sleep(delay)

    async def _wait_out_back_off(self, group: str, tries: _Tries) -> None:
        """Sleep until the group's back-off ends; when that is longer than the fetch may still wait
        (``MAX_BACK_OFF`` in all, and its deadline), fail at once instead (the back-off is still
        honoured: no request goes out before)."""
        remaining = self._resume_at[group] - time.monotonic()
        if remaining > min(MAX_BACK_OFF - tries.waited, tries.remaining()):
            raise ScryfallRateLimited(
                f"Scryfall asks us to wait {remaining:.0f} s before the next request; try again later",
                status=429,
                code="429",
            )
        if remaining > 0:
            await self._sleep(remaining)
            tries.waited += remaining

    async def _fetch(self, url: str, params: dict[str, str] | None, limit: float) -> _Reply:
        """One GET of ``url`` within ``limit`` seconds; ScryfallUnavailable when it gets no whole reply."""
        received = Received()
        try:
            async with asyncio.timeout(limit):
                async with self._session.get(url, params=params, headers=self._headers) as response:
                    try:
                        body = await read_body(response, MAX_REPLY_BYTES, received)
                    except ReplyTooLarge as error:
                        status = response.status
                        raise ScryfallUnavailable(_too_large(), status=status, code="too_large") from error
                    headers = response.headers
                    return _Reply(response.status, headers.get("Retry-After"), body, response.charset)
        except TimeoutError as error:
            raise ScryfallUnavailable(timed_out("Scryfall", received, limit), code="timeout") from error
        except aiohttp.ClientPayloadError as error:  # the reply stopped short: not tried again
            raise ScryfallUnavailable(f"Scryfall's reply was cut short: {error}", code="truncated") from error
        except aiohttp.ClientError as error:
            raise ScryfallUnavailable(f"cannot reach Scryfall: {error}", code="connection") from error


@dataclass
class _Tries:
    """One fetch's attempts so far, against its deadline (a ``time.monotonic()`` value)."""

    deadline_at: float
    rate_limited: int = 0  # 429s
    failed: int = 0  # 5xx replies and broken connections tried again
    waited: float = 0.0  # seconds slept out for 429s

    def remaining(self) -> float:
        """Seconds left before the deadline."""
        return self.deadline_at - time.monotonic()


@dataclass(frozen=True)
class _Reply:
    """A whole reply: its status, ``Retry-After`` header, body and declared charset."""

    status: int
    retry_after: str | None
    body: bytes
    charset: str | None

    def json(self) -> Any:
        """The body's JSON value; ScryfallUnavailable when it isn't JSON (an HTML error page, a body in
        an unknown charset that doesn't decode to JSON, nesting past the bound)."""
        try:
            return parsed_json(decoded(self.body, self.charset))
        except ValueError as error:
            message = f"Scryfall answered HTTP {self.status} with something other than JSON ({error})"
            raise ScryfallUnavailable(message, status=self.status, code="malformed") from error


def _server_error(reply: _Reply) -> ScryfallUnavailable:
    """What a 5xx reply says: Scryfall's error object when it sent one, else its status."""
    try:
        payload = reply.json()
    except ScryfallUnavailable:
        payload = None
    if isinstance(payload, dict) and payload.get("object") == "error":
        error = ScryfallError.from_error_object(reply.status, payload)
        if isinstance(error, ScryfallUnavailable):
            return error
    return ScryfallUnavailable(f"Scryfall is unavailable (HTTP {reply.status})", status=reply.status)


def _checked(reply: _Reply) -> ScryfallObject:
    """The JSON object of a reply that isn't a 429 or a 5xx; Scryfall's error object raised as its error."""
    payload = reply.json()
    if not isinstance(payload, dict):
        message = "Scryfall answered an unexpected JSON value"
        raise ScryfallUnavailable(message, status=reply.status, code="malformed")
    if reply.status >= 400 or payload.get("object") == "error":
        raise ScryfallError.from_error_object(reply.status, payload)
    return payload


def _card(reply: object) -> CardRecord:
    """A card Scryfall sent, checked against the card schema; UnreadableReply when it doesn't fit."""
    try:
        return card_record(reply)
    except RecordProblem as problem:
        raise UnreadableReply(f"{UNREADABLE_REPLY} ({problem})", code="unreadable_card") from None


async def _write_body(
    response: aiohttp.ClientResponse, destination: Path, progress: DownloadProgress | None, received: Received
) -> None:
    """Write the body of ``response`` to ``destination`` chunk by chunk."""
    total = response.content_length or 0
    with destination.open("wb") as out:
        async for chunk in response.content.iter_chunked(CHUNK):
            out.write(chunk)
            received.bytes += len(chunk)
            if progress:
                progress(received.bytes, total)


def _too_large() -> str:
    return f"Scryfall answered more than {MAX_REPLY_BYTES // (1024 * 1024)} MB, which no API reply is"
