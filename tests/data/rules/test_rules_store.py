"""The rules store: atomic loading, look-ups, search, glossary definitions and suggestions."""

from __future__ import annotations

import dataclasses
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from data.db import open_database
from data.rules.parser import RulesDocument, parse_rules
from data.rules.store import RulesStore, normalise_term, rule_link, singular
from tests.data.rules.test_rules_parser import MINI_RULES


@pytest.fixture
def store(tmp_path: Path) -> RulesStore:
    return RulesStore(open_database(tmp_path / "rules.db"))


@pytest.fixture
def loaded(store: RulesStore, rules_document: RulesDocument) -> RulesStore:
    store.load(rules_document)
    return store


def test_an_empty_store_has_no_version(store: RulesStore) -> None:
    assert store.version() is None
    assert not store.is_loaded()
    assert store.rule("100.1") is None
    assert store.search("anything") == ()


def test_a_small_document_round_trips(store: RulesStore) -> None:
    store.load(parse_rules(MINI_RULES))
    assert store.version() == date(2033, 3, 4)
    subrule = store.rule("100.1a")
    assert subrule is not None
    assert (subrule.kind, subrule.parent, subrule.children) == ("rule", "100.1", ())
    assert subrule.examples == ("Example: An example of the subrule.", "Example: A second example.")
    section = store.rule("707")
    assert section is not None
    assert (section.kind, section.text, section.parent) == ("section", "Copying Objects", "7")
    assert section.children == ("707.1", "707.2")
    chapter = store.rule("7")
    assert chapter is not None
    assert (chapter.kind, chapter.parent, chapter.children) == ("chapter", None, ("707",))
    assert store.rule("100.3").references == ("100.1a", "707.2b", "707.2c", "707.2d")  # type: ignore[union-attr]


def test_loading_a_new_version_replaces_the_old(loaded: RulesStore) -> None:
    loaded.load(parse_rules(MINI_RULES))
    assert loaded.version() == date(2033, 3, 4)
    assert not loaded.exists("707.9d")
    assert loaded.exists("707.2m")
    assert loaded.define("Legend Rule") is None
    assert loaded.search("Gargantuan") == ()
    assert {rule.number for rule in loaded.search("subrule")} == {"100.1a", "707.2k", "707.2m"}


def test_a_failed_load_leaves_the_previous_version_intact(store: RulesStore) -> None:
    store.load(parse_rules(MINI_RULES))
    good = parse_rules(MINI_RULES.replace("March 4, 2033", "April 1, 2034"))
    broken = dataclasses.replace(good, rules=(*good.rules, good.rules[0]))  # duplicate number
    with pytest.raises(sqlite3.IntegrityError):
        store.load(broken)
    assert store.version() == date(2033, 3, 4)
    assert store.exists("100.1a")
    assert store.define("copiable values") is not None
    assert store.search("subrule")


@pytest.mark.slow
def test_shared_rules_are_all_stored(loaded: RulesStore) -> None:
    assert loaded.version() == date(2025, 2, 7)
    assert len(loaded.sections()) == 144
    assert loaded.sections()[0].number == "100"
    for number in ("1", "707", "707.2", "707.2a", "606.5", "901.4", "704.5j", "607.2q"):
        assert loaded.exists(number), number
    for number in ("707.2z", "1000", "704.5l", "7072a", ""):
        assert not loaded.exists(number), number


@pytest.mark.slow
def test_rule_with_examples_parent_and_children(loaded: RulesStore) -> None:
    rule = loaded.rule("707.2")
    assert rule is not None
    assert rule.parent == "707"
    assert rule.children == ("707.2a", "707.2b", "707.2c")
    assert len(rule.examples) == 2
    assert rule.examples[0].startswith("Example: Chimeric Staff")
    assert rule.version == date(2025, 2, 7)
    copy_rule = loaded.rule("707.9d")
    assert copy_rule is not None
    assert "any characteristic-defining ability (see rule 604.3)" in copy_rule.text


@pytest.mark.slow
def test_search_ranks_the_best_matches_first(loaded: RulesStore) -> None:
    hits = [rule.number for rule in loaded.search("linked abilities", limit=5)]
    assert hits[:2] == ["607", "607.2"]
    assert len(hits) == 5
    assert "704.5j" in [rule.number for rule in loaded.search("legend rule", limit=3)]
    assert loaded.search("zyzzyvaqq") == ()


@pytest.mark.slow
@pytest.mark.parametrize("hostile", ['"', "*", "NEAR(a b)", "a OR", "'; DROP TABLE rules; --", "^x"])
def test_search_treats_input_as_plain_words(loaded: RulesStore, hostile: str) -> None:
    loaded.search(hostile)
    assert loaded.exists("707.2a")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("query", "term"),
    [
        ("Copiable Values", "Copiable Values"),
        ("copiable values", "Copiable Values"),
        ("COPIABLE VALUE", "Copiable Values"),
        ("linked ability", "Linked Abilities"),
        ("tokens", "Token"),
        ("controller", "Control, Controller"),
        ("bands with other", "Banding, “Bands with Other”"),
        ("Active Player", "Active Player"),
        ("your", "You, Your"),
        ("bury", "Bury"),
    ],
)
def test_define_glossary_terms(loaded: RulesStore, query: str, term: str) -> None:
    entry = loaded.define(query)
    assert entry is not None
    assert entry.term == term


@pytest.mark.slow
def test_glossary_entry_fields(loaded: RulesStore) -> None:
    copiable = loaded.define("copiable values")
    assert copiable is not None
    assert copiable.definition.startswith("Values of an object’s characteristics")
    assert copiable.references == ("613.2", "707.2", "707.3")
    bury = loaded.define("Bury")
    assert bury is not None
    assert bury.obsolete
    assert loaded.define("not a magic word") is None


@pytest.mark.slow
def test_nearest_matches_for_unknown_numbers_and_terms(loaded: RulesStore) -> None:
    assert set(loaded.nearest_numbers("707.2z", limit=4)) == {"707.2", "707.2a", "707.2b", "707.2c"}
    assert loaded.nearest_terms("copyable valus")[0] == "Copiable Values"
    assert loaded.nearest_terms("linkd abilty")[0] == "Linked Abilities"
    assert len(loaded.nearest_terms("flyng", limit=3)) == 3


@pytest.mark.slow
def test_keyword_titles_from_the_store_match_the_document(
    loaded: RulesStore, rules_document: RulesDocument
) -> None:
    assert loaded.keyword_titles("702") == rules_document.keyword_titles("702")
    assert loaded.subsection_titles("701") == rules_document.subsection_titles("701")
    assert ("702.9", "Flying") in loaded.keyword_titles("702")


@pytest.mark.slow
def test_texts_of_numbers(loaded: RulesStore) -> None:
    texts = loaded.texts(["707", "704.5j", "999.9"])
    assert texts.keys() == {"707", "704.5j"}
    assert texts["707"] == "Copying Objects"
    assert loaded.texts([]) == {}


def test_rule_links() -> None:
    base = "https://yawgatog.com/resources/magic-rules/#R"
    assert rule_link("707.2a", base) == "https://yawgatog.com/resources/magic-rules/#R7072a"
    assert rule_link("707", base) == base + "707"


def test_term_normalisation_and_singulars() -> None:
    assert normalise_term("  “Bands   with Other” ") == "bands with other"
    assert singular("linked abilities") == "linked ability"
    assert singular("copiable values") == "copiable value"
    assert singular("switches") == "switch"
    assert singular("loss status") == "loss status"
