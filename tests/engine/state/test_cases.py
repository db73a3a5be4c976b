"""Cases (CR 719): "To solve — [condition]" is a triggered ability (719.3a); "Solved — [ability]" functions
only while the Case is solved (719.3c, 702.169b-d). Solved is a designation the board gives (``solved:``),
never copied (719.3b): a Clone-like or token copy of a solved Case isn't solved; a listed Case whose board
entry doesn't say is unknown, both outcomes named."""

from __future__ import annotations

from typing import Any

import pytest

from data.board_format import BoardFormatError
from data.boards import load_board
from data.cards.records import record_problem
from engine.answers.copy_result import answer_board
from engine.core.model import AbilityKind
from tests.engine.card_kinds import catalogue, kind_card, kind_record

KISS = "Case of the Gorgon's Kiss"
PACT = "Case of the Shattered Pact"


def _result(board: str) -> Any:
    cards = catalogue(KISS, PACT, also=("Copy Enchantment", "Cackling Counterpart", "Clone"))
    return answer_board(load_board(board), cards, "test").result


def _kiss(entry: str = "", more: str = "", query: str = "k") -> Any:
    return _result(f"battlefield:\n  - {{card: {KISS}, id: k{entry}}}\n{more}query: {query}\n")


def test_the_case_fixtures_fit_the_card_schema() -> None:
    for name in (KISS, PACT):
        assert record_problem(kind_record(name)) is None
        assert kind_card(name).layout == "case"


def test_to_solve_is_the_end_step_trigger_and_solved_a_static_ability_while_solved() -> None:
    abilities = kind_card(KISS).front.abilities
    to_solve, solved = abilities[1], abilities[2]
    assert (to_solve.kind, to_solve.keyword, to_solve.trigger) == (
        AbilityKind.TRIGGERED,
        "To solve",
        "At the beginning of your end step",
    )
    assert to_solve.ability_word is None  # a keyword ability (719.3), not an ability word
    assert to_solve.rules_text == (
        "At the beginning of your end step, if three or more creature cards were put into graveyards from "
        "anywhere this turn and ~ is not solved, ~ becomes solved."
    )
    assert (solved.kind, solved.keyword) == (AbilityKind.STATIC, "Solved")
    assert solved.rules_text.startswith("As long as ~ is solved, ~ is a 4/4 Gorgon creature")


def test_a_triggered_solved_ability_keeps_its_trigger() -> None:
    solved = kind_card(PACT).front.abilities[2]
    assert (solved.kind, solved.keyword, solved.trigger) == (
        AbilityKind.TRIGGERED,
        "Solved",
        "At the beginning of combat on your turn",
    )


def test_a_solved_case_has_its_solved_ability_apply() -> None:
    result = _kiss(", solved: true")
    current = result.current
    assert set(current.types) == {"Enchantment", "Creature"}
    assert "Gorgon" in current.subtypes
    assert (current.power, current.toughness) == (4, 4)
    assert current.unknown == ()
    [step] = [s for s in result.steps if s.text.startswith("It is solved")]
    assert {"719.3b", "719.3c", "702.169b"} <= set(step.rules)


def test_an_unsolved_case_is_only_an_enchantment() -> None:
    result = _kiss(", solved: false")
    current = result.current
    assert (current.types, current.subtypes, current.power) == (("Enchantment",), ("Case",), None)
    assert current.unknown == ()
    assert any(s.text.startswith("It isn't solved (solved: false)") for s in result.steps)


def test_a_case_the_board_doesnt_say_is_solved_is_unknown_with_both_outcomes() -> None:
    result = _kiss()
    current = result.current
    assert {"types", "subtypes", "power", "toughness"} <= set(current.unknown)
    [note] = [n for n in result.notes if n.text.startswith("Whether it is solved")]
    assert "solved: true or solved: false" in note.text
    assert {"719.3b", "719.3c", "702.169b"} <= set(note.rules)
    [depends] = [n for n in result.notes if "depends on whether" in n.text]
    assert "if so, it makes it Creature" in depends.text
    assert "if not, it doesn't apply" in depends.text
    assert "719.3b" in depends.rules


def test_a_clone_like_copy_of_a_solved_case_isnt_solved() -> None:
    more = "actions:\n  - enters: {card: Copy Enchantment, id: ce, copy_of: k}\n"
    result = _kiss(", solved: true", more, "ce")
    assert result.copiable.name == KISS
    current = result.current
    assert (current.types, current.power) == (("Enchantment",), None)
    assert current.unknown == ()
    [step] = [s for s in result.steps if s.text.startswith("It isn't solved: it entered as a copy")]
    assert "719.3b" in step.rules


def test_a_listed_copy_the_board_doesnt_say_is_solved_is_unknown() -> None:
    """It copied the "To solve" ability, which may have resolved for it since it entered (719.3a)."""
    result = _kiss(", solved: true", "  - {card: Copy Enchantment, id: ce, copy_of: k}\n", "ce")
    assert {"types", "power", "toughness"} <= set(result.current.unknown)
    assert any(n.text.startswith("Whether it is solved") for n in result.notes)


def test_a_copy_that_became_solved_itself_says_so() -> None:
    result = _kiss(", solved: true", "  - {card: Copy Enchantment, id: ce, copy_of: k, solved: true}\n", "ce")
    assert (result.current.power, result.current.toughness) == (4, 4)


def test_a_token_copy_of_a_solved_case_isnt_solved() -> None:
    """The solved Case is a creature, so Cackling Counterpart can copy it: the token is a Case that isn't
    solved, so it is only an enchantment (719.3b)."""
    more = "actions:\n  - create_token_copy: {of: k, via: Cackling Counterpart, id: t}\n"
    result = _kiss(", solved: true", more, "t")
    current = result.current
    assert (current.types, current.power) == (("Enchantment",), None)
    step = next(s for s in result.steps if s.text.startswith("It isn't solved"))
    assert {"719.3a", "719.3b"} <= set(step.rules)


def test_a_triggered_solved_ability_says_whether_it_can_trigger() -> None:
    given = _result(f"battlefield:\n  - {{card: {PACT}, id: p, solved: true}}\n")
    [step] = [s for s in given.steps if s.text.startswith("It is solved")]
    assert "702.169c" in step.rules
    unknown = _result(f"battlefield:\n  - {{card: {PACT}, id: p}}\n")
    [note] = [n for n in unknown.notes if n.text.startswith("Whether it is solved")]
    assert "a triggered one doesn't trigger" in note.text
    assert "702.169c" in note.rules
    assert unknown.current.unknown == ()  # it has its abilities either way


def test_solved_must_be_true_or_false() -> None:
    with pytest.raises(BoardFormatError, match="solved must be true or false"):
        load_board(f"battlefield:\n  - {{card: {KISS}, id: k, solved: maybe}}\n")


def test_a_solved_case_that_leaves_and_returns_is_a_new_unsolved_object() -> None:
    """CR 719.3b: it stays solved only until it leaves the battlefield; back, it is a new object (400.7)."""
    more = (
        "actions:\n  - leaves: {object: k, to: exile, ids: {Case of the Gorgon's Kiss: k2}}\n"
        "  - returns: {cards_of: k, to: battlefield}\n"
    )
    result = _kiss(", solved: true", more, "k2")
    assert (result.current.types, result.current.power) == (("Enchantment",), None)
    step = next(s for s in result.steps if s.text.startswith("It isn't solved: it became this object"))
    assert "719.3b" in step.rules


def test_an_unknown_names_each_characteristic_once() -> None:
    result = _kiss()
    for unknown in result.unknowns:
        assert len(unknown.characteristics) == len(set(unknown.characteristics)), unknown.characteristics
