"""Boards and copies (CR 707) as the Judge answers them: build the board, answer, and the stable JSON.

``answer_board_text`` answers a board file; ``answer_copy`` builds the default board of "COPIER
copies ORIGINAL". Card names are looked up through ``find`` (the Judge's cached parsed cards) and the
engine runs through ``compute`` (the Judge's worker thread).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

from bot.judge.rules import Answer, ImportSummary
from data.boards import load_board
from engine import (
    BoardAnswer,
    BoardSpec,
    Card,
    OriginalState,
    StackBoardAnswer,
    answer_board,
    answer_stack_board,
    copies_on_the_stack,
    copy_question,
    face_state,
    meld_parts_needed,
    stack_copy_question,
)

T = TypeVar("T")
CardFinder = Callable[[str], Awaitable[Card]]
Compute = Callable[[Callable[[], T]], Awaitable[T]]

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


async def answer_board_text(text: str, find: CardFinder, compute: Compute[Any], version: str) -> BoardResult:
    """Answer a board file (about the queried copy when it has a ``stack:``).

    Raises BoardFormatError, a board or stack error, or a CardLookupError.
    """
    spec = await compute(lambda: load_board(text))
    cards = await _cards(find, spec.card_names())
    # a melded permanent leaving becomes these cards (CR 712.21)
    cards |= await _cards(find, meld_parts_needed(cards))
    if spec.stack:
        return BoardResult(answer=await compute(lambda: answer_stack_board(spec, spec.stack, cards, version)))
    return BoardResult(answer=await compute(lambda: answer_board(spec, cards, version)))


async def answer_copy(
    names: list[str], state: OriginalState, find: CardFinder, compute: Compute[Any], version: str
) -> BoardResult:
    """Answer "what is COPIER (``names[0]``) as a copy of ORIGINAL (``names[1]``)?" on the default board,
    with ``names[2]``, when given, as what a True Polymorph-like spell turns into the copy."""
    copier, original = await find(names[0]), await find(names[1])
    if await compute(lambda: copies_on_the_stack(copier, original)):
        question = stack_copy_question(copier, original)
        spec = BoardSpec(objects=question.objects, stack=question.stack, query=question.query)
        cards = {card.name: card for card in (copier, original)}
        cards |= await _cards(find, (name for name in spec.card_names() if name not in cards))
        return BoardResult(answer=await compute(lambda: answer_stack_board(spec, spec.stack, cards, version)))
    state = state.model_copy(update=face_state(original, names[1]))
    target = await find(names[2] if len(names) > 2 else DEFAULT_TARGET)
    spec = await compute(lambda: copy_question(copier, original, state, target=target))
    cards = {card.name: card for card in (copier, original, target)}
    cards |= await _cards(find, (name for name in spec.card_names() if name not in cards))
    return BoardResult(answer=await compute(lambda: answer_board(spec, cards, version)))


def board_json(result: BoardResult) -> dict[str, Any]:
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
    if result.rules_note is not None:
        payload["rules_note"] = result.rules_note
    return payload


async def _cards(find: CardFinder, names: Iterable[str]) -> dict[str, Card]:
    return {name: await find(name) for name in names}
