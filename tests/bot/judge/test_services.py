"""The worker thread every blocking call of the Judge runs on (``bot.judge.services.Worker``)."""

from __future__ import annotations

import asyncio
import functools
import threading
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


async def test_a_caller_that_gives_up_frees_its_turn_and_its_call_is_skipped() -> None:
    worker = Worker(in_flight=1)
    release, ran = threading.Event(), []
    try:
        busy = asyncio.create_task(worker.run(release.wait))
        await asyncio.sleep(0.05)  # the thread is in release.wait
        queued = asyncio.create_task(worker.run(lambda: ran.append("queued")))
        busy.cancel()
        await asyncio.sleep(0.05)  # the cancelled caller's turn went to the queued call
        queued.cancel()  # …which gives up too, before the thread is free
        release.set()
        assert await asyncio.wait_for(worker.run(lambda: 7), timeout=5) == 7
        assert ran == []
    finally:
        worker.close()


async def test_close_finishes_what_was_queued() -> None:
    worker = Worker(in_flight=IN_FLIGHT)
    done: list[int] = []
    calls = [asyncio.create_task(worker.run(functools.partial(done.append, n))) for n in range(IN_FLIGHT)]
    await asyncio.sleep(0)  # every call is on the thread's queue
    worker.close()
    await asyncio.gather(*calls)
    assert done == list(range(IN_FLIGHT))


async def test_a_running_call_sees_its_caller_give_up() -> None:
    worker = Worker(in_flight=1)
    started, seen = threading.Event(), []

    def call() -> None:
        started.set()
        deadline = time.monotonic() + 30
        while not worker.caller_gave_up() and time.monotonic() < deadline:
            time.sleep(0.01)
        seen.append(worker.caller_gave_up())

    try:
        running = asyncio.create_task(worker.run(call))
        assert await asyncio.to_thread(started.wait, 30)
        assert not worker.caller_gave_up()
        running.cancel()
        assert await asyncio.wait_for(worker.run(lambda: 7), timeout=30) == 7
        assert seen == [True]
        assert not worker.caller_gave_up()  # nothing runs now
    finally:
        worker.close()
