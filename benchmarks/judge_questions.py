"""Time the questions a bot asks through one warm Judge, and the event loop's worst lag under load.

Run: ``python benchmarks/judge_questions.py [--db CACHE] [--n 1000]`` (needs ../shared; without
``--db`` it builds a temporary cache from the shared bulk file, supplement and rules first).
Prints one Markdown table (p50/p99/max and p99 as a ratio of ``json.loads`` of the bulk file), then
the time of asking ``linked`` about every card of the cache through the Judge.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from benchmarks.timing import BULK, RULES, SUPPLEMENT, TABLE_HEADER, Stats, reference_seconds, table_row
from bot.config import Settings
from bot.judge import Judge, JudgeError, original_state

Question = Callable[[Judge, int], Awaitable[object]]


def build_cache(folder: Path) -> Path:
    """A cache with the shared cards and rules imported."""

    async def build(path: Path) -> None:
        async with Judge.open(Settings(db=path, offline=True)) as judge:
            await judge.import_cards(BULK)
            await judge.import_cards(SUPPLEMENT)
            await judge.import_rules(RULES)

    path = folder / "cache.db"
    asyncio.run(build(path))
    return path


def names(db: Path, where: str) -> list[str]:
    """Game-card names of the cache matching a fixed SQL condition (for random questions)."""
    with sqlite3.connect(db) as connection:
        rows = connection.execute(f"SELECT name FROM cards WHERE is_game_card = 1 AND {where}").fetchall()
    return sorted(str(row[0]) for row in rows)


def typo(name: str, rng: random.Random) -> str:
    """``name`` with one inner letter dropped."""
    at = rng.randrange(1, max(2, len(name) - 1))
    return name[:at] + name[at + 1 :]


async def timed(judge: Judge, question: Question, n: int) -> tuple[Stats, int]:
    """Ask ``question`` ``n`` times (the argument is the question's number) and time each answer;
    also say how many were refused (an ambiguous random name is timed too, but counted)."""
    samples, refused = [], 0
    for i in range(n):
        start = time.perf_counter()
        try:
            await question(judge, i)
        except JudgeError:
            refused += 1
        samples.append(time.perf_counter() - start)
    return Stats.of(samples), refused


async def worst_loop_lag(judge: Judge, creatures: list[str], concurrent: int) -> Stats:
    """The lateness of a 5 ms ticker on the loop while ``concurrent`` copy questions run at once."""
    lags: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            start = time.perf_counter()
            await asyncio.sleep(0.005)
            lags.append(time.perf_counter() - start - 0.005)

    ticking = asyncio.create_task(ticker())
    questions = [
        judge.copy("Clone", creatures[i % len(creatures)], original_state()) for i in range(concurrent)
    ]
    await asyncio.gather(*questions, return_exceptions=True)
    done.set()
    await ticking
    return Stats.of(lags)


Row = tuple[str, Stats, str]
"""A table row: what was timed, its statistics, its target."""


@dataclass(frozen=True)
class Picks:
    """The random names the questions ask about (the same on every run)."""

    every: list[str]  # one question's card each
    typos: list[str]  # the same names, each with one letter dropped
    creatures: list[str]  # one copy question's original each
    unasked_creatures: list[str]  # creatures neither of the above names: parsed for the first time

    @classmethod
    def of(cls, db: Path, n: int) -> Picks:
        """``n`` picks of each kind from the cache at ``db``."""
        rng = random.Random(20190926)
        every = names(db, "1 = 1")
        creatures = names(db, "type_line LIKE '%Creature%' AND type_line NOT LIKE '%//%'")
        picks = [rng.choice(every) for _ in range(n)]
        creature_picks = [rng.choice(creatures) for _ in range(n)]
        typos = [typo(name, rng) for name in picks]
        asked = {*picks, *creature_picks}
        unasked = rng.sample([name for name in creatures if name not in asked], n)
        return cls(picks, typos, creature_picks, unasked)


def questions(chosen: Picks) -> list[tuple[str, Question, str]]:
    """The questions timed, each once per pick: name, question, target."""
    picks, typos, creature_picks = chosen.every, chosen.typos, chosen.creatures
    partials = [name.split()[0][:5] if len(name) > 5 else name for name in picks]
    prefixes = [name[:3] for name in picks]
    rule_numbers = ["707.2", "607.2a", "613.1", "702.19b", "111.10", "712.8d", "708.2", "710.1"]
    searches = ["copiable values", "linked abilities", "face down", "token copy", "layer dependency"]
    return [
        ("card, exact name", lambda j, i: j.card(picks[i]), "p99 < 2 ms"),
        ("card, one typo", lambda j, i: j.card(typos[i]), ""),
        ("card, partial name", lambda j, i: j.card(partials[i]), ""),
        ("autocomplete, 3-letter prefix", lambda j, i: j.complete_card_names(prefixes[i]), "p99 < 20 ms"),
        (
            "copy: Clone copying a random creature",
            lambda j, i: j.copy("Clone", creature_picks[i], original_state()),
            "p99 < 5 ms",
        ),
        ("linked: a random card", lambda j, i: j.linked([picks[i]]), "p99 < 5 ms"),
        ("rule lookup", lambda j, i: j.rule(rule_numbers[i % len(rule_numbers)]), ""),
        ("rule search", lambda j, i: j.search_rules(searches[i % len(searches)]), ""),
    ]


async def question_rows(db: Path, n: int) -> list[Row]:
    """Each question timed ``n`` times on one warm Judge (each after a first, untimed round of its own),
    copy questions on originals not parsed yet, and the loop's lateness while 200 copies run at once."""
    rows: list[Row] = []
    chosen = Picks.of(db, n)
    async with Judge.open(Settings(db=db, offline=True), preload=True) as judge:
        for name, question, target in questions(chosen):
            # Warmed just before it is timed: warmed all first, the cards of the questions in between
            # (a thousand random ones) would push this question's out of the Judge's parsed cards.
            await timed(judge, question, n)
            stats, refused = await timed(judge, question, n)
            rows.append((f"{name} ({refused} refused)" if refused else name, stats, target))
        unasked = chosen.unasked_creatures
        first_parse, _ = await timed(judge, lambda j, i: j.copy("Clone", unasked[i], original_state()), n)
        rows.append(("copy: Clone copying a creature parsed for the first time", first_parse, ""))
        creatures = names(db, "type_line LIKE '%Creature%' AND type_line NOT LIKE '%//%'")
        lag = await worst_loop_lag(judge, creatures, 200)
        rows.append(("loop lag while 200 copies run at once", lag, "max < 50 ms"))
    return rows


async def linked_every_card(db: Path) -> tuple[Stats, int]:
    """``linked`` asked about every card of the cache through one Judge, and how many were refused."""
    every = names(db, "1 = 1")
    async with Judge.open(Settings(db=db, offline=True), preload=True) as judge:
        return await timed(judge, lambda j, i: j.linked([every[i]]), len(every))


async def run(db: Path, n: int) -> None:
    """Print the table and the whole-corpus linked time."""
    reference = reference_seconds()
    print(f"json.loads of the bulk file (the reference): {reference * 1e3:.0f} ms\n")
    print(TABLE_HEADER)
    for name, stats, target in await question_rows(db, n):
        print(table_row(name, stats, reference, target))
    every_card, refused = await linked_every_card(db)
    print(
        f"\nlinked on every card ({every_card.count}, {refused} refused) through the Judge: "
        f"{every_card.total:.1f} s (target < 15 s)"
    )


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, help="an existing cache with the cards and rules imported")
    parser.add_argument("--n", type=int, default=1000, help="questions of each kind")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mtg-judge-bench-") as folder:
        db = arguments.db or build_cache(Path(folder))
        asyncio.run(run(db, arguments.n))


if __name__ == "__main__":
    main()
