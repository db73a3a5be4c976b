"""The board reader gives the same boards and the same errors with libyaml as with the pure YAML reader
(which it falls back to when the installed PyYAML has no libyaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import data.board_yaml
from data.board_format import MAX_DEPTH
from data.boards import BoardFormatError, load_board
from engine import BoardSpec
from tests.locations import BOARDS

BOARDS = BOARDS

_BAD = {
    "syntax": "battlefield:\n  - card: Clone\n    id: c\n  - [unclosed\n",
    "mapping value": "battlefield:\n  - card: Clone: x\n",
    "python tag": "battlefield:\n  - !!python/object/apply:os.system [ls]\n",
    "unknown tag": "query: !thing c\n",
    "too deep": "battlefield: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n",
    "control character": "battlefield:\n  - card: Clo\x01ne\n",
    "lone surrogate": "battlefield:\n  - card: Clo\ud800ne\n",
    "tab indent": "battlefield:\n\t- card: Clone\n",
    "undefined alias": "battlefield:\n  - *nothing\n",
    "unhashable key": "battlefield:\n  - {[a]: b}\n",
    "not a mapping": "- card: Clone\n",
    "duplicate anchor use": "a: &x [1]\nbattlefield: *x\n",
    "alias in its anchor": "battlefield:\n  - &a {card: Clone, x: *a}\n",
    "5,000 digits": "battlefield:\n  - {card: Clone, x: " + "9" * 5_000 + "}\n",
    "13th month": "battlefield:\n  - {card: Clone, id: 2020-13-45}\n",
    "bool tag": "battlefield:\n  - {card: Clone, tapped: !!bool maybe}\n",
    "duplicate key": "battlefield:\n  - Clone\nbattlefield:\n  - Grizzly Bears\n",
}


def _pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read as a PyYAML without libyaml would."""
    monkeypatch.setattr(data.board_yaml, "FAST_LOADER", yaml.SafeLoader)


def _outcome(text: str) -> tuple[str, int | None] | BoardSpec:
    try:
        return load_board(text)
    except BoardFormatError as error:
        return str(error), error.line


def test_libyaml_is_used_when_installed() -> None:
    assert data.board_yaml.FAST_LOADER is getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@pytest.mark.parametrize("name", sorted(_BAD))
def test_errors_are_the_pure_readers(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _outcome(_BAD[name])
    _pure(monkeypatch)
    pure = _outcome(_BAD[name])
    assert isinstance(pure, tuple), pure  # every one of them is refused
    assert fast == pure


def test_error_names_its_line() -> None:
    outcome = _outcome(_BAD["python tag"])
    assert isinstance(outcome, tuple)
    assert outcome[1] == 2
    assert "isn't allowed" in outcome[0]


@pytest.mark.parametrize("path", sorted(BOARDS.glob("*.yaml")), ids=lambda p: p.stem)
def test_scenario_boards_read_the_same(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    fast = _outcome(text)
    _pure(monkeypatch)
    assert fast == _outcome(text)
