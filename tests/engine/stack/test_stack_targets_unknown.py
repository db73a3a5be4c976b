"""Targets a board doesn't give are unknown, never "none" (CR 601.2c, 115.1, 700.2c, 707.10, 707.10c).

Review 7, boards 29, 31 and 60: a copy of a Lightning Bolt, or of a Cryptic Command whose modes aren't given,
was said to have "targets: none". 601.2c: the player announces a target for each target the spell requires,
so a Bolt on the stack has one ("any target"); 700.2c: a modal spell has a mode's targets only if that mode
was chosen, so with the modes unknown its targets are too. Twincast's ruling: "The copy will have the same
targets as the spell it's copying unless you choose new ones" (707.10c).
"""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.stack_answer import StackBoardAnswer, StackCopyAnswer, answer_stack_board
from engine.core.model import Card
from engine.stack.items import StackError
from tests.card_data import parsed_card


def answer(text: str) -> StackBoardAnswer:
    spec = load_board(text)
    cards: dict[str, Card] = {name: parsed_card(name) for name in spec.card_names()}
    return answer_stack_board(spec, spec.stack, cards, "2025-02-07")


def copied(result: StackCopyAnswer) -> dict[str, object]:
    return {item.item: item.value for item in result.copied}


def why(result: StackCopyAnswer) -> str:
    return " ".join(step.text for step in result.steps)


BOLT = (
    "stack:\n  - {card: Lightning Bolt, id: bolt, controller: opponent%s}\n"
    "  - {copy_of: bolt, via: Twincast}\n"
)
CRYPTIC = (
    "stack:\n  - {card: Cryptic Command, id: cc, controller: opponent%s}\n  - {copy_of: cc, via: Twincast}\n"
)


def test_board_31_a_copy_of_a_bolt_whose_target_isnt_given_has_an_unknown_target_not_none() -> None:
    result = answer(BOLT % "").result
    assert copied(result)["targets"] is None  # shown "unknown"
    assert result.choices.targets is None
    [item] = [i for i in result.copied if i.item == "targets"]
    assert {"707.10", "601.2c", "115.1"} <= set(item.rules)
    said = why(result)
    assert "requires a target for each instance of the word “target” (any target)" in said
    assert "unknown here, not none" in said
    assert "the copy keeps the original's targets, whatever they are" in said  # Twincast: 707.10c
    assert any("707.10c" in step.rules for step in result.steps)


def test_board_31_json_says_the_targets_are_unknown() -> None:
    dumped = answer(BOLT % "").result.model_dump(mode="json")
    assert dumped["choices"]["targets"] is None


def test_a_bolt_with_targets_given_as_none_couldnt_have_been_cast() -> None:
    with pytest.raises(StackError, match=r"line 2: Lightning Bolt requires 1 target\(s\) \(any target\)"):
        answer(BOLT % ", targets: []")


def test_a_copy_of_a_bolt_whose_target_isnt_given_can_have_every_target_replaced() -> None:
    result = answer(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
        "stack:\n  - {card: Lightning Bolt, id: bolt, controller: opponent}\n"
        "  - {copy_of: bolt, via: Twincast, new_targets: [bears]}\n"
    ).result
    assert result.choices.targets == ("bears",)
    assert copied(result)["number of targets"] == 1
    assert "New target Grizzly Bears (bears) instead of the original's" in why(result)


def test_new_targets_for_too_few_of_the_unknown_targets_are_refused() -> None:
    with pytest.raises(StackError, match="new_targets can't say which of them changed"):
        answer(
            "stack:\n  - {card: Lightning Bolt, id: bolt}\n"
            "  - {copy_of: bolt, via: Twincast, new_targets: [player:you, player:opponent]}\n"
        )


def test_a_copy_of_a_spell_without_targets_still_says_none() -> None:
    result = answer("stack:\n  - {card: Divination, id: d}\n  - {copy_of: d, via: Twincast}\n").result
    assert copied(result)["targets"] == ()
    assert result.choices.targets == ()


def test_board_29_with_the_modes_unknown_whether_cryptic_command_has_targets_is_unknown() -> None:
    result = answer(CRYPTIC % "").result
    assert (copied(result)["modes"], copied(result)["targets"]) == (None, None)
    [item] = [i for i in result.copied if i.item == "targets"]
    assert {"700.2c", "601.2c"} <= set(item.rules)
    said = why(result)
    assert "Whether Cryptic Command has targets is unknown" in said
    assert "“Counter target spell.”" in said
    assert "“Return target permanent to its owner's hand.”" in said
    assert "Tap all creatures" not in said.split("Its modes that target are")[1].split(":")[0]


def test_cryptic_command_with_modes_that_dont_target_has_no_targets() -> None:
    result = answer(CRYPTIC % ", modes: [Tap all creatures your opponents control, Draw a card]").result
    assert copied(result)["targets"] == ()


def test_board_60_a_chosen_targeting_mode_with_targets_given_as_none_is_refused() -> None:
    with pytest.raises(StackError, match=r"line 2: Cryptic Command requires 1 target\(s\) \(target spell\)"):
        answer(CRYPTIC % ", modes: [Counter target spell, Draw a card], targets: []")


def test_board_60_a_chosen_targeting_mode_without_targets_given_has_an_unknown_target() -> None:
    result = answer(CRYPTIC % ", modes: [Counter target spell, Draw a card]").result
    assert copied(result)["targets"] is None
    assert "(target spell)" in why(result)


def test_up_to_one_target_may_be_none() -> None:
    # "Transform up to one target Werewolf you control": the caster may announce zero targets (601.2c).
    result = answer(
        "stack:\n  - {card: Waxing Moon, id: wm, targets: []}\n  - {copy_of: wm, via: Twincast}\n"
    ).result
    assert copied(result)["targets"] == ()


def test_a_triggered_ability_copy_whose_targets_arent_given_has_unknown_targets() -> None:
    result = answer(
        "battlefield:\n  - {card: Fiend Hunter, id: fh}\n"
        "stack:\n  - {source: fh, ability: 1, id: trig}\n"
        "  - {copy_of: trig, via: Strionic Resonator}\n"
    ).result
    assert copied(result)["targets"] is None
