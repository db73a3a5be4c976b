"""Time parsing every card of the shared 2019 Oracle bulk file plus the supplement (and the project's own
fixture cards, the same corpus as ``tests/engine/oracle/test_oracle_corpus.py``), and print the
corpus figures: cards, abilities by kind, unclassified share and "copy of" cards without a copy effect.

Usage: ``python benchmarks/parse_corpus.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import CorpusReport, survey
from tests.card_data import all_cards, rules_keyword_vocabulary


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
    cards = all_cards()
    keywords = rules_keyword_vocabulary()
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
