"""Each action of a board file is read into the model of its kind (``engine.state.actions``), which refuses
the keys of other kinds and says what its kind needs, in the reader's words and on the action's line."""

from __future__ import annotations

import pytest

from data.boards import BoardFormatError, load_board
from engine.state.actions import (
    AttachAction,
    BecomesCopyAction,
    ChangeTextAction,
    CleanupAction,
    CreateTokenAction,
    CreateTokenCopyAction,
    DayNightAction,
    EndsAction,
    EntersAction,
    ExchangeTextAction,
    FlipAction,
    LeavesAction,
    NextEntersAsCopyAction,
    PutOntoBattlefieldAction,
    ResolvesAction,
    ReturnsAction,
    TransformAction,
    TurnFaceDownAction,
    TurnFaceUpAction,
)
from engine.state.board import ActionKind, BoardSpec

BOARD = """\
battlefield:
  - {card: Grizzly Bears, id: bear}
  - {card: Serra Angel, id: angel}
  - {card: Mimic Vat, id: vat}
actions:
"""


@pytest.mark.parametrize(
    ("action", "model"),
    [
        ("enters: {card: Clone, id: clone}", EntersAction),
        ("resolves: {card: Clone, id: clone}", ResolvesAction),
        ("becomes_copy: {object: bear, of: angel, via: Cytoshape}", BecomesCopyAction),
        ("create_token_copy: {of: angel, via: Mimic Vat, id: copy}", CreateTokenCopyAction),
        ("create_token: {predefined: Treasure}", CreateTokenAction),
        ("ends: {object: bear, copy_effect: 1}", EndsAction),
        ("cleanup: {}", CleanupAction),
        ("turn_face_up: {object: bear}", TurnFaceUpAction),
        ("turn_face_down: {object: bear}", TurnFaceDownAction),
        ("transform: {object: bear}", TransformAction),
        ("next_enters_as_copy: {of: angel, via: Mystic Reflection}", NextEntersAsCopyAction),
        ("day_night: night", DayNightAction),
        ("put_onto_battlefield: {object: bear, transformed: true}", PutOntoBattlefieldAction),
        ("flip: {object: bear}", FlipAction),
        ("leaves: {object: bear, to: graveyard}", LeavesAction),
        ("returns: {cards_of: bear}", ReturnsAction),
        ("attach: {object: vat, to: bear}", AttachAction),
        ("change_text: {object: bear, from: green, to: blue}", ChangeTextAction),
        ("exchange_text: {objects: [bear, angel]}", ExchangeTextAction),
    ],
)  # fmt: skip
def test_each_action_is_read_into_the_model_of_its_kind(action: str, model: type[object]) -> None:
    (read,) = load_board(BOARD + f"  - {action}\n").actions
    assert type(read) is model
    assert (read.kind, read.line) == (ActionKind(action.split(":")[0]), 6)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("turn_face_up: {object: bear, controller: opponent}", "unknown key 'controller' in turn_face_up"),
        ("becomes_copy: {object: bear, of: angel, id: copy}", "unknown key 'id' in becomes_copy"),
        ("transform: {object: bear, of: angel}", "unknown key 'of' in transform"),
        ("transform: {via: Moonmist}", "transform needs object: HANDLE"),
        ("create_token_copy: {via: Mimic Vat}", r"create_token_copy needs of: HANDLE \(or exiled_with"),
        ("create_token_copy: {of: angel, exiled_with: vat}", "exiled_with is for create_token_copy, instead"),
        ("turn_face_down: {object: bear, random: heads}", "random .* is for becomes_copy and create_token"),
        ("ends: {object: bear, effect: 1, text_change: 1}", "ends needs effect: N"),
    ],
)  # fmt: skip
def test_a_key_the_kind_doesnt_take_or_needs_is_named_on_its_line(action: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=rf"^line 6: {message}"):
        load_board(BOARD + f"  - {action}\n")


def test_a_spec_written_as_data_reads_back_as_the_same_spec() -> None:
    spec = load_board(
        BOARD + "  - becomes_copy: {object: bear, of: angel, via: Cytoshape, random: heads}\n"
        "  - create_token_copy: {exiled_with: vat, via: vat, controller: opponent}\n"
        "  - ends: {object: bear, copy_effect: 1}\n  - leaves: {object: bear, to: exile}\n"
    )
    data = spec.model_dump(mode="json")
    token = data["actions"][1]
    assert "via_object" not in token
    assert "controller_given" not in token
    again = BoardSpec.model_validate(data)
    assert again.actions[0] == spec.actions[0]
    assert [type(a) for a in again.actions] == [type(a) for a in spec.actions]
    assert again.model_dump(mode="json") == data
