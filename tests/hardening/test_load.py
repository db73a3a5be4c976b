"""The bot under load, through discord.py's own interaction parsing (``tests/cogs/harness/``): 200
interactions at once all answered, none with "database is locked", the event loop never late by half a
second (the 50 ms target is timed in ``benchmarks/``); 2,000 commands in a row without the resident
memory of the bot's process growing (the 10,000-command soak is ``benchmarks``' memory row); and no
growth of the memory traced when every reply's buttons would
work for the whole default timeout (only the newest ``live_views`` do)."""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import logging
import subprocess
import sys
import time
import tracemalloc
from collections import defaultdict
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from bot.config import Settings
from cogs.render import COLOR
from tests.cogs.harness import CapturedRequest, DiscordHarness, Dispatch
from tests.hardening.soak import mixed_commands, run_commands

# 50 ms is the target (benchmarks/, idle max 6-14 ms); a test bound must hold on a busy 2-core machine, so
# it is over 10x that: what it catches is work done on the loop itself, which blocks it for seconds.
LOOP_LATE_MAX = 0.5
GROWTH_MAX = 0.10
SOAK_COMMANDS = 2_000  # enough to show a leak per command; benchmarks/ runs the 10,000 (--memory-runs)
SOAK_WARM_UP = 500
ROOT = Path(__file__).resolve().parents[2]


def answers_by_interaction(requests: list[CapturedRequest]) -> dict[str, list[CapturedRequest]]:
    """The requests that carry an answer (embeds), by the interaction's token."""
    answers: dict[str, list[CapturedRequest]] = defaultdict(list)
    for request in requests:
        if request.embeds:
            answers[request.route_params.get("webhook_token", "")].append(request)
    return answers


async def _started(dispatch: Coroutine[Any, Any, Dispatch]) -> asyncio.Task[Dispatch]:
    """``dispatch`` started as a task, once the loop has had a turn: interactions arrive one gateway
    event at a time (200 parsed in one loop turn would be the test's delay, not the bot's)."""
    await asyncio.sleep(0)
    return asyncio.create_task(dispatch)


@asynccontextmanager
async def loop_lateness() -> AsyncIterator[list[float]]:
    """How late a 5 ms ticker on the event loop was, tick by tick, while the body runs."""
    lateness: list[float] = []
    ticking = True

    async def tick() -> None:
        while ticking:
            start = time.perf_counter()
            await asyncio.sleep(0.005)
            lateness.append(time.perf_counter() - start - 0.005)

    # The suite's process holds every earlier test's leftovers, which a bot's process doesn't (its
    # Judge's preload freezes the bot's own long-lived objects): freeze them too, so a full collection
    # here walks only what the interactions allocate, as it would in the bot.
    gc.collect()
    gc.freeze()
    ticker = asyncio.create_task(tick())
    try:
        yield lateness
    finally:
        ticking = False
        await ticker
        gc.unfreeze()


async def test_200_interactions_at_once_are_all_answered_without_lock_errors(
    bot_harness: DiscordHarness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    commands = list(itertools.islice(mixed_commands(), 200))
    for command, options in commands[:15]:  # warm: each card parsed and each rendering run once
        await bot_harness.slash(command, **options)
    bot_harness.clear()
    async with loop_lateness() as lateness:
        dispatched = await asyncio.gather(*[await _started(bot_harness.slash(c, **o)) for c, o in commands])
    answers = answers_by_interaction(bot_harness.requests)
    missing = [d.payload["token"] for d in dispatched if d.payload["token"] not in answers]
    assert missing == [], f"{len(missing)} interactions got no answer"
    replies = [embed for requests in answers.values() for request in requests for embed in request.embeds]
    assert all(embed.get("color") == COLOR.value for embed in replies), "an error was shown"
    assert not any("locked" in (embed.get("description") or "") for embed in replies)
    assert not any("locked" in record.getMessage() for record in caplog.records)
    assert max(lateness) < LOOP_LATE_MAX, f"the loop was {max(lateness) * 1e3:.0f} ms late"


def test_2000_commands_in_a_row_do_not_grow_memory(bot_settings: Settings) -> None:
    # in a process of its own: this one holds every earlier test's leftovers, which would hide a leak
    counts = [str(SOAK_WARM_UP), str(SOAK_COMMANDS)]
    child = subprocess.run(
        [sys.executable, "-m", "tests.hardening.soak", bot_settings.model_dump_json(), *counts],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert child.returncode == 0, child.stderr[-2_000:]
    resident = json.loads(child.stdout)
    growth = (resident["after"] - resident["before"]) / resident["before"]
    assert growth < GROWTH_MAX, f"resident memory grew {growth:.1%} ({resident})"


async def test_replies_whose_buttons_still_work_are_bounded_in_number(bot_settings: Settings) -> None:
    # every reply's buttons would work for the whole 300 s: only the newest ``live_views`` do, so once
    # the warm-up has filled them, the memory traced stays as it was
    tracemalloc.start()
    try:
        limits = {"page_timeout": 300.0, "live_views": 100}
        async with DiscordHarness(create_bot(bot_settings.model_copy(update=limits))) as fake:
            commands = mixed_commands()
            await run_commands(fake, commands, 300)
            before = tracemalloc.get_traced_memory()[0]
            await run_commands(fake, commands, 1_500)
            after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    growth = (after - before) / before
    assert growth < GROWTH_MAX, f"memory grew {growth:.1%}"
