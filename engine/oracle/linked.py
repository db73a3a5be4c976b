"""Linked-ability wordings (CR 607.2): the phrases by which one ability acts ("exile", "choose a color",
"note") and another refers to what it did ("cards exiled with ~", "the chosen color", "the noted number").

Phrases are matched on lower-cased rules text (self-references :data:`engine.core.model.SELF`). Each
reader returns typed results: where a phrase starts, its words, and the part of it that names something.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from engine.core.characteristics import CARD_TYPE_WORDS
from engine.core.model import SELF, Frozen
from engine.oracle.text import or_list


class Holder(StrEnum):
    """Which object a segment's ability is printed on, for 607.1."""

    PRINTED = "printed"  # the card itself
    ITSELF = "itself"  # granted by the card to itself (607.1a)
    TOKEN = "token"  # a token the ability creates (607.1d)
    EMBLEM = "emblem"  # an emblem the ability creates (607.1d)
    ELSEWHERE = "elsewhere"  # another object: not linked to anything on this card


class LinkPhrase(StrEnum):
    """The phrases of linked abilities a text is searched for, each one pattern."""

    EXILED_WITH = "exiled with ~"
    THE_EXILED = "the exiled card"
    EXILED_WITH_NAMED = "exiled with cards named ~"
    PREGAME_SHUFFLE = "before you shuffle your deck to start the game"
    CAST_COST = "as an additional cost to cast ~"
    REPLACES = "instead / would"
    AS_ENTERS = "as ~ enters, …"
    PUTS_ONTO_BATTLEFIELD = "put onto the battlefield"
    PUT_WITH = "put onto the battlefield with ~"
    THE_TOKEN = "the token"
    CHOOSE_VALUE = "choose a …"
    NAME_A_CARD = "name a card"
    CHOSEN = "the chosen …"
    NOTE = "note"
    NOTED = "noted"
    ENTERS_PAYING = "as ~ enters, pay"
    AS_ENTERED = "as ~ entered"
    AS_WAS_CAST = "as ~ was cast"
    VARIABLE = "X / any number"
    KICKED = "was kicked"
    COST_PAID = "additional cost was paid"
    PREGAME_CHOICE = "before the game begins"
    DEFINES_BY_CHOICE = "~ is the chosen …"


@dataclass(frozen=True, slots=True)
class Phrase:
    """One occurrence of a phrase in a text."""

    text: str  # the words matched
    start: int  # where they start
    group: str | None = None  # the part naming something ("kicked with its {W} kicker": "{W}"), if any


@dataclass(frozen=True, slots=True)
class WordChoice:
    """A choice between words ("choose war or peace", CR 607.2f, 607.2m)."""

    start: int
    words: tuple[str, ...]


_QUOTED = re.compile(r"[\"“]([^\"”]*)[\"”]")
_SENTENCE_END = re.compile(r"[.!?]\s")
_EMBLEM_WITH = re.compile(r"\bemblem with\s*$")
_CREATES_OR_PUTS = re.compile(r"\bcreates?\b|\bput\b")
_GRANTS_ITSELF = re.compile(r"(?:^|\W)~ (?:has|gains|gets|loses)\b|\bas long as [^,]*, ~\b")
_ACTIVATED_OR_TRIGGERED = re.compile(r"(?:when|whenever|at)\b|[^:\"]*\{[^}]+\}[^:\"]*:")

# Words that end the value named after "choose a" ("choose a number between 0 and 7").
_VALUE_STOPS = r"between|at|for|from|that|other|and|or|to|with|in|on|this|you|they|each|among|of|if|unless"

_EXILE_VERB = re.compile(r"(?<!from )(?<!in )(?<!into )\bexiles?\b(?! zone)(?! ~(?:\W|$))")
_CREATES_TOKEN = re.compile(r"\bcreates? [^.]*?\btokens?\b|\bpopulates?\b|\bamass(?:es)?\b")
_TOKEN_PRONOUN = re.compile(r" (?:it|them|that token|those tokens|the tokens?)\b")
_WORD_CHOICE = re.compile(r"\bchooses? ((?:[\w-]+, )*[\w-]+,? or [\w-]+)\b")
# three or more choices of two words each ("choose white Citizen, blue Camarid, …, or green Saproling")
_PAIRS_CHOICE = re.compile(r"\bchooses? ((?:[\w-]+ [\w-]+, ){2,}or [\w-]+ [\w-]+)\b")
_PATTERNS: dict[LinkPhrase, re.Pattern[str]] = {
    LinkPhrase.EXILED_WITH: re.compile(
        r"\b(?:(an?|one|another|each|the|all|any) (?:[\w-]+ ){0,4}?)?exiled with (?:~|it)(?!\w)"
    ),
    LinkPhrase.THE_EXILED: re.compile(
        r"\bthe exiled (?:cards?|creatures?|permanents?|objects?|piles?)\b|\bthe exiled card's\b"
        r"|\bthe (?:cards?|piles?) you exiled\b"
    ),
    LinkPhrase.EXILED_WITH_NAMED: re.compile(r"\bexiled with cards named ~"),
    LinkPhrase.PREGAME_SHUFFLE: re.compile(r"before you shuffle your deck to start the game"),
    LinkPhrase.CAST_COST: re.compile(
        r"as an additional cost to cast (?:this spell|~)|\bwhile casting this spell\b"
    ),
    LinkPhrase.REPLACES: re.compile(r"\binstead\b|\bwould\b"),
    # "As ~ enters, …" is a replacement effect (CR 614.1c): what it exiles is exiled by a replacement
    LinkPhrase.AS_ENTERS: re.compile(r"^as ~ enters(?: the battlefield)?,"),
    LinkPhrase.PUTS_ONTO_BATTLEFIELD: re.compile(
        r"\bputs? [^.]*? onto the battlefield\b|\breturns? [^.]*? to the battlefield\b|"
        + _CREATES_TOKEN.pattern
    ),
    LinkPhrase.PUT_WITH: re.compile(r"\b(?:put onto the battlefield|created) with (?:~|it\b|this scheme\b)"),
    LinkPhrase.THE_TOKEN: re.compile(r"\bthe tokens?\b"),
    # a participle after its first word ends the value ("a hand attached to …"); a possessive is part of it
    # ("one of enchanted player's hands")
    LinkPhrase.CHOOSE_VALUE: re.compile(
        r"\bchooses? (?:an?|another|any|two|three|one of) ((?:(?!(?:"
        + _VALUE_STOPS
        + r")\b)[\w-]+(?:'s)?\b,? ?)(?:(?!(?:"
        + _VALUE_STOPS
        + r"|[\w-]+ed)\b)[\w-]+(?:'s)?\b,? ?){0,3})"
    ),
    LinkPhrase.NAME_A_CARD: re.compile(r"\bnames? a (?:[\w-]+ )?card\b|\bchooses? the name of\b"),
    LinkPhrase.CHOSEN: re.compile(
        r"\b(?:the |last )*chosen ((?:[\w-]+ ){0,2}[\w-]+)|\bthe named card\b|\bwith that name\b"
    ),
    LinkPhrase.NOTE: re.compile(r"\bnotes? "),
    LinkPhrase.NOTED: re.compile(r"\bnoted\b"),
    LinkPhrase.ENTERS_PAYING: re.compile(
        r"\bas ~ enters(?: the battlefield)?,[^.]*\b(?:pays?|sacrifices?|discards?)\b"
    ),
    LinkPhrase.AS_ENTERED: re.compile(r"\bas (?:~|it) entered\b"),
    LinkPhrase.AS_WAS_CAST: re.compile(r"\bas ~ was cast\b"),
    LinkPhrase.VARIABLE: re.compile(r"\bx\b|\bany number\b|\bone or more\b"),
    LinkPhrase.KICKED: re.compile(r"\b(?:was|wasn't|were) kicked(?: with its ([^ ]+) kicker)?"),
    LinkPhrase.COST_PAID: re.compile(
        r"\badditional cost was paid\b|\bevidence was collected\b|\bwas bargained\b"
    ),
    LinkPhrase.PREGAME_CHOICE: re.compile(r"\bbefore the game begins\b"),
    LinkPhrase.DEFINES_BY_CHOICE: re.compile(r"(?:^|\. )~ is the chosen\b"),
}


# Words one of which every match of a phrase's pattern contains: most texts have none, and a substring
# test is far cheaper than the pattern (find_links tries every phrase on every ability of every card).
_NEEDS: dict[LinkPhrase, tuple[str, ...]] = {
    LinkPhrase.EXILED_WITH: ("exiled with ",),
    LinkPhrase.THE_EXILED: ("the exiled ", " you exiled"),
    LinkPhrase.EXILED_WITH_NAMED: ("exiled with cards named ~",),
    LinkPhrase.PREGAME_SHUFFLE: ("before you shuffle your deck to start the game",),
    LinkPhrase.CAST_COST: ("as an additional cost to cast ", "while casting this spell"),
    LinkPhrase.REPLACES: ("instead", "would"),
    LinkPhrase.AS_ENTERS: ("as ~ enters",),
    LinkPhrase.PUTS_ONTO_BATTLEFIELD: ("the battlefield", "token", "populate", "amass"),
    LinkPhrase.PUT_WITH: ("with ~", "with it", "with this scheme"),
    LinkPhrase.THE_TOKEN: ("the token",),
    LinkPhrase.CHOOSE_VALUE: ("choose",),
    LinkPhrase.NAME_A_CARD: ("name",),
    LinkPhrase.CHOSEN: ("chosen", "the named card", "with that name"),
    LinkPhrase.NOTE: ("note",),
    LinkPhrase.NOTED: ("noted",),
    LinkPhrase.ENTERS_PAYING: ("as ~ enters",),
    LinkPhrase.AS_ENTERED: ("entered",),
    LinkPhrase.AS_WAS_CAST: ("as ~ was cast",),
    LinkPhrase.VARIABLE: ("x", "any number", "one or more"),
    LinkPhrase.KICKED: ("kicked",),
    LinkPhrase.COST_PAID: ("additional cost was paid", "evidence was collected", "was bargained"),
    LinkPhrase.PREGAME_CHOICE: ("before the game begins",),
    LinkPhrase.DEFINES_BY_CHOICE: ("~ is the chosen",),
}


# Every word a phrase, the exile verb or a word choice needs, but the variable cost's (only ever looked for
# beside a cast cost): a text with none of them has no linked-ability wording at all.
_ANY_PHRASE = re.compile(
    "|".join(
        sorted(
            {
                re.escape(word)
                for kind, words in _NEEDS.items()
                if kind is not LinkPhrase.VARIABLE
                for word in words
            }
            | {"exile", "choose"}
        )
    )
)


def may_link(text: str) -> bool:
    """False only when ``text`` has no linked-ability phrase, exile verb or word choice (one search before
    the ~30 phrase tests of an ability's text); True is no promise."""
    return _ANY_PHRASE.search(text) is not None


def phrases(kind: LinkPhrase, text: str) -> tuple[Phrase, ...]:
    """Every occurrence of the phrase ``kind`` in ``text``, in order."""
    if not _may_say(kind, text):
        return ()
    return tuple(_phrase(match) for match in _PATTERNS[kind].finditer(text))


def first_phrase(kind: LinkPhrase, text: str) -> Phrase | None:
    """The first occurrence of the phrase ``kind`` in ``text``, or None."""
    match = _PATTERNS[kind].search(text) if _may_say(kind, text) else None
    return _phrase(match) if match else None


def says(kind: LinkPhrase, text: str) -> bool:
    """Whether ``text`` has the phrase ``kind``."""
    return _may_say(kind, text) and _PATTERNS[kind].search(text) is not None


def _may_say(kind: LinkPhrase, text: str) -> bool:
    return any(word in text for word in _NEEDS[kind])


def _phrase(match: re.Match[str]) -> Phrase:
    return Phrase(match.group(0), match.start(), match.group(1) if match.re.groups else None)


def empty_quotes(text: str) -> str:
    """``text`` with each quoted ability emptied to ``""`` (what the ability says itself)."""
    return _QUOTED.sub('""', text) if _has_quote(text) else text


def quoted_phrases(text: str) -> tuple[Phrase, ...]:
    """The quoted abilities of ``text``: where each quote starts, and its words as ``group``."""
    return tuple(_phrase(match) for match in _QUOTED.finditer(text)) if _has_quote(text) else ()


def _has_quote(text: str) -> bool:
    return '"' in text or "“" in text


def quote_holder(before: str) -> Holder:
    """Who gets a quoted ability, judged from the sentence that grants it (``before``: the text up to it)."""
    sentence = _SENTENCE_END.split(before)[-1]
    if _EMBLEM_WITH.search(sentence):
        return Holder.EMBLEM
    if _CREATES_OR_PUTS.search(sentence) and "token" in sentence:
        return Holder.TOKEN
    if _GRANTS_ITSELF.search(sentence) or sentence.startswith(f"{SELF} "):
        return Holder.ITSELF
    return Holder.ELSEWHERE


def exiles_cards_at(text: str) -> int | None:
    """Where ``text`` first tells a player to exile cards; exiling the token it just created is no card."""
    if "exile" not in text:  # every match of _EXILE_VERB has it
        return None
    created = _CREATES_TOKEN.search(text)
    for match in _EXILE_VERB.finditer(text):
        after_token = created is not None and created.start() < match.start()
        if not (after_token and _TOKEN_PRONOUN.match(text, match.end())):
            return match.start()
    return None


def says_exile(text: str) -> bool:
    """Whether ``text`` uses the verb "exile" (not "from exile", "in exile", "exile ~")."""
    return "exile" in text and _EXILE_VERB.search(text) is not None


class ExiledCards(Frozen):
    """What an "exile [N] TYPE cards from your graveyard" wording may exile: cards of one of ``types``
    (none: any card), from its controller's graveyard only when ``yours``."""

    types: tuple[str, ...] = ()
    yours: bool = False


# "exile any number of creature cards from your graveyard", "exile an instant or sorcery card from your
# graveyard", "exile two creature cards from graveyards"
_EXILED_CARDS = re.compile(
    r"\bexile (?:any number of|up to \w+|an?|one|two|three|x|\w+) (?P<types>[a-z ]+?) cards? from "
    r"(?P<where>your graveyard|graveyards|a graveyard)"
)


def exiled_cards(text: str) -> ExiledCards | None:
    """What an ability worded "exile … cards from your graveyard" exiles (lower-cased ``text``); None when it
    isn't worded so."""
    found = _EXILED_CARDS.search(text)
    if found is None:
        return None
    words = [word for word in re.split(r" or | and/or |, ", found["types"]) if word]
    types = tuple(word.capitalize() for word in words if word in CARD_TYPE_WORDS)
    yours = found["where"] == "your graveyard"
    return ExiledCards(types=types if len(types) == len(words) else (), yours=yours)


def worded_as_acting(text: str) -> bool:
    """Whether a (quoted) ability's wording is a triggered ("when", "whenever", "at") or activated one."""
    return _ACTIVATED_OR_TRIGGERED.match(text) is not None


def word_choices(text: str) -> tuple[WordChoice, ...]:
    """Each "choose X, Y or Z" choice between words in ``text``."""
    if "choose" not in text:  # every match of _WORD_CHOICE has it
        return ()
    matches = [*_WORD_CHOICE.finditer(text), *_PAIRS_CHOICE.finditer(text)]
    return tuple(WordChoice(match.start(), tuple(or_list(match.group(1)))) for match in matches)


_NAMED_SELF = re.compile(rf"\bnamed {re.escape(SELF)}")


def refers_to_itself(text: str) -> bool:
    """Whether ``text`` (its own name as SELF) refers to the object it's on (CR 201.5): a SELF that isn't
    the name in "cards named ~", which means every card with that name, this one or not (607.2n)."""
    return SELF in text and SELF in _NAMED_SELF.sub("", text)


def names_cards(text: str) -> bool:
    """Whether ``text`` (its own name as SELF) refers to cards by its name ("cards named ~", CR 607.2n):
    a name, not a reference to the object it's on."""
    return SELF in text and _NAMED_SELF.search(text) is not None


def mentions_word(text: str, word: str) -> bool:
    """Whether ``text`` has ``word`` as a whole word."""
    return word in text and re.search(rf"\b{re.escape(word)}\b", text) is not None


_EXILES = re.compile(r"\bexiles?\b(?! with)", re.IGNORECASE)


def exiles_cards(rules_text: str) -> bool:
    """Whether an ability's text tells a player to exile something ("exile target …"), not only refers to
    what was exiled ("return the exiled card"): one a card can be exiled with (CR 607.2a)."""
    return _EXILES.search(rules_text) is not None
