"""A piece of an ability's reasoning text (self-references written as SELF) in the card's own wording.

The parser writes every self-reference as SELF, whether the card says its name or "this spell" (CR 201.5).
Shown to a user, a quoted piece must read as the Oracle text does: "If this spell was kicked", not "If Rite
of Replication was kicked". The piece is found in the printed wording, each SELF standing for the name or a
"this [object]" phrase; a piece that can't be found there (reworded old text) names the object.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.core.model import SELF

__all__ = ["in_card_wording"]

# What a SELF of the reasoning text was on the card: "this spell", "this creature", … (or the name).
_THIS_PHRASE = r"this [A-Za-z]+"


def in_card_wording(piece: str, printed: Iterable[str], name: str) -> str:
    """``piece`` as the card's printed wording ``printed`` says it; else with each SELF naming ``name``."""
    if SELF not in piece:
        return piece
    slot = f"(?:{re.escape(name)}|{_THIS_PHRASE})" if name else _THIS_PHRASE
    pattern = re.compile(slot.join(re.escape(part) for part in piece.split(SELF)), re.IGNORECASE)
    for text in printed:
        found = pattern.search(text)
        if found is not None:
            return found.group(0)
    return piece.replace(SELF, name)
