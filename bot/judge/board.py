"""Boards and copies (CR 707) as the Judge answers them: build the board, answer, and the stable JSON.

``answer_board_spec`` answers a board; ``answer_copy`` builds the default board of "COPIER copies
ORIGINAL". Both run on the Judge's worker; card names are looked up through ``card`` (the Judge's
cached parsed cards), except the names a board defines itself (``cards:``), which are never looked up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from bot.judge.limits import question_budget
from bot.judge.payload import JsonObject
from bot.judge.rules import Answer, ImportSummary
from data.cards.names import card_names, normalize_name
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
    stack_handles,
)
from engine import Explanation as Explanation
from engine import StackBoardAnswer as StackBoardAnswer

CardFinder = Callable[[str], Card]
"""The parsed card a name names (the Judge's, which may stop the question to fetch it)."""


class CardDefiner(Protocol):
    """What answering a board that defines its own cards needs from the Judge."""

    def parse_record(self, record: Mapping[str, Any]) -> Card:
        """The card a Scryfall-shaped record describes, parsed with the rules' keywords (not cached)."""
        ...

    def in_cache(self, name: str) -> bool:
        """Whether the card data has a card of exactly this name (asked of the cache alone, never fetched)."""
        ...


DEFAULT_TARGET = "Grizzly Bears"
"""The permanent a spell like True Polymorph turns into a copy when the question names none."""


class BoardResult(Answer):
    """The answer and whether the rules had to be downloaded for it."""

    answer: BoardAnswer | StackBoardAnswer
    downloaded: ImportSummary | None = None
    rules_note: str | None = None  # the loaded rules changed a rule this answer cites
    cache_only: bool = False
    """Scryfall couldn't be reached to confirm a partial or misspelt name: a card came from the cache."""

    def cited_rules(self) -> set[str]:
        """Every rule number the answer's steps and notes cite."""
        result = self.answer.result
        return {rule for step in (*result.steps, *result.notes) for rule in step.rules}


def is_commander(answer: BoardAnswer | StackBoardAnswer) -> bool:
    """Whether the queried object is its owner's commander (CR 903.3), as the board's objects say."""
    return any(summary.id == answer.result.id and summary.commander is True for summary in answer.objects)


def answer_board_spec(spec: BoardSpec, card: CardFinder, version: str, definer: CardDefiner) -> BoardResult:
    """Answer a board: about the queried copy on the stack when it has a ``stack:`` and doesn't ask about
    another object (``query:`` naming a permanent, or actions whose effect comes from the stack).

    A name the board defines (``cards:``) is its definition, before the card data; when the card data has
    that name too, a note says which was used. Raises a board or stack error, or what ``card`` raises.
    """
    records = [json.loads(text) for text in spec.cards]
    defined = {
        normalize_name(name): parsed
        for record, parsed in ((r, definer.parse_record(r)) for r in records)
        for name, _ in card_names(record)
    }

    def find(name: str) -> Card:
        return defined.get(normalize_name(name)) or card(name)

    cards = _cards(find, spec.card_names())
    cards |= _cards(find, meld_parts_needed(cards))  # a melded permanent leaving becomes these (712.21)
    notes = tuple(_defined_note(r["name"]) for r in records if definer.in_cache(r["name"]))
    if spec.stack and _asks_the_stack(spec):
        answer: BoardAnswer | StackBoardAnswer = answer_stack_board(
            spec, spec.stack, cards, version, question_budget()
        )
    else:
        answer = answer_board(spec, cards, version, question_budget())
    if notes:
        result = answer.result.model_copy(update={"notes": (*answer.result.notes, *notes)})
        answer = answer.model_copy(update={"result": result})
    return BoardResult(answer=answer)


def _asks_the_stack(spec: BoardSpec) -> bool:
    """Whether a board with a stack asks about a copy on it: its query names a stack entry, or it has no
    query and no action whose effect comes from a spell or ability on the stack (then: the last copy)."""
    if spec.query is not None:
        return spec.query in stack_handles(spec.stack)
    return not any(action.via_stack for action in spec.actions)


def _defined_note(name: str) -> Explanation:
    return Explanation(
        text=f"{name} is defined in the board's cards: section; the card data also has a card named {name}, "
        "but this board uses its own definition.",
        rules=(),
    )


def answer_copy(names: list[str], state: OriginalState, card: CardFinder, version: str) -> BoardResult:
    """Answer "what is COPIER (``names[0]``) as a copy of ORIGINAL (``names[1]``)?" on the default board,
    with ``names[2]``, when given, as what a True Polymorph-like spell turns into the copy."""
    copier, original = card(names[0]), card(names[1])
    if copies_on_the_stack(copier, original):
        question = stack_copy_question(copier, original)
        spec = BoardSpec(objects=question.objects, stack=question.stack, query=question.query)
        cards = {found.name: found for found in (copier, original)}
        cards |= _cards(card, (name for name in spec.card_names() if name not in cards))
        return BoardResult(answer=answer_stack_board(spec, spec.stack, cards, version, question_budget()))
    state = state.model_copy(update=face_state(original, names[1]))
    target = card(names[2] if len(names) > 2 else DEFAULT_TARGET)
    spec = copy_question(copier, original, state, target=target)
    cards = {found.name: found for found in (copier, original, target)}
    cards |= _cards(card, (name for name in spec.card_names() if name not in cards))
    return BoardResult(answer=answer_board(spec, cards, version, question_budget()))


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
