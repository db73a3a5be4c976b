"""Static abilities' wordings (CR 604, 611.3, 613): what each says about the characteristics it changes.

Readers take an ability's reasoning text (self-references already :data:`engine.core.model.SELF`).
"""

from __future__ import annotations

import re

from engine.core.model import SELF, Frozen

_LAST_EXILED_WITH = re.compile(
    rf"has the power, toughness, and creature types of the last creature card exiled with {re.escape(SELF)}"
    r"\.(?P<still> It's still an? (?P<kept>\w+)\.)?"
)


class LastExiledWith(Frozen):
    """Duplicant's "~ has the power, toughness, and creature types of the last creature card exiled with ~.
    It's still a Shapeshifter." (CR 607.2a)."""

    kept: tuple[str, ...]  # the creature type it is still ("Shapeshifter"), when the text says one


def last_exiled_with(text: str) -> LastExiledWith | None:
    """The "last creature card exiled with ~" static ability a text says, or None."""
    match = _LAST_EXILED_WITH.search(text)
    if match is None:
        return None
    return LastExiledWith(kept=(match["kept"],) if match["still"] and match["kept"] else ())
