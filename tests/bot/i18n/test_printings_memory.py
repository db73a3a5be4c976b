"""The printings import streams: its memory stays flat however large the file (``all_cards`` is
several GB), measured on a generated file of 100,000 printings in five languages."""

from __future__ import annotations

import json
import tracemalloc
import uuid
from pathlib import Path

import sqlite_utils

from data.cards.printings import PrintedNames, import_printings
from data.db import open_database

PRINTINGS = 100_000
LANGUAGES = ("en", "ja", "de", "fr", "zhs")
PEAK_LIMIT = 12 * 1024 * 1024


def write_printings(path: Path, count: int) -> None:
    """``count`` printings as JSON Lines: 1,000 cards, each printed in every language in turn."""
    oracle_ids = [str(uuid.UUID(int=n + 1)) for n in range(1_000)]
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            lang = LANGUAGES[n % len(LANGUAGES)]
            card = {
                "object": "card",
                "id": str(uuid.UUID(int=10**9 + n)),
                "oracle_id": oracle_ids[(n // len(LANGUAGES)) % len(oracle_ids)],
                "name": f"Card {n // len(LANGUAGES) % 1_000}",
                "lang": lang,
                "released_at": f"20{10 + n % 15:02d}-01-01",
                "oracle_text": "Flying. Whenever this creature deals combat damage to a player, draw a card.",
                "legalities": {"standard": "legal", "modern": "legal", "legacy": "legal"},
            }
            if lang != "en":
                card["printed_name"] = f"カード{n // len(LANGUAGES) % 1_000}・{lang}"
                card["printed_text"] = (
                    "飛行\nこのクリーチャーがプレイヤー１人に戦闘ダメージを与えるたび、カードを１枚引く。"
                )
            out.write(json.dumps(card, ensure_ascii=False) + "\n")


def peak_of_import(db: sqlite_utils.Database, path: Path) -> int:
    """The peak of Python memory allocated while importing the Japanese printings of ``path``."""
    tracemalloc.start()
    try:
        summary = import_printings(db, path, ("ja",))
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert summary.printings_read == PRINTINGS // len(LANGUAGES)
    return peak


def test_importing_100000_printings_keeps_memory_flat(tmp_path: Path) -> None:
    path = tmp_path / "all-cards.jsonl"
    write_printings(path, PRINTINGS)
    db = open_database(tmp_path / "cache.db")
    peak = peak_of_import(db, path)
    size = path.stat().st_size
    print(f"\nprintings import: {size / 2**20:.1f} MiB file, peak {peak / 2**20:.2f} MiB of Python memory")
    assert peak < PEAK_LIMIT
    assert peak < size / 4
    assert PrintedNames(db).count() == 1_000  # each card's Japanese name, once
    db.close()
