"""Characteristics of a game object (CR 109.3) and the copiable text they start from (CR 707.2).

:class:`Characteristics` is one set of values (a face, a copy, a face-down 2/2). :class:`CopiableText`
is what a copy effect copies: the values plus, for a flip card, its alternative (flipped) half, because
the copy's own status decides which half applies (CR 707.3, 710.2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.core.citations import cite
from engine.core.mana import COLOR_ORDER, cost_colors, mana_value
from engine.core.model import SELF, Ability, AbilityKind, CopyEffect, Face, Frozen, LevelBand, PrintedNumber

MANA_VALUE_RULE = cite("202.3", "equal to the total amount of mana in its mana cost")
FACE_DOWN_RULE = cite("708.2a", "it becomes a 2/2 face-down creature with no text, no name, no subtypes")

# In the order a type line prints them (CR 205.2a lists them alphabetically; cards print "Artifact Creature").
CARD_TYPES = (
    "Kindred",
    "Tribal",
    "Enchantment",
    "Artifact",
    "Land",
    "Creature",
    "Planeswalker",
    "Battle",
    "Instant",
    "Sorcery",
)
CARD_TYPE_WORDS = frozenset(t.casefold() for t in CARD_TYPES)
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def mana_value_of(mana_cost: tuple[str, ...]) -> int:
    """Mana value of a mana cost given as symbols (CR 202.3), as the whole number a characteristic holds
    (the half mana of silver-bordered cards rounds down)."""
    return int(mana_value(mana_cost))


def merged(existing: tuple[str, ...], added: Iterable[str]) -> tuple[str, ...]:
    """``existing`` followed by the ``added`` values it lacks, in order ("in addition to its other types")."""
    return tuple(dict.fromkeys((*existing, *added)))


def merged_types(existing: tuple[str, ...], added: Iterable[str]) -> tuple[str, ...]:
    """Card types with ``added`` ones, in type-line order (Artifact Creature, not Creature Artifact)."""
    found = merged(existing, added)
    return tuple(sorted(found, key=lambda t: CARD_TYPES.index(t) if t in CARD_TYPES else len(CARD_TYPES)))


def colors_of(mana_cost: tuple[str, ...], color_indicator: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The colors a mana cost and color indicator give (CR 202.2, 204), in WUBRG order."""
    found = set(color_indicator) | set(cost_colors(mana_cost))
    return tuple(c for c in COLOR_ORDER if c in found)


class GameAbility(Frozen):
    """An ability an object has: the parsed ability, or one granted by an effect or copy exception.

    ``copy_effect`` carries the copy instruction of an ability that copies (Cryptoplasm's, or the one
    Vesuvan Doppelganger grants), so a copy of the object can use it again.
    """

    text: str  # the wording as printed (card wording; SELF for granted text without a name)
    rules_text: str
    kind: AbilityKind
    keyword: str | None = None
    keyword_parameter: str | None = None
    trigger: str | None = None
    copy_effect: CopyEffect | None = None
    band: LevelBand | None = None  # a level symbol: one static ability with the abilities of its striation
    level: int | None = None  # the Class level (or chapter, leveler level) its printed section belongs to

    @classmethod
    def from_ability(cls, ability: Ability, copy_effects: tuple[CopyEffect, ...] = ()) -> GameAbility:
        """Wrap a parsed ability, attaching the copy effect parsed from it, if any."""
        effect = next((e for e in copy_effects if e.ability_index == ability.index), None)
        return cls(
            text=ability.text,
            rules_text=ability.rules_text,
            kind=ability.kind,
            keyword=ability.keyword,
            keyword_parameter=ability.keyword_parameter,
            trigger=ability.trigger,
            copy_effect=effect,
            band=ability.band,
            level=ability.level,
        )

    def with_band_member(self, member: Ability) -> GameAbility:
        """This level symbol with ``member``, an ability printed in its striation, made part of it (711.2)."""
        if self.band is None:
            raise ValueError("only a level symbol has a striation")
        band = self.band.model_copy(update={"abilities": (*self.band.abilities, member.rules_text)})
        return self.model_copy(
            update={
                "text": f"{self.text}\n{member.text}",
                "rules_text": f"{self.rules_text}\n{member.rules_text}",
                "band": band,
            }
        )

    @classmethod
    def granted(
        cls, rules_text: str, copy_effect: CopyEffect | None = None, wording: str | None = None
    ) -> GameAbility:
        """An ability given by an effect as text (``"Flying"``, ``"When ~ becomes the target …"``).

        ``wording`` is the ability as printed inside the granting text, when it differs from ``rules_text``.
        """
        text = rules_text.strip().strip('"“”').strip()
        if " " not in text:  # a lone keyword ("changeling" in "it has changeling")
            text = text[:1].upper() + text[1:]
        keyword = text if " " not in text else None
        kind = AbilityKind.KEYWORD if keyword else _kind_of_granted(text)
        trigger = text.split(",", 1)[0] if kind is AbilityKind.TRIGGERED else None
        return cls(
            text=wording or text,
            rules_text=text,
            kind=kind,
            keyword=keyword,
            trigger=trigger,
            copy_effect=copy_effect,
        )

    def worded_for(self, name: str | None) -> str:
        """The wording shown to the user, self-references naming ``name`` (CR 201.5)."""
        return self.text.replace(SELF, name or "this permanent")


def _kind_of_granted(text: str) -> AbilityKind:
    lowered = text.lower()
    if lowered.startswith(("when ", "whenever ", "at ")):
        return AbilityKind.TRIGGERED
    if ":" in text:
        return AbilityKind.ACTIVATED
    return AbilityKind.STATIC


class Characteristics(Frozen):
    """One complete set of characteristic values; ``None`` name means "no name" (CR 708.2a)."""

    name: str | None
    mana_cost: tuple[str, ...] = ()
    mana_value: int = 0
    colors: tuple[str, ...] = ()
    color_indicator: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: PrintedNumber | None = None
    toughness: PrintedNumber | None = None
    loyalty: PrintedNumber | None = None
    defense: PrintedNumber | None = None
    abilities: tuple[GameAbility, ...] = ()

    @classmethod
    def of_face(cls, face: Face) -> Characteristics:
        """The values printed on ``face`` (CR 613.1: start from the actual object)."""
        copy_effects = face.copy_effects
        return cls(
            name=face.name,
            mana_cost=face.mana_cost,
            mana_value=mana_value_of(face.mana_cost),
            colors=face.colors or colors_of(face.mana_cost, face.color_indicator),
            color_indicator=face.color_indicator,
            supertypes=face.type_line.supertypes,
            types=face.type_line.types,
            subtypes=face.type_line.subtypes,
            power=face.power,
            toughness=face.toughness,
            loyalty=face.loyalty,
            defense=face.defense,
            abilities=_grouped(face.abilities, copy_effects),
        )

    def is_a(self, card_type: str) -> bool:
        """Whether the object has card type ``card_type`` (case-insensitive)."""
        return card_type.casefold() in (t.casefold() for t in self.types)

    @property
    def legendary(self) -> bool:
        """Whether the object is legendary (CR 205.4d)."""
        return "Legendary" in self.supertypes


def _grouped(abilities: tuple[Ability, ...], copy_effects: tuple[CopyEffect, ...]) -> tuple[GameAbility, ...]:
    """The face's abilities as the object has them: each ability printed in a leveler's striation is part of
    that level symbol's static ability, not an ability of the object by itself (CR 711.2)."""
    found: list[GameAbility] = []
    for ability in abilities:
        band = found[-1].band if found else None
        if band is not None and ability.band is None and ability.level == band.low:
            found[-1] = found[-1].with_band_member(ability)
        else:
            found.append(GameAbility.from_ability(ability, copy_effects))
    return tuple(found)


FACE_DOWN = Characteristics(
    name=None,
    types=("Creature",),
    power=PrintedNumber(printed="2", value=2),
    toughness=PrintedNumber(printed="2", value=2),
)
"""A face-down permanent's characteristics (CR 708.2a): a nameless colorless 2/2 with no text."""

FACE_DOWN_WITH_WARD = FACE_DOWN.model_copy(
    update={
        "abilities": (
            GameAbility(
                text="Ward {2}",
                rules_text="Ward {2}",
                kind=AbilityKind.KEYWORD,
                keyword="Ward",
                keyword_parameter="{2}",
            ),
        )
    }
)
"""A cloaked or disguised permanent's characteristics (CR 701.56a, 702.168a/b): the 2/2 with ward {2}."""

WARDED_FACE_DOWN = frozenset({"cloak", "disguise"})
"""The face-down kinds (``FaceDownKind`` values) whose 2/2 has ward {2}."""


def face_down_values(kind: str) -> Characteristics:
    """The characteristics, and copiable values (CR 708.2, 702.168b), a face-down permanent of ``kind``
    has: ward {2} when cloaked or disguised (CR 701.56a, 702.168a), else no text (708.2a)."""
    return FACE_DOWN_WITH_WARD if kind in WARDED_FACE_DOWN else FACE_DOWN


class CopiableText(Frozen):
    """Values a copy effect hands on: the main set and, for a flip card, its flipped half (CR 710.1b)."""

    main: Characteristics
    flipped: Characteristics | None = None

    def with_status(self, flipped: bool) -> Characteristics:
        """The values in use for an object with this flip status (CR 707.3, 710.2)."""
        if not (flipped and self.flipped):
            return self.main
        # A flipped permanent keeps the normal mana cost and color (CR 710.1c).
        return self.flipped.model_copy(
            update={
                "mana_cost": self.main.mana_cost,
                "mana_value": self.main.mana_value,
                "colors": self.main.colors,
                "color_indicator": self.main.color_indicator,
            }
        )

    def mapped(self, change: Callable[[Characteristics], Characteristics]) -> CopiableText:
        """Both halves changed the same way (a copy exception or setting applies to the whole text)."""
        flipped = change(self.flipped) if self.flipped else None
        return CopiableText(main=change(self.main), flipped=flipped)
