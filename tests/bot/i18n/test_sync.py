"""``mtg-judge sync --languages ja``: Scryfall's ``all_cards`` file, streamed to disk and through the
printings import, keeps only the printed names and text of the languages asked for."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from bot.cli import app
from bot.config import Settings
from bot.i18n import set_language
from bot.judge import Judge
from data.cards.printings import PrintedNames
from data.db import open_database
from tests.bot.cli import runner
from tests.card_data import card_json
from tests.fakes.scryfall import FakeScryfall

SYNC_PEAK_LIMIT = 16 * 1024 * 1024
PRINTED = {
    "Nightveil Specter": {"ja": "夜帷の死霊", "de": "Nachtschleier-Gespenst", "fr": "Spectre voile-de-nuit"},
    "Opt": {"ja": "選択", "de": "Abwägen", "ko": "선택"},
}


def printing(name: str, lang: str) -> dict[str, Any]:
    """A printing of the Oracle card ``name`` in ``lang`` (English has no printed name)."""
    card = {**card_json(name), "lang": lang, "released_at": "2019-01-25"}
    if lang != "en":
        card |= {
            "printed_name": PRINTED[name][lang],
            "printed_type_line": f"{lang} type",
            "printed_text": lang,
        }
    return card


def all_cards_file() -> list[dict[str, Any]]:
    """Every printing of the two cards: English and three other languages each."""
    return [printing(name, "en") for name in PRINTED] + [
        printing(name, lang) for name, names in PRINTED.items() for lang in names
    ]


@pytest.fixture
def online(monkeypatch: pytest.MonkeyPatch, fake_scryfall: FakeScryfall, tmp_path: Path) -> Path:
    """The CLI pointed at the fake Scryfall (serving the all_cards file) and an empty cache."""
    monkeypatch.setenv("MTG_JUDGE_SCRYFALL_BASE_URL", fake_scryfall.url)
    monkeypatch.setenv("MTG_JUDGE_OFFLINE", "0")
    monkeypatch.setenv("MTG_JUDGE_DB", str(tmp_path / "cache.db"))
    fake_scryfall.bulk_cards = [card_json(name) for name in PRINTED]
    fake_scryfall.bulk_all_cards = all_cards_file()
    return tmp_path / "cache.db"


def stored(path: Path) -> set[tuple[str, str]]:
    """(lang, printed name) of every row of ``printed_names``."""
    db = open_database(path)
    try:
        return {(str(lang), str(name)) for lang, name in db.execute("SELECT lang, name FROM printed_names")}
    finally:
        db.close()


def test_sync_languages_ja_keeps_only_the_japanese_printed_names(
    online: Path, fake_scryfall: FakeScryfall
) -> None:
    result = runner.invoke(app, ["sync", "--languages", "ja"])
    assert result.exit_code == 0, result.output
    assert "Imported 2 cards" in result.stdout
    assert "Read 2 printings (ja)" in result.stdout
    assert "/downloads/all-cards.json" in [r.path for r in fake_scryfall.requests]
    assert stored(online) == {("ja", "夜帷の死霊"), ("ja", "選択")}
    try:
        card = runner.invoke(app, ["--offline", "--lang", "ja", "card", "夜帷の死霊", "--json"])
    finally:
        set_language("en")
    assert json.loads(card.stdout)["name"] == "Nightveil Specter"
    assert not list(online.parent.glob("mtg-judge-sync-*"))  # the downloaded file is gone


def test_several_languages_are_kept_together(online: Path) -> None:
    result = runner.invoke(app, ["sync", "--languages", "de,ko"])
    assert result.exit_code == 0, result.output
    assert PrintedNames(open_database(online)).names("de") == {
        "Nightveil Specter": "Nachtschleier-Gespenst",
        "Opt": "Abwägen",
    }
    assert ("ko", "선택") in stored(online)
    assert not {lang for lang, _name in stored(online)} - {"de", "ko"}


def test_without_languages_sync_never_downloads_all_cards(online: Path, fake_scryfall: FakeScryfall) -> None:
    result = runner.invoke(app, ["sync"])
    assert result.exit_code == 0, result.output
    assert "/downloads/all-cards.json" not in [r.path for r in fake_scryfall.requests]
    assert stored(online) == set()


@pytest.mark.parametrize("codes", ["en", "xx", "ja,klingon", ","])
def test_unknown_language_codes_are_refused_before_downloading(
    online: Path, fake_scryfall: FakeScryfall, codes: str
) -> None:
    result = runner.invoke(app, ["sync", "--languages", codes])
    assert result.exit_code == 1
    assert "--languages takes Scryfall language codes" in result.stderr
    assert "/downloads/all-cards.json" not in [r.path for r in fake_scryfall.requests]


async def test_syncing_printings_keeps_memory_flat(tmp_path: Path, fake_scryfall: FakeScryfall) -> None:
    """The all_cards file goes to disk chunk by chunk and is read back as a stream: the peak of Python
    memory during the sync stays below a bound (what one batch of the import holds) whatever the file's
    size, which is over twice that here (all_cards is several GB)."""
    template = printing("Nightveil Specter", "de")
    fake_scryfall.bulk_all_cards = [
        {**template, "id": f"id-{n}", "lang": ("en", "de", "fr", "ja")[n % 4], "oracle_id": f"oracle-{n}"}
        for n in range(12_000)
    ]
    settings = Settings(db=tmp_path / "cache.db", offline=False, scryfall_base_url=fake_scryfall.url)
    written: list[int] = []
    async with Judge.open(settings) as judge:
        tracemalloc.start()
        try:
            summary = await judge.sync_printings(
                ["ja"], download_progress=lambda done, _total: written.append(done)
            )
            _current, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert summary.printings_read == 3_000
    assert len(written) > 10  # in chunks, with progress
    print(f"\nsync: {written[-1] / 2**20:.1f} MiB downloaded, peak {peak / 2**20:.2f} MiB of Python memory")
    assert peak < SYNC_PEAK_LIMIT
    assert peak < written[-1] / 2
