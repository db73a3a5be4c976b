"""The running bot's scheduled data refresh: Scryfall's bulk files checked every ``refresh_hours``.

Each check is :meth:`bot.judge.Judge.refresh_cards` (it downloads and imports only when the bulk file
changed, and questions keep being answered meanwhile) and logs one line. Checks are spread by a random
jitter so that many bots don't ask Scryfall at the same moment; after a failure the next check comes
sooner (``retry`` seconds), and the old data stays until one succeeds.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable

from bot.judge import Judge, RefreshOutcome

__all__ = ["DataRefresher"]

log = logging.getLogger(__name__)

JITTER = 0.1
"""The share of the interval a check may come earlier or later, at random."""


class DataRefresher:
    """Calls the Judge's refresh every ``every`` seconds (± ``JITTER``), ``retry`` seconds after a failure."""

    def __init__(
        self,
        judge: Judge,
        every: float,
        retry: float,
        *,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        uniform: Callable[[float, float], float] = random.uniform,
    ) -> None:
        self._judge = judge
        self._every = every
        self._retry = min(retry, every)
        self._sleep = sleep
        self._uniform = uniform

    def delay(self, last: RefreshOutcome | None) -> float:
        """Seconds until the next check: the interval with its jitter, or the retry delay after a failure."""
        base = self._retry if last is not None and last.kind == "failed" else self._every
        return base * self._uniform(1 - JITTER, 1 + JITTER)

    async def once(self) -> RefreshOutcome:
        """One check, logged on one line."""
        outcome = await self._judge.refresh_cards()
        if outcome.kind == "imported":
            log.info(
                "data refresh: imported Scryfall's bulk files of %s (%s) in %.1f s",
                outcome.updated_at,
                outcome.detail,
                outcome.seconds,
            )
        elif outcome.kind == "unchanged":
            log.info("data refresh: Scryfall's bulk files of %s are the ones imported", outcome.updated_at)
        else:
            log.warning("data refresh failed, the old data stays (retrying later): %s", outcome.detail)
        return outcome

    async def run(self) -> None:
        """Check forever (until cancelled), the first check one interval after the start."""
        last: RefreshOutcome | None = None
        while True:
            await self._sleep(self.delay(last))
            last = await self.once()
