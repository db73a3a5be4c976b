"""The engine's shared vocabulary: what every rule area builds on, and nothing rule-specific.

* ``model``: cards, faces, abilities and copy effects as typed, immutable models (CR 108, 109, 113, 707).
* ``characteristics``: an object's characteristics (CR 109.3, 205, 208) and its copiable text (707.2).
* ``citations``: the registry of every Comprehensive Rules number the engine cites.
* ``results``: the :class:`~engine.core.results.Explanation` every answer is made of.

Imports nothing else from the engine.
"""
