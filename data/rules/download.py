"""Downloading the current Comprehensive Rules text file from the official rules page."""

from __future__ import annotations

import asyncio
import html
import re
from dataclasses import dataclass, field
from datetime import date
from urllib.parse import unquote, urljoin, urlsplit

import aiohttp
from yarl import URL

from data.rules.errors import RulesDownloadError as RulesDownloadError  # re-exported: what it raises
from data.scryfall.client import user_agent
from data.scryfall.replies import Received, ReplyTooLarge, read_body, timed_out

# The rules file is about 1 MB; anything far larger is not the rules file.
MAX_RULES_BYTES = 20 * 1024 * 1024
MAX_PAGE_BYTES = 5 * 1024 * 1024
IDLE_TIMEOUT = 15.0  # a server that sends nothing for this long has stalled
DEADLINE = 60.0  # the page and the file together: a server dripping them out is given up on
_TXT_LINK = re.compile(r"""href\s*=\s*(["'])(?P<url>[^"']+?\.txt)\1""", re.IGNORECASE)
_DATE_IN_NAME = re.compile(r"(?<!\d)(?P<year>\d{4})(?P<month>\d{2})(?P<day>\d{2})(?!\d)")


@dataclass(frozen=True, slots=True)
class DownloadedRules:
    """The raw bytes of a rules file and the URL they came from."""

    url: str
    raw: bytes


def find_rules_link(page_html: str, page_url: str) -> str:
    """The absolute URL of the first ``.txt`` file linked from ``page_html``, spaces escaped as ``%20``."""
    match = _TXT_LINK.search(page_html)
    if match is None:
        raise RulesDownloadError(f"the rules page {page_url} links no .txt file")
    return urljoin(page_url, html.unescape(match["url"]).strip()).replace(" ", "%20")


def rules_file_date(url: str) -> date | None:
    """The effective date a rules file's name gives (``…/MagicCompRules%2020250207.txt`` → 2025-02-07),
    or None when its name holds no ``YYYYMMDD`` date."""
    name = unquote(urlsplit(url).path.rsplit("/", 1)[-1])
    for found in _DATE_IN_NAME.finditer(name):
        try:
            return date(int(found["year"]), int(found["month"]), int(found["day"]))
        except ValueError:
            continue
    return None


async def find_rules_file(
    page_url: str, session: aiohttp.ClientSession | None = None, *, deadline: float = DEADLINE
) -> str:
    """The URL of the rules ``.txt`` file the rules page at ``page_url`` links (the page alone is
    fetched, within ``deadline`` seconds); raises RulesDownloadError."""
    page = await _fetch_within(session, page_url, MAX_PAGE_BYTES, deadline)
    return find_rules_link(page.decode("utf-8", errors="replace"), page_url)


async def download_rules_file(
    url: str, session: aiohttp.ClientSession | None = None, *, deadline: float = DEADLINE
) -> DownloadedRules:
    """The bytes of the rules file at ``url`` (as :func:`find_rules_file` gives it), within ``deadline``
    seconds; raises RulesDownloadError."""
    return DownloadedRules(url=url, raw=await _fetch_within(session, url, MAX_RULES_BYTES, deadline))


async def download_rules(
    page_url: str, session: aiohttp.ClientSession | None = None, *, deadline: float = DEADLINE
) -> DownloadedRules:
    """Fetch the rules page at ``page_url``, follow its ``.txt`` link and return the file's bytes,
    both within ``deadline`` seconds.

    Uses ``session`` (the process's shared HTTP session) when given, else a short-lived one.
    """
    if session is None:
        async with aiohttp.ClientSession() as own_session:
            return await _download(own_session, page_url, deadline)
    return await _download(session, page_url, deadline)


@dataclass
class _Transfer:
    """The URL being fetched and how much of it has arrived (to say, at the deadline, slow or silent)."""

    url: str
    received: Received = field(default_factory=Received)


async def _download(session: aiohttp.ClientSession, page_url: str, deadline: float) -> DownloadedRules:
    transfer = _Transfer(page_url)
    try:
        async with asyncio.timeout(deadline):
            page = await _fetch(session, transfer, MAX_PAGE_BYTES)
            transfer = _Transfer(find_rules_link(page.decode("utf-8", errors="replace"), page_url))
            raw = await _fetch(session, transfer, MAX_RULES_BYTES)
    except TimeoutError as error:  # the deadline: the idle timeout is told apart in _fetch
        message = f"could not fetch {transfer.url}: {timed_out('the server', transfer.received, deadline)}"
        raise RulesDownloadError(message) from error
    return DownloadedRules(url=transfer.url, raw=raw)


async def _fetch_within(
    session: aiohttp.ClientSession | None, url: str, max_bytes: int, deadline: float
) -> bytes:
    """``url``'s body within ``deadline`` seconds, through ``session`` or a short-lived one."""
    if session is None:
        async with aiohttp.ClientSession() as own_session:
            return await _fetch_within(own_session, url, max_bytes, deadline)
    transfer = _Transfer(url)
    try:
        async with asyncio.timeout(deadline):
            return await _fetch(session, transfer, max_bytes)
    except TimeoutError as error:  # the deadline: the idle timeout is told apart in _fetch
        message = f"could not fetch {url}: {timed_out('the server', transfer.received, deadline)}"
        raise RulesDownloadError(message) from error


async def _fetch(session: aiohttp.ClientSession, transfer: _Transfer, max_bytes: int) -> bytes:
    url = transfer.url
    try:
        # encoded=True: the URL is already escaped (%20) and must be sent exactly as it is
        async with session.get(
            URL(url, encoded=True),
            headers={"User-Agent": user_agent()},
            timeout=aiohttp.ClientTimeout(total=None, sock_connect=20, sock_read=IDLE_TIMEOUT),
        ) as response:
            if response.status != 200:
                raise RulesDownloadError(f"{url} answered HTTP {response.status}")
            return await read_body(response, max_bytes, transfer.received)
    except ReplyTooLarge as error:
        raise RulesDownloadError(f"{url} is larger than {max_bytes} bytes") from error
    except aiohttp.ServerTimeoutError as error:  # the idle (sock_read) timeout: the server stalled
        raise RulesDownloadError(
            f"could not fetch {url}: the server sent nothing for {IDLE_TIMEOUT:g} s"
        ) from error
    except aiohttp.ClientError as error:
        raise RulesDownloadError(f"could not fetch {url}: {str(error) or type(error).__name__}") from error
