"""Time parsing every card of the shared 2019 Oracle bulk file plus the supplement, and print the
corpus figures: cards, abilities by kind, unclassified share and "copy of" cards without a copy effect.

Usage: ``python benchmarks/parse_corpus.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import time
from pathlib import Path
from typing import Any

from data.rules.parser import decode_rules, parse_rules
from engine.keywords import KeywordVocabulary
from engine.oracle.corpus import CorpusReport, survey

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
BULK = SHARED / "scryfall" / "oracle-cards-20190926.json.gz"
SUPPLEMENT = SHARED / "scryfall" / "supplement" / "cards.jsonl"
RULES = SHARED / "comprehensive-rules" / "MagicCompRules 20250207.txt"


def load_cards() -> list[dict[str, Any]]:
    """The bulk file's cards followed by the supplement's."""
    with gzip.open(BULK, "rt", encoding="utf-8") as bulk:
        cards: list[dict[str, Any]] = json.load(bulk)
    with SUPPLEMENT.open(encoding="utf-8") as lines:
        cards.extend(json.loads(line) for line in lines if line.strip())
    return cards


def print_report(report: CorpusReport, seconds: list[float]) -> None:
    """The figures the issue asks for, one per line."""
    print(f"cards:        {report.cards}")
    print(f"abilities:    {report.abilities}")
    for kind, count in report.kinds:
        print(f"  {kind:<24}{count:>6}")
    print(f"unclassified: {len(report.unclassified)} ({report.unclassified_share:.3%})")
    print(f"failures:     {len(report.failures)}")
    for miss in report.copy_misses:
        print(f"'copy of' without a copy effect: {miss.card} — {miss.reason or 'UNEXPLAINED'}")
    print(f"parse time:   best {min(seconds):.2f} s, median {statistics.median(seconds):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    cards = load_cards()
    keywords = KeywordVocabulary.from_rules(parse_rules(decode_rules(RULES.read_bytes())))
    seconds: list[float] = []
    report = None
    for _ in range(arguments.repeat):
        start = time.perf_counter()
        report = survey(cards, keywords)
        seconds.append(time.perf_counter() - start)
    assert report is not None
    print_report(report, seconds)


if __name__ == "__main__":
    main()
