"""Boards and copies (CR 707) as the Judge answers them: build the board, answer, and the stable JSON.

``answer_board_spec`` answers a board; ``answer_copy`` builds the default board of "COPIER copies
ORIGINAL". Both run on the Judge's worker; card names are looked up through ``card`` (the Judge's
cached parsed cards).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.judge.payload import JsonObject
from bot.judge.rules import Answer, ImportSummary
from engine import BoardAnswer as BoardAnswer  # re-exported: the answer types front ends render
from engine import (
    BoardSpec,
    Card,
    OriginalState,
    answer_board,
    answer_stack_board,
    copies_on_the_stack,
    copy_question,
    face_state,
    meld_parts_needed,
    stack_copy_question,
)
from engine import Explanation as Explanation
from engine import StackBoardAnswer as StackBoardAnswer

CardFinder = Callable[[str], Card]
"""The parsed card a name names (the Judge's, which may stop the question to fetch it)."""

DEFAULT_TARGET = "Grizzly Bears"
"""The permanent a spell like True Polymorph turns into a copy when the question names none."""


class BoardResult(Answer):
    """The answer and whether the rules had to be downloaded for it."""

    answer: BoardAnswer | StackBoardAnswer
    downloaded: ImportSummary | None = None
    rules_note: str | None = None  # the loaded rules changed a rule this answer cites

    def cited_rules(self) -> set[str]:
        """Every rule number the answer's steps and notes cite."""
        result = self.answer.result
        return {rule for step in (*result.steps, *result.notes) for rule in step.rules}


def answer_board_spec(spec: BoardSpec, card: CardFinder, version: str) -> BoardResult:
    """Answer a board (about the queried copy when it has a ``stack:``).

    Raises a board or stack error, or whatever ``card`` raises for a name.
    """
    cards = _cards(card, spec.card_names())
    cards |= _cards(card, meld_parts_needed(cards))  # a melded permanent leaving becomes these (712.21)
    if spec.stack:
        return BoardResult(answer=answer_stack_board(spec, spec.stack, cards, version))
    return BoardResult(answer=answer_board(spec, cards, version))


def answer_copy(names: list[str], state: OriginalState, card: CardFinder, version: str) -> BoardResult:
    """Answer "what is COPIER (``names[0]``) as a copy of ORIGINAL (``names[1]``)?" on the default board,
    with ``names[2]``, when given, as what a True Polymorph-like spell turns into the copy."""
    copier, original = card(names[0]), card(names[1])
    if copies_on_the_stack(copier, original):
        question = stack_copy_question(copier, original)
        spec = BoardSpec(objects=question.objects, stack=question.stack, query=question.query)
        cards = {found.name: found for found in (copier, original)}
        cards |= _cards(card, (name for name in spec.card_names() if name not in cards))
        return BoardResult(answer=answer_stack_board(spec, spec.stack, cards, version))
    state = state.model_copy(update=face_state(original, names[1]))
    target = card(names[2] if len(names) > 2 else DEFAULT_TARGET)
    spec = copy_question(copier, original, state, target=target)
    cards = {found.name: found for found in (copier, original, target)}
    cards |= _cards(card, (name for name in spec.card_names() if name not in cards))
    return BoardResult(answer=answer_board(spec, cards, version))


def board_json(result: BoardResult) -> JsonObject:
    """The stable JSON of a board or copy answer (``result.linked`` only when the board asked for it,
    ``zone_moves`` and ``triggers`` only when its actions moved an object between zones)."""
    payload = result.answer.model_dump(mode="json")
    if not payload.get("zone_moves"):
        payload.pop("zone_moves", None)
        payload.pop("triggers", None)
    if payload["result"].get("linked") is None:  # a stack copy's result has no linked field
        payload["result"].pop("linked", None)
    if payload["result"].get("zone") is None:  # only an object that isn't on the battlefield says where it is
        payload["result"].pop("zone", None)
    if not payload["result"].get("unknowns"):  # only an answer with undetermined characteristics names them
        payload["result"].pop("unknowns", None)
        payload["result"]["current"].pop("unknown", None)
    if result.rules_note is not None:
        payload["rules_note"] = result.rules_note
    return payload


def _cards(card: CardFinder, names: Iterable[str]) -> dict[str, Card]:
    return {name: card(name) for name in names}
