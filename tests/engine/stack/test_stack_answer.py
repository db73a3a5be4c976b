"""The board answer for a copy on the stack, over a board built by the copy engine (CR 707.10)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.answers.stack_answer import (
    StackCopyAnswer,
    answer_stack,
    copies_on_the_stack,
    stack_copy_question,
)
from engine.core.model import Card
from engine.state.board import BoardSpec
from engine.state.stack_spec import StackEntrySpec, stack_card_names
from tests.card_data import parsed_card
from tests.locations import BOARDS

BOARDS = BOARDS


def answer(name: str, **board_changes: Any) -> StackCopyAnswer:
    doc = yaml.safe_load((BOARDS / f"stack_{name}.yaml").read_text(encoding="utf-8"))
    doc.update(board_changes)
    entries = tuple(StackEntrySpec.model_validate(e) for e in doc.pop("stack"))
    query = doc.pop("query", None)
    spec = load_board(yaml.safe_dump(doc))
    names = {*spec.card_names(), *stack_card_names(entries)}
    cards: dict[str, Card] = {n: parsed_card(n) for n in names}
    return answer_stack(entries, board_from_spec(spec, cards), cards, query)


def test_answer_has_the_board_shape_and_the_stack_fields() -> None:
    result = answer("fireball_boseiju")
    dumped = result.model_dump(mode="json")
    assert set(dumped) >= {
        "id",
        "copiable",
        "current",
        "steps",
        "notes",
        "choices",
        "cast",
        "owner",
        "controller",
    }
    assert set(dumped["choices"]) >= {"modes", "targets", "x", "kicked", "paid"}
    assert dumped["copiable"]["name"] == "Fireball"
    assert dumped["copiable"]["mana_cost"] == "{X}{R}"
    assert dumped["current"]["status"] == {
        "tapped": False,
        "flipped": False,
        "face_down": None,
        "transformed": False,
        "phased_out": False,
    }
    assert dumped["choices"]["x"] == 6
    assert dumped["cast"] is False
    assert (dumped["owner"], dumped["controller"]) == ("you", "you")
    assert dumped["not_copied"][1] == {
        "item": "mana source Boseiju, Who Shelters All: If that mana is spent on an instant or sorcery "
        "spell, that spell can't be countered.",
        "rules": ["106.6", "601.2h"],
    }


def test_targets_use_the_boards_current_characteristics() -> None:
    # an animated Mirari is still an artifact: Naturalize's copy may target it
    battlefield = [
        {"card": "Glorious Anthem", "id": "anthem"},
        {
            "card": "Mirari",
            "id": "mirari",
            "controller": "opponent",
            "effects": [{"set_types": ["Creature"]}],
        },
    ]
    with pytest.raises(ValueError, match="Mirari isn't a legal new target"):
        answer("naturalize", battlefield=battlefield)
    assert answer("naturalize").choices.targets == ("mirari",)


def test_ability_copy_names_its_source_from_the_board() -> None:
    result = answer("strionic_resonator")
    assert (result.kind, result.source, result.owner) == ("ability", "priest", None)
    assert result.copiable.abilities[0].startswith("When Banisher Priest enters")


def question_answer(copier: str, original: str) -> StackCopyAnswer:
    """The default "COPIER copies ORIGINAL" question answered over its board."""
    question = stack_copy_question(parsed_card(copier), parsed_card(original))
    spec = BoardSpec(objects=question.objects, query=question.query)
    names = {*spec.card_names(), *stack_card_names(question.stack)}
    cards = {name: parsed_card(name) for name in names}
    return answer_stack(question.stack, board_from_spec(spec, cards), cards, question.query)


def test_default_question_copies_an_opponents_spell() -> None:
    result = question_answer("Twincast", "Lightning Bolt")
    assert (result.id, result.copy_of, result.controller, result.cast) == (
        "Twincast's copy",
        "Lightning Bolt",
        "you",
        False,
    )
    assert result.choices.targets == ("player:you",)
    assert "the original's owner and controller (opponent)" in [n.item for n in result.not_copied]


def test_default_question_gives_permanent_targets_a_default_permanent() -> None:
    result = question_answer("Reverberate", "Naturalize")
    assert result.choices.targets == ("Ornithopter (target 1)",)


def test_default_question_for_ability_and_cast_copies() -> None:
    trigger = question_answer("Strionic Resonator", "Banisher Priest")
    assert (trigger.kind, trigger.source, trigger.choices.targets) == (
        "ability",
        "Banisher Priest",
        ("Grizzly Bears (target 1)",),
    )
    cast = question_answer("Isochron Scepter", "Lightning Bolt")
    assert (cast.cast, cast.choices.targets, cast.choices.paid.cast_from) == (
        True,
        ("player:opponent",),
        "exile",
    )


def test_only_what_a_copier_can_copy_on_the_stack_gets_a_stack_question() -> None:
    assert copies_on_the_stack(parsed_card("Twincast"), parsed_card("Lightning Bolt"))
    assert copies_on_the_stack(parsed_card("Isochron Scepter"), parsed_card("Lightning Bolt"))
    assert copies_on_the_stack(parsed_card("Strionic Resonator"), parsed_card("Banisher Priest"))
    assert not copies_on_the_stack(parsed_card("Fork"), parsed_card("Tarmogoyf"))
    assert not copies_on_the_stack(parsed_card("Strionic Resonator"), parsed_card("Grizzly Bears"))
    assert not copies_on_the_stack(parsed_card("Clone"), parsed_card("Grizzly Bears"))


def test_a_copier_with_several_copy_abilities_uses_the_one_that_fits() -> None:
    spell = question_answer("Lithoform Engine", "Lightning Bolt")
    assert (spell.kind, spell.controller, spell.choices.targets) == ("spell", "you", ("player:opponent",))
    creature = question_answer("Lithoform Engine", "Grizzly Bears")
    assert (creature.kind, creature.resolves_as) == ("spell", "token")
