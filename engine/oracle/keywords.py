"""The keyword vocabulary of the Comprehensive Rules and matching of keyword abilities in Oracle text.

Keyword names are never typed by hand: :class:`KeywordVocabulary` is built from the titles of the
numbered rules under 702 (keyword abilities, ``702.9. Flying``) and 701 (keyword actions), plus the
variant names the subrules define (``Megamorph`` is a variant of morph, ``Totem Armor`` the old name
of umbra armor, ``friends forever`` one of the partner abilities). The only wording knowledge kept here
is how Oracle text *writes* the three keywords whose CR title is a generic placeholder (``Landwalk`` is
printed ``Islandwalk``, ``Typecycling`` is printed ``Swampcycling``, ``Offering`` is printed ``Goblin
offering``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from engine.core.citations import cite
from engine.core.model import Frozen

KEYWORD_ABILITIES = cite("702.1", "keyword")
LANDWALK = cite("702.14a", "landwalk")
TYPECYCLING = cite("702.29e", "Typecycling is a variant of the cycling ability")
OFFERING = cite("702.48a", "offering")

# How Oracle text prints the keywords whose CR title is a placeholder: the printed word keeps the
# title's tail and replaces its head with a quality ("Islandwalk", "Basic landcycling", "Fox offering").
_PLACEHOLDER_FORMS: Mapping[str, str] = {
    "landwalk": r"(?:(?:nonbasic|legendary|snow|basic) )?[\w'-]*walk",
    "typecycling": r"(?:basic )?[\w'-]+cycling",
    "offering": r"[\w'-]+ offering",
}
_PLACEHOLDER_TAILS: Mapping[str, str] = {
    "landwalk": "walk",
    "typecycling": "cycling",
    "offering": " offering",
}


_VARIANT = re.compile(r"^“?(?P<name>[A-Z][a-z]+(?: [a-z]+)*)”? is a variant of")
# "The partner abilities are: partner, partner with [name], friends forever, …" (702.124a)
_VARIANT_LIST = re.compile(r"\bThe (?P<kind>[a-z]+) abilities are: (?P<names>[^.]+)\.")
_LIST_BREAK = re.compile(r",? and |, ")
_FORMER_NAME = re.compile(r"printed with the ability “(?P<name>[^”]+)”")
_NUMBER_THEN_COST = re.compile(r"^ (?:\d+|X)—")  # "Suspend X—{X}{3}{U}. X can't be 0."
_CDA_KEYWORD = "is a characteristic-defining ability"
_PIECE_BREAK = re.compile(r"[,;] (?![^{]*\})")  # between the keywords of a line, not inside a cost
_WORD_END = re.compile(r"[ ,;—]")


class RuleText(Protocol):
    """A rule as a rules document or store gives it."""

    @property
    def text(self) -> str: ...

    @property
    def children(self) -> tuple[str, ...]: ...


class RulesSource(Protocol):
    """What the vocabulary needs from the Comprehensive Rules (a parsed document or the rules store)."""

    def keyword_titles(self, section: str) -> tuple[tuple[str, str], ...]: ...

    def rule(self, number: str) -> RuleText | None: ...


@dataclass(frozen=True, slots=True)  # not a model: only parsing reads it, and it is made for every keyword
class KeywordMatch:
    """One keyword ability found in Oracle text: the CR name and the rest of its wording."""

    keyword: str  # as the CR names it ("Flying", "Equip", "Landwalk")
    parameter: str | None  # "{7}", "a creature", "from red", "Island" (the quality of a placeholder)
    text: str  # the matched wording ("Equip {7}")


class KeywordVocabulary(Frozen):
    """Keyword abilities (CR 702.x titles) and keyword actions (CR 701.x titles).

    ``variants`` maps a variant (``Megamorph``) to the keyword it belongs to (``Morph``); ``renamed``
    maps a former name still printed in older Oracle text (``Totem armor``) to the current one
    (``Umbra Armor``), which is what matches report; ``characteristic_defining`` names the keyword
    abilities the CR calls
    characteristic-defining abilities (changeling, devoid).
    """

    abilities: tuple[str, ...]
    actions: tuple[str, ...]
    variants: tuple[tuple[str, str], ...] = ()
    renamed: tuple[tuple[str, str], ...] = ()
    characteristic_defining: tuple[str, ...] = ()

    @classmethod
    def from_titles(
        cls,
        abilities: Iterable[str],
        actions: Iterable[str],
        *,
        variants: Mapping[str, str] | None = None,
        renamed: Mapping[str, str] | None = None,
        characteristic_defining: Iterable[str] = (),
    ) -> KeywordVocabulary:
        """Build the vocabulary from rule titles (``"Flying"``, ``"Daybound and Nightbound"``).

        A title naming two keywords joined by "and" (``Daybound and Nightbound``, ``Tap and Untap``)
        yields both.
        """
        return cls(
            abilities=_split_titles(abilities),
            actions=_split_titles(actions),
            variants=tuple(sorted((variants or {}).items())),
            renamed=tuple(sorted((renamed or {}).items())),
            characteristic_defining=_split_titles(characteristic_defining),
        )

    @classmethod
    def from_rules(cls, rules: RulesSource) -> KeywordVocabulary:
        """Build the vocabulary from the Comprehensive Rules: titles of 702.x and 701.x, the variants
        their subrules define ("Megamorph is a variant of the morph ability", 702.37b), former names
        ("printed with the ability “totem armor”", 702.89b) and the keyword abilities a subrule calls
        characteristic-defining (702.73a changeling, 702.114a devoid)."""
        abilities = rules.keyword_titles("702")
        variants: dict[str, str] = {}
        renamed: dict[str, str] = {}
        characteristic_defining: list[str] = []
        for number, title in abilities:
            for subrule in _subrules(rules, number):
                if found := _VARIANT.match(subrule):
                    variants[found.group("name").capitalize()] = title
                variants |= dict.fromkeys(_listed_variants(subrule, title), title)
                if found := _FORMER_NAME.search(subrule):
                    renamed[found.group("name").capitalize()] = title
                if _CDA_KEYWORD in subrule:
                    characteristic_defining.append(title)
        return cls.from_titles(
            (title for _, title in abilities),
            (title for _, title in rules.keyword_titles("701")),
            variants=variants,
            renamed=renamed,
            characteristic_defining=characteristic_defining,
        )

    def is_keyword(self, name: str) -> bool:
        """Whether ``name`` (in any case) is the name of a keyword ability or keyword action."""
        return name.casefold() in _matcher(self).keywords

    def is_characteristic_defining(self, keyword: str) -> bool:
        """Whether the keyword ability ``keyword`` is a characteristic-defining ability (CR 604.3)."""
        return keyword.casefold() in _matcher(self).characteristic_defining

    def match_line(self, text: str) -> tuple[KeywordMatch, ...] | None:
        """The keyword abilities of a paragraph that consists only of keywords, else None.

        ``"Flying, vigilance"`` gives two matches, ``"Equip {7}"`` one with parameter ``{7}``,
        ``"Partner with Pir, Imaginative Rascal"`` one (the whole paragraph is tried first).
        Reminder text must already be removed.
        """
        matcher = _matcher(self)
        text = text.strip()
        # Both readings begin with a keyword name at the start of the line (no name holds ", " or "; ",
        # so the first piece's name is the whole line's): most paragraphs fail here, once.
        if (name := matcher.name_at_start(text)) is None:
            return None
        pieces = [piece.strip() for piece in _PIECE_BREAK.split(text)]
        if len(pieces) > 1:
            matches = []
            for piece in pieces:
                if (match := matcher.match_one(piece, allow_sentence=False)) is None:
                    break
                matches.append(match)
            else:
                return tuple(matches)
        whole = matcher.named(text, name, allow_sentence=True)
        return (whole,) if whole is not None else None


@dataclass(frozen=True)
class _Matcher:
    """What matching needs from one vocabulary, worked out once: the pattern of every keyword name and
    the lookups of :meth:`canonical` (a paragraph's every piece is tried, so this runs on every card)."""

    pattern: re.Pattern[str]
    heads: frozenset[str]  # the first word of each name, casefolded
    tails: re.Pattern[str] | None  # what a placeholder name's printed form has ("walk", "cycling" …)
    renamed: Mapping[str, str]  # casefolded former name: current name
    names: Mapping[str, str]  # casefolded ability or variant name: the name (abilities first)
    placeholders: tuple[tuple[str, str], ...]  # (name, printed tail) of each placeholder keyword
    characteristic_defining: frozenset[str]  # casefolded
    keywords: frozenset[str]  # every keyword ability's and action's name, casefolded

    @classmethod
    def of(cls, vocabulary: KeywordVocabulary) -> _Matcher:
        """The matcher of ``vocabulary``."""
        named = (*vocabulary.abilities, *(variant for variant, _ in vocabulary.variants))
        every = {*named, *(former for former, _ in vocabulary.renamed)}
        names: dict[str, str] = {}
        for name in named:
            names.setdefault(name.casefold(), name)
        return cls(
            pattern=_ability_pattern(vocabulary.abilities, (*vocabulary.variants, *vocabulary.renamed)),
            heads=frozenset(name.split(" ")[0].casefold() for name in every),
            tails=_any_of(_PLACEHOLDER_TAILS[name.casefold()].strip() for name in _placeholder_names(every)),
            renamed={former.casefold(): current for former, current in reversed(vocabulary.renamed)},
            names=names,
            placeholders=tuple(
                (name, _PLACEHOLDER_TAILS[name.casefold()]) for name in _placeholder_names(named)
            ),
            characteristic_defining=frozenset(name.casefold() for name in vocabulary.characteristic_defining),
            keywords=frozenset(name.casefold() for name in (*vocabulary.abilities, *vocabulary.actions)),
        )

    def name_at_start(self, text: str) -> re.Match[str] | None:
        """The keyword ability's (or variant's, or former) name ``text`` begins with, if any."""
        return self.pattern.match(text) if self._may_match(text) else None

    def match_one(self, text: str, *, allow_sentence: bool) -> KeywordMatch | None:
        """The keyword ability ``text`` is (its name, then its cost or parameter), else None."""
        found = self.name_at_start(text)
        return None if found is None else self.named(text, found, allow_sentence=allow_sentence)

    def named(self, text: str, found: re.Match[str], *, allow_sentence: bool) -> KeywordMatch | None:
        """The keyword ability ``text`` is, given the name ``found`` at its start, else None."""
        rest = text[found.end() :]
        if not _is_parameter(rest, allow_sentence=allow_sentence):
            return None
        keyword, quality = self.canonical(found.group(0))
        parameter = " ".join(part for part in (quality, rest.strip(" —")) if part) or None
        return KeywordMatch(keyword=keyword, parameter=parameter, text=text)

    def _may_match(self, text: str) -> bool:
        """False only when the pattern can't match ``text``: an ASCII text whose first word begins no name
        (each name ends at a space, comma, semicolon or dash) and that lacks every placeholder keyword's
        printed tail. Other texts go to the pattern (IGNORECASE matches "ı" to "i"; casefold doesn't)."""
        if not text.isascii():
            return True
        folded = text.casefold()
        if _WORD_END.split(folded, 1)[0] in self.heads:
            return True
        return self.tails is not None and self.tails.search(folded) is not None

    def canonical(self, printed: str) -> tuple[str, str]:
        """The CR name for the printed keyword and, for a placeholder keyword, its printed quality."""
        folded = printed.casefold()
        if (current := self.renamed.get(folded)) is not None:
            return current, ""
        if (name := self.names.get(folded)) is not None:
            return name, ""
        for name, tail in self.placeholders:
            if folded.endswith(tail):
                return name, printed[: len(printed) - len(tail)].strip().capitalize()
        return printed, ""


def _any_of(words: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern finding any of ``words`` (None for no words)."""
    alternatives = sorted({re.escape(word) for word in words})
    return re.compile("|".join(alternatives)) if alternatives else None


def _placeholder_names(names: Iterable[str]) -> list[str]:
    return [name for name in names if name.casefold() in _PLACEHOLDER_TAILS]


def _matcher(vocabulary: KeywordVocabulary) -> _Matcher:
    """The matcher of ``vocabulary``, kept by identity (a vocabulary's hash walks its every name)."""
    kept = _MATCHERS.get(id(vocabulary))
    if kept is None or kept[0] is not vocabulary:
        if len(_MATCHERS) >= _KEPT_MATCHERS:
            _MATCHERS.clear()
        kept = (vocabulary, _Matcher.of(vocabulary))
        _MATCHERS[id(vocabulary)] = kept
    return kept[1]


# The vocabulary is kept beside its matcher, so its id can't be reused while the entry is there.
_MATCHERS: dict[int, tuple[KeywordVocabulary, _Matcher]] = {}
_KEPT_MATCHERS = 8  # one per rules version read: a handful in a process's life


def _listed_variants(subrule: str, title: str) -> Iterator[str]:
    """The variants a subrule lists by name ("friends forever", "choose a Background"), the title itself
    and names with a placeholder ("partner with [name]", matched as the title's own wording) left out."""
    found = _VARIANT_LIST.search(subrule)
    if found is None or found["kind"] != title.casefold():
        return
    for name in _LIST_BREAK.split(found["names"]):
        if "[" not in name and name.casefold() != title.casefold():
            yield name.replace("’", "'").capitalize()


def _subrules(rules: RulesSource, number: str) -> Iterator[str]:
    rule = rules.rule(number)
    for child in rule.children if rule else ():
        if (subrule := rules.rule(child)) is not None:
            yield subrule.text


def _split_titles(titles: Iterable[str]) -> tuple[str, ...]:
    names: list[str] = []
    for title in titles:
        for name in title.split(" and "):
            if name.strip() and name.strip() not in names:
                names.append(name.strip())
    return tuple(names)


def _is_parameter(rest: str, *, allow_sentence: bool) -> bool:
    """Whether ``rest`` (the text after a keyword name) can be that keyword's cost or parameter."""
    if not rest:
        return True
    if rest.startswith(("—", " —")) or _NUMBER_THEN_COST.match(rest):
        return allow_sentence
    if not rest.startswith(" ") or rest.rstrip().endswith((".", ":")) or ":" in rest:
        return False
    # A parameter is a cost, a number or a short quality ("from red", "a creature"); never a clause.
    return allow_sentence or "." not in rest


@cache
def _ability_pattern(abilities: tuple[str, ...], variants: tuple[tuple[str, str], ...]) -> re.Pattern[str]:
    names = sorted({*abilities, *(variant for variant, _ in variants)}, key=len, reverse=True)
    forms = [_PLACEHOLDER_FORMS[name.casefold()] for name in names if name.casefold() in _PLACEHOLDER_FORMS]
    forms.extend(re.escape(name) for name in names)
    return re.compile(rf"(?:{'|'.join(forms)})(?=$|[ ,;—])", re.IGNORECASE)
