"""The state-based action a Saga's lore counters decide (CR 714.4, 704.5s): said, never performed, and only
as far as its subtypes, abilities and counters are known."""

from __future__ import annotations

from engine.core.citations import cite
from engine.core.known import Known
from engine.core.messages import msg
from engine.core.results import Explanation
from engine.layers.computed import Computed
from engine.oracle.chapters import chapter_numbers
from engine.state.board import GameObject

FINAL_CHAPTER = cite("714.2d", "If a Saga somehow has no chapter abilities, its final chapter number is 0.")
SAGA_SACRIFICED = cite("714.4", "that Saga’s controller sacrifices it")
SAGA_STATE_BASED = cite(
    "704.5s", "If the number of lore counters on a Saga permanent is greater than or equal"
)


def saga_sacrifice_notes(obj: GameObject, current: Computed) -> list[Explanation]:
    """A Saga with at least its final chapter number of lore counters is sacrificed the next time
    state-based actions are checked, unless one of its chapter abilities has triggered and hasn't left the
    stack; with no chapter abilities (Urza's Saga under Blood Moon) its final chapter number is 0."""
    subtypes, abilities = current.subtypes, current.abilities
    if not isinstance(subtypes, Known) or "Saga" not in subtypes.value or not isinstance(abilities, Known):
        return []
    if current.unknown("counters"):
        return []
    final = max((n for a in abilities.value for n in chapter_numbers(a.text)), default=0)
    lore = obj.counters.get("lore", 0)
    if lore < final:
        return []
    return [
        Explanation.of(
            msg(
                "It has {lore} lore counters and its final chapter number is {final}: its controller "
                "sacrifices it the next time state-based actions are checked, unless a chapter ability of it "
                "has triggered and not yet left the stack.",
                lore=lore,
                final=final,
            ),
            SAGA_STATE_BASED,
            SAGA_SACRIFICED,
            *((FINAL_CHAPTER,) if final == 0 else ()),
        )
    ]
