"""Continuous effects a board puts on an object, by kind and layer, and the players they name (CR 613).

Defined in core so the Oracle readers of static abilities (:mod:`engine.oracle.statics`) and the board
(:mod:`engine.state.board`) share them.
"""

from __future__ import annotations

from enum import StrEnum

from engine.core.model import Frozen


class Player(StrEnum):
    """The two players of a board, from the asker's point of view."""

    YOU = "you"
    OPPONENT = "opponent"

    @property
    def opponent(self) -> Player:
        """The other player of the two."""
        return Player.OPPONENT if self is Player.YOU else Player.YOU


class EffectKind(StrEnum):
    """Kinds of other (non-copy) continuous effects a board can put on an object, with their layer."""

    PUMP = "pump"  # 7c
    SET_PT = "set_pt"  # 7b
    SWITCH_PT = "switch_pt"  # 7d
    ADD_ABILITIES = "add_abilities"  # 6
    REMOVE_ABILITIES = "remove_abilities"  # 6
    ADD_TYPES = "add_types"  # 4
    ADD_SUBTYPES = "add_subtypes"  # 4
    SET_TYPES = "set_types"  # 4
    REMOVE_TYPES = "remove_types"  # 4: an attached reconfigure Equipment stops being a creature (702.151b)
    SET_SUBTYPES = "set_subtypes"  # 4
    SET_COLORS = "set_colors"  # 5
    ADD_COLORS = "add_colors"  # 5: "is the chosen color in addition to its other colors" (CR 105.3)
    ANIMATE = "animate"  # 4, 5, 6, 7b: "becomes a 1/1 … artifact creature … It's still a land."
    GAIN_CONTROL = "gain_control"  # 2: "Gain control of target creature"


PT_COUNTS = ("creature cards in your graveyard",)


class EffectSpec(Frozen):
    """One continuous effect on an object; only the fields its kind uses are set."""

    kind: EffectKind
    line: int = 0
    power: int | None = None
    toughness: int | None = None
    abilities: tuple[str, ...] = ()
    all_abilities: bool = False  # remove_abilities: all
    types: tuple[str, ...] | None = None
    subtypes: tuple[str, ...] | None = None
    colors: tuple[str, ...] | None = None  # Scryfall letters
    keep_types: bool = True  # animate: "It's still a land." (types added, not replaced)
    if_colors: tuple[str, ...] = ()  # pump: only while it has these colors ("White creatures get +1/+1")
    pt_count: str | None = None  # animate: P/T each equal to a count (one of PT_COUNTS), set in layer 7b
    controller: Player | None = None  # gain_control: who controls it now
    with_previous: bool = False  # another part of the effect before it: one effect, several layers (613.6)
