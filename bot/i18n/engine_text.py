"""The engine's explanations in the answer's language.

The engine words every step, note and unknown in English and keeps the template it was built from
(a message id of the ``engine`` catalog, ``bot/i18n/locales/<lang>/LC_MESSAGES/engine.po``) with its
parameters; this module words that template in the current language instead, parameter by parameter:
plain text and numbers as they are, card names as ``printed/Oracle``, nested messages worded the same way.
A template the catalog lacks (or a sentence the engine has no template for) is shown in English.

The engine's types are matched by shape (front ends import no engine module).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from bot.i18n import DEFAULT_LANGUAGE, N_, _, catalog, current_language
from bot.i18n.names import NO_NAMES, card_label


@runtime_checkable
class _Message(Protocol):
    """A template (the English message id) and its parameters (``engine.core.messages.Message``)."""

    @property
    def template(self) -> str: ...

    @property
    def params(self) -> tuple[tuple[str, object], ...]: ...


@runtime_checkable
class _CardName(Protocol):
    """A card's name inside a message (``engine.core.messages.CardName``)."""

    @property
    def name(self) -> str: ...


class _Explained(Protocol):
    """A step or note (``Explanation``): its English sentence and what it was worded from."""

    @property
    def text(self) -> str: ...

    @property
    def message(self) -> _Message | None: ...


class _Unknown(Protocol):
    """An unknown (``Unknown``): the English reason completing "unknown, because …", and its message."""

    @property
    def reason(self) -> str: ...

    @property
    def message(self) -> _Message | None: ...


class _Listed(Protocol):
    """What a copy on the stack copied or didn't (``CopiedItem``, ``NotCopied``): its English words and
    what they were worded from."""

    @property
    def item(self) -> str: ...

    @property
    def message(self) -> _Message | None: ...


def localized_item(listed: _Listed, names: Mapping[str, str] = NO_NAMES) -> str:
    """What a copy on the stack copied or didn't (``listed``) in the current language."""
    return listed.item if listed.message is None else worded(listed.message, names)


class _Handled(Protocol):
    """A copy on the stack (``StackCopyAnswer``): its handle, and its name when the question made it up."""

    @property
    def id(self) -> str: ...

    @property
    def label(self) -> _Message | None: ...


def localized_handle(copy: _Handled, names: Mapping[str, str] = NO_NAMES) -> str:
    """How the answer names ``copy``: as the question that made its handle up names it ("Twincast's copy"),
    in the current language, else by its handle (``printed/Oracle`` when it is a card's name)."""
    return card_label(copy.id, names) if copy.label is None else worded(copy.label, names)


def localized(item: _Explained | _Unknown, names: Mapping[str, str] = NO_NAMES) -> str:
    """The sentence of ``item`` (an explanation, or an unknown's reason) in the current language, card
    names shown as ``printed/Oracle`` from ``names`` (printed names by Oracle name)."""
    if item.message is None:
        return item.text if hasattr(item, "text") else item.reason
    return worded(item.message, names)


def worded(message: _Message, names: Mapping[str, str] = NO_NAMES) -> str:
    """``message`` (an engine message: an explanation's, an error's) in the current language, card names
    shown as ``printed/Oracle`` from ``names``."""
    language = current_language()
    translations = {} if language == DEFAULT_LANGUAGE else catalog(language, "engine")
    return _worded(message, translations, names)


def _worded(message: _Message, translations: Mapping[str, str], names: Mapping[str, str]) -> str:
    """``message`` in the catalog's language, or in English when it has no (well-formed) translation."""
    values = {name: _value(value, translations, names) for name, value in message.params}
    translated = translations.get(message.template)
    if translated:
        try:
            return translated.format(**values)
        except (KeyError, IndexError, ValueError):  # a translation whose fields don't match: English
            pass
    return message.template.format(**values)


def _value(value: object, translations: Mapping[str, str], names: Mapping[str, str]) -> str:
    if isinstance(value, _Message):
        return _worded(value, translations, names)
    if isinstance(value, _CardName):
        return card_label(value.name, names)
    return str(value)


_STATES = (N_("counters"), N_("controller"), N_("tapped"), N_("unknown"))
"""What an answer may leave unknown besides the characteristics (which the engine's catalog words)."""


def characteristic_names(names: Sequence[str]) -> str:
    """``names`` (what an answer leaves unknown, as the engine's answers name it: "power", "counters")
    in the current language, comma-separated."""
    language = current_language()
    words = catalog(language, "engine") if language != DEFAULT_LANGUAGE else {}
    return ", ".join(words.get(name) or _(name) for name in names)


def shown_number(value: object) -> str:
    """A power, toughness or loyalty as shown: the number, or "unknown" in the current language."""
    return _("unknown") if value == "unknown" else str(value)


def exiled_by_template(ability: int | None) -> str:
    """How a linked view lists a card an object's ability exiled ({number}, {card}): by the ability's
    number, when the board gives it."""
    if ability is None:
        return _("exiled by it (the board doesn't say by which ability): {card}")
    return _("exiled with ability {number}: {card}")
