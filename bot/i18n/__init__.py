"""Message catalogs: every user-facing phrase of the bot and the CLI, in English or Japanese.

English is written in the code, as the message id (``_("Linked abilities: {card}")``); a translation
lives in ``bot/i18n/locales/<lang>/LC_MESSAGES/messages.po``, compiled to a ``.mo`` and read with Babel the
first time that language is used (:mod:`bot.i18n.catalogs`; English never loads a catalog). A phrase the
catalog lacks is shown in English.
The engine's explanations have their own domain, ``engine.po`` (templates marked ``msg`` in ``engine/``,
worded by :mod:`bot.i18n.engine_text`).

The language of what is being answered is a context variable: the Discord layer sets it per
interaction (:func:`use_language`), the CLI once from ``--lang``; renderers just call :func:`_`.
Rule numbers and card names stay as they are in every language.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "ja")
"""The languages answers can be given in; ``en`` needs no catalog."""
LOCALES = Path(__file__).parent / "locales"

_language: ContextVar[str] = ContextVar("mtg_judge_language", default=DEFAULT_LANGUAGE)


def _(message: str) -> str:
    """``message`` (English, the message id) in the current language; English when untranslated."""
    language = _language.get()
    if language == DEFAULT_LANGUAGE:
        return message
    return catalog(language).get(message) or message


def N_(message: str) -> str:  # noqa: N802 -- the gettext convention extractors look for
    """Mark ``message`` for translation without translating it (a constant, translated where used)."""
    return message


def current_language() -> str:
    """The language answers are being given in."""
    return _language.get()


@contextmanager
def use_language(language: str) -> Iterator[None]:
    """Answer in ``language`` (one of :data:`LANGUAGES`) inside the ``with`` block."""
    token = _language.set(language if language in LANGUAGES else DEFAULT_LANGUAGE)
    try:
        yield
    finally:
        _language.reset(token)


def set_language(language: str) -> None:
    """Answer in ``language`` from now on in this context (the CLI's ``--lang``)."""
    _language.set(language if language in LANGUAGES else DEFAULT_LANGUAGE)


def language_of(locale: str | None) -> str | None:
    """The supported language of a locale code (``ja``, ``ja-JP``, ``en-US`` …), or None."""
    if not locale:
        return None
    language = locale.replace("_", "-").split("-")[0].casefold()
    return language if language in LANGUAGES else None


@functools.cache
def catalog(language: str, domain: str = "messages") -> dict[str, str]:
    """The translations of ``language`` in ``domain`` (``messages``: the bot's phrases, ``engine``: the
    engine's explanations), message id → text, without fuzzy or empty entries."""
    from bot.i18n.catalogs import compiled  # here: English answers never import Babel

    messages = compiled(language, domain)
    if messages is None:
        return {}
    return {
        _key(str(message.id), message.context): str(message.string)
        for message in messages
        if message.id and isinstance(message.id, str) and message.string and not message.fuzzy
    }


def pgettext(context: str, message: str, language: str) -> str | None:
    """The translation of ``message`` in ``context`` (a ``msgctxt``: ``command name``…) into
    ``language``, or None when the catalog has none (Discord then shows the English)."""
    return catalog(language).get(_key(message, context)) if language != DEFAULT_LANGUAGE else None


def _key(message: str, context: str | None) -> str:
    """The catalog key of a message: gettext's ``context\x04id`` when it has a context."""
    return f"{context}\x04{message}" if context else message
