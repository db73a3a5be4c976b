"""find_links' shortcuts change no answer: on the whole corpus, the abilities it doesn't split into segments
have no role, and the choices between words it reads alone (when nothing refers) are the acting roles it
would have found. Speed: ``python -m benchmarks.linked_corpus``."""

from __future__ import annotations

import pytest

from engine.core.model import Card
from engine.linked import links
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from engine.oracle.linked import may_link
from tests.card_data import all_cards


@pytest.fixture(scope="module")
def corpus(keyword_vocabulary: KeywordVocabulary) -> list[Card]:
    return [parse_card(record, keyword_vocabulary) for record in all_cards()]


def _every_segment_read(card: Card) -> tuple[list[links._Role], list[links._Role]]:
    """The roles of every segment of ``card``, none skipped (as find_links read them before the shortcuts)."""
    actors: list[links._Role] = []
    referrers: list[links._Role] = []
    for segment in links._segments(card):
        worded = may_link(segment.text)
        actors.extend(links._acting_roles(segment, worded=worded))
        if worded:
            referrers.extend(links._referring_roles(segment))
    return actors, referrers


def _described(roles: list[links._Role]) -> list[tuple[tuple[int, int], str, str, str, int]]:
    return [
        (role.segment.order, role.segment.text, role.channel, role.detail, role.position) for role in roles
    ]


@pytest.mark.slow
def test_the_segments_read_have_every_role_of_the_card(corpus: list[Card]) -> None:
    with_roles = 0
    for card in corpus:
        actors, referrers = links._roles(card)
        every_actor, every_referrer = _every_segment_read(card)
        assert _described(actors) == _described(every_actor), card.name
        assert _described(referrers) == _described(every_referrer), card.name
        with_roles += bool(actors or referrers)
    assert with_roles > 2_000  # roles are common: the property was tested on many cards


@pytest.mark.slow
def test_the_word_choices_read_alone_are_the_acting_ones(corpus: list[Card]) -> None:
    choices = 0
    for card in corpus:
        segments = links._readable_segments(card)
        alone = [role for role in links._word_choice_actors(segments) if role.channel == "words"]
        acting = [role for role in links._acting(segments) if role.channel == "words"]
        assert _described(alone) == _described(acting), card.name
        choices += len(alone)
    assert choices >= 5  # Archangel of Strife, Citadel Siege … (their links: tests/engine/test_linked.py)
