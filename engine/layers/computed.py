"""An object's current characteristics after every layer (CR 613.1), each one a :data:`Fact`.

What the layer system can't determine (an effect it doesn't read, a choice the board doesn't give) is
recorded as :class:`~engine.core.results.Unknown` records naming the characteristics they make unknown.
:class:`Computed` never hands out a characteristic without saying whether it is known: each is a
:class:`~engine.core.known.Known` value or an :class:`~engine.core.known.Unsure` carrying those records, so
a check built on an unknown characteristic is unknown too (a type error if it isn't handled).
"""

from __future__ import annotations

from pydantic import PrivateAttr

from engine.core.characteristics import Characteristics, GameAbility
from engine.core.known import Fact, Known, Unsure
from engine.core.model import Frozen, PrintedNumber
from engine.core.results import Characteristic, Explanation, Unknown

__all__ = ["Computed"]


class Computed(Frozen):
    """Current characteristics with the steps and notes the layer system produced while computing them, and
    what it couldn't determine (``unknowns``, which may also name non-characteristics: "exiled cards")."""

    steps: tuple[Explanation, ...] = ()
    notes: tuple[Explanation, ...] = ()
    unknowns: tuple[Unknown, ...] = ()
    _values: Characteristics = PrivateAttr()

    @classmethod
    def of(
        cls,
        values: Characteristics,
        steps: tuple[Explanation, ...] = (),
        notes: tuple[Explanation, ...] = (),
        unknowns: tuple[Unknown, ...] = (),
    ) -> Computed:
        """The layers' result: ``values`` as far as known, and what isn't."""
        computed = cls(steps=steps, notes=notes, unknowns=unknowns)
        computed._values = values
        return computed

    def with_loyalty(self, loyalty: PrintedNumber, *steps: Explanation) -> Computed:
        """The same result with the loyalty a rule gives after the layers (its loyalty counters, 306.5c)."""
        values = self._values.model_copy(update={"loyalty": loyalty})
        return Computed.of(values, (*self.steps, *steps), self.notes, self.unknowns)

    def with_unknowns(self, unknowns: tuple[Unknown, ...]) -> Computed:
        """The same result with more that isn't known (what the board leaves undecided about the object)."""
        return Computed.of(self._values, self.steps, self.notes, (*self.unknowns, *unknowns))

    def unknown(self, characteristic: str) -> tuple[Unknown, ...]:
        """The unknowns that make ``characteristic`` (or "exiled cards", …) unknown; empty when it's known."""
        return tuple(u for u in self.unknowns if characteristic in u.characteristics)

    @property
    def name(self) -> Fact[str | None]:
        """Its name; None: it has no name (CR 708.2a)."""
        because = self.unknown("name")
        return Unsure(because) if because else Known(self._values.name)

    @property
    def mana_value(self) -> Fact[int]:
        """Its mana value (CR 202.3)."""
        because = self.unknown("mana cost")
        return Unsure(because) if because else Known(self._values.mana_value)

    @property
    def colors(self) -> Fact[tuple[str, ...]]:
        """Its colors, in WUBRG order (CR 105.2)."""
        because = self.unknown("colors")
        return Unsure(because) if because else Known(self._values.colors)

    @property
    def supertypes(self) -> Fact[tuple[str, ...]]:
        """Its supertypes (CR 205.4)."""
        because = self.unknown("supertypes")
        return Unsure(because) if because else Known(self._values.supertypes)

    @property
    def types(self) -> Fact[tuple[str, ...]]:
        """Its card types (CR 205.2a)."""
        because = self.unknown("types")
        return Unsure(because) if because else Known(self._values.types)

    @property
    def subtypes(self) -> Fact[tuple[str, ...]]:
        """Its subtypes (CR 205.3)."""
        because = self.unknown("subtypes")
        return Unsure(because) if because else Known(self._values.subtypes)

    @property
    def power(self) -> Fact[PrintedNumber | None]:
        """Its power; None: it has none (CR 208.3)."""
        return self._number(self._values.power, "power")

    @property
    def toughness(self) -> Fact[PrintedNumber | None]:
        """Its toughness; None: it has none (CR 208.3)."""
        return self._number(self._values.toughness, "toughness")

    @property
    def loyalty(self) -> Fact[PrintedNumber | None]:
        """Its loyalty; None: it has none (CR 306.5)."""
        return self._number(self._values.loyalty, "loyalty")

    @property
    def abilities(self) -> Fact[tuple[GameAbility, ...]]:
        """Its abilities (CR 113)."""
        because = self.unknown("abilities")
        return Unsure(because) if because else Known(self._values.abilities)

    def has_keyword(self, keyword: str) -> Fact[bool]:
        """Whether it has the keyword ``keyword`` without a parameter ("hexproof", not "hexproof from")."""
        wanted = keyword.casefold()
        return self.abilities.map(
            lambda abilities: any(
                (a.keyword or "").casefold() == wanted and not a.keyword_parameter for a in abilities
            )
        )

    def is_a(self, card_type: str) -> Fact[bool]:
        """Whether it has card type ``card_type`` (case-insensitive)."""
        return self.types.map(lambda types: card_type.casefold() in (t.casefold() for t in types))

    def has_subtype(self, subtype: str) -> Fact[bool]:
        """Whether it has the subtype ``subtype`` (Aura, Equipment, …)."""
        return self.subtypes.map(lambda subtypes: subtype in subtypes)

    @property
    def legendary(self) -> Fact[bool]:
        """Whether it is legendary (CR 205.4d)."""
        return self.supertypes.map(lambda supertypes: "Legendary" in supertypes)

    def known_for(self, *names: Characteristic) -> Fact[Characteristics]:
        """All the values, for a check that reads only the characteristics ``names`` (the caller names
        every one it reads): unknown when one of those is."""
        because = tuple(dict.fromkeys(u for name in names for u in self.unknown(name)))
        return Unsure(because) if because else Known(self._values)

    def displayed(self) -> Characteristics:
        """The values as an answer shows them beside its list of unknown characteristics, for display only:
        a characteristic named unknown shows only what is known so far (a test checks that only the answer
        views call this; nothing may decide anything on it)."""
        return self._values

    def _number(self, number: PrintedNumber | None, name: Characteristic) -> Fact[PrintedNumber | None]:
        because = self.unknown(name)
        return Unsure(because) if because else Known(number)
