"""The rules engine: pure, typed code (no I/O, no Discord, no SQLite).

It turns Scryfall-shaped card data into typed models, finds linked abilities (CR 607), applies copy
effects through the layer system (CR 613, 707) and returns structured results that cite rule numbers.
"""
