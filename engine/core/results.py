"""Result building blocks shared by every engine answer."""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from engine.core.citations import Citation
from engine.core.messages import Message


class Explanation(BaseModel):
    """One sentence of a ruling with the rule numbers that support it (a step or a note)."""

    model_config = ConfigDict(frozen=True)

    text: str  # in English
    rules: tuple[str, ...]
    message: Message | None = Field(default=None, exclude=True)
    """What ``text`` was worded from, for another language (None: English only); not in the JSON."""

    @classmethod
    def of(cls, text: str | Message, *citations: Citation) -> Explanation:
        """Build an explanation citing registered rules, each number once (two phrases may share a rule)."""
        message = text if isinstance(text, Message) else None
        return cls(text=_english(text), rules=_numbers(citations), message=message)


Characteristic = Literal[
    "name",
    "mana cost",
    "colors",
    "supertypes",
    "types",
    "subtypes",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "abilities",
]
"""The characteristics (CR 109.3) an :class:`Unknown` can name, as the answers word them."""

CHARACTERISTICS: tuple[Characteristic, ...] = get_args(Characteristic)
"""Every one of them, in the order an answer shows them (an unknown of "everything" names them all)."""

UNKNOWN = "unknown"
"""How an answer shows a characteristic value the engine can't determine (never a guess)."""


class GivenBy(BaseModel):
    """A board key that would decide an unknown: ``key`` (``kicked``, or a ``choices:`` key such as ``coin``
    or ``option``) of the object ``object_id`` the board describes, and each value it can take."""

    model_config = ConfigDict(frozen=True)

    object_id: str
    key: str
    values: tuple[str, ...]


class Unknown(BaseModel):
    """Characteristics the engine can't determine, and why: something it doesn't model or wasn't told."""

    model_config = ConfigDict(frozen=True)

    characteristics: tuple[
        str, ...
    ]  # "power", "toughness", "abilities", "types", "subtypes", "colors", "name"
    reason: str  # completes "unknown, because …", in English
    rules: tuple[str, ...]
    message: Message | None = Field(default=None, exclude=True)
    """What ``reason`` was worded from, for another language (None: English only); not in the JSON."""
    copiable: bool = Field(default=False, exclude=True)
    """Whether the unknown part is in the object's copiable values too (an "as [this] enters" result the
    board doesn't give: CR 707.2), so that a copy of it doesn't know it either; not in the JSON."""
    copied: bool = Field(default=False, exclude=True)
    """Whether whatever copies the object has it too, however that copy enters: what a copy effect gave
    the object isn't known (a coin flip it depends on), and those values are what a copy copies (CR 707.2);
    an "as enters" result isn't, as a copy entering makes its own (707.6). Not in the JSON."""
    given_by: tuple[GivenBy, ...] = Field(default=(), exclude=True)
    """The board keys whose values would decide it (empty: nothing the board can give does); each value
    answered apart names the outcomes. Not in the JSON."""
    may_add: tuple[str, ...] | None = Field(default=None, exclude=True)
    """For unknown abilities: the only abilities the object may have beyond its known ones (an "as long as"
    ability whose condition the board doesn't show grants these or nothing); None when any may. Not in
    the JSON."""

    @classmethod
    def of(cls, characteristics: tuple[str, ...], reason: str | Message, *citations: Citation) -> Unknown:
        """An unknown of each characteristic once, citing registered rules, each number once."""
        message = reason if isinstance(reason, Message) else None
        return cls(
            characteristics=tuple(dict.fromkeys(characteristics)),
            reason=_english(reason),
            rules=_numbers(citations),
            message=message,
        )


def _english(text: str | Message) -> str:
    return text.english if isinstance(text, Message) else text


def _numbers(citations: tuple[Citation, ...]) -> tuple[str, ...]:
    """The rule numbers of ``citations``, each once (two phrases may share a rule)."""
    return tuple(dict.fromkeys(c.number for c in citations))
