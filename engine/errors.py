"""The one error family of the judge: every error a user can meet is a :class:`JudgeError`.

Two branches say whose fault it is. A :class:`UserError` is the question's (an unknown or ambiguous
card, a malformed board, an option out of range): the front end shows the message and the user can fix
the question. A :class:`WorldError` is the world's (Scryfall unreachable with nothing cached, no rules
loaded, an unusable cache): the question was fine, so the message says what to do or to try later.
The engine, the data layer and the Judge each raise subclasses; front ends catch only these.

An error is raised with its English message or with a :class:`~engine.core.messages.Message` (a message
id and its parameters, ``raise BoardError(msg("{card} isn't on the battlefield.", card=card(name)))``):
its ``str`` is then the English sentence, and :attr:`JudgeError.wording` lets a front end word it in
another language, as it words the engine's explanations.
"""

from __future__ import annotations

from engine.core.messages import Message


class JudgeError(Exception):
    """Anything the judge can't answer; ``message`` is what to show the user (short, no traceback)."""

    # The Message stays the exception's argument (not converted in __init__): subclasses that also derive
    # from ValueError get ValueError's __init__, which never calls this class's.
    def __str__(self) -> str:
        wording = self.wording
        return wording.english if wording is not None else super().__str__()

    @property
    def wording(self) -> Message | None:
        """The message id and parameters the message is worded from; None for a message only English has."""
        first = self.args[0] if len(self.args) == 1 else None
        return first if isinstance(first, Message) else None

    @property
    def message(self) -> str:
        """The user-facing message (in English)."""
        return str(self)


class UserError(JudgeError):
    """The question can't be answered as asked; the user can fix it."""


class WorldError(JudgeError):
    """The question is fine but something outside it failed (network, cache, missing data)."""
