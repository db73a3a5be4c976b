"""What the benchmarks share: percentiles of timed samples and the reference every figure is divided by.

Timings on shared machines are noisy, so each figure is also given as a ratio to a reference measured
in the same run: ``json.loads`` of the shared Scryfall bulk file (decompressed once, beforehand).
"""

from __future__ import annotations

import gzip
import json
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
BULK = SHARED / "data" / "scryfall" / "oracle-cards-20190926.json.gz"
SUPPLEMENT = SHARED / "data" / "scryfall" / "supplement" / "cards.jsonl"
RULES = SHARED / "data" / "comprehensive-rules" / "MagicCompRules 20250207.txt"


@dataclass(frozen=True)
class Stats:
    """p50, p99, the worst and the sum of some samples, in seconds."""

    p50: float
    p99: float
    worst: float
    count: int
    total: float

    @classmethod
    def of(cls, samples: Sequence[float]) -> Stats:
        """The statistics of ``samples`` (at least one)."""
        ordered = sorted(samples)
        p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
        return cls(statistics.median(ordered), p99, ordered[-1], len(ordered), sum(ordered))


def reference_seconds(repeat: int = 3) -> float:
    """The median time of ``json.loads`` on the whole shared bulk file (about 100 MB of JSON)."""
    text = gzip.decompress(BULK.read_bytes()).decode("utf-8")
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        json.loads(text)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def table_row(name: str, stats: Stats, reference: float, target: str = "") -> str:
    """One Markdown table row: name, p50/p99/worst in ms, p50 and p99 as ratios of the reference, target."""
    return (
        f"| {name} | {stats.count} | {stats.p50 * 1e3:.2f} | {stats.p99 * 1e3:.2f} | {stats.worst * 1e3:.2f} "
        f"| {stats.p50 / reference:.5f} | {stats.p99 / reference:.5f} | {target} |"
    )


TABLE_HEADER = (
    "| what | n | p50 ms | p99 ms | max ms | p50 / json.loads(bulk) | p99 / json.loads(bulk) | target |\n"
    "| --- | --- | --- | --- | --- | --- | --- | --- |"
)


def print_table(rows: list[tuple[str, Stats, str]], reference: float) -> None:
    """The reference's line, then one row per measurement as a ratio to it."""
    print(f"json.loads of {BULK.name}, decompressed (the reference): {reference * 1e3:.0f} ms\n")
    print(TABLE_HEADER)
    for what, stats, target in rows:
        print(table_row(what, stats, reference, target))
