"""The services a Judge stands on, opened once from Settings: the database, one HTTP session, the card
service and the rules store, with every blocking call run on one worker thread that owns the database."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

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
    uses), name matching, parsing and the engine. One is enough for the light questions: the GIL lets
    threads share one core for Python code anyway, and a single owner needs no locks around the
    connection or the caches. Boards run apart, on a second one (``bot.judge.isolation``).

    Only a few calls are queued on the thread at once. With every question of a burst queued, their
    results come back faster than the loop can finish the replies they belong to, and the loop then runs
    all of those replies in one turn, late for everything else (heartbeats, timeouts) by the whole burst.

    The thread hands each result straight to the awaiting loop future rather than through
    ``run_in_executor``: its concurrent future, lock and chained callbacks cost about 45 µs a call, a
    tenth of a typical question (measured on a 2-core machine: 60 against 110 µs for an empty call).
    """

    def __init__(self, in_flight: int = IN_FLIGHT, name: str = "mtg-judge-worker") -> None:
        self._admission = asyncio.Semaphore(in_flight)
        self._calls: queue.SimpleQueue[_Call[Any] | None] = queue.SimpleQueue()
        self._running: _Call[Any] | None = None
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    async def run(self, call: Callable[[], T]) -> T:
        """Run ``call`` on the worker thread once it is this call's turn, and await its result
        (exceptions propagate)."""
        async with self._admission:
            loop = asyncio.get_running_loop()
            result: asyncio.Future[T] = loop.create_future()
            self._calls.put(_Call(call, result, loop))
            return await result

    def caller_gave_up(self) -> bool:
        """On the worker thread, during a call: whether its caller stopped waiting for it (a long call
        may stop early)."""
        running = self._running
        return running is not None and running.result.cancelled()

    def close(self) -> None:
        """Finish the queued calls and stop the thread."""
        self._calls.put(None)
        self._thread.join()

    def _serve(self) -> None:
        while (call := self._calls.get()) is not None:
            self._running = call
            call.run()
            self._running = None


@dataclass(frozen=True)
class _Call(Generic[T]):
    """A call queued on the worker and the loop future its outcome goes to."""

    function: Callable[[], T]
    result: asyncio.Future[T]
    loop: asyncio.AbstractEventLoop

    def run(self) -> None:
        """Run the function (unless the caller gave up meanwhile) and hand its outcome to the loop."""
        if self.result.cancelled():
            return
        outcome: T | None = None
        error: BaseException | None = None
        try:
            outcome = self.function()
        except BaseException as raised:  # handed to the caller, as run_in_executor would
            error = raised
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits for this outcome
            self.loop.call_soon_threadsafe(_deliver, self.result, outcome, error)


def _deliver(result: asyncio.Future[Any], outcome: object, error: BaseException | None) -> None:
    """On the loop: settle ``result`` with the call's outcome or error (unless its caller gave up)."""
    if result.cancelled():
        return
    if error is None:
        result.set_result(outcome)
    else:
        result.set_exception(error)


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
