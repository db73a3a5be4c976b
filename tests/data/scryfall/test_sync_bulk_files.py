"""``sync`` with an empty or cut-short bulk file (issue 22, item 6): refused before anything is
imported, leaving the cached cards, their rulings and the bulk date as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.config import Settings
from bot.judge import Judge, SyncFailed
from data.cards.repository import CardRepository
from data.db import open_database
from tests.card_data import card_json
from tests.fakes.scryfall import FakeScryfall, Fault

NEWER = "2020-01-02T09:00:00.000+00:00"


def ruling(name: str, comment: str) -> dict[str, str]:
    """A ruling of the card ``name`` in Scryfall's bulk form."""
    oracle_id = str(card_json(name)["oracle_id"])
    return {
        "object": "ruling",
        "oracle_id": oracle_id,
        "source": "wotc",
        "published_at": "2019-01-25",
        "comment": comment,
    }


def cache_state(path: Path) -> tuple[int, str, list[str], list[str]]:
    """The cache's card count, bulk date, card names and the rulings of Opt."""
    db = open_database(path)
    try:
        repository = CardRepository(db)
        names = sorted(str(row[0]) for row in db.execute("SELECT name FROM cards"))
        rulings = [str(r["comment"]) for r in repository.rulings(str(card_json("Opt")["oracle_id"])) or []]
        return repository.count(), repository.metadata().get("bulk_date", ""), names, rulings
    finally:
        db.close()


async def sync(path: Path, fake: FakeScryfall) -> None:
    async with Judge.open(Settings(db=path, scryfall_base_url=fake.url)) as judge:
        await judge.sync_cards()


@pytest.fixture
async def synced(tmp_path: Path, fake_scryfall: FakeScryfall) -> Path:
    """A cache synced once (Opt and Fling, one ruling of Opt, 2019-09-26); Scryfall now offers a newer
    file (Opt, Fling and Tarmogoyf, another ruling, 2020-01-02) unless a test spoils it."""
    cache = tmp_path / "cache.db"
    fake_scryfall.bulk_cards = [card_json("Opt"), card_json("Fling")]
    fake_scryfall.bulk_rulings = [ruling("Opt", "Before.")]
    await sync(cache, fake_scryfall)
    assert cache_state(cache) == (2, "2019-09-26", ["Fling", "Opt"], ["Before."])
    fake_scryfall.bulk_cards = [card_json("Opt"), card_json("Fling"), card_json("Tarmogoyf")]
    fake_scryfall.bulk_rulings = [ruling("Opt", "After.")]
    fake_scryfall.bulk_updated_at = NEWER
    return cache


def _cut(records: list[dict[str, object]]) -> bytes:
    whole = json.dumps(records).encode()
    return whole[: len(whole) * 2 // 3]


SPOILED = {
    "cards-empty": ("bulk_cards_body", b"", "oracle_cards bulk file is empty"),
    "cards-no-card": ("bulk_cards_body", b"[]", "oracle_cards bulk file holds no card"),
    "cards-cut": ("bulk_cards_body", None, "oracle_cards bulk file is cut short"),
    "cards-not-an-array": (
        "bulk_cards_body",
        b'{"object": "error"}',
        "oracle_cards bulk file is not a JSON array",
    ),
    "rulings-empty": ("bulk_rulings_body", b"", "rulings bulk file is empty"),
    "rulings-cut": ("bulk_rulings_body", None, "rulings bulk file is cut short"),
}


@pytest.mark.parametrize("spoiled", SPOILED, ids=list(SPOILED))
async def test_an_empty_or_cut_bulk_file_leaves_the_cache_and_its_date(
    synced: Path, fake_scryfall: FakeScryfall, spoiled: str
) -> None:
    attribute, body, said = SPOILED[spoiled]
    if body is None:  # served whole (its length as announced), but the file itself stops midway
        records = fake_scryfall.bulk_cards if attribute == "bulk_cards_body" else fake_scryfall.bulk_rulings
        body = _cut(records)
    setattr(fake_scryfall, attribute, body)
    with pytest.raises(SyncFailed, match=said) as caught:
        await sync(synced, fake_scryfall)
    assert "the cache is unchanged" in str(caught.value)
    assert cache_state(synced) == (2, "2019-09-26", ["Fling", "Opt"], ["Before."])


async def test_a_download_cut_short_leaves_the_cache_and_its_date(
    synced: Path, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.fail_next(Fault("truncated", "/downloads/rulings.json"))
    with pytest.raises(SyncFailed):
        await sync(synced, fake_scryfall)
    assert cache_state(synced) == (2, "2019-09-26", ["Fling", "Opt"], ["Before."])


async def test_a_rulings_file_without_rulings_keeps_the_cached_rulings(
    synced: Path, fake_scryfall: FakeScryfall
) -> None:
    fake_scryfall.bulk_rulings = []
    await sync(synced, fake_scryfall)
    assert cache_state(synced) == (3, "2020-01-02", ["Fling", "Opt", "Tarmogoyf"], ["Before."])


async def test_whole_files_are_imported_with_their_date(synced: Path, fake_scryfall: FakeScryfall) -> None:
    await sync(synced, fake_scryfall)
    assert cache_state(synced) == (3, "2020-01-02", ["Fling", "Opt", "Tarmogoyf"], ["After."])
