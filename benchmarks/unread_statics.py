"""Every static ability of a card corpus that the layer system doesn't read, with what its wording could
change (review 7: boards 17, 18, 23, 24, 36, 63).

An unread static ability that looks like it changes characteristics is noted on a board as "could change
them, but this engine doesn't recognise that wording", and the characteristics
:func:`engine.oracle.wording.characteristics_worded` names are unknown. This lists those wordings (one per
card and text) and counts them, by corpus and by the characteristics named, so a change to the reading
shows in the counts: "name" should only come from a wording that changes a name, never from "creature named
~".

Usage: ``python benchmarks/unread_statics.py [--corpus 2019|2022] [--list]`` (needs ../shared).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from engine import parse_card
from engine.core.model import AbilityKind
from engine.oracle.statics import (
    applied_by_layers,
    changes_characteristics,
    evaluated_by_zone_changes,
    parse_static,
    restricts_only,
)
from engine.oracle.wording import characteristics_worded
from tests.card_data import all_cards, cards_2022, rules_keyword_vocabulary


def unread_statics(records: Iterable[Mapping[str, Any]]) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """(card, reasoning text, what its wording could change) of each unread static ability, once each."""
    keywords = rules_keyword_vocabulary()
    seen: set[tuple[str, str]] = set()
    for record in records:
        card = parse_card(record, keywords)
        for face in card.faces:
            for ability in face.abilities:
                text = ability.rules_text
                if ability.kind is not AbilityKind.STATIC or (card.name, text) in seen:
                    continue
                parsed = parse_static(text)
                if parsed is not None and (parsed.parts or restricts_only(parsed)):
                    continue
                if (
                    applied_by_layers(text)
                    or evaluated_by_zone_changes(text)
                    or not changes_characteristics(text)
                ):
                    continue
                seen.add((card.name, text))
                yield card.name, text, characteristics_worded(text)


def main() -> None:
    """Print the counts (and with --list every wording) of the corpus asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("2019", "2022"), default="2019")
    parser.add_argument("--list", action="store_true", help="print each unread wording")
    args = parser.parse_args()
    found = list(unread_statics(all_cards() if args.corpus == "2019" else cards_2022()))
    if args.list:
        for name, text, worded in found:
            print(f"{name} | {', '.join(worded)} | {text}")
    per: Counter[str] = Counter(c for _, _, worded in found for c in worded)
    print(f"unread static wordings ({args.corpus}): {len(found)}")
    for characteristic, count in per.most_common():
        print(f"  could change {characteristic}: {count}")


if __name__ == "__main__":
    main()
