"""Cleave (CR 702.148a): cast for its cleave cost, a spell's text loses the words in square brackets; a copy
copies that decision (707.10), so its text is the original's. Not given, both texts are named; given for a
card without cleave, refused."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.stack_answer import StackBoardAnswer, answer_stack_board
from engine.core.model import Card
from engine.oracle.paid_costs import cleaved_text
from engine.stack.items import StackError
from tests.card_data import parsed_card

_BEARS = "battlefield:\n  - {card: Grizzly Bears, id: bears, controller: opponent}\n"


def _answer(text: str) -> StackBoardAnswer:
    spec = load_board(text)
    cards: dict[str, Card] = {name: parsed_card(name) for name in spec.card_names()}
    return answer_stack_board(spec, spec.stack, cards, "2025-02-07")


def _board(cleaved: str) -> str:
    entry = f"{{card: Fierce Retribution, id: fr{cleaved}, targets: [bears]}}"
    return _BEARS + f"stack:\n  - {entry}\n  - {{copy_of: fr, via: Twincast}}\n"


@pytest.mark.parametrize(
    ("text", "cleaved", "kept"),
    [
        (
            "Destroy target [attacking] creature.",
            "Destroy target creature.",
            "Destroy target attacking creature.",
        ),
        (
            "Search your library for a [basic land] card, [reveal it,] put it into your hand, then shuffle.",
            "Search your library for a card, put it into your hand, then shuffle.",
            "Search your library for a basic land card, reveal it, put it into your hand, then shuffle.",
        ),
    ],
)
def test_the_bracketed_words_are_removed_or_kept(text: str, cleaved: str, kept: str) -> None:
    assert cleaved_text(text, cleaved=True) == cleaved
    assert cleaved_text(text, cleaved=False) == kept


def test_a_copy_of_a_cleaved_spell_has_the_text_without_brackets() -> None:
    result = _answer(_board(", cleaved: true")).result
    assert "Destroy target creature." in result.current.abilities
    assert any(str(item.item) == "cast for its cleave cost" for item in result.copied)
    [step] = [s for s in result.steps if "cleave cost" in s.text]
    assert "its text too is “Destroy target creature.”" in step.text
    assert set(step.rules) == {"707.10", "702.148a"}


def test_a_copy_of_a_spell_not_cleaved_keeps_the_bracketed_words() -> None:
    result = _answer(_board(", cleaved: false")).result
    assert "Destroy target attacking creature." in result.current.abilities


def test_cleave_not_given_names_both_texts() -> None:
    result = _answer(_board("")).result
    [step] = [s for s in result.steps if "cleave cost" in s.text]
    assert step.text.startswith("Whether the original was cast for its cleave cost is unknown")
    assert "cast for it, “Destroy target creature.”; not, “Destroy target attacking creature.”" in step.text


def test_cleaved_for_a_card_without_cleave_is_refused() -> None:
    with pytest.raises(StackError, match="Lightning Bolt has no cleave ability, so cleaved can't be given"):
        _answer("stack:\n  - {card: Lightning Bolt, id: b, cleaved: true, targets: [player:opponent]}\n")
