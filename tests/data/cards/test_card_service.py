"""CardService: cache first, then Scryfall (exact, then fuzzy), storing what it fetches; outages."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.config import Settings
from bot.judge.services import open_services
from data.cards.errors import AmbiguousCardName, CardNotFound
from data.cards.service import CardService
from data.scryfall.client import MAX_FAILURE_RETRIES
from tests.card_data import card_json, card_record
from tests.fakes.scryfall import FakeScryfall


def settings(tmp_path: Path, fake: FakeScryfall, *, offline: bool = False) -> Settings:
    return Settings(db=tmp_path / "cache.db", scryfall_base_url=fake.url, offline=offline)


@asynccontextmanager
async def open_card_service(settings: Settings) -> AsyncIterator[CardService]:
    async with open_services(settings) as services:
        yield services.cards


async def test_a_cache_miss_is_fetched_exactly_and_stored(
    tmp_path: Path, fake_scryfall: FakeScryfall
) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        assert (await cards.find("Tarmogoyf")).scryfall() == card_json("Tarmogoyf")
    assert [r.query for r in fake_scryfall.requests] == [{"exact": "Tarmogoyf"}]
    async with open_card_service(settings(tmp_path, fake_scryfall, offline=True)) as cards:
        assert (await cards.find("tarmogoyf")).name == "Tarmogoyf"
    assert len(fake_scryfall.requests) == 1


async def test_cached_exact_names_never_touch_the_network(
    tmp_path: Path, fake_scryfall: FakeScryfall
) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        await cards.find("Opt")
        await cards.find("opt")
        await cards.find("OPT")
    assert len(fake_scryfall.requests) == 1


async def test_fuzzy_fallback_after_an_exact_miss(tmp_path: Path, fake_scryfall: FakeScryfall) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        assert (await cards.find("lim-dûl's va")).name == "Lim-Dûl's Vault"
        assert [list(r.query) for r in fake_scryfall.requests] == [["exact"], ["fuzzy"]]
        assert cards.find_cached("lim-dul's vault").name == "Lim-Dûl's Vault"


async def test_an_ambiguous_fuzzy_answer_gives_candidates(
    tmp_path: Path, fake_scryfall: FakeScryfall
) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        with pytest.raises(AmbiguousCardName) as caught:
            await cards.find("phoenix")
    assert "Arclight Phoenix" in caught.value.candidates
    assert all("Phoenix" in name for name in caught.value.candidates)


async def test_an_unknown_name_is_not_found(tmp_path: Path, fake_scryfall: FakeScryfall) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        with pytest.raises(CardNotFound) as caught:
            await cards.find("Qwertyuiop Zxcvbnm")
    assert caught.value.query == "Qwertyuiop Zxcvbnm"


async def test_offline_never_touches_the_network(tmp_path: Path, fake_scryfall: FakeScryfall) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall, offline=True)) as cards:
        with pytest.raises(CardNotFound, match=r"The card cache is empty .*`mtg-judge import-cards PATH`"):
            await cards.find("Tarmogoyf")
        assert await cards.rulings(card_record("Opt")) is None  # not known: never fetched, not "none"
    assert fake_scryfall.requests == []


async def test_cached_cards_are_served_during_an_outage(tmp_path: Path, fake_scryfall: FakeScryfall) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        await cards.find("Opt")
        await cards.find("Tarmogoyf")
        fake_scryfall.outage = True
        assert (await cards.find("Opt")).name == "Opt"
        assert (await cards.find("tarmogyf")).name == "Tarmogoyf"  # a typo: Scryfall is asked, and fails
        with pytest.raises(CardNotFound, match="Scryfall is unreachable"):
            await cards.find("Fling")
    assert len(fake_scryfall.requests_to("/cards/named")) == 2 + 2 * (MAX_FAILURE_RETRIES + 1)  # 5xx: retried


async def test_a_partial_match_in_a_partial_cache_asks_scryfall_first(
    tmp_path: Path, fake_scryfall: FakeScryfall
) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        await cards.find("Ob Nixilis Reignited")
        assert (await cards.find("Nix")).name == "Nix"


async def test_rulings_are_fetched_once_then_cached(tmp_path: Path, fake_scryfall: FakeScryfall) -> None:
    async with open_card_service(settings(tmp_path, fake_scryfall)) as cards:
        opt = await cards.find("Opt")
        first = await cards.rulings(opt)
        assert await cards.rulings(opt) == first
    assert [ruling["comment"] for ruling in first or []] == ["A ruling about Opt."]
    assert len(fake_scryfall.requests_to("/cards/")) == 2  # /cards/named, then /cards/{id}/rulings once


async def test_services_open_the_database_and_card_service(
    tmp_path: Path, fake_scryfall: FakeScryfall
) -> None:
    async with open_services(settings(tmp_path, fake_scryfall)) as services:
        assert (await services.cards.find("Opt")).name == "Opt"
        assert services.db.execute("SELECT count(*) FROM cards").fetchone()[0] == 1
