"""The one error family of the judge: every error a user can meet is a :class:`JudgeError`.

Two branches say whose fault it is. A :class:`UserError` is the question's (an unknown or ambiguous
card, a malformed board, an option out of range): the front end shows the message and the user can fix
the question. A :class:`WorldError` is the world's (Scryfall unreachable with nothing cached, no rules
loaded, an unusable cache): the question was fine, so the message says what to do or to try later.
The engine, the data layer and the Judge each raise subclasses; front ends catch only these.
"""

from __future__ import annotations


class JudgeError(Exception):
    """Anything the judge can't answer; ``message`` is what to show the user (short, no traceback)."""

    @property
    def message(self) -> str:
        """The user-facing message."""
        return str(self)


class UserError(JudgeError):
    """The question can't be answered as asked; the user can fix it."""


class WorldError(JudgeError):
    """The question is fine but something outside it failed (network, cache, missing data)."""
