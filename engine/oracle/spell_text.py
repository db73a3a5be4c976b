"""Reading a spell's or ability's rules text for what matters when it is copied on the stack.

Pure text analysis over Oracle wording: the targets each instance of the word "target" asks for, the
conditions that look at how the spell was cast (kicked, mana spent, zone cast from), references to
objects used to pay its costs, choices made only on resolution, and mana-source riders (Boseiju).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum

from engine.core.mana import mana_symbols
from engine.core.model import CopyEffect, Frozen

_TYPE_WORDS = frozenset(
    {
        "artifact",
        "battle",
        "creature",
        "enchantment",
        "land",
        "planeswalker",
        "permanent",
        "player",
        "opponent",
        "spell",
        "instant",
        "sorcery",
        "card",
        "ability",
        "triggered",
        "activated",
    }
)
_QUALIFIER_WORDS = frozenset({"or", "and/or", "you", "control", "controls", "an", "don't", "another"})
# A status a target must have ("target attacking creature"): read, but the board doesn't say who attacks,
# blocks or is tapped, so a target the board gives is taken to have it.
_STATUS_WORDS = frozenset({"attacking", "blocking", "tapped", "untapped"})
_PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
_HEAD_NOUNS = frozenset({"spell", "ability", "card", "player", "permanent"})
_ANY_TARGET_TYPES = frozenset({"creature", "planeswalker", "battle"})

_TARGET_WORD = re.compile(
    r"\b(any number of targets|up to \w+ targets|(?:one|two)(?:, two)?,? or (?:two|three) targets"
    r"|any target|target)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z/']+")


class TargetKind(StrEnum):
    """What sort of thing a target handle names."""

    PLAYER = "player"
    PERMANENT = "permanent"
    SPELL = "spell"
    ABILITY = "ability"
    CARD = "card"


class Targetable(Frozen):
    """A player or object a spell or ability could target, as the stack engine needs to know it."""

    handle: str
    name: str
    kind: TargetKind
    types: tuple[str, ...] = ()
    controller: str | None = None  # "you" | "opponent"; the player themself for a player
    hexproof: bool = False  # can't be the target of spells or abilities its opponents control (702.11b)
    shroud: bool = False  # can't be the target of spells or abilities (702.18a)
    protection_from: tuple[
        str, ...
    ] = ()  # colors (words) it has protection from: no such spell targets it (702.16b)


_PROTECTION_COLOR = re.compile(r"\bfrom (white|blue|black|red|green)\b")


def protection_colors(parameter: str) -> tuple[str, ...]:
    """The colors a "Protection from black and from red" keyword's parameter names (CR 702.16a)."""
    return tuple(_PROTECTION_COLOR.findall(parameter.casefold()))


class TargetRequirement(Frozen):
    """One instance of the word "target" and what it asks for ("artifact or enchantment", "any")."""

    phrase: str
    variable: bool = False  # "any number of targets": every remaining target uses this requirement


def target_requirements(text: str) -> tuple[TargetRequirement, ...]:
    """The target requirements of ``text`` in order, one per instance of the word "target"."""
    requirements: list[TargetRequirement] = []
    for match in _TARGET_WORD.finditer(text):
        word = match.group(1).lower()
        if word.endswith("targets"):
            requirements.append(TargetRequirement(phrase="any", variable=True))
        elif word == "any target":
            requirements.append(TargetRequirement(phrase="any"))
        else:
            phrase = _requirement_phrase(text[match.end() :])
            if phrase:
                requirements.append(TargetRequirement(phrase=phrase))
            elif requirements and text[: match.start()].rstrip().lower().endswith("another"):
                # "choose another target for each time ~ was kicked" (Comet Storm)
                requirements.append(TargetRequirement(phrase=requirements[-1].phrase, variable=True))
    return tuple(requirements)


def _requirement_phrase(rest: str) -> str:
    words: list[str] = []
    for word in _WORD.findall(rest.lower().split(".")[0].split(",")[0]):
        if word in _TYPE_WORDS or word in _QUALIFIER_WORDS or word in _STATUS_WORDS or word.startswith("non"):
            words.append(word)
        else:
            break
    while words and words[-1] in {"or", "and/or", "an", "you"}:
        words.pop()
    return " ".join(words)


def untargetable(candidate: Targetable, chooser: str, colors: tuple[str, ...]) -> str | None:
    """What stops a spell or ability of ``colors`` (words) that ``chooser`` controls from targeting
    ``candidate`` whatever its text asks for: "shroud" (702.18a), "hexproof" (702.11b) or "protection from
    red" (702.16b); None when nothing does."""
    if candidate.shroud:
        return "shroud"
    if candidate.hexproof and candidate.controller != chooser:
        return "hexproof"
    protected = sorted(set(candidate.protection_from) & set(colors))
    return f"protection from {protected[0]}" if protected else None


def is_legal_target(requirement: TargetRequirement, candidate: Targetable, chooser: str) -> bool:
    """Whether ``candidate`` meets ``requirement`` for a spell or ability controlled by ``chooser``."""
    phrase = requirement.phrase
    if untargetable(candidate, chooser, ()) is not None:
        return False
    candidate = candidate.model_copy(update={"types": tuple(t.casefold() for t in candidate.types)})
    if phrase == "any":
        return candidate.kind is TargetKind.PLAYER or (
            candidate.kind is TargetKind.PERMANENT and bool(_ANY_TARGET_TYPES & set(candidate.types))
        )
    if not _controller_matches(phrase, candidate, chooser):
        return False
    words = phrase.replace(" you control", "").replace(" an opponent controls", "")
    words = words.replace(" you don't control", "")
    alternatives = [alt.split() for alt in words.split(" or ")]
    head = alternatives[-1][-1] if alternatives[-1] else ""
    if head in _HEAD_NOUNS:  # "instant or sorcery spell": each alternative is a spell
        alternatives = [alt if alt and alt[-1] in _HEAD_NOUNS else [*alt, head] for alt in alternatives]
    return any(_alternative_matches(alt, candidate, chooser) for alt in alternatives)


def _controller_matches(phrase: str, candidate: Targetable, chooser: str) -> bool:
    if phrase.endswith("you control"):
        return candidate.controller == chooser
    if phrase.endswith(("an opponent controls", "you don't control")):
        return candidate.controller not in (None, chooser)
    return True


def _alternative_matches(words: list[str], candidate: Targetable, chooser: str) -> bool:
    nouns = [w for w in words if not w.startswith("non") and w not in _STATUS_WORDS]
    excluded = {w.removeprefix("non") for w in words if w.startswith("non")}
    if excluded & set(candidate.types):
        return False
    if not nouns:
        return candidate.kind is TargetKind.PERMANENT
    noun = nouns[-1]
    wanted = set(nouns[:-1]) | ({noun} if noun in _PERMANENT_TYPES else set())
    if "permanent" in wanted:  # "permanent spell": any permanent type
        wanted.discard("permanent")
        if not set(_PERMANENT_TYPES) & set(candidate.types):
            return False
    kind_ok = {
        "player": candidate.kind is TargetKind.PLAYER,
        "opponent": candidate.kind is TargetKind.PLAYER and candidate.controller != chooser,
        "spell": candidate.kind is TargetKind.SPELL,
        "ability": candidate.kind is TargetKind.ABILITY,
        "card": candidate.kind is TargetKind.CARD,
        "permanent": candidate.kind is TargetKind.PERMANENT,
    }.get(noun, candidate.kind is TargetKind.PERMANENT)
    return kind_ok and wanted <= set(candidate.types)


class ConditionKind(StrEnum):
    """Conditions in a spell's text that look at how it was cast."""

    KICKED = "kicked"
    MANA_SPENT = "mana-spent"
    CAST_FROM = "cast-from"


class CastCondition(Frozen):
    """A cast condition found in the text, with what it needs (a mana symbol, a zone, a kicker cost)."""

    kind: ConditionKind
    text: str
    needs: str | None = None


_KICKED = re.compile(r"if [^.,]*? was kicked(?: with its (\{[^ ]*?\}) kicker)?", re.IGNORECASE)
_MANA_SPENT = re.compile(
    r"if ((?:\{[wubrgc]\})+|[^.,]*? mana) was spent to cast(?: ~| this spell| it)?", re.IGNORECASE
)
_CAST_FROM = re.compile(r"if [^.,]*? was cast from (?:a |an |your |their )?(\w+)", re.IGNORECASE)


def cast_conditions(text: str) -> tuple[CastCondition, ...]:
    """Every kicked / mana-spent / cast-from condition of ``text``, in order."""
    found: list[tuple[int, CastCondition]] = []
    for match in _KICKED.finditer(text):
        found.append(
            (
                match.start(),
                CastCondition(kind=ConditionKind.KICKED, text=match.group(0), needs=match.group(1)),
            )
        )
    for match in _MANA_SPENT.finditer(text):
        found.append(
            (
                match.start(),
                CastCondition(kind=ConditionKind.MANA_SPENT, text=match.group(0), needs=match.group(1)),
            )
        )
    for match in _CAST_FROM.finditer(text):
        found.append(
            (
                match.start(),
                CastCondition(kind=ConditionKind.CAST_FROM, text=match.group(0), needs=match.group(1)),
            )
        )
    return tuple(condition for _, condition in sorted(found, key=lambda pair: pair[0]))


_PAID_REFERENCE = re.compile(
    r"the (sacrificed|discarded|exiled|tapped) (\w+)'s (power|toughness|mana value)", re.IGNORECASE
)


class PaidReference(Frozen):
    """A reference to an object used to pay a cost ("the sacrificed creature's power")."""

    text: str
    how: str  # sacrificed | discarded | exiled | tapped
    characteristic: str  # power | toughness | mana value


def paid_references(text: str) -> tuple[PaidReference, ...]:
    """References of ``text`` to objects used to pay its costs."""
    return tuple(
        PaidReference(text=m.group(0), how=m.group(1).lower(), characteristic=m.group(3).lower())
        for m in _PAID_REFERENCE.finditer(text)
    )


_RESOLUTION_CHOICE = re.compile(
    r"[^.]*\b(?:of (?:your|their) choice|you choose|sacrifice an? |discard an? "
    r"|choose (?!new target|any target|another target|target)[a-z])[^.]*\.?",
    re.IGNORECASE,
)
_ADDITIONAL_COST = re.compile(r"as an additional cost", re.IGNORECASE)
_MODAL_HEADER = re.compile(r"choose (?:one|two|three|one or more|one or both|any number)\b", re.IGNORECASE)


def resolution_choices(texts: Iterable[str]) -> tuple[str, ...]:
    """Sentences of ``texts`` whose choices are made as the spell or ability resolves (not on casting)."""
    sentences: list[str] = []
    for text in texts:
        for match in _RESOLUTION_CHOICE.finditer(text):
            sentence = match.group(0).strip()
            if _ADDITIONAL_COST.search(sentence) or _MODAL_HEADER.search(sentence):
                continue
            sentences.append(sentence)
    return tuple(sentences)


_UNCOUNTERABLE = re.compile(r"can't be countered", re.IGNORECASE)
_MANA_RIDER = re.compile(r"[^.]*\b(?:that|this) mana is spent[^.]*\.", re.IGNORECASE)


_CASUALTY = re.compile(r"^Casualty (?P<n>\d+|X)\b")


def casualty_of(rules_texts: Iterable[str]) -> str | None:
    """The N of a "Casualty N" (or "X") among ``rules_texts`` (CR 702.153a), if any."""
    return next((m["n"] for text in rules_texts if (m := _CASUALTY.match(text))), None)


def says_cannot_be_countered(text: str) -> bool:
    """Whether ``text`` says the spell can't be countered."""
    return bool(_UNCOUNTERABLE.search(text))


def mana_rider(text: str) -> str | None:
    """The rider of a mana ability ("If that mana is spent on …, that spell can't be countered.")."""
    match = _MANA_RIDER.search(text)
    return match.group(0).strip() if match else None


def mana_includes(spent: Iterable[str], wanted: str) -> bool:
    """Whether the symbols ``spent`` include every symbol of ``wanted`` ("{U}")."""
    remaining = list(spent)
    for symbol in mana_symbols(wanted.upper()):
        if symbol not in remaining:
            return False
        remaining.remove(symbol)
    return True


def exiles(text: str) -> bool:
    """Whether ``text`` exiles something (for linked abilities, CR 607.3)."""
    return bool(re.search(r"\bexiles?\b", text, re.IGNORECASE))


def refers_to_exiled(text: str) -> bool:
    """Whether ``text`` refers to "the exiled card" / cards "exiled with" / "until ~ leaves"."""
    return bool(
        re.search(r"the exiled \w+|exiled with|until [^.]* leaves the battlefield", text, re.IGNORECASE)
    )


_CAST_TRIGGER = re.compile(r"\bcasts? an? ([a-z ]+? spell)", re.IGNORECASE)
_FOR_EACH_TARGET = re.compile(
    r"for each other (.+?) (?:that )?(?:the|that) spell could target", re.IGNORECASE
)
_CHOSEN_TARGET = re.compile(
    r"(you control )?one or more other (\w+?)s? that spell could target.*the copy targets the chosen",
    re.IGNORECASE,
)


def cast_trigger_spell(trigger: str) -> str | None:
    """The spell a cast trigger names ("Whenever you cast an instant or sorcery spell"), casefolded."""
    match = _CAST_TRIGGER.search(trigger)
    return match.group(1).casefold() if match else None


class SetTargets(Frozen):
    """A copy effect that sets the copy's targets itself (CR 707.10d, 707.10e)."""

    phrase: str  # what a copy may target: "permanent or player", "creature you control"
    for_each: bool  # one copy per such object or player (707.10d), else one with the chosen one (707.10e)


def set_targets_of(effect: CopyEffect) -> SetTargets | None:
    """How ``effect`` sets its copies' targets, if it does ("Each copy targets a different one …")."""
    each = _FOR_EACH_TARGET.search(effect.text)
    if each:
        return SetTargets(phrase=each.group(1).casefold(), for_each=True)
    chosen = _CHOSEN_TARGET.search(effect.text)
    if chosen:
        phrase = chosen.group(2).casefold() + (" you control" if chosen.group(1) else "")
        return SetTargets(phrase=phrase, for_each=False)
    return None
