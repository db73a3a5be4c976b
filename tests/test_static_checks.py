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


CARD_MODULES = ("data/cards/service.py", "data/cards/repository.py", "data/scryfall/client.py")
"""Where card records are read and passed on: none of them may go about as an untyped dictionary."""

_TYPED_CARDS = """
from data.cards.repository import CardRepository
from data.cards.resolver import CardResolver
from data.cards.service import CardService
from data.scryfall.client import ScryfallClient


async def check(
    service: CardService, repository: CardRepository, resolver: CardResolver, client: ScryfallClient
) -> None:
    reveal_type(await service.find("Opt"))
    reveal_type(service.find_cached("Opt"))
    reveal_type(repository.get("key"))
    reveal_type(resolver.resolve("Opt").card)
    reveal_type(await client.card_named("Opt"))
    reveal_type(await client.search_printings("Opt"))
    (await service.find("Opt"))["name"]
"""


@pytest.mark.parametrize("module", CARD_MODULES)
def test_no_card_record_is_an_untyped_dictionary(module: str) -> None:
    text = (ROOT / module).read_text(encoding="utf-8")
    assert "dict[str, Any]" not in text
    assert "Mapping[str, Any]" not in text


def test_mypy_sees_the_typed_card_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    snippet = tmp_path / "typed_cards.py"
    snippet.write_text(_TYPED_CARDS, encoding="utf-8")
    report, errors, _ = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml"), str(snippet)])
    revealed = [
        line.split("Revealed type is ")[1].strip('"')
        for line in report.splitlines()
        if "Revealed type" in line
    ]
    record = "data.cards.schema.CardRecord"
    assert revealed == [record, record, f"{record} | None", record, record, f"list[{record}]"]
    assert 'Value of type "CardRecord" is not indexable' in report, report + errors


_UNKNOWN_READS = """
from engine.layers.system import current_characteristics
from engine.state.board import Board, GameObject

def reads(obj: GameObject, board: Board) -> None:
    current = current_characteristics(obj, board)
    if current.is_a("Creature"):
        pass
    print(current.power.value)
    print(len(current.abilities))
"""


def test_mypy_refuses_a_characteristic_read_without_its_unknown_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CR-cited unknowns are values (engine.core.known): a condition on a Fact, or its value read without
    checking it is Known, is a type error, so no check can be evaluated on the known part alone."""
    monkeypatch.chdir(ROOT)
    snippet = tmp_path / "unknown_reads.py"
    snippet.write_text(_UNKNOWN_READS, encoding="utf-8")
    report, errors, _ = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml"), str(snippet)])
    assert "[truthy-bool]" in report, report + errors
    assert 'Item "Unsure" of "Known[PrintedNumber | None] | Unsure" has no attribute "value"' in report
    assert 'Argument 1 to "len" has incompatible type' in report


def test_only_the_answer_views_read_values_shown_beside_their_unknowns() -> None:
    """``Computed.displayed()`` gives the known part of unknown characteristics, for display beside the
    list of what is unknown; nothing else may call it (a decision on it would rest on a guess)."""
    callers = sorted(
        str(path.relative_to(ROOT))
        for package in ("engine", "data", "bot", "cogs")
        for path in (ROOT / package).rglob("*.py")
        if ".displayed()" in path.read_text(encoding="utf-8")
    )
    assert callers == ["engine/answers/copy_result.py"]
