"""The engine's layout as tests: imports point one way, Oracle wording is read in one place, no I/O.

Every module's own imports are read with :mod:`ast` (module level, inside functions, under
``TYPE_CHECKING``), so a lazy import can't hide a dependency. Each import is mapped to the subpackage it
lands in and checked against :data:`ALLOWED`:

    core <- oracle <- state <- layers <- copy <- actions <- answers
    core <- oracle <- linked          (CR 607 needs only the card's parsed abilities)
    core <- oracle <- stack           (CR 707.10-707.12 copies of spells and abilities need no board)

``engine/__init__.py`` (the public API) is the top: it may import everything, and no engine module imports
it back.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent.parent / "engine"

# Each subpackage and the subpackages it may import from (besides itself).
ALLOWED: dict[str, frozenset[str]] = {
    "core": frozenset(),
    "oracle": frozenset({"core"}),
    "linked": frozenset({"core", "oracle"}),
    "stack": frozenset({"core", "oracle"}),
    "state": frozenset({"core", "oracle"}),
    "layers": frozenset({"core", "oracle", "state"}),
    "copy": frozenset({"core", "oracle", "state", "layers"}),
    "actions": frozenset({"core", "oracle", "state", "layers", "copy"}),
    "answers": frozenset({"core", "oracle", "state", "layers", "copy", "actions", "linked", "stack"}),
}
TOP = "engine"  # engine/__init__.py: the curated public API, above every subpackage

# Modules directly in engine/ besides __init__.py, and the subpackage they count as. The judge's error
# family (engine/errors.py) imports nothing and is shared by every layer, like core.
FLAT_MODULES: dict[str, str] = {"errors": "core"}

# Nothing in the engine does I/O or talks to the outside world: those are data/ and bot/.
FORBIDDEN_IMPORTS = frozenset(
    {
        "aiohttp",
        "aiolimiter",
        "asyncio",
        "bot",
        "cogs",
        "data",
        "discord",
        "http",
        "ijson",
        "io",
        "os",
        "pathlib",
        "platformdirs",
        "requests",
        "rich",
        "shutil",
        "socket",
        "sqlite3",
        "sqlite_utils",
        "subprocess",
        "sys",
        "typer",
        "urllib",
        "yaml",
    }
)
FORBIDDEN_CALLS = frozenset({"open", "input", "exec", "eval", "__import__"})

# Oracle wording is read in engine/oracle; elsewhere a module imports ``re`` only for a reason listed here.
# Each reason says why the module can't use engine/oracle instead (core may import nothing above it).
NOT_WORDING = {
    "engine.core.mana": (
        "the symbols of a mana cost ({3}, {2/W}), which characteristics need in core: a cost field, "
        "not Oracle wording"
    ),
}


@dataclass(frozen=True)
class Import:
    """One import statement of an engine module: the module it names and where."""

    source: str  # the importing module, dotted
    target: str  # the imported module, dotted (``from a.b import c`` names ``a.b`` and maybe ``a.b.c``)
    line: int


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _engine_modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}


def _absolute(source: str, node: ast.ImportFrom, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = source.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _imports(source: str, path: Path, known: Collection[str]) -> Iterator[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (Import(source, alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = _absolute(source, node, path.name == "__init__.py")
            # ``from engine.oracle import text`` imports the module engine.oracle.text
            modules = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in known]
            if len(modules) < len(node.names):
                yield Import(source, target, node.lineno)
            yield from (Import(source, module, node.lineno) for module in modules)


def _all_imports() -> list[Import]:
    known = _engine_modules()
    return [found for name, path in known.items() for found in _imports(name, path, known)]


def _area(module: str, known: dict[str, Path]) -> str | None:
    """The subpackage an engine module belongs to (``TOP`` for the package itself), None outside it."""
    parts = module.split(".")
    if parts[0] != "engine":
        return None
    if len(parts) == 1:
        return TOP
    if parts[1] in ALLOWED:
        return parts[1]
    if module in known or f"engine.{parts[1]}" in known:
        return FLAT_MODULES.get(parts[1], f"<flat module {parts[1]}>")
    return None  # ``from engine import X`` names X, not a module


def _engine_edges() -> list[tuple[str, str, Import]]:
    known = _engine_modules()
    edges = []
    for found in _all_imports():
        source, target = _area(found.source, known), _area(found.target, known)
        if source is not None and target is not None and source != target:
            edges.append((source, target, found))
    return edges


def test_every_engine_module_is_in_a_subpackage() -> None:
    flat = [p.name for p in ENGINE.glob("*.py") if p.name != "__init__.py" and p.stem not in FLAT_MODULES]
    assert not flat, f"put these modules in a subpackage of engine/ (see ALLOWED): {flat}"
    unknown = [p.name for p in ENGINE.iterdir() if (p / "__init__.py").exists() and p.name not in ALLOWED]
    assert not unknown, f"add these subpackages to ALLOWED, with the rules they implement: {unknown}"


def test_every_subpackage_names_the_rules_it_implements() -> None:
    for area in ALLOWED:
        docstring = ast.get_docstring(ast.parse((ENGINE / area / "__init__.py").read_text(encoding="utf-8")))
        assert docstring, f"engine/{area}/__init__.py has no docstring"
        assert "CR " in docstring or "607" in docstring or area in ("core", "answers"), area


def test_imports_point_one_way() -> None:
    wrong = [
        f"{found.source}:{found.line} imports {found.target} ({source} may import {sorted(ALLOWED[source])})"
        for source, target, found in _engine_edges()
        if target == TOP or (source != TOP and target not in ALLOWED.get(source, frozenset()))
    ]
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle_between_subpackages() -> None:
    graph: dict[str, set[str]] = {}
    for source, target, _ in _engine_edges():
        graph.setdefault(source, set()).add(target)
    cycle = _find_cycle(graph)
    assert cycle is None, " -> ".join(cycle or ())


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        for nxt in sorted(graph.get(node, ())):
            found = visit(nxt, [*path, node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return None


def test_the_cycle_finder_finds_cycles() -> None:
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b", "c"}, "b": {"c"}}) is None


def test_the_engine_does_no_io() -> None:
    wrong = [
        f"{found.source}:{found.line} imports {found.target}"
        for found in _all_imports()
        if found.target.split(".")[0] in FORBIDDEN_IMPORTS
    ]
    for name, path in _engine_modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        wrong += [
            f"{name}:{node.lineno} calls {node.func.id}()"
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in FORBIDDEN_CALLS
        ]
        wrong += [
            f"{name}:{node.lineno} reads os.{node.attr}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv")
        ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("source", "target", "allowed"),
    [
        ("engine.state.board", "engine.stack.items", False),
        ("engine.layers.system", "engine.state.board", True),
        ("engine.core.model", "engine", False),
    ],
)
def test_the_direction_table_reads_as_documented(source: str, target: str, allowed: bool) -> None:
    known = _engine_modules()
    source_area, target_area = _area(source, known), _area(target, known)
    assert source_area is not None
    assert target_area is not None
    assert (target_area in ALLOWED.get(source_area, frozenset()) and target_area != TOP) is allowed


def _imports_re(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        (isinstance(node, ast.Import) and any(a.name == "re" for a in node.names))
        or (isinstance(node, ast.ImportFrom) and node.module == "re")
        for node in ast.walk(tree)
    )


def test_oracle_wording_is_matched_only_in_engine_oracle() -> None:
    outside = {
        name
        for name, path in _engine_modules().items()
        if not name.startswith("engine.oracle") and _imports_re(path)
    }
    unexplained = outside - set(NOT_WORDING)
    assert not unexplained, (
        f"match Oracle wording in engine/oracle and use its typed results: {sorted(unexplained)}"
    )
    moved = set(NOT_WORDING) - outside
    assert not moved, f"these no longer import re: remove them from NOT_WORDING: {sorted(moved)}"


PUBLIC_API_USERS = ("bot", "cogs", "data")  # the front ends and the data layer: they import ``engine`` only


def _absolute_imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) of each absolute import in the file at ``path``."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.lineno, node.module


def test_outside_the_engine_only_its_public_api_is_imported() -> None:
    root = ENGINE.parent
    reaching_in = [
        f"{path.relative_to(root)}:{line} imports {module}"
        for folder in PUBLIC_API_USERS
        for path in sorted((root / folder).rglob("*.py"))
        for line, module in _absolute_imports(path)
        if module.startswith(f"{TOP}.")
    ]
    assert reaching_in == []
