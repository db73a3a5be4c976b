"""Whole-corpus check of linked-ability detection: every card of the shared 2019 bulk file and supplement."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.linked.links import find_links
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from tests.card_data import all_cards

# Measured on the shared 2019 bulk file + supplement (20,042 records); a drop means lost recall.
MINIMUM_LINKS = {
    "607.2a": 130,
    "607.2b": 6,  # with "As ~ enters, exile" (CR 614.1c): Sutured Ghoul, Living Lore (two pairs)
    "607.2c": 8,
    "607.2d": 180,
    "607.2e": 14,
    "607.2f": 2,
    "607.2g": 4,
    "607.2h": 35,
    "607.2i": 140,
    "607.2k": 12,
    "607.2m": 14,
    "607.2n": 3,
    "607.2p": 1,
    "607.2q": 3,
}


@pytest.mark.slow
def test_every_card_is_analysed_and_each_kind_is_found(keyword_vocabulary: KeywordVocabulary) -> None:
    per_rule: Counter[str] = Counter()
    cards_without_links = 0
    for record in all_cards():
        report = find_links(parse_card(record, keyword_vocabulary))
        assert report.notes, f"{record['name']}: an empty reply"
        cards_without_links += not report.links
        per_rule.update(link.rule for link in report.links)
    shortfalls = {rule: per_rule[rule] for rule, least in MINIMUM_LINKS.items() if per_rule[rule] < least}
    assert not shortfalls, f"fewer links than measured: {shortfalls} (all: {dict(per_rule)})"
    assert set(per_rule) <= set(MINIMUM_LINKS)
    # linked abilities are rare: most cards must get the "no linked abilities" answer
    assert cards_without_links > 0.95 * len(all_cards())
