"""A permanent's replacement effects and enters abilities apply as it would exist on the battlefield
(CR 614.12): Blood Moon takes a nonbasic land's "enters tapped", "as enters" choice and enters trigger away
before they can apply (Blood Moon's rulings). And X is only the X of a spell whose cost had one (107.3m)."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_result import ObjectAnswer, answer_board
from engine.state.board import BoardError
from tests.engine.copy_cards import cards_for


def _answer(text: str) -> ObjectAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test").result


@pytest.mark.parametrize("land", ["Temple of Malice", "Blood Crypt"])
def test_under_blood_moon_a_nonbasic_land_enters_untapped_and_triggers_nothing(land: str) -> None:
    result = _answer(f"battlefield:\n  - {{card: Blood Moon, id: bm}}\n  - {{card: {land}, id: t}}\n")
    assert result.current.status.tapped is False
    assert "tapped" not in result.current.unknown
    [step] = [s for s in result.steps if s.text.startswith("As it would exist on the battlefield")]
    assert step.rules == ("614.12",)
    assert not any("triggers" in s.text for s in result.steps)


def test_without_blood_moon_the_temple_still_enters_tapped() -> None:
    result = _answer("battlefield:\n  - {card: Temple of Malice, id: t}\nquery: t\n")
    assert result.current.status.tapped is True


def test_an_x_for_a_card_without_x_in_its_cost_is_refused() -> None:
    with pytest.raises(BoardError, match=r"Clone's mana cost has no \{X\}"):
        _answer(
            "battlefield:\n  - {card: Primordial Hydra, id: h, x: 4}\n  - {card: Clone, copy_of: h, x: 3}\n"
        )


def test_another_permanents_extra_counter_for_entering_creatures_is_applied() -> None:
    """Metallic Mimic's "Each other creature you control of the chosen type enters with an additional +1/+1
    counter" (CR 614.1c, 614.12): an Elf listed after it entered with the counter (review 8, board 22)."""
    result = _answer(
        "battlefield:\n  - {card: Metallic Mimic, id: m, choices: {creature type: Elf}}\n"
        "  - {card: Llanowar Elves, id: e}\nquery: e\n"
    )
    assert (result.current.power, result.current.toughness, result.current.counters) == (2, 2, {"+1/+1": 1})


def test_another_permanents_extra_counter_with_its_type_not_chosen_is_open_never_none() -> None:
    result = _answer(
        "battlefield:\n  - {card: Metallic Mimic, id: m}\n  - {card: Llanowar Elves, id: e}\nquery: e\n"
    )
    assert {"counters", "power", "toughness"} <= set(result.current.unknown)
    assert any("the type chosen as m entered, which the board doesn't give" in n.text for n in result.notes)


def test_a_creature_not_of_the_type_gets_no_counter_and_a_filter_by_name_of_type_is_read() -> None:
    bears = _answer(
        "battlefield:\n  - {card: Metallic Mimic, id: m, choices: {creature type: Elf}}\n"
        "  - {card: Grizzly Bears, id: b}\nquery: b\n"
    )
    assert (bears.current.power, bears.current.counters) == (2, {})
    human = _answer(
        'battlefield:\n  - {card: "Grumgully, the Generous", id: g}\n'
        "  - {card: Grizzly Bears, id: b}\nquery: b\n"
    )
    assert human.current.counters == {"+1/+1": 1}  # "Each other non-Human creature": a Bear gets one
