"""Nothing lost under faults: stalls, 5xx bursts, 429 storms, odd bodies, an unreachable Scryfall, two
writers at once (issue "Hardening")."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from data.cards.errors import CardNotFound, CardUnavailable
from data.scryfall.client import MAX_REPLY_BYTES, ScryfallClient
from data.scryfall.errors import ScryfallRateLimited, ScryfallUnavailable
from engine import WorldError
from tests.data.cards.test_card_service import open_card_service, settings
from tests.data.scryfall.test_scryfall_client import SleepRecorder
from tests.fakes.scryfall import FakeScryfall, Fault


@pytest.fixture
async def client(fake_scryfall: FakeScryfall) -> AsyncIterator[ScryfallClient]:
    async with aiohttp.ClientSession() as session:
        yield ScryfallClient(session, fake_scryfall.url, timeout=2, sleep=SleepRecorder(), idle_timeout=0.5)


async def test_a_huge_retry_after_fails_at_once_and_is_still_honoured(
    client: ScryfallClient, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.fail_next(Fault("429", "/cards/named", retry_after="100000"))
    start = time.monotonic()
    with pytest.raises(ScryfallRateLimited, match="wait 100000 s"):
        await client.card_named("Opt")
    with pytest.raises(ScryfallRateLimited):  # no request goes out before the back-off ends
        await client.card_named("Opt")
    assert time.monotonic() - start < 3
    assert len(fake_scryfall.requests_to("/cards/named")) == 1


async def test_a_429_storm_without_retry_after_gives_up_saying_rate_limited(
    client: ScryfallClient, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.fail_next(*(Fault("429", "/cards/named") for _ in range(10)))
    with pytest.raises(ScryfallRateLimited, match=r"limiting our requests|wait"):
        await client.card_named("Opt")
    assert len(fake_scryfall.requests_to("/cards/named")) <= 2  # 30 s of back-off at most, then stop


async def test_a_429_storm_never_exceeds_the_published_rate(
    client: ScryfallClient, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.fail_next(*(Fault("429", "/cards/named", retry_after="0") for _ in range(3)))
    for _ in range(2):
        await client.card_named("Opt")
    arrivals = [request.at for request in fake_scryfall.requests_to("/cards/named")]
    gaps = [later - earlier for earlier, later in itertools.pairwise(arrivals)]
    assert len(arrivals) == 5
    assert min(gaps) >= 0.45  # 2 requests/s for /cards/named


async def test_a_burst_of_5xx_is_unavailable_not_not_found(
    client: ScryfallClient, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.fail_next(*(Fault("503", "/cards/named") for _ in range(5)))
    with pytest.raises(ScryfallUnavailable):
        await client.card_named("Opt")


async def test_an_oversized_reply_is_refused_without_reading_it_all(
    client: ScryfallClient, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.fail_next(Fault("oversized", "/cards/named", size=4 * MAX_REPLY_BYTES))
    with pytest.raises(ScryfallUnavailable, match="more than"):
        await client.card_named("Opt")


async def test_a_truncated_reply_is_unavailable(client: ScryfallClient, fake_scryfall: FakeScryfall) -> None:
    fake_scryfall.fail_next(Fault("truncated", "/cards/named"))
    with pytest.raises(ScryfallUnavailable):
        await client.card_named("Opt")


async def test_a_stalled_download_fails_within_seconds_with_a_clear_message(
    client: ScryfallClient, fake_scryfall: FakeScryfall, tmp_path: Path
) -> None:
    fake_scryfall.fail_next(Fault("stall", "/downloads", delay=3))
    start = time.monotonic()
    with pytest.raises(ScryfallUnavailable, match="stalled"):
        await client.download(f"{fake_scryfall.url}/downloads/oracle-cards.json", tmp_path / "x.json")
    assert time.monotonic() - start < 5


async def test_an_unreachable_scryfall_is_a_world_error_not_not_found(
    tmp_path: Path, fake_scryfall: FakeScryfall
) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        await cards.find("Opt")
        fake_scryfall.outage = True
        assert (await cards.find("Opt")).name == "Opt"  # still answered from the cache
        with pytest.raises(CardUnavailable) as caught:
            await cards.find("Fling")
    assert isinstance(caught.value, WorldError)
    assert "No card named" not in str(caught.value)
    assert "Scryfall is unreachable" in str(caught.value)


async def test_not_found_only_when_scryfall_said_so(tmp_path: Path, fake_scryfall: FakeScryfall) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        with pytest.raises(CardNotFound) as caught:
            await cards.find("Definitely Not A Card Name")
    assert not isinstance(caught.value, CardUnavailable)


_IMPORT = """
import sys
from pathlib import Path
from data.db import open_database
from data.cards.importer import import_cards
import_cards(open_database(sys.argv[1]), Path(sys.argv[2]))
print("imported")
"""


def test_two_imports_at_once_wait_their_turn(tmp_path: Path) -> None:
    cards = [
        {"name": f"Card {i}", "layout": "normal", "type_line": "Creature", "cmc": 1.0} for i in range(30_000)
    ]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards))
    db = tmp_path / "cache.db"
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", _IMPORT, str(db), str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    outputs = [run.communicate(timeout=180) for run in runs]
    assert [out.decode().strip() for out, _ in outputs] == ["imported", "imported"], outputs
    assert all(b"locked" not in err for _, err in outputs)
