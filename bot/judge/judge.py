"""The Judge: the one typed API the CLI and the Discord cogs stand on.

Open it once per process (``async with Judge.open(settings) as judge``); it holds the database, one
aiohttp session (online only), the in-memory card-name index, the rules' keyword vocabulary and a
bounded cache of parsed cards. Nothing is reloaded per question: a new card or rules import (by this
process or another) changes a generation token in the database, which each question checks.

Every blocking step (SQLite, name matching, parsing, the engine) runs on the Judge's worker thread,
so the event loop only waits on I/O and stays responsive under many concurrent questions.
"""

from __future__ import annotations

import dataclasses
import gc
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from bot.config import Settings
from bot.judge.board import BoardResult, answer_board_text, answer_copy
from bot.judge.cards import CardAnswer, RulingsAnswer, card_answer, rulings_answer, sync_cards
from bot.judge.errors import InvalidQuestion, RulesUnavailable
from bot.judge.limits import LIMITS, checked_copy_names, checked_names, checked_text, checked_x
from bot.judge.linked import LinkedAnswer
from bot.judge.parse import ParseAnswer
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
from data.boards import MAX_TEXT
from data.cards.importer import ImportSummary as CardImportSummary
from data.cards.importer import Progress, import_cards
from data.cards.names import card_key
from data.cards.service import LocalLookup
from data.db import generation
from engine import Card, OriginalState, find_links, parse_card

T = TypeVar("T")

PARSED_CARDS = 4_096
"""How many parsed cards the Judge keeps (a parsed card is a few kilobytes)."""


class DataVersions(Answer):
    """Which data the answers stand on: the rules' effective date and the card data's date ("" unknown)."""

    rules: str
    cards: str


class Judge:
    """Answers every question the bot and the CLI ask; see the module docstring."""

    def __init__(self, services: Services, worker: Worker) -> None:
        self._services = services
        self._worker = worker
        self._rules: LoadedRules | None = None
        self._cards_generation = ""
        self._parsed: OrderedDict[str, Card] = OrderedDict()

    @classmethod
    @asynccontextmanager
    async def open(cls, settings: Settings, *, preload: bool = False) -> AsyncIterator[Judge]:
        """Open the Judge; with ``preload`` (a long-running bot), build the name index and read the
        rules now instead of on the first question that needs them."""
        worker = Worker()
        try:
            async with open_services(settings, worker) as services:
                judge = cls(services, worker)
                if preload:
                    await judge.preload()
                yield judge
        finally:
            worker.close()

    @property
    def settings(self) -> Settings:
        """The settings the Judge was opened with."""
        return self._services.settings

    async def preload(self) -> None:
        """Build the card-name index and read the stored rules (if any) ahead of the first question.

        Then everything alive is moved out of the garbage collector's reach (``gc.freeze``): the
        index and the rules live as long as the process, and without this every full collection walks
        them again, pausing every thread, the event loop's included, for 50 ms and more.
        """
        cards = self._services.cards
        await self._worker.run(lambda: cards.resolver.complete("a", 1))
        if await self._worker.run(self._services.rules.is_loaded):
            await self._loaded_rules()
        gc.freeze()

    async def versions(self) -> DataVersions:
        """The effective date of the stored rules and the date of the card data (for reply footers)."""
        store = self._services.rules

        def read() -> DataVersions:
            version = store.version()
            return DataVersions(rules=version.isoformat() if version else "", cards=self._cards_date())

        return await self._worker.run(read)

    # -- cards -------------------------------------------------------------------------------------

    async def card(self, name: str) -> CardAnswer:
        """The card ``name`` names (cache, then Scryfall unless offline).

        Raises CardNotFound (with suggestions), AmbiguousCardName (with candidates), InvalidCardQuery.
        """
        found = await self._services.cards.find(name)
        data_date = await self._worker.run(self._cards_date)
        return card_answer(found, data_date)

    async def rulings(self, name: str) -> RulingsAnswer:
        """The rulings of the card ``name`` names, newest first (cached, else fetched online)."""
        found = await self._services.cards.find(name)
        return rulings_answer(found, await self._services.cards.rulings(found))

    async def complete_card_names(self, text: str) -> list[str]:
        """At most 25 card names for autocomplete: prefix, then word-start, then nearest spelling."""
        typed = text[: LIMITS.autocomplete_text]
        resolver = self._services.cards.resolver
        return await self._worker.run(lambda: resolver.complete(typed, LIMITS.autocomplete_results))

    async def import_cards(self, path: Path, progress: Progress | None = None) -> CardImportSummary:
        """Import the Scryfall bulk file at ``path`` (raises CardImportError; the cache is then unchanged)."""
        db = self._services.db
        return await self._worker.run(lambda: import_cards(db, path, progress=progress))

    async def sync_cards(self, progress: Progress | None = None) -> CardImportSummary:
        """Download Scryfall's current ``oracle_cards`` bulk file and import it (raises SyncFailed)."""
        return await sync_cards(self._services, progress)

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

    async def import_rules(self, path: Path) -> ImportSummary:
        """Parse the rules text file at ``path`` and replace the stored rules (all or nothing)."""
        store = self._services.rules
        return await self._worker.run(lambda: import_rules(store, path))

    # -- questions on the engine -------------------------------------------------------------------

    async def parse(self, name: str) -> ParseAnswer:
        """The Oracle-text breakdown of a card, parsed with the stored rules' keywords."""
        rules = await self._loaded_rules()
        card = await self._parsed_card(name, rules)
        return ParseAnswer(card=card, rules_version=rules.version, downloaded=rules.downloaded)

    async def linked(self, names: Sequence[str]) -> LinkedAnswer:
        """Linked abilities (CR 607) of the first named card; the others are asked about with it.

        Raises InvalidQuestion or a CardLookupError; RulesUnavailable when no rules can be had.
        """
        wanted = checked_names(names)
        rules = await self._loaded_rules()
        cards = [await self._parsed_card(name, rules) for name in wanted]
        report = await self._worker.run(lambda: find_links(cards[0], also=cards[1:]))
        answer = LinkedAnswer(report=report, rules_version=rules.version, downloaded=rules.downloaded)
        return await self._with_rules_note(answer, rules)

    async def copy(
        self, copier: str, original: str, state: OriginalState, onto: str | None = None
    ) -> BoardResult:
        """What COPIER is when it copies ORIGINAL (in ``state``) on the default board (CR 707, 613);
        ``onto`` is what a True Polymorph-like spell turns into the copy."""
        names = checked_copy_names([copier, original, *([onto] if onto else [])])
        _check_state(state)
        rules = await self._loaded_rules()
        result = await answer_copy(
            names, state, lambda name: self._parsed_card(name, rules), self._worker.run, rules.version
        )
        return await self._with_rules_note(result.model_copy(update={"downloaded": rules.downloaded}), rules)

    async def board(self, text: str) -> BoardResult:
        """Answer a board given as YAML or JSON text (see the README's "Board files").

        Raises BoardFormatError (with the line and what is wrong), a board error or a CardLookupError.
        """
        if len(text) > MAX_TEXT:
            raise InvalidQuestion(f"the board is too long (at most {MAX_TEXT} characters)")
        rules = await self._loaded_rules()
        result = await answer_board_text(
            text, lambda name: self._parsed_card(name, rules), self._worker.run, rules.version
        )
        return await self._with_rules_note(result.model_copy(update={"downloaded": rules.downloaded}), rules)

    # -- internals ---------------------------------------------------------------------------------

    async def _ensure_rules(self) -> ImportSummary | None:
        services = self._services
        return await ensure_rules(services.rules, services.settings, services.http, self._worker.run)

    async def _loaded_rules(self) -> LoadedRules:
        """The rules' vocabulary and version, read again only when their generation changed; downloaded
        first (once) when none are stored."""
        rules = await self._worker.run(self._current_rules)
        if rules is not None:
            return rules
        downloaded = await self._ensure_rules()
        rules = await self._worker.run(self._current_rules)
        if rules is None:  # deleted by another process in between
            raise RulesUnavailable("The Comprehensive Rules were removed while loading; ask again.")
        return dataclasses.replace(rules, downloaded=downloaded)

    def _current_rules(self) -> LoadedRules | None:
        """On the worker: the cached rules (None when none are stored), refreshed (and the parsed cards
        dropped) when the rules or the cards changed since they were read."""
        db = self._services.db
        rules_generation, cards_generation = generation(db, "rules"), generation(db, "cards")
        if self._rules is None or self._rules.generation != rules_generation:
            if not self._services.rules.is_loaded():
                return None
            self._rules = read_rules(self._services.rules)
            self._parsed.clear()
        if cards_generation != self._cards_generation:
            self._cards_generation = cards_generation
            self._parsed.clear()
        return self._rules

    async def _parsed_card(self, name: str, rules: LoadedRules) -> Card:
        """The card ``name`` names, parsed: in one trip to the worker when the cache settles the name."""
        cards = self._services.cards

        def from_cache() -> tuple[LocalLookup, Card | None]:
            lookup = cards.look_up_locally(name)
            found = cards.settled(lookup)
            return lookup, None if found is None else self._parse(found, rules)

        lookup, card = await self._worker.run(from_cache)
        if card is not None:
            return card
        found = await cards.finish(lookup)
        return await self._worker.run(lambda: self._parse(found, rules))

    def _parse(self, found: dict[str, Any], rules: LoadedRules) -> Card:
        key = card_key(found)
        card = self._parsed.get(key)
        if card is None:
            card = self._parsed[key] = parse_card(found, rules.vocabulary)
            if len(self._parsed) > PARSED_CARDS:
                self._parsed.popitem(last=False)
        else:
            self._parsed.move_to_end(key)
        return card

    def _cards_date(self) -> str:
        return self._services.cards.repository.metadata().get("bulk_date", "")

    async def _with_rules_note(self, answer: _Noted, rules: LoadedRules) -> _Noted:
        if not rules.may_have_changed_citations:
            return answer
        store = self._services.rules
        note = await self._worker.run(lambda: outdated_citation_note(store, answer.cited_rules()))
        return answer if note is None else answer.model_copy(update={"rules_note": note})


_Noted = TypeVar("_Noted", LinkedAnswer, BoardResult)


def _check_state(state: OriginalState) -> None:
    """The bounds of a copy question's state (the CLI and Discord parse its text the same way)."""
    checked_x(state.copier_x)
    if len(state.graveyard) > LIMITS.graveyard_cards:
        raise InvalidQuestion(f"--graveyard takes at most {LIMITS.graveyard_cards} cards")
    if len(state.counters) > LIMITS.counter_kinds:
        raise InvalidQuestion(f"--counters takes at most {LIMITS.counter_kinds} kinds of counters")
    for name in state.graveyard:
        checked_text(
            name, LIMITS.card_name, empty="a graveyard card name is empty", too_long="a card name is too long"
        )


__all__ = ["Judge"]
