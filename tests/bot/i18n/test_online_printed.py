"""A Japanese name the cache can't settle, looked up online: Scryfall's multilingual search on the printed
name, then the Oracle card by its Oracle id; both are stored, so the name answers offline afterwards."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.config import Settings
from bot.judge import AmbiguousCardName, CardNotFound, Judge, WorldError
from data.scryfall.client import MAX_FAILURE_RETRIES
from tests.bot.i18n.conftest import JA_FIXTURE
from tests.fakes.scryfall import FakeScryfall, Fault

NIGHTVEIL = "4ce83f8c-b27e-4e5b-b19b-76b66aaa904b"


@pytest.fixture
def scryfall(fake_scryfall: FakeScryfall) -> FakeScryfall:
    """The fake Scryfall, with the fixture's Japanese printings searchable."""
    fake_scryfall.printings = [json.loads(line) for line in JA_FIXTURE.read_text("utf-8").splitlines()]
    return fake_scryfall


def online(path: Path, scryfall: FakeScryfall) -> Settings:
    return Settings(db=path, offline=False, scryfall_base_url=scryfall.url)


async def test_a_japanese_name_is_searched_then_its_oracle_card_fetched(
    tmp_path: Path, scryfall: FakeScryfall
) -> None:
    async with Judge.open(online(tmp_path / "cache.db", scryfall)) as judge:
        answer = await judge.card("夜帷の死霊", lang="ja")
    assert answer.name == "Nightveil Specter"
    assert answer.printed is not None
    assert answer.printed.name == "夜帷の死霊"
    searches = scryfall.requests_to("/cards/search")
    assert [request.query.get("include_multilingual") for request in searches] == ["true", None]
    assert searches[0].query["q"] == '"夜帷の死霊"'
    assert searches[1].query["q"] == f"oracleid:{NIGHTVEIL}"
    assert scryfall.requests_to("/cards/named") == []
    scryfall.requests.clear()
    async with Judge.open(Settings(db=tmp_path / "cache.db", offline=True)) as judge:
        again = await judge.card("夜帷の死霊", lang="ja")
    assert again.name == "Nightveil Specter"
    assert scryfall.requests == []


async def test_a_cached_oracle_card_is_not_fetched_again(
    card_cache_db: Path, tmp_path: Path, scryfall: FakeScryfall
) -> None:
    path = tmp_path / "cache.db"
    shutil.copy(card_cache_db, path)
    async with Judge.open(online(path, scryfall)) as judge:
        answer = await judge.card("ﾀﾙﾓｺﾞｲﾌ", lang="ja")  # half-width: matched by its normalised form
    assert answer.name == "Tarmogoyf"
    assert answer.printed is not None
    assert answer.printed.name == "タルモゴイフ"
    assert len(scryfall.requests_to("/cards/search")) == 1


async def test_several_cards_printed_alike_are_ambiguous(tmp_path: Path, scryfall: FakeScryfall) -> None:
    async with Judge.open(online(tmp_path / "cache.db", scryfall)) as judge:
        with pytest.raises(AmbiguousCardName) as raised:
            await judge.card("の")
    assert raised.value.candidates == ["ファイレクシアの変形者", "夜帷の死霊", "魂の鋳造所"]


async def test_not_found_only_when_scryfall_says_so(tmp_path: Path, scryfall: FakeScryfall) -> None:
    async with Judge.open(online(tmp_path / "cache.db", scryfall)) as judge:
        with pytest.raises(CardNotFound) as raised:
            await judge.card("存在しないカード")
    assert not isinstance(raised.value, WorldError)


@pytest.mark.parametrize("fault", [Fault("503", "/cards/search"), Fault("malformed", "/cards/search")])
async def test_scryfall_unreachable_is_a_world_error(
    tmp_path: Path, scryfall: FakeScryfall, fault: Fault
) -> None:
    scryfall.fail_next(*[fault] * (MAX_FAILURE_RETRIES + 1))  # a 5xx is tried again
    async with Judge.open(online(tmp_path / "cache.db", scryfall)) as judge:
        with pytest.raises(WorldError):
            await judge.card("夜帷の死霊")


async def test_an_unknown_oracle_id_is_not_found_and_an_outage_a_world_error(
    tmp_path: Path, scryfall: FakeScryfall
) -> None:
    scryfall.printings.append({**scryfall.printings[1], "oracle_id": "00000000-0000-0000-0000-00000000dead"})
    scryfall.printings[1:2] = []
    async with Judge.open(online(tmp_path / "cache.db", scryfall)) as judge:
        with pytest.raises(CardNotFound):  # Scryfall knows no card by that Oracle id: not found
            await judge.card("夜帷の死霊")
        scryfall.outage = True
        with pytest.raises(WorldError):
            await judge.card("タルモゴイフ")


async def test_a_429_is_waited_out(tmp_path: Path, scryfall: FakeScryfall) -> None:
    scryfall.fail_next(Fault("429", "/cards/search", retry_after="0"))
    async with Judge.open(online(tmp_path / "cache.db", scryfall)) as judge:
        answer = await judge.card("クローン")
    assert answer.name == "Clone"
    assert len(scryfall.requests_to("/cards/search")) == 3  # refused, asked again, then the Oracle card


@pytest.mark.parametrize(("typed", "expected"), [("タルモ", "Tarmogoyf"), ("Tarmogof", "Tarmogoyf")])
async def test_a_partial_match_scryfall_has_no_exact_card_for_is_the_caches(
    ja_card_db: Path, tmp_path: Path, scryfall: FakeScryfall, typed: str, expected: str
) -> None:
    path = tmp_path / "cache.db"
    shutil.copy(ja_card_db, path)
    async with Judge.open(online(path, scryfall)) as judge:
        answer = await judge.card(typed)
    assert answer.name == expected
    assert not answer.cache_only  # Scryfall was reached: it said no card is named exactly that
