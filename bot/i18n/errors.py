"""The Judge's errors as the user reads them, in the answer's language, for both front ends (the CLI and
the Discord cogs; it loads neither discord.py nor the engine).

English is every error's own message. In another language, an error raised with a message id and its
parameters (``JudgeError.wording``: every board, stack, copy and option problem) is worded from them as
the engine's explanations are (the ``engine`` catalog, card names as ``printed/Oracle``), a card or rule
look-up's message is rebuilt from the error's fields, a fixed sentence another layer writes is the
catalog's translation of it, and any other message stays in English inside a translated sentence saying
so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.i18n import DEFAULT_LANGUAGE, N_, _, current_language
from bot.i18n.engine_text import worded
from bot.i18n.names import NO_NAMES
from bot.judge import (
    AmbiguousCardName,
    BoardFormatError,
    CardNotFound,
    InvalidQuestion,
    JudgeError,
    RuleNotFound,
    WorldError,
)

if TYPE_CHECKING:
    from bot.judge import Judge

ENGLISH_ONLY = N_("The judge can't answer this (explained in English only): {problem}")
BOARD_IN_ENGLISH = N_("Your board has a problem (explained in English only): {problem}")
UNREACHABLE = N_(
    "“{query}” isn't in the card cache and Scryfall can't be asked right now, so I can't look it up; "
    "try again later."
)


class Refused(InvalidQuestion):
    """A question a front end refuses before asking the Judge: a catalog phrase and its fields, so it is
    said in the language of the answer that reports it."""

    def __init__(self, phrase: str, **fields: object) -> None:
        super().__init__(phrase.format(**fields))
        self.phrase = phrase
        self.fields = fields


def error_message(error: JudgeError, *, framed: bool = True, names: Mapping[str, str] = NO_NAMES) -> str:
    """``error``'s message in the answer's language, card names shown with their printed names in
    ``names`` (:func:`error_names`); a message only English has is put inside :data:`ENGLISH_ONLY`
    (:data:`BOARD_IN_ENGLISH` for a board file's) unless not ``framed`` (when the caller says what kind of
    problem it is)."""
    if current_language() == DEFAULT_LANGUAGE:
        return str(error)
    if error.wording is not None:
        return worded(error.wording, names)
    rebuilt = _rebuilt(error)
    if rebuilt is not None:
        return rebuilt
    english, line, frame = str(error), None, ENGLISH_ONLY
    if isinstance(error, BoardFormatError):
        frame = BOARD_IN_ENGLISH
        if error.line:
            english, line = english.removeprefix(f"line {error.line}: "), error.line
    text = _(english)
    translated = text != english
    if line is not None:
        text = _("line {line}: {problem}").format(line=line, problem=text)
    return text if translated or not framed else _(frame).format(problem=text)


async def error_names(error: JudgeError, judge: Judge) -> Mapping[str, str]:
    """The printed names of the answer's language :func:`error_message` shows ``error``'s cards with
    (none for English, for an error worded without parameters, or when the cache can't say)."""
    language = current_language()
    if language == DEFAULT_LANGUAGE or error.wording is None:
        return NO_NAMES
    try:
        return await judge.printed_names(language)
    except JudgeError:
        return NO_NAMES


def _rebuilt(error: JudgeError) -> str | None:
    """The message of an error whose fields say it all, in the answer's language (else None)."""
    if isinstance(error, Refused):
        return _(error.phrase).format(**error.fields)
    if isinstance(error, AmbiguousCardName):
        return _("“{query}” matches several cards; please type more of the name.").format(query=error.query)
    if isinstance(error, CardNotFound) and isinstance(error, WorldError):  # the card may exist
        return _(UNREACHABLE).format(query=error.query)
    if isinstance(error, CardNotFound):
        said = _("No card named “{query}”.").format(query=error.query)
        # the English wording (data.cards.errors.CardNotFound), followed by why, when it says why
        reason = str(error).removeprefix(f"No card named “{error.query}”.").strip()
        return f"{said}{_(reason)}" if reason else said
    if isinstance(error, RuleNotFound):
        if error.kind == "rule":
            return _("There is no rule {query} in the Comprehensive Rules.").format(query=error.query)
        return _("“{query}” is not a rule number or a glossary term.").format(query=error.query)
    return None
