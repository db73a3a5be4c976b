"""Message templates: the engine's sentences as a message id and its parameters, so a front end can word
them in another language.

A sentence is written ``msg("{card} resolves.", card=card(name))``: the English template is the message id
(the ``engine`` catalog's, extracted by Babel with the keyword ``msg``), and each parameter is plain text
(Oracle text, numbers, ids: shown as they are), a card name (:func:`card`: a front end shows its printed
name too) or a nested message (a sub-phrase the translation may put anywhere). :attr:`Message.english` is
the English sentence, the ``text`` every answer keeps.

A template is a :meth:`str.format` string with named fields only; literal braces are doubled (``{{T}}``).
Phrases English builds from words (a list joined with "and", "a"/"an") are templates of their own
(:func:`listing`, :func:`indefinite`), so no English grammar ends up inside another language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict


class CardName(BaseModel):
    """A card's (or permanent's) name inside a message: Oracle English; a front end adds its printed name."""

    model_config = ConfigDict(frozen=True)

    name: str


class Message(BaseModel):
    """A template (the English message id) and its parameters."""

    model_config = ConfigDict(frozen=True)

    template: str
    params: tuple[tuple[str, Param], ...] = ()

    @property
    def english(self) -> str:
        """The sentence in English: the template with every parameter worded in English."""
        return self.template.format(**{name: english(value) for name, value in self.params})


Param = str | int | CardName | Message
"""A message parameter: shown as it is (text, number), as a card name, or worded (a nested message)."""

Message.model_rebuild()


def msg(template: str, /, **params: Param) -> Message:
    """The message ``template`` with ``params`` (the marker Babel extracts: ``-k msg``)."""
    return Message(template=template, params=tuple(params.items()))


def card(name: str) -> CardName:
    """``name`` marked as a card's (or permanent's) name."""
    return CardName(name=name)


def english(value: Param) -> str:
    """A parameter in English."""
    if isinstance(value, Message):
        return value.english
    if isinstance(value, CardName):
        return value.name
    return str(value)


def listing(items: Sequence[Param], conjunction: Literal["and", "or"] = "and") -> Param:
    """``items`` as one phrase: "A", "A and B", "A, B and C" (or "or"), each join its own message."""
    if len(items) == 1:
        return items[0]
    if len(items) > 2:
        return msg("{first}, {rest}", first=items[0], rest=listing(items[1:], conjunction))
    if conjunction == "or":
        return msg("{first} or {second}", first=items[0], second=items[1])
    return msg("{first} and {second}", first=items[0], second=items[1])


def series(items: Sequence[Param]) -> Param:
    """``items`` separated by commas, without a conjunction: "A, B, C"."""
    return items[0] if len(items) == 1 else msg("{first}, {rest}", first=items[0], rest=series(items[1:]))


def semicolon_series(items: Sequence[Param]) -> Param:
    """``items`` separated by semicolons: "A; B; C" (alternatives, or sentences listed in one; nothing for
    none)."""
    if len(items) < 2:
        return items[0] if items else ""
    # Halves rather than one item at a time: a dependency loop of a hundred effects nests only 7 deep.
    half = len(items) // 2
    return msg("{first}; {rest}", first=semicolon_series(items[:half]), rest=semicolon_series(items[half:]))


def indefinite(phrase: Param) -> Message:
    """``phrase`` with "a" or "an" before it (as its English begins)."""
    if english(phrase).lower().startswith(tuple("aeiou")):
        return msg("an {phrase}", phrase=phrase)
    return msg("a {phrase}", phrase=phrase)


def counter_count(count: int, kind: str) -> Message:
    """ "3 +1/+1 counters", "1 loyalty counter": ``count`` counters of ``kind``."""
    shown = COUNTER_KINDS.get(kind, kind)
    if count == 1:
        return msg("{count} {kind} counter", count=count, kind=shown)
    return msg("{count} {kind} counters", count=count, kind=shown)


COUNTER_KINDS: dict[str, Param] = {
    m.template: m
    for m in (msg("loyalty"), msg("defense"), msg("shield"), msg("stun"), msg("oil"), msg("lore"))
}
"""The kinds of counters a language words its own way (others, like +1/+1, are shown as they are)."""


def type_words(words: Sequence[str]) -> Param:
    """Card types (``("Artifact", "Creature")``, at least one) as one phrase, each a word of its own (in
    English as given: "Artifact Creature", "creature")."""
    shown = [_WORDS.get(w, w) for w in words]
    return shown[0] if len(shown) == 1 else msg("{word} {words}", word=shown[0], words=type_words(words[1:]))


_WORDS: dict[str, Param] = {
    m.template: m
    for m in (
        *(msg("Artifact"), msg("Battle"), msg("Creature"), msg("Enchantment"), msg("Instant")),
        *(msg("Kindred"), msg("Land"), msg("Planeswalker"), msg("Sorcery")),
        *(msg("artifact"), msg("battle"), msg("creature"), msg("enchantment"), msg("instant")),
        *(msg("kindred"), msg("land"), msg("planeswalker"), msg("sorcery")),
    )
}
"""The card types (CR 205.2a), which a language words its own way; English writes them capitalized on a
type line and in lower case in a sentence."""
