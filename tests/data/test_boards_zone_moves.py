"""``leaves`` and ``returns`` actions in board files: what they load to, and line-numbered errors."""

from __future__ import annotations

import pytest

from data.boards import BoardFormatError, load_board
from engine.state.actions import LeavesAction, ReturnsAction
from engine.state.board import ActionKind, Player, Zone

BOARD = """\
battlefield:
  - {card: Chittering Host, id: host}
  - {card: Duplicant, id: dup}
  - {card: Leyline of the Void, id: leyline, controller: opponent}
actions:
"""


def test_leaves_loads_every_key() -> None:
    spec = load_board(
        BOARD + "  - leaves: {object: host, to: exile, by: dup, replacement: leyline, last: Graf Rats,"
        " ids: {Graf Rats: rats}}\nquery: rats\n"
    )
    (action,) = spec.actions
    assert isinstance(action, LeavesAction)
    assert (action.kind, action.target, action.line) == (ActionKind.LEAVES, "host", 6)
    assert action.move is not None
    assert (action.move.to, action.move.by, action.move.replacement) == (Zone.EXILE, "dup", "leyline")
    assert (action.move.last, action.move.ids) == ("Graf Rats", (("Graf Rats", "rats"),))
    assert spec.query == "rats"


def test_returns_defaults_to_the_battlefield_under_the_owner() -> None:
    spec = load_board(
        BOARD + "  - leaves: {object: host, to: graveyard}\n  - returns: {cards_of: host}\n"
        '  - returns: {cards_of: host, to: exile, counters: {"+1/+1": 1}, controller: opponent}\n'
    )
    assert isinstance(spec.actions[1], ReturnsAction)
    assert isinstance(spec.actions[2], ReturnsAction)
    plain, full = spec.actions[1].move, spec.actions[2].move
    assert plain is not None
    assert full is not None
    assert (plain.to, plain.controller, plain.counters) == (Zone.BATTLEFIELD, None, ())
    assert (full.to, full.controller, full.counters) == (Zone.EXILE, Player.OPPONENT, (("+1/+1", 1),))
    assert spec.actions[1].target == "host"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("leaves: {object: host}", "leaves needs object: HANDLE and to: ZONE"),
        ("leaves: {to: exile}", "leaves needs object"),
        ("leaves: {object: host, to: battlefield}", "to must be one of graveyard, exile, hand, library"),
        ("leaves: {object: host, to: stack}", "to must be one of"),
        ("leaves: {object: ghost, to: exile}", "object refers to 'ghost', which is not defined"),
        ("leaves: {object: host, to: exile, by: nobody}", "by refers to 'nobody'"),
        ("leaves: {object: host, to: graveyard, replacement: rip}", "replacement refers to 'rip'"),
        ("leaves: {object: host, to: exile, ids: [rats]}", "ids must be a mapping"),
        ("leaves: {object: host, to: exile, ids: {Graf Rats: dup}}", "the handle 'dup' is already defined"),
        ("leaves: {object: host, to: exile, counters: 1}", "unknown key 'counters' in leaves"),
        ("returns: {to: battlefield}", "returns needs cards_of: HANDLE"),
        ("returns: {cards_of: host, last: Graf Rats}", "unknown key 'last' in returns"),
        ("returns: {cards_of: host, controller: me}", "controller must be one of you, opponent"),
        ("returns: {cards_of: host, counters: {'+1/+1': -1}}", "counter count must be a whole number"),
        ("returns: {cards_of: host, to: sideboard}", "to must be one of battlefield, graveyard"),
    ],
)
def test_bad_zone_moves_name_the_line(action: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message) as error:
        load_board(BOARD + f"  - {action}\n")
    assert error.value.line == 6
