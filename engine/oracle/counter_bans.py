"""Static abilities that say counters can't be put on permanents ("Tatterkite can't have counters put on
it", Melira's "Creatures you control can't have -1/-1 counters put on them", Solemnity's "Counters can't
be put on artifacts, creatures, enchantments, or lands"), read from an ability's rules text.

The "can't" wins over whatever would put those counters on them (CR 101.2), as they enter too (122.6);
an object's own such ability works as it enters (113.6i).
"""

from __future__ import annotations

import re

from engine.core.characteristics import GameAbility
from engine.core.model import SELF, AbilityKind, Frozen

_KIND = r"(?:(?P<kind>[+-]\d+/[+-]\d+|[a-z]+) )?"
_ITSELF = re.compile(rf"^{re.escape(SELF)} can't have {_KIND}counters put on it\.$")
_THOSE = re.compile(
    rf"^(?P<what>Creatures|Permanents)(?: (?P<who>you|your opponents) control)? can't have {_KIND}counters "
    r"put on them\.$"
)
_TYPES = r"artifacts|battles|creatures|enchantments|lands|planeswalkers"
_ON_TYPES = re.compile(
    rf"^(?:(?P<kind>[+-]\d+/[+-]\d+|[a-z]+) )?[Cc]ounters can't be put on "
    rf"(?P<types>(?:{_TYPES})(?:,? (?:or )?(?:{_TYPES}))*)\.$"
)
# Any other static wording that may stop counters being put on objects: what it stops isn't read.
_ANY_BAN = re.compile(r"can't have (?:[^.]* )?counters put on|[Cc]ounters can't be put on")


class CounterBan(Frozen):
    """What a "counters can't be put on …" static ability stops (``decided`` False: its wording isn't
    read, so whether it stops counters being put on an object isn't known)."""

    text: str
    decided: bool = True
    itself: bool = False  # only the object with the ability
    yours: bool | None = None  # only permanents its controller controls (True) or doesn't (False)
    types: tuple[str, ...] = ()  # only permanents with one of these card types; () for any permanent
    kind: str | None = None  # only counters of this kind ("-1/-1"); None: every kind


def counter_ban(ability: GameAbility) -> CounterBan | None:
    """The counters ``ability`` says can't be put on permanents, if it is such a static ability."""
    if ability.kind is not AbilityKind.STATIC:
        return None
    text = ability.rules_text
    if (itself := _ITSELF.match(text)) is not None:
        return CounterBan(text=ability.text, itself=True, kind=itself["kind"])
    if (those := _THOSE.match(text)) is not None:
        who = those["who"]
        return CounterBan(
            text=ability.text,
            yours=None if who is None else who == "you",
            types=("Creature",) if those["what"] == "Creatures" else (),
            kind=those["kind"],
        )
    if (on_types := _ON_TYPES.match(text)) is not None:
        words = re.findall(_TYPES, on_types["types"])
        return CounterBan(
            text=ability.text,
            types=tuple(w.removesuffix("s").capitalize() for w in words),
            kind=on_types["kind"],
        )
    return CounterBan(text=ability.text, decided=False) if _ANY_BAN.search(text) else None
