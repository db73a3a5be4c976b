"""Reconfigure (CR 702.151): an Equipment with reconfigure attached to another creature stops being a
creature until it becomes unattached (702.151b) — a type-changing effect in layer 4 with the timestamp it
got when it became attached (613.7e), and with it the creature types it had (205.1a)."""

from __future__ import annotations

from engine.core.citations import cite
from engine.core.effects import EffectKind, EffectSpec
from engine.core.messages import card, msg
from engine.layers.copiable import copiable_values
from engine.state.board import GameObject, TimedEffect, Zone

RECONFIGURED = cite("702.151b", "causes the Equipment to stop being a creature until it becomes unattached")


def reconfigured(obj: GameObject) -> tuple[TimedEffect, ...]:
    """The effect of ``obj``'s reconfigure while it is attached to another permanent (CR 702.151b; none
    otherwise)."""
    if obj.zone is not Zone.BATTLEFIELD or obj.attached_to in (None, obj.id):
        return ()
    if not any((a.keyword or "").casefold() == "reconfigure" for a in copiable_values(obj).abilities):
        return ()
    return (
        TimedEffect(
            timestamp=obj.timestamp,
            spec=EffectSpec(kind=EffectKind.REMOVE_TYPES, types=("Creature",)),
            source=msg(
                "reconfigure, attached to {host} (it isn't a creature until it becomes unattached)",
                host=card(obj.attached_to or ""),
            ),
        ),
    )
