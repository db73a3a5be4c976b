"""CR 607.5 on boards: the cards a pair of abilities one effect gave an object exiled are exiled with that
pair; halves given by two effects are never linked (fixture boards ``linked-607-5-*``, whose full answers
tests/engine/copy/test_copy_scenarios.py checks; here the gained pairs and their exiled cards)."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_result import LinkedView, answer_board
from tests.engine.copy_cards import cards_for
from tests.locations import BOARDS

BOARDS = BOARDS


def linked_view(name: str) -> LinkedView:
    spec = load_board((BOARDS / f"{name}.yaml").read_text(encoding="utf-8").split("\n---\n")[0])
    linked = answer_board(spec, cards_for(spec), "test").result.linked
    assert linked is not None
    return linked


@pytest.mark.parametrize(
    ("board", "effect", "exiled"),
    [
        ("linked-607-5-one-effect-grants-a-pair", "the effect with timestamp 2", ("Craw Wurm",)),
        # the CR's example: only what the Sisters' ability exiled, not what Arc-Slogger's did
        ("linked-607-5-quicksilver-elemental-example", "the effect with timestamp 3", ("Craw Wurm",)),
    ],
)
def test_a_pair_one_effect_gave_has_the_cards_it_exiled(board: str, effect: str, exiled: tuple[str]) -> None:
    (pair,) = linked_view(board).gained
    assert [(a.effect, a.index) for a in pair.abilities] == [(effect, 1), (effect, 2)]
    assert pair.rules[:2] == ("607.2a", "607.5")
    assert pair.exiled == exiled


def test_halves_from_two_effects_form_no_pair() -> None:
    linked = linked_view("linked-607-5-two-effects-not-linked")
    assert linked.gained == ()
    assert linked.exiled == ()


def test_when_the_effect_ends_the_card_is_exiled_with_none_of_its_abilities() -> None:
    text = (BOARDS / "linked-607-5-one-effect-grants-a-pair.yaml").read_text(encoding="utf-8")
    board = text.split("\n---\n")[0].replace(
        "query:", "actions:\n  - ends: {object: bears, effect: 1}\nquery:"
    )
    spec = load_board(board)
    result = answer_board(spec, cards_for(spec), "test").result
    assert result.linked is not None
    assert result.linked.gained == ()
    assert result.linked.exiled == ()
    assert not [n for n in result.notes if n.text.startswith("Exiled with bears")]


def test_gained_abilities_naming_another_card_leave_their_link_open() -> None:
    spec = load_board(
        (BOARDS / "linked-201-5-gained-abilities-naming-their-card.yaml")
        .read_text(encoding="utf-8")
        .split("\n---\n")[0]
    )
    result = answer_board(spec, cards_for(spec), "test").result
    assert result.linked is not None
    assert result.linked.gained == ()
    texts = [note.text for note in result.notes]
    assert not [text for text in texts if text.startswith("Also exiled with qe")]
    assert not [text for text in texts if "has no linked abilities" in text]
    assert [text for text in texts if text.startswith("Whether the abilities")]
