"""``via`` values that are handles on the board (data.board_handles), review 7: boards 06, 38, 45, 46.

A value equal to a handle names that object, never a card (docs/board-format.md): the handle of a copy
(``via: steel`` for a Sculpting Steel copying Mimic Vat) was fuzzy-matched as a card name. A permanent
becoming a copy by its own ability (``becomes_copy: {object: vd, via: vd}``) uses the ability it has now,
as with no ``via`` (CR 707.9a). A spell on the stack making permanents become copies may target what
they copy, not the permanents it changes (Mirrorweave: "Each other creature becomes a copy of target
nonlegendary creature", CR 115.1).
"""

from __future__ import annotations

import pytest

from data.boards import BoardFormatError, load_board
from engine.answers.copy_result import answer_board
from engine.copy.effects import CopyError
from engine.state.actions import BecomesCopyAction, CreateTokenCopyAction
from tests.engine.copy_cards import cards_for

STEEL = (
    "battlefield:\n  - {card: Mimic Vat, id: vat}\n  - {card: Sculpting Steel, id: steel, copy_of: vat}\n"
    "actions:\n  - create_token_copy: {exiled_with: steel, via: %s, id: tok}\n"
)
VESUVAN = (
    "battlefield:\n  - {card: Grizzly Bears, id: bears}\n  - {card: Serra Angel, id: angel}\n"
    "  - {card: Vesuvan Doppelganger, id: vd, copy_of: bears}\n"
    "actions:\n  - becomes_copy: {object: vd, of: angel, via: %s}\n"
)
WEAVE = (
    "battlefield:\n  - {card: Grizzly Bears, id: bears}\n  - {card: Serra Angel, id: angel}\n"
    "  - {card: Llanowar Elves, id: elf}\n"
    "stack:\n  - {card: Mirrorweave, id: weave, targets: [%s]}\n"
    "actions:\n  - becomes_copy: {object: angel, of: bears, via: weave}\n"
)


@pytest.mark.parametrize("via", ["steel", "{id: steel}"])
def test_the_handle_of_a_copy_is_never_read_as_a_card_name(via: str) -> None:
    with pytest.raises(
        BoardFormatError,
        match=r"^line 5: via names 'steel', an object whose text isn't its card's .* a value that is a "
        r"handle on the board names that object, never a card",
    ):
        load_board(STEEL % via)


def test_via_a_card_name_still_reads_the_card() -> None:
    [action] = load_board(STEEL % "Mimic Vat").actions
    assert isinstance(action, CreateTokenCopyAction)
    assert (action.via, action.via_object) == ("Mimic Vat", None)


@pytest.mark.parametrize("via", ["vd", "{id: vd}"])
def test_a_permanent_becoming_a_copy_via_its_own_handle_uses_its_own_ability(via: str) -> None:
    [action] = load_board(VESUVAN % via).actions
    assert isinstance(action, BecomesCopyAction)
    assert (action.target, action.of, action.via, action.via_object) == ("vd", "angel", None, None)


def test_the_handle_of_a_copy_naming_another_objects_ability_is_refused() -> None:
    board = VESUVAN.replace("object: vd", "object: bears") % "vd"
    with pytest.raises(BoardFormatError, match=r"^line 6: via names 'vd', an object whose text isn't"):
        load_board(board)


def test_board_06_mirrorweave_targets_what_is_copied_not_the_creatures_it_changes() -> None:
    [action] = load_board(WEAVE % "bears").actions
    assert isinstance(action, BecomesCopyAction)
    assert (action.via, action.via_stack) == ("Mirrorweave", "weave")


def test_a_spell_targeting_neither_the_permanent_nor_what_it_copies_is_refused() -> None:
    with pytest.raises(
        BoardFormatError,
        match=r"^line 8: 'weave' on the stack targets elf: neither 'angel', which becomes a copy, nor "
        r"'bears', which it copies",
    ):
        load_board(WEAVE % "elf")


def test_cytoshape_targeting_what_is_copied_instead_of_the_creature_it_changes_is_refused() -> None:
    # "Target creature becomes a copy of that [chosen] creature": the creature changed is its target. The
    # board reader has no card text, so the engine refuses it, reading the entry's text (CR 601.2c).
    board = (
        "battlefield:\n  - {card: Grizzly Bears, id: bear}\n  - {card: Serra Angel, id: angel}\n"
        "stack:\n  - {card: Cytoshape, id: cyto, targets: [angel]}\n"
        "actions:\n  - becomes_copy: {object: bear, of: angel, via: cyto}\n"
    )
    spec = load_board(board)
    with pytest.raises(
        CopyError, match="cyto on the stack targets angel, but its text makes bear its target"
    ):
        answer_board(spec, cards_for(spec), "test")
