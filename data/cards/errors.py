"""Errors of card lookup, each with a user-facing message."""

from __future__ import annotations

from engine import UserError, WorldError


class CardLookupError(UserError):
    """A card name could not be turned into one card; ``str(error)`` is the message to show the user."""


class InvalidCardQuery(CardLookupError):
    """The typed name is empty or too long."""


class CardNotFound(CardLookupError):
    """No card answers to ``query``; ``suggestions`` are the nearest names (maybe none)."""

    def __init__(self, query: str, suggestions: list[str] | None = None, *, reason: str = "") -> None:
        self.query = query
        self.suggestions = suggestions or []
        message = f"No card named “{query}”."
        super().__init__(f"{message} {reason}".strip())


class CardUnavailable(CardNotFound, WorldError):
    """A name the cache doesn't know while Scryfall couldn't be asked: the card may well exist, so this
    never says "no card named" (a CardNotFound only for the callers that offer ``suggestions``)."""

    def __init__(self, query: str, suggestions: list[str], *, reason: str) -> None:
        self.query = query
        self.suggestions = suggestions
        CardLookupError.__init__(
            self, f"“{query}” isn't in the card cache and {reason}, so I can't look it up; try again later."
        )


class AmbiguousCardName(CardLookupError):
    """Several cards fit ``query``; ``candidates`` are their names, best first."""

    def __init__(self, query: str, candidates: list[str]) -> None:
        self.query = query
        self.candidates = candidates
        super().__init__(f"“{query}” matches several cards; please type more of the name.")


class CardImportError(UserError):
    """The file is not a readable Scryfall bulk file; the cache was left as it was."""
