"""The engine's explanations in the answer's language.

The engine words every step, note and unknown in English and keeps the template it was built from
(a message id of the ``engine`` catalog) with its parameters; this module words that template in the
current language instead, parameter by parameter. A template the catalog lacks is shown in English.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Protocol

NO_NAMES: Mapping[str, str] = MappingProxyType({})


class _Explained(Protocol):
    """A step or note (``Explanation``): its English sentence."""

    @property
    def text(self) -> str: ...


class _Unknown(Protocol):
    """An unknown (``Unknown``): the English reason completing "unknown, because …"."""

    @property
    def reason(self) -> str: ...


def localized(item: _Explained | _Unknown, names: Mapping[str, str] = NO_NAMES) -> str:
    """The sentence of ``item`` (an explanation, or an unknown's reason) in the current language, card
    names shown as ``printed/Oracle`` from ``names`` (printed names by Oracle name)."""
    return item.text if hasattr(item, "text") else item.reason
