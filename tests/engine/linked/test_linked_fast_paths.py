"""find_links' shortcuts change no answer: on the whole corpus, the abilities it doesn't split into segments
have no role, and the choices between words it reads alone (when nothing refers) are the acting roles it
would have found. Speed: ``python -m benchmarks.linked_corpus``."""

from __future__ import annotations

import pytest

from engine.core.model import Card
from engine.linked import roles
from engine.linked.roles import Role
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from engine.oracle.linked import may_link
from tests.card_data import all_cards


@pytest.fixture(scope="module")
def corpus(keyword_vocabulary: KeywordVocabulary) -> list[Card]:
    return [parse_card(record, keyword_vocabulary) for record in all_cards()]


def _every_segment_read(card: Card) -> tuple[list[Role], list[Role]]:
    """The roles of every segment of ``card``, none skipped (as find_links read them before the shortcuts)."""
    actors: list[Role] = []
    referrers: list[Role] = []
    for segment in roles.card_segments(card):
        worded = may_link(segment.text)
        actors.extend(roles._acting_roles(segment, worded=worded))
        if worded:
            referrers.extend(roles._referring_roles(segment))
    return actors, referrers


def _described(roles: list[Role]) -> list[tuple[tuple[int, int], str, str, str, int]]:
    return [
        (role.segment.order, role.segment.text, role.channel, role.detail, role.position) for role in roles
    ]


@pytest.mark.slow
def test_the_segments_read_have_every_role_of_the_card(corpus: list[Card]) -> None:
    with_roles = 0
    for card in corpus:
        actors, referrers = roles.card_roles(card)
        every_actor, every_referrer = _every_segment_read(card)
        assert _described(actors) == _described(every_actor), card.name
        assert _described(referrers) == _described(every_referrer), card.name
        with_roles += bool(actors or referrers)
    assert with_roles > 2_000  # roles are common: the property was tested on many cards


@pytest.mark.slow
def test_the_word_choices_read_alone_are_the_acting_ones(corpus: list[Card]) -> None:
    choices = 0
    for card in corpus:
        segments = roles.readable_segments(card)
        alone = [role for role in roles.word_choice_actors(segments) if role.channel == "words"]
        acting = [role for role in roles.actors_in(segments) if role.channel == "words"]
        assert _described(alone) == _described(acting), card.name
        choices += len(alone)
    assert choices >= 5  # Archangel of Strife, Citadel Siege … (links: linked/test_linked.py)
