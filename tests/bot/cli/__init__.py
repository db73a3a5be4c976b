"""Helpers for driving the CLI in tests."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner, Result

runner = CliRunner()


def json_of(result: Result) -> Any:
    """The JSON a successful command printed (fails the test, with its output, when it did not succeed)."""
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def flat(text: str) -> str:
    """``text`` with panel borders and line wrapping removed, so phrases can be searched whole."""
    return " ".join(text.replace("│", " ").split())


def panel_text(result: Result) -> str:
    """The flattened panel a successful command printed (fails the test, with its output, otherwise)."""
    assert result.exit_code == 0, result.output
    return flat(result.stdout)
