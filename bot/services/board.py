"""Boards and copies (CR 707) for the CLI and the Discord cogs: resolve names, parse cards, build, answer.

``board_answer`` answers a board file; ``copy_answer`` builds the default board of "COPIER copies
ORIGINAL". Card names go through the card service, keywords through the stored rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.config import Settings
from bot.services.context import open_services
from bot.services.parse import find_parsed_card
from bot.services.rules import ImportSummary, load_rules
from data.boards import load_board
from engine import (
    BoardAnswer,
    BoardSpec,
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

DEFAULT_TARGET = "Grizzly Bears"
"""The permanent a spell like True Polymorph turns into a copy when the question names none."""
MAX_NAME = 200


class InvalidCopyQuery(ValueError):  # noqa: N818 -- reads better than ...Error
    """A blank or overlong card name."""


@dataclass(frozen=True, slots=True)
class BoardResult:
    """The answer and whether the rules had to be downloaded for it."""

    answer: BoardAnswer | StackBoardAnswer
    downloaded: ImportSummary | None


async def board_answer(settings: Settings, text: str) -> BoardResult:
    """Answer a board file (about the queried copy when it has a ``stack:``).

    Raises BoardFormatError, CopyError, StackError, a CardLookupError or RulesUnavailable.
    """
    spec = load_board(text)
    async with open_services(settings) as services:
        rules = await load_rules(services)
        cards = {name: await find_parsed_card(services, name, rules) for name in spec.card_names()}
        for name in meld_parts_needed(cards):  # a melded permanent leaving becomes these cards (CR 712.21)
            cards[name] = await find_parsed_card(services, name, rules)
        if spec.stack:
            return BoardResult(answer_stack_board(spec, spec.stack, cards, rules.version), rules.downloaded)
        return BoardResult(answer_board(spec, cards, rules.version), rules.downloaded)


async def copy_answer(
    settings: Settings, copier: str, original: str, state: OriginalState, target: str | None = None
) -> BoardResult:
    """Answer "what is COPIER as a copy of ORIGINAL?" on the default board (see ``engine.copy_question``)."""
    names = _checked([copier, original, *([target] if target else [])])
    async with open_services(settings) as services:
        rules = await load_rules(services)
        copier_card = await find_parsed_card(services, names[0], rules)
        original_card = await find_parsed_card(services, names[1], rules)
        if copies_on_the_stack(copier_card, original_card):
            question = stack_copy_question(copier_card, original_card)
            spec = BoardSpec(objects=question.objects, stack=question.stack, query=question.query)
            cards = {card.name: card for card in (copier_card, original_card)}
            for name in spec.card_names():
                cards[name] = cards.get(name) or await find_parsed_card(services, name, rules)
            return BoardResult(answer_stack_board(spec, spec.stack, cards, rules.version), rules.downloaded)
        state = state.model_copy(update=face_state(original_card, names[1]))
        target_card = await find_parsed_card(services, target or DEFAULT_TARGET, rules)
        spec = copy_question(copier_card, original_card, state, target=target_card)
        cards = {card.name: card for card in (copier_card, original_card, target_card)}
        cards |= {
            name: await find_parsed_card(services, name, rules)
            for name in spec.card_names()
            if name not in cards
        }
        return BoardResult(answer_board(spec, cards, rules.version), rules.downloaded)


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
    return payload


def _checked(names: Sequence[str]) -> list[str]:
    cleaned = [name.strip() for name in names]
    if any(not name for name in cleaned):
        raise InvalidCopyQuery("give the copier's and the original's card names (not empty)")
    if any(len(name) > MAX_NAME for name in cleaned):
        raise InvalidCopyQuery(f"a card name is at most {MAX_NAME} characters")
    return cleaned
