"""Mystic Reflection's waiting "enter as copies" replacement, for every way an object enters (CR 614.1c)."""

from __future__ import annotations

from data.boards import load_board
from engine.actions.events import board_from_spec, replay
from engine.answers.copy_result import answer_board
from engine.state.board import Board
from tests.engine.copy_cards import cards_for
from tests.known import current_values

_CHOSEN = "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
_WAITS = "  - next_enters_as_copy: {of: bears, via: Mystic Reflection}\n"


def _board(text: str) -> Board:
    spec = load_board(text)
    return board_from_spec(spec, cards_for(spec))


def _name(board: Board, handle: str) -> str | None:
    return current_values(board.get(handle), board).name


def test_enters_actions_meet_it_once_and_noncreatures_pass_it_by() -> None:
    board = _board(
        _CHOSEN
        + "actions:\n"
        + _WAITS
        + "  - enters: {card: Sol Ring, id: ring}\n"
        + "  - enters: {card: Llanowar Elves, id: elves}\n"
        + "  - enters: {card: Birds of Paradise, id: birds}\n"
    )
    names = {handle: _name(board, handle) for handle in ("ring", "elves", "birds")}
    assert names == {"ring": "Sol Ring", "elves": "Grizzly Bears", "birds": "Birds of Paradise"}
    assert board.pending_copies == ()
    assert [(used.of_id, used.action) for used in board.used_copies] == [("bears", 3)]


def test_objects_entering_together_share_it_and_the_board_replays() -> None:
    text = (
        _CHOSEN
        + "  - {card: Chittering Host, id: host, controller: opponent}\n"
        + "  - {card: False Demise, id: demise, attached_to: host}\n"
        + "actions:\n"
        + "  - leaves: {object: host, to: graveyard,\n"
        + "              ids: {Graf Rats: rats, Midnight Scavengers: scavengers}}\n"
        + _WAITS
        + "  - returns: {cards_of: host, to: battlefield, controller: you}\n"
        + "  - enters: {card: Llanowar Elves, id: elves}\n"
    )
    board = _board(text)
    assert [_name(board, h) for h in ("rats", "scavengers", "elves")] == [
        "Grizzly Bears",
        "Grizzly Bears",
        "Llanowar Elves",
    ]
    again = replay(board.events, cards_for(load_board(text)))
    assert again.objects == board.objects


def test_tokens_enter_as_copies_of_the_chosen_creature_instead() -> None:
    board = _board(
        _CHOSEN
        + "  - {card: Llanowar Elves, id: elves}\n"
        + "actions:\n"
        + _WAITS
        + "  - create_token: {id: treasure, types: [Artifact], subtypes: [Treasure]}\n"
        + "  - create_token_copy: {of: elves, via: Cackling Counterpart, id: tok}\n"
        + "  - create_token: {id: saproling, power: 1, toughness: 1,\n"
        + "                  types: [Creature], subtypes: [Saproling]}\n"
    )
    token = board.get("tok")
    assert token.token
    assert token.card is None
    assert [(c.of_id, c.via) for c in token.copies] == [("bears", "Mystic Reflection")]
    assert _name(board, "treasure") == "Treasure Token"
    assert _name(board, "saproling") == "Saproling Token"  # the effect was used up by the token copy
    assert board.pending_copies == ()


def test_standing_copy_effects_apply_only_to_what_they_name() -> None:
    board = _board(
        "battlefield:\n  - {card: Essence of the Wild, id: essence}\n"
        "  - {card: Serra Angel, id: angel, controller: opponent}\n"
        "  - {card: Infinite Reflection, id: reflection, attached_to: angel, controller: opponent}\n"
        "actions:\n"
        "  - enters: {card: Grizzly Bears, id: mine}\n"
        "  - enters: {card: Llanowar Elves, id: theirs, controller: opponent}\n"
        "  - create_token: {power: 1, toughness: 1, subtypes: [Saproling], id: their_sap,"
        " controller: opponent}\n"
        "  - create_token: {predefined: Treasure, id: treasure}\n"
    )
    assert _name(board, "mine") == "Essence of the Wild"
    assert _name(board, "theirs") == "Serra Angel"  # the opponent's Infinite Reflection, not your Essence
    assert _name(board, "their_sap") == "Saproling Token"  # Infinite Reflection: nontoken creatures only
    assert _name(board, "treasure") == "Treasure Token"  # not a creature


def test_a_standing_copy_source_whose_abilities_arent_known_leaves_the_entering_creature_unknown() -> None:
    # The engine doesn't read Overwhelming Splendor's "creatures enchanted player controls": whether Essence
    # of the Wild still has its ability isn't known, so neither is whether the Bears enter as a copy.
    spec = load_board(
        "battlefield:\n  - {card: Essence of the Wild, id: essence}\n"
        "  - {card: Overwhelming Splendor, id: splendor, attached_to: essence}\n"
        "actions:\n  - enters: {card: Grizzly Bears, id: bears}\nquery: bears\n"
    )
    result = answer_board(spec, cards_for(spec), "test").result
    assert (result.current.name, result.current.power) == ("unknown", "unknown")
    assert result.copiable.name == "unknown"  # a copy of it would copy the unknown (CR 707.2)
    [note] = [
        n for n in result.notes if n.text.startswith("Whether it enters as a copy of essence is unknown")
    ]
    assert "whether essence still has “Creatures you control enter the battlefield as a copy" in note.text
    assert "otherwise it enters as it would have" in note.text
    assert {"614.12", "614.1c"} <= set(note.rules)
