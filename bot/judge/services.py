"""The services a Judge stands on, opened once from Settings: the database, one HTTP session, the card
service and the rules store, with every blocking call run on one worker thread that owns the database."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import sqlite_utils

from bot.config import Settings
from data.cards.service import BlockingRunner, CardService, run_inline
from data.db import open_database
from data.rules.store import RulesStore

if TYPE_CHECKING:
    import aiohttp

T = TypeVar("T")

IN_FLIGHT = 4  # calls handed to the worker thread at once; the others wait their turn on the loop


class Worker:
    """One thread for everything that would hold the event loop: SQLite (whose connection it alone
    uses), name matching, parsing and the engine. One is enough: the GIL lets threads share one core
    for Python code anyway, and a single owner needs no locks around the connection or the caches.

    Only a few calls are queued on the thread at once. With every question of a burst queued, their
    results come back faster than the loop can finish the replies they belong to, and the loop then runs
    all of those replies in one turn, late for everything else (heartbeats, timeouts) by the whole burst.
    """

    def __init__(self, in_flight: int = IN_FLIGHT) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mtg-judge-worker")
        self._admission = asyncio.Semaphore(in_flight)

    async def run(self, call: Callable[[], T]) -> T:
        """Run ``call`` on the worker thread once it is this call's turn, and await its result
        (exceptions propagate)."""
        async with self._admission:
            return await asyncio.get_running_loop().run_in_executor(self._pool, call)

    def close(self) -> None:
        """Finish the queued calls and stop the thread."""
        self._pool.shutdown(wait=True)


@dataclass(frozen=True)
class Services:
    """Everything a question may use; add a field here (and open it below) for a new service."""

    settings: Settings
    db: sqlite_utils.Database
    cards: CardService
    rules: RulesStore
    http: aiohttp.ClientSession | None  # the one HTTP session of the process; None offline
    blocking: BlockingRunner[Any]  # runs a call that touches ``db`` (on the thread that owns it)


@asynccontextmanager
async def open_services(settings: Settings, worker: Worker | None = None) -> AsyncIterator[Services]:
    """Open the database, one HTTP session (online only) and every service; close them all on exit.

    With a ``worker``, the database is opened, used and closed on its thread; without one, here.
    """
    blocking: BlockingRunner[Any] = worker.run if worker is not None else run_inline
    db = await blocking(lambda: open_database(settings.db))
    try:
        async with AsyncExitStack() as stack:
            http = None if settings.offline else await stack.enter_async_context(_http_session())
            cards = await stack.enter_async_context(
                CardService(
                    db,
                    base_url=settings.scryfall_base_url,
                    offline=settings.offline,
                    session=http,
                    blocking=blocking,
                )
            )
            yield Services(settings, db, cards, RulesStore(db), http, blocking)
    finally:
        await blocking(db.close)


def _http_session() -> aiohttp.ClientSession:
    """The process's one HTTP session (imported here: offline commands never load the HTTP stack)."""
    import aiohttp

    return aiohttp.ClientSession()
