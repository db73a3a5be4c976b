"""Handles on a board (issue 21 §6): ``via``/``made_by`` naming the spell or ability by its handle, which
effect made a token and whose it is (CR 111.2, 113.8), a token that left the battlefield answered by its
last known information (CR 111.7, 111.8, 608.2h), and handles that name nothing refused with their line."""

from __future__ import annotations

import pytest

from data.board_format import BoardFormatError
from data.boards import load_board
from engine.answers.copy_result import BoardAnswer, answer_board
from engine.state.board import BoardError
from tests.engine.copy_cards import cards_for


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test")


def _reasoning(answer: BoardAnswer) -> str:
    return " ".join(str(e.text) for e in (*answer.result.steps, *answer.result.notes))


def _controller(answer: BoardAnswer, handle: str) -> str:
    return next(o.controller for o in answer.objects if o.id == handle)


def test_via_a_board_handle_is_that_objects_ability_and_its_controller_creates_the_token() -> None:
    answer = _answer(
        "battlefield:\n"
        "  - {card: Mimic Vat, id: vat, controller: opponent}\n"
        "  - {card: Grizzly Bears, id: bears}\n"
        "actions:\n"
        "  - leaves: {object: bears, to: exile, by: vat}\n"
        "  - create_token_copy: {exiled_with: vat, via: vat, id: tok}\n"
        "query: tok\n"
    )
    assert answer.result.current.name == "Grizzly Bears"
    assert answer.result.current.token
    assert _controller(answer, "tok") == "opponent"  # the Vat's controller created it (CR 111.2)
    assert "It was created by vat" in _reasoning(answer)
    cited = {rule for step in answer.result.steps for rule in step.rules}
    assert {"111.2", "113.8"} <= cited


def test_a_controller_given_is_used_over_the_creators() -> None:
    answer = _answer(
        "battlefield:\n"
        "  - {card: Mimic Vat, id: vat, controller: opponent}\n"
        "  - {card: Grizzly Bears, id: bears}\n"
        "actions:\n"
        "  - leaves: {object: bears, to: exile, by: vat}\n"
        "  - create_token_copy: {exiled_with: vat, via: vat, id: tok, controller: you}\n"
    )
    assert _controller(answer, "tok") == "you"
    assert "the board says that player is you" in _reasoning(answer)


def test_becomes_copy_via_a_board_handle_names_the_object() -> None:
    answer = _answer(
        "battlefield:\n"
        "  - {card: Serra Angel, id: angel}\n"
        "  - {card: Shapesharer, id: sharer}\n"
        "  - {card: Grizzly Bears, id: bear}\n"
        "actions:\n"
        "  - becomes_copy: {object: bear, of: angel, via: sharer}\n"
        "query: bear\n"
    )
    assert answer.result.current.name == "Serra Angel"
    assert "an ability of sharer (Shapesharer)" in _reasoning(answer)


def test_made_by_a_stack_entry_gives_the_token_to_the_spells_controller() -> None:
    answer = _answer(
        "battlefield: [{card: Grizzly Bears, id: bears}]\n"
        "stack:\n"
        "  - {card: Raise the Alarm, id: alarm, controller: opponent}\n"
        "actions:\n"
        "  - create_token: {name: Soldier, types: [Creature], subtypes: [Soldier], colors: [white],"
        " power: 1, toughness: 1, id: soldier, made_by: alarm}\n"
        "query: soldier\n"
    )
    assert _controller(answer, "soldier") == "opponent"
    assert "It was created by alarm" in _reasoning(answer)


def test_made_by_a_card_name_says_no_controller_it_wasnt_given() -> None:
    answer = _answer(
        "actions:\n  - create_token: {predefined: Treasure, id: t, made_by: Goldspan Dragon}\nquery: t\n"
    )
    text = _reasoning(answer)
    assert "It was created by a spell or ability of Goldspan Dragon" in text
    assert "who controls that spell or ability" not in text


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (
            "battlefield: [{card: Grizzly Bears, id: bear}]\n"
            "actions:\n  - becomes_copy: {object: bear, of: bear, via: {id: ghost}}\n",
            "line 3: via refers to 'ghost', which is neither an object defined earlier",
        ),
        (
            "battlefield: [{card: Grizzly Bears, id: bear}]\n"
            "actions:\n  - becomes_copy: {object: bear, of: bear, via: {handle: bear}}\n",
            "line 3: via is a card name or",
        ),
        (
            "battlefield: [{card: Grizzly Bears, id: bear}, {card: Clone, id: clone, copy_of: bear}]\n"
            "actions:\n  - create_token: {predefined: Food, made_by: {id: clone}}\n",
            "line 3: made_by names 'clone', an object whose text isn't its card's",
        ),
    ],
)
def test_handles_that_name_nothing_usable_are_refused_with_their_line(board: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message):
        load_board(board)


def test_a_token_that_left_is_answered_by_its_last_known_information() -> None:
    answer = _answer(
        "battlefield: [{card: Glorious Anthem, id: anthem}]\n"
        "actions:\n"
        "  - create_token: {name: Soldier, types: [Creature], subtypes: [Soldier], colors: [white],"
        " power: 1, toughness: 1, id: soldier}\n"
        "  - leaves: {object: soldier, to: graveyard}\n"
        "query: soldier\n"
    )
    result = answer.result
    assert result.id == "soldier"
    assert result.zone == "graveyard"
    assert (result.current.power, result.current.toughness) == (2, 2)  # the anthem applied as it last existed
    assert result.current.token
    assert "soldier" not in {o.id for o in answer.objects}  # it no longer exists
    assert "this is its last known information" in _reasoning(answer)
    noted = {rule for note in result.notes for rule in note.rules}
    assert {"111.7", "111.8", "608.2h"} <= noted
    assert [move.object for move in answer.zone_moves] == ["soldier"]


def test_a_token_never_created_is_an_error_naming_the_query_line() -> None:
    text = (
        "graveyard: [{card: Lightning Bolt, id: bolt}]\n"
        "actions:\n"
        "  - create_token_copy: {of: bolt, id: bolt token}\n"
        "query: bolt token\n"
    )
    with pytest.raises(BoardError, match="line 4: the query names bolt token, which the create_token_copy"):
        _answer(text)


def test_a_query_of_a_handle_never_defined_is_an_error_naming_its_line() -> None:
    with pytest.raises(BoardFormatError, match="line 2: query refers to 'ghost'"):
        load_board("battlefield: [Grizzly Bears]\nquery: ghost\n")
