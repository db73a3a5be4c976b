"""Splitting a face's Oracle text into numbered abilities and classifying each (CR 113, 602–607, 614).

Numbering follows the printed order from 1. A paragraph is one ability, except that a paragraph
listing keywords gives one ability per keyword, and a paragraph holding a static ability followed by
the triggered abilities linked to it (CR 603.11, 607.2h) gives each of them, in order. A paragraph
that is only reminder text is not an ability.

An ability word (``Landfall —``, CR 207.2c) or anchor word (``Khans —``, CR 614.12b: one of the options
of the card's own "As ~ enters, choose Khans or Dragons") is kept in its own field and left out of
``rules_text``; anchor words keep their meaning through ``anchor_word``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from pydantic import TypeAdapter

from engine.core.citations import cite
from engine.core.model import Ability, AbilityKind, LevelBand, PrintedNumber
from engine.oracle import text as oracle_text
from engine.oracle.keywords import KeywordVocabulary
from engine.oracle.text import SelfNames

SPELL_ABILITY = cite("113.3a", "Spell abilities are abilities that are followed as instructions")
ACTIVATED_ABILITY = cite("113.3b", "Activated abilities have a cost and an effect")
TRIGGERED_ABILITY = cite("113.3c", "Triggered abilities have a trigger condition and an effect")
STATIC_ABILITY = cite("113.3d", "Static abilities are written as statements")
STATIC_ON_SPELLS = cite("113.6", "Abilities of an instant or sorcery spell usually function only while")
LINKED_STATIC_TRIGGER = cite("603.11", "These objects combine the abilities into one paragraph")
LINKED_IN_PARAGRAPH = cite("607.2h", "printed on it in the same paragraph")
CHARACTERISTIC_DEFINING = cite("604.3", "Some static abilities are characteristic-defining abilities")
MANA_ABILITY = cite("605.1a", "An activated ability is a mana ability if it meets all of the following")
LOYALTY_ABILITY = cite("606.3", "activate a loyalty ability")
ENTERS_REPLACEMENT = cite("614.1c", "are replacement effects")
ANCHOR_WORD = cite("614.12b", "anchor word")
ABILITY_WORD = cite("207.2c", "An ability word appears in italics")
MODAL = cite("700.2", "A spell or ability is modal")
LEVELER = cite("711.2", "A level symbol is a keyword ability that represents a static ability")
SAGA_CHAPTER = cite("714.2", "A chapter symbol is a keyword ability")
CLASS_LEVEL = cite("716.2", "A class level bar is a keyword ability")
CASE_KEYWORDS = cite("719.3", "Case cards have two special keyword abilities that appear before a long dash")
TO_SOLVE = cite("719.3a", "“To solve — [Condition]” means “At the beginning of your end step, if [condition]")
SOLVED_STATIC = cite("702.169b", "means “As long as this Case is solved, [ability text].”")

_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}
_CHAPTER = re.compile(r"^(?P<chapters>[IVX]+(?:, [IVX]+)*) — (?P<effect>.+)$", re.DOTALL)
_CLASS_BAR = re.compile(r"^(?P<cost>(?:\{[^}]+\})+): Level (?P<level>\d+)$")
_LEVEL_BAND = re.compile(r"^LEVEL (?P<low>\d+)(?:-(?P<high>\d+)|\+)$")
_POWER_TOUGHNESS = re.compile(r"^[\d*X+-]+/[\d*X+-]+$")
_LOYALTY = re.compile(r"^\[?(?P<cost>[+−-]?(?:\d+|X))\]?: ")
_LABEL = re.compile(r"^(?:• )?(?P<word>[A-Z][\w'’-]*(?: [\w'’-]+){0,3}) — (?P<rest>.+)$", re.DOTALL)
_TRIGGER_START = re.compile(r"^(?:When|Whenever|At) ")
# After a comma, the condition goes on when a list goes on ("an artifact, creature, or enchantment",
# "a noncreature, nonland card").
_LIST_CONTINUES = re.compile(r"^(?:(?:[\w'-]+(?: [\w'-]+)?, )*(?:or|and|and/or) |non[\w-]+ )")
_ANCHOR_CHOICE = re.compile(r"As ~ enters, choose (?P<first>[A-Z]\w+) or (?P<second>[A-Z]\w+)\.")
_LINKED_TRIGGER_SPLIT = re.compile(r"(?<=\.) (?=When(?:ever)? )")
_CDA = re.compile(
    r"~(?:'s)? (?:power|toughness|power and toughness) (?:is|are) (?:each )?equal to"
    r"|~ is (?:all colors|colorless|every creature type"
    r"|(?:white|blue|black|red|green)(?:(?:,|,? and) (?:white|blue|black|red|green))*)\.$"
)  # matched at the start
_REPLACEMENT = re.compile(
    r"\bAs ~ (?:enters|is turned face up)\b|\benters? (?:with|tapped|as a copy)\b"
    r"|\benter (?:tapped )?as a copy\b|^~ enters under the control of\b"
    r"|\bwould\b[^\"]*\binstead\b|^Skip\b|\benters? (?:the battlefield )?(?:transformed|face down)\b"
)
# CR 113.6d–g: statements on an instant or sorcery about how it is cast, what it costs, or countering it.
_STATIC_ON_SPELL = re.compile(
    r"^As an additional cost to cast ~|^~ costs? .*(?:less|more) to cast|can't be countered|can't be copied"
    r"|rather than pay (?:~'s|its|this spell's) mana cost|^(?:You may )?[Cc]ast ~ |^~ can be cast"
    r"|^You may cast ~|^~ has |^You can't cast ~"
)
_SENTENCE_END = (".", ")", '"', "”", "—")
_COMMA = re.compile(", ")
# A face's abilities validated in one call: pydantic then builds each Ability for about half the cost of
# validating it alone.
_ABILITIES = TypeAdapter(tuple[Ability, ...])
# A Case's two keyword abilities (CR 719.3): "To solve — [condition]" and "Solved — [ability text]".
_CASE = re.compile(r"^(?P<keyword>To solve|Solved) — (?P<rest>.+)$", re.DOTALL)
_ADD = re.compile(r"\b[Aa]dd\b")


@dataclass(frozen=True, slots=True)
class FaceContext:
    """What classification needs to know about the face the text is on."""

    names: SelfNames
    is_spell: bool  # an instant or sorcery face
    is_saga: bool
    is_class: bool


@dataclass(slots=True)
class _State:
    """Running state while walking a face's paragraphs (the current level band or class level)."""

    level: int | None = None
    abilities: list[dict[str, Any]] = field(default_factory=list)


def parse_abilities(text: str, context: FaceContext, keywords: KeywordVocabulary) -> tuple[Ability, ...]:
    """The abilities of one face's Oracle text, numbered in printed order from 1."""
    anchors = _anchor_words(text, context.names)
    state = _State(level=1 if context.is_class else None)
    for number, paragraph in enumerate(_paragraphs(text, anchors), start=1):
        if not (plain := oracle_text.strip_reminder(paragraph)):
            continue  # reminder text alone is not an ability
        for draft in _paragraph_abilities(paragraph, plain, context, keywords, anchors, state):
            state.abilities.append({"index": len(state.abilities) + 1, "paragraph": number, **draft})
    return _ABILITIES.validate_python(state.abilities)


def sentence_ability(index: int, text: str, names: SelfNames) -> Ability:
    """One ability written as a sentence outside a card's Oracle text (a token's ability the rules or an
    effect define), classified the way Oracle text is."""
    context = FaceContext(names=names, is_spell=False, is_saga=False, is_class=False)
    plain = oracle_text.strip_reminder(text)
    return Ability(index=index, paragraph=index, **_classified(text, plain, context, frozenset(), None))


def _anchor_words(text: str, names: SelfNames) -> frozenset[str]:
    """Anchor words: the options of the card's own "As ~ enters, choose X or Y" (CR 614.12b)."""
    if " or " not in text or "choose" not in text:
        return frozenset()
    found = _ANCHOR_CHOICE.search(oracle_text.rules_text(text, names))
    return frozenset(found.group("first", "second")) if found else frozenset()


def _paragraphs(text: str, anchors: frozenset[str]) -> list[str]:
    """Paragraphs, with each anchor-word bullet ("• Khans — …") standing on its own."""
    result: list[str] = []
    for paragraph in oracle_text.paragraphs(text):
        lines = paragraph.split("\n")
        head = [lines[0]]
        for line in lines[1:]:
            label = _LABEL.match(line)
            if label and label.group("word") in anchors:
                result.append("\n".join(head))
                head = [line]
            else:
                head.append(line)
        result.append("\n".join(head))
    return result


def _paragraph_abilities(
    paragraph: str,
    plain: str,
    context: FaceContext,
    keywords: KeywordVocabulary,
    anchors: frozenset[str],
    state: _State,
) -> Iterator[dict[str, Any]]:
    """The abilities of one paragraph (``plain`` is its text without reminder text)."""
    if context.is_saga and (chapter := _CHAPTER.match(plain)):
        yield _saga_chapter(paragraph, chapter, context)
        return
    if plain.startswith("{") and (bar := _CLASS_BAR.match(plain)):
        state.level = int(bar.group("level"))
        yield _draft(paragraph, context, AbilityKind.CLASS_LEVEL, cost=bar.group("cost"), level=state.level)
        return
    if plain.startswith("LEVEL ") and (band := _LEVEL_BAND.match(plain)):
        state.level = int(band.group("low"))
        high = int(band.group("high")) if band.group("high") else None
        level_band = LevelBand(low=state.level, high=high)
        yield _draft(paragraph, context, AbilityKind.LEVELER, level=state.level, band=level_band)
        return
    if (
        state.abilities
        and state.abilities[-1]["kind"] is AbilityKind.LEVELER
        and _POWER_TOUGHNESS.match(plain)
    ):
        band_ability = state.abilities[-1]
        power, toughness = (_printed(n) for n in plain.split("/"))
        level_band = band_ability["band"].model_copy(update={"power": power, "toughness": toughness})
        band_ability.update(text=f"{band_ability['text']}\n{paragraph}", effect=plain, band=level_band)
        return
    if plain.startswith(("To solve — ", "Solved — ")) and (case := _CASE.match(plain)):
        yield _case_ability(paragraph, case, context, anchors, state.level)
        return
    if matches := keywords.match_line(plain):
        for match in matches:
            kind = (
                AbilityKind.CHARACTERISTIC_DEFINING
                if keywords.is_characteristic_defining(match.keyword)
                else AbilityKind.KEYWORD
            )
            shown = paragraph if len(matches) == 1 else match.text
            yield _draft(
                shown,
                context,
                kind,
                keyword=match.keyword,
                keyword_parameter=match.parameter,
                level=state.level,
            )
        return
    for part, plain_part in _linked_parts(paragraph, plain, context):
        yield _classified(part, plain_part, context, anchors, state.level)


def _case_ability(
    paragraph: str, case: re.Match[str], context: FaceContext, anchors: frozenset[str], level: int | None
) -> dict[str, Any]:
    """A Case's keyword ability (CR 719.3). "To solve — [condition]" is the triggered ability "At the
    beginning of your end step, if [condition] and this Case is not solved, this Case becomes solved"
    (719.3a). "Solved — [ability text]" is the ability its text is, functioning only while the Case is
    solved (702.169a): a static one reads "As long as this Case is solved, [ability text]" (702.169b), so the
    layer system applies it only when the board says so; a triggered or activated one keeps its text and
    its ``keyword`` says it triggers or can be activated only then (702.169c, 702.169d)."""
    keyword, rest = case.group("keyword", "rest")
    inner = _classified(rest, rest, context, anchors, level)
    condition = oracle_text.normalise_self(oracle_text.normalise_wording(rest), context.names).rstrip(".")
    if keyword == "To solve":
        solving = f"if {_lowered(condition)} and ~ is not solved, ~ becomes solved."
        return {
            "text": paragraph,
            "rules_text": f"At the beginning of your end step, {solving}",
            "kind": AbilityKind.TRIGGERED,
            "keyword": keyword,
            "keyword_parameter": condition,
            "trigger": "At the beginning of your end step",
            "effect": solving,
            "level": level,
        }
    inner.update(text=paragraph, keyword=keyword, keyword_parameter=inner["rules_text"])
    if inner["kind"] is AbilityKind.STATIC:
        inner["rules_text"] = f"As long as ~ is solved, {_lowered(inner['rules_text'])}"
    return inner


def _lowered(sentence: str) -> str:
    """A sentence continuing another: its first letter in lower case, unless it starts with a name."""
    if sentence.startswith("~") or sentence[:2].isupper():
        return sentence
    return sentence[:1].lower() + sentence[1:]


def _linked_parts(paragraph: str, plain: str, context: FaceContext) -> list[tuple[str, str]]:
    """A static ability and its linked triggered abilities in one paragraph (CR 603.11), split apart,
    each with its text without reminder text (``plain`` is the paragraph's).

    Only a paragraph that is itself neither triggered, activated nor a spell's text is split: there,
    a later "When you do, …" is a reflexive trigger that belongs to the same ability.
    """
    if context.is_spell or _TRIGGER_START.match(plain) or _activation_colon(plain) is not None:
        return [(paragraph, plain)]
    # Every cut is before a "When" (masking only blanks text): most paragraphs have none to look for.
    masked = oracle_text.masked(paragraph) if "When" in paragraph else ""
    cuts = [match.start() for match in _LINKED_TRIGGER_SPLIT.finditer(masked)]
    bounds = [0, *(cut + 1 for cut in cuts), len(paragraph)]
    parts = [paragraph[start:end].strip() for start, end in pairwise(bounds)]
    return [(part, plain if part == paragraph else oracle_text.strip_reminder(part)) for part in parts]


def _classified(
    text: str, plain: str, context: FaceContext, anchors: frozenset[str], level: int | None
) -> dict[str, Any]:
    words: dict[str, Any] = {}
    label = _LABEL.match(plain) if " — " in plain else None
    if label and not _TRIGGER_START.match(plain) and _is_label(label.group("word")):
        word_field = "anchor_word" if label.group("word") in anchors else "ability_word"
        words[word_field] = label.group("word")
        plain = label.group("rest")
    rules = oracle_text.normalise_self(oracle_text.normalise_wording(plain), context.names)
    body, modes = _modes(rules)
    kind, parts = _kind_and_parts(body, context)
    return {
        "text": text,
        "rules_text": rules,
        "kind": kind,
        "modes": modes,
        "level": level,
        **words,
        **parts,
    }


def _is_label(word: str) -> bool:
    """An ability or anchor word: a short label, not the start of a sentence such as "Choose one"."""
    return not word.casefold().startswith("choose")


def _modes(rules: str) -> tuple[str, tuple[str, ...]]:
    """The paragraph head and its bullet modes ("• Counter target spell.")."""
    if "\n" not in rules:
        return rules, ()
    head, *lines = rules.split("\n")
    return head, tuple(line.lstrip("•+ ").strip() for line in lines)


def _kind_and_parts(rules: str, context: FaceContext) -> tuple[AbilityKind, dict[str, Any]]:
    if loyalty := _LOYALTY.match(rules):
        return AbilityKind.LOYALTY, {"cost": loyalty.group("cost"), "effect": rules[loyalty.end() :].strip()}
    if _TRIGGER_START.match(rules):
        trigger, effect = split_trigger(rules)
        return AbilityKind.TRIGGERED, {"trigger": trigger, "effect": effect}
    colon = _activation_colon(rules)
    if colon is not None:
        cost, effect = rules[:colon].strip(), rules[colon + 1 :].strip()
        kind = AbilityKind.MANA if _is_mana_effect(effect) else AbilityKind.ACTIVATED
        return kind, {"cost": cost, "effect": effect}
    if rules.startswith("~") and _CDA.match(rules):
        return AbilityKind.CHARACTERISTIC_DEFINING, {}
    if _may_be_replacement(rules) and _REPLACEMENT.search(oracle_text.unquoted(rules)):
        return AbilityKind.REPLACEMENT, {}
    if context.is_spell:
        return (AbilityKind.STATIC if _is_static_on_spell(rules) else AbilityKind.SPELL), {}
    if rules.rstrip().endswith(_SENTENCE_END):
        return AbilityKind.STATIC, {}
    return AbilityKind.UNCLASSIFIED, {}


def _may_be_replacement(rules: str) -> bool:
    """False only when :data:`_REPLACEMENT` can't match: every match holds one of these words (blanking
    quoted text only turns letters into spaces, so a word found there is in ``rules`` too)."""
    return "enter" in rules or "would" in rules or "As ~" in rules or rules.startswith("Skip")


def _is_static_on_spell(rules: str) -> bool:
    """Whether :data:`_STATIC_ON_SPELL` matches (tried only on a text holding a word every match has)."""
    if "~" not in rules and "can't be co" not in rules and "rather than pay" not in rules:
        return False
    return _STATIC_ON_SPELL.search(rules) is not None


def split_trigger(rules: str) -> tuple[str, str]:
    """Split "[trigger condition], [effect]" at the comma that ends the condition (CR 113.3c).

    Commas inside quotes or inside a list ("an artifact, creature, or enchantment") do not count.
    """
    masked = oracle_text.unquoted(rules)
    for found in _COMMA.finditer(masked):
        if not _LIST_CONTINUES.match(masked[found.end() :]):
            return rules[: found.start()], rules[found.end() :]
    return rules, ""


def _activation_colon(rules: str) -> int | None:
    """Position of the colon separating an activated ability's cost from its effect, if any."""
    first_line = rules.split("\n", 1)[0]
    if ":" not in first_line:  # the common case: no colon, nothing to mask
        return None
    masked = oracle_text.unquoted(first_line)
    colon = masked.find(": ")
    if colon <= 0:
        return None
    cost = masked[:colon]
    if ". " in cost or _TRIGGER_START.match(cost) or len(cost) > 200:
        return None
    return colon


def _is_mana_effect(effect: str) -> bool:
    """CR 605.1a: adds mana and has no target. An "Add" inside quotes is an ability it grants to another
    object, such as a token it creates ("It has “Sacrifice this creature: Add {C}.”"): it adds no mana."""
    return "target" not in effect and _ADD.search(oracle_text.unquoted(effect)) is not None


def _saga_chapter(paragraph: str, chapter: re.Match[str], context: FaceContext) -> dict[str, Any]:
    chapters = chapter.group("chapters")
    first = _ROMAN.get(chapters.split(",")[0], 0)
    draft = _draft(paragraph, context, AbilityKind.SAGA_CHAPTER, trigger=chapters, level=first)
    draft["effect"] = draft["rules_text"][len(chapters) + 3 :]
    return draft


def _printed(number: str) -> PrintedNumber:
    return PrintedNumber(printed=number, value=int(number) if number.lstrip("+-").isdigit() else None)


def _draft(text: str, context: FaceContext, kind: AbilityKind, **parts: Any) -> dict[str, Any]:
    return {"text": text, "rules_text": oracle_text.rules_text(text, context.names), "kind": kind, **parts}
