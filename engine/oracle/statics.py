"""Static abilities' wordings (CR 604, 611.3, 613): what each says about the characteristics it changes.

Readers take an ability's reasoning text (self-references already :data:`engine.core.model.SELF`).
"""

from __future__ import annotations

import re

from engine.core.effects import PT_COUNTS
from engine.core.model import SELF, Frozen

_PT = re.compile(r"^(?P<p>[+-]\d+)/(?P<t>[+-]\d+)$")
_GRAVEYARD_TYPES_CDA = re.compile(r"power is equal to the number of card types among cards in all graveyards")
_CHOSEN_NUMBER_CDA = re.compile(
    r"power is equal to the last chosen number and its toughness is equal to 7 minus"
)
_PLUS_ONE_TOUGHNESS = re.compile(r"toughness is equal to that number plus 1")
_CHOSEN_TYPE = re.compile(r"is the chosen type in addition to its other types")
_PT_COUNT_CDA = re.compile(rf"power and toughness are each equal to the number of (?:{'|'.join(PT_COUNTS)})")
# Characteristic-defining abilities the layer system applies itself, not through parse_static.
_APPLIED_BY_LAYERS = re.compile(
    "|".join(p.pattern for p in (_CHOSEN_TYPE, _GRAVEYARD_TYPES_CDA, _CHOSEN_NUMBER_CDA, _PT_COUNT_CDA))
)
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


def pt_modifier(text: str) -> tuple[int, int] | None:
    """The numbers of a P/T modifier like "+1/+1" or "-1/-1" (a counter's name, an effect's), or None."""
    match = _PT.match(text)
    return (int(match["p"]), int(match["t"])) if match else None


def counts_graveyard_card_types(text: str) -> bool:
    """Whether a CDA counts the card types among cards in all graveyards (Tarmogoyf, CR 604.3)."""
    return _GRAVEYARD_TYPES_CDA.search(text) is not None


def adds_one_toughness(text: str) -> bool:
    """Whether such a CDA's toughness is "that number plus 1" (Tarmogoyf)."""
    return _PLUS_ONE_TOUGHNESS.search(text) is not None


def uses_chosen_number(text: str) -> bool:
    """Whether a CDA sets power to the last chosen number and toughness to 7 minus it (Shapeshifter)."""
    return _CHOSEN_NUMBER_CDA.search(text) is not None


def adds_chosen_type(text: str) -> bool:
    """Whether the ability makes its object "the chosen type in addition to its other types"."""
    return _CHOSEN_TYPE.search(text) is not None


def applied_by_layers(text: str) -> bool:
    """Whether a static ability is a CDA the layer system applies itself (chosen type, Tarmogoyf,
    Shapeshifter, "each equal to the number of …") rather than one :func:`parse_static` reads."""
    return _APPLIED_BY_LAYERS.search(text) is not None
