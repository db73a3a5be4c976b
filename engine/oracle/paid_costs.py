"""Optional and alternative costs other than kicker that a board can say were paid (CR 702.27 buyback,
702.42 entwine, 702.157 squad, 702.175 offspring, 702.74 evoke, 702.148 cleave), read from a card's keyword
abilities, and the board's keys for them.

A key given for a card that doesn't have that cost is refused, naming the keys it would accept (kicker's
``kicked`` is checked by :mod:`engine.oracle.kicker`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Protocol

from engine.core.citations import cite
from engine.core.messages import Message, card, msg

BUYBACK = cite("702.27a", "If the buyback cost was paid, put this spell into its owner’s hand")
ENTWINE_COST = cite("702.42a", "You may choose all modes of this spell instead of just the number specified")
SQUAD = cite("702.157a", "create a token that’s a copy of it for each time its squad cost was paid")
SQUAD_EACH = cite("702.157b", "each triggers based on the payments made for that squad ability")
OFFSPRING = cite("702.175a", "if its offspring cost was paid, create a token that’s a copy of it")
EVOKE = cite("702.74a", "if its evoke cost was paid, its controller sacrifices it")
CLEAVE = cite("702.148a", "change its text by removing all text found within square brackets")

# The board key for each optional cost's keyword (the stack's ``entwined`` is its own, older key).
COST_KEYS: Mapping[str, str] = {
    "kicker": "kicked",
    "multikicker": "kicked",
    "buyback": "buyback",
    "entwine": "entwined",
    "squad": "squad",
    "offspring": "offspring",
    "evoke": "evoked",
    "cleave": "cleaved",
    "prototype": "prototyped",
}


class _Keyworded(Protocol):
    @property
    def keyword(self) -> str | None: ...

    @property
    def keyword_parameter(self) -> str | None: ...


class PaidCostRefused(ValueError):
    """A paid-cost key given for a card without that cost; ``message`` says which keys it accepts."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def cost_of(abilities: Iterable[_Keyworded], keyword: str) -> tuple[str, ...]:
    """The costs of each of ``abilities``' instances of ``keyword`` ("Squad {2}" gives ``("{2}",)``)."""
    return tuple(
        (a.keyword_parameter or "").strip() for a in abilities if (a.keyword or "").casefold() == keyword
    )


def accepted_keys(abilities: Iterable[_Keyworded]) -> tuple[str, ...]:
    """The paid-cost keys a board may give for an object with ``abilities``, in a stable order."""
    found = {COST_KEYS[k] for a in abilities if (k := (a.keyword or "").casefold()) in COST_KEYS}
    return tuple(sorted(found))


def check_paid(name: str, abilities: tuple[_Keyworded, ...], given: Iterable[str]) -> None:
    """Raise :class:`PaidCostRefused` when a key of ``given`` names a cost the card ``name`` doesn't have."""
    accepted = accepted_keys(abilities)
    for key in given:
        if key not in accepted:
            keys = ", ".join(accepted) if accepted else msg("none")
            raise PaidCostRefused(
                msg(
                    "{card} has no {cost} ability, so {key} can't be given for it; the paid costs it "
                    "accepts: {keys}",
                    card=card(name),
                    cost=_KEYWORD_OF[key],
                    key=key,
                    keys=keys,
                )
            )


_KEYWORD_OF = {
    "buyback": "buyback",
    "entwined": "entwine",
    "squad": "squad",
    "offspring": "offspring",
    "evoked": "evoke",
    "cleaved": "cleave",
    "prototyped": "prototype",
}


_BRACKETED = re.compile(r"\s*\[[^\]]*\]")


def has_brackets(text: str) -> bool:
    """Whether ``text`` has words in square brackets (what cleave removes, CR 702.148a)."""
    return bool(_BRACKETED.search(text))


def cleaved_text(text: str, cleaved: bool) -> str:
    """A spell's rules text as cleave leaves it (CR 702.148a): paid, without the words in square brackets;
    not paid, with them (the brackets themselves are no text)."""
    return _BRACKETED.sub("", text) if cleaved else text.replace("[", "").replace("]", "")
