"""Layer 2 (CR 613.1b): who controls an object, after the control-changing effects on it by timestamp."""

from __future__ import annotations

from engine.core.effects import Player
from engine.state.board import (
    GameObject,
)


def current_controller(obj: GameObject) -> Player:
    """Who controls ``obj`` after layer 2: the latest control-changing effect, else its controller."""
    changes = [e for e in sorted(obj.effects, key=lambda e: e.timestamp) if e.spec.controller is not None]
    return changes[-1].spec.controller if changes and changes[-1].spec.controller else obj.controller
