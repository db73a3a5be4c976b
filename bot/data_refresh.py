"""The running bot's scheduled data refresh: Scryfall's bulk files, the rules page and (with
``refresh_languages``) the printed names checked every ``refresh_hours``.

Each check is :meth:`bot.judge.Judge.refresh_cards` (it downloads and imports each only when it
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
        """One check, logged on one line (what it imported, what was current, what failed and why)."""
        outcome = await self._judge.refresh_cards()
        if outcome.kind == "failed":
            log.warning("%s", outcome.line())
        else:
            log.info("%s", outcome.line())
        return outcome

    async def run(self) -> None:
        """Check forever (until cancelled), the first check one interval after the start."""
        last: RefreshOutcome | None = None
        while True:
            await self._sleep(self.delay(last))
            last = await self.once()
