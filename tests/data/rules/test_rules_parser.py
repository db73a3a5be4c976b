"""Decoding and parsing the Comprehensive Rules: a small self-written document and the shared file."""

from __future__ import annotations

import codecs
import re
from datetime import date
from pathlib import Path

import pytest

from data.rules.parser import (
    RulesDocument,
    RulesParseError,
    contains_phrase,
    decode_rules,
    parse_rules,
    rule_references,
)
from tests.locations import FIXTURES

# A self-written miniature in the official layout, with every irregularity real files contain.
MINI_RULES = (FIXTURES / "own_rules_mini.txt").read_text(encoding="utf-8")
EFFECTIVE_LINE = MINI_RULES.splitlines()[2]


@pytest.fixture(scope="module")
def mini() -> RulesDocument:
    return parse_rules(MINI_RULES)


def test_effective_date_is_read(mini: RulesDocument) -> None:
    assert mini.effective_date == date(2033, 3, 4)


def test_contents_are_skipped_and_headings_parsed(mini: RulesDocument) -> None:
    assert [(c.number, c.title) for c in mini.chapters] == [("1", "Game Concepts"), ("7", "Additional Rules")]
    assert [(s.number, s.title) for s in mini.sections] == [("100", "General"), ("707", "Copying Objects")]
    assert mini.sections[1].chapter == "7"


def test_irregular_rule_lines_are_rules(mini: RulesDocument) -> None:
    assert [r.number for r in mini.rules] == [
        "100.1", "100.1a", "100.2", "100.3", "707.1", "707.2", "707.2k", "707.2m",
    ]  # fmt: skip
    assert mini.rule("100.2") is not None
    assert mini.rule("100.2").text == "A rule without its period. See rule 707.2."  # type: ignore[union-attr]
    assert mini.rule("100.3").text.startswith("A rule without a space.")  # type: ignore[union-attr]


def test_continuation_and_examples_attach_to_the_rule_above(mini: RulesDocument) -> None:
    subrule = mini.rule("100.1a")
    assert subrule is not None
    assert subrule.text == "A subrule.\nAn indented line that continues the subrule."
    assert subrule.examples == ("Example: An example of the subrule.", "Example: A second example.")
    assert mini.rule("100.1") is not None
    assert mini.rule("100.1").examples == ()  # type: ignore[union-attr]


def test_parent_and_children(mini: RulesDocument) -> None:
    rule = mini.rule("707.2")
    assert rule is not None
    assert rule.parent == "707"
    assert rule.children == ("707.2k", "707.2m")
    assert mini.rule("707.2m").parent == "707.2"  # type: ignore[union-attr]


def test_curly_quotes_and_dashes_are_kept(mini: RulesDocument) -> None:
    assert mini.rule("100.1").text == "These rules apply to “games.”"  # type: ignore[union-attr]
    assert mini.rule("707.2").text == "Copy things — with a dash."  # type: ignore[union-attr]


def test_cross_references_are_recorded(mini: RulesDocument) -> None:
    assert mini.rule("100.2").references == ("707.2",)  # type: ignore[union-attr]
    assert mini.rule("100.3").references == ("100.1a", "707.2b", "707.2c", "707.2d")  # type: ignore[union-attr]


def test_reference_ranges_skip_l_and_o() -> None:
    assert rule_references("See rules 704.5k–n.") == ("704.5k", "704.5m", "704.5n")
    assert rule_references("see rule 717, “Attraction Cards;” rule 901") == ("717", "901")


def test_glossary_entries_stop_at_credits(mini: RulesDocument) -> None:
    assert [g.term for g in mini.glossary] == ["Copiable Values", "Control, Controller", "Bury"]
    copiable, control, bury = mini.glossary
    assert copiable.references == ("707.2", "100.1")
    assert control.alternatives == ("Control", "Controller")
    assert (copiable.obsolete, bury.obsolete) == (False, True)


def test_keyword_titles_are_the_one_line_titles(mini: RulesDocument) -> None:
    assert mini.subsection_titles("707") == (("707.1", "Keyword"), ("707.2", "Copy things — with a dash."))
    assert mini.keyword_titles("707") == (("707.1", "Keyword"),)


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: text.encode("utf-8"),
        lambda text: text.lstrip("\ufeff").encode("utf-8"),
        lambda text: codecs.BOM_UTF16_LE + text.lstrip("\ufeff").encode("utf-16-le"),
        lambda text: codecs.BOM_UTF16_BE + text.lstrip("\ufeff").encode("utf-16-be"),
        lambda text: text.lstrip("\ufeff").replace("\n", "\r\n").encode("utf-8"),
        lambda text: text.lstrip("\ufeff").replace("\n", "\r").encode("utf-8"),
        lambda text: text.lstrip("\ufeff").encode("cp1252"),
    ],
    ids=["utf8-bom", "utf8", "utf16-le", "utf16-be", "crlf", "cr", "cp1252"],
)
def test_every_published_encoding_decodes_to_the_same_text(encode: object, mini: RulesDocument) -> None:
    raw = encode(MINI_RULES)  # type: ignore[operator]
    decoded = decode_rules(raw)
    assert decoded == MINI_RULES.lstrip("\ufeff")
    assert parse_rules(decoded) == mini


def test_text_that_is_not_rules_is_rejected() -> None:
    with pytest.raises(RulesParseError, match="effective"):
        parse_rules("100.1. A rule but no date.\n")
    with pytest.raises(RulesParseError, match="no numbered rules"):
        parse_rules(f"{EFFECTIVE_LINE}\n\nNothing else.\n")


def test_phrases_compare_ignoring_quotes_and_whitespace() -> None:
    assert contains_phrase("the “legend rule.”\nNext", 'The "legend rule." next')
    assert not contains_phrase("the legend rule", "the world rule")


# The shared official file (2025-02-07).


def _numbered_lines(path: Path) -> list[str]:
    """The file's lines, independently of the parser: plain decoding and a simple number regex."""
    return path.read_text(encoding="utf-8-sig").splitlines()


@pytest.mark.slow
def test_shared_file_counts_are_exact(rules_document: RulesDocument) -> None:
    assert rules_document.effective_date == date(2025, 2, 7)
    assert len(rules_document.rules) == 3022
    assert len(rules_document.sections) == 144
    assert len(rules_document.chapters) == 9
    assert sum(len(rule.examples) for rule in rules_document.rules) == 274
    assert len(rules_document.glossary) == 703
    assert len({rule.number for rule in rules_document.rules}) == 3022


@pytest.mark.slow
def test_shared_file_spot_checks(rules_document: RulesDocument) -> None:
    copy_rule = rules_document.rule("707.9d")
    assert copy_rule is not None
    assert copy_rule.text.startswith(
        "When applying a copy effect that doesn’t copy a certain characteristic,"
    )
    assert copy_rule.text.endswith("that defines card type, supertype, and/or subtype is copied.")
    assert copy_rule.parent == "707.9"
    assert len(copy_rule.examples) == 2
    assert copy_rule.examples[0].startswith("Example: Quicksilver Gargantuan")
    assert copy_rule.references == ("604.3", "204")
    assert "linked" in rules_document.rule("607.2q").text  # type: ignore[union-attr]
    assert "legend rule" in rules_document.rule("704.5j").text  # type: ignore[union-attr]
    assert rules_document.rule("901.4").text.startswith("All plane and phenomenon cards")  # type: ignore[union-attr]
    assert rules_document.rule("606.5").text.startswith("If the total cost")  # type: ignore[union-attr]
    assert rules_document.rule("205.4c").text.count("\n") == 1  # type: ignore[union-attr]
    assert rules_document.rule("607.2k").references == ("702.72",)  # type: ignore[union-attr]
    assert rules_document.rule("707") is None
    assert rules_document.section("707").title == "Copying Objects"  # type: ignore[union-attr]


@pytest.mark.slow
def test_every_example_belongs_to_the_numbered_line_above_it(
    rules_path: Path, rules_document: RulesDocument
) -> None:
    expected: dict[str, list[str]] = {}
    current = ""
    for line in _numbered_lines(rules_path):
        if number := re.match(r"(\d{3}\.\d+[a-z]?)[. ]", line):
            current = number[1]
        elif line.startswith("Example:"):
            expected.setdefault(current, []).append(line.rstrip())
    actual = {rule.number: list(rule.examples) for rule in rules_document.rules if rule.examples}
    assert actual == expected


@pytest.mark.slow
def test_shared_glossary(rules_document: RulesDocument) -> None:
    terms = {entry.term: entry for entry in rules_document.glossary}
    copiable = terms["Copiable Values"]
    assert copiable.definition.startswith(
        "Values of an object’s characteristics that are checked by copy effects."
    )
    assert copiable.references == ("613.2", "707.2", "707.3")
    assert terms["Bury"].obsolete
    assert not terms["Play"].obsolete
    assert rules_document.glossary[0].term == "Abandon"
    assert rules_document.glossary[-1].term == "Zone-Change Triggers"


@pytest.mark.slow
def test_keyword_names_from_sections_701_and_702(rules_document: RulesDocument) -> None:
    abilities = dict(rules_document.keyword_titles("702"))
    assert abilities["702.2"] == "Deathtouch"
    assert abilities["702.9"] == "Flying"
    assert "702.1" not in abilities
    assert len(abilities) == len(rules_document.subsection_titles("702")) - 1
    assert dict(rules_document.keyword_titles("701"))["701.2"] == "Activate"


@pytest.mark.slow
@pytest.mark.parametrize(
    "reencode",
    [
        lambda raw: codecs.BOM_UTF16_LE + raw.decode("utf-8-sig").encode("utf-16-le"),
        lambda raw: codecs.BOM_UTF16_BE + raw.decode("utf-8-sig").encode("utf-16-be"),
        lambda raw: raw.replace(b"\r\n", b"\n"),
        lambda raw: raw.replace(b"\r\n", b"\r"),
    ],
    ids=["utf16-le", "utf16-be", "lf", "cr"],
)
def test_shared_file_reencoded_parses_identically(
    reencode: object, rules_path: Path, rules_document: RulesDocument
) -> None:
    raw = rules_path.read_bytes()
    assert b"\r\n" in raw
    assert parse_rules(decode_rules(reencode(raw))) == rules_document  # type: ignore[operator]
