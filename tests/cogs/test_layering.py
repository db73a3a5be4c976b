"""The cogs stand on the Judge alone: no import of ``engine`` or ``data``. The two front ends share what
they both need through ``bot.i18n`` (errors and printed names), never through each other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COGS = ROOT / "cogs"
FORBIDDEN = re.compile(r"^\s*(from|import) (engine|data)", re.MULTILINE)


def _importers(folder: Path, imported: str) -> list[str]:
    """The files under ``folder`` that import the package ``imported`` (at any indentation)."""
    pattern = re.compile(rf"^\s*(from|import) {re.escape(imported)}\b", re.MULTILINE)
    return [str(path) for path in folder.rglob("*.py") if pattern.search(path.read_text(encoding="utf-8"))]


def test_cogs_import_neither_the_engine_nor_the_data_layer() -> None:
    offenders = [
        str(path) for path in COGS.rglob("*.py") if FORBIDDEN.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


@pytest.mark.parametrize(("folder", "other"), [("cogs", "bot.cli"), ("bot/cli", "cogs")])
def test_a_front_end_does_not_import_the_other(folder: str, other: str) -> None:
    assert _importers(ROOT / folder, other) == []
