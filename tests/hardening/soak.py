"""Commands in a row through the Discord test path (``tests/cogs/harness/``), for the load tests; run
as ``python -m tests.hardening.soak SETTINGS_JSON WARM_UP COMMANDS``, it measures the resident memory
of a process that holds nothing but the bot and the fake Discord, and prints it as JSON."""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from bot import create_bot
from bot.config import Settings
from tests.cogs.harness import DiscordHarness, OptionValue

CREATURES = ("Tarmogoyf", "Grizzly Bears", "Serra Angel", "Llanowar Elves", "Phyrexian Metamorph")
LINKED = ("Nightveil Specter", "Kaldra Compleat", "Clone", "Mosswort Bridge", "Lim-Dûl's Vault")
CARDS = ("Fire // Ice", "Insectile Aberration", "tarmogoyf", "Lim-Dul's Vault", "Opt")
VIEW_SECONDS = 1.0  # how long each reply's buttons work, unless a test says otherwise
STRETCH = 1_000  # commands between two times the fake Discord forgets what it was sent


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


async def run_commands(
    harness: DiscordHarness, commands: Iterator[tuple[str, dict[str, OptionValue]]], count: int
) -> None:
    """The next ``count`` of ``commands``, one after the other, each answered; then every reply's
    buttons have timed out and what the fake Discord kept of them is forgotten, so what stays is what
    the bot kept."""
    for command, options in itertools.islice(commands, count):
        result = await harness.slash(command, **options)
        assert result.callback is not None, result.kinds()
        harness.clear()
    await asyncio.sleep(VIEW_SECONDS * 1.5)  # the views time out (and edit their messages)
    harness.forget()
    gc.collect()


def resident_bytes() -> int:
    """This process's resident memory (Linux)."""
    resident_pages = int(Path("/proc/self/statm").read_text().split()[1])
    return resident_pages * os.sysconf("SC_PAGE_SIZE")


async def soak(settings: Settings, warm_up: int, count: int) -> dict[str, int]:
    """Resident memory after ``warm_up`` commands and after ``count`` more, run :data:`STRETCH` at a
    time: Discord, not the bot, keeps the messages, and a fake Discord keeping ten thousand of them would
    raise the high-water mark the allocator never gives back."""
    async with DiscordHarness(create_bot(settings.model_copy(update={"page_timeout": VIEW_SECONDS}))) as fake:
        commands = mixed_commands()
        await run_commands(fake, commands, warm_up)
        before = resident_bytes()
        for stretch in range(0, count, STRETCH):
            await run_commands(fake, commands, min(STRETCH, count - stretch))
        return {"before": before, "after": resident_bytes()}


def main(arguments: list[str]) -> None:
    """Run :func:`soak` with the settings (JSON) and counts given, and print its result as JSON."""
    settings_json, warm_up, count = arguments
    settings = Settings.model_validate_json(settings_json)
    print(json.dumps(asyncio.run(soak(settings, int(warm_up), int(count)))))


if __name__ == "__main__":
    main(sys.argv[1:])
