"""Checking the engine's citations against the text of a version of the Comprehensive Rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from data.rules.parser import contains_phrase
from engine import Citation


@dataclass(frozen=True, slots=True)
class CitationProblem:
    """A citation whose rule is ``missing`` from the rules, or whose text ``changed`` (lost its phrase)."""

    citation: Citation
    reason: Literal["missing", "changed"]

    def __str__(self) -> str:
        if self.reason == "missing":
            return f"rule {self.citation.number} does not exist"
        return f"rule {self.citation.number} no longer contains “{self.citation.key_phrase}”"


def citation_problems(texts: Mapping[str, str], citations: Iterable[Citation]) -> tuple[CitationProblem, ...]:
    """Every citation whose number is not in ``texts`` (number → rule text) or whose key phrase its
    rule's text lacks (compared ignoring whitespace, quote style and case)."""
    problems = []
    for citation in citations:
        text = texts.get(citation.number)
        if text is None:
            problems.append(CitationProblem(citation, "missing"))
        elif not contains_phrase(text, citation.key_phrase):
            problems.append(CitationProblem(citation, "changed"))
    return tuple(problems)
