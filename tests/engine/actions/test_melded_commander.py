"""A melded permanent that is its owner's commander (CR 903.3b): one of its two cards is the commander (the
designation is the card's, 903.3), and when they leave it as two cards the board doesn't say which one, so
the answer's objects say "unknown" for each, never false."""

from __future__ import annotations

from data.boards import load_board
from engine.answers.copy_result import BoardAnswer, answer_board
from tests.engine.copy_cards import cards_for

MELDED_COMMANDER = """
battlefield:
  - {card: Chittering Host, id: host, commander: true}
actions:
  - leaves: {object: host, to: graveyard, ids: {Graf Rats: rats, Midnight Scavengers: scavengers}}
query: rats
"""


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test")


def test_the_melded_commanders_move_says_one_card_is_the_commander() -> None:
    answer = _answer(MELDED_COMMANDER)
    (step,) = [s for s in answer.result.steps if "903.3b" in s.rules]
    assert step.text.startswith("host was its owner's commander as a melded permanent: one of its two cards")
    assert "903.3" in step.rules


def test_each_card_of_a_melded_commander_is_unknown_in_the_json() -> None:
    objects = {o["id"]: o for o in _answer(MELDED_COMMANDER).model_dump(mode="json")["objects"]}
    assert (objects["rats"]["commander"], objects["scavengers"]["commander"]) == ("unknown", "unknown")


def test_a_single_card_commander_stays_the_commander_and_the_other_card_isnt() -> None:
    objects = {
        o["id"]: o["commander"]
        for o in _answer(
            "battlefield:\n  - {card: Graf Rats, id: rats, commander: true}\n"
            "  - {card: Midnight Scavengers, id: scavengers}\n"
            "actions:\n  - leaves: {object: rats, to: graveyard}\nquery: rats\n"
        ).model_dump(mode="json")["objects"]
    }
    assert objects == {"rats": True, "scavengers": False}
