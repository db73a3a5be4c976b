"""The rules of CR 613 that name each layer and sublayer: what a layer step cites."""

from __future__ import annotations

from engine.core.citations import cite

LAYERS = cite("613.1", "all applicable continuous effects are applied in a series of layers")
LAYER_1A = cite("613.2a", "Copiable effects are applied")
LAYER_1B = cite("613.2b", "Face-down spells and permanents have their characteristics modified")
LAYER_2 = cite("613.1b", "Control-changing effects are applied")
LAYER_3 = cite("613.1c", "Layer 3: Text-changing effects are applied")
LAYER_4 = cite("613.1d", "Type-changing effects are applied")
LAYER_5 = cite("613.1e", "Color-changing effects are applied")
LAYER_6 = cite("613.1f", "Ability-adding effects")
LAYER_7A = cite("613.4a", "characteristic-defining abilities that define power and/or toughness")
LAYER_7B = cite("613.4b", "Effects that set power and/or toughness to a specific number")
LAYER_7C = cite("613.4c", "Effects and counters that modify power and/or toughness")
LAYER_7D = cite("613.4d", "Effects that switch a creature’s power and toughness")

__all__ = [
    "LAYERS",
    "LAYER_1A",
    "LAYER_1B",
    "LAYER_2",
    "LAYER_3",
    "LAYER_4",
    "LAYER_5",
    "LAYER_6",
    "LAYER_7A",
    "LAYER_7B",
    "LAYER_7C",
    "LAYER_7D",
]
