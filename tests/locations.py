"""Where the repository and the tests' own files are, in one place, so a test module can move."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
FIXTURES = TESTS / "fixtures"
BOARDS = FIXTURES / "boards"
