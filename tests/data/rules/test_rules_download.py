"""Downloading the rules from a fake official rules page on 127.0.0.1, and loading them on first use."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from bot.config import Settings
from bot.judge import RulesUnavailable
from bot.judge.rules import ensure_rules, load_rules
from bot.judge.services import open_services
from data.db import open_database
from data.rules.download import RulesDownloadError, download_rules, find_rules_link
from data.rules.store import RulesStore
from tests.data.rules.test_rules_parser import MINI_RULES

RULES_PATH = "/resources/MagicCompRules 20330304.txt"


@dataclass
class FakeRulesSite:
    """A rules page linking a text file whose name has a space; records the raw paths requested."""

    page: str = f'<html><body><a href="{RULES_PATH}">TXT</a></body></html>'
    rules: bytes = MINI_RULES.encode("utf-8")
    requested: list[str] = field(default_factory=list)
    user_agents: list[str] = field(default_factory=list)

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/en/rules", self._page)
        app.router.add_get("/resources/{name}", self._file)
        return app

    async def _page(self, request: web.Request) -> web.Response:
        self.requested.append(request.raw_path)
        self.user_agents.append(request.headers.get("User-Agent", ""))
        return web.Response(text=self.page, content_type="text/html")

    async def _file(self, request: web.Request) -> web.Response:
        self.requested.append(request.raw_path)
        if request.match_info["name"] != RULES_PATH.rsplit("/", 1)[1]:
            raise web.HTTPNotFound()
        return web.Response(body=self.rules, content_type="text/plain")


@pytest.fixture
def site() -> FakeRulesSite:
    return FakeRulesSite()


@pytest.fixture
async def page_url(site: FakeRulesSite) -> AsyncIterator[str]:
    server = TestServer(site.app(), host="127.0.0.1")
    await server.start_server()
    try:
        yield str(server.make_url("/en/rules"))
    finally:
        await server.close()


def test_the_txt_link_is_found_and_its_space_escaped() -> None:
    page = '<p><a href="https://media.example/MagicCompRules 20250207.txt">Rules (TXT)</a></p>'
    assert find_rules_link(page, "https://x.example/en/rules") == (
        "https://media.example/MagicCompRules%2020250207.txt"
    )


def test_relative_and_html_escaped_links_are_resolved() -> None:
    page = "<a href='/pdf.pdf'>PDF</a> <a href='files/Rules &amp; Notes.txt'>TXT</a>"
    assert find_rules_link(page, "https://x.example/en/rules") == (
        "https://x.example/en/files/Rules%20&%20Notes.txt"
    )


def test_a_page_without_a_txt_link_is_an_error() -> None:
    with pytest.raises(RulesDownloadError, match=r"links no \.txt"):
        find_rules_link('<a href="/rules.pdf">PDF</a>', "https://x.example/en/rules")


async def test_download_follows_the_link_with_the_space_escaped(site: FakeRulesSite, page_url: str) -> None:
    downloaded = await download_rules(page_url)
    assert downloaded.raw == MINI_RULES.encode("utf-8")
    assert downloaded.url.endswith("/resources/MagicCompRules%2020330304.txt")
    assert site.requested == ["/en/rules", "/resources/MagicCompRules%2020330304.txt"]


async def test_a_missing_file_is_a_download_error(site: FakeRulesSite, page_url: str) -> None:
    site.page = '<a href="/resources/gone.txt">TXT</a>'
    with pytest.raises(RulesDownloadError, match="HTTP 404"):
        await download_rules(page_url)


async def test_an_unreachable_page_is_a_download_error() -> None:
    with pytest.raises(RulesDownloadError, match="could not fetch"):
        await download_rules("http://127.0.0.1:9/en/rules")


async def test_the_first_use_downloads_once(site: FakeRulesSite, page_url: str, tmp_path: Path) -> None:
    store = RulesStore(open_database(tmp_path / "rules.db"))
    settings = Settings(db=tmp_path / "rules.db", rules_url=page_url)
    summary = await ensure_rules(store, settings)
    assert summary is not None
    assert (summary.version, summary.rules, summary.examples) == (date(2033, 3, 4), 8, 2)
    assert summary.source.endswith("MagicCompRules%2020330304.txt")
    assert store.exists("707.2m")
    assert await ensure_rules(store, settings) is None
    assert len(site.requested) == 2


async def test_offline_without_rules_explains_how_to_import(tmp_path: Path) -> None:
    store = RulesStore(open_database(tmp_path / "rules.db"))
    settings = Settings(db=tmp_path / "rules.db", offline=True, rules_url="http://127.0.0.1:9/en/rules")
    with pytest.raises(RulesUnavailable, match="mtg-judge import-rules PATH"):
        await ensure_rules(store, settings)


def traced_session(urls: list[str]) -> aiohttp.ClientSession:
    """An HTTP session that records the URL of every request it sends into ``urls``."""

    async def record(
        _: aiohttp.ClientSession, __: SimpleNamespace, params: aiohttp.TraceRequestStartParams
    ) -> None:
        urls.append(str(params.url))

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(record)
    return aiohttp.ClientSession(trace_configs=[trace])


async def test_a_given_session_is_used_and_left_open(site: FakeRulesSite, page_url: str) -> None:
    urls: list[str] = []
    async with traced_session(urls) as session:
        downloaded = await download_rules(page_url, session)
        assert not session.closed
    assert downloaded.raw == MINI_RULES.encode("utf-8")
    assert [url.rsplit("/", 1)[1] for url in urls] == ["rules", "MagicCompRules%2020330304.txt"]
    assert site.user_agents[0].startswith("mtg-judge/")


async def test_services_download_the_rules_through_their_one_session(
    site: FakeRulesSite, page_url: str, tmp_path: Path
) -> None:
    urls: list[str] = []
    settings = Settings(db=tmp_path / "rules.db", rules_url=page_url)
    async with open_services(settings) as services, traced_session(urls) as shared:
        rules = await load_rules(replace(services, http=shared))
    assert len(urls) == 2
    assert rules.downloaded is not None
    assert (rules.version, rules.downloaded.rules) == ("2033-03-04", 8)
