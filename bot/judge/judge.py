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
from collections.abc import AsyncIterator, Callable, Collection, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from bot.config import Settings
from bot.judge.answers import DataVersions
from bot.judge.asking import (
    ENGLISH,
    Answered,
    Asked,
    NeedsCard,
    NeedsRules,
    Question,
    QuestionCache,
    try_question,
)
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
    GlossaryAnswer,
    ImportSummary,
    LoadedRules,
    RuleAnswer,
    SearchAnswer,
    complete_rules,
    ensure_rules,
    import_rules,
    look_up,
    search_answer,
)
from bot.judge.services import Services, Worker, open_services
from data.board_format import MAX_TEXT
from data.cards.language_choices import LanguageChoices
from data.cards.printings import PrintedCard
from data.cards.schema import CardRecord
from data.cards.service import CachedOnly
from engine import msg

if TYPE_CHECKING:
    from bot.judge.board import BoardResult
    from bot.judge.imports import CardImportSummary, Progress, SetupSummary
    from bot.judge.linked import LinkedAnswer
    from bot.judge.parse import ParseAnswer
    from bot.judge.refresh import RefreshOutcome
    from data.cards.printings import PrintingsSummary
    from data.cards.rulings_import import RulingsImportSummary
    from engine import OriginalState

_T = TypeVar("_T")

FULL_COLLECTION_EVERY = 100
"""Middle-generation collections between two full ones once preloaded (Python's default is 10)."""


class Judge:
    """Answers every question the bot and the CLI ask; see the module docstring."""

    def __init__(
        self, services: Services, worker: Worker, apart: Apart, languages: Mapping[int, str] | None = None
    ) -> None:
        self._services = services
        self._worker = worker
        self._apart = apart
        self._cache = QuestionCache(services)
        self._languages = dict(languages or {})  # by Discord user id: the language each chose

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
                languages = await worker.run(LanguageChoices(services.db).all)
                judge = cls(services, worker, apart, languages)
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
        """The effective date of the stored rules and the date of the card data (for reply footers; an
        answer carries those it was built on in its ``frame``)."""
        return await self._worker.run(self._cache.versions)

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

    async def card(self, name: str, lang: str = ENGLISH) -> CardAnswer:
        """The card ``name`` names (cache, then Scryfall unless offline), with its printed name and text
        in ``lang`` when that is not English and the cache has them, in its frame (``lang``'s names).

        Raises CardNotFound (with suggestions), AmbiguousCardName (with candidates), InvalidCardQuery.
        """
        found = await self._services.cards.find(name)
        cache, oracle_id = self._cache, found.oracle_id or ""
        frame, printed = await self._worker.run(lambda: (cache.frame(lang), cache.printed(oracle_id, lang)))
        answer = card_answer(found, frame.versions.cards, cache_only=isinstance(found, CachedOnly))
        return answer.model_copy(update={"printed": _printed_view(printed, lang), "frame": frame})

    async def printed_names(self, lang: str) -> Mapping[str, str]:
        """The printed name in ``lang`` of every cached card that has one, by Oracle name ({} for
        English); read once per change of the cards."""
        if lang == ENGLISH:
            return {}
        return await self._worker.run(lambda: self._cache.printed_names(lang))

    async def rulings(self, name: str, lang: str = ENGLISH) -> RulingsAnswer:
        """The rulings of the card ``name`` names, newest first (cached, else fetched online), in the
        frame of ``lang``."""
        found = await self._services.cards.find(name)
        answer = rulings_answer(found, await self._services.cards.rulings(found))
        frame = await self._worker.run(lambda: self._cache.frame(lang))
        return answer.model_copy(update={"frame": frame})

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

    async def refresh_cards(self) -> RefreshOutcome:
        """Import Scryfall's current oracle cards and rulings, the rules the rules page links and the
        printed names of ``refresh_languages``, each if it changed since its last import, apart from the
        questions (they are answered from the old data until it commits); never raises for Scryfall, the
        rules page or the files: a failure is the outcome's ``kind``."""
        from bot.judge.refresh import refresh_cards

        return await refresh_cards(self._services)

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

    async def rule(self, query: str, lang: str = ENGLISH) -> RuleAnswer | GlossaryAnswer:
        """A rule by number (with examples and subrules) or a glossary entry (with the rules it names),
        in the frame of ``lang``.

        Raises RuleNotFound (with the nearest numbers or terms) or InvalidQuestion.
        """
        downloaded = await self._ensure_rules()
        cache, store, link_base = self._cache, self._services.rules, self.settings.rules_link_base
        answer, frame = await self._worker.run(lambda: (look_up(store, query, link_base), cache.frame(lang)))
        return answer.model_copy(update={"downloaded": downloaded, "frame": frame})

    async def search_rules(self, words: str, limit: int = 10, lang: str = ENGLISH) -> SearchAnswer:
        """The rules best matching ``words``, ranked (at most ``limit``, 1 to 50), in ``lang``'s frame."""
        downloaded = await self._ensure_rules()
        cache, store = self._cache, self._services.rules
        answer, frame = await self._worker.run(
            lambda: (search_answer(store, words, limit), cache.frame(lang))
        )
        return answer.model_copy(update={"downloaded": downloaded, "frame": frame})

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

    async def parse(self, name: str, lang: str = ENGLISH) -> ParseAnswer:
        """The Oracle-text breakdown of a card, parsed with the stored rules' keywords."""

        from bot.judge.parse import ParseAnswer  # the engine's modules load on the first such question

        def answer(asked: Asked) -> ParseAnswer | None:
            card = asked.card(name)
            if card is None:
                return None
            version, downloaded = asked.rules.version, asked.downloaded
            return ParseAnswer(card=card, rules_version=version, downloaded=downloaded, frame=asked.frame())

        return await self._ask(answer, lang=lang)

    async def linked(self, names: Sequence[str], lang: str = ENGLISH) -> LinkedAnswer:
        """Linked abilities (CR 607) of the first named card; the others are asked about with it. In
        ``lang``'s frame, with the first card as printed in ``lang`` when the cache has it.

        Raises InvalidQuestion or a CardLookupError; RulesUnavailable when no rules can be had.
        """
        wanted = checked_names(names)
        from bot.judge.linked import LinkedAnswer
        from engine import find_links

        def answer(asked: Asked) -> LinkedAnswer | None:
            cards = [asked.card(name) for name in wanted]
            found = [card for card in cards if card is not None]
            if len(found) < len(cards):
                return None
            report = find_links(found[0], also=found[1:])
            printed = _printed_view(asked.printed(found[0].key), asked.lang)
            answered = LinkedAnswer(report=report, rules_version=asked.rules.version, printed=printed)
            return asked.finished(answered)

        return await self._ask(answer, lang=lang)

    async def copy(
        self, copier: str, original: str, state: OriginalState, onto: str | None = None, lang: str = ENGLISH
    ) -> BoardResult:
        """What COPIER is when it copies ORIGINAL (in ``state``) on the default board (CR 707, 613);
        ``onto`` is what a True Polymorph-like spell turns into the copy."""
        names = checked_copy_names([copier, original, *([onto] if onto else [])])
        _check_state(state)
        from bot.judge.board import answer_copy

        def answer(asked: Asked) -> BoardResult | None:
            result = answer_copy(names, state, asked.card, asked.rules.version)
            return None if result is None else asked.finished(result)

        return await self._ask(answer, lang=lang)

    async def board(self, text: str, lang: str = ENGLISH) -> BoardResult:
        """Answer a board given as YAML or JSON text (see the README's "Board files").

        Raises BoardFormatError (with the line and what is wrong), a board error, a CardLookupError, or
        InvalidQuestion when a step of it takes more than its limit of CPU time (``LIMITS.board_seconds``).
        """
        if len(text) > MAX_TEXT:
            raise InvalidQuestion(msg("the board is too long (at most {limit} characters)", limit=MAX_TEXT))
        from bot.judge.board import BoardCards, answer_board_cards, board_cards, read_board

        rules = await self._loaded_rules()
        board = await self._apart.run(read_board, text, rules.vocabulary)

        def cards(asked: Asked) -> tuple[BoardCards, Asked] | None:
            found = board_cards(board, asked.card, asked.in_cache)
            return None if found is None else (found, asked)

        found, asked = await self._ask(cards, rules.downloaded, lang)
        result = await self._apart.run(answer_board_cards, board.spec, found, asked.rules.version)
        result = result.model_copy(update={"board": text})
        return await self._worker.run(lambda: asked.finished(result))

    # -- internals ---------------------------------------------------------------------------------

    async def _ask(
        self, question: Question[_T], downloaded: ImportSummary | None = None, lang: str = ENGLISH
    ) -> _T:
        """Answer ``question`` on the worker in one try when the cache and the stored rules settle it.

        A try that needs a card the cache can't settle, or rules not yet stored, says so: they are
        fetched (on the loop, without holding the worker) and the question is tried again. Parsed cards
        are cached, so trying again costs little, and each try settles one more name, so it ends.
        """
        fetched: dict[str, CardRecord] = {}
        while True:
            tried = await self._worker.run(
                functools.partial(try_question, self._cache, question, fetched, downloaded, lang)
            )
            match tried:
                case Answered(value):
                    return value
                case NeedsRules():
                    downloaded = await self._ensure_rules()
                case NeedsCard(lookup):
                    fetched[lookup.query] = await self._services.cards.finish(lookup)

    async def _ensure_rules(self) -> ImportSummary | None:
        services = self._services
        return await ensure_rules(services.rules, services.settings, services.http, self._worker.run)

    async def _loaded_rules(self) -> LoadedRules:
        """The rules' vocabulary and version (downloaded first, once, when none are stored)."""
        return await self._ask(lambda asked: dataclasses.replace(asked.rules, downloaded=asked.downloaded))


def _printed_view(printed: PrintedCard | None, lang: str) -> PrintedView | None:
    if printed is None:
        return None
    return PrintedView(lang=lang, name=printed.name, type_line=printed.type_line, text=printed.text)


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
