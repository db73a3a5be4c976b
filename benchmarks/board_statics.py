"""Time the layer system on large boards full of static abilities (anthems, Equipment, type changers).

Run: ``python benchmarks/board_statics.py`` (needs ../shared). Target: under 1 s for each board.
"""

from __future__ import annotations

import time

from data.boards import load_board
from engine import answer_board
from tests.engine.copy_cards import cards_for

_LISTED = "effects: [{pump: [1, 1]}, {add_abilities: [Flying]}, {add_types: [Artifact]}]"
BOARDS = {
    "50 creatures with 3 listed effects each, 5 global statics": (
        "".join(f"  - {{card: Grizzly Bears, id: b{i}, {_LISTED}}}\n" for i in range(50))
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
    ),
    "40 creatures, 30 attached Colossus Hammers": (
        "".join(f"  - {{card: Grizzly Bears, id: b{i}, {_LISTED}}}\n" for i in range(40))
        + "".join(f"  - {{card: Colossus Hammer, id: h{i}, attached_to: b{i}}}\n" for i in range(30))
    ),
}


def main() -> None:
    """Print the time to build each board and answer about one of its creatures."""
    for title, objects in BOARDS.items():
        spec = load_board(f"battlefield:\n{objects}query: b3\n")
        cards = cards_for(spec)
        start = time.perf_counter()
        answer_board(spec, cards, "bench")
        print(f"{title}: {(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
