"""Fixtures shared by the whole suite: paths into ``../shared`` (skipping when it is absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SHARED = PROJECT_ROOT.parent / "shared"
ORACLE_BULK = SHARED / "data" / "scryfall" / "oracle-cards-20190926.json.gz"
SUPPLEMENT = SHARED / "data" / "scryfall" / "supplement" / "cards.jsonl"
JA_PRINTINGS = SHARED / "data" / "scryfall" / "ja-printings-2019.jsonl"
RULES_FILE = SHARED / "data" / "comprehensive-rules" / "MagicCompRules 20250207.txt"
SEEDS = SHARED / "seeds"


def require_shared(path: Path) -> Path:
    """Return ``path``, skipping the calling test with a clear reason when ``../shared`` lacks it."""
    if not path.exists():
        pytest.skip(f"needs {path} (the read-only ../shared folder beside the project)")
    return path


@pytest.fixture(scope="session")
def oracle_bulk_path() -> Path:
    return require_shared(ORACLE_BULK)


@pytest.fixture(scope="session")
def supplement_path() -> Path:
    return require_shared(SUPPLEMENT)


@pytest.fixture(scope="session")
def rules_path() -> Path:
    return require_shared(RULES_FILE)
