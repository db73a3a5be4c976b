"""Values that may be unknown: the engine never guesses, and what rests on an unknown is unknown too.

A :data:`Fact` is either :class:`Known` (a value) or :class:`Unsure` (the
:class:`~engine.core.results.Unknown` records saying why it can't be determined). Code that needs the
value has to take it out of a ``Known``, so reading it without handling the unknown case is a type error
(mypy; a Fact used as a condition is one too, ``truthy-bool``), and a condition built on an unknown (a
state-based action, an "if it's a creature" exception, a trigger) is :class:`Unsure` with the same
reasons, never evaluated on the known part. Truth values follow three-valued logic (:func:`all_of`,
:func:`any_of`, :func:`negated`): false and unknown is false, true and unknown is unknown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar

from engine.core.citations import Citation
from engine.core.messages import Message, Param, semicolon_series
from engine.core.results import Explanation, Unknown

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
U = TypeVar("U")

__all__ = [
    "Fact",
    "Known",
    "Unsure",
    "all_of",
    "any_of",
    "combined",
    "explained",
    "is_false",
    "is_true",
    "negated",
    "unsure_of",
]


@dataclass(frozen=True, slots=True)
class Known(Generic[T_co]):
    """A value the engine determined."""

    value: T_co

    def map(self, change: Callable[[T_co], U]) -> Known[U]:
        """The value changed by ``change``."""
        return Known(change(self.value))


@dataclass(frozen=True, slots=True)
class Unsure:
    """A value the engine can't determine, and the unknowns it rests on (each with its reason and rules)."""

    because: tuple[Unknown, ...]

    def map(self, change: Callable[..., object]) -> Unsure:
        """Still unknown, for the same reasons: what is derived from an unknown is unknown."""
        del change
        return self

    @property
    def reason(self) -> Param:
        """Why, completing "unknown, because …" (each reason once), as a message parameter."""
        reasons: list[Param] = [u.message or u.reason for u in self.because]
        return semicolon_series(list(dict.fromkeys(reasons)))

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule numbers the reasons cite, each once."""
        return tuple(dict.fromkeys(rule for u in self.because for rule in u.rules))


def explained(text: Message, fact: Unsure, *citations: Citation) -> Explanation:
    """A sentence about what rests on ``fact``, citing ``citations`` and the rules of its reasons."""
    sentence = Explanation.of(text, *citations)
    return sentence.model_copy(update={"rules": tuple(dict.fromkeys((*sentence.rules, *fact.rules)))})


Fact: TypeAlias = Known[T] | Unsure
"""A value of type ``T``, or why it isn't known."""


def combined(facts: Iterable[Fact[T]]) -> Fact[tuple[T, ...]]:
    """All the values, or unknown for every reason any of them is unknown."""
    values: list[T] = []
    because: list[Unknown] = []
    for fact in facts:
        if isinstance(fact, Unsure):
            because += fact.because
        else:
            values.append(fact.value)
    return Unsure(tuple(dict.fromkeys(because))) if because else Known(tuple(values))


def unsure_of(*facts: Known[object] | Unsure) -> Unsure:
    """Unknown for every reason any of ``facts`` is (values of different types; at least one unknown)."""
    because = tuple(u for fact in facts if isinstance(fact, Unsure) for u in fact.because)
    return Unsure(tuple(dict.fromkeys(because)))


def all_of(*facts: Fact[bool]) -> Fact[bool]:
    """Whether every one holds: false if one is known false, else unknown if one is unknown."""
    if any(isinstance(f, Known) and not f.value for f in facts):
        return Known(False)
    return combined(facts).map(all)


def any_of(*facts: Fact[bool]) -> Fact[bool]:
    """Whether one holds: true if one is known true, else unknown if one is unknown."""
    if any(isinstance(f, Known) and f.value for f in facts):
        return Known(True)
    return combined(facts).map(any)


def negated(fact: Fact[bool]) -> Fact[bool]:
    """The opposite truth value; an unknown stays unknown."""
    return fact.map(lambda value: not value)


def is_true(fact: Fact[bool]) -> bool:
    """Whether it is known to hold (unknown is not true)."""
    return isinstance(fact, Known) and fact.value


def is_false(fact: Fact[bool]) -> bool:
    """Whether it is known not to hold (unknown is not false)."""
    return isinstance(fact, Known) and not fact.value
