"""The worker thread every blocking call of the Judge runs on (``bot.judge.services.Worker``)."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.judge.services import Worker

CALLS = 100
IN_FLIGHT = 4


async def test_a_burst_of_calls_comes_back_a_few_at_a_time() -> None:
    # While the loop is busy, the thread finishes what it was given; were every call of a burst given to
    # it at once, the loop would then resume all of their callers in its next turn, late by all of them.
    worker = Worker(in_flight=IN_FLIGHT)
    finished: list[int] = []

    async def call(number: int) -> None:
        await worker.run(lambda: number)
        finished.append(number)

    try:
        tasks = [asyncio.create_task(call(number)) for number in range(CALLS)]
        await asyncio.sleep(0)  # every call has asked for its turn
        time.sleep(0.2)  # the loop is busy; the thread is not
        for _ in range(3):
            await asyncio.sleep(0)
        assert 0 < len(finished) <= 3 * IN_FLIGHT
        await asyncio.gather(*tasks)
        assert sorted(finished) == list(range(CALLS))
    finally:
        worker.close()


async def test_an_error_in_a_call_gives_its_turn_back() -> None:
    worker = Worker(in_flight=1)

    def fail() -> int:
        raise LookupError("no such card")

    try:
        for _ in range(3):
            with pytest.raises(LookupError, match="no such card"):
                await worker.run(fail)
        assert await asyncio.wait_for(worker.run(lambda: 7), timeout=5) == 7
    finally:
        worker.close()
