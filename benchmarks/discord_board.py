"""Time a board asked three ways end to end through discord.py, with no Discord connection (issue 24):
``/board scenario:`` (the reference), the same board submitted through the board editor (the modal
``/board`` opens), and "Rule on this board" on a message holding it in a ```yaml code block.

Each run feeds raw INTERACTION_CREATE payloads through discord.py (``tests/cogs/harness/``) and ends when
the bot's HTTP payload (the embed answer) is captured; the three are interleaved run by run, so a busy
machine slows them alike, and each is given as a ratio to ``/board scenario:`` of the same run. Opening
the editor (``/board`` with nothing: the modal sent) is timed too. Warm: cards parsed and rules read
before the first timed run.

Run: ``python benchmarks/discord_board.py [--db CACHE] [--n 1000]`` (without ``--db`` a temporary cache
is built from ../shared first).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from benchmarks.judge_questions import build_cache
from benchmarks.timing import Stats
from bot import create_bot
from bot.config import Settings
from cogs.board import RULE_ON_BOARD
from cogs.editor import TEXT_ID
from tests.cogs.harness import DiscordHarness, Dispatch

RUNS = 1_000
WARM_UP = 20
BOARD = (
    "battlefield:\n"
    "  - {card: Tarmogoyf, id: goyf, controller: opponent}\n"
    "  - {card: Clone, id: clone, copy_of: goyf}\n"
    "graveyard: [Lightning Bolt, Forest]\n"
    "query: clone\n"
)
PATHS = ("/board scenario:", "/board through the editor", "Rule on this board", "open the editor")


async def time_board_paths(db: Path, runs: int = RUNS) -> dict[str, list[float]]:
    """Seconds per answer from payload in to HTTP payload out, for ``runs`` warm runs of each path (and of
    opening the editor), by :data:`PATHS`."""
    questions = 3 * (runs + WARM_UP)
    settings = Settings(db=db, offline=True, cooldown_rate=questions, discord_guild_id=None)
    timings: dict[str, list[float]] = {path: [] for path in PATHS}
    async with DiscordHarness(create_bot(settings), timeout=10.0) as harness:
        posted = harness.user_message(f"Judge, what is my Clone?\n```yaml\n{BOARD}```")
        for run in range(WARM_UP + runs):
            started = time.perf_counter()
            scenario = await harness.slash("board", scenario=BOARD)
            answered = time.perf_counter()
            opened = await harness.slash("board")
            shown = time.perf_counter()
            submitted = await harness.submit(opened, {TEXT_ID: BOARD})
            submitted_at = time.perf_counter()
            ruled = await harness.message_command(RULE_ON_BOARD, posted)
            ruled_at = time.perf_counter()
            for result in (scenario, submitted, ruled):
                _check_answered(result)
            if opened.type != 9:
                raise RuntimeError(f"/board with nothing did not open the editor: {opened.kinds()}")
            harness.forget()  # the fake Discord holds no 1,000 messages
            if run >= WARM_UP:
                timings[PATHS[0]].append(answered - started)
                timings[PATHS[1]].append(submitted_at - shown)
                timings[PATHS[2]].append(ruled_at - submitted_at)
                timings[PATHS[3]].append(shown - answered)
    return timings


def _check_answered(result: Dispatch) -> None:
    if result.callback is None or not result.callback.embeds:
        raise RuntimeError(f"the board was not answered with an embed: {result.kinds()}")


def main() -> None:
    """Print p50/p99 of each path and their ratios to ``/board scenario:`` of the same run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="a cache with the shared cards and rules imported")
    parser.add_argument("--n", type=int, default=RUNS, help="timed runs of each path")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mtg-judge-bench-") as folder:
        db = args.db or build_cache(Path(folder))
        timings = asyncio.run(time_board_paths(db, args.n))
    stats = {path: Stats.of(samples) for path, samples in timings.items()}
    reference = stats[PATHS[0]]
    print(f"{args.n} warm runs each, through discord.py (tests/cogs/harness/):")
    print("| what | p50 ms | p99 ms | max ms | p50 / reference p50 | p99 / reference p99 |")
    print("| --- | --- | --- | --- | --- | --- |")
    for path, figures in stats.items():
        print(
            f"| {path} | {figures.p50 * 1e3:.2f} | {figures.p99 * 1e3:.2f} | {figures.worst * 1e3:.2f} "
            f"| {figures.p50 / reference.p50:.2f} | {figures.p99 / reference.p99:.2f} |"
        )


if __name__ == "__main__":
    main()
