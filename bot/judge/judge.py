"""The Judge: the one typed API the CLI and the Discord cogs stand on.

Open it once per process (``async with Judge.open(settings) as judge``); it holds the database, one
aiohttp session (online only), the in-memory card-name index, the rules' keyword vocabulary and a
bounded cache of parsed cards. Nothing is reloaded per question: a new card or rules import (by this
process or another) changes a generation token in the database, which each question checks.

Every blocking step (SQLite, name matching, parsing, the engine) runs on the Judge's worker thread,
so the event loop only waits on I/O and stays responsive under many concurrent questions; a board's
reading and answering run apart (``bot.judge.isolation``), so that it never holds up a light question.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import gc
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from bot.config import Settings
from bot.judge.cards import CardAnswer, PrintedView, RulingsAnswer, card_answer, rulings_answer
from bot.judge.errors import InvalidQuestion
from bot.judge.isolation import Apart
from bot.judge.limits import (
    LIMITS,
    checked_copy_names,
    checked_names,
    checked_text,
    checked_x,
    too_many_counter_kinds,
    too_many_graveyard_cards,
)
from bot.judge.rules import (
    Answer,
    GlossaryAnswer,
    ImportSummary,
    LoadedRules,
    RuleAnswer,
    SearchAnswer,
    complete_rules,
    ensure_rules,
    import_rules,
    look_up,
    outdated_citation_note,
    read_rules,
    search_answer,
)
from bot.judge.services import Services, Worker, open_services
from data.board_format import MAX_TEXT
from data.cards.language_choices import LanguageChoices
from data.cards.printings import PrintedNames
from data.cards.schema import CardRecord
from data.cards.service import CachedOnly, LocalLookup
from data.db import generations
from engine import msg

if TYPE_CHECKING:
    from bot.judge.board import BoardResult
    from bot.judge.imports import CardImportSummary, Progress, SetupSummary
    from bot.judge.linked import LinkedAnswer
    from bot.judge.parse import ParseAnswer
    from data.cards.printings import PrintingsSummary
    from data.cards.rulings_import import RulingsImportSummary
    from engine import Card, OriginalState

_K = TypeVar("_K")
_V = TypeVar("_V")

PARSED_CARDS = 1_024
"""How many parsed cards the Judge keeps. Parsing takes a fraction of a millisecond, and every cached
card is some twenty objects the garbage collector walks in each full collection, which holds every
thread (the event loop's too): a larger cache would make those pauses, not the answers, the bottleneck."""


FULL_COLLECTION_EVERY = 100
"""Middle-generation collections between two full ones once preloaded (Python's default is 10)."""


class DataVersions(Answer):
    """Which data the answers stand on: the rules' effective date and the card data's date ("" unknown)."""

    rules: str
    cards: str


class Judge:
    """Answers every question the bot and the CLI ask; see the module docstring."""

    def __init__(self, services: Services, worker: Worker, apart: Apart) -> None:
        self._services = services
        self._worker = worker
        self._apart = apart
        self._cache = _Cache(services)
        self._printed_names: dict[str, tuple[str, Mapping[str, str]]] = {}  # lang: (cards generation, names)
        self._languages: dict[int, str] = {}  # by Discord user id: the language each chose

    @classmethod
    @asynccontextmanager
    async def open(cls, settings: Settings, *, preload: bool = False) -> AsyncIterator[Judge]:
        """Open the Judge; with ``preload`` (a long-running bot), build the name index and read the
        rules now instead of on the first question that needs them, and answer boards in a child
        process, each step within ``LIMITS.board_seconds`` of CPU time (``bot.judge.isolation``)."""
        worker = Worker()
        apart = Apart(isolated=preload, cpu_seconds=LIMITS.board_seconds)
        try:
            async with open_services(settings, worker) as services:
                judge = cls(services, worker, apart)
                judge._languages = await worker.run(LanguageChoices(services.db).all)
                if preload:
                    await judge.preload()
                yield judge
        finally:
            apart.close()
            worker.close()

    @property
    def settings(self) -> Settings:
        """The settings the Judge was opened with."""
        return self._services.settings

    async def preload(self) -> None:
        """Build the card-name index, read the stored rules (if any) and start the process boards are
        answered in (when isolated) ahead of the first question.

        Then everything alive is moved out of the garbage collector's reach (``gc.freeze``): the
        index and the rules live as long as the process, and without this every full collection walks
        them again, pausing every thread, the event loop's included, for 50 ms and more. Full
        collections are also made rarer (every 100 middle ones instead of 10): each still walks every
        reply object in flight, so a burst of questions would otherwise stall the loop repeatedly.
        """
        cards = self._services.cards
        await asyncio.gather(self._apart.start(), self._worker.run(lambda: cards.resolver.complete("a", 1)))
        if await self._worker.run(self._services.rules.is_loaded):
            await self._loaded_rules()
        gc.freeze()
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)

    async def versions(self) -> DataVersions:
        """The effective date of the stored rules and the date of the card data (for reply footers)."""
        store = self._services.rules

        def read() -> DataVersions:
            version = store.version()
            return DataVersions(rules=version.isoformat() if version else "", cards=self._cards_date())

        return await self._worker.run(read)

    # -- users' settings ---------------------------------------------------------------------------

    def chosen_language(self, user_id: int) -> str | None:
        """The language the Discord user ``user_id`` chose to be answered in, or None (read at opening:
        it survives a restart)."""
        return self._languages.get(user_id)

    async def choose_language(self, user_id: int, language: str) -> None:
        """Remember, in the cache, that ``user_id`` is to be answered in ``language`` (one of
        ``bot.i18n.LANGUAGES``; raises InvalidQuestion for another)."""
        from bot.i18n import LANGUAGES

        if language not in LANGUAGES:
            raise InvalidQuestion(
                msg(
                    "the language is one of {languages} (got {language})",
                    languages=", ".join(LANGUAGES),
                    language=repr(language[:20]),
                )
            )
        table = LanguageChoices(self._services.db)
        await self._worker.run(lambda: table.choose(user_id, language))
        self._languages[user_id] = language

    # -- cards -------------------------------------------------------------------------------------

    async def card(self, name: str, lang: str = "en") -> CardAnswer:
        """The card ``name`` names (cache, then Scryfall unless offline), with its printed name and text
        in ``lang`` when that is not English and the cache has them.

        Raises CardNotFound (with suggestions), AmbiguousCardName (with candidates), InvalidCardQuery.
        """
        found = await self._services.cards.find(name)
        data_date = await self._worker.run(self._cards_date)
        answer = card_answer(found, data_date, cache_only=isinstance(found, CachedOnly))
        oracle_id = found.oracle_id
        if lang == "en" or not oracle_id:
            return answer
        table = PrintedNames(self._services.db)
        printed = await self._worker.run(lambda: table.printed(oracle_id, lang))
        if printed is None:
            return answer
        view = PrintedView(lang=lang, name=printed.name, type_line=printed.type_line, text=printed.text)
        return answer.model_copy(update={"printed": view})

    async def printed_names(self, lang: str) -> Mapping[str, str]:
        """The printed name in ``lang`` of every cached card that has one, by Oracle name ({} for
        English); read once per change of the cards."""
        if lang == "en":
            return {}

        def read() -> Mapping[str, str]:
            generation = self._services.cards.repository.generation()
            cached = self._printed_names.get(lang)
            if cached is None or cached[0] != generation:
                cached = self._printed_names[lang] = (generation, PrintedNames(self._services.db).names(lang))
            return cached[1]

        return await self._worker.run(read)

    async def rulings(self, name: str) -> RulingsAnswer:
        """The rulings of the card ``name`` names, newest first (cached, else fetched online)."""
        found = await self._services.cards.find(name)
        return rulings_answer(found, await self._services.cards.rulings(found))

    async def complete_card_names(self, text: str) -> list[str]:
        """At most 25 card names for autocomplete: prefix, then word-start, then nearest spelling."""
        typed = text[: LIMITS.autocomplete_text]
        resolver = self._services.cards.resolver
        return await self._worker.run(lambda: resolver.complete(typed, LIMITS.autocomplete_results))

    async def complete_copyable_names(self, copier: str, text: str) -> list[str]:
        """At most 25 card names for autocomplete, as :meth:`complete_card_names`, of only the cards
        ``copier`` (as typed) can copy when the cache settles which card it is and its text says
        (``bot.judge.copyable``)."""
        from bot.judge.copyable import copyable_names

        typed = text[: LIMITS.autocomplete_text]
        cards = self._services.cards
        return await self._worker.run(lambda: copyable_names(cards, copier, typed))

    async def import_cards(
        self, path: Path, progress: Progress | None = None
    ) -> CardImportSummary | PrintingsSummary:
        """Import the Scryfall bulk file at ``path`` (raises CardImportError; the cache is then unchanged).

        A file of printings in other languages (its first record's ``lang`` is not ``en``, like a
        Japanese search's results) fills the printed names instead of the Oracle cards.
        """
        from bot.judge.imports import import_card_file  # here: a look-up never loads the importer
        from data.cards.printings import import_printings, is_printings_file

        if await self._worker.run(lambda: is_printings_file(path)):
            db = self._services.db
            return await self._worker.run(lambda: import_printings(db, path, progress=progress))
        return await import_card_file(self._services, path, progress)

    async def import_rulings(self, path: Path) -> RulingsImportSummary:
        """Replace every cached ruling with those of the Scryfall ``rulings`` bulk file at ``path`` (a JSON
        array, ``.gz`` or not; streaming, all or nothing: raises RulingsImportError, cache unchanged)."""
        from bot.judge.imports import import_rulings_file

        return await import_rulings_file(self._services, path)

    async def setup(
        self, folder: Path, starting: Callable[[Path], Progress | None] | None = None
    ) -> SetupSummary:
        """Import every card bulk file, printings file, Comprehensive Rules text file and rulings file
        found under ``folder`` (such as ``../shared/data``), each recognised by its contents, in the order
        they build on; ``starting(path)`` is told of each file as it begins and may return its progress
        callback. Raises InvalidQuestion for a folder with none of them."""
        from bot.judge.imports import setup_folder

        return await setup_folder(self._services, folder, starting)

    async def sync_cards(self, progress: Progress | None = None) -> CardImportSummary:
        """Download Scryfall's current ``oracle_cards`` bulk file and import it (raises SyncFailed)."""
        from bot.judge.imports import sync_cards

        return await sync_cards(self._services, progress)

    async def sync_printings(
        self,
        languages: Collection[str],
        download_progress: Progress | None = None,
        progress: Progress | None = None,
    ) -> PrintingsSummary:
        """Stream Scryfall's ``all_cards`` bulk file and keep the printed names and text of ``languages``
        (Scryfall's codes: ``ja``…), by Oracle id (raises SyncFailed, or InvalidQuestion for a code)."""
        from bot.judge.imports import sync_printings

        return await sync_printings(self._services, languages, download_progress, progress)

    @staticmethod
    def printed_languages(languages: Collection[str]) -> tuple[str, ...]:
        """``languages`` checked as :meth:`sync_printings` takes them (Scryfall's codes, not ``en``), so a
        front end can refuse a wrong one before any download (raises InvalidQuestion)."""
        from bot.judge.imports import checked_languages

        return checked_languages(languages)

    # -- rules -------------------------------------------------------------------------------------

    async def rule(self, query: str) -> RuleAnswer | GlossaryAnswer:
        """A rule by number (with examples and subrules) or a glossary entry (with the rules it names).

        Raises RuleNotFound (with the nearest numbers or terms) or InvalidQuestion.
        """
        downloaded = await self._ensure_rules()
        store, link_base = self._services.rules, self.settings.rules_link_base
        answer = await self._worker.run(lambda: look_up(store, query, link_base))
        return answer.model_copy(update={"downloaded": downloaded})

    async def search_rules(self, words: str, limit: int = 10) -> SearchAnswer:
        """The rules best matching ``words``, ranked (at most ``limit``, 1 to 50)."""
        downloaded = await self._ensure_rules()
        store = self._services.rules
        answer = await self._worker.run(lambda: search_answer(store, words, limit))
        return answer.model_copy(update={"downloaded": downloaded})

    async def complete_rules(self, text: str) -> list[str]:
        """At most 25 rule numbers or glossary terms for autocomplete ([] when no rules are loaded)."""
        if not await self._worker.run(self._services.rules.is_loaded):
            return []
        rules = await self._loaded_rules()
        return complete_rules(rules, text, LIMITS.autocomplete_results)

    async def import_rules(self, path: Path, *, force: bool = False) -> ImportSummary:
        """Parse the rules text file at ``path`` and replace the stored rules (all or nothing); a file that
        isn't a whole CR document is refused unless ``force``."""
        store = self._services.rules
        return await self._worker.run(lambda: import_rules(store, path, force=force))

    # -- questions on the engine -------------------------------------------------------------------

    async def parse(self, name: str) -> ParseAnswer:
        """The Oracle-text breakdown of a card, parsed with the stored rules' keywords."""

        from bot.judge.parse import ParseAnswer  # the engine's modules load on the first such question

        def answer(asked: _Question) -> ParseAnswer:
            card = asked.card(name)
            return ParseAnswer(card=card, rules_version=asked.rules.version, downloaded=asked.downloaded)

        return await self._ask(answer)

    async def linked(self, names: Sequence[str]) -> LinkedAnswer:
        """Linked abilities (CR 607) of the first named card; the others are asked about with it.

        Raises InvalidQuestion or a CardLookupError; RulesUnavailable when no rules can be had.
        """
        wanted = checked_names(names)
        from bot.judge.linked import LinkedAnswer
        from engine import find_links

        def answer(asked: _Question) -> LinkedAnswer:
            cards = [asked.card(name) for name in wanted]
            report = find_links(cards[0], also=cards[1:])
            return asked.finished(LinkedAnswer(report=report, rules_version=asked.rules.version))

        return await self._ask(answer)

    async def copy(
        self, copier: str, original: str, state: OriginalState, onto: str | None = None
    ) -> BoardResult:
        """What COPIER is when it copies ORIGINAL (in ``state``) on the default board (CR 707, 613);
        ``onto`` is what a True Polymorph-like spell turns into the copy."""
        names = checked_copy_names([copier, original, *([onto] if onto else [])])
        _check_state(state)
        from bot.judge.board import answer_copy

        return await self._ask(
            lambda asked: asked.finished(answer_copy(names, state, asked.card, asked.rules.version))
        )

    async def board(self, text: str) -> BoardResult:
        """Answer a board given as YAML or JSON text (see the README's "Board files").

        Raises BoardFormatError (with the line and what is wrong), a board error, a CardLookupError, or
        InvalidQuestion when a step of it takes more than its limit of CPU time (``LIMITS.board_seconds``).
        """
        if len(text) > MAX_TEXT:
            raise InvalidQuestion(msg("the board is too long (at most {limit} characters)", limit=MAX_TEXT))
        from bot.judge.board import answer_board_cards, board_cards, read_board

        rules = await self._loaded_rules()
        board = await self._apart.run(read_board, text, rules.vocabulary)
        found, asked = await self._ask(
            lambda asked: (board_cards(board, asked.card, asked.in_cache), asked), rules.downloaded
        )
        result = await self._apart.run(answer_board_cards, board.spec, found, asked.rules.version)
        result = result.model_copy(update={"board": text})
        return await self._worker.run(lambda: asked.finished(result))

    # -- internals ---------------------------------------------------------------------------------

    async def _ask(
        self, question: Callable[[_Question], _Answered], downloaded: ImportSummary | None = None
    ) -> _Answered:
        """Answer ``question`` on the worker in one trip when the cache and the stored rules settle it.

        A card the cache can't settle, or rules not yet stored, stops the question: they are fetched
        (on the loop, without holding the worker) and the question is asked again. Parsed cards are
        cached, so asking again costs little, and each stop settles one more name, so it ends.
        """
        fetched: dict[str, CardRecord] = {}
        while True:
            try:
                return await self._worker.run(functools.partial(self._asked, question, fetched, downloaded))
            except _RulesNeeded:
                downloaded = await self._ensure_rules()
            except _CardNeeded as needed:
                fetched[needed.lookup.query] = await self._services.cards.finish(needed.lookup)

    def _asked(
        self,
        question: Callable[[_Question], _Answered],
        fetched: dict[str, CardRecord],
        downloaded: ImportSummary | None,
    ) -> _Answered:
        return question(_Question(self._cache, fetched, downloaded))

    async def _ensure_rules(self) -> ImportSummary | None:
        services = self._services
        return await ensure_rules(services.rules, services.settings, services.http, self._worker.run)

    async def _loaded_rules(self) -> LoadedRules:
        """The rules' vocabulary and version (downloaded first, once, when none are stored)."""
        return await self._ask(lambda asked: dataclasses.replace(asked.rules, downloaded=asked.downloaded))

    def _cards_date(self) -> str:
        return self._services.cards.repository.metadata().get("bulk_date", "")


class _RulesNeeded(Exception):
    """No rules are stored: download them (or say how to import them) and ask again."""


class _CardNeeded(Exception):
    """The cache can't settle a name: finish its look-up (Scryfall, or the cache's error) and ask again."""

    def __init__(self, lookup: LocalLookup) -> None:
        super().__init__(lookup.query)
        self.lookup = lookup


class _Cache:
    """What the Judge has read for the questions asked on its worker (only the worker touches it): the
    stored rules, the parsed cards and the names the card cache settled, all dropped when the rules or
    the cards change."""

    def __init__(self, services: Services) -> None:
        self._services = services
        self._rules: LoadedRules | None = None
        self._cards_generation = ""
        self._parsed: _Lru[str, Card] = _Lru(PARSED_CARDS)  # by card key
        self._settled: _Lru[str, Card] = _Lru(PARSED_CARDS)  # by a name as asked, when the cache settled it

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

    def card(self, name: str, rules: LoadedRules, fetched: Mapping[str, CardRecord]) -> Card:
        """The card ``name`` names, parsed with ``rules``: from the card cache, or from ``fetched`` (what
        was looked up beyond the cache for this question, by query); _CardNeeded when neither settles it."""
        if (card := self._settled.get(name)) is not None:
            return card
        lookup = self._services.cards.look_up_locally(name)
        record = fetched.get(lookup.query)
        found = record or self._services.cards.settled(lookup)
        if found is None:
            raise _CardNeeded(lookup)
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


class _Question:
    """What a question asked on the worker may use: the rules, the cards it names, the rules note."""

    def __init__(
        self, cache: _Cache, fetched: dict[str, CardRecord], downloaded: ImportSummary | None
    ) -> None:
        self.downloaded = downloaded  # the rules were downloaded for this question (say so)
        rules = cache.current_rules()
        if rules is None:
            raise _RulesNeeded
        self.rules = rules
        self._cache = cache
        self._fetched = fetched

    def card(self, name: str) -> Card:
        """The card ``name`` names, parsed; _CardNeeded when the cache can't settle it alone."""
        return self._cache.card(name, self.rules, self._fetched)

    def in_cache(self, name: str) -> bool:
        """Whether the card cache has a card of exactly this name (no fetch, whatever the settings)."""
        return self._cache.in_cache(name)

    def finished(self, answer: _Noted) -> _Noted:
        """``answer`` saying whether the rules were downloaded for it, when the loaded rules changed
        one of the rules it cites, which, and whether a card it names came from the cache alone
        (``fetched`` holds every card looked up beyond the cache over all the tries of the question)."""
        note = None
        if self.rules.may_have_changed_citations:
            note = self._cache.outdated_citation_note(answer.cited_rules())
        cache_only = any(isinstance(found, CachedOnly) for found in self._fetched.values())
        return answer.model_copy(
            update={"downloaded": self.downloaded, "rules_note": note, "cache_only": cache_only}
        )


class _Lru(Generic[_K, _V]):
    """A dictionary that forgets its least recently used entry beyond ``size`` entries."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._entries: OrderedDict[_K, _V] = OrderedDict()

    def get(self, key: _K) -> _V | None:
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: _K, value: _V) -> None:
        self._entries[key] = value
        if len(self._entries) > self._size:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        self._entries.clear()


class _Citing(Protocol):
    """An answer that cites rules and says whether the rules were downloaded for it."""

    def cited_rules(self) -> set[str]: ...

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self: ...


_Noted = TypeVar("_Noted", bound=_Citing)
_Answered = TypeVar("_Answered")


def _check_state(state: OriginalState) -> None:
    """The bounds of a copy question's state (the CLI and Discord parse its text the same way)."""
    checked_x(state.copier_x)
    if len(state.graveyard) > LIMITS.graveyard_cards:
        raise InvalidQuestion(too_many_graveyard_cards())
    if len(state.counters) > LIMITS.counter_kinds:
        raise InvalidQuestion(too_many_counter_kinds())
    for name in state.graveyard:
        checked_text(
            name,
            LIMITS.card_name,
            empty=msg("a graveyard card name is empty"),
            too_long=msg("a card name is too long"),
        )


__all__ = ["Judge"]
