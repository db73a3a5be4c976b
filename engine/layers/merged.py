"""A merged permanent's characteristics in layer 1a (CR 613.2a, 727.2a, 702.140e): those of its topmost
component, with all abilities of each card and token that represents it. Merging is a copiable effect whose
timestamp is the time the objects merged, so a copy of the merged permanent copies these values (707.2) and
a copy effect that begins later overwrites them (613.2a, timestamp order).
"""

from __future__ import annotations

from engine.core.characteristics import Characteristics, CopiableText
from engine.core.citations import cite
from engine.layers.text import with_intrinsic_mana
from engine.state.merges import Merge, MergedPart, pile

TOPMOST = cite("727.2a", "A merged permanent has only the characteristics of its topmost component")
MERGE_COPIABLE = cite("727.2a", "This is a copiable effect whose timestamp is the time the objects merged.")
ALL_ABILITIES = cite(
    "702.140e", "A mutated permanent has all abilities of each card and token that represents it."
)
OTHERS_FROM_TOP = cite("702.140e", "Its other characteristics are derived from the topmost card or token.")
MERGING_IN_LAYER_ONE = cite(
    "613.2a", "changes to an object’s characteristics determined by merging an object"
)


def part_values(part: MergedPart) -> Characteristics:
    """The characteristics printed on a merged card or token: its front face (a mutating creature spell has
    its front face up, and a merged permanent isn't a double-faced permanent, CR 727.2i)."""
    return with_intrinsic_mana(Characteristics.of_face(part.card.front))


def merged_text(merge: Merge, base: CopiableText, count: int, chosen: tuple[bool, ...] = ()) -> CopiableText:
    """The values after the first ``count`` parts merged with a permanent whose own values (before the first
    merge) are ``base``: the topmost component's characteristics, and the abilities of every component,
    topmost first (CR 727.2a, 702.140e). ``chosen`` places the parts the board doesn't place (``pile``)."""
    components = [base.main, *(part_values(part) for part in merge.parts[:count])]
    order = pile(merge, count, chosen)
    top = components[order[0]]
    abilities = tuple(ability for index in order for ability in components[index].abilities)
    return CopiableText(main=top.model_copy(update={"abilities": abilities}))
