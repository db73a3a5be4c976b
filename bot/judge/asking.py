"""One try of a question on the Judge's worker, and what it ends with.

A question is a function of :class:`Asked`: the stored rules, the cards it names (:meth:`Asked.card`) and
what it says about them. One try is one worker call (:func:`try_question`) and ends in one of three
results: :class:`Answered` (the answer, framed), :class:`NeedsCard` (a name the card cache can't settle
alone: the Judge finishes its look-up on the loop, Scryfall or the cache's error, and tries again with
it) or :class:`NeedsRules` (none are stored: the Judge downloads them, or says how to import them, and
tries again). The card the cache can't settle stops the question where it is asked: :meth:`Asked.card`
gives None, the question gives None at once, and the try ends with the first such look-up. Each try
settles one more name, so a question ends.

:class:`QuestionCache` is what the tries share (only the worker touches it): the rules read, the cards
parsed and the names the card cache settled, all dropped when the rules or the cards change.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from bot.judge.answers import NO_PRINTED_NAMES, DataVersions, Frame
from bot.judge.rules import ImportSummary, LoadedRules, outdated_citation_note, read_rules
from bot.judge.services import Services
from data.cards.printings import PrintedCard, PrintedNames
from data.cards.schema import CardRecord
from data.cards.service import CachedOnly, LocalLookup
from data.db import generations

if TYPE_CHECKING:
    from engine import Card

T = TypeVar("T")
_K = TypeVar("_K")
_V = TypeVar("_V")

PARSED_CARDS = 1_024
"""How many parsed cards the Judge keeps. Parsing takes a fraction of a millisecond, and every cached
card is some twenty objects the garbage collector walks in each full collection, which holds every
thread (the event loop's too): a larger cache would make those pauses, not the answers, the bottleneck."""

ENGLISH = "en"


@dataclass(frozen=True, slots=True)
class Answered(Generic[T]):
    """The try answered the question."""

    value: T


@dataclass(frozen=True, slots=True)
class NeedsCard:
    """The card cache can't settle a name alone: finish its look-up and try again."""

    lookup: LocalLookup


@dataclass(frozen=True, slots=True)
class NeedsRules:
    """No rules are stored: download them (or say how to import them) and try again."""


Tried = Answered[T] | NeedsCard | NeedsRules
"""What one try of a question ends with."""

Question = Callable[["Asked"], T | None]
"""A question asked on the worker: its answer, or None when :meth:`Asked.card` stopped it."""


class QuestionCache:
    """What the Judge has read for the questions asked on its worker (only the worker touches it): the
    stored rules, the parsed cards, the names the card cache settled and the printed names of each
    language, all dropped when the rules or the cards change."""

    def __init__(self, services: Services) -> None:
        self._services = services
        self._rules: LoadedRules | None = None
        self._cards_generation = ""
        self._parsed: Lru[str, Card] = Lru(PARSED_CARDS)  # by card key
        self._settled: Lru[str, Card] = Lru(PARSED_CARDS)  # by a name as asked, when the cache settled it
        self._printed_names: dict[str, tuple[str, Mapping[str, str]]] = {}  # lang: (cards generation, names)

    def current_rules(self) -> LoadedRules | None:
        """The cached rules (None when none are stored), refreshed (and the parsed cards dropped) when
        the rules or the cards changed since they were read."""
        tokens = generations(self._services.db)
        rules_generation, cards_generation = tokens.get("rules", ""), tokens.get("cards", "")
        if self._rules is None or self._rules.generation != rules_generation:
            if not self._services.rules.is_loaded():
                return None
            self._rules = read_rules(self._services.rules)
            self._forget_cards()
        if cards_generation != self._cards_generation:
            self._cards_generation = cards_generation
            self._forget_cards()
        return self._rules

    def card(self, name: str, rules: LoadedRules, fetched: Mapping[str, CardRecord]) -> Card | LocalLookup:
        """The card ``name`` names, parsed with ``rules``: from the card cache, or from ``fetched`` (what
        was looked up beyond the cache for this question, by query); else the cache's look-up, to finish."""
        if (card := self._settled.get(name)) is not None:
            return card
        lookup = self._services.cards.look_up_locally(name)
        record = fetched.get(lookup.query)
        found = record or self._services.cards.settled(lookup)
        if found is None:
            return lookup
        card = self._parse(found, rules)
        if record is None:  # what Scryfall said stays out: the next question asks the cache again
            self._settled.put(name, card)
        return card

    def in_cache(self, name: str) -> bool:
        """Whether the card cache has a card of exactly this name (no fetch, whatever the settings)."""
        resolution = self._services.cards.look_up_locally(name).resolution
        return resolution is not None and resolution.kind == "exact"

    def outdated_citation_note(self, cited_numbers: Iterable[str]) -> str | None:
        """The note for an answer citing ``cited_numbers`` when the stored rules changed one of them
        (``bot.judge.rules.outdated_citation_note``)."""
        return outdated_citation_note(self._services.rules, cited_numbers)

    def versions(self, rules_version: str | None = None) -> DataVersions:
        """The rules' effective date (``rules_version``, the rules an answer used, else the stored ones')
        and the card data's date."""
        if rules_version is None:
            stored = self._services.rules.version()
            rules_version = stored.isoformat() if stored else ""
        return DataVersions(rules=rules_version, cards=self.cards_date())

    def cards_date(self) -> str:
        """The date of the card data ("" unknown)."""
        return self._services.cards.repository.metadata().get("bulk_date", "")

    def frame(self, lang: str, rules_version: str | None = None) -> Frame:
        """The frame of an answer in ``lang`` built on the rules of ``rules_version`` (the stored ones
        when None): the data's dates and the printed names of ``lang``."""
        return Frame(self.versions(rules_version), self.printed_names(lang))

    def printed_names(self, lang: str) -> Mapping[str, str]:
        """The printed name in ``lang`` of every cached card that has one, by Oracle name (none in
        English); read once per change of the cards."""
        if lang == ENGLISH:
            return NO_PRINTED_NAMES
        generation = self._services.cards.repository.generation()
        cached = self._printed_names.get(lang)
        if cached is None or cached[0] != generation:
            cached = self._printed_names[lang] = (generation, PrintedNames(self._services.db).names(lang))
        return cached[1]

    def printed(self, oracle_id: str, lang: str) -> PrintedCard | None:
        """The card ``oracle_id`` as printed in ``lang``, when that is not English and the cache has it."""
        if lang == ENGLISH or not oracle_id:
            return None
        return PrintedNames(self._services.db).printed(oracle_id, lang)

    def _forget_cards(self) -> None:
        self._parsed.clear()
        self._settled.clear()

    def _parse(self, found: CardRecord, rules: LoadedRules) -> Card:
        card = self._parsed.get(found.key)
        if card is None:
            from engine import parse_card

            card = parse_card(found.scryfall(), rules.vocabulary)  # the engine reads Scryfall's JSON
            self._parsed.put(found.key, card)
        return card


class Asked:
    """What a question may use in one try on the worker: the rules, the cards it names (stopping at the
    first the cache can't settle), the language it is answered in and how to finish its answer."""

    def __init__(
        self,
        cache: QuestionCache,
        rules: LoadedRules,
        fetched: Mapping[str, CardRecord],
        downloaded: ImportSummary | None,
        lang: str = ENGLISH,
    ) -> None:
        self.rules = rules
        self.downloaded = downloaded  # the rules were downloaded for this question (say so)
        self.lang = lang
        self.needed: LocalLookup | None = None  # the first name of this try the cache couldn't settle
        self._cache = cache
        self._fetched = fetched

    def card(self, name: str) -> Card | None:
        """The card ``name`` names, parsed; None when the cache can't settle it alone (or an earlier
        name of this try stopped it): the question then gives None, and the try ends with
        :class:`NeedsCard`."""
        if self.needed is not None:
            return None
        found = self._cache.card(name, self.rules, self._fetched)
        if isinstance(found, LocalLookup):
            self.needed = found
            return None
        return found

    def in_cache(self, name: str) -> bool:
        """Whether the card cache has a card of exactly this name (no fetch, whatever the settings)."""
        return self._cache.in_cache(name)

    def printed(self, oracle_id: str) -> PrintedCard | None:
        """The card ``oracle_id`` as printed in the question's language (None in English, or unknown)."""
        return self._cache.printed(oracle_id, self.lang)

    def frame(self) -> Frame:
        """The frame of this question's answer: the data's dates (the rules it uses) and printed names."""
        return self._cache.frame(self.lang, self.rules.version)

    def finished(self, answer: _Noted) -> _Noted:
        """``answer`` saying whether the rules were downloaded for it, when the loaded rules changed
        one of the rules it cites, which, and whether a card it names came from the cache alone
        (``fetched`` holds every card looked up beyond the cache over all the tries of the question),
        in the frame of the rules it was built on."""
        note = None
        if self.rules.may_have_changed_citations:
            note = self._cache.outdated_citation_note(answer.cited_rules())
        cache_only = any(isinstance(found, CachedOnly) for found in self._fetched.values())
        return answer.model_copy(
            update={
                "downloaded": self.downloaded,
                "rules_note": note,
                "cache_only": cache_only,
                "frame": self.frame(),
            }
        )


def try_question(
    cache: QuestionCache,
    question: Question[T],
    fetched: Mapping[str, CardRecord],
    downloaded: ImportSummary | None,
    lang: str = ENGLISH,
) -> Tried[T]:
    """One try of ``question`` (on the worker): the rules and the cards the cache and ``fetched`` settle."""
    rules = cache.current_rules()
    if rules is None:
        return NeedsRules()
    asked = Asked(cache, rules, fetched, downloaded, lang)
    value = question(asked)
    if asked.needed is not None:
        return NeedsCard(asked.needed)
    if value is None:
        raise AssertionError("a question gives no answer only when a card stopped it")
    return Answered(value)


class Lru(Generic[_K, _V]):
    """A dictionary that forgets its least recently used entry beyond ``size`` entries."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._entries: OrderedDict[_K, _V] = OrderedDict()

    def get(self, key: _K) -> _V | None:
        """The value of ``key`` (now the most recently used), or None."""
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: _K, value: _V) -> None:
        """Keep ``value`` for ``key``, forgetting the least recently used entry beyond the size."""
        self._entries[key] = value
        if len(self._entries) > self._size:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget every entry."""
        self._entries.clear()


class _Citing(Protocol):
    """An answer that cites rules and says whether the rules were downloaded for it."""

    def cited_rules(self) -> set[str]: ...

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self: ...


_Noted = TypeVar("_Noted", bound=_Citing)
