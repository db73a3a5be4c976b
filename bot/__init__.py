"""mtg-judge entry points: the command-line interface, configuration and the Discord bot factory.

``create_bot`` is imported lazily, so ``mtg-judge --help`` never imports discord.py.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord_bot import create_bot

try:
    __version__ = version("mtg-judge")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"

__all__ = ["__version__", "create_bot"]


def __getattr__(name: str) -> object:
    if name == "create_bot":
        from bot.discord_bot import create_bot

        return create_bot
    raise AttributeError(f"module 'bot' has no attribute {name!r}")
