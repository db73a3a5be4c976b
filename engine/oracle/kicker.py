"""Kicker and multikicker (CR 702.33): a card's kicker costs, and what a board's ``kicked`` says of them.

A spell or permanent's ``kicked`` is ``None`` (not given: whether it was kicked is unknown), ``False``,
``True`` (kicked, with which cost or how many times not said), a number of times (two kicker costs both
paid, or multikicker paid N times, 702.33d) or the costs paid (``("{1}{U}",)``; "first"/"second" name them
by their printed order). What depends on it is decided only when that says enough: "if it was kicked with
its {W} kicker" is unknown for a permanent kicked once with one of two costs not named, and "if it was
kicked" is unknown when the board doesn't say. A card without kicker wasn't kicked.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from engine.core.citations import cite
from engine.core.messages import Message, card, msg
from engine.core.model import Frozen

Kicked = bool | int | tuple[str, ...] | None
"""How a spell or permanent was kicked: not given, not, yes, a number of times, or the costs paid."""

KICKER = cite("702.33a", "You may pay an additional [cost] as you cast this spell")
KICKED_TIMES = cite("702.33d", "it may be kicked multiple times")

_POSITIONS = {"first": 0, "second": 1}


class _Keyworded(Protocol):
    @property
    def keyword(self) -> str | None: ...

    @property
    def keyword_parameter(self) -> str | None: ...


class KickerCosts(Frozen):
    """A card's kicker costs in printed order ("Kicker {2}{U} and/or {1}{B}" has two, CR 702.33b), and
    whether it has multikicker (paid any number of times, 702.33c)."""

    costs: tuple[str, ...]
    multi: bool

    @property
    def several(self) -> bool:
        """Whether it has more than one different kicker cost."""
        return len(set(self.costs)) > 1


class KickedRefused(ValueError):
    """A ``kicked`` the card doesn't allow; ``message`` says why (CR 702.33a, 702.33d)."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def kicker_of(abilities: Iterable[_Keyworded]) -> KickerCosts:
    """The kicker costs of ``abilities`` (a face's, or an object's current ones)."""
    costs: list[str] = []
    multi = False
    for ability in abilities:
        keyword = (ability.keyword or "").casefold()
        if keyword in ("kicker", "multikicker"):
            multi = multi or keyword == "multikicker"
            costs += [cost.strip() for cost in (ability.keyword_parameter or "").split(" and/or ")]
    return KickerCosts(costs=tuple(costs), multi=multi)


def checked_kicked(name: str, kicker: KickerCosts, kicked: Kicked) -> Kicked:
    """``kicked`` checked against the card named ``name`` (CR 702.33a, 702.33d); costs named
    "first"/"second" become the costs. Raises :class:`KickedRefused` for a card without kicker, more
    times than it has costs (unless multikicker), or a cost it doesn't have. Not given, a card without
    kicker wasn't kicked (``False``); one with kicker stays not given (``None``)."""
    if kicked is None:
        return None if kicker.costs else False
    if not was_kicked(kicked):
        return kicked
    if not kicker.costs:
        raise KickedRefused(msg("{card} has no kicker; it can't be kicked.", card=card(name)))
    if not isinstance(kicked, tuple):
        if not isinstance(kicked, bool) and kicked > len(kicker.costs) and not kicker.multi:
            raise KickedRefused(
                msg("{card} can be kicked at most {count} time(s).", card=card(name), count=len(kicker.costs))
            )
        return kicked
    named: list[str] = []
    for given in kicked:
        if given in _POSITIONS and _POSITIONS[given] < len(kicker.costs):
            named.append(kicker.costs[_POSITIONS[given]])
        elif given in kicker.costs:
            named.append(given)
        else:
            raise KickedRefused(
                msg(
                    "{card}'s kicker costs are {costs}; not {name}.",
                    card=card(name),
                    costs=", ".join(kicker.costs),
                    name=repr(given),
                )
            )
    if not kicker.multi and len(named) > len(set(named)):
        raise KickedRefused(msg("{card} can be kicked at most {count} time(s).", card=card(name), count=1))
    return tuple(named)


def was_kicked(kicked: Kicked) -> bool | None:
    """Whether it was kicked at all; None when the board doesn't say."""
    if kicked is None:
        return None
    return kicked is True or (not isinstance(kicked, bool) and bool(kicked))


def times_kicked(kicker: KickerCosts, kicked: Kicked) -> int | None:
    """How many times it was kicked (CR 702.33d), or None when ``kicked`` doesn't say (``True`` for a
    card with multikicker or two kicker costs, or not given)."""
    if kicked is None:
        return None
    if not was_kicked(kicked):
        return 0
    if isinstance(kicked, tuple):
        return len(kicked)
    if isinstance(kicked, bool):
        return 1 if len(kicker.costs) == 1 and not kicker.multi else None
    return kicked


def kicked_with(kicker: KickerCosts, kicked: Kicked, cost: str) -> bool | None:
    """Whether it was kicked with its ``cost`` kicker (CR 702.33f), or None when ``kicked`` doesn't say."""
    if kicked is None:
        return None
    if not was_kicked(kicked):
        return False
    if isinstance(kicked, tuple):
        return cost in kicked
    if not kicker.several:
        return True
    if not isinstance(kicked, bool) and not kicker.multi and kicked >= len(kicker.costs):
        return True  # every cost was paid
    return None
