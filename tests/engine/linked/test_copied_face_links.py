"""A copy of a double-faced permanent copies only the face that's up (CR 707.8, 712.8d): its linked pairs are
that face's, never a link to the other face's abilities (607.1b is about the card that has both faces)."""

from __future__ import annotations

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.answers.copy_result import describe_linked
from tests.engine.copy_cards import cards_for

_BOARD = (
    "battlefield:\n  - {card: Profane Procession, id: pp}\n"
    "  - {card: Copy Enchantment, id: ce, copy_of: pp}\n"
)


def _linked(handle: str) -> tuple[list[tuple[tuple[int, int], tuple[str, str]]], str | None, list[str]]:
    spec = load_board(_BOARD)
    answer = describe_linked(board_from_spec(spec, cards_for(spec)), handle, "test")
    linked = answer.result.linked
    assert linked is not None
    pairs = [(link.abilities, link.faces) for link in linked.links]
    return pairs, linked.text_of, [n.text for n in answer.result.notes]


def test_a_copy_of_the_front_face_has_only_its_links() -> None:
    pairs, text_of, notes = _linked("ce")
    assert pairs == [((1, 1), ("Profane Procession", "Profane Procession"))]
    assert text_of == "Profane Procession"
    assert not any("back-face ability" in note for note in notes)
    assert any(note.startswith("ce copies the text of Profane Procession:") for note in notes)


def test_the_double_faced_original_keeps_its_link_to_its_back_face() -> None:
    pairs, _, notes = _linked("pp")
    assert ((1, 2), ("Profane Procession", "Tomb of the Dusk Rose")) in pairs
    assert any("back-face ability" in note for note in notes)
