"""Import wall time and peak memory of the shared Scryfall bulk file into a fresh cache.

Usage: ``python -m benchmarks.import_cards [BULK_FILE]`` (default: the shared 2019 oracle_cards file).
Target: under 15 s and under 150 MB peak RSS for the 20,030-card file; memory must not grow with
the file size (the importer streams). A second, traced run reports the Python heap peak.
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from benchmarks.timing import reference_seconds
from data.cards.importer import import_cards
from data.db import open_database

DEFAULT_BULK = Path(__file__).resolve().parents[2] / "shared/data/scryfall/oracle-cards-20190926.json.gz"
TARGET_SECONDS = 15.0
TARGET_RSS_MB = 150.0


def timed_import(bulk: Path, folder: Path, name: str) -> tuple[float, int]:
    """Seconds taken and cards read importing ``bulk`` into a new cache in ``folder``."""
    db = open_database(folder / name)
    started = time.perf_counter()
    summary = import_cards(db, bulk)
    elapsed = time.perf_counter() - started
    db.close()
    return elapsed, summary.cards_read


def traced_import(bulk: Path, folder: Path) -> float:
    """The Python heap's peak (MB, tracemalloc) importing ``bulk`` into a new cache in ``folder``."""
    tracemalloc.start()
    try:
        timed_import(bulk, folder, "traced.db")
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def main() -> int:
    """Run the import twice (plain, then under tracemalloc) and print the measurements."""
    bulk = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_BULK
    with tempfile.TemporaryDirectory() as folder:
        seconds, cards = timed_import(bulk, Path(folder), "plain.db")
        peak_rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        heap_peak_mb = traced_import(bulk, Path(folder))
    reference = reference_seconds()  # after the peak RSS was read: it holds the whole file parsed
    print(f"{cards} cards from {bulk.name} ({bulk.stat().st_size / 2**20:.1f} MB on disk)")
    print(f"wall time        {seconds:6.2f} s   (target < {TARGET_SECONDS:.0f} s)")
    print(f"ratio            {seconds / reference:6.1f}     (to json.loads of the file: {reference:.2f} s)")
    print(f"peak RSS         {peak_rss_mb:6.1f} MB  (target < {TARGET_RSS_MB:.0f} MB, whole process)")
    print(f"Python heap peak {heap_peak_mb:6.1f} MB  (tracemalloc, second run)")
    return 0 if seconds < TARGET_SECONDS and peak_rss_mb < TARGET_RSS_MB else 1


if __name__ == "__main__":
    sys.exit(main())
