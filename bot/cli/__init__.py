"""The ``mtg-judge`` command line: a thin skin over the engine, every command with ``--json`` output."""

# Each feature module registers its commands on ``app`` when imported.
from bot.cli import cards, rules  # noqa: F401, I001 -- one import line per feature
from bot.cli import linked  # noqa: F401
from bot.cli import parse  # noqa: F401
from bot.cli import board  # noqa: F401
from bot.cli import discord  # noqa: F401
from bot.cli import setup  # noqa: F401
from bot.cli.app import app


def main() -> None:
    """Console-script entry point."""
    app()


__all__ = ["app", "main"]
