"""Time the layer system on large boards full of static abilities (anthems, Equipment, type changers).

Run: ``python -m benchmarks.board_statics`` (needs ../shared): one Markdown table, each figure with its
ratio to ``json.loads`` of the bulk file (``benchmarks/timing.py``). Each sample builds the board from its
text and answers about one of its objects, as a question does. Targets: under 1 s for each ordinary board
(the 100-object ones well under); 99 alternating Humility and Opalescence, a dependency loop (CR 613.8b),
answered or refused with the bound's message within a few seconds.
"""

from __future__ import annotations

import time

from benchmarks.judge_questions import Row
from benchmarks.timing import TABLE_HEADER, Stats, reference_seconds, table_row
from data.boards import load_board
from engine import UserError, answer_board
from tests.engine.copy_cards import cards_for
from tests.engine.layers.test_layers_scale import (
    ABILITY_GRANTERS,
    TYPE_CHANGERS,
    alternating,
    hundred_objects,
)

_LISTED = "effects: [{pump: [1, 1]}, {add_abilities: [Flying]}, {add_types: [Artifact]}]"
BOARDS = {
    "50 creatures with 3 listed effects each, 5 global statics": (
        "battlefield:\n"
        + "".join(f"  - {{card: Grizzly Bears, id: b{i}, {_LISTED}}}\n" for i in range(50))
        + "".join(
            f"  - {{card: {name}}}\n"
            for name in (
                "Fervor",
                "Levitation",
                "Mycosynth Lattice",
                "March of the Machines",
                "Glorious Anthem",
            )
        )
        + "query: b3\n"
    ),
    "40 creatures, 30 attached Colossus Hammers": (
        "battlefield:\n"
        + "".join(f"  - {{card: Grizzly Bears, id: b{i}, {_LISTED}}}\n" for i in range(40))
        + "".join(f"  - {{card: Colossus Hammer, id: h{i}, attached_to: b{i}}}\n" for i in range(30))
        + "query: b3\n"
    ),
    "95 creatures, Anthem, Humility, Opalescence, Darkest Hour, Mycosynth Lattice": (
        hundred_objects(TYPE_CHANGERS) + "query: c3\n"
    ),
    "95 creatures, Humility, Anthem, Crusade, Levitation, Fervor": (
        hundred_objects(ABILITY_GRANTERS) + "query: c3\n"
    ),
}
LOOP = "99 alternating Humility and Opalescence"
TARGETS = {LOOP: "< 5 s, answered or refused"}


def board_samples(text: str, rounds: int) -> tuple[list[float], str]:
    """Seconds to build the board ``text`` and answer its query, ``rounds`` times; and the outcome."""
    spec = load_board(text)
    cards = cards_for(spec)
    samples, outcome = [], ""
    for _ in range(rounds):
        start = time.perf_counter()
        try:
            current = answer_board(load_board(text), cards, "bench").result.current
            outcome = f"answered: {current.power}/{current.toughness}"
        except UserError as error:
            outcome = f"refused: {str(error)[:40]}…"
        samples.append(time.perf_counter() - start)
    return samples, outcome


def statics_rows(rounds: int = 10) -> list[Row]:
    """One row for each board of :data:`BOARDS` (``rounds`` samples) and for :data:`LOOP` (3 samples)."""
    rows: list[Row] = []
    for title, text in (*BOARDS.items(), (LOOP, alternating(99))):
        samples, outcome = board_samples(text, rounds if title != LOOP else 3)
        rows.append((f"layers: {title} ({outcome})", Stats.of(samples), TARGETS.get(title, "< 1 s")))
    return rows


def main() -> None:
    """Print the table."""
    rows = statics_rows()
    reference = reference_seconds()
    print(TABLE_HEADER)
    for what, stats, target in rows:
        print(table_row(what, stats, reference, target))


if __name__ == "__main__":
    main()
