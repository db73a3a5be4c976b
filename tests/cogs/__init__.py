"""Tests of Discord cogs, driven through discord.py by the in-process harness in ``harness``."""
