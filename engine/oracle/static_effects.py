"""What a static ability does to each object it affects (CR 613.1, 613.4, 205.1): its predicate ("gets
+2/+0 and has first strike", "is a blue Frog creature with base power and toughness 1/1", "gets +1/+1
for each Forest you control") read into layered effect parts, and the predicates that only restrict or
require (CR 508.1c-d, 509.1b-c, 601.2f).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.core.characteristics import CARD_TYPE_WORDS
from engine.core.effects import EffectKind, EffectSpec
from engine.core.model import Frozen
from engine.oracle.static_subjects import COLOR_WORDS, PLURALS, VERBS, Subject, singular_form, subject_of
from engine.oracle.text_change import BASIC_LAND_TYPES

_PT = re.compile(r"^(?P<p>[+-]\d+)/(?P<t>[+-]\d+)$")


def pt_modifier(text: str) -> tuple[int, int] | None:
    """The numbers of a P/T modifier like "+1/+1" or "-1/-1" (a counter's name, an effect's), or None."""
    match = _PT.match(text)
    return (int(match["p"]), int(match["t"])) if match else None


# "protection from X and from Y", "power and toughness", "base power and base toughness"
_KEPT_TOGETHER = (" and from ", " and toughness", " and base toughness")
_MANA_VALUE = r"each equal to (?:its|their) (?:mana value|converted mana cost)"
_BASE_PT = re.compile(
    rf"^base power and (?:base )?toughness (?:(?P<p>\d+)/(?P<t>\d+)|(?P<mv>{_MANA_VALUE}))$"
)
# "gets -X/-X, where X is your life total" (Death's Shadow, CR 119): X is the source's controller's life.
_LIFE_X = re.compile(r"^gets? (?P<p>[+-])X/(?P<t>[+-])X, where X is your life total$")
_FOR_EACH = re.compile(r"^(?P<p>[+-]\d+)/(?P<t>[+-]\d+) for each (?P<what>.+)$")
_SHARES_TYPE = re.compile(
    r"^other creature on the battlefield that shares (?:a|at least one) creature type with (?:it|them)$"
)
_KEYWORDISH = re.compile(
    r"^[a-z][a-z'-]*(?: [a-z'-]+)?"
    r"(?: \{[^}]+\}| \d+| from (?:all colors|[a-z]+)(?: and from (?:all colors|[a-z]+))*)?$"
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
CHOSEN_COLOR = "the chosen color"
"""What an effect part names where the source's chosen color goes (filled in per source, CR 607.2d)."""
_CHOSEN_COLOR_PHRASE = re.compile(r"^the chosen color(?P<keep> in addition to (?:its|their) other colors)?$")
_EVERY_BASIC_TYPE = re.compile(
    r"^every basic land type(?P<keep> in addition to (?:its|their) other (?:land )?types)?$"
)
_LOST_OTHERS = frozenset(["abilities", "card types", "creature types"])
_CHOSEN_TYPE_PHRASE = re.compile(
    r"^the chosen (?:creature )?type(?P<keep> in addition to (?:its|their) other (?:creature )?types)?$"
)


class ForEach(Frozen):
    """ "for each …": what the amount counts on the board, relative to each affected object (layer 7c)."""

    text: str  # the wording after "for each"
    # Whom it counts. ``other``: not the source when it is such an object itself ("for each other enchantment"
    # on Ancestral Mask), else not the affected object (Bravado's "other creature", Coat of Arms).
    subject: Subject
    shares_creature_type: bool = False


def layers_of(spec: EffectSpec) -> tuple[str, ...]:
    """The layers (and sublayers) the effect ``spec`` applies in (CR 613.1, 613.4)."""
    if spec.kind is EffectKind.ANIMATE:
        return ("4", *(("5",) if spec.colors is not None else ()), *(("6",) if spec.abilities else ()), "7b")
    return _KIND_LAYERS[spec.kind]


_KIND_LAYERS: dict[EffectKind, tuple[str, ...]] = {
    EffectKind.ADD_TYPES: ("4",),
    EffectKind.ADD_SUBTYPES: ("4",),
    EffectKind.SET_TYPES: ("4",),
    EffectKind.REMOVE_TYPES: ("4",),
    EffectKind.SET_SUBTYPES: ("4",),
    EffectKind.SET_COLORS: ("5",),
    EffectKind.ADD_COLORS: ("5",),
    EffectKind.ADD_ABILITIES: ("6",),
    EffectKind.REMOVE_ABILITIES: ("6",),
    EffectKind.SET_PT: ("7b",),
    EffectKind.PUMP: ("7c",),
    EffectKind.SWITCH_PT: ("7d",),
    EffectKind.GAIN_CONTROL: ("2",),
}


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


def restriction_predicate(predicate: str) -> bool:
    """Whether a predicate ("can't be blocked except by Walls", "attack each combat if able") only restricts
    or requires, with no effect on characteristics joined to it."""
    return _RESTRICTION.match(predicate) is not None and _JOINED_EFFECT.search(predicate) is None


@dataclass
class Predicate:
    """A predicate read so far: its effect parts and what is left of its wording."""

    parts: tuple[EffectSpec, ...] = ()
    rest: str = ""
    pt_mana_value: bool = False
    chosen_type: bool = False
    per: ForEach | None = None
    restrictions: str = ""
    found: list[EffectSpec] = field(default_factory=list)
    per_life: bool = False  # "where X is your life total": its 7c parts are multiplied by that total
    chosen_color: bool = False  # "the chosen color": parts naming CHOSEN_COLOR get the source's choice


def predicate_of(text: str, *, plural: bool) -> Predicate:
    """The effects of "gets +2/+0 and has first strike, vigilance, and \"…\"": recognised groups in order."""
    counted = _for_each(text)
    if counted is not None:
        return counted
    life = _LIFE_X.match(text)
    if life:
        sign = {"+": 1, "-": -1}
        pump = EffectSpec(kind=EffectKind.PUMP, power=sign[life["p"]], toughness=sign[life["t"]])
        return Predicate(parts=(pump,), per_life=True)
    groups = _verb_groups(_items(text))
    result = Predicate()
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
    result.chosen_color = any(gets_chosen_color(part) for part in result.parts)
    return result


def _for_each(text: str) -> Predicate | None:
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
        subject = subject_of(what.removesuffix(" on the battlefield").split(" "))
        if subject is None or subject.combat is not None:
            return None
        per = ForEach(text=what, subject=subject)
    pump = EffectSpec(kind=EffectKind.PUMP, power=int(match["p"]), toughness=int(match["t"]))
    return Predicate(parts=(pump,), per=per)


def pt_words(parts: tuple[EffectSpec, ...]) -> str:
    """The P/T changes of ``parts`` as worded ("+1/+1")."""
    return " ".join(f"{part.power:+d}/{part.toughness:+d}" for part in parts)


def gets_chosen_type(part: EffectSpec) -> bool:
    """A layer 4 part whose creature type is the source's chosen type (filled in per source)."""
    return part.kind in (EffectKind.ADD_SUBTYPES, EffectKind.SET_SUBTYPES) and part.subtypes == ()


def gets_chosen_color(part: EffectSpec) -> bool:
    """A part whose color is the source's chosen color: a layer 5 color (CR 105.3) or a protection from it
    (layer 6, 702.16a), filled in per source."""
    return CHOSEN_COLOR in (part.colors or ()) or any(CHOSEN_COLOR in a for a in part.abilities)


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
    if verb in ("has", "have") and items == [f"protection from {CHOSEN_COLOR}"]:
        return [EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=(f"Protection from {CHOSEN_COLOR}",))]
    color = _CHOSEN_COLOR_PHRASE.match(items[0]) if verb in ("is", "are") and len(items) == 1 else None
    if color:
        # CR 105.3: a new color replaces the others unless it is "in addition to" them.
        kind = EffectKind.ADD_COLORS if color["keep"] else EffectKind.SET_COLORS
        return [EffectSpec(kind=kind, colors=(CHOSEN_COLOR,))]
    chosen = _CHOSEN_TYPE_PHRASE.match(items[0]) if verb in ("is", "are") and len(items) == 1 else None
    if chosen:
        # CR 205.1a: "is the chosen type" replaces its creature types; "in addition to" keeps them (205.1b).
        kind = EffectKind.ADD_SUBTYPES if chosen["keep"] else EffectKind.SET_SUBTYPES
        return [EffectSpec(kind=kind, subtypes=())]
    every = _EVERY_BASIC_TYPE.match(items[0]) if verb in ("is", "are") and len(items) == 1 else None
    if every:
        # Prismatic Omen, Dryad of the Ilysian Grove: the five basic land types (CR 205.3i, 305.6)
        kind = EffectKind.ADD_SUBTYPES if every["keep"] else EffectKind.SET_SUBTYPES
        return [EffectSpec(kind=kind, subtypes=BASIC_LAND_TYPES)]
    if verb in ("is", "are", "becomes", "become") and len(items) == 1:
        return _is_effect(items[0])
    if verb in ("is", "are") and len(items) == 2:
        # "are 1/1 green Saproling creatures and Forest lands in addition to their other types": one type
        # phrase joined by "and" (Life and Limb).
        return _is_effect(" ".join(items))
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
    if still is not None and singular_form(still) not in CARD_TYPE_WORDS:
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
        singular = singular_form(word.casefold())
        if word in COLOR_WORDS or word == "colorless":
            colors = [*(colors or []), word]
        elif singular in CARD_TYPE_WORDS:
            types.append(singular.capitalize())
        elif word[:1].isupper() and word.isalpha():
            subtypes.append(
                PLURALS.get(word.casefold(), word[:-1] if plural and word.endswith("s") else word)
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
        if verb in VERBS:
            groups.append((verb, [rest] if rest else []))
        elif groups:
            groups[-1][1].append(item)
        else:
            groups.append(("", [item]))
    return groups


def _joined(groups: list[tuple[str, list[str]]]) -> str:
    return ", ".join(" ".join((verb, ", ".join(items))).strip() for verb, items in groups)
