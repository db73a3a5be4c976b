"""The Oracle parser's fast paths (a cheap test before a pattern, memoised pure parsing) change no answer:
on the whole corpus, each pattern matches only texts its cheap test lets through, and each text helper
gives what its plain pattern form gives. Speed: ``python benchmarks/parse_corpus.py``."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.core.model import Card
from engine.oracle import linked, parse_card, text
from engine.oracle.keywords import KeywordVocabulary, _matcher
from engine.oracle.types import parse_type_line
from tests.card_data import all_cards


@pytest.fixture(scope="module")
def corpus(keyword_vocabulary: KeywordVocabulary) -> list[Card]:
    return [parse_card(record, keyword_vocabulary) for record in all_cards()]


def _oracle_texts() -> Iterator[str]:
    for record in all_cards():
        for face in record.get("card_faces") or [record]:
            yield str(face.get("oracle_text") or "")


def _pieces(oracle_text: str) -> Iterator[str]:
    for paragraph in text.paragraphs(oracle_text):
        plain = text.strip_reminder(paragraph)
        yield plain
        yield from (piece.strip() for piece in re.split(r"[,;] (?![^{]*\})", plain))


@pytest.mark.slow
def test_keyword_names_are_tried_on_every_piece_the_pattern_matches(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    matcher = _matcher(keyword_vocabulary)
    matched = 0
    for oracle_text in _oracle_texts():
        for piece in _pieces(oracle_text):
            if matcher.pattern.match(piece):
                matched += 1
                assert matcher._may_match(piece), piece
    assert matched > 10_000  # keyword lines are common: the property was tested on many


def test_a_piece_outside_ascii_goes_to_the_pattern(keyword_vocabulary: KeywordVocabulary) -> None:
    # IGNORECASE matches the dotless "ı" to "i"; casefolding doesn't, so no shortcut for such a text
    assert keyword_vocabulary.match_line("Fırst strike") is not None
    landwalk = keyword_vocabulary.match_line("Islandwalk, flying")
    assert landwalk is not None
    assert [(match.keyword, match.parameter) for match in landwalk] == [
        ("Landwalk", "Island"),
        ("Flying", None),
    ]
    offering = keyword_vocabulary.match_line("Goblin offering")
    assert offering is not None
    assert [(match.keyword, match.parameter) for match in offering] == [("Offering", "Goblin")]
    assert keyword_vocabulary.match_line("Draw a card.") is None


def test_is_keyword_is_any_case(keyword_vocabulary: KeywordVocabulary) -> None:
    assert keyword_vocabulary.is_keyword("flying")
    assert keyword_vocabulary.is_keyword("Scry")  # a keyword action
    assert not keyword_vocabulary.is_keyword("Gorex")


@pytest.mark.slow
def test_each_linked_phrase_is_looked_for_in_every_text_it_is_in(corpus: list[Card]) -> None:
    found = 0
    for folded in _folded_rules_texts(corpus):
        for kind, pattern in linked._PATTERNS.items():
            if pattern.search(folded):
                found += 1
                assert linked._may_say(kind, folded), (kind, folded)
    assert found > 5_000


@pytest.mark.slow
def test_a_text_without_linked_wording_has_no_phrase_exile_or_word_choice(corpus: list[Card]) -> None:
    without = 0
    for folded in _folded_rules_texts(corpus):
        if linked.may_link(folded):
            continue
        without += 1
        assert linked.exiles_cards_at(folded) is None, folded
        assert not linked.word_choices(folded), folded
        assert not any(
            pattern.search(folded)
            for kind, pattern in linked._PATTERNS.items()
            if kind is not linked.LinkPhrase.VARIABLE  # only ever looked for beside a cast cost
        ), folded
    assert without > 20_000


def _folded_rules_texts(corpus: list[Card]) -> Iterator[str]:
    """The casefolded rules text of every ability of the corpus (as find_links reads it)."""
    for card in corpus:
        for face in card.faces:
            for ability in face.abilities:
                yield ability.rules_text.casefold()


def test_every_linked_phrase_has_its_words() -> None:
    assert set(linked._NEEDS) == set(linked.LinkPhrase) == set(linked._PATTERNS)


@pytest.mark.slow
def test_text_helpers_give_what_their_patterns_give() -> None:
    blanks, reminder = re.compile(r"[ \t]+"), re.compile(r"\s*\([^()]*\)")
    quoted = re.compile(r"\"[^\"]*\"|“[^”]*”")
    for oracle_text in [*_oracle_texts(), "a  (b)\tc", "“x”", ""]:
        assert text.strip_reminder(oracle_text) == blanks.sub(" ", reminder.sub("", oracle_text)).strip()
        assert text.unquoted(oracle_text) == quoted.sub(lambda m: " " * len(m.group(0)), oracle_text)
        assert "".join(part for part, _ in text.split_quoted(oracle_text)) == oracle_text


def test_memoised_type_lines_are_the_parsed_ones() -> None:
    line = "Legendary Creature — Time Lord Doctor"
    assert parse_type_line(line) is parse_type_line(line)
    assert parse_type_line(line).subtypes == ("Time Lord", "Doctor")
    assert parse_type_line(None).types == ()
