"""Fixtures shared by the whole suite: paths into ``../shared`` (skipping when it is absent)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from data.rules.parser import RulesDocument, decode_rules, parse_rules
from engine.oracle.keywords import KeywordVocabulary
from tests.fakes.fixtures import card_cache_db, fake_scryfall  # noqa: F401 -- shared fixtures

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SHARED = PROJECT_ROOT.parent / "shared"
ORACLE_BULK = SHARED / "data" / "scryfall" / "oracle-cards-20190926.json.gz"
SUPPLEMENT = SHARED / "data" / "scryfall" / "supplement" / "cards.jsonl"
ORACLE_2022 = SHARED / "data" / "gatherer" / "oracle-cards-2022.jsonl.gz"
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
def oracle_2022_path() -> Path:
    return require_shared(ORACLE_2022)


@pytest.fixture(scope="session")
def supplement_path() -> Path:
    return require_shared(SUPPLEMENT)


@pytest.fixture(scope="session")
def rules_path() -> Path:
    return require_shared(RULES_FILE)


@pytest.fixture(scope="session")
def rules_document(rules_path: Path) -> RulesDocument:
    """The shared Comprehensive Rules file, parsed once per test session."""
    return parse_rules(decode_rules(rules_path.read_bytes()))


@pytest.fixture(scope="session")
def keyword_vocabulary(rules_document: RulesDocument) -> KeywordVocabulary:
    """Keyword abilities and actions named by the shared Comprehensive Rules (702.x and 701.x titles)."""
    return KeywordVocabulary.from_rules(rules_document)


# Property tests run the same examples on every machine, so CI never goes red on a new random draw;
# `HYPOTHESIS_PROFILE=explore pytest` searches further when looking for bugs.
settings.register_profile("default", derandomize=True, deadline=None)
settings.register_profile("explore", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
