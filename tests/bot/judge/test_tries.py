"""A question is tried on the Judge's worker until it is answered: each try ends with an explicit result
(answered, a card to fetch, rules to download), and each stop settles one more thing, so it ends."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

import bot.judge.judge as judge_module
from bot.config import Settings
from bot.judge import Judge, original_state
from bot.judge.asking import Answered, NeedsCard, NeedsRules, Tried, try_question
from tests.fakes.scryfall import FakeScryfall


@pytest.fixture
def tries(monkeypatch: pytest.MonkeyPatch) -> list[Tried[Any]]:
    """What every try of a question on the Judge ended with, in order."""
    results: list[Tried[Any]] = []

    def counted(*args: Any) -> Tried[Any]:
        result = try_question(*args)
        results.append(result)
        return result

    monkeypatch.setattr(judge_module, "try_question", counted)
    return results


def _kinds(results: list[Tried[Any]]) -> list[type]:
    return [type(result) for result in results]


async def test_a_question_needing_two_unknown_cards_is_tried_three_times(
    judge_cache: Path, tmp_path: Path, fake_scryfall: FakeScryfall, tries: list[Tried[Any]]
) -> None:
    path = tmp_path / "cache.db"
    shutil.copy(judge_cache, path)
    settings = Settings(db=path, offline=False, scryfall_base_url=fake_scryfall.url)
    async with Judge.open(settings) as judge:
        result = await judge.copy("Clonne", "Tarmogoyff", original_state())
    assert _kinds(tries) == [NeedsCard, NeedsCard, Answered]
    first, second = (result for result in tries if isinstance(result, NeedsCard))
    assert (first.lookup.query, second.lookup.query) == ("Clonne", "Tarmogoyff")
    assert [request.query.get("exact") for request in fake_scryfall.requests_to("/cards/named")] == [
        "Clonne",
        "Tarmogoyff",
    ]
    current = result.answer.result.current
    assert (current.name, current.power, current.toughness) == ("Tarmogoyf", 0, 1)


async def test_a_question_settled_by_the_cache_is_one_try(
    offline_settings: Settings, tries: list[Tried[Any]]
) -> None:
    async with Judge.open(offline_settings) as judge:
        result = await judge.linked(["Nightveil Specter"])
    assert _kinds(tries) == [Answered]
    assert result.report.card == "Nightveil Specter"


@pytest.fixture
async def rules_site(rules_path: Path) -> AsyncIterator[tuple[str, list[str]]]:
    """A rules page linking the shared rules text, and the paths requested from it."""
    requested: list[str] = []

    def serve(body: Callable[[], web.Response]) -> Callable[[web.Request], Any]:
        async def handler(request: web.Request) -> web.Response:
            requested.append(request.path)
            return body()

        return handler

    app = web.Application()
    page = '<a href="/resources/MagicCompRules.txt">TXT</a>'
    app.router.add_get("/en/rules", serve(lambda: web.Response(text=page, content_type="text/html")))
    app.router.add_get(
        "/resources/MagicCompRules.txt", serve(lambda: web.Response(body=rules_path.read_bytes()))
    )
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        yield str(server.make_url("/en/rules")), requested
    finally:
        await server.close()


async def test_a_question_needing_rules_downloads_them_once(
    card_cache_db: Path, tmp_path: Path, rules_site: tuple[str, list[str]], tries: list[Tried[Any]]
) -> None:
    path = tmp_path / "cache.db"
    shutil.copy(card_cache_db, path)
    url, requested = rules_site
    settings = Settings(db=path, offline=False, rules_url=url, scryfall_base_url="http://127.0.0.1:9")
    async with Judge.open(settings) as judge:
        first = await judge.parse("Grizzly Bears")
        second = await judge.parse("Grizzly Bears")
    assert _kinds(tries) == [NeedsRules, Answered, Answered]
    assert first.downloaded is not None
    assert first.downloaded.source.endswith("/resources/MagicCompRules.txt")
    assert second.downloaded is None
    assert requested == ["/en/rules", "/resources/MagicCompRules.txt"]
    assert first.card.name == "Grizzly Bears"
