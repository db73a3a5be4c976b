"""The rules engine: pure, typed code (no I/O, no Discord, no SQLite).

It turns Scryfall-shaped card data into typed models, finds linked abilities (CR 607), applies copy
effects through the layer system (CR 613, 707) and returns structured results that cite rule numbers.

This module is the engine's public API: ``bot/`` and ``data/`` import from ``engine`` only, never from
its subpackages, so the engine's files can move without touching the front ends.

The names are listed once, in ``__init__.pyi`` (which type checkers read); at run time each is
imported from its module on first use (``lazy_loader``), so a program that needs one part of the
engine, or none of it yet (``mtg-judge --help``), doesn't pay for importing all of it.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
