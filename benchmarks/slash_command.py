"""Time ``/copy copier:Clone original:Tarmogoyf`` end to end through discord.py, with no Discord connection.

Each run feeds the raw INTERACTION_CREATE payload through discord.py (``tests/cogs/harness/``) and
ends when the bot's HTTP payload (the embed reply) is captured: option parsing, the cooldown check,
the Judge (warm: cards parsed, rules read), rendering and discord.py's serialisation. The same run
times ``json.loads`` of the shared bulk file (decompressed once) as a machine-speed yardstick.

Run: ``python benchmarks/slash_command.py [--db CACHE]`` (needs ../shared; without ``--db`` a temporary
cache is built from the shared bulk file and rules first). Target: p99 under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from benchmarks.judge_questions import build_cache
from benchmarks.timing import BULK, Stats, reference_seconds
from bot import create_bot
from bot.config import Settings
from tests.cogs.harness import DiscordHarness

RUNS = 1_000
WARM_UP = 20
TARGET_P99 = 0.050


async def time_slash_command(db: Path, runs: int = RUNS) -> list[float]:
    """Seconds per ``/copy`` from payload in to HTTP payload out, for ``runs`` warm runs."""
    settings = Settings(db=db, offline=True, cooldown_rate=runs + WARM_UP, discord_guild_id=None)
    timings: list[float] = []
    async with DiscordHarness(create_bot(settings), timeout=10.0) as harness:
        for run in range(WARM_UP + runs):
            started = time.perf_counter()
            result = await harness.slash("copy", copier="Clone", original="Tarmogoyf")
            elapsed = time.perf_counter() - started
            if result.callback is None or not result.callback.embeds:
                raise RuntimeError(f"/copy did not answer with an embed: {result.kinds()}")
            harness.forget()  # the fake Discord holds no 1,000 messages; edits of forgotten ones get 404
            if run >= WARM_UP:
                timings.append(elapsed)
    return timings


def main() -> None:
    """Print p50/p99 of the slash command, the json.loads yardstick and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="a cache with the shared cards and rules imported")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mtg-judge-bench-") as folder:
        db = args.db or build_cache(Path(folder))
        stats = Stats.of(asyncio.run(time_slash_command(db)))
    loads = reference_seconds()
    print(f"/copy copier:Clone original:Tarmogoyf, {RUNS} warm runs through discord.py:")
    print(f"  p50 {stats.p50 * 1e3:.2f} ms   p99 {stats.p99 * 1e3:.2f} ms   max {stats.worst * 1e3:.2f} ms")
    print(f"json.loads of {BULK.name} (decompressed): {loads * 1000:.0f} ms")
    print(f"  p50 / json.loads = {stats.p50 / loads:.4f}   p99 / json.loads = {stats.p99 / loads:.4f}")
    print(f"target p99 < {TARGET_P99 * 1000:.0f} ms: {'met' if stats.p99 < TARGET_P99 else 'MISSED'}")


if __name__ == "__main__":
    main()
