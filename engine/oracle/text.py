"""Oracle text handling: paragraphs, reminder text, quotes, self-references and wording generations.

Self-references become :data:`engine.core.model.SELF` (``~``) so that later stages never compare names:
the card's full name, every face name, a legendary card's short name (``Gorex`` for "Gorex, the
Tombshell"), and "this creature / permanent / artifact / enchantment / land / spell / card /
Equipment / Aura / Vehicle / …". Outside quoted text only: inside quotes "this creature" means the
object that gains the quoted ability, which is not necessarily this card.

Wording generations: the 2019 Oracle text says "enters the battlefield", current text says "enters".
Reasoning text is normalised to the *current* wording ("~ enters", "enter as a copy of"), and the
older "converted mana cost" to "mana value", so one pattern serves both generations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.core.citations import cite
from engine.core.model import SELF

REMINDER_TEXT = cite("207.2a", "reminder text")

_REMINDER = re.compile(r"\s*\([^()]*\)")
_BLANKS = re.compile(r"[ \t]+")
# Around a name: a letter, digit or hyphen means the name is part of a longer word. A short name is
# also not this card in "named Jace", "Jace planeswalker", "Jace card" or "Ajani's Pridemate".
_WORD_PART_BEFORE = re.compile(r"[\w-]\Z")
_WORD_PART_AFTER = re.compile(r"[\w-]")
_NOT_SHORT_NAME_BEFORE = re.compile(r"(?:named |[\w-])\Z")
_NOT_SHORT_NAME_AFTER = re.compile(r"[\w-]| planeswalker| card|'s [A-Z]")
_LONGEST_PREFIX = len("named ")
_REMINDER_ONLY = re.compile(r"\([^()]*\)")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_SELF_PHRASE = re.compile(
    r"\bthis (?:creature|permanent|artifact|enchantment|land|spell|card|Equipment|Aura|Vehicle|Saga|Class"
    r"|planeswalker|battle|token|Fortification|Siege|Case|Room|Attraction|Contraption|Background|object"
    r"|Spacecraft|Planet)\b",
    re.IGNORECASE,
)
# Each with the words every match has (a substring test is far cheaper than the pattern).
_OLD_WORDING = (
    ("the battlefield", re.compile(r"\b(enter(?:s|ed|ing)?) the battlefield\b"), r"\1"),
    ("converted mana cost", re.compile(r"\bconverted mana costs?\b"), "mana value"),
)
# Continuation lines: a mode of a modal ability ("• …") or of a spree spell ("+ {1} — …").
_CONTINUATION = re.compile(r"^(?:•|\+ \{)")
_SENTENCE_BREAK = re.compile(r"(?<=\.)\s+")
_OR_LIST = re.compile(r",? or |, ")
_SHORT_NAME = re.compile(r"^(.+?)(?:, | the | of )")


@dataclass(frozen=True, slots=True)
class SelfNames:
    """The names by which a face's text refers to itself, longest first."""

    full: tuple[str, ...]  # full names (card and face names): replaced everywhere, even after "named"
    short: tuple[str, ...]  # short names of a legendary face: not after "named", not "… planeswalker"


def paragraphs(oracle_text: str) -> list[str]:
    """The paragraphs of Oracle text; bullet and spree-mode lines stay with the paragraph they belong to."""
    result: list[str] = []
    for line in oracle_text.split("\n"):
        if result and _CONTINUATION.match(line):
            result[-1] = f"{result[-1]}\n{line}"
        elif line.strip():
            result.append(line.strip())
    return result


def sentences(text: str) -> list[str]:
    """``text`` split into sentences after each period ("Draw a card. Scry 1." → two)."""
    return _SENTENCE_BREAK.split(text)


def or_list(text: str) -> list[str]:
    """The items of a list joined by "or" ("artifacts, creatures, or planeswalkers" → three)."""
    return _OR_LIST.split(text)


def strip_reminder(text: str) -> str:
    """``text`` without reminder text (parenthesised), whitespace tidied."""
    # Most texts have no reminder text and no run of blanks: the substring tests spare both patterns.
    if "(" in text:
        text = _REMINDER.sub("", text)
    if "\t" in text or "  " in text:
        text = _BLANKS.sub(" ", text)
    return text.strip()


def reminder_texts(text: str) -> tuple[str, ...]:
    """The reminder texts of ``text`` without their parentheses."""
    return tuple(match.strip().strip("()") for match in _REMINDER.findall(text))


def short_names(name: str, is_legendary: bool) -> tuple[str, ...]:
    """A legendary name's short forms: before the comma ("Gorex"), or before "the"/"of"
    ("Sakashima" for "Sakashima of a Thousand Faces", "Kenzo" for "Kenzo the Hardhearted")."""
    if not is_legendary:
        return ()
    found = _SHORT_NAME.match(name)
    return (found.group(1),) if found and found.group(1) != name else ()


def self_names(full: Iterable[str], short: Iterable[str]) -> SelfNames:
    """Order names longest first so that "Gorex, the Tombshell" wins over "Gorex"."""
    return SelfNames(full=_longest_first(full), short=_longest_first(short))


def _longest_first(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted({name for name in names if name}, key=len, reverse=True))


def normalise_wording(text: str) -> str:
    """Rewrite 2019 wording to current wording ("enters the battlefield" → "enters")."""
    for needed, pattern, replacement in _OLD_WORDING:
        if needed in text:
            text = pattern.sub(replacement, text)
    return text


def normalise_self(text: str, names: SelfNames, *, inside_quotes: bool = False) -> str:
    """Replace every self-reference in ``text`` by SELF.

    Names are replaced everywhere; "this creature"-style phrases only outside quotes unless
    ``inside_quotes`` (for quoted abilities the copier itself gains).
    """
    text = _replace_names(text, names)
    if inside_quotes:
        return _self_phrases(text)
    if not _may_have_self_phrase(text):
        return text
    return "".join(part if quoted else _self_phrases(part) for part, quoted in split_quoted(text))


def _self_phrases(text: str) -> str:
    return _SELF_PHRASE.sub(SELF, text) if _may_have_self_phrase(text) else text


def _may_have_self_phrase(text: str) -> bool:
    """False only when :data:`_SELF_PHRASE` can't match: an ASCII text without "this " in any case
    (IGNORECASE also matches "ı" and "ſ" to "i" and "s", so other texts go to the pattern)."""
    return not text.isascii() or "this " in text.lower()


def rules_text(text: str, names: SelfNames) -> str:
    """The reasoning form of an ability's wording: reminder text removed, current wording, SELF."""
    return normalise_self(normalise_wording(strip_reminder(text)), names)


def split_quoted(text: str) -> Iterator[tuple[str, bool]]:
    """``text`` in pieces, each flagged whether it is inside double quotes (quotes included)."""
    if _quotes_nothing(text):  # most texts quote nothing: spare the pattern's scan
        if text:
            yield text, False
        return
    position = 0
    for match in _QUOTED.finditer(text):
        if match.start() > position:
            yield text[position : match.start()], False
        yield match.group(0), True
        position = match.end()
    if position < len(text):
        yield text[position:], False


def _quotes_nothing(text: str) -> bool:
    return '"' not in text and "“" not in text


def without_quotes(text: str) -> str:
    """``text`` with its quoted parts (quotes included) removed."""
    return _QUOTED.sub("", text)


def unquoted(text: str) -> str:
    """``text`` with quoted parts blanked (same length), for searching outside quotes by position."""
    if _quotes_nothing(text):
        return text
    return "".join(part if not quoted else " " * len(part) for part, quoted in split_quoted(text))


def masked(text: str) -> str:
    """``text`` with quoted and reminder (parenthesised) parts blanked, positions unchanged."""
    blanked = unquoted(text)
    if "(" not in blanked:
        return blanked
    return _REMINDER_ONLY.sub(lambda found: " " * len(found.group(0)), blanked)


def _replace_names(text: str, names: SelfNames) -> str:
    for name in names.full:
        text = _replace_word(text, name, _WORD_PART_BEFORE, _WORD_PART_AFTER)
    for name in names.short:
        text = _replace_word(text, name, _NOT_SHORT_NAME_BEFORE, _NOT_SHORT_NAME_AFTER)
    return text


def _replace_word(text: str, name: str, before: re.Pattern[str], after: re.Pattern[str]) -> str:
    """Replace ``name`` by SELF where the text before and after it is not part of another word or name.

    A plain search (not one regular expression per name) because every card has its own names.
    """
    position = text.find(name)
    while position >= 0:
        end = position + len(name)
        if before.search(text, max(0, position - _LONGEST_PREFIX), position) is None and (
            after.match(text, end) is None
        ):
            text = f"{text[:position]}{SELF}{text[end:]}"
            end = position + len(SELF)
        position = text.find(name, end)
    return text
