"""The cogs stand on the Judge alone: no import of ``engine`` or ``data``. The two front ends share what
they both need through ``bot.i18n`` (errors and printed names), never through each other."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COGS = ROOT / "cogs"
FORBIDDEN = re.compile(r"^\s*(from|import) (engine|data)\b", re.MULTILINE)


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


def _cog_imports() -> dict[str, set[str]]:
    """The ``cogs`` modules each module of ``cogs/`` imports, at its top or inside a function."""
    graph: dict[str, set[str]] = {}
    for path in COGS.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cogs."):
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names if alias.name.startswith("cogs.")}
        graph[f"cogs.{path.stem}"] = imported
    return graph


def test_the_cogs_modules_import_one_way() -> None:
    graph = _cog_imports()
    done: set[str] = set()
    cycles: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycles.append([*path[path.index(module) :], module])
            return
        if module in done:
            return
        for imported in sorted(graph.get(module, ())):
            visit(imported, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    assert cycles == []
    assert "cogs.common" not in graph  # split into interactions, options, autocomplete, views, flow
    assert all("cogs.errors" not in graph[module] for module in ("cogs.views", "cogs.flow", "cogs.editor"))
