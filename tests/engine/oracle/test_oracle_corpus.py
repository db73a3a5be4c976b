"""The whole shared corpus (2019 bulk file + supplement) parses, classified and with every copy effect.

Figures and timing: ``python benchmarks/parse_corpus.py``.
"""

from __future__ import annotations

import pytest

from engine.oracle.corpus import QUOTED_ONLY, CorpusReport, survey
from engine.oracle.keywords import KeywordVocabulary
from tests.card_data import all_cards

BULK_CARDS = 20_030
SUPPLEMENT_CARDS = 9


@pytest.fixture(scope="module")
def report(keyword_vocabulary: KeywordVocabulary) -> CorpusReport:
    return survey(all_cards(), keyword_vocabulary)


@pytest.mark.slow
def test_every_card_parses(report: CorpusReport) -> None:
    assert report.cards >= BULK_CARDS + SUPPLEMENT_CARDS
    assert report.failures == ()


@pytest.mark.slow
def test_unclassified_share_is_under_one_percent(report: CorpusReport) -> None:
    assert report.abilities > 30_000
    assert report.unclassified_share < 0.01, report.unclassified[:20]


@pytest.mark.slow
def test_every_copy_of_card_has_a_copy_effect_or_a_reason(report: CorpusReport) -> None:
    assert report.unexplained_copy_misses == ()
    assert {miss.card: miss.reason for miss in report.copy_misses} == {"Splinter Twin": QUOTED_ONLY}
