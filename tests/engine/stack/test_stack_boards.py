"""Board files with a ``stack:`` section, through the board loader (``data.boards``) and the board answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from data.boards import BoardFormatError, load_board
from engine.answers.stack_answer import StackBoardAnswer, answer_stack_board
from engine.core.model import Card
from engine.stack.items import StackError
from engine.state.board import BoardError
from tests.card_data import parsed_card
from tests.locations import BOARDS

BOARDS = BOARDS
STACK_BOARDS = sorted(BOARDS.glob("stack_*.yaml"))


def answer(text: str) -> StackBoardAnswer:
    spec = load_board(text)
    cards: dict[str, Card] = {name: parsed_card(name) for name in spec.card_names()}
    return answer_stack_board(spec, spec.stack, cards, "2025-02-07")


@pytest.mark.parametrize("path", STACK_BOARDS, ids=lambda p: p.stem)
def test_every_stack_board_answers_about_its_copy(path: Path) -> None:
    result = answer(path.read_text(encoding="utf-8")).result
    dumped = result.model_dump(mode="json")
    assert {"id", "copiable", "current", "steps", "notes", "choices", "cast", "owner", "controller"} <= set(
        dumped
    )
    assert {"modes", "targets", "x", "kicked", "paid"} <= set(dumped["choices"])
    assert all(item["rules"] for item in dumped["not_copied"])
    assert all(item["rules"] for item in dumped["copied"])
    assert dumped["cast"] is (path.stem == "stack_isochron_scepter")


def test_query_names_the_copy_and_objects_list_the_board() -> None:
    board = answer((BOARDS / "stack_hull_breach.yaml").read_text(encoding="utf-8"))
    assert board.result.id == "twin"
    assert [(o.id, o.zone, o.controller) for o in board.objects] == [
        ("anthem", "battlefield", "you"),
        ("mirari", "battlefield", "you"),
    ]
    assert board.rules_version == "2025-02-07"


def test_a_stack_only_board_defaults_to_the_last_copy() -> None:
    text = """
stack:
  - {card: Lightning Bolt, id: bolt, targets: ["player:opponent"]}
  - {copy_of: bolt, via: Twincast}
  - {copy_of: bolt, via: Reverberate, controller: opponent, new_targets: ["player:you"]}
"""
    result = answer(text).result
    assert (result.id, result.via, result.controller, result.choices.targets) == (
        "bolt copy 2",
        "Reverberate",
        "opponent",
        ("player:you",),
    )


def test_version_1_boards_still_load_without_a_stack() -> None:
    spec = load_board("battlefield:\n  - {card: Grizzly Bears, id: bears}\n")
    assert spec.stack == ()
    assert spec.card_names() == ("Grizzly Bears",)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("stack:\n  - {card: Lightning Bolt, targets: [bears]}\n", "line 2: targets refers to 'bears'"),
        (
            "stack:\n  - {card: Shock}\n  - {copy_of: bolt, via: Twincast}\n",
            "line 3: copy_of refers to 'bolt'",
        ),
        (
            "stack:\n  - {card: Shock, colour: red}\n",
            "line 2: stack entry colour: Extra inputs are not permitted",
        ),
        ("stack:\n  - {card: Shock, x: -1}\n", "line 2: stack entry x:"),
        ("stack:\n  - Shock\n", "line 2: a stack entry is a mapping"),
        (
            "stack:\n  - {card: Shock, id: x}\n  - {card: Shock, id: x}\n",
            "line 3: handle 'x' is already used",
        ),
        (
            "battlefield: [Shock]\nstack:\n  - {card: Shock}\n",
            "line 3: the handle 'Shock' is already defined on line 1",
        ),
    ],
)
def test_bad_stack_entries_name_their_line(text: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message.replace("(", r"\(")):
        load_board(text)


def test_cr_707_10_fork_copies_emerald_charm_red_with_its_mode() -> None:
    result = answer((BOARDS / "stack_fork_emerald_charm.yaml").read_text(encoding="utf-8")).result
    dumped = result.model_dump(mode="json")
    assert dumped["copiable"]["name"] == dumped["current"]["name"] == "Emerald Charm"
    assert dumped["copiable"]["colors"] == dumped["current"]["colors"] == ["R"]
    assert dumped["choices"]["modes"] == ["Untap target permanent."]
    assert dumped["choices"]["targets"] == ["plains"]
    assert (dumped["cast"], dumped["owner"], dumped["controller"]) == (False, "you", "you")
    assert any("707.10c" in step["rules"] for step in dumped["steps"])


def test_cr_707_10_a_copy_of_dawnglow_infusion_gains_no_life() -> None:
    result = answer((BOARDS / "stack_dawnglow_infusion.yaml").read_text(encoding="utf-8")).result
    dumped = result.model_dump(mode="json")
    assert dumped["choices"]["x"] == 5
    assert dumped["current"]["mana_value"] == 6
    assert [(o["question"], o["on_original"], o["on_copy"]) for o in dumped["outcomes"]] == [
        ("if {G} was spent to cast Dawnglow Infusion", True, False),
        ("if {W} was spent to cast it", True, False),
    ]
    assert any(item["item"].startswith("mana spent to cast it") for item in dumped["not_copied"])


_UNKNOWN_BEARS = (
    "battlefield:\n  - {card: Essence of the Wild, id: essence}\n"
    "  - {card: Overwhelming Splendor, id: splendor, attached_to: essence}\n"
    "actions:\n  - enters: {card: Grizzly Bears, id: bears}\n"
)


def test_a_permanent_of_unknown_types_no_stack_entry_names_doesnt_stop_the_answer() -> None:
    # Whether the Bears entered as a copy of Essence of the Wild isn't known, so neither are their types.
    result = answer(
        _UNKNOWN_BEARS + "stack:\n  - {card: Shock, id: shock, targets: [player:opponent]}\n"
        "  - {copy_of: shock, via: Twincast, id: cp}\nquery: cp\n"
    ).result
    assert result.choices.targets == ("player:opponent",)


def test_a_permanent_of_unknown_types_a_stack_entry_targets_refuses_the_question() -> None:
    with pytest.raises(BoardError, match="bears's name or card types are unknown"):
        answer(
            _UNKNOWN_BEARS + "stack:\n  - {card: Shock, id: shock, targets: [bears]}\n"
            "  - {copy_of: shock, via: Twincast, id: cp}\nquery: cp\n"
        )


def test_a_permanent_spells_loyalty_abilities_are_no_choice_made_on_resolution() -> None:
    # Ob Nixilis's "+1: Each opponent loses 2 life unless they discard a card" is a loyalty ability of the
    # permanent, not something the spell does as it resolves (CR 608.3).
    result = answer(
        'stack:\n  - {card: "Ob Nixilis, the Adversary", id: ob}\n'
        '  - {copy_of: ob, via: "Ob Nixilis, the Adversary", id: cp}\nquery: cp\n'
    ).result
    assert result.resolves_as == "token"
    assert not any(i.item.startswith("choice made on resolution") for i in result.not_copied)


@pytest.mark.parametrize(("x", "loyalty"), [(" x: 2,", 2), ("", "unknown")])
def test_ob_nixilis_casualty_copy_isnt_legendary_and_has_starting_loyalty_x(x: str, loyalty: object) -> None:
    result = answer(
        f'stack:\n  - {{card: "Ob Nixilis, the Adversary", id: ob,{x} paid: {{sacrificed: [{{card: Grizzly '
        'Bears, power: 2}]}}\n  - {copy_of: ob, via: "Ob Nixilis, the Adversary", id: cp}\nquery: cp\n'
    ).result
    assert (result.current.supertypes, result.current.loyalty) == ((), loyalty)
    [step] = [s for s in result.steps if "exceptions to what is copied" in s.text]
    assert {"702.153a", "707.9b"} <= set(step.rules)
    assert ("the board doesn't give (x: N says)" in step.text) is (loyalty == "unknown")


def test_a_copy_of_fireball_with_x_not_given_has_an_unknown_x_and_mana_value() -> None:
    result = answer(
        "stack:\n  - {card: Fireball, id: fb, targets: [player:opponent]}\n"
        "  - {copy_of: fb, via: Twincast, id: cp}\nquery: cp\n"
    ).result
    assert (result.current.mana_value, result.copiable.mana_value, result.choices.x) == (
        "unknown",
        "unknown",
        None,
    )
    [item] = [i for i in result.copied if i.item == "X"]
    assert item.value is None
    [step] = [s for s in result.steps if s.text.startswith("The board doesn't say what X is")]
    assert {"707.10", "202.3e"} <= set(step.rules)
    given = answer(
        "stack:\n  - {card: Fireball, id: fb, x: 3, targets: [player:opponent]}\n"
        "  - {copy_of: fb, via: Twincast, id: cp}\nquery: cp\n"
    ).result
    assert given.current.mana_value == 4  # {X}{R} with X = 3 (CR 202.3e)


def test_a_copy_of_an_entwine_spell_whose_modes_arent_given_has_unknown_modes_and_entwine() -> None:
    result = answer(
        "stack:\n  - {card: Promise of Power, id: pp}\n"
        "  - {copy_of: pp, via: Reverberate, id: cp}\nquery: cp\n"
    ).result
    assert result.choices.entwined is None
    copied = {i.item: i.value for i in result.copied}
    assert (copied["modes"], copied["entwine cost paid"]) == (None, None)
    [step] = [s for s in result.steps if "doesn't say which mode(s)" in s.text]
    assert {"707.10", "700.2g", "702.42a"} <= set(step.rules)


def test_a_copy_of_an_entwine_spell_with_one_mode_given_wasnt_entwined() -> None:
    result = answer(
        "stack:\n  - {card: Promise of Power, id: pp, modes: [You draw five cards and you lose 5 life.]}\n"
        "  - {copy_of: pp, via: Reverberate, id: cp}\nquery: cp\n"
    ).result
    assert result.choices.entwined is False
    assert not any("doesn't say which mode" in s.text for s in result.steps)


def test_where_a_spell_was_cast_from_is_unknown_unless_the_board_says() -> None:
    # Review 5 slip: "the zone it was cast from (hand)" on boards that never said so (CR 707.10).
    result = answer(
        "stack:\n  - {card: Shock, id: shock, targets: [player:opponent]}\n"
        "  - {copy_of: shock, via: Twincast, id: cp}\nquery: cp\n"
    ).result
    assert "the zone it was cast from (not given: paid: {from: hand} says)" in [
        i.item for i in result.not_copied
    ]
    given = answer(
        "stack:\n  - {card: Shock, id: shock, targets: [player:opponent], paid: {from: graveyard}}\n"
        "  - {copy_of: shock, via: Twincast, id: cp}\nquery: cp\n"
    ).result
    assert any(
        i.item.startswith("the zone it was cast from (") and "not given" not in i.item
        for i in given.not_copied
    )


def test_a_casualty_x_is_no_part_of_the_copys_mana_value() -> None:
    # Review 6, board 58: "X is 2 …, so its mana value on the stack is 3" for a mana cost without {X}.
    result = answer(
        'stack:\n  - {card: "Ob Nixilis, the Adversary", id: ob, x: 2}\n'
        '  - {copy_of: ob, via: "Ob Nixilis, the Adversary", id: cp}\nquery: cp\n'
    ).result
    assert "X is 2 for the copy too." in [s.text for s in result.steps]
    assert not any("mana value on the stack" in s.text for s in result.steps)


def test_casualty_paid_with_too_small_a_creature_is_refused() -> None:
    # Review 6, board 57: casualty X = 3 "paid" with a power-2 Grizzly Bears (CR 702.153a).
    with pytest.raises(StackError, match=r"casualty X needs a sacrificed creature with power 3 or greater"):
        answer(
            'stack:\n  - {card: "Ob Nixilis, the Adversary", id: ob, x: 3, paid: {sacrificed: '
            "[{card: Grizzly Bears, power: 2}]}}\n"
            '  - {copy_of: ob, via: "Ob Nixilis, the Adversary", id: cp}\nquery: cp\n'
        )
