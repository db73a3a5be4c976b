"""The cards of an answer as the players of the answer's language know them, for both front ends (the
CLI and the Discord cogs): printed names (``夜帷の死霊/Nightveil Specter``) and a card's printed type
line and text, when the cache has them, and its loyalty or defense in that language. English has none;
rule numbers and Oracle text stay as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Generic, NamedTuple, Protocol, TypeVar

from bot.i18n import _

if TYPE_CHECKING:
    from bot.judge import ImportSummary, PrintedView

NO_NAMES: Mapping[str, str] = MappingProxyType({})
"""No printed names: every card shown by its Oracle name (English answers)."""

__all__ = [
    "NO_NAMES",
    "RulesBacked",
    "Shown",
    "card_label",
    "card_stats",
]


class RulesBacked(Protocol):
    """A Judge answer built on the stored rules, which may have been downloaded for it."""

    @property
    def downloaded(self) -> ImportSummary | None: ...


R = TypeVar("R", bound=RulesBacked)


class Shown(NamedTuple, Generic[R]):
    """An answer with the printed names of the cards in the answer's language (by Oracle name) and, for
    an answer about one card, that card as printed."""

    answer: R
    names: Mapping[str, str] = NO_NAMES
    printed: PrintedView | None = None

    @property
    def downloaded(self) -> ImportSummary | None:
        """Whether the rules were downloaded for the answer."""
        return self.answer.downloaded


def card_label(name: str, names: Mapping[str, str]) -> str:
    """``name`` with its printed name in ``names`` first when it has one: ``夜帷の死霊/Nightveil Specter``."""
    printed = names.get(name)
    return f"{printed}/{name}" if printed and printed != name else name


def card_stats(stats: str) -> str:
    """``Loyalty 4`` and ``Defense 5`` in the answer's language; P/T as they are."""
    word, _space, number = stats.partition(" ")
    if word == "Loyalty":
        return _("Loyalty {number}").format(number=number)
    if word == "Defense":
        return _("Defense {number}").format(number=number)
    return stats
