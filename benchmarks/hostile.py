"""The heaviest boards within ``LIMITS``, and what one of them costs the other users while it runs.

Run: ``python benchmarks/hostile.py [--db CACHE] [--n 200]`` (needs ../shared; without ``--db`` it builds
a temporary cache first). Each candidate board is answered through a warm Judge as the bot answers it
(apart, in the child process, each step within ``LIMITS.board_seconds`` of CPU time); its row gives
the child's CPU time. Then the worst one is asked again while other questions (``/card`` by exact name,
autocomplete) are asked in a row, one at a time: their times, against the same questions asked idle.
The candidates (the engine's work budget, when it lands, may make them cheaper):

- counter doublers (Doubling Season, Hardened Scales) without ``replacement_order`` on a creature entering
  with counters: the engine tries every order of them (n! of them) to see whether the order matters;
- the most objects, doublers and creatures entering with counters, each trying those orders;
- the most actions, every one an ``exchange_text`` of two creatures' rules texts (objects and actions
  count together towards ``board_objects``).
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.judge_questions import Row, build_cache, names
from benchmarks.timing import TABLE_HEADER, Stats, reference_seconds, table_row
from bot.config import Settings
from bot.judge import LIMITS, Judge, JudgeError
from bot.judge.isolation import ISOLATED

DOUBLERS = ("Doubling Season", "Hardened Scales")
LIGHT_QUESTIONS = 200
EXCHANGED = LIMITS.board_objects - LIMITS.board_actions  # objects and actions count together


def doublers(count: int, creatures: int = 1) -> str:
    """A board of ``count`` counter doublers, then ``creatures`` Walking Ballistas entering with X=3."""
    lines = ["battlefield:"]
    lines += [f"  - {{card: {DOUBLERS[i % 2]}, id: d{i}}}" for i in range(count)]
    lines += [f"  - {{card: Walking Ballista, id: b{i}, x: 3}}" for i in range(creatures)]
    return "\n".join(lines)


def exchanges() -> str:
    """The most actions, each an exchange of texts, among as many creatures as the rest of the objects
    limit allows (objects and actions count together: at most ``board_objects``)."""
    cards = ("Sutured Ghoul", "Nightveil Specter")
    count = EXCHANGED
    lines = ["battlefield:"]
    lines += [f"  - {{card: {cards[i % 2]}, id: c{i}}}" for i in range(count)]
    lines.append("actions:")
    pairs = ((i % count, (i + 1) % count) for i in range(LIMITS.board_actions))
    lines += [f"  - exchange_text: {{objects: [c{a}, c{b}]}}" for a, b in pairs]
    return "\n".join(lines)


CANDIDATES: tuple[tuple[str, Callable[[], str]], ...] = (
    ("6 counter doublers, no replacement_order", lambda: doublers(6)),
    ("7 counter doublers, no replacement_order", lambda: doublers(7)),
    ("8 counter doublers, no replacement_order", lambda: doublers(8)),
    (
        f"7 doublers and {LIMITS.board_objects - 7} Walking Ballistas",
        lambda: doublers(7, LIMITS.board_objects - 7),
    ),
    (f"{LIMITS.board_actions} exchange_text among {EXCHANGED} creatures", exchanges),
)


async def answered(judge: Judge, board: str) -> str:
    """Ask ``board``; say how it ended."""
    try:
        await judge.board(board)
    except JudgeError as error:
        return f"refused: {str(error)[:60]}"
    return "answered"


async def light_times(judge: Judge, count: int, while_running: asyncio.Future[object] | None) -> list[float]:
    """The times of ``count`` light questions asked one after the other (an exact ``/card``, then an
    autocomplete), stopping early once ``while_running`` is done."""
    picks = names(judge.settings.db, "1 = 1")[:: max(1, 20_000 // count)][:count]
    samples: list[float] = []
    for i, name in enumerate(picks):
        if while_running is not None and while_running.done():
            break
        start = time.perf_counter()
        await (judge.card(name) if i % 2 == 0 else judge.complete_card_names(name[:3]))
        samples.append(time.perf_counter() - start)
    return samples


async def hostile_rows(db: Path, count: int = LIGHT_QUESTIONS) -> list[Row]:
    """A row for each candidate (the child's CPU time), then the light questions idle and while the worst
    candidate runs."""
    rows: list[Row] = []
    worst: tuple[float, str] = (0.0, "")
    async with Judge.open(Settings(db=db, offline=True), preload=True) as judge:
        for name, board in CANDIDATES:
            outcome = await answered(judge, board())
            cpu = ISOLATED.last_cpu_seconds
            worst = max(worst, (cpu, name))
            rows.append((f"hostile: {name} ({outcome}), CPU time", Stats.of([cpu]), ""))
        idle = await light_times(judge, count, None)
        running = asyncio.ensure_future(answered(judge, dict(CANDIDATES)[worst[1]]()))
        await asyncio.sleep(0.5)  # it is being answered
        busy = await light_times(judge, count, running)
        print(f"hostile: the worst board ended: {await running}")
    rows += [
        ("hostile: /card exact and autocomplete, idle", Stats.of(idle), ""),
        (f"hostile: the same while '{worst[1]}' runs", Stats.of(busy), "p99 < 10 x idle p99"),
    ]
    return rows


def main() -> None:
    """Parse the arguments, build the cache unless given, and print the rows."""
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="an existing cache with the cards and rules imported")
    parser.add_argument("--n", type=int, default=LIGHT_QUESTIONS, help="light questions asked, each time")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mtg-judge-bench-") as folder:
        db = arguments.db or build_cache(Path(folder))
        reference = reference_seconds()
        rows = asyncio.run(hostile_rows(db, arguments.n))
    print(f"json.loads of the bulk file (the reference): {reference * 1e3:.0f} ms\n")
    print(TABLE_HEADER)
    for what, stats, target in rows:
        print(table_row(what, stats, reference, target))


if __name__ == "__main__":
    main()
