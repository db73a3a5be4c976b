"""Spells and abilities on the stack and their copies (CR 707.10–707.12, 111.13, 608.3f, 712.8, 712.11).

* ``items``: a spell or ability on the stack with every decision made while casting it (CR 601.2, 602.2).
* ``copies``: copying spells and abilities, and casting copies (707.10–707.12).
* ``faces``: which face of a double-faced spell is up on the stack (712.8, 712.11).

Needs only :mod:`engine.core` and :mod:`engine.oracle`: the stack has no board state of its own.
"""
