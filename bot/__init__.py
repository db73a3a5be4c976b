"""mtg-judge entry points: the command-line interface, configuration and (later) the Discord bot factory."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("mtg-judge")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"
