"""A battle's protector (CR 310.8, 310.10, 310.11a) and a chosen anchor word (614.12b): a Siege's
protector is its controller's opponent, given or not, on a two-player board; only the chosen anchor
word's ability is active, none for a permanent that became the copy after it entered, and an unknown
naming both when the board doesn't say (issue 21 §3)."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.actions.protectors import protector_after_copy
from engine.answers.copy_result import BoardAnswer, answer_board
from engine.core.effects import Player
from engine.state.board import BoardError
from tests.engine.copy_cards import cards_for

KHANS = (
    "• Khans — At the beginning of combat on your turn, put two +1/+1 counters on target creature you "
    "control."
)
DRAGONS = (
    "• Dragons — At the beginning of combat on each opponent's turn, tap target creature that player "
    "controls."
)


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test")


def _steps(answer: BoardAnswer) -> str:
    return " ".join(str(s.text) for s in answer.result.steps)


def test_a_sieges_protector_is_its_controllers_only_opponent() -> None:
    answer = _answer("battlefield: [{card: Invasion of Kylem, id: k, controller: opponent}]\n")
    assert "its controller (opponent) chose its protector from among their opponents: you" in _steps(answer)
    assert "310.11a" in {r for s in answer.result.steps for r in s.rules}


def test_a_siege_whose_protector_gains_control_of_it_gets_a_new_protector() -> None:
    """CR 310.11a, 310.10: the opponent protecting your Siege now controls it, and can't protect it."""
    board = (
        "battlefield: [{card: Invasion of Kylem, id: k, protector: opponent, "
        "effects: [{gain_control: opponent}]}]\n"
    )
    [note] = [n for n in _answer(board).result.notes if "310.10" in n.rules]
    assert "Its protector, opponent, now controls it" in note.text
    assert "which in a two-player game is you" in note.text
    assert not any(
        "310.10" in n.rules
        for n in _answer(board.replace("gain_control: opponent", "gain_control: you")).result.notes
    )


def test_a_given_protector_is_used() -> None:
    answer = _answer("battlefield: [{card: Invasion of Kylem, id: k, protector: opponent}]\n")
    assert "opponent, as the board says" in _steps(answer)


def test_a_token_copy_of_a_siege_chooses_its_own_protector() -> None:
    answer = _answer(
        "battlefield: [{card: Invasion of Kylem, id: k}]\n"
        "actions:\n  - create_token_copy: {of: k, id: tk, controller: opponent}\n"
        "query: tk\n"
    )
    assert answer.result.current.counters == {"defense": 5}
    assert "its controller (opponent) chose its protector from among their opponents: you" in _steps(answer)


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (
            "battlefield:\n  - {card: Invasion of Kylem, protector: you}\n",
            r"line 2: Invasion of Kylem is a Siege: only an opponent of its controller \(you\) can be its "
            "protector",
        ),
        (
            "battlefield:\n  - {card: Grizzly Bears, protector: opponent}\n",
            "line 2: Grizzly Bears isn't a battle, so it has no protector",
        ),
    ],
)
def test_an_impossible_protector_is_refused_naming_the_line(board: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        _answer(board)


def test_only_the_chosen_anchor_words_ability_is_active() -> None:
    answer = _answer("battlefield: [{card: Citadel Siege, id: cs, choices: {Khans or Dragons: Khans}}]\n")
    abilities = answer.result.current.abilities
    assert KHANS in abilities
    assert DRAGONS not in abilities
    assert not answer.result.unknowns
    assert "614.12b" in {r for s in answer.result.steps for r in s.rules}


def test_an_anchor_word_not_given_leaves_the_abilities_unknown_naming_both() -> None:
    answer = _answer("battlefield: [{card: Citadel Siege, id: cs}]\n")
    assert answer.result.current.unknown == ("abilities",)
    (unknown,) = answer.result.unknowns
    assert "whether Khans or Dragons was chosen" in unknown.reason
    assert KHANS in unknown.reason
    assert DRAGONS in unknown.reason
    assert unknown.rules == ("614.12b",)


def test_a_copy_that_enters_makes_its_own_choice() -> None:
    answer = _answer(
        "battlefield:\n"
        "  - {card: Citadel Siege, id: cs, choices: {Khans or Dragons: Dragons}}\n"
        "  - {card: Copy Enchantment, id: ce, copy_of: cs, choices: {Khans or Dragons: Khans}}\n"
        "query: ce\n"
    )
    assert KHANS in answer.result.current.abilities
    assert DRAGONS not in answer.result.current.abilities


def test_becoming_a_copy_without_entering_chooses_no_anchor_word() -> None:
    answer = _answer(
        "battlefield:\n"
        "  - {card: Citadel Siege, id: cs, choices: {Khans or Dragons: Dragons}}\n"
        "  - {card: Mirage Mirror, id: m}\n"
        "actions:\n  - becomes_copy: {object: m, of: cs, via: m}\n"
        "query: m\n"
    )
    abilities = answer.result.current.abilities
    assert KHANS not in abilities
    assert DRAGONS not in abilities
    assert not answer.result.unknowns
    assert "no anchor word was chosen as it entered" in _steps(answer)


def test_a_battle_that_becomes_a_copy_keeps_its_protector_and_a_new_siege_gets_one() -> None:
    spec = load_board("battlefield: [{card: Invasion of Kylem, id: k, controller: opponent}]\n")
    board = board_from_spec(spec, cards_for(spec))
    kylem = board.get("k")
    assert kylem.protector is Player.YOU  # chosen as it entered (CR 310.11a)
    kept_board, kept = protector_after_copy(board, kylem)
    assert kept.protector is Player.YOU
    assert "310.8g" in kept_board.log[-1].explanation.rules
    new_board, chosen = protector_after_copy(board, kylem.model_copy(update={"protector": None}))
    assert chosen.protector is Player.YOU  # a state-based action: the controller's one opponent (310.10)
    assert set(new_board.log[-1].explanation.rules) == {"310.10", "310.11a"}
