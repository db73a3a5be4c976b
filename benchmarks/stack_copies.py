"""Time building each ``tests/fixtures/boards/stack_*.yaml`` stack and answering about its copy.

Cards are parsed once beforehand; the figure is the engine alone (``build_stack`` + ``answer``).
Usage: ``python benchmarks/stack_copies.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

import yaml

from engine import BoardObject, StackEntrySpec, board_object, build_stack, stack_card_names
from tests.card_data import parsed_card

BOARDS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "boards"


def scenario(
    doc: dict[str, Any],
) -> tuple[tuple[StackEntrySpec, ...], dict[str, Any], dict[str, BoardObject]]:
    """The entries, the parsed cards they name and the board objects of one board file."""
    entries = tuple(StackEntrySpec.model_validate(entry) for entry in doc["stack"])
    cards = {name: parsed_card(name) for name in stack_card_names(entries)}
    objects: dict[str, BoardObject] = {}
    for zone in ("battlefield", "graveyard", "exile"):
        for raw in doc.get(zone, []):
            spec = raw if isinstance(raw, dict) else {"card": raw}
            handle = str(spec.get("id", spec["card"]))
            objects[handle] = board_object(
                handle, parsed_card(spec["card"]), spec.get("controller", "you"), zone
            )
    return entries, cards, objects


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    for path in sorted(BOARDS.glob("stack_*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        entries, cards, objects = scenario(doc)
        timings = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            build_stack(entries, cards, objects).answer(doc.get("query"))
            timings.append(time.perf_counter() - start)
        median, worst = statistics.median(timings) * 1e3, max(timings) * 1e3
        print(f"{path.stem:32} median {median:6.2f} ms  max {worst:6.2f} ms")


if __name__ == "__main__":
    main()
