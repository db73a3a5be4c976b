"""The keyword vocabulary comes from the Comprehensive Rules and finds keyword lines in Oracle text."""

from __future__ import annotations

import pytest

from engine.oracle.keywords import KeywordVocabulary

SMALL = KeywordVocabulary.from_titles(
    ["Flying", "Vigilance", "Equip", "Partner", "Landwalk", "Cycling", "Protection", "Kicker", "Suspend"],
    ["Exert", "Tap and Untap"],
    variants={"Typecycling": "Cycling"},
    renamed={"Totem armor": "Umbra Armor"},
)


def test_titles_naming_two_keywords_give_both() -> None:
    assert SMALL.actions == ("Exert", "Tap", "Untap")


def test_vocabulary_from_the_rules_holds_702_and_701_titles(keyword_vocabulary: KeywordVocabulary) -> None:
    assert {"Flying", "Equip", "Champion", "Morph", "Delve", "Daybound", "Nightbound"} <= set(
        keyword_vocabulary.abilities
    )
    assert {"Exert", "Populate", "Tap", "Untap"} <= set(keyword_vocabulary.actions)
    assert "Most abilities describe exactly what they do in the card’s rules text." not in " ".join(
        keyword_vocabulary.abilities
    )


def test_variants_former_names_and_cdas_come_from_subrules(keyword_vocabulary: KeywordVocabulary) -> None:
    assert dict(keyword_vocabulary.variants)["Megamorph"] == "Morph"
    assert dict(keyword_vocabulary.variants)["Multikicker"] == "Kicker"
    assert dict(keyword_vocabulary.renamed)["Totem armor"] == "Umbra Armor"
    assert set(keyword_vocabulary.characteristic_defining) == {"Changeling", "Devoid"}


def test_the_partner_abilities_702_124a_lists_are_variants_of_partner(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    partner = {name for name, title in keyword_vocabulary.variants if title == "Partner"}
    assert partner == {"Friends forever", "Choose a background", "Doctor's companion"}
    (found,) = keyword_vocabulary.match_line("Friends forever") or ()
    assert found.keyword == "Friends forever"


def test_keyword_list_gives_one_match_per_keyword() -> None:
    matches = SMALL.match_line("Flying, vigilance")
    assert matches is not None
    assert [match.keyword for match in matches] == ["Flying", "Vigilance"]


@pytest.mark.parametrize(
    ("line", "keyword", "parameter"),
    [
        ("Equip {7}", "Equip", "{7}"),
        ("Kicker—Sacrifice a creature.", "Kicker", "Sacrifice a creature."),
        ("Partner with Pir, Imaginative Rascal", "Partner", "with Pir, Imaginative Rascal"),
        ("Protection from white and from blue", "Protection", "from white and from blue"),
        ("Islandwalk", "Landwalk", "Island"),
        ("Swampcycling {2}", "Typecycling", "Swamp {2}"),
        ("Totem armor", "Umbra Armor", None),
        ("Suspend X—{X}{3}{U}. X can't be 0.", "Suspend", "X—{X}{3}{U}. X can't be 0."),
    ],
)
def test_keyword_with_parameter(line: str, keyword: str, parameter: str | None) -> None:
    matches = SMALL.match_line(line)
    assert matches is not None
    assert [(m.keyword, m.parameter) for m in matches] == [(keyword, parameter)]


@pytest.mark.parametrize(
    "line",
    ["Flying creatures can't block.", "Flash", "Vigilance is nice, flying too.", "Equip: draw a card."],
)
def test_sentences_are_not_keyword_lines(line: str) -> None:
    assert SMALL.match_line(line) is None


def test_a_keyword_prefix_is_not_a_longer_word() -> None:
    assert SMALL.match_line("Flyingbolt") is None
