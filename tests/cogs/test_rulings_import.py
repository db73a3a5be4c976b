"""The rulings bulk file: imported into the cache, then answered offline by ``/rulings``."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import aiohttp
import pytest

from bot import create_bot
from data.cards.repository import CardRepository
from data.cards.rulings_import import RulingsImportError, import_rulings
from data.db import open_database
from data.scryfall.client import ScryfallClient
from tests.cogs.conftest import SettingsFactory
from tests.cogs.harness import DiscordHarness
from tests.fakes.scryfall import FakeScryfall


def _goyf_oracle_id(db_path: Path) -> str:
    db = open_database(db_path)
    row = db.execute("SELECT oracle_id FROM cards WHERE name = 'Tarmogoyf'").fetchone()
    db.close()
    return str(row[0])


async def test_imported_rulings_are_answered_offline_newest_first(
    make_settings: SettingsFactory, tmp_path: Path
) -> None:
    settings = make_settings(offline=True)
    oracle_id = _goyf_oracle_id(settings.db)
    rulings = [
        {"object": "ruling", "oracle_id": oracle_id, "source": "wotc", "published_at": d, "comment": c}
        for d, c in (("2008-10-01", "Tarmogoyf counts card types (rule 205.2a)."), ("2017-11-17", "Newer."))
    ]
    bulk = tmp_path / "rulings.json.gz"
    bulk.write_bytes(gzip.compress(json.dumps(rulings).encode()))
    db = open_database(settings.db)
    summary = import_rulings(db, bulk)
    assert (summary.rulings, summary.cards) == (2, 1)
    assert CardRepository(db).rulings("no-such-card") is None
    opt = db.execute("SELECT oracle_id FROM cards WHERE name = 'Opt'").fetchone()[0]
    assert CardRepository(db).rulings(str(opt)) == []  # known to have none
    db.close()
    async with DiscordHarness(create_bot(settings)) as harness:
        result = await harness.slash("rulings", name="Tarmogoyf")
        none = await harness.slash("rulings", name="Opt")
    assert none.callback is not None
    assert none.callback.embeds[0]["description"] == "Opt has no rulings."  # the file has every ruling
    assert result.callback is not None
    embed = result.callback.embeds[0]
    assert embed["description"].split("\n") == [
        "**2017-11-17** (wotc): Newer.",
        "**2008-10-01** (wotc): Tarmogoyf counts card types (rule 205.2a).",
    ]
    assert [o["value"] for o in result.callback.components[0]["components"][0]["options"]] == ["205.2a"]


def test_a_file_that_is_not_rulings_leaves_the_cache_unchanged(
    make_settings: SettingsFactory, tmp_path: Path
) -> None:
    settings = make_settings()
    bulk = tmp_path / "cards.json"
    bulk.write_text(json.dumps([{"name": "Opt"}]))
    db = open_database(settings.db)
    CardRepository(db).store_rulings(
        "x", [{"source": "wotc", "published_at": "2020-01-01", "comment": "kept"}]
    )
    with pytest.raises(RulingsImportError):
        import_rulings(db, bulk)
    assert CardRepository(db).rulings("x") == [
        {
            "object": "ruling",
            "oracle_id": "x",
            "source": "wotc",
            "published_at": "2020-01-01",
            "comment": "kept",
        }
    ]
    db.close()


async def test_the_client_finds_the_rulings_bulk_file(fake_scryfall: FakeScryfall) -> None:
    async with aiohttp.ClientSession() as session:
        entry = await ScryfallClient(session, fake_scryfall.url).rulings_bulk()
    assert entry["download_uri"] == f"{fake_scryfall.url}/downloads/rulings.json"
