"""docs/architecture.md as a test: every function its rule table names exists and refers to its rule.

Each table row reads ``| rule | what | `module.function` |``. The dotted path is imported (the longest
importable module prefix, then ``getattr`` for a class and its method), the rule must exist in the shared
Comprehensive Rules, and the function must refer to it: its source names the rule (in a docstring or
comment), or it uses a citation (:func:`engine.core.citations.cite`) of the rule or one of its subrules.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from data.rules.parser import RulesDocument
from engine.core.citations import Citation

DOC = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"
ROW = re.compile(r"^\|\s*(?P<rule>\d{3}(?:\.\d+[a-z]?)?)\s*\|(?P<what>[^|]+)\|\s*`(?P<path>[\w.]+)`\s*\|\s*$")
MIN_ROWS = 25


@dataclass(frozen=True)
class Row:
    """One row of the rule table: a rule, and the dotted path of the function implementing it."""

    line: int
    rule: str
    path: str


def table_rows(text: str) -> list[Row]:
    """The rule table's rows of ``text`` (a Markdown document), in order."""
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        found = ROW.match(line)
        if found:
            rows.append(Row(number, found["rule"], found["path"]))
    return rows


def resolve(path: str) -> tuple[ModuleType, object]:
    """The module a dotted path starts with, and the object the path names (``module.Class.method``)."""
    parts = path.split(".")
    for end in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:end]))
        except ModuleNotFoundError:
            continue
        found: object = module
        for name in parts[end:]:
            found = getattr(found, name)  # AttributeError: the row names nothing
        return module, found
    raise ModuleNotFoundError(path)


def _covers(rule: str, number: str) -> bool:
    """Whether citing ``number`` is citing ``rule``: the same rule or one of its subrules (613.4 → 613.4a)."""
    return number == rule or (number.startswith(rule) and not number[len(rule)].isdigit())


def _citations(value: object) -> list[Citation]:
    """The citations ``value`` is or holds (a module-level constant: a tuple, a dict of them)."""
    if isinstance(value, Citation):
        return [value]
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    else:
        return []
    return [citation for item in items for citation in _citations(item)]


def refers_to(module: ModuleType, function: object, rule: str) -> bool:
    """Whether ``function``'s source names ``rule``, or uses a citation of it that ``module`` defines."""
    source = textwrap.dedent(inspect.getsource(function))  # type: ignore[arg-type]
    if re.search(rf"(?<![\d.]){re.escape(rule)}(?!\d)", source):
        return True
    names = {node.id for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Name)}
    return any(
        _covers(rule, citation.number)
        for name in names
        for citation in _citations(getattr(module, name, None))
    )


def test_the_table_lists_enough_rules() -> None:
    rows = table_rows(DOC.read_text(encoding="utf-8"))
    assert len(rows) >= MIN_ROWS, f"docs/architecture.md's rule table has {len(rows)} rows"


def test_every_function_in_the_table_exists_and_refers_to_its_rule() -> None:
    wrong = []
    for row in table_rows(DOC.read_text(encoding="utf-8")):
        try:
            module, function = resolve(row.path)
        except (ModuleNotFoundError, AttributeError) as error:
            wrong.append(f"line {row.line}: {row.path} doesn't exist ({error})")
            continue
        if not callable(function):
            wrong.append(f"line {row.line}: {row.path} isn't a function or a class")
        elif not refers_to(module, function, row.rule):
            wrong.append(f"line {row.line}: {row.path} neither names nor cites {row.rule}")
    assert not wrong, "\n".join(wrong)


def test_every_rule_in_the_table_is_in_the_shared_rules(rules_document: RulesDocument) -> None:
    missing = [
        f"line {row.line}: {row.rule}"
        for row in table_rows(DOC.read_text(encoding="utf-8"))
        if rules_document.rule(row.rule) is None
    ]
    assert not missing, "not in the shared rules: " + ", ".join(missing)


SAMPLE = """\
| rule | what | function |
|---|---|---|
| 707.2 | copiable values | `engine.copy.effects.copy_values` |
| 613.8a | dependency | `engine.layers.system._Layering._depends` |
| 999.9 | nothing | `engine.copy.effects.no_such_function` |
"""


def test_the_checks_catch_a_wrong_row() -> None:
    rows = table_rows(SAMPLE)
    assert [row.rule for row in rows] == ["707.2", "613.8a", "999.9"]
    module, function = resolve(rows[1].path)
    assert refers_to(module, function, "613.8a")
    module, function = resolve(rows[0].path)
    assert refers_to(module, function, "707.2")
    assert not refers_to(module, function, "613.8")
    with pytest.raises(AttributeError):
        resolve(rows[2].path)
