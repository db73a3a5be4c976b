"""Which continuous effect of a layer applies next: dependency, then timestamps (CR 613.7, 613.8).

The layer system asks :func:`choose` again after each effect it applies, so the order of the
remaining effects is re-evaluated every time (613.8c), with what each pending effect depends on (613.8a):
whether applying another would change its existence, what it applies to or what it does to them.
:func:`next_effect` asks that of every pair with ``depends(a, b)``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core.citations import cite
from engine.core.messages import msg
from engine.errors import UserError

DEPENDENCY = cite("613.8", "If a dependency exists, it will override the timestamp system")
DEPENDS_ON = cite("613.8a", "An effect is said to “depend on” another if")
WAITS = cite("613.8b", "An effect dependent on one or more other effects waits to apply until just after")
LOOP = cite("613.8b", "If several dependent effects form a dependency loop")
REEVALUATED = cite("613.8c", "After each effect is applied, the order of remaining effects is reevaluated")

E = TypeVar("E")

# How many dependency checks one question may do: each pair of pending effects compared (CR 613.8a), and
# each object looked at to compare them. The order is reevaluated after each effect applies (613.8c) and a
# board is computed again after events that build it, but a pair is compared again only when one of its
# effects changed, so an ordinary board of 100 objects does a few hundred; 99 alternating Humility and
# Opalescence about 14,000 and 99 Opalescences about 38,000. The bound is a backstop for what is worse.
MAX_DEPENDENCY_WORK = 60_000


class TooManyInteractions(UserError):
    """A board whose static abilities interact too much to work out the dependencies within the bound."""


class WorkBudget:
    """The dependency checks one board may still do (:data:`MAX_DEPENDENCY_WORK`)."""

    def __init__(self, limit: int = MAX_DEPENDENCY_WORK) -> None:
        self.left = limit
        self.limit = limit

    @property
    def spent(self) -> int:
        """The dependency checks done so far."""
        return self.limit - self.left

    def spend(self, objects: int) -> None:
        """Count ``objects`` dependency checks; TooManyInteractions once the bound is passed."""
        self.left -= objects
        if self.left < 0:
            raise TooManyInteractions(
                msg(
                    "the static abilities on this board depend on each other in too many ways to work out "
                    "(more than {limit} dependency checks, CR 613.8); ask about a board with fewer of them",
                    limit=format(self.limit, ","),
                )
            )


_BUDGET: ContextVar[WorkBudget | None] = ContextVar("dependency_work_budget", default=None)


@contextmanager
def one_question_bound(limit: int = MAX_DEPENDENCY_WORK) -> Iterator[WorkBudget]:
    """Within the block, every layer computation shares one budget: a question builds its board one event
    at a time and computes the characteristics again after each, so a budget per computation would bound
    none of them (the whole question's work is what the bound is for)."""
    token = _BUDGET.set(WorkBudget(limit))
    try:
        yield _BUDGET.get() or WorkBudget(limit)
    finally:
        _BUDGET.reset(token)


def current_budget() -> WorkBudget:
    """The question's budget inside :func:`one_question_bound`, else a fresh one for this computation."""
    return _BUDGET.get() or WorkBudget()


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
    return choose(pending, key, waits, identity)


def choose(
    pending: Sequence[E],
    key: Callable[[E], tuple[int, ...]],
    waits: Mapping[Hashable, tuple[E, ...]],
    identity: Callable[[E], Hashable],
) -> Choice[E]:
    """:func:`next_effect` when what each pending effect depends on is known: ``waits``, by identity, the
    pending effects each one depends on, in the order of ``pending``."""
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
