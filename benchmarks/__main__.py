"""Every benchmark in one run, printed as one Markdown table: ``python -m benchmarks``.

Needs only ``../shared``: the card and rules cache is built in a temporary folder first (or give one
with ``--db``). Each figure is given with its ratio to ``json.loads`` of the shared bulk file, timed in
the same run (``benchmarks/timing.py``), so runs on different or busy machines compare. The figures
come from the scripts beside this one (``import_cards``, ``judge_questions``, ``copy_boards``,
``board_statics``, ``slash_command``, ``copy_corpus``, ``linked_corpus``, ``hostile``, ``refresh``) and
the memory soak of ``tests/hardening`` (``tests.hardening.soak``, in a process of its own).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from benchmarks.board_statics import statics_rows
from benchmarks.copy_boards import board_timings
from benchmarks.hostile import hostile_rows
from benchmarks.import_cards import timed_import, traced_import
from benchmarks.judge_questions import Row, build_cache, linked_every_card, question_rows
from benchmarks.linked_corpus import links_per_rule, parsed_corpus
from benchmarks.refresh import refresh_rows
from benchmarks.slash_command import time_slash_command
from benchmarks.timing import BULK, Stats, print_table, reference_seconds

T = TypeVar("T")
WARM_UP = 500  # commands before the memory row's first measure, as in tests/hardening/test_load.py


def import_row(folder: Path) -> Row:
    """Importing the bulk file into a new cache: wall time, the process's peak RSS and the heap's peak.

    Run first, so that the peak RSS is the import's and not that of a later step.
    """
    seconds, cards = timed_import(BULK, folder, "import.db")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    heap = traced_import(BULK, folder)
    what = f"import the bulk file ({cards} cards; peak RSS {rss:.0f} MB, Python heap peak {heap:.0f} MB)"
    return what, Stats.of([seconds]), "< 15 s, < 150 MB"


def board_row() -> Row:
    """Building and answering every copy scenario board, 20 times each."""
    samples = [s for board in board_timings(rounds=20).values() for s in board]
    return "board: build and answer a scenario board", Stats.of(samples), "< 20 ms"


def slash_row(db: Path, runs: int) -> Row:
    """``/copy`` end to end through discord.py."""
    samples = asyncio.run(time_slash_command(db, runs))
    return "slash command /copy end to end (discord.py)", Stats.of(samples), "p99 < 20 ms"


def once(call: Callable[[], T]) -> tuple[T, Stats]:
    """``call``'s result and its time as one sample."""
    start = time.perf_counter()
    result = call()
    return result, Stats.of([time.perf_counter() - start])


def corpus_rows(db: Path) -> list[Row]:
    """Clone copying every creature card, and linked abilities found on every card (engine, then Judge)."""
    from engine.answers.copy_corpus import check_copies
    from tests.card_data import creature_cards, parsed_card

    cards, clone = creature_cards(), parsed_card("Clone")
    copies, copy_stats = once(lambda: check_copies(cards, clone))
    parsed = parsed_corpus()
    linked_samples = [once(lambda: links_per_rule(parsed))[1].total for _ in range(3)]
    judged, refused = asyncio.run(linked_every_card(db))
    print("copy corpus, the 20 most frequent unknown reasons:")
    for reason, count in copies.top_reasons():
        print(f"  {count:6d}  {reason}")
    return [
        (
            f"copy corpus: Clone copying every creature ({len(cards)}: {copies.determined} fully determined, "
            f"{copies.with_unknowns} with named unknowns, {len(copies.errors)} refused)",
            copy_stats,
            "",
        ),
        (f"linked corpus: find_links on every parsed card ({len(parsed)})", Stats.of(linked_samples), ""),
        (
            f"linked corpus through the Judge ({judged.count} cards, {refused} refused)",
            _total(judged),
            "< 15 s",
        ),
    ]


def memory_row(db: Path, runs: int) -> Row:
    """``runs`` commands in a row through discord.py, in a process of their own (``tests.hardening.soak``,
    as the hardening test runs them): how much its resident memory grew after a 500-command warm-up."""
    from bot.config import Settings

    settings = Settings(db=db, offline=True, discord_token=None, discord_guild_id=None, cooldown_rate=10**9)
    command = [
        sys.executable,
        "-m",
        "tests.hardening.soak",
        settings.model_dump_json(),
        str(WARM_UP),
        str(runs),
    ]
    root = Path(__file__).resolve().parent.parent
    child, stats = once(lambda: subprocess.run(command, cwd=root, capture_output=True, text=True, check=True))
    resident = json.loads(child.stdout)
    growth = (resident["after"] - resident["before"]) / resident["before"]
    what = f"memory: {runs:,} commands in a row, resident memory {growth:+.1%} after {WARM_UP} commands"
    return what, stats, "< +10%"


def _total(stats: Stats) -> Stats:
    return Stats.of([stats.total])


def main() -> None:
    """Build the cache (unless given), run every benchmark and print the table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="an existing cache with the shared cards and rules")
    parser.add_argument("--n", type=int, default=1000, help="questions of each kind, and slash commands")
    parser.add_argument(
        "--memory-runs", type=int, default=10_000, help="commands in a row for the memory row"
    )
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mtg-judge-bench-") as folder:
        rows = [import_row(Path(folder))]
        reference = reference_seconds()
        db = arguments.db or build_cache(Path(folder))
        rows += asyncio.run(question_rows(db, arguments.n))
        rows += [
            board_row(),
            *statics_rows(),
            slash_row(db, arguments.n),
            *corpus_rows(db),
            *asyncio.run(hostile_rows(db)),
            *asyncio.run(refresh_rows(Path(folder))),
            memory_row(db, arguments.memory_runs),
        ]
    print_table(rows, reference)


if __name__ == "__main__":
    main()
