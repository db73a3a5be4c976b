"""Double-faced, flip and meld rules outside board scenarios: name choices (CR 710.5, 712.19), the face of a
spell on the stack (712.8b, 712.8c, 712.8f, 712.11, 712.11a, 712.11b), and the board events of
``engine.actions.resolving`` (day/night, pending copy replacements, replay).
"""

from __future__ import annotations

import pytest

from data.boards import BoardFormatError, load_board
from engine.actions.events import board_from_spec, replay
from engine.actions.faces import choosable_names
from engine.copy.effects import CopyError
from engine.stack.faces import spell_face_explanation
from engine.stack.items import StackSpell, characteristics_of
from engine.state.board import BoardError, DayNight
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for


@pytest.mark.parametrize(
    ("name", "names", "rule"),
    [
        ("Akki Lavarunner", ("Akki Lavarunner", "Tok-Tok, Volcano Born"), "710.5"),
        ("Delver of Secrets", ("Delver of Secrets", "Insectile Aberration"), "712.19"),
        ("Blackbloom Rogue", ("Blackbloom Rogue", "Blackbloom Bog"), "712.19"),
        ("Graf Rats", ("Graf Rats", "Chittering Host"), "712.19"),
        ("Chittering Host", ("Chittering Host",), "712.19"),
    ],
)
def test_a_player_may_choose_either_name_but_not_both(name: str, names: tuple[str, ...], rule: str) -> None:
    card = parsed_card(name)
    choice = choosable_names(card)
    assert choice.names == names
    assert card.name not in choice.names or len(card.faces) == 1  # never "Delver of Secrets // Insectile …"
    assert choice.explanation is not None
    assert rule in choice.explanation.rules


def test_a_card_with_one_face_has_only_its_name() -> None:
    choice = choosable_names(parsed_card("Grizzly Bears"))
    assert choice.names == ("Grizzly Bears",)
    assert choice.explanation is None


def test_a_meld_card_on_the_stack_has_only_its_front_face() -> None:
    spell = StackSpell(handle="rats", card=parsed_card("Graf Rats"), back_face_up=True)
    assert characteristics_of(spell).name == "Graf Rats"
    explanation = spell_face_explanation(spell)
    assert explanation is not None
    assert explanation.rules == ("712.8b",)


def test_a_transforming_spell_is_cast_front_face_up_by_default() -> None:
    spell = StackSpell(handle="delver", card=parsed_card("Delver of Secrets"))
    values = characteristics_of(spell)
    assert (values.name, values.power, values.toughness) == ("Delver of Secrets", "1", "1")
    explanation = spell_face_explanation(spell)
    assert explanation is not None
    assert explanation.rules == ("712.11", "712.8c")


def test_a_spell_cast_transformed_has_its_back_face_up_and_its_front_face_mana_value() -> None:
    spell = StackSpell(handle="delver", card=parsed_card("Delver of Secrets"), back_face_up=True)
    values = characteristics_of(spell)
    assert (values.name, values.mana_cost, values.mana_value) == ("Insectile Aberration", "", 1)
    explanation = spell_face_explanation(spell)
    assert explanation is not None
    assert explanation.rules == ("712.11a", "712.8c")


def test_a_modal_spell_has_the_face_its_caster_chose() -> None:
    spell = StackSpell(handle="bog", card=parsed_card("Blackbloom Rogue"), back_face_up=True)
    assert characteristics_of(spell).types == ("Land",)
    explanation = spell_face_explanation(spell)
    assert explanation is not None
    assert explanation.rules == ("712.11b", "712.8f")


def test_a_single_faced_spell_needs_no_face_explanation() -> None:
    assert spell_face_explanation(StackSpell(handle="bears", card=parsed_card("Grizzly Bears"))) is None


NIGHT_BOARD = """\
day_night: night
battlefield:
  - card: Bird Admirer
    id: admirer
  - card: Clone
    id: clone
    copy_of: admirer
actions:
  - next_enters_as_copy: {of: clone, via: Mystic Reflection}
  - resolves: {card: Grizzly Bears, id: bears}
  - resolves: {card: Grizzly Bears, id: second}
"""


def test_the_pending_copy_applies_once_and_the_board_replays() -> None:
    spec = load_board(NIGHT_BOARD)
    cards = cards_for(spec)
    board = board_from_spec(spec, cards)
    assert board.day_night is DayNight.NIGHT
    assert board.get("bears").copies[-1].of_id == "clone"
    assert not board.get("second").copies  # "the next time": used up by the first creature
    assert board.pending_copies == ()
    again = replay(board.events, cards)
    assert again.objects == board.objects
    assert again.day_night is DayNight.NIGHT


def test_the_pending_copy_needs_a_card_with_that_effect() -> None:
    spec = load_board(NIGHT_BOARD.replace("via: Mystic Reflection", "via: Clone"))
    with pytest.raises(CopyError, match="enter as copies of"):
        board_from_spec(spec, cards_for(spec))


def test_the_pending_copy_checks_its_target() -> None:
    board = """\
battlefield:
  - card: Isamaru, Hound of Konda
    id: isamaru
actions:
  - next_enters_as_copy: {of: isamaru, via: Mystic Reflection}
"""
    spec = load_board(board)
    with pytest.raises(CopyError, match="legendary"):
        board_from_spec(spec, cards_for(spec))


def test_a_sorcery_spell_does_not_resolve_onto_the_battlefield() -> None:
    spec = load_board("actions:\n  - resolves: {card: Invasion of Kylem, id: kylem, transformed: true}\n")
    with pytest.raises(BoardError, match="Valor's Reach Tag Team is an instant or sorcery spell"):
        board_from_spec(spec, cards_for(spec))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("day_night: dusk\nbattlefield: [Grizzly Bears]\n", "day_night must be one of day, night"),
        ("battlefield: [Grizzly Bears]\nactions:\n  - day_night: noon\n", "day_night must be one of"),
        (
            "battlefield: [Grizzly Bears]\nactions:\n  - next_enters_as_copy: {of: Grizzly Bears}\n",
            "next_enters_as_copy takes of, via",
        ),
        (
            "graveyard: [Grizzly Bears]\nactions:\n  - put_onto_battlefield: {object: Grizzly Bears, x: 1}\n",
            "put_onto_battlefield takes object, transformed",
        ),
        ("battlefield: [Grizzly Bears]\nactions:\n  - flip: {object: nobody}\n", "not defined earlier"),
    ],
)
def test_board_format_errors_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message):
        load_board(text)
