"""Short Oracle wordings the board's actions and answers ask about, read here so they match no text.

Each reader takes an ability's reasoning text (self-references already :data:`engine.core.model.SELF`)
and returns what the wording says, or None when the text doesn't say it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal, Protocol

from engine.core.model import SELF
from engine.core.results import CHARACTERISTICS
from engine.oracle.text import strip_reminder, without_quotes

_STATIC_COPY = re.compile(r"\bis a copy of\b")
_ANIMATION = re.compile(r"~ becomes an? (?P<what>\d+/\d+ [^.]+?) until end of turn")
_NO_COUNTERS = re.compile(rf"^When {re.escape(SELF)} has no (?P<kind>\S+) counters on it")
_SELF_PT = re.compile(
    rf"^{re.escape(SELF)}(?:'s)? (?P<what>power and toughness|power|toughness) (?:is|are) (?:each )?equal to"
    r"|\band (?P<also>its toughness|its power) (?:is|are) (?:each )?equal to"
)
_EXILED_TOTAL = re.compile(
    r"power is equal to the total power of the exiled cards"
    r" and its toughness is equal to their total toughness"
)
_EXILED_MANA_VALUE = re.compile(
    r"power and toughness are each equal to the exiled card's (?:mana value|converted mana cost)"
)
_LIFE_PT = re.compile(r"power and toughness are each equal to your life total")
# Which characteristics a static ability's wording may change, by the words it uses (CR 613.1). Words
# naming a characteristic only to pick objects ("creature named ~", "with power 2 or less", "red or green
# instant") change nothing: a name changes only by "is named" or "has that card's name" (CR 201.2).
_WORDED = (
    (
        ("power", "toughness"),
        re.compile(r"[+-][\dXYx*½]+/[+-][\dXYx*½]+|\bpower\b|\btoughness\b|\b\d+/\d+\b"),
    ),
    (("abilities",), re.compile(r"\b(?:has|have|gains?|loses?|lose)\b|\b\d+/\d+ [^.]*?\bwith\b")),
    (
        ("types", "subtypes"),
        re.compile(
            r"\b(?:is|are|it's|he's|she's|they're) (?:an? |all |every |the chosen|[A-Z])"
            r"|\bin addition to\b|type"
        ),
    ),
    (("subtypes",), re.compile(r"\bSUBTYPES\b")),
    (
        ("colors",),
        re.compile(
            r"\b(?:is|are|it's|he's|she's|they're|becomes?|be) (?:also )?(?:an? )?(?:[\dX*]+/[\dX*]+ )?"
            r"(?:legendary )?(?:colorless|white|blue|black|red|green|all colors"
            r"|the chosen color|the colors?|that color|each color)\b|\bother colors\b"
        ),
    ),
    (
        ("name",),
        re.compile(r"\b(?:is|are|becomes?) named\b|\bname is\b|\b(?:has|have) (?:the|that card's) name\b"),
    ),
)
# "has the full text of that card" (Volrath's Shapeshifter) and "is a copy of" give every characteristic
# (CR 707.2, 613.2): the text names no one of them.
_EVERY_CHARACTERISTIC = re.compile(r"\bfull text\b|\b(?:is|are|becomes?) a copy of\b")
# What only picks objects or states a condition, never a change: "If …, ", "… as long as …" (CR 604.1) and
# "with power 4 or greater", "for each basic land type among lands you control" (a count), "that share a
# creature type with it".
_CONDITION = re.compile(r"(?:^|(?<=\. ))(?:If|As long as|Unless) [^,.]+, | (?:as long as|unless|if) [^,.]*")
_PT_FILTER = re.compile(
    r"\bwith (?:the )?(?:greatest|least) (?:power|toughness)\b"
    r"|\bwith (?:total |base )?(?:power|toughness)(?: (?:or|and) toughness)? (?:\d+|X) or (?:less|greater)\b"
    r"|\b[Ff]or each (?:(?! and (?:has|have|gains?|loses?|lose|is|are|gets?)\b)[^.,])*"
    r"|\bthat shares? (?:an? )?(?:creature type|SUBTYPES|color|card type) with [^.,]*? (?=get|have|has)"
)
_PROTECTION_FROM = re.compile(r"\bprotection from [^.;]*")
# Land and creature types are subtypes (CR 205.3): "are every basic land type", "loses all creature types"
# change no card type, so they never make whether it is a creature (and its P/T, 208.3) unknown.
_SUBTYPE_WORDING = re.compile(
    r"\b(?:is|are) every (?:basic land|land|creature) type(?: in addition to (?:its|their) other types)?\b"
    r"|\b(?:in addition to (?:its|their) other )?(?:basic land|land|creature) types?\b"
)
# "is the chosen color in addition to its other colors": a color change (CR 105.3, 613.1e), no type change.
_COLOR_WORDING = re.compile(r"\bthe chosen color\b|\bin addition to (?:its|their) other colors\b")
ALL_CHARACTERISTICS = CHARACTERISTICS  # what an unreadable wording or an unknown copy could change: all


def is_static_copy(text: str) -> bool:
    """Whether a copy effect's text is a static "… is a copy of …" (Essence of the Wild, CR 707.2)."""
    return _STATIC_COPY.search(text) is not None


def self_animation(text: str) -> str | None:
    """What "~ becomes a 1/1 Blinkmoth artifact creature with flying until end of turn" makes it."""
    match = _ANIMATION.search(text)
    return match["what"] if match else None


def no_counters_trigger(text: str) -> str | None:
    """The counter kind of a state trigger like Dark Depths' "When ~ has no ice counters on it"."""
    match = _NO_COUNTERS.match(text)
    return match["kind"] if match else None


def self_defined_numbers(text: str) -> tuple[str, ...]:
    """Which of "power"/"toughness" a CDA like "~'s power is equal to …" defines (CR 208.2a)."""
    found: list[str] = []
    for match in _SELF_PT.finditer(text):
        what = match["what"] or match["also"].removeprefix("its ")
        found += what.split(" and ")
    return tuple(dict.fromkeys(found))


def pt_from_exiled_cards(text: str) -> Literal["totals", "mana value"] | None:
    """How a CDA defines P/T from the cards exiled with the object (CR 607.2b): their total power and
    toughness (Sutured Ghoul) or the exiled card's mana value (Living Lore); None when it doesn't."""
    if _EXILED_TOTAL.search(text):
        return "totals"
    return "mana value" if _EXILED_MANA_VALUE.search(text) else None


_FACE_DOWN_PT = re.compile(
    r"power and toughness are each equal to the number of face-down creatures on the battlefield"
)


def pt_from_face_down_creatures(text: str) -> bool:
    """Whether a CDA sets power and toughness each equal to the number of face-down creatures on the
    battlefield (Ixidron, CR 604.3, 708.2)."""
    return _FACE_DOWN_PT.search(text) is not None


_PROTOTYPE = re.compile(r"^(?P<cost>(?:\{[^}]+\})+) — (?P<power>[^/\s]+)/(?P<toughness>\S+)$")


PROTOTYPE_CHARACTERISTICS = ("mana cost", "colors", "power", "toughness")
"""What casting a prototype card prototyped changes (CR 718.3b): the colors follow the mana cost."""


class _Keyworded(Protocol):
    @property
    def keyword(self) -> str | None: ...

    @property
    def keyword_parameter(self) -> str | None: ...


def prototype_of(abilities: Iterable[_Keyworded]) -> tuple[tuple[str, ...], str, str] | None:
    """The mana cost and power/toughness of the "Prototype {1}{R} — 2/2" keyword among ``abilities`` (its
    inset frame, CR 718.1); None when it has none (or one this reader can't read)."""
    parameter = next((a.keyword_parameter for a in abilities if a.keyword == "Prototype"), None)
    found = _PROTOTYPE.match((parameter or "").strip())
    if found is None:
        return None
    return tuple(re.findall(r"\{[^}]+\}", found["cost"])), found["power"], found["toughness"]


def pt_from_life(text: str) -> bool:
    """Whether a CDA sets power and toughness each equal to its controller's life total (Serra Avatar,
    CR 604.3, 119)."""
    return _LIFE_PT.search(text) is not None


def characteristics_worded(text: str) -> tuple[str, ...]:
    """The characteristics an unrecognised static wording could change (all, when its words don't say).
    What follows "protection from" is the quality of an ability (CR 702.16a), not a color or type it gives;
    "the chosen color in addition to its other colors" changes colors only (CR 105.3, 613.1e); a quoted
    ability is one ability granted (CR 113.1a), whatever its words; a condition or a filter names what
    objects it looks at, not what it changes; "has the full text of" or "is a copy of" changes everything."""
    text = without_quotes(text)
    if _EVERY_CHARACTERISTIC.search(text):
        return ALL_CHARACTERISTICS
    text = _COLOR_WORDING.sub("other colors", _PROTECTION_FROM.sub("protection", text))
    text = _SUBTYPE_WORDING.sub("SUBTYPES", text)
    # a wording whose every change word is in a condition or a filter is one this reading misses: what
    # its words say then is the best reading there is (never nothing)
    return _worded(_PT_FILTER.sub("", _CONDITION.sub("", text))) or _worded(text) or ALL_CHARACTERISTICS


def _worded(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(name for names, pattern in _WORDED if pattern.search(text) for name in names))


def name_standing_for_self(rules_text: str, text: str) -> str | None:
    """What the printed ``text`` says where its reasoning text ``rules_text`` says SELF: the name the card
    printed ("named Brothers Yamazaki", CR 201.2); None when the two don't line up or it says no name."""
    pieces = strip_reminder(rules_text).split(SELF)
    if len(pieces) < 2:
        return None
    pattern = "(.+?)".join(re.escape(piece) for piece in pieces)
    found = re.fullmatch(pattern, strip_reminder(text), re.DOTALL)
    names = set(found.groups()) if found else set()
    return names.pop() if len(names) == 1 and SELF not in names else None
