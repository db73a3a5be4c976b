"""The cheap tests the parser runs before its classifying patterns, and its one look for a keyword name at a
line's start, change no answer: on the whole corpus, every text a pattern matches passes the cheap test
in front of it, and a line is a keyword line exactly when trying every piece and the whole line says so.
Speed: ``python benchmarks/parse_corpus.py``."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.core.model import AbilityKind
from engine.oracle import abilities, parse_card, text
from engine.oracle.keywords import KeywordMatch, KeywordVocabulary, _matcher
from tests.card_data import all_cards

_PIECE_BREAK = re.compile(r"[,;] (?![^{]*\})")


def _paragraph_texts() -> Iterator[str]:
    """Each paragraph of the corpus without reminder text, and each sentence of it (the wordings the
    classifying patterns see, with and without the ability word in front)."""
    for record in all_cards():
        for face in record.get("card_faces") or [record]:
            for paragraph in text.paragraphs(str(face.get("oracle_text") or "")):
                plain = text.strip_reminder(paragraph)
                yield plain
                yield from text.sentences(plain)


def _every_piece_or_whole(vocabulary: KeywordVocabulary, line: str) -> tuple[KeywordMatch, ...] | None:
    """Keyword matching without the shortcut: every piece, else the whole line."""
    matcher = _matcher(vocabulary)
    pieces = [piece.strip() for piece in _PIECE_BREAK.split(line)]
    matches = [matcher.match_one(piece, allow_sentence=False) for piece in pieces]
    if len(pieces) > 1 and all(match is not None for match in matches):
        return tuple(match for match in matches if match is not None)
    whole = matcher.match_one(line, allow_sentence=True)
    return (whole,) if whole is not None else None


@pytest.mark.slow
def test_a_keyword_line_is_found_as_every_piece_and_the_whole_line_find_it(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    keyword_lines = 0
    for line in _paragraph_texts():
        line = line.strip()
        expected = _every_piece_or_whole(keyword_vocabulary, line)
        assert keyword_vocabulary.match_line(line) == expected, line
        keyword_lines += expected is not None
    assert keyword_lines > 10_000  # keyword lines are common: the property was tested on many


def test_a_line_whose_later_piece_is_a_keyword_is_no_keyword_line(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    assert keyword_vocabulary.match_line("Sacrifice a creature, flying") is None
    assert keyword_vocabulary.match_line("Draw a card; trample") is None
    lines = keyword_vocabulary.match_line("Flying; trample")
    assert lines is not None
    assert [match.keyword for match in lines] == ["Flying", "Trample"]
    suspend = keyword_vocabulary.match_line("Suspend 4—{1}{U}")
    assert suspend is not None
    assert [(match.keyword, match.parameter) for match in suspend] == [("Suspend", "4—{1}{U}")]


@pytest.mark.slow
def test_each_classifying_pattern_matches_only_texts_its_cheap_test_lets_through(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    counts = {"replacement": 0, "static on a spell": 0, "cda": 0}
    for record in all_cards():
        for face in parse_card(record, keyword_vocabulary).faces:
            for ability in face.abilities:
                rules = ability.rules_text
                if abilities._REPLACEMENT.search(text.unquoted(rules)):
                    counts["replacement"] += 1
                    assert abilities._may_be_replacement(rules), rules
                if abilities._STATIC_ON_SPELL.search(rules):
                    counts["static on a spell"] += 1
                    assert abilities._is_static_on_spell(rules), rules
                if re.search(rf"^(?:{abilities._CDA.pattern})", rules):
                    counts["cda"] += 1
                    assert rules.startswith("~"), rules
                    assert abilities._CDA.match(rules), rules
    assert min(counts.values()) > 10, counts


def test_the_cheap_tests_let_the_wordings_of_each_kind_through() -> None:
    assert abilities._may_be_replacement("As ~ enters, choose a color.")
    assert abilities._may_be_replacement("If a card would be put into a graveyard, exile it instead.")
    assert abilities._may_be_replacement("Skip your draw step.")
    assert not abilities._may_be_replacement("Creatures you control get +1/+1.")
    assert abilities._is_static_on_spell("This spell can't be countered.")
    assert abilities._is_static_on_spell("You may pay {W} rather than pay this spell's mana cost.")
    assert not abilities._is_static_on_spell("Draw two cards.")


def test_the_kinds_the_cheap_tests_guard_are_still_found(keyword_vocabulary: KeywordVocabulary) -> None:
    record = {
        "name": "Test Shapeshifter",
        "layout": "normal",
        "type_line": "Creature — Shapeshifter",
        "mana_cost": "{2}{U}",
        "oracle_text": (
            "Test Shapeshifter is all colors.\n"
            "Test Shapeshifter enters with two +1/+1 counters on it.\n"
            "{T}: Add {U}.\n"
            "Whenever a creature, artifact, or land enters, scry 1.\n"
            'Creatures you control have "{T}: Tap target creature."'
        ),
    }
    face = parse_card(record, keyword_vocabulary).front
    assert [(ability.kind, ability.cost, ability.trigger) for ability in face.abilities] == [
        (AbilityKind.CHARACTERISTIC_DEFINING, None, None),
        (AbilityKind.REPLACEMENT, None, None),
        (AbilityKind.MANA, "{T}", None),
        (AbilityKind.TRIGGERED, None, "Whenever a creature, artifact, or land enters"),
        (AbilityKind.STATIC, None, None),
    ]
    assert face.mana_cost == ("{2}", "{U}")
    assert face.mana_value == 3


def test_a_static_ability_and_its_linked_trigger_in_one_paragraph_are_two(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    record = {
        "name": "Test Idol",
        "layout": "normal",
        "type_line": "Artifact",
        "mana_cost": "{3}",
        "oracle_text": (
            "As Test Idol enters, choose a creature type. Whenever a creature of the chosen type enters, "
            "draw a card.\n"
            'Artifacts you control have "Sacrifice this artifact. When you do, you gain 2 life."'
        ),
    }
    face = parse_card(record, keyword_vocabulary).front
    assert [(ability.kind, ability.paragraph, ability.trigger) for ability in face.abilities] == [
        (AbilityKind.REPLACEMENT, 1, None),
        (AbilityKind.TRIGGERED, 1, "Whenever a creature of the chosen type enters"),
        (AbilityKind.STATIC, 2, None),
    ]
