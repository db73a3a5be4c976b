"""A cache of results by the identity of their (immutable) argument: the layer system's answers for a board,
an object's layer-1 text, a parsed static ability. Entries go when their argument is collected, and the
oldest go past ``size``."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import partial
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByIdentity(Generic[K, V]):
    """The last few results of a function of an immutable argument, by that argument's identity. Each entry
    goes with its argument (a weak reference: the cache keeps nothing alive), and only the last ``size``
    are kept. With ``part``, the function reads only that part of its argument: arguments whose part is
    the same object share one result, kept by that part's identity. A part (a tuple) can't be weakly
    referenced, so those entries keep their part: at most ``size`` of them."""

    def __init__(
        self, compute: Callable[[K], V], size: int, part: Callable[[K], object] | None = None
    ) -> None:
        self.compute = compute
        self.size = size
        self.part = part
        self.entries: dict[int, tuple[Callable[[], object], V]] = {}

    def __call__(self, argument: K) -> V:
        key: object = argument if self.part is None else self.part(argument)
        cached = self.entries.get(id(key))
        if cached is not None and cached[0]() is key:
            return cached[1]
        result = self.compute(argument)
        if len(self.entries) >= self.size:
            self.entries.pop(next(iter(self.entries)))
        self.entries[id(key)] = (self._reference(key), result)
        return result

    def _reference(self, key: object) -> Callable[[], object]:
        if self.part is not None:
            return lambda: key
        return weakref.ref(key, partial(self._forget, id(key)))

    def _forget(self, key: int, gone: weakref.ref[object]) -> None:
        """Drop the entry of an argument that no longer exists (unless its id is already another's)."""
        cached = self.entries.get(key)
        if cached is not None and cached[0] is gone:
            del self.entries[key]
