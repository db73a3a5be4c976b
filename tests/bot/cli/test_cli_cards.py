"""The card commands: ``card``, ``import-cards`` and ``sync``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import app
from bot.config import Settings
from bot.judge import Judge, card_faces
from bot.judge import card_json as service_card_json
from data.cards.schema import CardRecord
from tests.card_data import card_json
from tests.fakes.scryfall import FakeScryfall

runner = CliRunner()


@pytest.fixture
def online(monkeypatch: pytest.MonkeyPatch, fake_scryfall: FakeScryfall, tmp_path: Path) -> Path:
    """Point the CLI at the fake Scryfall and an empty cache; return the cache path."""
    monkeypatch.setenv("MTG_JUDGE_SCRYFALL_BASE_URL", fake_scryfall.url)
    monkeypatch.setenv("MTG_JUDGE_OFFLINE", "0")
    monkeypatch.setenv("MTG_JUDGE_DB", str(tmp_path / "cache.db"))
    return tmp_path / "cache.db"


def test_card_prints_a_panel_offline_from_the_imported_cache(card_cache_db: Path) -> None:
    result = runner.invoke(app, ["--offline", "--db", str(card_cache_db), "card", "lim-dul's vault"])
    assert result.exit_code == 0, result.output
    assert "Lim-Dûl's Vault" in result.stdout
    assert "{U}{B}" in result.stdout
    assert "Look at the top five cards of your library" in result.stdout


def test_card_panel_shows_every_face_with_power_and_toughness(card_cache_db: Path) -> None:
    result = runner.invoke(app, ["card", "Insectile Aberration", "--offline", "--db", str(card_cache_db)])
    assert result.exit_code == 0, result.output
    for text in (
        "Delver of Secrets",
        "Creature — Human Wizard",
        "1/1",
        "Insectile Aberration",
        "Flying",
        "3/2",
    ):
        assert text in result.stdout


def test_card_json_uses_scryfall_field_names(card_cache_db: Path) -> None:
    result = runner.invoke(app, ["card", "fire", "--json", "--offline", "--db", str(card_cache_db)])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    original = card_json("Fire // Ice")
    assert payload["name"] == "Fire // Ice"
    assert payload["oracle_id"] == original["oracle_id"]
    assert payload["card_faces"] == [
        {key: face[key] for key in ("name", "mana_cost", "type_line", "oracle_text")}
        for face in original["card_faces"]
    ]
    assert "prices" not in payload


def test_card_json_keeps_the_back_face_color_indicator(card_cache_db: Path) -> None:
    result = runner.invoke(
        app, ["card", "Delver of Secrets", "--json", "--offline", "--db", str(card_cache_db)]
    )
    back = json.loads(result.stdout)["card_faces"][1]
    assert (back["name"], back["color_indicator"], back["power"], back["toughness"]) == (
        "Insectile Aberration",
        ["U"],
        "3",
        "2",
    )
    assert "flavor_text" not in back


def test_a_battle_face_shows_its_defense() -> None:
    battle = {"name": "Invasion of Testing", "type_line": "Battle — Siege", "defense": "5"}
    assert card_faces(CardRecord.model_validate(battle))[0].stats == "Defense 5"
    assert service_card_json(battle)["defense"] == "5"


def test_unknown_names_exit_1_with_suggestions(card_cache_db: Path) -> None:
    result = runner.invoke(
        app, ["--offline", "card", "snapcaster magician supreme", "--db", str(card_cache_db)]
    )
    assert result.exit_code == 1
    assert "No card named" in result.stderr
    assert "Did you mean: Snapcaster Mage" in result.stderr
    as_json = runner.invoke(
        app, ["--offline", "card", "snapcaster magician supreme", "--json", "--db", str(card_cache_db)]
    )
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout)["suggestions"][0] == "Snapcaster Mage"


def test_ambiguous_names_exit_1_with_candidates(card_cache_db: Path) -> None:
    result = runner.invoke(app, ["--offline", "card", "phoenix", "--db", str(card_cache_db)])
    assert result.exit_code == 1
    assert "matches several cards" in result.stderr
    assert "Arclight Phoenix" in result.stderr


def test_names_that_look_like_markup_are_quoted_as_typed(card_cache_db: Path) -> None:
    result = runner.invoke(app, ["--offline", "card", "[/]", "--db", str(card_cache_db)])
    assert result.exit_code == 1
    assert "No card named “[/]”." in result.stderr


def test_overlong_names_are_refused(card_cache_db: Path) -> None:
    result = runner.invoke(app, ["--offline", "card", "x" * 201, "--db", str(card_cache_db)])
    assert result.exit_code == 1
    assert "at most 200 characters" in result.stderr


def test_card_on_an_empty_cache_fetches_and_stores(online: Path, fake_scryfall: FakeScryfall) -> None:
    result = runner.invoke(app, ["card", "Tarmogoyf"])
    assert result.exit_code == 0, result.output
    assert "Lhurgoyf" in result.stdout
    offline = runner.invoke(app, ["card", "tarmogoyf", "--offline", "--json"])
    assert json.loads(offline.stdout)["power"] == "*"
    assert len(fake_scryfall.requests) == 1


def test_import_cards_reports_counts(tmp_path: Path) -> None:
    bulk = tmp_path / "oracle-cards-20240101.json"
    bulk.write_text(json.dumps([card_json("Opt"), card_json("Fling")]))
    result = runner.invoke(app, ["import-cards", str(bulk), "--db", str(tmp_path / "c.db")])
    assert result.exit_code == 0, result.output
    assert "Imported 2 cards" in result.stdout
    assert "2024-01-01" in result.stdout
    card = runner.invoke(app, ["card", "fling", "--offline", "--db", str(tmp_path / "c.db"), "--json"])
    assert json.loads(card.stdout)["name"] == "Fling"


def test_import_cards_refuses_a_file_that_is_not_a_bulk_file(tmp_path: Path) -> None:
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": "world"}')
    result = runner.invoke(app, ["import-cards", str(bad), "--db", str(tmp_path / "c.db")])
    assert result.exit_code == 1
    assert "notes.json: not a readable Scryfall bulk file" in result.stderr


def opt_rulings() -> list[dict[str, str]]:
    """Two rulings of Opt, the older first, as Scryfall's rulings bulk file lists them."""
    opt = str(card_json("Opt")["oracle_id"])
    return [
        {"object": "ruling", "oracle_id": opt, "source": "wotc", "published_at": day, "comment": comment}
        for day, comment in (("2019-01-25", "Old."), ("2020-06-01", "New."))
    ]


def test_sync_downloads_the_oracle_cards_bulk_file(online: Path, fake_scryfall: FakeScryfall) -> None:
    fake_scryfall.bulk_cards = [card_json("Opt"), card_json("Fling"), card_json("Fire // Ice")]
    fake_scryfall.bulk_rulings = opt_rulings()
    result = runner.invoke(app, ["sync"])
    assert result.exit_code == 0, result.output
    assert "Imported 3 cards" in result.stdout
    assert "2019-09-26" in result.stdout
    assert [r.path for r in fake_scryfall.requests] == [
        "/bulk-data",
        "/downloads/oracle-cards.json",
        "/bulk-data",
        "/downloads/rulings.json",
    ]
    card = runner.invoke(app, ["card", "ice", "--offline", "--json"])
    assert json.loads(card.stdout)["name"] == "Fire // Ice"


async def test_synced_rulings_answer_offline_newest_first(online: Path, fake_scryfall: FakeScryfall) -> None:
    fake_scryfall.bulk_cards = [card_json("Opt")]
    fake_scryfall.bulk_rulings = opt_rulings()
    async with Judge.open(Settings(db=online, scryfall_base_url=fake_scryfall.url)) as judge:
        await judge.sync_cards()
    fake_scryfall.requests.clear()
    async with Judge.open(Settings(db=online, offline=True)) as judge:
        rulings = await judge.rulings("Opt")
    assert [ruling.comment for ruling in rulings.rulings] == ["New.", "Old."]
    assert fake_scryfall.requests == []


def test_sync_refuses_to_run_offline(online: Path, fake_scryfall: FakeScryfall) -> None:
    result = runner.invoke(app, ["--offline", "sync"])
    assert result.exit_code == 1
    assert "needs the network" in result.stderr
    assert fake_scryfall.requests == []
