"""The ``mtg-judge`` command line: a thin skin over the engine, every command with ``--json`` output."""

from bot.cli.app import app

# Each feature registers its commands on ``app`` when its module is imported.
from bot.cli import cards  # noqa: F401  (registers commands)


def main() -> None:
    """Console-script entry point."""
    app()


__all__ = ["app", "main"]
