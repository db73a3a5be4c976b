"""CR 704.5y with a Role that may not be one: whether an older attachment is put into the graveyard is
unknown when whether it is a Role is, both outcomes named, and what the host is rests on it (issue 21)."""

from __future__ import annotations

from data.boards import load_board
from engine.actions.events import apply_event, board_from_spec, event_of
from engine.core.known import Unsure
from engine.core.messages import english
from engine.core.results import Unknown
from engine.layers.system import current_characteristics
from engine.state.actions import AttachAction
from engine.state.board import Zone
from tests.engine.copy_cards import cards_for

_TWO_ROLES = (
    "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
    "actions:\n"
    "  - create_token: {predefined: Monster Role, id: monster}\n"
    "  - attach: {object: monster, to: bears}\n"
    "  - create_token: {predefined: Cursed Role, id: cursed}\n"
)


def test_an_older_attachment_whose_subtypes_are_unknown_may_or_may_not_be_put_into_the_graveyard() -> None:
    spec = load_board(_TWO_ROLES)
    cards = cards_for(spec)
    board = board_from_spec(spec, cards)
    board = board.replace(
        board.get("monster").with_unknowns(Unknown.of(("subtypes",), "a test leaves it open"))
    )
    board = apply_event(board, event_of(AttachAction(target="cursed", to="bears")), cards)
    assert board.get("monster").zone is Zone.BATTLEFIELD  # not removed on a guess
    [note] = [
        e.explanation
        for e in board.log
        if e.object_id == "bears" and "stays on" in english(e.explanation.text)
    ]
    text = english(note.text)
    assert "Whether monster stays on bears is unknown, because a test leaves it open" in text
    assert "put into its owner's graveyard" in text
    assert "otherwise it stays" in text
    assert "704.5y" in note.rules
    bears = current_characteristics(board.get("bears"), board)
    assert isinstance(bears.power, Unsure)
    assert isinstance(bears.abilities, Unsure)


def test_known_roles_still_leave_only_the_newest() -> None:
    spec = load_board(_TWO_ROLES + "  - attach: {object: cursed, to: bears}\n")
    board = board_from_spec(spec, cards_for(spec))
    assert "monster" not in {obj.id for obj in board.objects}
