"""Time ``/copy copier:Clone original:Tarmogoyf`` end to end through discord.py, with no Discord connection.

Each run feeds the raw INTERACTION_CREATE payload through discord.py (``tests/cogs/harness.py``) and
ends when the bot's HTTP payload (the embed reply) is captured: option parsing, the cooldown check,
the Judge (warm: cards parsed, rules read), rendering and discord.py's serialisation. The same run
times ``json.loads`` of the shared bulk file (decompressed once) as a machine-speed yardstick.

Run: ``python benchmarks/slash_command.py [--db CACHE]`` (needs ../shared; without ``--db`` a temporary
cache is built from the shared bulk file and rules first). Target: p99 under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import statistics
import tempfile
import time
from pathlib import Path

from bot import create_bot
from bot.config import Settings
from data.cards.importer import import_cards
from data.db import open_database
from data.rules.parser import decode_rules, parse_rules
from data.rules.store import RulesStore
from tests.cogs.harness import DiscordHarness

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
BULK = SHARED / "scryfall" / "oracle-cards-20190926.json.gz"
RULES = SHARED / "comprehensive-rules" / "MagicCompRules 20250207.txt"
RUNS = 1_000
WARM_UP = 20
TARGET_P99 = 0.050


def build_cache(path: Path) -> None:
    """Import the shared bulk file and rules into a new cache at ``path``."""
    db = open_database(path)
    import_cards(db, BULK)
    RulesStore(db).load(parse_rules(decode_rules(RULES.read_bytes())))
    db.close()


async def time_slash_command(db: Path) -> list[float]:
    """Seconds per ``/copy`` from payload in to HTTP payload out, for :data:`RUNS` warm runs."""
    settings = Settings(db=db, offline=True, cooldown_rate=RUNS + WARM_UP, discord_guild_id=None)
    timings: list[float] = []
    async with DiscordHarness(create_bot(settings), timeout=10.0) as harness:
        for run in range(WARM_UP + RUNS):
            started = time.perf_counter()
            result = await harness.slash("copy", copier="Clone", original="Tarmogoyf")
            elapsed = time.perf_counter() - started
            if result.callback is None or not result.callback.embeds:
                raise RuntimeError(f"/copy did not answer with an embed: {result.kinds()}")
            harness.clear()
            harness.messages.clear()  # stop the fake Discord from holding 1,000 messages
            if run >= WARM_UP:
                timings.append(elapsed)
    return timings


def time_json_loads(rounds: int = 3) -> float:
    """The best of ``rounds`` timings of ``json.loads`` on the decompressed bulk file."""
    text = gzip.decompress(BULK.read_bytes()).decode("utf-8")
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        json.loads(text)
        best = min(best, time.perf_counter() - started)
    return best


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    """Print p50/p99 of the slash command, the json.loads yardstick and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="a cache with the shared cards and rules imported")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mtg-judge-bench-") as folder:
        db = args.db
        if db is None:
            db = Path(folder) / "cache.db"
            build_cache(db)
        timings = asyncio.run(time_slash_command(db))
    loads = time_json_loads()
    p50, p99 = statistics.median(timings), percentile(timings, 0.99)
    print(f"/copy copier:Clone original:Tarmogoyf, {RUNS} warm runs through discord.py:")
    print(f"  p50 {p50 * 1000:.2f} ms   p99 {p99 * 1000:.2f} ms   max {max(timings) * 1000:.2f} ms")
    print(f"json.loads of {BULK.name} (decompressed): {loads * 1000:.0f} ms")
    print(f"  p50 / json.loads = {p50 / loads:.4f}   p99 / json.loads = {p99 / loads:.4f}")
    print(f"target p99 < {TARGET_P99 * 1000:.0f} ms: {'met' if p99 < TARGET_P99 else 'MISSED'}")


if __name__ == "__main__":
    main()
