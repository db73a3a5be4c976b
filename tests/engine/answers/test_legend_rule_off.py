"""The legend rule switched off by a card (CR 704.5j, 101.1): Mirror Gallery for everyone, Sakashima and
Mirror Box for their controller's permanents, Brothers Yamazaki for exactly two of them; the 704.5j note
is never given for permanents such an ability exempts (review 7, boards 05 and 16)."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_result import BoardAnswer, answer_board
from engine.oracle.legend_rule import LegendRuleOff, legend_rule_off
from tests.engine.copy_cards import cards_for

_KEEPS_ONE = "that player keeps one and puts the rest"
_THALIA = '  - {card: "Thalia, Guardian of Thraben", id: thalia}\n'


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test")


def _notes(answer: BoardAnswer) -> str:
    return " ".join(n.text for n in answer.result.notes)


@pytest.mark.parametrize(
    ("text", "off"),
    [
        ('The "legend rule" doesn\'t apply.', LegendRuleOff()),
        ("The “legend rule” doesn’t apply to permanents you control.", LegendRuleOff(who="you")),
        ('The "legend rule" doesn\'t apply to tokens you control.', LegendRuleOff(who="you", what="tokens")),
        (
            "If there are exactly two permanents named ~ on the battlefield, "
            'the "legend rule" doesn\'t apply to them.',
            LegendRuleOff(exactly_two="~"),
        ),
        ("Flying", None),
    ],
)
def test_the_wordings_that_switch_the_legend_rule_off_are_read(text: str, off: LegendRuleOff | None) -> None:
    assert legend_rule_off(text) == off


def test_sakashima_copying_thalia_keeps_both() -> None:
    answer = _answer(
        "battlefield:\n"
        + _THALIA
        + '  - {card: "Sakashima of a Thousand Faces", id: saka, copy_of: thalia}\n'
    )
    notes = _notes(answer)
    assert _KEEPS_ONE not in notes
    assert (
        "The legend rule doesn't apply to saka and thalia: saka's “The \"legend rule\" doesn't apply" in notes
    )
    [note] = [n for n in answer.result.notes if n.text.startswith("The legend rule doesn't apply")]
    assert note.rules == ("704.5j", "101.1")


def test_mirror_gallery_keeps_a_clone_of_thalia_and_thalia() -> None:
    answer = _answer(
        "battlefield:\n  - {card: Mirror Gallery, id: gallery}\n"
        + _THALIA
        + "  - {card: Clone, id: clone, copy_of: thalia}\n"
    )
    assert _KEEPS_ONE not in _notes(answer)
    assert "The legend rule doesn't apply to clone and thalia: gallery's" in _notes(answer)


def test_an_opponents_sakashima_doesnt_exempt_your_two_thalias() -> None:
    answer = _answer(
        'battlefield:\n  - {card: "Sakashima of a Thousand Faces", id: saka, controller: opponent}\n'
        + _THALIA
        + "  - {card: Clone, id: clone, copy_of: thalia}\n"
    )
    assert "It and thalia are legendary permanents named Thalia, Guardian of Thraben" in _notes(answer)
    assert "doesn't apply to clone" not in _notes(answer)


def test_without_such_an_ability_the_legend_rule_applies() -> None:
    answer = _answer("battlefield:\n" + _THALIA + "  - {card: Clone, id: clone, copy_of: thalia}\n")
    assert _KEEPS_ONE in _notes(answer)
