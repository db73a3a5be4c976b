"""The code standards as tests: ruff (lint and format) and mypy strict must be clean.

CI runs only the README's test command, so these checks run inside it; a lint error or a type error
makes CI red like a failing test would.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from mypy import api as mypy_api

ROOT = Path(__file__).resolve().parent.parent


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_lint_is_clean() -> None:
    result = _ruff("check", "--no-fix", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = _ruff("format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the configured packages are paths relative to the project root
    report, errors, status = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, report + errors
