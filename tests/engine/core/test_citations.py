"""Every rule the engine cites exists in the shared Comprehensive Rules and still says what it relies on."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from datetime import date
from pathlib import Path

import pytest

import engine
from bot.judge import rules as rules_service
from bot.judge.rules import outdated_citation_note
from data.db import open_database
from data.rules.citations import CitationProblem, citation_problems
from data.rules.parser import RulesDocument
from data.rules.store import RulesStore
from engine.actions.faces import FLIP_NO_MEMORY, FLIP_ONE_WAY
from engine.core.citations import CITATIONS_CHECKED_AGAINST, Citation, registered_citations
from engine.core.results import Explanation
from engine.layers.layer_rules import LAYER_7C


def _import_every_engine_module() -> None:
    for module in pkgutil.walk_packages(engine.__path__, prefix="engine."):
        importlib.import_module(module.name)


@pytest.mark.slow
def test_every_registered_citation_matches_the_shared_rules(rules_document: RulesDocument) -> None:
    _import_every_engine_module()
    citations = registered_citations()
    assert citations, "the engine registers no citation at all"
    assert rules_document.effective_date == CITATIONS_CHECKED_AGAINST
    problems = citation_problems(rules_document.texts(), citations)
    assert not problems, "\n".join(str(problem) for problem in problems)


def test_missing_and_changed_citations_are_reported() -> None:
    texts = {"707.2": "The copy acquires the “copiable values”  of\nthe original.", "707": "Copying Objects"}
    fine = [Citation("707.2", 'the "copiable values" of the original'), Citation("707", "Copying Objects")]
    missing, changed = Citation("707.99", "anything"), Citation("707.2", "the printed values")
    assert citation_problems(texts, fine) == ()
    assert citation_problems(texts, [missing, *fine, changed]) == (
        CitationProblem(missing, "missing"),
        CitationProblem(changed, "changed"),
    )


@pytest.fixture
def store(tmp_path: Path) -> RulesStore:
    return RulesStore(open_database(tmp_path / "rules.db"))


def _with_rule_text(document: RulesDocument, number: str, text: str, version: date) -> RulesDocument:
    rules = tuple(dataclasses.replace(r, text=text) if r.number == number else r for r in document.rules)
    return dataclasses.replace(document, rules=rules, effective_date=version)


@pytest.fixture
def only_the_legend_rule_cited(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's citation registry holds only 704.5j with its key phrase."""
    legend = Citation("704.5j", "This is called the “legend rule.”")
    monkeypatch.setattr(rules_service, "registered_citations", lambda: (legend,))


@pytest.mark.slow
@pytest.mark.usefixtures("only_the_legend_rule_cited")
def test_a_newer_version_that_changed_a_cited_rule_adds_a_note(
    store: RulesStore, rules_document: RulesDocument
) -> None:
    store.load(rules_document)
    assert outdated_citation_note(store, ["704.5j"]) is None

    store.load(_with_rule_text(rules_document, "704.5j", "Reworded entirely.", date(2030, 1, 1)))
    note = outdated_citation_note(store, ["704.5j", "707.2"])
    assert note is not None
    assert "checked against the Comprehensive Rules of 2025-02-07" in note
    assert "2030-01-01" in note
    assert "704.5j" in note
    assert outdated_citation_note(store, ["707.2"]) is None


@pytest.mark.slow
@pytest.mark.usefixtures("only_the_legend_rule_cited")
def test_a_newer_version_keeping_the_phrase_adds_no_note(
    store: RulesStore, rules_document: RulesDocument
) -> None:
    store.load(dataclasses.replace(rules_document, effective_date=date(2030, 1, 1)))
    assert outdated_citation_note(store, ["704.5j"]) is None


def test_no_rules_loaded_means_no_note(store: RulesStore) -> None:
    assert outdated_citation_note(store, ["704.5j"]) is None


def test_an_explanation_cites_each_rule_number_once() -> None:
    explanation = Explanation.of("It flips for good.", FLIP_ONE_WAY, LAYER_7C, FLIP_NO_MEMORY)
    assert explanation.rules == ("710.4", "613.4c")
