"""Typed Scryfall errors, each carrying Scryfall's error object when there is one."""

from __future__ import annotations

from typing import Any

from engine import WorldError


class ScryfallError(WorldError):
    """A failed Scryfall request; ``status``, ``code`` and ``details`` come from Scryfall's error object."""

    def __init__(
        self, details: str, *, status: int | None = None, code: str = "", error: dict[str, Any] | None = None
    ) -> None:
        super().__init__(details)
        self.details = details
        self.status = status
        self.code = code
        self.error: dict[str, Any] = error or {}

    @classmethod
    def from_error_object(cls, status: int, error: dict[str, Any]) -> ScryfallError:
        """The most specific exception for Scryfall's JSON error object answered with HTTP ``status``."""
        code = str(error.get("code", ""))
        details = str(error.get("details", f"Scryfall answered HTTP {status}"))
        kind: type[ScryfallError] = ScryfallError
        if status == 404 and error.get("type") == "ambiguous":
            kind = ScryfallAmbiguous
        elif status == 404:
            kind = ScryfallNotFound
        elif status >= 500:
            kind = ScryfallUnavailable
        return kind(details, status=status, code=code, error=error)


class ScryfallNotFound(ScryfallError):
    """HTTP 404 ``not_found``: nothing matches."""


class ScryfallAmbiguous(ScryfallError):
    """HTTP 404 with type ``ambiguous``: a fuzzy name matches several cards."""


class ScryfallUnavailable(ScryfallError):
    """Scryfall could not answer: a server error, a timeout, a broken connection or malformed JSON."""


class ScryfallRateLimited(ScryfallUnavailable):
    """Scryfall kept answering HTTP 429 after every back-off."""


class BulkFileUnusable(ScryfallUnavailable):
    """A downloaded bulk file is empty, cut short, not one JSON array, or holds a record of another kind."""


UNREADABLE_REPLY = "Scryfall sent a card record the bot can't read"


class UnreadableReply(ScryfallError):
    """Scryfall answered with a card record that doesn't fit the card schema (``cmc: "lots"``): it is not
    stored, and the question is answered as when Scryfall can't be asked (from the cache, if it can)."""
