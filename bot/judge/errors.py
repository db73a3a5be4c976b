"""The Judge's errors: one family (``engine.JudgeError``) with a user's-fault and a world's-fault branch.

The data layer's and the engine's errors are members of the family already; this module adds the
Judge's own and re-exports every one a front end needs to tell apart, so front ends import errors
from one place.
"""

from __future__ import annotations

from data.board_format import BoardFormatError
from data.cards.errors import (
    AmbiguousCardName,
    CardImportError,
    CardLookupError,
    CardNotFound,
    InvalidCardQuery,
)
from data.db import CacheUnusable
from data.rules.errors import RulesDownloadError
from data.rules.parser import RulesParseError
from engine import JudgeError, UserError, WorldError


class InvalidQuestion(ValueError, UserError):
    """An option out of range, too many names, an empty or overlong query."""


class RuleNotFound(UserError):
    """Nothing is numbered or named ``query``; ``suggestions`` are the nearest numbers or terms."""

    def __init__(self, query: str, kind: str, suggestions: tuple[str, ...]) -> None:
        self.query = query
        self.kind = kind  # "rule" or "term"
        self.suggestions = suggestions
        if kind == "rule":
            super().__init__(f"There is no rule {query} in the Comprehensive Rules.")
        else:
            super().__init__(f"“{query}” is not a rule number or a glossary term.")


class RulesUnavailable(WorldError):
    """No rules are loaded and they cannot be downloaded now; the message says how to import them."""


class SyncFailed(WorldError):
    """``sync`` could not download the bulk file; the cache is unchanged."""


__all__ = [
    "AmbiguousCardName",
    "BoardFormatError",
    "CacheUnusable",
    "CardImportError",
    "CardLookupError",
    "CardNotFound",
    "InvalidCardQuery",
    "InvalidQuestion",
    "JudgeError",
    "RuleNotFound",
    "RulesDownloadError",
    "RulesParseError",
    "RulesUnavailable",
    "SyncFailed",
    "UserError",
    "WorldError",
]
