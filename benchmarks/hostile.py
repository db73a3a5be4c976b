"""The heaviest boards within ``LIMITS``, and what one of them costs the other users while it runs.

Run: ``python -m benchmarks.hostile [--db CACHE] [--n 200]`` (needs ../shared; without ``--db`` it builds
a temporary cache first). Each candidate board is answered through a warm Judge as the bot answers it
(apart, in the child process, each step within ``LIMITS.board_seconds`` of CPU time, and within the
engine's work budget, ``LIMITS.work_steps``); its row gives the question's CPU time: the child's for
reading and answering the board, and this process's for finding its cards. The worst one's CPU time is
also given as a ratio to the CPU time of ``json.loads`` of the bulk file (its decompressed bytes, read
once), so that runs on different machines compare. Then the worst one is asked again while other
questions (``/card`` by exact name, autocomplete) are asked in a row, one at a time: their times, against
the same questions asked idle. The candidates:

- counter doublers (Doubling Season, Hardened Scales) without ``replacement_order`` on a creature entering
  with counters: the engine tries every order of them (n! of them) to see whether the order matters;
- the most objects, doublers and creatures entering with counters, each trying those orders;
- the most actions, every one an ``exchange_text`` of two creatures' rules texts (objects and actions
  count together towards ``board_objects``);
- the most creatures entering beside two doublers whose order matters (about 700,000 units of work);
- 99 alternating Humility and Opalescence (a dependency loop in layer 6, CR 613.8b);
- a few of them beside the two doublers, and the most actions, each a Walking Ballista resolving: the
  dependencies are worked out again as each enters, so that a unit of work costs most (the worst found:
  16 statics end at the bound on dependency checks, 14 are answered).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from benchmarks.judge_questions import Row, build_cache, names
from benchmarks.timing import BULK, TABLE_HEADER, Stats, reference_seconds, table_row
from bot.config import Settings
from bot.judge import LIMITS, Judge, JudgeError
from bot.judge.isolation import ISOLATED
from tests.engine.layers.test_layers_scale import alternating

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


def resolving(statics: int) -> str:
    """``statics`` alternating Humility and Opalescence, Doubling Season and Hardened Scales, then the
    most actions, each a Walking Ballista (X=3) resolving: every one enters with counters whose doublers'
    order matters, and the layers, dependencies among the statics included, are worked out again for it."""
    lines = ["battlefield:"]
    lines += [f"  - {{card: {('Humility', 'Opalescence')[i % 2]}, id: o{i}}}" for i in range(statics)]
    lines += [f"  - {{card: {name}, id: d{i}}}" for i, name in enumerate(DOUBLERS)]
    lines.append("actions:")
    lines += [
        f"  - resolves: {{card: Walking Ballista, id: b{i}, x: 3}}" for i in range(LIMITS.board_actions)
    ]
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
    (
        f"Doubling Season, Hardened Scales and {LIMITS.board_objects - 2} Walking Ballistas",
        lambda: doublers(2, LIMITS.board_objects - 2),
    ),
    (f"{LIMITS.board_objects - 1} alternating Humility and Opalescence", lambda: alternating(99)),
    (
        f"14 Humility/Opalescence, 2 doublers, {LIMITS.board_actions} Walking Ballistas resolving",
        lambda: resolving(14),
    ),
    (
        f"16 Humility/Opalescence, 2 doublers, {LIMITS.board_actions} Walking Ballistas resolving",
        lambda: resolving(16),
    ),
)


def cpu_reference_seconds(repeat: int = 3) -> float:
    """The median CPU time (``time.process_time``) of ``json.loads`` on the bulk file's decompressed bytes,
    decompressed once beforehand."""
    data = gzip.decompress(BULK.read_bytes())
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        json.loads(data)
        samples.append(time.process_time() - start)
    return statistics.median(samples)


@contextmanager
def child_cpu() -> Iterator[list[float]]:
    """Within the block, the CPU time of each call the child process answers (reading a board, answering
    it), in the list yielded."""
    spent: list[float] = []
    call = ISOLATED.call

    def counted(*args: object, **keywords: object) -> object:
        try:
            return call(*args, **keywords)  # type: ignore[arg-type]
        finally:
            spent.append(ISOLATED.last_cpu_seconds)

    ISOLATED.call = counted  # type: ignore[method-assign, assignment]
    try:
        yield spent
    finally:
        del ISOLATED.call  # the class's method again


async def answered(judge: Judge, board: str) -> str:
    """Ask ``board``; say how it ended."""
    try:
        await judge.board(board)
    except JudgeError as error:
        return f"refused: {str(error)[:60]}"
    return "answered"


async def light_times(judge: Judge, count: int, while_running: asyncio.Future[str] | None) -> list[float]:
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


async def question_cpu(judge: Judge, board: str) -> tuple[float, str]:
    """The CPU time of asking ``board`` (the child's steps and this process's), and how it ended."""
    with child_cpu() as steps:
        start = time.process_time()
        outcome = await answered(judge, board)
        here = time.process_time() - start
    return sum(steps) + here, outcome


async def hostile_rows(db: Path, count: int = LIGHT_QUESTIONS) -> list[Row]:
    """A row for each candidate (its CPU time), the worst one's as a ratio to ``json.loads`` of the bulk
    file, then the light questions idle and while the worst candidate runs."""
    rows: list[Row] = []
    worst: tuple[float, str] = (0.0, "")
    async with Judge.open(Settings(db=db, offline=True), preload=True) as judge:
        for name, board in CANDIDATES:
            cpu, outcome = await question_cpu(judge, board())
            worst = max(worst, (cpu, name))
            rows.append((f"hostile: {name} ({outcome}), CPU time", Stats.of([cpu]), ""))
        idle = await light_times(judge, count, None)
        running = asyncio.ensure_future(answered(judge, dict(CANDIDATES)[worst[1]]()))
        await asyncio.sleep(0.5)  # it is being answered
        busy = await light_times(judge, count, running)
        print(f"hostile: the worst board ended: {await running}")
    reference = cpu_reference_seconds()
    print(
        f"hostile: budget: {LIMITS.work_steps:,} units of engine work, {LIMITS.choice_outcomes} outcomes "
        f"of one choice listed, {LIMITS.board_seconds:g} s of CPU for each step of a board"
    )
    print(
        f"hostile: the worst board within LIMITS, '{worst[1]}': {worst[0]:.2f} s of CPU = "
        f"{worst[0] / reference:.2f} x the CPU time of json.loads of the bulk file ({reference:.2f} s)"
    )
    rows += [
        (
            f"hostile: the worst board, '{worst[1]}', CPU time ({worst[0] / reference:.2f} x json.loads "
            f"CPU time {reference:.2f} s)",
            Stats.of([worst[0]]),
            "",
        ),
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
