"""What a board says about the game beyond its objects: whose turn it is and the players' life totals.

Both are optional: an ability whose condition reads one the board doesn't give is unknown, never assumed
(CR 102.1, 119.1).
"""

from __future__ import annotations

from engine.core.effects import Player
from engine.core.model import Frozen

STARTING_LIFE = 20  # CR 103.4, 119.1: a variant's own (Commander's 40, 119.1c) is given as ``starting``


class Game(Frozen):
    """The game around a board: the active player and the life totals the board gives."""

    turn: Player | None = None  # whose turn it is: the active player (CR 102.1); None: not said
    life: tuple[tuple[Player, int], ...] = ()  # each player's life total the board gives (CR 119)
    starting_life: int = STARTING_LIFE  # each player's starting life total (CR 119.1)

    def life_of(self, player: Player) -> int | None:
        """``player``'s life total, None when the board doesn't give it."""
        return dict(self.life).get(player)
