"""Which continuous effect of a layer applies next: dependency, then timestamps (CR 613.7, 613.8).

The layer system asks :func:`next_effect` again after each effect it applies, so the order of the
remaining effects is re-evaluated every time (613.8c). ``depends(a, b)`` answers 613.8a(b) for two
effects of the same layer: whether applying ``b`` would change ``a``'s existence, what it applies to
or what it does to them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core.citations import cite
from engine.errors import UserError

DEPENDS_ON = cite("613.8a", "An effect is said to “depend on” another if")
WAITS = cite("613.8b", "An effect dependent on one or more other effects waits to apply until just after")
LOOP = cite("613.8b", "If several dependent effects form a dependency loop")
REEVALUATED = cite("613.8c", "After each effect is applied, the order of remaining effects is reevaluated")

E = TypeVar("E")

# How many objects the dependency checks of one board may test (CR 613.8a asks, for every pair of pending
# effects, how applying one would change the other, again after each effect applies: the work grows with
# the fourth power of the static abilities that interact). 25,000 answers 50 creatures with five global
# static abilities and stops a board of alternating Humility and Opalescence past about 25 of them, in
# well under a second either way.
MAX_DEPENDENCY_WORK = 25_000


class TooManyInteractions(UserError):
    """A board whose static abilities interact too much to work out the dependencies within the bound."""


class WorkBudget:
    """The dependency checks one board may still do, in objects looked at (:data:`MAX_DEPENDENCY_WORK`)."""

    def __init__(self, limit: int = MAX_DEPENDENCY_WORK) -> None:
        self.left = limit
        self.limit = limit

    def spend(self, objects: int) -> None:
        """Count the objects one dependency check looks at; TooManyInteractions once the bound is passed."""
        self.left -= objects
        if self.left < 0:
            raise TooManyInteractions(
                "the static abilities on this board depend on each other in too many ways to work out "
                f"(more than {self.limit:,} dependency checks of objects, CR 613.8); "
                "ask about a board with fewer of them"
            )


@dataclass(frozen=True)
class Choice(Generic[E]):
    """The effect to apply next, what each pending effect depends on, and the loop it broke, if any."""

    effect: E
    waits: Mapping[Hashable, tuple[E, ...]]  # by identity: the pending effects it depends on (613.8a)
    loop: tuple[E, ...] = ()  # the effects in the dependency loop ``effect`` was chosen from (613.8b)


def next_effect(
    pending: Sequence[E],
    key: Callable[[E], tuple[int, ...]],
    depends: Callable[[E, E], bool],
    identity: Callable[[E], Hashable],
) -> Choice[E]:
    """The next effect among ``pending`` (non-empty): the earliest one that depends on no other pending
    effect; when every one depends on another, the earliest of those in a dependency loop (CR 613.8b).
    """
    waits = {identity(e): tuple(f for f in pending if f is not e and depends(e, f)) for e in pending}
    free = [e for e in pending if not waits[identity(e)]]
    if free:
        return Choice(effect=min(free, key=key), waits=waits)
    # Every effect waits for another, so some wait for each other; one that only waits for a loop isn't in it.
    loop = tuple(e for e in pending if _reaches(e, e, waits, identity))
    return Choice(effect=min(loop, key=key), waits=waits, loop=loop)


def _reaches(
    start: E, goal: E, waits: Mapping[Hashable, tuple[E, ...]], identity: Callable[[E], Hashable]
) -> bool:
    """Whether ``goal`` is among the effects ``start`` depends on, directly or through others."""
    seen: set[Hashable] = set()
    stack = list(waits[identity(start)])
    while stack:
        effect = stack.pop()
        if effect is goal:
            return True
        if identity(effect) not in seen:
            seen.add(identity(effect))
            stack.extend(waits[identity(effect)])
    return False
