"""Turning a typed name into a Scryfall card: the cache first, then Scryfall (exact, then fuzzy).

A Scryfall outage never reaches the caller as a crash: what the cache knows keeps being served,
and a name the cache cannot resolve becomes a CardLookupError that says Scryfall is unreachable.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

import sqlite_utils

if TYPE_CHECKING:
    import aiohttp

    from data.scryfall.client import ScryfallClient

from data.cards.errors import AmbiguousCardName, CardLookupError, CardNotFound, CardUnavailable
from data.cards.printings import (
    PRINTED_LANGUAGES,
    PrintedNames,
    is_printed_name,
    printed_rows,
    printings_named,
)
from data.cards.repository import CardRepository, Ruling
from data.cards.resolver import CardResolver, Resolution, validated_query
from data.cards.schema import CardRecord
from data.excerpts import excerpt
from data.scryfall.errors import (
    UNREADABLE_REPLY,
    ScryfallAmbiguous,
    ScryfallError,
    ScryfallNotFound,
    ScryfallRateLimited,
    ScryfallUnavailable,
    UnreadableReply,
)

T = TypeVar("T")

BlockingRunner = Callable[[Callable[[], T]], Awaitable[T]]
"""Runs a blocking call (SQLite, CPU-heavy matching) and awaits its result, e.g. on a worker thread."""


async def run_inline(call: Callable[[], T]) -> T:
    """The default :data:`BlockingRunner`: run ``call`` right here, on the event loop."""
    return call()


EMPTY_CACHE_HELP = (
    "The card cache is empty and the network is off: import a Scryfall bulk file with "
    "`mtg-judge import-cards PATH`, or run without --offline."
)


class CachedOnly(CardRecord):
    """A card the cache matched partly or with a typo, returned as it is because Scryfall couldn't be asked
    whether the name means another card."""

    @classmethod
    def of(cls, card: CardRecord) -> CachedOnly:
        """``card``, marked as answered from the cache alone (its fields as they are: not checked again)."""
        return cls.model_construct(card.model_fields_set, **dict(card))


@dataclass(frozen=True)
class LocalLookup:
    """What the cache alone says of a name: its resolution, or the error it gave."""

    query: str
    resolution: Resolution | None
    error: CardLookupError | None


class CardService:
    """Card lookup for every command; an async context manager.

    Online it uses the aiohttp session it is given (one per process, made at start-up) or, without
    one, opens and closes its own; offline it never touches the network. Every database read and
    write and the name matching run through ``blocking`` (inline by default; the Judge passes its
    worker thread, which owns ``db``, so they never hold the event loop).
    """

    def __init__(
        self,
        db: sqlite_utils.Database,
        *,
        base_url: str,
        offline: bool,
        session: aiohttp.ClientSession | None = None,
        client_timeout: float = 10.0,
        blocking: BlockingRunner[Any] = run_inline,
    ) -> None:
        self.db = db
        self.offline = offline
        self.repository = CardRepository(db)
        self.resolver = CardResolver(self.repository)
        self._base_url = base_url
        self._client_timeout = client_timeout
        self._given_session = session
        self._blocking = blocking
        self._own_session: aiohttp.ClientSession | None = None
        self.client: ScryfallClient | None = None

    async def __aenter__(self) -> CardService:
        if not self.offline:
            import aiohttp  # here: offline commands never pay for importing the HTTP stack

            from data.scryfall.client import ScryfallClient

            session = self._given_session
            if session is None:
                session = self._own_session = aiohttp.ClientSession()
            self.client = ScryfallClient(session, self._base_url, timeout=self._client_timeout)
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._own_session is not None:
            await self._own_session.close()
        self._own_session = self.client = None

    async def find(self, name: str) -> CardRecord:
        """The card record ``name`` names: cache first, then Scryfall exact then fuzzy (online).

        Raises CardNotFound (with suggestions), AmbiguousCardName (with candidates) or another
        CardLookupError (empty or over-long name).
        """
        lookup = await self._blocking(lambda: self.look_up_locally(name))
        return await self.finish(lookup)

    def look_up_locally(self, name: str) -> LocalLookup:
        """What the cache says of ``name`` (blocking: run it where the database lives); raises
        InvalidCardQuery for an empty or over-long name."""
        query = validated_query(name)
        try:
            return LocalLookup(query, self.resolver.resolve(query), None)
        except CardLookupError as error:
            return LocalLookup(query, None, error)

    def settled(self, lookup: LocalLookup) -> CardRecord | None:
        """The card when the cache's answer is final (an exact name, or offline), else None."""
        if lookup.resolution is not None and (lookup.resolution.kind == "exact" or self.client is None):
            return lookup.resolution.card
        return None

    async def finish(self, lookup: LocalLookup) -> CardRecord:
        """The card of a local look-up, asking Scryfall when the cache's answer is not final."""
        if lookup.resolution is None:
            assert lookup.error is not None
            return await self._fetch_or_raise(lookup.query, lookup.error)
        if (card := self.settled(lookup)) is not None:
            return card
        # a partial or typo match in a partial cache may hide the real card: ask Scryfall exactly
        try:
            return await self._fetch_exact(lookup.query)
        except (
            ScryfallNotFound
        ):  # Scryfall was asked: no card has exactly that name, the cache's match stands
            return lookup.resolution.card
        except ScryfallError:
            return CachedOnly.of(lookup.resolution.card)

    def find_cached(self, name: str) -> CardRecord:
        """Like ``find`` but from the cache alone (no network), for synchronous callers."""
        return self.resolver.resolve(name).card

    async def rulings(self, card: CardRecord) -> list[Ruling] | None:
        """The rulings of ``card``: cached, else fetched from Scryfall and cached; None when they are not
        known (never fetched or imported, and Scryfall unreachable or offline), so that "no rulings
        exist" ([]) is never said of rulings that were not loaded."""
        oracle_id, printing = card.oracle_id, card.id
        if not oracle_id:
            return None
        cached: list[Ruling] | None = await self._blocking(lambda: self.repository.rulings(oracle_id))
        if cached is not None or self.client is None or not printing:
            return cached
        try:
            fetched = await self.client.rulings(printing)
        except ScryfallError:
            return None
        await self._blocking(lambda: self.repository.store_rulings(oracle_id, fetched))
        stored: list[Ruling] | None = await self._blocking(lambda: self.repository.rulings(oracle_id))
        return stored

    async def _fetch_or_raise(self, query: str, local_error: CardLookupError) -> CardRecord:
        empty = self.client is None and await self._blocking(self.repository.count) == 0
        if empty and isinstance(local_error, CardNotFound):
            raise CardNotFound(query, reason=EMPTY_CACHE_HELP) from None
        if self.client is None or not isinstance(local_error, CardNotFound | AmbiguousCardName):
            raise local_error
        if is_printed_name(query):
            return await self._fetch_printed_or_raise(query, local_error)
        try:
            return await self._fetch_exact(query)
        except ScryfallNotFound:
            if isinstance(local_error, AmbiguousCardName):
                raise local_error from None
        except ScryfallError as error:
            raise _unreachable(local_error, error) from error
        try:
            return await self._store(await self.client.card_named(query, fuzzy=True))
        except ScryfallAmbiguous as error:
            raise AmbiguousCardName(query, await self._autocomplete(query)) from error
        except ScryfallNotFound as error:
            suggestions = local_error.suggestions if isinstance(local_error, CardNotFound) else []
            raise CardNotFound(query, suggestions or await self._autocomplete(query)) from error
        except ScryfallError as error:
            raise _unreachable(local_error, error) from error

    async def _fetch_exact(self, query: str) -> CardRecord:
        if self.client is None:
            raise ScryfallUnavailable("offline", code="offline")
        if is_printed_name(query):
            return await self._fetch_printed(query, exact=True)
        return await self._store(await self.client.card_named(query))

    async def _fetch_printed_or_raise(self, query: str, local_error: CardLookupError) -> CardRecord:
        """A name in another script the cache can't settle, asked of Scryfall's multilingual search."""
        try:
            return await self._fetch_printed(query, exact=False)
        except ScryfallNotFound as error:
            if isinstance(local_error, AmbiguousCardName):
                raise local_error from None
            suggestions = local_error.suggestions if isinstance(local_error, CardNotFound) else []
            raise CardNotFound(query, suggestions) from error
        except ScryfallError as error:
            raise _unreachable(local_error, error) from error

    async def _fetch_printed(self, query: str, *, exact: bool) -> CardRecord:
        """The Oracle card printed as ``query`` (a Scryfall search of every language's printings, then
        the card by Oracle id unless cached), stored with the printed names learned.

        Raises ScryfallNotFound when no printing fits (or, ``exact``, none is printed with exactly that
        name), AmbiguousCardName when the printings of several cards do, another ScryfallError when
        Scryfall can't be asked.
        """
        assert self.client is not None
        searched = unicodedata.normalize("NFKC", query)  # ﾀﾙﾓｺﾞｲﾌ as printed: タルモゴイフ
        matches = printings_named(await self.client.search_printings(searched), query, exact=exact)
        if len(matches) != 1:
            if matches and not exact:
                raise AmbiguousCardName(query, _printed_names(matches.values()))
            raise ScryfallNotFound(f"no card is printed as “{query}”", status=404, code="not_found")
        oracle_id, printed = next(iter(matches.items()))
        card: CardRecord | None = await self._blocking(lambda: self.repository.get(oracle_id))
        if card is None:
            card = await self.client.oracle_card(oracle_id)
        found = card
        await self._blocking(lambda: self._store_printed(found, printed))
        return found

    def _store_printed(self, card: CardRecord, printings: list[CardRecord]) -> None:
        """Store the Oracle card and the names it is printed with, in one transaction."""
        with self.db.conn:
            self.repository.upsert_cards([card])
            PrintedNames(self.db).upsert(printings, {str(printing.lang) for printing in printings})

    async def _autocomplete(self, query: str) -> list[str]:
        try:
            return (await self.client.autocomplete(query))[:10] if self.client else []
        except ScryfallError:
            return []

    async def _store(self, card: CardRecord) -> CardRecord:
        """Scryfall's card (checked by the client against the card schema), stored."""
        await self._blocking(lambda: self.repository.store(card))
        return card


def _printed_names(groups: Iterable[list[CardRecord]]) -> list[str]:
    """The distinct printed names of the printings of several cards (the first ten), to choose from."""
    names = {
        rows[0][2] for group in groups for card in group if (rows := printed_rows(card, PRINTED_LANGUAGES))
    }
    return sorted(names)[:10]


def _unreachable(local_error: CardLookupError, error: ScryfallError) -> CardLookupError:
    """The cache's own answer, saying Scryfall could not be asked (not that the card doesn't exist)."""
    if isinstance(local_error, CardNotFound):
        if isinstance(error, UnreadableReply):
            reason = UNREADABLE_REPLY
        elif isinstance(error, ScryfallRateLimited):
            reason = "Scryfall is limiting our requests"
        elif isinstance(error, ScryfallUnavailable):
            reason = "Scryfall is unreachable"
        else:
            reason = f"Scryfall answered an error ({excerpt(str(error), 80)})"
        return CardUnavailable(local_error.query, local_error.suggestions, reason=reason)
    return local_error
