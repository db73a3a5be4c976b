"""Comprehensive Rules for the Judge: import, download on first use, look up a rule or a glossary term,
search, autocomplete, and the note for citations a newer version changed.

Everything here that reads the store is synchronous and runs on the Judge's worker thread.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import Settings
from bot.judge.answers import Answer as Answer  # re-exported: the answers' base
from bot.judge.answers import Framed
from bot.judge.errors import InvalidQuestion, RuleNotFound, RulesUnavailable
from bot.judge.limits import LIMITS, checked_text
from bot.judge.services import Services
from data.cards.service import BlockingRunner, run_inline
from data.db import generation
from data.rules.citations import citation_problems
from data.rules.parser import GlossaryEntry, RulesDocument, decode_rules, parse_rules
from data.rules.store import RulesStore, StoredRule, rule_link
from engine import CITATIONS_CHECKED_AGAINST, msg, registered_citations

if TYPE_CHECKING:
    import aiohttp

    from engine import KeywordVocabulary

_RULE_NUMBER = re.compile(r"^(?:(?:cr|rule)\s*)?(?P<number>\d{1,3}(?:\.\d+[a-z]?)?)\.?$", re.IGNORECASE)

OFFLINE_HELP = (
    "No Comprehensive Rules are loaded and the network is off. Import the rules text file with "
    '`mtg-judge import-rules PATH` (e.g. "MagicCompRules 20250207.txt" from magic.wizards.com/en/rules).'
)


class ImportSummary(Answer):
    """What was loaded: the version and how many of each part the file had."""

    source: str
    version: date
    rules: int
    sections: int
    examples: int
    glossary: int

    @classmethod
    def of(cls, document: RulesDocument, source: str) -> ImportSummary:
        """The summary of loading ``document``, read from ``source`` (a path or URL)."""
        return cls(
            source=source,
            version=document.effective_date,
            rules=len(document.rules),
            sections=len(document.sections),
            examples=sum(len(rule.examples) for rule in document.rules),
            glossary=len(document.glossary),
        )


class RuleAnswer(Framed):
    """A rule with its subrules (full text, for display) and its link."""

    rule: StoredRule
    subrules: tuple[StoredRule, ...]
    link: str
    downloaded: ImportSummary | None = None


class GlossaryAnswer(Framed):
    """A glossary entry and the rules its definition points to."""

    entry: GlossaryEntry
    rules: tuple[StoredRule, ...]
    version: date
    downloaded: ImportSummary | None = None


class SearchAnswer(Framed):
    """The rules best matching ``words``, ranked, and the version searched."""

    words: str
    hits: tuple[StoredRule, ...]
    version: date | None
    downloaded: ImportSummary | None = None


@dataclass(frozen=True, slots=True)
class LoadedRules:
    """The stored rules, ready for the engine: their keyword vocabulary, version, what rule numbers and
    glossary terms exist (for autocomplete), and whether they were downloaded for this question."""

    vocabulary: KeywordVocabulary
    version: str  # ISO date of the rules, "" when unknown
    downloaded: ImportSummary | None
    generation: str = ""
    numbers: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()
    may_have_changed_citations: bool = False  # not the version the engine's citations were checked against


def import_rules(store: RulesStore, path: Path, *, force: bool = False) -> ImportSummary:
    """Parse the rules text file at ``path`` and replace the rules in ``store`` (all or nothing); unless
    ``force``, refuse a file that doesn't look like a whole CR document (:func:`incomplete_because`).

    Raises OSError, or ValueError (RulesParseError and IncompleteRules included) when it is not a rules file.
    """
    from data.rules.download import MAX_RULES_BYTES

    if path.stat().st_size > MAX_RULES_BYTES:
        raise ValueError(f"{path} is larger than {MAX_RULES_BYTES} bytes: not a rules text file")
    document = parse_rules(decode_rules(path.read_bytes()))
    problem = None if force else incomplete_because(document, len(store.numbers()))
    if problem is not None:
        raise IncompleteRules(f"it looks like part of the rules only ({problem}); --force imports it anyway")
    store.load(document)
    return ImportSummary.of(document, str(path))


class IncompleteRules(ValueError):
    """A rules file that parses but isn't a whole Comprehensive Rules document (truncated, or an excerpt)."""


# A new CR edition adds and removes a few rules; one with a tenth fewer than the stored one is cut short.
MIN_SHARE_OF_STORED = 0.9


def incomplete_because(document: RulesDocument, stored_numbers: int) -> str | None:
    """Why ``document`` isn't a whole CR document (no glossary, or far fewer rules than the ``stored_numbers``
    numbered entries stored now), or None when it looks whole."""
    if not document.glossary:
        return f"{len(document.rules):,} rules and no glossary"
    numbers = len(document.chapters) + len(document.sections) + len(document.rules)
    if numbers < MIN_SHARE_OF_STORED * stored_numbers:
        return f"{numbers:,} numbered entries, where the stored rules have {stored_numbers:,}"
    return None


async def ensure_rules(
    store: RulesStore,
    settings: Settings,
    session: aiohttp.ClientSession | None = None,
    blocking: BlockingRunner[ImportSummary | bool] = run_inline,
) -> ImportSummary | None:
    """Make sure rules are loaded: download them once when none are (returning what was loaded, so
    the caller can say so), or raise :class:`RulesUnavailable` with import instructions when offline.

    ``session`` is the process's HTTP session (``Services.http``); without one a short-lived one is used.
    ``blocking`` runs the store's calls (on the thread that owns its database).
    Raises RulesDownloadError or RulesParseError when the download fails or is not a rules file.
    """
    if await blocking(store.is_loaded):
        return None
    if settings.offline:
        raise RulesUnavailable(OFFLINE_HELP)
    from data.rules.download import download_rules  # here: only a download needs the HTTP stack

    downloaded = await download_rules(settings.rules_url, session)
    summary = await blocking(lambda: _load(store, downloaded.raw, downloaded.url))
    assert isinstance(summary, ImportSummary)
    return summary


async def load_rules(services: Services) -> LoadedRules:
    """The rules of ``services``, downloaded once through ``services.http`` when none are stored."""
    downloaded = await ensure_rules(services.rules, services.settings, services.http, services.blocking)
    loaded: LoadedRules = await services.blocking(lambda: read_rules(services.rules))
    return dataclasses.replace(loaded, downloaded=downloaded)


def read_rules(store: RulesStore) -> LoadedRules:
    """The keyword vocabulary, version, numbers and terms of the rules in ``store`` (blocking)."""
    from engine import KeywordVocabulary  # here: a card look-up never loads the Oracle parser

    version = store.version()
    return LoadedRules(
        vocabulary=KeywordVocabulary.from_rules(store),
        version=version.isoformat() if version else "",
        downloaded=None,
        generation=generation(store.db, "rules"),
        numbers=store.numbers(),
        terms=store.terms(),
        may_have_changed_citations=not _is_the_checked_version(version),
    )


def look_up(store: RulesStore, query: str, link_base: str) -> RuleAnswer | GlossaryAnswer:
    """A rule by number (``707.2a``, ``rule 707.2a``) or else a glossary term (``copiable values``).

    Raises RuleNotFound with the nearest numbers or terms.
    """
    query = checked_query(query)
    number = _RULE_NUMBER.match(query)
    if number is not None:
        return rule_answer(store, number["number"].lower(), link_base)
    entry, version = store.define(query), store.version()
    if entry is None or version is None:
        raise RuleNotFound(query, "term", store.nearest_terms(query))
    return GlossaryAnswer(entry=entry, rules=_stored_rules(store, entry.references), version=version)


def rule_answer(store: RulesStore, number: str, link_base: str) -> RuleAnswer:
    """The rule ``number`` with its subrules; RuleNotFound with the nearest numbers otherwise."""
    rule = store.rule(number)
    if rule is None:
        raise RuleNotFound(number, "rule", store.nearest_numbers(number))
    return RuleAnswer(
        rule=rule, subrules=_stored_rules(store, rule.children), link=rule_link(number, link_base)
    )


def search_answer(store: RulesStore, words: str, limit: int = 10) -> SearchAnswer:
    """The rules best matching ``words``, ranked, with the version of the rules."""
    if not 1 <= limit <= LIMITS.search_results:
        raise InvalidQuestion(
            msg("The number of results must be between 1 and {limit}.", limit=LIMITS.search_results)
        )
    hits = store.search(checked_query(words), limit)
    return SearchAnswer(words=words, hits=hits, version=store.version())


def checked_query(query: str) -> str:
    """``query`` stripped, or :class:`InvalidQuestion` when it is empty or too long."""
    return checked_text(
        query,
        LIMITS.rules_query,
        empty=msg("Give a rule number (707.2a), a glossary term or search words."),
        too_long=msg("The query is longer than {limit} characters.", limit=LIMITS.rules_query),
    )


def complete_rules(rules: LoadedRules, text: str, limit: int) -> list[str]:
    """Rule numbers starting with ``text`` (``707.2`` → ``707.2``, ``707.2a`` …) or glossary terms
    with a word starting with it, at most ``limit``."""
    typed = text.strip().casefold()[: LIMITS.autocomplete_text]
    if not typed:
        return []
    if typed[0].isdigit():
        return [number for number in rules.numbers if number.startswith(typed)][:limit]
    needle = " " + typed
    starts = [term for term in rules.terms if term.casefold().startswith(typed)]
    inside = [term for term in rules.terms if needle in " " + term.casefold() and term not in starts]
    return (starts + inside)[:limit]


def outdated_citation_note(store: RulesStore, cited_numbers: Iterable[str]) -> str | None:
    """A note for a reply citing ``cited_numbers`` when the loaded rules are not the version the
    engine's citations were checked against and one of those rules no longer says what it relied on."""
    version = store.version()
    if version is None or _is_the_checked_version(version):
        return None
    wanted = set(cited_numbers)
    citations = [citation for citation in registered_citations() if citation.number in wanted]
    problems = citation_problems(store.texts(wanted), citations)
    if not problems:
        return None
    changed = ", ".join(sorted({problem.citation.number for problem in problems}))
    return (
        f"Note: this explanation was checked against the Comprehensive Rules of "
        f"{CITATIONS_CHECKED_AGAINST.isoformat()}; the loaded rules ({version.isoformat()}) changed "
        f"rule {changed}."
    )


def _is_the_checked_version(version: date | None) -> bool:
    """Whether ``version`` is the rules version the engine's citations were checked against."""
    return version == CITATIONS_CHECKED_AGAINST


def _load(store: RulesStore, raw: bytes, source: str) -> ImportSummary:
    document = parse_rules(decode_rules(raw))
    store.load(document)
    return ImportSummary.of(document, source)


def _stored_rules(store: RulesStore, numbers: Iterable[str]) -> tuple[StoredRule, ...]:
    return tuple(rule for number in numbers if (rule := store.rule(number)) is not None)
