"""Merged permanents (CR 727, 702.140): the cards and tokens merged with a permanent, in the order they
merged.

A board describes a merged permanent either on the object (``merged: [{card: Gemrazer, on_top: true}]``, the
object's own ``card`` being the permanent it was before the first merge) or by the action ``mutates``; both
give the same :class:`Merge` on the :class:`~engine.state.board.GameObject`. The layer system works out the
characteristics from it (``engine.layers.copiable``, layer 1a, CR 613.2a, 727.2a).
"""

from __future__ import annotations

from engine.core.model import Card, Frozen


class MergedSpec(Frozen):
    """One card or token merged with a permanent, as the board lists it (``merged:`` on an object)."""

    card: str
    on_top: bool | None = None  # put on top of the permanent (True) or under it (False); None: not given
    token: bool = False  # the component is a token (a copy of a mutating creature spell, CR 707.10f)
    line: int = 0


class MergedPart(Frozen):
    """A card or token that merged with a permanent: when (the merge's copiable effect's timestamp, CR
    727.2a), what represents it, and whether it went on top or under (None: the board doesn't say)."""

    timestamp: int
    id: str  # the handle of the mutating spell (or the listed entry's card name)
    card: Card
    token: bool = False
    on_top: bool | None = None


class Merge(Frozen):
    """What a merged permanent is made of: whether the permanent it was before the first merge is a token,
    and each part merged with it since, in order (CR 727.2)."""

    base_token: bool = False
    parts: tuple[MergedPart, ...] = ()

    def with_part(self, part: MergedPart) -> Merge:
        """This merge with one more part merged (on top of or under the pile)."""
        return self.model_copy(update={"parts": (*self.parts, part)})


def pile(merge: Merge, count: int, chosen: tuple[bool, ...] = ()) -> tuple[int, ...]:
    """The components after the first ``count`` parts merged, topmost first: 0 is the permanent it was
    before the first merge, ``n`` the n-th part. The parts whose place the board doesn't give take theirs
    from ``chosen`` in turn (True: on top), on top once it runs out: each outcome is worked out, never one
    guessed (``engine.actions.merging`` names them)."""
    order = [0]
    left = list(chosen)
    for number, part in enumerate(merge.parts[:count], start=1):
        on_top = part.on_top if part.on_top is not None else (left.pop(0) if left else True)
        order = [number, *order] if on_top else [*order, number]
    return tuple(order)


def unplaced(merge: Merge) -> int:
    """How many parts the board doesn't say were put on top or under."""
    return sum(part.on_top is None for part in merge.parts)


def top_is_token(merge: Merge, chosen: tuple[bool, ...] = ()) -> bool:
    """Whether the topmost component is a token: then, and only then, the merged permanent is (CR 727.2d)."""
    top = pile(merge, len(merge.parts), chosen)[0]
    return merge.base_token if top == 0 else merge.parts[top - 1].token
