"""Board-format extensions for CR examples: pump_if_color, pt_equal_to, ends, create_token, exiled_with."""

from __future__ import annotations

import pytest

from data.boards import BoardFormatError, load_board
from engine.answers.copy_result import answer_board
from engine.core.model import AbilityKind
from engine.state.board import ActionKind, BoardError
from engine.state.tokens import TokenSpec, token_card
from tests.engine.copy_cards import cards_for


def test_create_token_without_a_name_is_named_after_its_subtypes() -> None:
    spec = load_board("actions:\n  - create_token: {power: 2, toughness: 1, subtypes: [Dwarf, Berserker]}\n")
    action = spec.actions[0]
    assert action.kind is ActionKind.CREATE_TOKEN
    assert action.new_id == "Dwarf Berserker Token"
    assert action.token is not None
    assert action.token.types == ("Creature",)


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (
            "battlefield:\n  - {card: Grizzly Bears, effects: [{pump_if_color: [1, 1]}]}\n",
            "pump_if_color needs a mapping",
        ),
        (
            "battlefield:\n  - card: Grizzly Bears\n"
            "    effects: [{pump_if_color: {colors: [pink], pump: [1, 1]}}]\n",
            "unknown color 'pink'",
        ),
        ("battlefield: [Grizzly Bears]\nactions:\n  - ends: {object: Grizzly Bears}\n", "ends needs effect"),
        (
            "battlefield: [Mimic Vat, Grizzly Bears]\nactions:\n"
            "  - create_token_copy: {of: Grizzly Bears, exiled_with: Mimic Vat}\n",
            "exiled_with is for create_token_copy",
        ),
        ("actions:\n  - create_token: {power: 1, wings: 2}\n", "unknown key 'wings' in create_token"),
        (
            "battlefield:\n  - card: Forest\n    effects: [{animate: {pt_equal_to: lands you control}}]\n",
            "pt_equal_to must be one of",
        ),
        ("actions:\n  - create_token: {power: -1}\n", "power must be a whole number"),
    ],
)
def test_bad_extensions_name_the_problem_and_line(board: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message) as error:
        load_board(board)
    assert error.value.line is not None


def test_ending_an_effect_it_does_not_have_is_an_error() -> None:
    spec = load_board(
        "battlefield:\n  - {card: Grizzly Bears, id: bears, effects: [{pump: [1, 1]}]}\n"
        "actions:\n  - ends: {object: bears, effect: 2}\n"
    )
    with pytest.raises(BoardError, match="no effect 2 to end"):
        answer_board(spec, cards_for(spec), "test")


def test_token_abilities_are_keywords_unless_they_are_sentences() -> None:
    spec = TokenSpec(
        abilities=(
            "First strike",
            "Ward {1}",
            "Enchant creature",
            "{T}: Add {C}.",
            "{2}, Sacrifice this artifact: Draw a card.",
            "When this Aura is put into a graveyard from the battlefield, each opponent loses 1 life.",
            "Enchanted creature gets +1/+1.",
        )
    )
    abilities = token_card(spec).front.abilities
    assert [(a.kind, a.keyword, a.keyword_parameter) for a in abilities] == [
        (AbilityKind.KEYWORD, "First strike", None),
        (AbilityKind.KEYWORD, "Ward", "{1}"),
        (AbilityKind.KEYWORD, "Enchant", "creature"),
        (AbilityKind.MANA, None, None),
        (AbilityKind.ACTIVATED, None, None),
        (AbilityKind.TRIGGERED, None, None),
        (AbilityKind.STATIC, None, None),
    ]
    # Classified like Oracle text: "this artifact"/"this Aura" become the self marker in the reasoning form.
    assert (abilities[4].text, abilities[4].cost) == (
        "{2}, Sacrifice this artifact: Draw a card.",
        "{2}, Sacrifice ~",
    )
    assert abilities[5].trigger == "When ~ is put into a graveyard from the battlefield"
