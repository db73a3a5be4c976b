"""Scryfall replies of any shape (issue 22, item 4): an HTML error page, no content type, an unknown
charset, deep nesting, a slow drip; 5xx and broken connections tried again with a jittered back-off;
a deadline per fetch; and the card cache answering when Scryfall's reply is unusable."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from data.cards.errors import CardUnavailable
from data.scryfall.client import MAX_FAILURE_RETRIES, RETRY_BASE, ScryfallClient
from data.scryfall.errors import ScryfallNotFound, ScryfallUnavailable
from data.scryfall.replies import MAX_JSON_DEPTH, decoded, nests_deeper, parsed_json
from tests.data.cards.test_card_service import open_card_service, settings
from tests.data.scryfall.test_scryfall_client import SleepRecorder
from tests.fakes.scryfall import FakeScryfall, Fault

CDN_502 = b"<html><head><title>502 Bad Gateway</title></head><body><center>cloudflare</center></body></html>"
OPT = b'{"object": "card", "name": "Opt", "oracle_text": "Scry 1. Draw a card."}'


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()


@pytest.fixture
async def client(fake_scryfall: FakeScryfall, sleeps: SleepRecorder) -> AsyncIterator[ScryfallClient]:
    async with aiohttp.ClientSession() as session:
        yield ScryfallClient(session, fake_scryfall.url, timeout=5, sleep=sleeps)


def raw(body: bytes, content_type: str | None, status: int = 200, times: int = 1) -> list[Fault]:
    """``times`` replies to /cards/named of ``body`` under ``content_type`` (None: no header at all)."""
    return [Fault("raw", "/cards/named", status=status, body=body, content_type=content_type)] * times


async def test_a_cdn_html_502_page_is_tried_again_then_unavailable(
    client: ScryfallClient, fake_scryfall: FakeScryfall, sleeps: SleepRecorder
) -> None:
    fake_scryfall.fail_next(*raw(CDN_502, "text/html", status=502, times=MAX_FAILURE_RETRIES + 1))
    said = rf"unavailable \(HTTP 502\) \(after {MAX_FAILURE_RETRIES + 1} tries\)"
    with pytest.raises(ScryfallUnavailable, match=said) as caught:
        await client.card_named("Opt")
    assert caught.value.status == 502
    assert len(fake_scryfall.requests_to("/cards/named")) == MAX_FAILURE_RETRIES + 1
    assert len(sleeps.delays) == MAX_FAILURE_RETRIES
    for attempt, delay in enumerate(sleeps.delays):  # doubling, jittered down to half
        assert RETRY_BASE * 2**attempt / 2 <= delay <= RETRY_BASE * 2**attempt


async def test_one_5xx_is_tried_again_and_answered(
    client: ScryfallClient, fake_scryfall: FakeScryfall, sleeps: SleepRecorder
) -> None:
    fake_scryfall.fail_next(Fault("503", "/cards/named"))
    assert (await client.card_named("Opt")).name == "Opt"
    assert len(fake_scryfall.requests_to("/cards/named")) == 2
    assert len(sleeps.delays) == 1


async def test_a_4xx_is_not_tried_again(client: ScryfallClient, fake_scryfall: FakeScryfall) -> None:
    with pytest.raises(ScryfallNotFound):
        await client.card_named("No Such Card Anywhere")
    assert len(fake_scryfall.requests_to("/cards/named")) == 1


async def test_a_broken_connection_is_tried_again_then_unavailable(sleeps: SleepRecorder) -> None:
    async with aiohttp.ClientSession() as session:
        client = ScryfallClient(session, "http://127.0.0.1:9", timeout=5, sleep=sleeps)
        with pytest.raises(ScryfallUnavailable, match="cannot reach Scryfall") as caught:
            await client.bulk_data()
    assert caught.value.code == "connection"
    assert len(sleeps.delays) == MAX_FAILURE_RETRIES


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (CDN_502, "text/html"),
        (CDN_502, None),
        (b"Service temporarily unavailable \xff\xfe", "text/plain; charset=x-no-such-charset"),
        (b"", None),
    ],
    ids=["html-200", "html-no-content-type", "unknown-charset", "empty"],
)
async def test_a_reply_that_is_not_json_is_unavailable(
    client: ScryfallClient, fake_scryfall: FakeScryfall, body: bytes, content_type: str | None
) -> None:
    fake_scryfall.fail_next(*raw(body, content_type))
    with pytest.raises(ScryfallUnavailable, match="something other than JSON") as caught:
        await client.card_named("Opt")
    assert caught.value.code == "malformed"


@pytest.mark.parametrize(
    "content_type",
    [None, "text/plain", "application/json; charset=x-no-such-charset", "text/html; charset=base64"],
)
async def test_json_without_a_usable_content_type_is_read_as_utf8(
    client: ScryfallClient, fake_scryfall: FakeScryfall, content_type: str | None
) -> None:
    fake_scryfall.fail_next(*raw(OPT, content_type))
    assert (await client.card_named("Opt")).oracle_text == "Scry 1. Draw a card."


async def test_the_declared_charset_is_honoured(client: ScryfallClient, fake_scryfall: FakeScryfall) -> None:
    body = '{"object": "card", "name": "Lim-Dûl\'s Vault"}'.encode("latin-1")
    fake_scryfall.fail_next(*raw(body, "application/json; charset=latin-1"))
    assert (await client.card_named("Lim-Dûl's Vault")).name == "Lim-Dûl's Vault"


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 100_000])
async def test_deeply_nested_json_is_unavailable_not_a_recursion(
    client: ScryfallClient, fake_scryfall: FakeScryfall, depth: int
) -> None:
    nested = b'{"object": "card", "name": "Opt", "x": ' + b"[" * depth + b"]" * depth + b"}"
    fake_scryfall.fail_next(*raw(nested, "application/json"))
    with pytest.raises(ScryfallUnavailable, match=f"deeper than {MAX_JSON_DEPTH} levels"):
        await client.card_named("Opt")


def test_nesting_is_counted_exactly_at_the_bound() -> None:
    at_bound = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert parsed_json(at_bound) is not None
    assert not nests_deeper({"a": [{"b": []}]}, 4)
    assert nests_deeper({"a": [{"b": []}]}, 3)
    with pytest.raises(ValueError, match="deeper"):
        parsed_json("[" + at_bound + "]")


def test_any_bytes_decode_under_any_declared_charset() -> None:
    assert decoded(b"caf\xc3\xa9", None) == "café"
    assert decoded(b"caf\xe9", "latin-1") == "café"
    assert decoded(b"caf\xe9", "utf-8") == "caf\ufffd"
    assert decoded(b"caf\xc3\xa9", "no-such-charset") == "café"
    assert decoded(b"caf\xc3\xa9", "rot13") == "café"  # a codec, but not bytes to text
    assert decoded(b"xn--\xff", "idna") == "xn--\ufffd"  # idna ignores errors=replace: raises instead


async def test_a_slow_drip_is_given_up_at_the_deadline_and_said_to_be_slow(
    fake_scryfall: FakeScryfall, sleeps: SleepRecorder
) -> None:
    fake_scryfall.fail_next(Fault("drip", "/cards/named", delay=30))
    async with aiohttp.ClientSession() as session:
        client = ScryfallClient(session, fake_scryfall.url, timeout=0.5, sleep=sleeps)
        started = time.monotonic()
        with pytest.raises(ScryfallUnavailable, match=r"too slow: \d+ bytes arrived in 0.5 s") as caught:
            await client.card_named("Opt")
    assert time.monotonic() - started < 10  # the drip goes on for 30 s
    assert caught.value.code == "timeout"
    assert "sent nothing" not in str(caught.value)


async def test_a_silent_server_is_said_to_have_sent_nothing(
    fake_scryfall: FakeScryfall, sleeps: SleepRecorder
) -> None:
    fake_scryfall.fail_next(Fault("slow", "/cards/named", delay=30))
    async with aiohttp.ClientSession() as session:
        client = ScryfallClient(session, fake_scryfall.url, timeout=0.5, sleep=sleeps)
        with pytest.raises(ScryfallUnavailable, match=r"sent nothing in 0.5 s"):
            await client.card_named("Opt")


async def test_the_deadline_bounds_each_request_of_a_fetch(
    fake_scryfall: FakeScryfall, sleeps: SleepRecorder
) -> None:
    fake_scryfall.fail_next(Fault("slow", "/bulk-data", delay=30))
    async with aiohttp.ClientSession() as session:
        client = ScryfallClient(session, fake_scryfall.url, timeout=20, deadline=0.5, sleep=sleeps)
        started = time.monotonic()
        with pytest.raises(ScryfallUnavailable, match=r"sent nothing in 0.5 s"):
            await client.bulk_data()
    assert time.monotonic() - started < 10  # not the request's 20 s, nor the server's 30


async def test_no_retry_waits_past_the_deadline(fake_scryfall: FakeScryfall, sleeps: SleepRecorder) -> None:
    fake_scryfall.outage = True
    async with aiohttp.ClientSession() as session:
        client = ScryfallClient(session, fake_scryfall.url, deadline=RETRY_BASE / 2, sleep=sleeps)
        with pytest.raises(ScryfallUnavailable):
            await client.bulk_data()
    assert len(fake_scryfall.requests_to("/bulk-data")) == 1  # the first back-off ends past the deadline
    assert sleeps.delays == []


async def test_an_html_502_falls_back_to_the_cached_card(tmp_path: Path, fake_scryfall: FakeScryfall) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        await cards.find("Tarmogoyf")
        fake_scryfall.fail_next(*raw(CDN_502, None, status=502, times=MAX_FAILURE_RETRIES + 1))
        assert (await cards.find("tarmogyf")).name == "Tarmogoyf"  # a typo: Scryfall asked, unusable
        fake_scryfall.fail_next(*raw(CDN_502, "text/html; charset=x-no-such"))
        with pytest.raises(CardUnavailable, match="Scryfall is unreachable"):
            await cards.find("Fling")


async def test_a_slowly_dripping_bulk_download_is_said_to_be_slow_not_stalled(
    fake_scryfall: FakeScryfall, sleeps: SleepRecorder, tmp_path: Path
) -> None:
    fake_scryfall.fail_next(Fault("drip", "/downloads", delay=30))
    async with aiohttp.ClientSession() as session:
        client = ScryfallClient(session, fake_scryfall.url, sleep=sleeps, idle_timeout=20)
        url = f"{fake_scryfall.url}/downloads/oracle-cards.json"
        started = time.monotonic()
        with pytest.raises(ScryfallUnavailable, match=r"too slow: \d+ bytes arrived in 0.5 s") as caught:
            await client.download(url, tmp_path / "cards.json", total_timeout=0.5)
    assert time.monotonic() - started < 10  # the drip goes on for 30 s
    assert "sent nothing" not in str(caught.value)
