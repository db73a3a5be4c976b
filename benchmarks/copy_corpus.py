"""Corpus check: Clone copying every creature card gives a fully determined answer or named unknowns.

Run: ``python benchmarks/copy_corpus.py [--limit N]`` (needs ../shared). Prints how many answers are fully
determined, how many name unknowns, the engine's refusals, and the 20 most frequent unknown reasons.
"""

from __future__ import annotations

import argparse
import time

from engine.answers.copy_corpus import check_copies
from engine.core.model import Card
from engine.oracle import parse_card
from tests.card_data import all_cards, parsed_card, rules_keyword_vocabulary


def creatures(limit: int | None = None) -> list[Card]:
    """Every creature card of the corpus (front face a creature), each name once, in corpus order."""
    vocabulary = rules_keyword_vocabulary()
    found: dict[str, Card] = {}
    for raw in all_cards():
        front = (raw.get("card_faces") or [raw])[0]
        if "Creature" not in front.get("type_line", raw.get("type_line", "")) or raw["name"] in found:
            continue
        found[raw["name"]] = parse_card(raw, vocabulary)
        if limit is not None and len(found) >= limit:
            break
    return list(found.values())


def main() -> None:
    """Run the check and print its counts and top reasons."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=None, help="only the first N creatures")
    limit = parser.parse_args().limit
    cards = creatures(limit)
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
