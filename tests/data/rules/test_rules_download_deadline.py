"""A rules server that drips its page or its file out (issue 22): given up on at the download's deadline,
saying it was slow, never that it sent nothing (it was waited on for 131 s and said "sent nothing for
15 s")."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from data.rules.download import RulesDownloadError, download_rules
from tests.data.rules.test_rules_download import RULES_PATH

DRIP_SECONDS = 30.0
DEADLINE = 0.5


async def _dripped(request: web.Request, first: bytes) -> web.StreamResponse:
    """``first``, then a byte every 0.1 s for DRIP_SECONDS: never silent long enough to stall."""
    response = web.StreamResponse(headers={"Content-Type": "text/html"})
    await response.prepare(request)
    await response.write(first)
    ends_at = time.monotonic() + DRIP_SECONDS
    while time.monotonic() < ends_at:
        await asyncio.sleep(0.1)
        await response.write(b" ")
    return response


async def _dripping_page(request: web.Request) -> web.StreamResponse:
    return await _dripped(request, b"<html>")


async def _quick_page(request: web.Request) -> web.Response:
    return web.Response(text=f'<a href="{RULES_PATH}">TXT</a>', content_type="text/html")


async def _dripping_file(request: web.Request) -> web.StreamResponse:
    return await _dripped(request, b"Magic: The Gathering Comprehensive Rules\n")


@pytest.fixture
async def site() -> AsyncIterator[TestServer]:
    """/slow/rules drips its page; /quick/rules links a rules file that drips."""
    app = web.Application()
    app.router.add_get("/slow/rules", _dripping_page)
    app.router.add_get("/quick/rules", _quick_page)
    app.router.add_get("/resources/{name}", _dripping_file)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        yield server
    finally:
        await server.close()


@pytest.mark.parametrize(
    ("page", "named"), [("/slow/rules", "/slow/rules"), ("/quick/rules", "MagicCompRules")]
)
async def test_a_dripping_server_is_given_up_on_at_the_deadline_as_slow(
    site: TestServer, page: str, named: str
) -> None:
    started = time.monotonic()
    with pytest.raises(RulesDownloadError) as caught:
        await download_rules(str(site.make_url(page)), deadline=DEADLINE)
    assert time.monotonic() - started < DRIP_SECONDS / 3
    message = str(caught.value)
    assert "too slow" in message
    assert f"in {DEADLINE:g} s" in message
    assert "sent nothing" not in message
    assert named in message  # the URL that was dripping
