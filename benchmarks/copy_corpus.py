"""Corpus check: Clone copying every creature card gives a fully determined answer or named unknowns.

Run: ``python benchmarks/copy_corpus.py [--limit N]`` (needs ../shared). Prints how many answers are fully
determined, how many name unknowns, the engine's refusals, and the 20 most frequent unknown reasons.
"""

from __future__ import annotations

import argparse
import time

from engine.answers.copy_corpus import check_copies
from tests.card_data import creature_cards, parsed_card


def main() -> None:
    """Run the check and print its counts and top reasons."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=None, help="only the first N creatures")
    limit = parser.parse_args().limit
    cards = creature_cards(limit)
    start = time.perf_counter()
    result = check_copies(cards, parsed_card("Clone"))
    elapsed = time.perf_counter() - start
    print(f"{len(cards)} creatures in {elapsed:.1f} s")
    print(f"fully determined: {result.determined}")
    print(f"with named unknowns: {result.with_unknowns}")
    print(f"refused by the engine: {len(result.errors)}")
    print(f"unknown values without a reason (bugs): {len(result.unexplained)}")
    print("top unknown reasons:")
    for reason, count in result.top_reasons():
        print(f"  {count:6d}  {reason}")
    for name, message in list(result.errors.items())[:10]:
        print(f"  refused {name}: {message}")


if __name__ == "__main__":
    main()
