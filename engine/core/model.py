"""Typed, immutable models of cards, faces, abilities and copy effects.

These types are the contract between the Oracle-text parser (``engine.oracle``) and every later
stage (linked abilities, the copy engine, renderers). Build them with ``engine.oracle.parse_card``
from a Scryfall card object; never by comparing card names by hand: the parser normalises every
self-reference in an ability's reasoning text to :data:`SELF`.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

SELF = "~"
"""Marker that replaces every self-reference (full name, short name, "this creature", …)."""


class Frozen(BaseModel):
    """Base for immutable engine values."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class TypeLine(Frozen):
    """A type line split per CR 205 (``Legendary Creature — Time Lord Doctor``)."""

    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The type line as printed (``Legendary Creature — Human Wizard``)."""
        left = " ".join((*self.supertypes, *self.types))
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left


class PrintedNumber(Frozen):
    """A printed power, toughness, loyalty or defense: the string as printed and its value when fixed.

    ``*``, ``1+*`` and ``X`` have ``value`` None; ``3`` has ``value`` 3.
    """

    printed: str
    value: int | None = None


class AbilityKind(StrEnum):
    """What an ability is, in the Comprehensive Rules' terms."""

    KEYWORD = "keyword"  # CR 702 keyword ability (Flying, Equip {7}, Kicker {1}{R})
    ACTIVATED = "activated"  # CR 602: cost, colon, effect
    MANA = "mana"  # CR 605 mana ability (activated, no target, adds mana)
    LOYALTY = "loyalty"  # CR 606 loyalty ability
    TRIGGERED = "triggered"  # CR 603: When / Whenever / At
    STATIC = "static"  # CR 604
    REPLACEMENT = "replacement"  # CR 614, including "as ~ enters" and "enters with"
    CHARACTERISTIC_DEFINING = "characteristic-defining"  # CR 604.3
    SPELL = "spell"  # CR 113.3a: an instant's or sorcery's effect text
    CLASS_LEVEL = "class-level"  # CR 716: "{cost}: Level N" and the abilities of a level
    SAGA_CHAPTER = "saga-chapter"  # CR 714
    LEVELER = "leveler"  # CR 711 leveler band
    UNCLASSIFIED = "unclassified"


class LevelBand(Frozen):
    """A level symbol (CR 711.2): its range of level counters, the base P/T of its striation and, once
    grouped with them (``Characteristics.of_face``), the rules texts of the abilities printed in it."""

    low: int
    high: int | None = None  # None for "N3+"
    power: PrintedNumber | None = None
    toughness: PrintedNumber | None = None
    abilities: tuple[str, ...] = ()


class Ability(Frozen):
    """One ability of a face, numbered in printed order from 1."""

    index: int
    text: str  # the Oracle wording as printed, reminder text included
    rules_text: str  # reminder text removed and self-references replaced by SELF; for reasoning
    kind: AbilityKind
    paragraph: int  # 1-based paragraph of the face's Oracle text it came from
    keyword: str | None = None  # for KEYWORD: the keyword as the CR names it ("Flying", "Equip")
    keyword_parameter: str | None = None  # "{7}", "{1}{R}", "a creature", "3"
    cost: str | None = None  # ACTIVATED / MANA / LOYALTY / CLASS_LEVEL: the part before the colon
    trigger: str | None = None  # TRIGGERED: the condition ("Whenever ~ deals combat damage to a player")
    effect: str | None = None  # ACTIVATED / TRIGGERED / LOYALTY: the part after the colon or comma
    ability_word: str | None = None  # "Landfall" (no rules meaning, CR 207.2c)
    anchor_word: str | None = None  # "Khans" (CR 614.12b: linked to a choice)
    modes: tuple[str, ...] = ()  # "Choose one —" bullets, in printed order
    level: int | None = None  # CLASS_LEVEL / LEVELER / SAGA_CHAPTER: the level or chapter it belongs to
    band: LevelBand | None = None  # LEVELER: the level symbol's range and base power and toughness


class CopyScope(StrEnum):
    """How a copy instruction acts (CR 707.4, 707.5, 707.10, 707.12)."""

    ENTER_AS_COPY = "enter-as-copy"  # "You may have ~ enter as a copy of …"
    BECOME_COPY = "become-copy"  # "~ becomes a copy of …" / "have ~ become a copy of …"
    TOKEN_COPY = "token-copy"  # "create a token that's a copy of …"
    COPY_SPELL = "copy-spell"  # "copy target instant or sorcery spell"
    COPY_ABILITY = "copy-ability"  # "copy target activated or triggered ability"
    CAST_COPY = "cast-copy"  # "you may cast the copy" (CR 707.12)


class ExceptionKind(StrEnum):
    """Typed exceptions to the copying process (CR 707.9)."""

    SET_POWER_TOUGHNESS = "set-power-toughness"  # "except it's 7/7" (707.9b, 707.9d)
    ADD_TYPES = "add-types"  # "… in addition to its other types" (707.9b; CDAs still copied)
    SET_TYPES = "set-types"  # "except it's an artifact" without "in addition"
    ADD_SUPERTYPE = "add-supertype"
    REMOVE_SUPERTYPE = "remove-supertype"  # "except it isn't legendary"
    GAIN_ABILITY = "gain-ability"  # quoted text, "this ability", or the copier's other abilities (707.9a)
    NOT_COPIED = "not-copied"  # "doesn't copy that creature's color" (707.9c)
    SET_NAME = "set-name"
    SET_COLOR = "set-color"
    ADDITIONAL_EFFECT = "additional-effect"  # not a modification, e.g. Spark Double's counter (707.9e)
    SET_MANA_COST = "set-mana-cost"  # "with no mana cost" (embalm, eternalize); value "" for none
    FOLLOW_UP = "follow-up"  # a later sentence about the copy, not copiable: "That token gains haste."
    LINKED_TRIGGER = "linked-trigger"  # triggered ability in the same paragraph (707.9g, 603.11)
    SET_LOYALTY = "set-loyalty"  # "The copy … has starting loyalty X" (casualty, 702.153a); value "X" or N


class CopyException(Frozen):
    """One exception of a copy effect."""

    kind: ExceptionKind
    text: str  # the wording it was parsed from
    power: str | None = None  # SET_POWER_TOUGHNESS
    toughness: str | None = None
    types: tuple[str, ...] = ()  # ADD_TYPES / SET_TYPES: card types
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()  # ADD_SUPERTYPE / REMOVE_SUPERTYPE
    abilities: tuple[str, ...] = ()  # GAIN_ABILITY: ability texts (SELF-normalised)
    copier_abilities: bool = False  # GAIN_ABILITY of the copier's own other abilities (Sakashima)
    characteristic: str | None = None  # NOT_COPIED / SET_NAME / SET_COLOR: which one ("color", "name")
    value: str | None = None  # SET_NAME / SET_COLOR value
    condition: str | None = None  # 707.9f: "if it's a creature" → "creature"


class CopyEffect(Frozen):
    """A structured copy instruction parsed from one ability."""

    ability_index: int  # the ability of the face it comes from
    scope: CopyScope
    copyable: str  # what may be copied, as worded: "any creature on the battlefield"
    optional: bool  # "you may"
    exceptions: tuple[CopyException, ...] = ()
    text: str  # the ability's rules text


class Face(Frozen):
    """One face of a card (the only face for a normal card)."""

    name: str
    short_name: str | None = None  # a legendary card's short name ("Gorex" for Gorex, the Tombshell)
    mana_cost: tuple[str, ...] = ()  # symbols as printed: ("{2}", "{U/B}", "{W/P}", "{X}", "{S}", "{C}")
    mana_value: float = 0
    colors: tuple[str, ...] = ()  # Scryfall letters W U B R G, in WUBRG order
    color_indicator: tuple[str, ...] = ()
    type_line: TypeLine
    power: PrintedNumber | None = None
    toughness: PrintedNumber | None = None
    loyalty: PrintedNumber | None = None
    defense: PrintedNumber | None = None
    oracle_text: str = ""
    abilities: tuple[Ability, ...] = ()
    copy_effects: tuple[CopyEffect, ...] = ()


class Card(Frozen):
    """A card (or token, emblem …) with all its faces, built from a Scryfall card object."""

    key: str  # oracle_id, or a stable key derived from the name when absent
    name: str  # full name ("Fire // Ice")
    layout: str  # Scryfall layout: normal, split, flip, transform, modal_dfc, meld, adventure, class, saga …
    mana_value: float = 0
    faces: tuple[Face, ...]
    meld_parts: tuple[str, ...] = ()  # a meld result: the names of the two cards it is made of (CR 712.4)

    @property
    def front(self) -> Face:
        """The front face (the only face of a normal card)."""
        return self.faces[0]

    @property
    def has_x_cost(self) -> bool:
        """Whether a face's mana cost has {X}: a value of X is chosen as it is cast (CR 107.3a)."""
        return any("{X}" in face.mana_cost for face in self.faces)
