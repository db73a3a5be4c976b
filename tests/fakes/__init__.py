"""Test doubles: a fake Scryfall server and a shared, once-imported card cache."""
