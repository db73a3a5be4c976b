"""What a board says about linked abilities and tokens is checked against the rules: a card can't be exiled
with an ability that exiles nothing (CR 607.2a), an object whose abilities are unknown isn't said to have no
linked abilities (607.5), a token that left can't come back (111.8), and a sized token copy has that size."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.answers.copy_result import answer_board, describe_linked
from engine.oracle import parse_card
from engine.state.board import BoardError
from tests.card_data import rules_keyword_vocabulary
from tests.engine.copy_cards import cards_for

RING = (
    "battlefield:\n  - {card: Oblivion Ring, id: ring}\n"
    "exile:\n  - {card: Grizzly Bears, id: bears, exiled_by: ring, ability: ABILITY, controller: opponent}\n"
)


def test_a_card_exiled_with_the_returning_ability_is_refused_naming_the_one_that_exiles() -> None:
    spec = load_board(RING.replace("ABILITY", "2"))
    with pytest.raises(BoardError, match=r"exiles nothing; an ability that exiles is ability 1 \(CR 607"):
        board_from_spec(spec, cards_for(spec))


def test_a_card_exiled_with_the_exiling_ability_is_listed_with_it() -> None:
    spec = load_board(RING.replace("ABILITY", "1"))
    board = board_from_spec(spec, cards_for(spec))
    answer = describe_linked(board, "ring", "test")
    linked = answer.result.linked
    assert linked is not None
    assert [(e.id, e.ability) for e in linked.exiled] == [("bears", 1)]


def test_unknown_abilities_never_say_no_linked_abilities() -> None:
    spec = load_board(
        "graveyard:\n  - {card: Sisters of Stone Death, id: sisters}\n"
        "battlefield:\n  - {card: Necrotic Ooze, id: ooze}\n"
    )
    board = board_from_spec(spec, cards_for(spec))
    notes = [n.text for n in describe_linked(board, "ooze", "test").result.notes]
    assert not any(text.startswith("Necrotic Ooze has no linked abilities") for text in notes)
    [open_note] = [t for t in notes if "whether it has linked abilities is unknown too" in t]
    assert open_note.startswith("Necrotic Ooze's own text has no linked abilities")


def test_a_token_that_left_cant_be_returned() -> None:
    """CR 111.8: a token that left the battlefield can't move to another zone or come back."""
    spec = load_board(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\nactions:\n"
        "  - create_token: {name: Saproling, types: [Creature], subtypes: [Saproling], colors: [green],"
        " power: 1, toughness: 1, id: sap}\n"
        "  - leaves: {object: sap, to: exile}\n  - returns: {cards_of: sap, to: battlefield}\nquery: sap\n"
    )
    with pytest.raises(BoardError, match=r"sap was a token: it ceased to exist .* \(CR 111\.7, 111\.8\)"):
        board_from_spec(spec, cards_for(spec))


def test_offsprings_one_one_token_copy_is_one_one() -> None:
    """ "create a 1/1 token copy of it": the size is an exception to what it copies (CR 702.175a, 707.9b)."""
    mouse = parse_card(
        {
            "object": "card",
            "name": "Manifold Mouse",
            "layout": "normal",
            "mana_cost": "{1}{R}",
            "type_line": "Creature — Mouse Soldier",
            "oracle_text": (
                "Offspring {2} (You may pay an additional {2} as you cast this spell. If you do, when this "
                "creature enters, create a 1/1 token copy of it.)"
            ),
            "power": "1",
            "toughness": "2",
            "colors": ["R"],
        },
        rules_keyword_vocabulary(),
    )
    spec = load_board(
        "battlefield:\n  - {card: Manifold Mouse, id: mouse}\n"
        "actions:\n  - create_token_copy: {of: mouse, via: Manifold Mouse, id: tok}\nquery: tok\n"
    )
    current = answer_board(spec, {mouse.name: mouse}, "test").result.current
    assert (current.power, current.toughness) == (1, 1)


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ("", "Whether it was cast for its evoke cost ({2}{U}) is unknown"),
        (", evoked: true", "its evoke ability triggers (it was cast for its evoke cost)"),
        (
            ", evoked: false",
            "Its evoke sacrifice ability doesn't trigger: it wasn't cast for its evoke cost.",
        ),
    ],
)
def test_evoke_is_given_or_open_and_a_clone_of_an_evoked_creature_wasnt_evoked(extra: str, said: str) -> None:
    """CR 702.74a: "When this permanent enters, if its evoke cost was paid, its controller sacrifices it"."""
    spec = load_board(
        f"battlefield:\n  - {{card: Mulldrifter, id: mull{extra}}}\n  - {{card: Clone, copy_of: mull}}\n"
        "query: mull\n"
    )
    result = answer_board(spec, cards_for(spec), "test").result
    texts = " ".join(e.text for e in (*result.notes, *result.steps))
    assert said in texts
    clone = answer_board(spec.model_copy(update={"query": "Clone"}), cards_for(spec), "test").result
    assert any("it entered as a copy, so it wasn't cast for its evoke cost" in s.text for s in clone.steps)
    bears = load_board("battlefield:\n  - {card: Grizzly Bears, evoked: true}\n")
    with pytest.raises(BoardError, match="has no evoke ability"):
        board_from_spec(bears, cards_for(bears))
