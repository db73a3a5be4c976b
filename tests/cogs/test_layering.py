"""The cogs stand on the Judge alone: no import of ``engine`` or ``data``."""

from __future__ import annotations

import re
from pathlib import Path

COGS = Path(__file__).resolve().parents[2] / "cogs"
FORBIDDEN = re.compile(r"^\s*(from|import) (engine|data)", re.MULTILINE)


def test_cogs_import_neither_the_engine_nor_the_data_layer() -> None:
    offenders = [
        str(path) for path in COGS.rglob("*.py") if FORBIDDEN.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
