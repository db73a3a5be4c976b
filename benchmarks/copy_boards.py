"""Time the copy engine on every scenario board (parse cards once, then build and answer each board).

Run: ``python benchmarks/copy_boards.py`` (needs ../shared). Target: under 20 ms per board on a laptop.
"""

from __future__ import annotations

import contextlib
import statistics
import time
from pathlib import Path

from data.boards import load_board
from engine import answer_board
from tests.engine.copy_cards import cards_for

BOARDS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "boards"
ROUNDS = 50


def board_timings(rounds: int = ROUNDS) -> dict[str, list[float]]:
    """Seconds to build and answer each scenario board (not the stack ones), ``rounds`` times each."""
    timings: dict[str, list[float]] = {}
    for path in sorted(BOARDS.glob("*.yaml")):
        if path.name.startswith("stack"):
            continue
        board_text = path.read_text(encoding="utf-8").split("\n---\n")[0]
        spec = load_board(board_text)
        cards = cards_for(spec)
        samples = []
        for _ in range(rounds):
            start = time.perf_counter()
            with contextlib.suppress(ValueError):  # boards whose answer is an error are timed too
                answer_board(load_board(board_text), cards, "bench")
            samples.append(time.perf_counter() - start)
        timings[path.stem] = samples
    return timings


def main() -> None:
    """Print the median and worst time to build and answer each scenario board."""
    timings = {name: statistics.median(samples) for name, samples in board_timings().items()}
    worst = max(timings, key=timings.__getitem__)
    print(
        f"{len(timings)} boards, median {statistics.median(timings.values()) * 1000:.2f} ms, "
        f"worst {worst} {timings[worst] * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
