"""No answer shows a placeholder for a name (CR 201.5): every scenario's result and reasoning name the object.

The engine normalises a card's references to itself to ``~`` while reading Oracle text; an answer always
shows the real name instead, whatever copy exception kept or set it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from data.boards import load_board
from engine.answers.copy_result import answer_board
from engine.core.model import SELF
from tests.engine.copy.test_copy_scenarios import SCENARIOS
from tests.engine.copy_cards import cards_for

PLACEHOLDERS = (SELF, "CARDNAME")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_no_placeholder_name_in_the_answer(path: Path) -> None:
    board_text, expected_text = path.read_text(encoding="utf-8").split("\n---\n")
    if "error:" in expected_text:
        return
    spec = load_board(board_text)
    result = answer_board(spec, cards_for(spec), "test").result
    shown = [
        result.current.name or "",
        *result.current.abilities,
        *(item.text for item in (*result.steps, *result.notes)),
    ]
    for text in shown:
        assert not any(p in text for p in PLACEHOLDERS), f"a placeholder in {text!r}"
