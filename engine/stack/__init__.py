"""Spells and abilities on the stack and their copies (CR 707.10–707.12, 111.13, 608.3f, 712.8, 712.11).

* ``items``: a spell or ability on the stack with every decision made while casting it (CR 601.2, 602.2).
* ``copies``: what a copy has of the original, the result models, and the copy effect that copies (707.10).
* ``copy_targets``: a copy's targets: kept, new ones chosen, or set by the effect (707.10c, 707.10d).
* ``outcomes``: the spell's own conditions (kicked, mana spent, cast from) for the original and the copy.
* ``spell_copies``: copying a spell (707.10, 111.13).
* ``ability_copies``: copying an activated or triggered ability (707.10b).
* ``cast_copies``: casting a copy of a card (707.12).
* ``faces``: which face of a double-faced spell is up on the stack (712.8, 712.11).

Needs only :mod:`engine.core` and :mod:`engine.oracle`: the stack has no board state of its own.
"""
