"""Start-up: ``--help`` and an offline card look-up load none of the heavy modules they don't need.

Timing belongs in ``benchmarks/``; what keeps start-up fast is which modules load, which this checks.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("discord", "aiohttp", "ijson", "babel", "yaml", "engine.oracle", "engine.layers", "engine.actions")
_LOADED_AFTER = """
import atexit, sys
atexit.register(lambda: print("\\n".join(sorted(sys.modules)), file=sys.stderr))
sys.argv = ["mtg-judge", *sys.argv[1:]]
from bot.cli import main
main()
"""


def loaded_modules(*arguments: str) -> set[str]:
    """The modules a ``mtg-judge`` run with ``arguments`` had loaded when it exited."""
    result = subprocess.run(
        [sys.executable, "-c", _LOADED_AFTER, *arguments], capture_output=True, text=True, check=False
    )
    return set(result.stderr.split())


@pytest.mark.parametrize(
    "arguments", [("--help",), ("--offline", "--db", "{db}", "card", "Tarmogoyf")], ids=["help", "card"]
)
def test_the_quick_commands_load_no_heavy_module(arguments: tuple[str, ...], card_cache_db: Path) -> None:
    loaded = loaded_modules(*(argument.format(db=card_cache_db) for argument in arguments))
    assert "bot.cli" in loaded
    heavy = sorted(name for name in loaded if name.startswith(HEAVY))
    assert heavy == []
