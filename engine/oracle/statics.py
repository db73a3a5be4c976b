"""Static abilities' wordings (CR 604, 611.3, 613): whom each affects and the layered effects it has.

:func:`parse_static` recognises the wordings of every Oracle generation a board needs: Equipment and
Auras ("Equipped creature gets +10/+10 and loses flying", "Enchanted creature has \"…\"", "As long as
enchanted permanent is an Equipment, it has \"Equipped creature has flying.\""), anthems ("Creatures you
control get +1/+1", "Other Elf creatures you control get +1/+1", "White creatures get +1/+1"), type
changers (Mycosynth Lattice, March of the Machines, Opalescence, Humility) and Auras that set types and
base power and toughness (Lignify, Darksteel Mutation: a new creature type replaces the old ones, an
"artifact creature" keeps the other types, CR 205.1a/b). "Attacking creatures …" gets a requirement no
board meets (no combat). What it doesn't understand it keeps as ``unrecognised`` text, so the answer can
say it wasn't applied. The other readers name the characteristic-defining abilities the layer system
applies itself and Duplicant's "last creature card exiled with ~".

Readers take an ability's reasoning text (self-references already :data:`engine.core.model.SELF`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from engine.core.characteristics import CARD_TYPE_WORDS, COLOR_NAMES
from engine.core.effects import PT_COUNTS, EffectKind, EffectSpec
from engine.core.model import SELF, Frozen, LevelBand
from engine.oracle.text import masked, sentences, without_quotes

_PT = re.compile(r"^(?P<p>[+-]\d+)/(?P<t>[+-]\d+)$")
_GRAVEYARD_TYPES_CDA = re.compile(r"power is equal to the number of card types among cards in all graveyards")
_CHOSEN_NUMBER_CDA = re.compile(
    r"power is equal to the last chosen number and its toughness is equal to 7 minus"
)
_PLUS_ONE_TOUGHNESS = re.compile(r"toughness is equal to that number plus 1")
_CHOSEN_TYPE = re.compile(r"is the chosen type in addition to its other types")
_PT_COUNT_CDA = re.compile(rf"power and toughness are each equal to the number of (?:{'|'.join(PT_COUNTS)})")
# Characteristic-defining abilities the layer system applies itself, not through parse_static.
_APPLIED_BY_LAYERS = re.compile(
    "|".join(p.pattern for p in (_CHOSEN_TYPE, _GRAVEYARD_TYPES_CDA, _CHOSEN_NUMBER_CDA, _PT_COUNT_CDA))
)
_LAST_EXILED_WITH = re.compile(
    rf"has the power, toughness, and creature types of the last creature card exiled with {re.escape(SELF)}"
    r"\.(?P<still> It's still an? (?P<kept>\w+)\.)?"
)


class LastExiledWith(Frozen):
    """Duplicant's "~ has the power, toughness, and creature types of the last creature card exiled with ~.
    It's still a Shapeshifter." (CR 607.2a)."""

    kept: tuple[str, ...]  # the creature type it is still ("Shapeshifter"), when the text says one


def last_exiled_with(text: str) -> LastExiledWith | None:
    """The "last creature card exiled with ~" static ability a text says, or None."""
    match = _LAST_EXILED_WITH.search(text)
    if match is None:
        return None
    return LastExiledWith(kept=(match["kept"],) if match["still"] and match["kept"] else ())


def pt_modifier(text: str) -> tuple[int, int] | None:
    """The numbers of a P/T modifier like "+1/+1" or "-1/-1" (a counter's name, an effect's), or None."""
    match = _PT.match(text)
    return (int(match["p"]), int(match["t"])) if match else None


def counts_graveyard_card_types(text: str) -> bool:
    """Whether a CDA counts the card types among cards in all graveyards (Tarmogoyf, CR 604.3)."""
    return _GRAVEYARD_TYPES_CDA.search(text) is not None


def adds_one_toughness(text: str) -> bool:
    """Whether such a CDA's toughness is "that number plus 1" (Tarmogoyf)."""
    return _PLUS_ONE_TOUGHNESS.search(text) is not None


def uses_chosen_number(text: str) -> bool:
    """Whether a CDA sets power to the last chosen number and toughness to 7 minus it (Shapeshifter)."""
    return _CHOSEN_NUMBER_CDA.search(text) is not None


def adds_chosen_type(text: str) -> bool:
    """Whether the ability makes its object "the chosen type in addition to its other types"."""
    return _CHOSEN_TYPE.search(text) is not None


def applied_by_layers(text: str) -> bool:
    """Whether a static ability is a CDA the layer system applies itself (chosen type, Tarmogoyf,
    Shapeshifter, "each equal to the number of …") rather than one :func:`parse_static` reads."""
    return _APPLIED_BY_LAYERS.search(text) is not None


ALL_CREATURE_TYPES = "(every creature type)"
# CR 205.3g-i: the subtypes of card types other than creature (the rest are creature types).
SUBTYPES_OF = {
    "Artifact": frozenset({
        "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification",
        "Gold", "Incubator", "Junk", "Map", "Powerstone", "Treasure", "Vehicle",
    }),
    "Enchantment": frozenset({
        "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga", "Shard",
        "Shrine",
    }),
    "Land": frozenset({
        "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
        "Power-Plant", "Sphere", "Swamp", "Tower", "Urza’s", "Urza's",
    }),
}  # fmt: skip


CHOSEN_CREATURE_TYPE = "creature type"
"""The ``choices`` key of an "As ~ enters, choose a creature type" choice."""


# Color words as Oracle text writes them, to Scryfall letters ("white" -> "W").
COLOR_WORDS = {name: letter for letter, name in COLOR_NAMES.items()}
_HOST_ROLES = {"equipped": "Equipment", "enchanted": "Aura", "fortified": "Fortification"}
_VERBS = frozenset(
    [
        "gets",
        "get",
        "has",
        "have",
        "loses",
        "lose",
        "is",
        "are",
        "can't",
        "can",
        "attacks",
        "attack",
        "blocks",
        "block",
        "must",
        "doesn't",
        "don't",
        "assigns",
        "deals",
        "gains",
        "gain",
        "becomes",
        "become",
    ]
)
# "protection from X and from Y", "power and toughness", "base power and base toughness"
_KEPT_TOGETHER = (" and from ", " and toughness", " and base toughness")
_MANA_VALUE = r"each equal to (?:its|their) (?:mana value|converted mana cost)"
_BASE_PT = re.compile(
    rf"^base power and (?:base )?toughness (?:(?P<p>\d+)/(?P<t>\d+)|(?P<mv>{_MANA_VALUE}))$"
)
_PT = re.compile(r"^(?P<p>[+-]\d+)/(?P<t>[+-]\d+)$")
_FOR_EACH = re.compile(r"^(?P<p>[+-]\d+)/(?P<t>[+-]\d+) for each (?P<what>.+)$")
_SHARES_TYPE = re.compile(
    r"^other creature on the battlefield that shares (?:a|at least one) creature type with (?:it|them)$"
)
_KEYWORDISH = re.compile(
    r"^[a-z][a-z'-]*(?: [a-z'-]+)?"
    r"(?: \{[^}]+\}| \d+| from (?:all colors|[a-z]+)(?: and from (?:all colors|[a-z]+))*)?$"
)
_CONDITION = re.compile(
    r"^As long as (?P<role>enchanted|equipped|fortified) (?P<what>[a-zA-Z]+) "
    r"is (?:an? )?(?P<type>[A-Za-z]+), "
    r"it (?P<rest>.+)$"
)
_ATTACHED_SUBJECT = re.compile(
    r"^(?P<role>Equipped|Enchanted|Fortified) "
    r"(?P<what>creature|permanent|artifact|land|Equipment|planeswalker"
    r"|enchantment|Aura|Vehicle) (?P<rest>.+)$"
)
_COLORLESS_ALL = re.compile(
    r"^All (?:cards that aren't on the battlefield, spells, and )?permanents are colorless$"
)
# "is a Treefolk with base power and toughness 0/4", "is a creature in addition to its other types",
# "becomes an artifact creature with power and toughness each equal to its mana value" (CR 205.1a, 205.1b)
# "are 1/1 black creatures that are still lands", "are 2/2 creatures with first strike. They're still lands"
_TYPE_PHRASE = re.compile(
    r"^(?:an? )?(?:(?P<np>\d+)/(?P<nt>\d+) )?(?P<words>[A-Za-z' -]+?)"
    r"(?: with (?:(?P<quoted>\"[^\"]+\"|“[^”]+”)|(?:base )?power and (?:base )?toughness "
    rf"(?:(?P<p>\d+)/(?P<t>\d+)|(?P<mv>{_MANA_VALUE}))|(?P<keyword>[a-z][a-z ]*?)))?"
    r"(?:(?P<keep> in addition to (?:its|their) other (?:card |land |creature )?types)"
    r"|(?: that (?:are|is)|\. (?:They're|It's)) still (?:an? )?(?P<still>[a-z]+))?$"
)
_LEAVES_RIDER = re.compile(
    rf"\s*If (?:{re.escape(SELF)}|[A-Z][^.]*?) leaves the battlefield, "
    r"this effect continues until end of turn\.$"
)
_LOST_OTHERS = frozenset(["abilities", "card types", "creature types"])
# Conspiracy, Arcane Adaptation: the cards outside the battlefield are the chosen type too.
_SAME_OUTSIDE = re.compile(
    r"\s*The same is true for creature spells you control and creature cards you own that aren't on the "
    r"battlefield\.$"
)
_CHOSEN_TYPE_PHRASE = re.compile(
    r"^the chosen (?:creature )?type(?P<keep> in addition to (?:its|their) other (?:creature )?types)?$"
)
_AS_LONG_AS_FIRST = re.compile(r"^As long as (?P<condition>[^,]+), (?P<main>.+)$")
_AS_LONG_AS_AFTER = re.compile(rf"^(?P<main>{re.escape(SELF)} .+?) as long as (?P<condition>.+)$")
_OWN_PREDICATE = re.compile(rf"^(?P<who>{re.escape(SELF)}|it) (?P<rest>.+)$")
_COUNTERS = re.compile(
    rf"^(?:it|{re.escape(SELF)}) has (?P<n>a|an|one|\w+ or more) (?P<kind>[^ ]+(?: [a-z]+)?) counters? on it$"
)
_COUNTERS_THERE = re.compile(
    rf"^there are (?P<n>\w+ or more) (?P<kind>[^ ]+(?: [a-z]+)?) counters on (?:it|{re.escape(SELF)})$"
)
_YOU_CONTROL = re.compile(r"^you control (?P<n>a|an|another|\w+ or more) (?P<what>.+)$")
# "as long as it's attacking", "As long as ~ is blocking": the object itself in combat (a board has none).
_OWN_COMBAT = re.compile(rf"^(?:it's|it is|{re.escape(SELF)} is) (?P<combat>attacking|blocking)$")
_YOUR_TURN = re.compile(r"(?:it's|it is) (?P<negated>not )?your turn\.?")
_SELF_STATE = re.compile(rf"^(?:it's|it is|{re.escape(SELF)} is) (?P<what>.+)$")
_ATTACHED_ROLES = {"enchanted": "Aura", "equipped": "Equipment"}
_NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven")
    )
} | {"a": 1, "an": 1, "another": 1, "twenty": 20}
_ADJECTIVES = frozenset(
    [
        "Attacking",
        "Blocking",
        "Tapped",
        "Untapped",
        "Legendary",
        "Snow",
        "Basic",
        "Enchanted",
        "Equipped",
        "Unblocked",
        "Multicolored",
        "Monocolored",
        "Colorless",
        "Modified",
        "Historic",
        "Outlaw",
    ]
)
_PLURALS = {
    "elves": "Elf",
    "dwarves": "Dwarf",
    "wolves": "Wolf",
    "werewolves": "Werewolf",
    "merfolk": "Merfolk",
    "plains": "Plains",
}
# "Nonbasic lands", "Legendary creatures", "Snow lands": supertypes a subject can require or exclude.
_SUPERTYPE_WORDS = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow"}
_COMBAT = ("attacking", "blocking")
_TYPE_NOUNS = {
    "creature": "Creature",
    "permanent": None,
    "artifact": "Artifact",
    "land": "Land",
    "enchantment": "Enchantment",
    "planeswalker": "Planeswalker",
}


class Subject(Frozen):
    """Whom a static ability affects: the permanent it's attached to, or every permanent that qualifies."""

    attached: str | None = None  # "Equipment" / "Aura" / "Fortification": the object it's attached to
    other: bool = False  # "Other …": not the source itself
    types: tuple[str, ...] = ()  # card types the object must have ("Creature")
    not_types: tuple[str, ...] = ()  # "noncreature"
    not_subtypes: tuple[str, ...] = ()  # "non-Aura"
    supertypes: tuple[str, ...] = ()  # "Basic lands", "Legendary creatures"
    not_supertypes: tuple[str, ...] = ()  # "Nonbasic lands"
    subtypes: tuple[str, ...] = ()  # any of these ("Elf creatures", "Merfolk")
    chosen_subtype: bool = False  # "of the chosen type" (the source's "creature type" choice)
    colors: tuple[str, ...] = ()  # Scryfall letters the object must have ("White creatures")
    controller: str | None = None  # "you" / "opponents": relative to the source's controller
    token: bool | None = None  # "creature tokens" / "nontoken creatures"
    everywhere: bool = False  # "All cards that aren't on the battlefield, spells, and permanents": every zone
    itself: bool = False  # "~ has trample as long as …": only the object with the ability
    combat: str | None = None  # "Attacking creatures …": only while attacking / blocking (never on a board)


class HostCondition(Frozen):
    """ "As long as enchanted permanent is an Equipment" / "… is red": the host has that type or color."""

    type_word: str


class Requirement(Frozen):
    """ "As long as …": what must be true of the source or the board for the ability to apply (CR 604.2).

    Exactly one of the checks is set when the board decides it; none when it can't (it's your turn, the
    creature is attacking, life totals, cards in hand): then ``decided`` is False and the ability isn't
    applied, with a note saying what it would do (CR 611.3a).
    """

    text: str  # the wording after "as long as" ("it has ten or more +1/+1 counters on it")
    counters: tuple[str, int] | None = None  # the source has at least this many counters of this kind
    at_most: int | None = None  # … and no more than this many (a level symbol's "N1-N2", CR 711.2a)
    you_control: Subject | None = None  # its controller controls at least ``at_least`` such permanents
    at_least: int = 1
    tapped: bool | None = None  # the source is tapped (True) / untapped (False)
    attached: tuple[str, ...] = ()  # an Aura / Equipment is attached to the source ("enchanted or equipped")
    type_word: str = ""  # the source is of this color, card type or subtype ("~ is a Wall", "~ is red")
    combat: str = (
        ""  # "attacking" / "blocking": the affected creature is in combat, which a board never shows
    )
    # it's (True) or it's not (False) its controller's turn, which the board's ``turn`` decides
    your_turn: bool | None = None

    @property
    def decided(self) -> bool:
        """Whether the board decides it (else the answer depends on something a board doesn't show)."""
        return bool(
            self.counters or self.you_control or self.tapped is not None or self.attached or self.type_word
        )


class ForEach(Frozen):
    """ "for each …": what the amount counts on the board, relative to each affected object (layer 7c)."""

    text: str  # the wording after "for each"
    # Whom it counts. ``other``: not the source when it is such an object itself ("for each other enchantment"
    # on Ancestral Mask), else not the affected object (Bravado's "other creature", Coat of Arms).
    subject: Subject
    shares_creature_type: bool = False


class StaticAbility(Frozen):
    """A static ability parsed into whom it affects and the layered effects it has on each of them."""

    text: str
    subject: Subject
    condition: HostCondition | None = None
    requirement: Requirement | None = None  # "as long as …" about the source or the board
    parts: tuple[EffectSpec, ...] = ()  # what it does; pt_mana_value parts get the P/T per object
    pt_mana_value: bool = False  # "power and toughness each equal to its mana value" (layer 7b)
    # "are the chosen type": its subtype parts get the source's chosen creature type
    chosen_type: bool = False
    per: ForEach | None = None  # "gets +1/+1 for each …": its 7c parts are multiplied per affected object
    unrecognised: str = ""  # the wording after the recognised parts, which isn't applied
    # the wording after them that only restricts or requires ("can't block"): no characteristic changes
    restrictions: str = ""

    @property
    def layers(self) -> tuple[str, ...]:
        """The layers its parts apply in, in layer order (CR 613.1)."""
        found = {layer for part in self.parts for layer in layers_of(part)}
        return tuple(layer for layer in ("4", "5", "6", "7b", "7c") if layer in found)


def layers_of(spec: EffectSpec) -> tuple[str, ...]:
    """The layers (and sublayers) the effect ``spec`` applies in (CR 613.1, 613.4)."""
    if spec.kind is EffectKind.ANIMATE:
        return ("4", *(("5",) if spec.colors is not None else ()), *(("6",) if spec.abilities else ()), "7b")
    return _KIND_LAYERS[spec.kind]


_KIND_LAYERS: dict[EffectKind, tuple[str, ...]] = {
    EffectKind.ADD_TYPES: ("4",),
    EffectKind.ADD_SUBTYPES: ("4",),
    EffectKind.SET_TYPES: ("4",),
    EffectKind.SET_SUBTYPES: ("4",),
    EffectKind.SET_COLORS: ("5",),
    EffectKind.ADD_ABILITIES: ("6",),
    EffectKind.REMOVE_ABILITIES: ("6",),
    EffectKind.SET_PT: ("7b",),
    EffectKind.PUMP: ("7c",),
    EffectKind.SWITCH_PT: ("7d",),
    EffectKind.GAIN_CONTROL: ("2",),
}

_CHARACTERISTIC_WORDING = re.compile(
    r"\b(?:gets?|get) [+-]|\b(?:has|have|loses?|lose)\b|\b(?:is|are) (?:an? |all |every |colorless|white|blue"
    r"|black|red|green|the chosen|[A-Z]|\d+/\d+)|\bin addition to\b|\bpower\b|\btoughness\b",
)


def evaluated_by_zone_changes(text: str) -> bool:
    """Whether a static ability is applied by the zone-change code rather than parsed here (Duplicant)."""
    return last_exiled_with(text) is not None


def restricts_only(ability: StaticAbility) -> bool:
    """Whether a parsed static ability only says what objects can or must do, what they cost or how combat
    treats them ("~ can't block unless you have …", "~ attacks each combat if able"): no characteristic
    changes, so nothing for the layers (CR 613.1)."""
    return not ability.parts and not ability.unrecognised and bool(ability.restrictions)


def changes_characteristics(text: str) -> bool:
    """Whether a static ability's wording looks like it changes types, colors, abilities or P/T: not when
    every sentence only restricts or is about players (:func:`_restriction_sentence`)."""
    return not all(map(_restriction_sentence, sentences(text))) and bool(
        _CHARACTERISTIC_WORDING.search(without_quotes(text))
    )


# What objects can't, can or must do, what they cost and how combat damage is assigned: rules for actions,
# not characteristics (CR 508.1c-d, 509.1b-c, 510.1, 601.2f, 602.5, 613.1). "can't have or gain flying" is
# not among them: it decides the abilities an object has. "can't have counters put on it" stops an action
# (CR 122.1), which the actions that put counters decide.
_RESTRICTION = re.compile(
    r"^(?:(?:can't|cannot|doesn't|don't) (?:attack|block|be blocked|be countered|be the targets? of"
    r"|be targeted|be enchanted|be equipped|be fortified|be sacrificed|be regenerated"
    r"|be turned face up|transform|untap"
    r"|crew|be copied|have (?:[+-]\d+/[+-]\d+ )?counters put on)\b"
    r"|can (?:attack|block|be blocked|be your commander)\b"
    r"|(?:attacks?|blocks?)(?: or blocks?)? each (?:combat|turn) if able"
    r"|must be blocked\b"
    r"|assigns? (?:its |their |no )?combat damage\b"
    r"|costs? (?:\{[^}]*\})+ (?:less|more) to (?:cast|activate)\b)"
)
# A second effect joined to a restriction ("can't block and has flying"): the sentence changes more.
_JOINED_EFFECT = re.compile(
    r"(?:,|\band|\bor) (?:it |they )?(?:gets?|has|have|loses?|is|are|gains?|becomes?|can't have)\b"
)
# Players and decks have no characteristics (CR 109.1, 100.2): "You have no maximum hand size", "Each
# opponent's maximum hand size is reduced by one", "Your opponents can't cast spells during your turn".
_ABOUT_PLAYERS = re.compile(
    r"^(?:(?:[Yy]ou|[Yy]our opponents|[Ee]ach opponent|[Ee]ach player(?: who [^,]+?)?|[Pp]layers"
    r"|[Oo]pponents)"
    r" (?:can't|cannot|can|may|don't|doesn't|skip|(?:have|has) no maximum hand size)\b"
    r"|(?:Your|Each opponent's|Each player's|Your opponents') maximum hand size\b"
    r"|A deck can have\b)"
)
_LEADING_CONDITION = re.compile(r"^(?:If|As long as|Unless) [^,]+, ")


def _restriction_sentence(sentence: str) -> bool:
    """Whether one sentence of a static ability changes no characteristic of any object: it restricts or
    requires (:data:`_RESTRICTION`), or it is about players or decks."""
    sentence = _LEADING_CONDITION.sub("", sentence.strip().removesuffix("."), count=1)
    if not sentence or '"' in sentence or "“" in sentence or " copy " in f" {sentence} ":
        return False
    if _ABOUT_PLAYERS.match(sentence):
        return " enter" not in sentence  # "You may have ~ enter …" changes what enters
    words = sentence.split(" ")
    verb_at = next((i for i, word in enumerate(words) if word in _VERBS or word in ("cost", "costs")), None)
    if verb_at is None:
        return False
    return restriction_predicate(" ".join(words[verb_at:]))


def restriction_predicate(predicate: str) -> bool:
    """Whether a predicate ("can't be blocked except by Walls", "attack each combat if able") only restricts
    or requires, with no effect on characteristics joined to it."""
    return _RESTRICTION.match(predicate) is not None and _JOINED_EFFECT.search(predicate) is None


@cache
def parse_static(text: str) -> StaticAbility | None:
    """The static ability ``text`` as a :class:`StaticAbility`, or None when its subject isn't recognised.

    A recognised subject with a predicate partly understood keeps the rest in ``unrecognised``.
    """
    # The rider only matters once the source has left, when its static ability is no longer on the board.
    sentence = _LEAVES_RIDER.sub("", text.strip())
    outside = _SAME_OUTSIDE.search(sentence)
    sentence = _SAME_OUTSIDE.sub("", sentence).removesuffix(".")
    colorless = _COLORLESS_ALL.match(sentence)
    if colorless:
        subject = Subject(everywhere=sentence != "All permanents are colorless")
        return StaticAbility(
            text=text, subject=subject, parts=(EffectSpec(kind=EffectKind.SET_COLORS, colors=()),)
        )
    condition = _CONDITION.match(sentence)
    if condition:
        subject = Subject(attached=_HOST_ROLES[condition["role"]])
        predicate = _predicate(condition["rest"], plural=False)
        return _built(text, subject, predicate, HostCondition(type_word=condition["type"]))
    conditional = _AS_LONG_AS_FIRST.match(sentence) or _AS_LONG_AS_AFTER.match(sentence)
    if conditional and " as long as " not in conditional["condition"]:
        return _conditional(text, conditional["main"], conditional["condition"])
    global_conditional = _global_conditional(text, sentence)
    if global_conditional is not None:
        return global_conditional
    if sentence.startswith(f"{SELF} "):
        return _built(
            text, Subject(itself=True), _predicate(sentence.removeprefix(f"{SELF} "), plural=False), None
        )
    attached = _ATTACHED_SUBJECT.match(sentence)
    if attached:
        subject = Subject(attached=_HOST_ROLES[attached["role"].casefold()])
        return _built(text, subject, _predicate(attached["rest"], plural=False), None)
    parsed = _global(text, sentence)
    if parsed is None or outside is None or parsed.subject != Subject(types=("Creature",), controller="you"):
        return parsed
    # Off the battlefield it's the creature cards its controller owns (a board's cards are their owner's).
    return parsed.model_copy(update={"subject": parsed.subject.model_copy(update={"everywhere": True})})


def _built(
    text: str, subject: Subject, predicate: _Predicate, condition: HostCondition | None
) -> StaticAbility | None:
    per = predicate.per
    if (
        per
        and per.subject.other
        and not per.shares_creature_type
        and not (subject.attached or subject.itself)
    ):
        # "Creatures you control get +1/+1 for each other …": other than the source or than each creature?
        predicate = _Predicate(rest=f"gets {_pt_words(predicate.parts)} for each {per.text}")
    if not predicate.parts:
        return (
            None
            if not (predicate.rest or predicate.restrictions)
            else StaticAbility(
                text=text,
                subject=subject,
                condition=condition,
                unrecognised=predicate.rest,
                restrictions=predicate.restrictions,
            )
        )
    return StaticAbility(
        text=text,
        subject=subject,
        condition=condition,
        parts=predicate.parts,
        pt_mana_value=predicate.pt_mana_value,
        chosen_type=predicate.chosen_type,
        per=predicate.per,
        unrecognised=predicate.rest,
        restrictions=predicate.restrictions,
    )


def _conditional(text: str, main: str, condition: str) -> StaticAbility | None:
    """ "~ gets +1/+1 as long as you control an Island", "As long as ~ is equipped, it has …" (CR 604.2)."""
    own = _OWN_PREDICATE.match(main)
    # "it" is the source only when the condition names it; "As long as enchanted creature is …, it …" doesn't.
    if own and (own["who"] == SELF or condition.startswith((SELF, "it"))):
        parsed = _built(text, Subject(itself=True), _predicate(own["rest"], plural=False), None)
    elif own:
        return None
    else:
        inner = parse_static(main)
        # One requirement each: "As long as ~ is untapped, all creatures attacking you get -1/-0" has two.
        parsed = inner.model_copy(update={"text": text}) if inner and inner.requirement is None else None
    if parsed is None:
        return None
    combat = _OWN_COMBAT.match(condition) if parsed.subject.itself else None
    requirement = (
        Requirement(text=condition, combat=combat["combat"]) if combat else requirement_of(condition)
    )
    return parsed.model_copy(update={"requirement": requirement})


def _global_conditional(text: str, sentence: str) -> StaticAbility | None:
    """ "Artifacts you control have shroud as long as you control three or more artifacts" (Metalcraft):
    a global ability with its condition last (CR 604.2). Not when the condition is about each affected
    object ("… as long as it's not attacking"), which a requirement of the source can't say."""
    at = masked(sentence).find(" as long as ")
    if at < 0 or sentence.startswith(SELF):
        return None
    main, condition = sentence[:at], sentence[at + len(" as long as ") :]
    if " as long as " in condition or condition.startswith(("it ", "it's ", "they ", "they're ")):
        return None
    inner = parse_static(main)
    if inner is None or not inner.parts or inner.requirement is not None:
        return None
    return inner.model_copy(update={"text": text, "requirement": requirement_of(condition)})


def level_static(band: LevelBand, text: str) -> StaticAbility:
    """A level symbol as the static ability it stands for (CR 711.2a/b): as long as the creature has at least
    N1 (and, for "N1-N2", no more than N2) level counters on it, it has base power and toughness [P/T] and
    has the abilities of its striation."""
    upper = f", but no more than {band.high}" if band.high is not None else ""
    requirement = Requirement(
        text=f"it has at least {band.low} level counters on it{upper}",
        counters=("level", band.low),
        at_most=band.high,
    )
    parts: list[EffectSpec] = []
    if (
        band.power is not None
        and band.power.value is not None
        and band.toughness
        and band.toughness.value is not None
    ):
        parts.append(
            EffectSpec(kind=EffectKind.SET_PT, power=band.power.value, toughness=band.toughness.value)
        )
    if band.abilities:
        parts.append(EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=band.abilities))
    return StaticAbility(text=text, subject=Subject(itself=True), requirement=requirement, parts=tuple(parts))


def requirement_of(condition: str) -> Requirement:
    """The "as long as" ``condition`` as a :class:`Requirement` (undecided when the board can't tell)."""
    counters = _COUNTERS.match(condition) or _COUNTERS_THERE.match(condition)
    if counters and _number(counters["n"]):
        return Requirement(text=condition, counters=(counters["kind"], _number(counters["n"])))
    control = _YOU_CONTROL.match(condition)
    subject = _subject(control["what"].split(" ")) if control else None
    if (
        control
        and subject is not None
        and not subject.controller
        and not subject.combat
        and _number(control["n"])
    ):
        subject = subject.model_copy(update={"controller": "you", "other": control["n"] == "another"})
        return Requirement(text=condition, you_control=subject, at_least=_number(control["n"]))
    turn = _YOUR_TURN.fullmatch(condition)
    if turn:
        return Requirement(text=condition, your_turn=not turn["negated"])
    state = _SELF_STATE.match(condition)
    return _state_requirement(condition, state["what"]) if state else Requirement(text=condition)


def _state_requirement(condition: str, what: str) -> Requirement:
    """ "~ is untapped", "it's enchanted or equipped", "~ is a Wall", "~ is red"; else undecided."""
    if what in ("tapped", "untapped"):
        return Requirement(text=condition, tapped=what == "tapped")
    roles = [word for word in what.split(" or ") if word in _ATTACHED_ROLES]
    if roles and len(roles) == len(what.split(" or ")):
        return Requirement(text=condition, attached=tuple(_ATTACHED_ROLES[word] for word in roles))
    word = re.sub(r"^an? ", "", what)
    if word in COLOR_WORDS or word.casefold() in CARD_TYPE_WORDS or (word[:1].isupper() and word.isalpha()):
        return Requirement(text=condition, type_word=word)
    return Requirement(text=condition)


def _number(word: str) -> int:
    """ "a" → 1, "ten or more" → 10, "3 or more" → 3; 0 when it isn't such a count."""
    word = word.removesuffix(" or more")
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word, 0)


def _global(text: str, sentence: str) -> StaticAbility | None:
    """ "Creatures you control get …", "Other Merfolk get …", "All permanents are …", "Each noncreature …"."""
    words = sentence.split(" ")
    verb_at = next((i for i, word in enumerate(words) if word in _VERBS), None)
    if verb_at is None or verb_at == 0:
        return None
    subject = _subject(words[:verb_at])
    if subject is None:
        return None
    plural = words[verb_at] in ("get", "have", "lose", "are", "gain", "become")
    built = _built(text, subject, _predicate(" ".join(words[verb_at:]), plural=plural), None)
    if built is None or subject.combat is None:
        return built
    combat = Requirement(text=f"it's {subject.combat}", combat=subject.combat)
    return built.model_copy(update={"requirement": combat})


# "creatures attacking you", "Creatures blocking or blocked by ~": subjects that exist only in combat.
_COMBAT_TAILS: dict[str, dict[str, object]] = {
    "attacking you": {"combat": "attacking", "controller": "opponents"},
    f"blocking or blocked by {SELF}": {"combat": "blocking or blocked", "other": True},
    f"blocking {SELF}": {"combat": "blocking", "other": True},
    f"blocked by {SELF}": {"combat": "blocked", "other": True},
}  # a creature never blocks itself: the ones blocking or blocked by ~ are other creatures
_COMBAT_TAIL = re.compile(rf"^(?P<rest>\S.*?) (?P<tail>{'|'.join(map(re.escape, _COMBAT_TAILS))})$")
# "creature you control that's a Wolf or a Werewolf", "that's a Barbarian, a Warrior, or a Berserker".
_THATS_A = re.compile(r"^(?P<rest>\S.*?) that's (?P<list>an? [A-Z][\w-]*(?:,? (?:or )?an? [A-Z][\w-]*)*)$")
_CONTROLLER_PHRASES = (
    (" you control of the chosen type", "you", True),
    (" you control", "you", False),
    (" your team controls", "you", False),  # a board's players have no teammates (CR 810.1)
    (" your opponents control", "opponents", False),
)


def _subject(words: list[str]) -> Subject | None:
    """The qualifiers of a global subject, or None when a word isn't understood ("Attacking creatures")."""
    if words[0].casefold() in ("all", "each"):
        words = words[1:]
    tail = " ".join(words)
    in_combat = _COMBAT_TAIL.match(tail)
    if in_combat:
        found = _subject(in_combat["rest"].split(" "))
        return found.model_copy(update=_COMBAT_TAILS[in_combat["tail"]]) if found else None
    any_of = _THATS_A.match(tail)
    if any_of:
        found = _subject(any_of["rest"].split(" "))
        subtypes = tuple(re.findall(r"\ban? ([A-Z][\w-]*)", any_of["list"]))
        return found.model_copy(update={"subtypes": subtypes}) if found and not found.subtypes else None
    subject = Subject()
    for phrase, controller, chosen in _CONTROLLER_PHRASES:
        if tail.endswith(phrase):
            subject = Subject(controller=controller, chosen_subtype=chosen)
            tail = tail.removesuffix(phrase)
            break
    words = tail.split(" ") if tail else []
    if words and words[0].casefold() == "other":
        subject = subject.model_copy(update={"other": True})
        words = words[1:]
    if not words:
        return None
    for position, word in enumerate(words):
        qualified = _qualified(subject, word, last=position == len(words) - 1)
        if qualified is None:
            return None
        subject = qualified
    return subject


def _qualified(subject: Subject, word: str, *, last: bool) -> Subject | None:
    """``subject`` narrowed by one more word; None when it isn't a word a subject can be made of."""
    lowered = word.casefold()
    singular = _singular(lowered)
    negated = _singular(lowered[3:]) if lowered.startswith("non") else ""
    update: dict[str, object]
    if lowered in COLOR_WORDS:
        update = {"colors": (*subject.colors, COLOR_WORDS[lowered])}
    elif lowered in _SUPERTYPE_WORDS and not last:
        update = {"supertypes": (*subject.supertypes, _SUPERTYPE_WORDS[lowered])}
    elif lowered.startswith("non") and lowered[3:] in _SUPERTYPE_WORDS and not last:
        update = {"not_supertypes": (*subject.not_supertypes, _SUPERTYPE_WORDS[lowered[3:]])}
    elif singular in _TYPE_NOUNS:
        card_type = _TYPE_NOUNS[singular]
        update = {"types": (*subject.types, card_type)} if card_type else {}
    elif negated in _TYPE_NOUNS and not last:
        update = {"not_types": (*subject.not_types, _TYPE_NOUNS[negated] or "")}
    elif lowered.startswith("non-") and not last:
        update = {"not_subtypes": (*subject.not_subtypes, word[4:])}
    elif lowered in _COMBAT and subject.combat in (None, "attacking"):
        update = {"combat": lowered}
    elif lowered == "unblocked" and subject.combat is None:
        update = {"combat": "attacking"}  # only attacking creatures are unblocked (CR 509.1h)
    elif singular == "token" or lowered == "nontoken":
        update = {"token": singular == "token"}
    elif (
        word[:1].isupper() and word.isalpha() and singular not in CARD_TYPE_WORDS and _could_be_subtype(word)
    ):
        subtype = _PLURALS.get(lowered, word[:-1] if last and word.endswith("s") else word)
        update = {"subtypes": (*subject.subtypes, subtype)}
    else:
        return None
    return subject.model_copy(update=update)


def _could_be_subtype(word: str) -> bool:
    """Capitalised words that start a sentence but aren't subtypes ("Attacking creatures", "Nonwhite …")."""
    return word not in _ADJECTIVES and not word.startswith("Non")


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


@dataclass
class _Predicate:
    parts: tuple[EffectSpec, ...] = ()
    rest: str = ""
    pt_mana_value: bool = False
    chosen_type: bool = False
    per: ForEach | None = None
    restrictions: str = ""
    found: list[EffectSpec] = field(default_factory=list)


def _predicate(text: str, *, plural: bool) -> _Predicate:
    """The effects of "gets +2/+0 and has first strike, vigilance, and \"…\"": recognised groups in order."""
    counted = _for_each(text)
    if counted is not None:
        return counted
    groups = _verb_groups(_items(text))
    result = _Predicate()
    for position, (verb, items) in enumerate(groups):
        lost = _others_lost(verb, items)
        specs = _group_effect(verb, items) if lost is None else _losing_others(result.found, lost)
        if not specs:
            rest = _joined(groups[position:])
            if restriction_predicate(rest):
                result.restrictions = rest
            else:
                result.rest = rest
            break
        result.found[:] = specs if lost is not None else [*result.found, *specs]
    result.parts = tuple(result.found)
    result.pt_mana_value = any(sets_mana_value(part) for part in result.parts)
    result.chosen_type = any(gets_chosen_type(part) for part in result.parts)
    return result


def _for_each(text: str) -> _Predicate | None:
    """ "gets +1/+1 for each Forest you control", "… for each other creature on the battlefield that shares at
    least one creature type with it": a 7c pump counted per affected object. Only the whole predicate: a
    count joined with other effects stays unrecognised, and so do counts the board can't make (combat)."""
    verb, _, rest = text.partition(" ")
    match = _FOR_EACH.match(rest) if verb in ("gets", "get") else None
    if match is None:
        return None
    what = match["what"]
    if _SHARES_TYPE.match(what):
        per = ForEach(text=what, subject=Subject(types=("Creature",), other=True), shares_creature_type=True)
    else:
        subject = _subject(what.removesuffix(" on the battlefield").split(" "))
        if subject is None or subject.combat is not None:
            return None
        per = ForEach(text=what, subject=subject)
    pump = EffectSpec(kind=EffectKind.PUMP, power=int(match["p"]), toughness=int(match["t"]))
    return _Predicate(parts=(pump,), per=per)


def _pt_words(parts: tuple[EffectSpec, ...]) -> str:
    return " ".join(f"{part.power:+d}/{part.toughness:+d}" for part in parts)


def gets_chosen_type(part: EffectSpec) -> bool:
    """A layer 4 part whose creature type is the source's chosen type (filled in per source)."""
    return part.kind in (EffectKind.ADD_SUBTYPES, EffectKind.SET_SUBTYPES) and part.subtypes == ()


def sets_mana_value(part: EffectSpec) -> bool:
    """A 7b part whose numbers are each affected object's mana value (filled in per object)."""
    return part.kind is EffectKind.SET_PT and part.power is None


def _others_lost(verb: str, items: list[str]) -> tuple[str, ...] | None:
    """ "loses all other abilities, card types, and creature types": what it loses besides what it gets."""
    if verb not in ("loses", "lose") or not items or not items[0].startswith("all other "):
        return None
    lost = (items[0].removeprefix("all other "), *items[1:])
    return lost if set(lost) <= _LOST_OTHERS else None


def _losing_others(found: list[EffectSpec], lost: tuple[str, ...]) -> list[EffectSpec]:
    """The effect's parts so far with "all other …" lost: its types set rather than added (CR 205.1a), and
    every ability removed before the ones it grants."""
    if not found:
        return []
    changed = [
        part.model_copy(update={"kind": EffectKind.SET_TYPES})
        if part.kind is EffectKind.ADD_TYPES and "card types" in lost
        else part.model_copy(update={"kind": EffectKind.SET_SUBTYPES})
        if part.kind is EffectKind.ADD_SUBTYPES and "creature types" in lost
        else part
        for part in found
    ]
    removal = (
        [EffectSpec(kind=EffectKind.REMOVE_ABILITIES, all_abilities=True)] if "abilities" in lost else []
    )
    return [*removal, *changed]


def _group_effect(verb: str, items: list[str]) -> list[EffectSpec]:
    """One verb group as effects, or none when the wording isn't one this module applies."""
    if verb in ("gets", "get") and len(items) == 1 and _PT.match(items[0]):
        match = _PT.match(items[0])
        assert match is not None
        return [EffectSpec(kind=EffectKind.PUMP, power=int(match["p"]), toughness=int(match["t"]))]
    base = _BASE_PT.match(items[0]) if verb in ("has", "have") and len(items) == 1 else None
    if base:
        return [_set_pt(base)]
    if verb in ("has", "have") and items and all(_grantable(item) for item in items):
        return [EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=tuple(_granted(item) for item in items))]
    if verb in ("loses", "lose") and items == ["all abilities"]:
        return [EffectSpec(kind=EffectKind.REMOVE_ABILITIES, all_abilities=True)]
    if verb in ("loses", "lose") and items and all(_KEYWORDISH.match(item) for item in items):
        return [
            EffectSpec(kind=EffectKind.REMOVE_ABILITIES, abilities=tuple(_granted(item) for item in items))
        ]
    chosen = _CHOSEN_TYPE_PHRASE.match(items[0]) if verb in ("is", "are") and len(items) == 1 else None
    if chosen:
        # CR 205.1a: "is the chosen type" replaces its creature types; "in addition to" keeps them (205.1b).
        kind = EffectKind.ADD_SUBTYPES if chosen["keep"] else EffectKind.SET_SUBTYPES
        return [EffectSpec(kind=kind, subtypes=())]
    if verb in ("is", "are", "becomes", "become") and len(items) == 1:
        return _is_effect(items[0])
    return []


def _set_pt(match: re.Match[str]) -> EffectSpec:
    """Layer 7b: "base power and toughness 0/4", or each object's mana value (numbers filled in later)."""
    if match["mv"]:
        return EffectSpec(kind=EffectKind.SET_PT)
    return EffectSpec(kind=EffectKind.SET_PT, power=int(match["p"]), toughness=int(match["t"]))


def _is_effect(phrase: str) -> list[EffectSpec]:
    """ "is a blue Frog creature with base power and toughness 1/1", "is red", "are artifacts in addition to
    their other types": layers 4, 5, 6 and 7b parts (CR 205.1a, 205.1b)."""
    if phrase in COLOR_WORDS or phrase == "colorless":
        return [EffectSpec(kind=EffectKind.SET_COLORS, colors=_named_colors([phrase]))]
    match = _TYPE_PHRASE.match(phrase)
    words = _phrase_words(match["words"], plural=not phrase.startswith(("a ", "an "))) if match else None
    if match is None or words is None:
        return []
    colors, types, subtypes = words
    still = match["still"]
    if match["keep"] and colors is not None:
        return []  # "in addition to its other colors" isn't an effect kind here
    if still is not None and _singular(still) not in CARD_TYPE_WORDS:
        return []
    if match["keyword"] is not None and not _KEYWORDISH.match(match["keyword"]):
        return []
    keep = bool(match["keep"] or still)
    specs = [EffectSpec(kind=EffectKind.SET_COLORS, colors=colors)] if colors is not None else []
    if types:
        # "artifact creature" keeps its other types (205.1b); other card types replace them (205.1a).
        adds = keep or set(types) == {"Artifact", "Creature"}
        specs.append(EffectSpec(kind=EffectKind.ADD_TYPES if adds else EffectKind.SET_TYPES, types=types))
    if subtypes:
        kind = EffectKind.ADD_SUBTYPES if keep else EffectKind.SET_SUBTYPES
        specs.append(EffectSpec(kind=kind, subtypes=subtypes))
    granted = match["quoted"] or match["keyword"]
    if granted:
        specs.append(EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=(_granted(granted),)))
    if match["p"] or match["mv"]:
        specs.append(_set_pt(match))
    elif match["np"]:
        specs.append(EffectSpec(kind=EffectKind.SET_PT, power=int(match["np"]), toughness=int(match["nt"])))
    return specs if types or subtypes else []


def _phrase_words(
    text: str, *, plural: bool
) -> tuple[tuple[str, ...] | None, tuple[str, ...], tuple[str, ...]] | None:
    """ "colorless land" / "blue Frog creature" / "artifacts": colors (None: not named), card types,
    subtypes; None when a word is none of them."""
    colors: list[str] | None = None
    types: list[str] = []
    subtypes: list[str] = []
    for word in text.split(" "):
        singular = _singular(word.casefold())
        if word in COLOR_WORDS or word == "colorless":
            colors = [*(colors or []), word]
        elif singular in CARD_TYPE_WORDS:
            types.append(singular.capitalize())
        elif word[:1].isupper() and word.isalpha():
            subtypes.append(
                _PLURALS.get(word.casefold(), word[:-1] if plural and word.endswith("s") else word)
            )
        else:
            return None
    return (_named_colors(colors) if colors is not None else None), tuple(types), tuple(subtypes)


def _named_colors(words: list[str]) -> tuple[str, ...]:
    return tuple(COLOR_WORDS[word] for word in words if word in COLOR_WORDS)


def _grantable(item: str) -> bool:
    return item.startswith(('"', "“")) or bool(_KEYWORDISH.match(item))


def _granted(item: str) -> str:
    if item.startswith(('"', "“")):
        return item.strip('"“”')
    return item[:1].upper() + item[1:]


def _items(text: str) -> list[str]:
    """Split a predicate at ", and", ", " and " and " outside quotes
    ("protection from X and from Y" stays)."""
    pieces: list[str] = []
    current = ""
    quoted = False
    position = 0
    while position < len(text):
        char = text[position]
        if char in '"“”':
            quoted = not quoted if char == '"' else char == "“"
        if not quoted:
            for separator in (", and ", ", ", " and "):
                if text.startswith(separator, position) and not text.startswith(_KEPT_TOGETHER, position):
                    pieces.append(current)
                    current = ""
                    position += len(separator)
                    break
            else:
                current += char
                position += 1
            continue
        current += char
        position += 1
    pieces.append(current)
    return [piece.strip() for piece in pieces if piece.strip()]


def _verb_groups(items: list[str]) -> list[tuple[str, list[str]]]:
    """Items grouped under the verb that starts them: "gets +1/+1", "has flying, first strike"."""
    groups: list[tuple[str, list[str]]] = []
    for item in items:
        verb, _, rest = item.removeprefix("it ").removeprefix("they ").partition(" ")
        if verb in _VERBS:
            groups.append((verb, [rest] if rest else []))
        elif groups:
            groups[-1][1].append(item)
        else:
            groups.append(("", [item]))
    return groups


def _joined(groups: list[tuple[str, list[str]]]) -> str:
    return ", ".join(" ".join((verb, ", ".join(items))).strip() for verb, items in groups)


class NamedSubject(Frozen):
    """What the subject of a static wording :func:`parse_static` doesn't understand names (the words before
    its verb), for telling which objects it could affect."""

    theirs: bool  # "your opponents control" / "an opponent controls"
    yours: bool  # "you control"
    other: bool  # "other"
    not_types: frozenset[str]  # card types of its "non…" words ("noncreature")
    types: frozenset[str]  # card types it names
    subtypes: frozenset[str]  # the forms of the subtypes it names ("Saprolings", "Saproling")


def named_subject(text: str) -> NamedSubject:
    """The controller, "other", card types and subtypes the subject of ``text`` names."""
    words = without_quotes(text).replace(",", "").split(" ")
    verb_at = next((i for i, word in enumerate(words) if word in _VERBS), len(words))
    subject = words[:verb_at]
    lowered = [word.casefold() for word in subject]
    phrase = f" {' '.join(lowered)} "
    subtypes = {
        form
        for w in subject
        if _names_a_subtype(w)
        for form in (w, w.removesuffix("s"), _PLURALS.get(w.casefold()))
    }
    return NamedSubject(
        theirs=" opponents control " in phrase or " opponent controls " in phrase,
        yours=" you control " in phrase,
        other="other" in lowered,
        not_types=frozenset(_named_types(word[3:] for word in lowered if word.startswith("non"))),
        types=frozenset(_named_types(lowered)),
        subtypes=frozenset(s for s in subtypes if s),
    )


def _named_types(words: Iterable[str]) -> set[str]:
    return {card_type for word in words if (card_type := _TYPE_NOUNS.get(_singular(word)))}


def _names_a_subtype(word: str) -> bool:
    return (
        word[:1].isupper()
        and word.isalpha()
        and word.casefold() not in ("all", "each", "other", *CARD_TYPE_WORDS, *(f"{t}s" for t in _TYPE_NOUNS))
        and _could_be_subtype(word)
    )


class EnchantQuality(Frozen):
    """What an Enchant keyword's quality ("creature you control", "Forest") asks of the enchanted object."""

    type_word: str  # its first word, singular and casefolded ("creature")
    known: bool  # that word is a card type, "permanent", "Equipment" or "Aura" (else a host can't be checked)
    yours: bool  # "… you control"


def enchant_quality_of(quality: str) -> EnchantQuality:
    """The parts of an Enchant quality the attachment rules check (CR 303.4a)."""
    first = quality.split(" ")[0].casefold()
    return EnchantQuality(
        type_word=_singular(first),
        known=first in (*_TYPE_NOUNS, "equipment", "aura"),
        yours=quality.endswith(" you control"),
    )


def self_referencing(text: str) -> bool:
    """Whether a static ability is about its own object ("~ gets +1/+1 as long as …")."""
    return text.startswith((SELF, f"As long as {SELF}")) or f", {SELF} " in text
