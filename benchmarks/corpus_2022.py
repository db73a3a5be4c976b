"""The corpus runs (parse every card, Clone over every creature, linked abilities over every card) on the 2019
corpus and on the shared 2022 Gatherer file, their counts side by side (issue 25 item 1).

The 2019 corpus is the one the other corpus tests run (bulk file, supplement, own fixture cards); the 2022 one
is the 6,041 records of ``../shared/data/gatherer/oracle-cards-2022.jsonl.gz``, which
``tests/engine/answers/test_corpus_2022.py`` checks.

Usage: ``python benchmarks/corpus_2022.py`` (needs ../shared; about half a minute).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine import find_links, parse_card, survey
from engine.answers.copy_corpus import check_copies
from tests.card_data import all_cards, cards_2022, is_creature, parsed_card, rules_keyword_vocabulary

Figures = dict[str, object]


def corpus_figures(records: Sequence[Mapping[str, Any]]) -> Figures:
    """Every count of the three runs on ``records``, and each run's seconds."""
    keywords = rules_keyword_vocabulary()
    figures: Figures = {}
    start = time.perf_counter()
    report = survey(records, keywords)
    figures["parse: seconds"] = f"{time.perf_counter() - start:.1f}"
    figures["parse: cards"] = report.cards
    figures["parse: abilities"] = report.abilities
    figures["parse: unclassified"] = f"{len(report.unclassified)} ({report.unclassified_share:.2%})"
    figures["parse: failures"] = len(report.failures)
    figures["parse: 'copy of' without a copy effect"] = len(report.copy_misses)
    cards = [(is_creature(raw), parse_card(raw, keywords)) for raw in records]
    creatures = list({card.name: card for creature, card in cards if creature}.values())
    start = time.perf_counter()
    clone = check_copies(creatures, parsed_card("Clone"))
    figures["Clone: seconds"] = f"{time.perf_counter() - start:.1f}"
    figures["Clone: creatures"] = len(creatures)
    figures["Clone: determined"] = clone.determined
    figures["Clone: with named unknowns"] = clone.with_unknowns
    figures["Clone: refused"] = len(clone.errors)
    figures["Clone: unknown without a reason"] = len(clone.unexplained)
    start = time.perf_counter()
    per_rule: Counter[str] = Counter()
    linked = 0
    for _, card in cards:
        links = find_links(card).links
        linked += bool(links)
        per_rule.update(link.rule for link in links)
    figures["linked: seconds"] = f"{time.perf_counter() - start:.1f}"
    figures["linked: cards with links"] = linked
    figures["linked: links"] = sum(per_rule.values())
    for rule in sorted(per_rule):
        figures[f"linked: {rule}"] = per_rule[rule]
    return figures


def side_by_side(columns: Mapping[str, Callable[[], Figures]]) -> list[str]:
    """One Markdown table: a row per figure, a column per corpus."""
    computed = {name: figures() for name, figures in columns.items()}
    rows = list(dict.fromkeys(key for figures in computed.values() for key in figures))
    lines = ["| figure | " + " | ".join(computed) + " |", "| --- |" + " ---: |" * len(computed)]
    for row in rows:
        cells = (str(figures.get(row, 0)) for figures in computed.values())
        lines.append(f"| {row} | " + " | ".join(cells) + " |")
    return lines


def main() -> None:
    """Print the table."""
    print(
        "\n".join(
            side_by_side(
                {"2019": lambda: corpus_figures(all_cards()), "2022": lambda: corpus_figures(cards_2022())}
            )
        )
    )


if __name__ == "__main__":
    main()
