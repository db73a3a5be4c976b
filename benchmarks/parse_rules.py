"""Time decoding + parsing the whole Comprehensive Rules file, and loading it into SQLite.

Usage: ``python benchmarks/parse_rules.py [PATH] [--repeat N]`` (default: the shared 2025-02-07 file).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from data.db import open_database
from data.rules.parser import decode_rules, parse_rules
from data.rules.store import RulesStore

DEFAULT_RULES = (
    Path(__file__).resolve().parent.parent.parent
    / "shared"
    / "data"
    / "comprehensive-rules"
    / "MagicCompRules 20250207.txt"
)


def timings(action: Callable[[], object], repeat: int) -> list[float]:
    """Wall-clock seconds of ``repeat`` runs of ``action``."""
    results = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        results.append(time.perf_counter() - start)
    return results


def report(label: str, seconds: list[float]) -> None:
    """Print the best and median run in milliseconds."""
    print(
        f"{label:<22} best {min(seconds) * 1000:7.1f} ms   median {statistics.median(seconds) * 1000:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT_RULES)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    raw = args.path.read_bytes()
    document = parse_rules(decode_rules(raw))
    print(
        f"{args.path.name}: {len(raw):,} bytes, {len(document.rules)} rules, "
        f"{len(document.sections)} sections, {sum(len(r.examples) for r in document.rules)} examples, "
        f"{len(document.glossary)} glossary entries"
    )
    report("decode + parse", timings(lambda: parse_rules(decode_rules(raw)), args.repeat))
    with tempfile.TemporaryDirectory() as folder:
        store = RulesStore(open_database(Path(folder) / "bench.db"))
        report("load into SQLite", timings(lambda: store.load(document), max(1, args.repeat // 4)))


if __name__ == "__main__":
    main()
