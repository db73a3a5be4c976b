"""Comprehensive Rules features shared by the CLI and the Discord cogs: import, download on first use,
look up a rule or a glossary term, search, and the note for citations a newer version changed."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Generic, TypeVar

import aiohttp

from bot.config import Settings
from bot.services.context import Services, open_services
from data.db import open_database
from data.rules.citations import citation_problems
from data.rules.download import MAX_RULES_BYTES, download_rules
from data.rules.parser import GlossaryEntry, RulesDocument, decode_rules, parse_rules
from data.rules.store import RulesStore, StoredRule, rule_link
from engine import CITATIONS_CHECKED_AGAINST, KeywordVocabulary, registered_citations

MAX_QUERY_LENGTH = 200
MAX_SEARCH_RESULTS = 50
_RULE_NUMBER = re.compile(r"^(?:(?:cr|rule)\s*)?(?P<number>\d{1,3}(?:\.\d+[a-z]?)?)\.?$", re.IGNORECASE)

T = TypeVar("T")

OFFLINE_HELP = (
    "No Comprehensive Rules are loaded and the network is off. Import the rules text file with "
    '`mtg-judge import-rules PATH` (e.g. "MagicCompRules 20250207.txt" from magic.wizards.com/en/rules).'
)


class RulesUnavailable(Exception):  # noqa: N818 -- reads better than ...Error
    """No rules are loaded and they cannot be downloaded now; the message says how to import them."""


class InvalidRulesQuery(ValueError):  # noqa: N818 -- reads better than ...Error
    """A query that is empty or too long."""


@dataclass(frozen=True, slots=True)
class ImportSummary:
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


@dataclass(frozen=True, slots=True)
class RuleAnswer:
    """A rule with its subrules (full text, for display) and its link."""

    rule: StoredRule
    subrules: tuple[StoredRule, ...]
    link: str


@dataclass(frozen=True, slots=True)
class GlossaryAnswer:
    """A glossary entry and the rules its definition points to."""

    entry: GlossaryEntry
    rules: tuple[StoredRule, ...]
    version: date


@dataclass(frozen=True, slots=True)
class NotFound:
    """Nothing is numbered or named ``query``; ``suggestions`` are the nearest numbers or terms."""

    query: str
    kind: str  # "rule" or "term"
    suggestions: tuple[str, ...]

    @property
    def message(self) -> str:
        """What to tell the user: no such rule, or no such glossary term."""
        if self.kind == "rule":
            return f"There is no rule {self.query} in the Comprehensive Rules."
        return f"“{self.query}” is not a rule number or a glossary term."


def import_rules_file(settings: Settings, path: Path) -> ImportSummary:
    """Parse the rules text file at ``path`` and replace the rules stored in the cache of ``settings``.

    Raises CacheUnusable, OSError, or ValueError (RulesParseError included) when it is not a rules file.
    """
    if path.stat().st_size > MAX_RULES_BYTES:
        raise ValueError(f"{path} is larger than {MAX_RULES_BYTES} bytes: not a rules text file")
    database = open_database(settings.db)
    try:
        return _load(RulesStore(database), path.read_bytes(), str(path))
    finally:
        database.close()


async def ensure_rules(
    store: RulesStore, settings: Settings, session: aiohttp.ClientSession | None = None
) -> ImportSummary | None:
    """Make sure rules are loaded: download them once when none are (returning what was loaded, so
    the caller can say so), or raise :class:`RulesUnavailable` with import instructions when offline.

    ``session`` is the process's HTTP session (``Services.http``); without one a short-lived one is used.
    Raises RulesDownloadError or RulesParseError when the download fails or is not a rules file.
    """
    if store.is_loaded():
        return None
    if settings.offline:
        raise RulesUnavailable(OFFLINE_HELP)
    downloaded = await download_rules(settings.rules_url, session)
    return _load(store, downloaded.raw, downloaded.url)


@dataclass(frozen=True, slots=True)
class LoadedRules:
    """The stored rules, ready for the engine: their keyword vocabulary, version and whether they were
    downloaded for this question (so the reply can say so)."""

    vocabulary: KeywordVocabulary
    version: str  # ISO date of the rules, "" when unknown
    downloaded: ImportSummary | None


async def load_rules(services: Services) -> LoadedRules:
    """The rules of ``services``, downloaded once through ``services.http`` when none are stored."""
    downloaded = await ensure_rules(services.rules, services.settings, services.http)
    version = services.rules.version()
    return LoadedRules(
        vocabulary=KeywordVocabulary.from_rules(services.rules),
        version=version.isoformat() if version else "",
        downloaded=downloaded,
    )


@dataclass(frozen=True, slots=True)
class RulesReply(Generic[T]):
    """An answer read from the stored rules, and whether they were downloaded for it."""

    answer: T
    downloaded: ImportSummary | None


async def ask_rules(settings: Settings, question: Callable[[RulesStore], T]) -> RulesReply[T]:
    """Answer ``question`` from the stored rules, downloading them first (once) when none are stored.

    Raises RulesUnavailable offline without rules, RulesDownloadError or RulesParseError, and whatever
    ``question`` raises (e.g. InvalidRulesQuery).
    """
    async with open_services(settings) as services:
        downloaded = await ensure_rules(services.rules, settings, services.http)
        return RulesReply(question(services.rules), downloaded)


def look_up(store: RulesStore, query: str, link_base: str) -> RuleAnswer | GlossaryAnswer | NotFound:
    """A rule by number (``707.2a``, ``rule 707.2a``) or else a glossary term (``copiable values``)."""
    query = checked_query(query)
    number = _RULE_NUMBER.match(query)
    if number is not None:
        return rule_answer(store, number["number"].lower(), link_base)
    entry, version = store.define(query), store.version()
    if entry is None or version is None:
        return NotFound(query, "term", store.nearest_terms(query))
    return GlossaryAnswer(entry, _stored_rules(store, entry.references), version)


def rule_answer(store: RulesStore, number: str, link_base: str) -> RuleAnswer | NotFound:
    """The rule ``number`` with its subrules, or the nearest numbers."""
    rule = store.rule(number)
    if rule is None:
        return NotFound(number, "rule", store.nearest_numbers(number))
    return RuleAnswer(rule, _stored_rules(store, rule.children), rule_link(number, link_base))


@dataclass(frozen=True, slots=True)
class SearchAnswer:
    """The rules best matching ``words``, ranked, and the version searched."""

    words: str
    hits: tuple[StoredRule, ...]
    version: date | None


def search_answer(store: RulesStore, words: str, limit: int = 10) -> SearchAnswer:
    """:func:`search_rules` with the words searched and the version of the rules."""
    return SearchAnswer(words, search_rules(store, words, limit), store.version())


def search_rules(store: RulesStore, words: str, limit: int = 10) -> tuple[StoredRule, ...]:
    """The rules best matching ``words``, ranked."""
    if not 1 <= limit <= MAX_SEARCH_RESULTS:
        raise InvalidRulesQuery(f"The number of results must be between 1 and {MAX_SEARCH_RESULTS}.")
    return store.search(checked_query(words), limit)


def checked_query(query: str) -> str:
    """``query`` stripped, or :class:`InvalidRulesQuery` when it is empty or too long."""
    query = query.strip()
    if not query:
        raise InvalidRulesQuery("Give a rule number (707.2a), a glossary term or search words.")
    if len(query) > MAX_QUERY_LENGTH:
        raise InvalidRulesQuery(f"The query is longer than {MAX_QUERY_LENGTH} characters.")
    return query


def outdated_citation_note(store: RulesStore, cited_numbers: Iterable[str]) -> str | None:
    """A note for a reply citing ``cited_numbers`` when the loaded rules are not the version the
    engine's citations were checked against and one of those rules no longer says what it relied on."""
    version = store.version()
    if version is None or version == CITATIONS_CHECKED_AGAINST:
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


def _load(store: RulesStore, raw: bytes, source: str) -> ImportSummary:
    document = parse_rules(decode_rules(raw))
    store.load(document)
    return ImportSummary.of(document, source)


def _stored_rules(store: RulesStore, numbers: Iterable[str]) -> tuple[StoredRule, ...]:
    return tuple(rule for number in numbers if (rule := store.rule(number)) is not None)
