"""Time linked-ability detection (``engine.linked.links.find_links``) over the whole card corpus and print how
many links of each CR 607.2 kind it finds.

Cards are parsed once, outside the timing, so only ``find_links`` is measured; the corpus is the one
``tests/engine/linked/test_linked_corpus.py`` checks (shared 2019 bulk file, supplement, own fixture cards).

Usage: ``python benchmarks/linked_corpus.py [--repeat N]`` (needs ../shared).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from engine import Card, find_links, parse_card
from tests.card_data import all_cards, rules_keyword_vocabulary


def parsed_corpus() -> list[Card]:
    """Every corpus card parsed with the Comprehensive Rules keyword vocabulary."""
    keywords = rules_keyword_vocabulary()
    return [parse_card(record, keywords) for record in all_cards()]


def links_per_rule(cards: list[Card]) -> tuple[Counter[str], int]:
    """How many links each CR rule accounts for, and how many cards have at least one link."""
    per_rule: Counter[str] = Counter()
    linked_cards = 0
    for card in cards:
        links = find_links(card).links
        linked_cards += bool(links)
        per_rule.update(link.rule for link in links)
    return per_rule, linked_cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    cards = parsed_corpus()
    seconds: list[float] = []
    per_rule: Counter[str] = Counter()
    linked_cards = 0
    for _ in range(max(1, arguments.repeat)):
        start = time.perf_counter()
        per_rule, linked_cards = links_per_rule(cards)
        seconds.append(time.perf_counter() - start)
    print(f"cards:        {len(cards)} ({linked_cards} with linked abilities)")
    for rule, count in sorted(per_rule.items()):
        print(f"  {rule:<10}{count:>6}")
    best = min(seconds)
    print(
        f"find_links:   best {best:.2f} s ({best / len(cards) * 1e6:.0f} µs a card), "
        f"median {statistics.median(seconds):.2f} s"
    )


if __name__ == "__main__":
    main()
