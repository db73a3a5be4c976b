"""The bot under load, through discord.py's own interaction parsing (``tests/cogs/harness.py``): 200
interactions at once all answered, none with "database is locked", the event loop never late by more
than 50 ms; and 1,000 commands in a row without memory growing (tracemalloc), also when every reply's
buttons would work for the whole default timeout (only the newest ``live_views`` do)."""

from __future__ import annotations

import asyncio
import gc
import itertools
import logging
import time
import tracemalloc
from collections import defaultdict
from collections.abc import AsyncIterator, Coroutine, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot import create_bot
from bot.config import Settings
from cogs.render import COLOR
from tests.cogs.harness import CapturedRequest, DiscordHarness, Dispatch, OptionValue

CREATURES = ("Tarmogoyf", "Grizzly Bears", "Serra Angel", "Llanowar Elves", "Phyrexian Metamorph")
LINKED = ("Nightveil Specter", "Kaldra Compleat", "Clone", "Mosswort Bridge", "Lim-Dûl's Vault")
CARDS = ("Fire // Ice", "Insectile Aberration", "tarmogoyf", "Lim-Dul's Vault", "Opt")
LOOP_LATE_MAX = 0.050
GROWTH_MAX = 0.10
VIEW_SECONDS = 1.0


def mixed_commands() -> Iterator[tuple[str, dict[str, OptionValue]]]:
    """``/copy``, ``/linked`` and ``/card`` in turn, each with the next of its names, without end."""
    copies: Iterator[dict[str, OptionValue]] = (
        {"copier": "Clone", "original": name} for name in itertools.cycle(CREATURES)
    )
    linked: Iterator[dict[str, OptionValue]] = ({"card": name} for name in itertools.cycle(LINKED))
    cards: Iterator[dict[str, OptionValue]] = ({"name": name} for name in itertools.cycle(CARDS))
    for copy, link, card in zip(copies, linked, cards, strict=False):
        yield "copy", copy
        yield "linked", link
        yield "card", card


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


async def test_1000_commands_in_a_row_do_not_grow_memory(bot_settings: Settings) -> None:
    growth = await memory_growth(bot_settings, warm_up=200, runs=1_000)
    assert growth < GROWTH_MAX, f"memory grew {growth:.1%}"


async def test_replies_whose_buttons_still_work_are_bounded_in_number(bot_settings: Settings) -> None:
    # every reply's buttons would work for the whole 300 s: only the newest ``live_views`` do, so once
    # the warm-up has filled them, memory stays as it was
    growth = await memory_growth(bot_settings, warm_up=300, runs=1_500, page_timeout=300.0, live_views=100)
    assert growth < GROWTH_MAX, f"memory grew {growth:.1%}"


async def memory_growth(
    settings: Settings,
    *,
    warm_up: int,
    runs: int,
    page_timeout: float = VIEW_SECONDS,
    live_views: int = 1_000,
) -> float:
    """How much the memory traced grows over ``runs`` commands in a row after ``warm_up`` (a fraction of
    what the bot held after the warm-up).

    Each reply's buttons live for ``page_timeout`` (300 s by default) or until ``live_views`` newer
    replies have buttons: memory held by design until then, so by default here they expire after a
    second, and each part ends once they may have; what the fake Discord keeps of every message and
    interaction is then forgotten, so what stays is what the bot kept.
    """
    tracemalloc.start()
    try:
        limits = {"page_timeout": page_timeout, "live_views": live_views}
        async with DiscordHarness(create_bot(settings.model_copy(update=limits))) as fake:
            commands = mixed_commands()
            await _run(fake, commands, warm_up)
            before = tracemalloc.get_traced_memory()[0]
            await _run(fake, commands, runs)
            after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (after - before) / before


async def _run(
    harness: DiscordHarness, commands: Iterator[tuple[str, dict[str, OptionValue]]], count: int
) -> None:
    for command, options in itertools.islice(commands, count):
        result = await harness.slash(command, **options)
        assert result.callback is not None, result.kinds()
        harness.clear()
    await asyncio.sleep(VIEW_SECONDS * 1.5)  # the views time out (and edit their messages)
    harness.forget()  # the fake Discord's record of each message and interaction, not the bot's
    gc.collect()
