"""The Scryfall client against the fake server: headers, endpoints, typed errors, rate limits, back-off."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from importlib.metadata import version
from itertools import pairwise
from pathlib import Path

import aiohttp
import pytest

from data.scryfall.client import MAX_FAILURE_RETRIES, ScryfallClient
from data.scryfall.errors import ScryfallAmbiguous, ScryfallNotFound, ScryfallRateLimited, ScryfallUnavailable
from tests.fakes.scryfall import FakeScryfall, Fault


class SleepRecorder:
    """The client's back-off clock: records each requested delay instead of waiting."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()


@pytest.fixture
async def client(fake_scryfall: FakeScryfall, sleeps: SleepRecorder) -> AsyncIterator[ScryfallClient]:
    async with aiohttp.ClientSession() as session:
        yield ScryfallClient(session, fake_scryfall.url, timeout=0.5, sleep=sleeps)


async def test_every_request_identifies_itself(client: ScryfallClient, fake_scryfall: FakeScryfall) -> None:
    await client.card_named("Opt")
    await client.bulk_data()
    assert len(fake_scryfall.requests) == 2
    for request in fake_scryfall.requests:
        assert request.headers["User-Agent"] == f"mtg-judge/{version('mtg-judge')}"
        assert request.headers["Accept"] == "application/json"


async def test_named_exact_and_fuzzy(client: ScryfallClient) -> None:
    assert str((await client.card_named("tarmogoyf")).oracle_text).startswith("Tarmogoyf's power")
    assert (await client.card_named("lim-dûl's va", fuzzy=True)).name == "Lim-Dûl's Vault"


async def test_not_found_carries_scryfalls_error_object(client: ScryfallClient) -> None:
    with pytest.raises(ScryfallNotFound) as caught:
        await client.card_named("No Such Card Anywhere")
    assert caught.value.status == 404
    assert caught.value.code == "not_found"
    assert caught.value.details == "No card found with the given name."
    assert caught.value.error["object"] == "error"


async def test_ambiguous_fuzzy_name_is_its_own_error(client: ScryfallClient) -> None:
    with pytest.raises(ScryfallAmbiguous) as caught:
        await client.card_named("phoenix", fuzzy=True)
    assert caught.value.status == 404
    assert caught.value.error["type"] == "ambiguous"
    assert "ambiguous" in caught.value.details


async def test_autocomplete_search_rulings_and_bulk_data(client: ScryfallClient, tmp_path: Path) -> None:
    assert "Tarmogoyf" in await client.autocomplete("tarmo")
    found = await client.search("lim-dûl")  # two pages of 5
    assert len(found) == 8
    assert all("Lim-Dûl" in card.name for card in found)
    assert len({card.name for card in found}) == len(found)
    opt = await client.card_named("Opt")
    assert (await client.rulings(str(opt.id)))[0]["comment"] == "A ruling about Opt."
    entry = await client.oracle_cards_bulk()
    assert entry["type"] == "oracle_cards"
    target = tmp_path / "bulk.json"
    await client.download(entry["download_uri"], target)
    assert target.read_text() == "[]"


async def test_named_endpoints_are_limited_to_two_requests_a_second(
    client: ScryfallClient, fake_scryfall: FakeScryfall
) -> None:
    await asyncio.gather(*(client.card_named("Opt") for _ in range(4)))
    arrivals = [request.at for request in fake_scryfall.requests_to("/cards/named")]
    assert len(arrivals) == 4
    assert arrivals[-1] - arrivals[0] > 1.4  # 0.5 s apart; arrival times jitter by a few ms
    assert min(later - earlier for earlier, later in pairwise(arrivals)) > 0.35


async def test_other_endpoints_allow_ten_a_second_independently(
    client: ScryfallClient, fake_scryfall: FakeScryfall
) -> None:
    await asyncio.gather(
        client.card_named("Opt"), client.card_named("Fling"), *(client.bulk_data() for _ in range(6))
    )
    bulk = [request.at for request in fake_scryfall.requests_to("/bulk-data")]
    assert len(bulk) == 6
    assert 0.4 < bulk[-1] - bulk[0] < 0.9  # 0.1 s apart, not held to the 2/s of /cards/named
    named = fake_scryfall.requests_to("/cards/named")
    assert bulk[1] < named[1].at  # the groups do not wait for each other


async def test_429_backs_off_for_retry_after_then_retries(
    client: ScryfallClient, fake_scryfall: FakeScryfall, sleeps: SleepRecorder
) -> None:
    fake_scryfall.fail_next(Fault("429", "/cards/named", retry_after="7"))
    assert (await client.card_named("Opt")).name == "Opt"
    assert sleeps.delays == [pytest.approx(7.0, abs=0.5)]
    assert len(fake_scryfall.requests_to("/cards/named")) == 2


async def test_a_429_pauses_the_whole_endpoint_group(
    client: ScryfallClient, fake_scryfall: FakeScryfall, sleeps: SleepRecorder
) -> None:
    fake_scryfall.fail_next(Fault("429", "/cards/named", retry_after="5"))
    await client.card_named("Opt")  # refused once, waits 5 s (on the fake clock), then answered
    await client.card_named("Fling")  # the fake clock did not move: this one must wait too
    await client.bulk_data()  # another group: no wait
    assert len(sleeps.delays) == 2
    assert sleeps.delays[0] == pytest.approx(5.0, abs=0.5)
    assert 3.0 < sleeps.delays[1] <= sleeps.delays[0]  # what is left of the 5 s


async def test_429_without_retry_after_waits_thirty_seconds(
    client: ScryfallClient, fake_scryfall: FakeScryfall, sleeps: SleepRecorder
) -> None:
    fake_scryfall.fail_next(Fault("429", "/bulk-data"))
    await client.bulk_data()
    assert sleeps.delays == [pytest.approx(30.0, abs=0.5)]


async def test_persistent_429_gives_up_with_a_typed_error(
    client: ScryfallClient, fake_scryfall: FakeScryfall, sleeps: SleepRecorder
) -> None:
    fake_scryfall.fail_next(*(Fault("429", "/bulk-data", retry_after="1") for _ in range(10)))
    with pytest.raises(ScryfallRateLimited):
        await client.bulk_data()
    assert sleeps.delays == [pytest.approx(1.0, abs=0.5)] * 3
    assert len(fake_scryfall.requests) == 4


async def test_server_errors_become_unavailable(client: ScryfallClient, fake_scryfall: FakeScryfall) -> None:
    fake_scryfall.fail_next(*[Fault("500")] * (MAX_FAILURE_RETRIES + 1))  # one 5xx is tried again
    with pytest.raises(ScryfallUnavailable) as caught:
        await client.card_named("Opt")
    assert caught.value.status == 500
    assert caught.value.code == "internal_error"


async def test_malformed_json_becomes_unavailable(
    client: ScryfallClient, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.fail_next(Fault("malformed"))
    with pytest.raises(ScryfallUnavailable) as caught:
        await client.card_named("Opt")
    assert caught.value.code == "malformed"


async def test_slow_answers_time_out(client: ScryfallClient, fake_scryfall: FakeScryfall) -> None:
    fake_scryfall.fail_next(Fault("slow", delay=1.0))
    with pytest.raises(ScryfallUnavailable) as caught:
        await client.bulk_data()
    assert caught.value.code == "timeout"


async def test_an_unreachable_server_becomes_unavailable(sleeps: SleepRecorder) -> None:
    async with aiohttp.ClientSession() as session:
        client = ScryfallClient(session, "http://127.0.0.1:9", timeout=0.5, sleep=sleeps)
        with pytest.raises(ScryfallUnavailable):
            await client.bulk_data()
