"""The corpus runs on the shared 2022 Gatherer file (issue 25 item 1): parse every record, Clone over every
creature, linked abilities over every card; no card raises and every answer is given.

The 6,041 records are the cards printed after the 2019 bulk and the 2019 cards whose wording changed; the
other 18,000 cards of the cache that importing both files gives are the 2019 records the other corpus tests
run. ``pytest -s`` prints each run's counts; ``python benchmarks/corpus_2022.py`` prints them beside the 2019
corpus's.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from data.cards.importer import import_cards
from data.db import open_database
from engine.answers.copy_corpus import check_copies
from engine.core.model import Card
from engine.linked.links import find_links
from engine.oracle import parse_card
from engine.oracle.corpus import QUOTED_ONLY, CorpusReport, survey
from engine.oracle.keywords import KeywordVocabulary
from tests.card_data import cards_2022, is_creature, parsed_card

RECORDS_2022 = 6_041
# 2019 bulk (20,030) + supplement (9) + the 2022 file, whose 2,010 changed wordings replace their 2019 records
CACHE_2019_2022 = 24_070

# Cards whose "copy of" yields no copy effect, each with why: playtest cards, or not a copy effect of this
# card (a copy instruction inside an ability the card grants another object).
COPY_MISSES = {
    "Trickster's Talisman": QUOTED_ONLY,
    "Mirage Phalanx": QUOTED_ONLY,
    "Tibalt the Chaotic": None,  # playtest card: casts a copy of a card chosen at random from a list
    "Domesticated Mammoth": None,  # playtest card: enters with a token copy of a named Aura
    "Vazal, the Compleat": None,  # playtest card: "Megalegendary (… only one copy of this card.)"
}

# Measured on the 2022 file; a drop means lost recall.
MINIMUM_LINKS = {
    "607.2a": 86,
    "607.2b": 7,
    "607.2c": 1,
    "607.2d": 46,
    "607.2e": 7,
    "607.2g": 1,
    "607.2h": 9,
    "607.2i": 52,
    "607.2k": 1,
    "607.2n": 1,
    "607.2p": 1,
    "607.2q": 3,
}


@pytest.fixture(scope="module")
def report(keyword_vocabulary: KeywordVocabulary) -> CorpusReport:
    return survey(cards_2022(), keyword_vocabulary)


@pytest.fixture(scope="module")
def parsed(keyword_vocabulary: KeywordVocabulary) -> list[tuple[bool, Card]]:
    """Each 2022 record parsed, with whether its front face is a creature."""
    return [(is_creature(raw), parse_card(raw, keyword_vocabulary)) for raw in cards_2022()]


@pytest.mark.slow
def test_every_2022_card_parses(report: CorpusReport) -> None:
    print(
        f"\n2022 parse: {report.cards} cards, {report.abilities} abilities, "
        f"{len(report.unclassified)} unclassified ({report.unclassified_share:.2%}), "
        f"{len(report.failures)} failures"
    )
    assert report.cards == RECORDS_2022
    assert report.failures == ()
    assert report.abilities > 11_000
    assert report.unclassified_share < 0.01, report.unclassified[:20]


@pytest.mark.slow
def test_every_2022_copy_of_card_has_a_copy_effect_or_a_known_reason(report: CorpusReport) -> None:
    assert {miss.card: miss.reason for miss in report.copy_misses} == COPY_MISSES


@pytest.mark.slow
def test_clone_copies_every_2022_creature(parsed: list[tuple[bool, Card]]) -> None:
    creatures = list({card.name: card for creature, card in parsed if creature}.values())
    found = check_copies(creatures, parsed_card("Clone"))
    print(
        f"\n2022 Clone: {len(creatures)} creatures, {found.determined} determined, "
        f"{found.with_unknowns} with named unknowns, {len(found.errors)} refused"
    )
    assert found.errors == {}
    assert found.unexplained == []
    assert found.determined + found.with_unknowns == len(creatures) > 3_000
    assert found.determined > 0.9 * len(creatures)


@pytest.mark.slow
def test_linked_abilities_of_every_2022_card(parsed: list[tuple[bool, Card]]) -> None:
    per_rule: Counter[str] = Counter()
    linked = 0
    for _, card in parsed:
        found = find_links(card)
        assert found.notes, f"{card.name}: an empty reply"
        linked += bool(found.links)
        per_rule.update(link.rule for link in found.links)
    print(f"\n2022 linked: {len(parsed)} cards, {linked} with links, {sum(per_rule.values())} links")
    shortfalls = {rule: per_rule[rule] for rule, least in MINIMUM_LINKS.items() if per_rule[rule] < least}
    assert not shortfalls, f"fewer links than measured: {shortfalls} (all: {dict(per_rule)})"
    assert set(per_rule) <= set(MINIMUM_LINKS)
    assert linked < 0.05 * len(parsed)


@pytest.mark.slow
def test_the_2022_file_imports_over_the_2019_cache(
    card_cache_db: Path, oracle_2022_path: Path, tmp_path: Path
) -> None:
    path = tmp_path / "cards.db"
    path.write_bytes(card_cache_db.read_bytes())
    db = open_database(path)
    summary = import_cards(db, oracle_2022_path)
    # a 2019 card whose Oracle text changed: the 2022 record replaces it
    (stored,) = db.execute("SELECT json FROM cards WHERE name = 'Citanul Flute'").fetchone()
    db.close()
    assert (summary.cards_read, summary.cards_in_cache) == (RECORDS_2022, CACHE_2019_2022)
    assert "creature card with mana value X or less" in stored
