"""What the board doesn't give, each outcome named (issue 21 §1): the queried permanent's power and
toughness left unknown only by board keys it leaves out (``kicked``, a coin flip, an entering option) are
answered once per value; what all outcomes agree on (704.5f) is then said, and nothing is assumed."""

from __future__ import annotations

from data.boards import load_board
from engine.answers.copy_result import BoardAnswer, answer_board
from tests.engine.copy_cards import cards_for

_SETTLED = "In each of these outcomes its toughness is at least 1"
_OPEN = "Its toughness isn't known"


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test")


def _notes(answer: BoardAnswer) -> list[str]:
    return [note.text for note in answer.result.notes]


def _outcomes(answer: BoardAnswer) -> str:
    [note] = [n for n in answer.result.notes if n.text.startswith("What it is rests on")]
    return note.text


def test_kavu_titan_not_said_kicked_is_5_5_with_trample_or_2_2_and_survives_either_way() -> None:
    answer = _answer("battlefield:\n  - {card: Kavu Titan, id: kt}\n")
    assert answer.result.current.power == "unknown"  # still unknown: nothing is assumed
    text = _outcomes(answer)
    assert "with kicked: true, 5/5 (3 +1/+1 counter(s) and “Trample”)" in text
    assert "with kicked: false, 2/2." in text
    notes = _notes(answer)
    assert any(n.startswith(_SETTLED) for n in notes)
    assert not any(n.startswith(_OPEN) for n in notes)
    assert "702.33a" in next(n for n in answer.result.notes if n.text.startswith("What it is")).rules


def test_a_given_kicker_names_no_outcomes() -> None:
    answer = _answer("battlefield:\n  - {card: Kavu Titan, id: kt, kicked: true}\n")
    assert (answer.result.current.power, answer.result.current.toughness) == (5, 5)
    assert not any(n.startswith("What it is rests on") for n in _notes(answer))


def test_a_clone_of_molten_sentry_is_5_2_with_haste_or_2_5_with_defender() -> None:
    answer = _answer(
        "battlefield:\n  - {card: Molten Sentry, id: sentry, choices: {coin: heads}}\n"
        "  - {card: Clone, id: clone, copy_of: sentry}\n"
    )
    text = _outcomes(answer)
    assert "with choices: {coin: heads} for clone, 5/2 (“Haste”)" in text
    assert "with choices: {coin: tails} for clone, 2/5 (“Defender”)" in text
    assert any(n.startswith(_SETTLED) for n in _notes(answer))


def test_primal_clay_not_chosen_names_its_three_options() -> None:
    answer = _answer("battlefield:\n  - {card: Primal Clay, id: clay}\n")
    text = _outcomes(answer)
    assert "{option: 1} for clay, 3/3" in text
    assert "{option: 2} for clay, 2/2" in text
    assert "Flying" in text
    assert "{option: 3} for clay, 1/6" in text


def test_an_outcome_with_toughness_0_is_named_as_the_one_that_dies() -> None:
    answer = _answer("battlefield:\n  - {card: Molten Sentry, id: sentry, effects: [{pump: [0, -2]}]}\n")
    assert "with choices: {coin: heads} for sentry, 5/0" in _outcomes(answer)
    [dies] = [n for n in answer.result.notes if "its toughness is 0 or less" in n.text]
    assert dies.text.startswith("With choices: {coin: heads} for sentry, its toughness is 0 or less")
    assert "otherwise it isn't" in dies.text
    assert dies.rules == ("704.5f",)


def test_an_unknown_nothing_the_board_gives_decides_names_no_outcomes() -> None:
    # Mirrorweave-free example: a Clone copying nothing given ("may" not given) is unknown for another reason.
    answer = _answer("battlefield:\n  - {card: Clone, id: clone}\n")
    assert not any(n.startswith("What it is rests on") for n in _notes(answer))


def test_a_clone_flipping_heads_like_its_original_has_haste_once() -> None:
    answer = _answer(
        "battlefield:\n  - {card: Molten Sentry, id: sentry, choices: {coin: heads}}\n"
        "  - {card: Clone, id: clone, copy_of: sentry, choices: {coin: heads}}\n"
    )
    assert answer.result.current.abilities.count("Haste") == 1
    assert (answer.result.current.power, answer.result.current.toughness) == (5, 2)
