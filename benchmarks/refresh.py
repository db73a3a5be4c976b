"""One data refresh of a running bot, through ``Judge.refresh_cards``, against the local fake Scryfall
(``tests/fakes/scryfall.py``) serving the shared bulk files and a fake rules page.

Usage: ``python -m benchmarks.refresh [--runs N]``. A cache is synced once with the shared 2019 oracle
cards and the shared 2022 rulings, and holds the shared rules; then each run makes Scryfall's
``updated_at`` newer, so that the refresh downloads and imports the cards and rulings again over the
cards already cached, and, apart, the rules page names a newer rules file (the shared one with a later
effective date), which the refresh loads. The figures are the imports' times the refresh reports
(``RefreshOutcome.seconds``: downloads excluded), as ratios to ``json.loads`` of the decompressed bulk
file (``benchmarks/timing.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import tempfile
from pathlib import Path

from benchmarks.timing import (
    BULK,
    RULES,
    SHARED,
    Stats,
    print_table,
    reference_seconds,
)
from bot.config import Settings
from bot.judge import Judge, RefreshOutcome
from data.db import open_database
from data.rules.parser import decode_rules, parse_rules
from data.rules.store import RulesStore
from tests.fakes.scryfall import FakeScryfall

RULINGS = SHARED / "data" / "gatherer" / "rulings-2022.json.gz"
RUNS = 5
Row = tuple[str, Stats, str]


def _settings(db: Path, fake: FakeScryfall) -> Settings:
    return Settings(db=db, offline=False, scryfall_base_url=fake.url, rules_url=fake.rules_url)


def _newer_rules(raw: bytes, year: int) -> tuple[str, bytes]:
    """The shared rules file as if effective on February 7 of ``year``, and its file name."""
    return f"MagicCompRules {year}0207.txt", raw.replace(
        b"effective as of February 7, 2025", f"effective as of February 7, {year}".encode()
    )


async def _refresh(db: Path, fake: FakeScryfall) -> RefreshOutcome:
    async with Judge.open(_settings(db, fake)) as judge:
        outcome = await judge.refresh_cards()
    if outcome.kind != "imported":
        raise RuntimeError(f"the refresh did not import: {outcome.line()}")
    return outcome


async def refresh_rows(folder: Path, runs: int = RUNS) -> list[Row]:
    """Rows for a refresh importing the bulk files again (cards and rulings), and one loading newer rules."""
    fake = FakeScryfall([])
    fake.bulk_cards_body = gzip.decompress(BULK.read_bytes())
    fake.bulk_rulings_body = gzip.decompress(RULINGS.read_bytes())
    rules = RULES.read_bytes()
    fake.rules_link, fake.rules_files = RULES.name, {RULES.name: rules}
    fake.start()
    try:
        db = folder / "refresh.db"
        async with Judge.open(_settings(db, fake)) as judge:
            await judge.sync_cards()
        cache = open_database(db)
        RulesStore(cache).load(parse_rules(decode_rules(rules)))
        cache.close()
        cards: list[float] = []
        for run in range(runs):
            fake.bulk_updated_at = f"2020-01-{run + 1:02d}T00:00:00.000+00:00"
            cards.append((await _refresh(db, fake)).seconds)
        loaded: list[float] = []  # Scryfall's updated_at stays the last one: the cards stay as they are
        for run in range(runs):
            name, raw = _newer_rules(rules, 2030 + run)
            fake.rules_link, fake.rules_files = name, {name: raw}
            outcome = await _refresh(db, fake)
            if outcome.refreshed != (f"rules of {2030 + run}-02-07",):
                raise RuntimeError(f"the refresh imported more than the rules: {outcome.line()}")
            loaded.append(outcome.seconds)
    finally:
        fake.stop()
    return [
        (
            "refresh: import changed bulk files (20030 cards, 46031 rulings; download excluded)",
            Stats.of(cards),
            "",
        ),
        ("refresh: load newer rules (download excluded)", Stats.of(loaded), ""),
    ]


def main() -> None:
    """Time the refreshes and print them as table rows."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.refresh", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="refreshes of each kind")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mtg-judge-bench-") as folder:
        rows = asyncio.run(refresh_rows(Path(folder), arguments.runs))
    reference = reference_seconds()
    print_table(rows, reference)


if __name__ == "__main__":
    main()
