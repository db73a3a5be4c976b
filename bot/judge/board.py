"""Boards and copies (CR 707) as the Judge answers them: build the board, answer, and the stable JSON.

A board is answered in three steps: ``read_board`` reads its text, then ``board_cards`` looks its cards
up on the Judge's worker (through ``card``, the Judge's cached parsed cards, except the names the board
defines itself, ``cards:``, which are never looked up), then ``answer_board_cards`` answers; the first and
the last run apart from the light questions (``bot.judge.isolation``). ``answer_copy`` builds the default
board of "COPIER copies ORIGINAL" and answers it on the Judge's worker.

A look-up the Judge can't settle on the worker gives None (``CardFinder``, ``bot.judge.asking``): the step
then stops at once and gives None, and the Judge tries it again once it has fetched that card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple

from bot.judge.answers import Framed
from bot.judge.board_text import board_yaml
from bot.judge.limits import question_budget
from bot.judge.payload import JsonObject
from bot.judge.rules import ImportSummary
from data.boards import load_board
from data.cards.names import normalize_name
from data.cards.schema import CardRecord
from engine import BoardAnswer as BoardAnswer  # re-exported: the answer types front ends render
from engine import (
    BoardSpec,
    Card,
    answer_board,
    answer_stack_board,
    copies_on_the_stack,
    copy_question,
    face_state,
    meld_parts_needed,
    parse_card,
    stack_copy_question,
    stack_handles,
)
from engine import Explanation as Explanation
from engine import OriginalState as OriginalState  # re-exported: what a copy question's original is in
from engine import StackBoardAnswer as StackBoardAnswer

if TYPE_CHECKING:
    from engine import KeywordVocabulary

CardFinder = Callable[[str], Card | None]
"""The parsed card a name names, or None when the Judge must fetch it first (the step stops)."""


DEFAULT_TARGET = "Grizzly Bears"
"""The permanent a spell like True Polymorph turns into a copy when the question names none."""


class BoardResult(Framed):
    """The answer and whether the rules had to be downloaded for it."""

    answer: BoardAnswer | StackBoardAnswer
    downloaded: ImportSummary | None = None
    rules_note: str | None = None  # the loaded rules changed a rule this answer cites
    cache_only: bool = False
    """Scryfall couldn't be reached to confirm a partial or misspelt name: a card came from the cache."""
    board: str | None = None
    """The board text this answer was built from: the asker's own for a board, the default board written
    as YAML (``bot.judge.board_text``) for a copy; None when it can't be written. Asked as a board, it gives
    this answer again."""

    def cited_rules(self) -> set[str]:
        """Every rule number the answer's steps and notes cite."""
        result = self.answer.result
        return {rule for step in (*result.steps, *result.notes) for rule in step.rules}


def is_commander(answer: BoardAnswer | StackBoardAnswer) -> bool:
    """Whether the queried object is its owner's commander (CR 903.3), as the board's objects say."""
    return any(summary.id == answer.result.id and summary.commander is True for summary in answer.objects)


class ReadBoard(NamedTuple):
    """A board read from its text: its spec, and the cards it defines (``cards:``) parsed, by normalized
    name (each of its names), with the name each was given."""

    spec: BoardSpec
    defined: dict[str, Card]
    defined_names: tuple[str, ...]


class BoardCards(NamedTuple):
    """Every card a board names, and a note for each card it defines that the card data has too."""

    cards: dict[str, Card]
    notes: tuple[Explanation, ...]


def read_board(text: str, vocabulary: KeywordVocabulary) -> ReadBoard:
    """The board ``text`` (YAML or JSON) and the cards it defines, parsed with ``vocabulary``: the first
    step of a board, apart (its text is the user's). Raises BoardFormatError."""
    spec = load_board(text)
    # each text passed data.boards' check against the card schema: read here as the record it is
    records = [CardRecord.model_validate_json(card_text) for card_text in spec.cards]
    defined = {
        normalize_name(name): parsed
        for record, parsed in ((r, parse_card(r.scryfall(), vocabulary)) for r in records)
        for name, _ in record.names
    }
    return ReadBoard(spec, defined, tuple(record.name for record in records))


def board_cards(board: ReadBoard, card: CardFinder, in_cache: Callable[[str], bool]) -> BoardCards | None:
    """The cards ``board`` names, its own definitions before the card data's (``card``), and the note
    for each name it defines that the card data has too (``in_cache``): the step on the Judge's worker
    (None when ``card`` stopped it)."""

    def find(name: str) -> Card | None:
        return board.defined.get(normalize_name(name)) or card(name)

    cards = _cards(find, board.spec.card_names())
    if cards is None:
        return None
    melded = _cards(find, meld_parts_needed(cards))  # a melded permanent leaving becomes these (712.21)
    if melded is None:
        return None
    notes = tuple(_defined_note(name) for name in board.defined_names if in_cache(name))
    return BoardCards(cards | melded, notes)


def answer_board_cards(spec: BoardSpec, found: BoardCards, version: str) -> BoardResult:
    """Answer a board with its cards: about the queried copy on the stack when it has a ``stack:`` and
    doesn't ask about another object (``query:`` naming a permanent, or actions whose effect comes from
    the stack); the last step of a board, apart. Raises a board or stack error."""
    if spec.stack and _asks_the_stack(spec):
        answer: BoardAnswer | StackBoardAnswer = answer_stack_board(
            spec, spec.stack, found.cards, version, question_budget()
        )
    else:
        answer = answer_board(spec, found.cards, version, question_budget())
    if found.notes:
        result = answer.result.model_copy(update={"notes": (*answer.result.notes, *found.notes)})
        answer = answer.model_copy(update={"result": result})
    return BoardResult(answer=answer)


def _asks_the_stack(spec: BoardSpec) -> bool:
    """Whether a board with a stack asks about a copy on it: its query names a stack entry, or it has no
    query and no action whose effect comes from a spell or ability on the stack (then: the last copy)."""
    if spec.query is not None:
        return spec.query in stack_handles(spec.stack)
    return not any(action.from_stack() for action in spec.actions)


def _defined_note(name: str) -> Explanation:
    return Explanation(
        text=f"{name} is defined in the board's cards: section; the card data also has a card named {name}, "
        "but this board uses its own definition.",
        rules=(),
    )


def answer_copy(names: list[str], state: OriginalState, card: CardFinder, version: str) -> BoardResult | None:
    """Answer "what is COPIER (``names[0]``) as a copy of ORIGINAL (``names[1]``)?" on the default board,
    with ``names[2]``, when given, as what a True Polymorph-like spell turns into the copy (None when
    ``card`` stopped it)."""
    copier = card(names[0])
    original = card(names[1]) if copier is not None else None
    if copier is None or original is None:
        return None
    if copies_on_the_stack(copier, original):
        question = stack_copy_question(copier, original)
        spec = BoardSpec(objects=question.objects, stack=question.stack, query=question.query)
        cards = {found.name: found for found in (copier, original)}
        more = _cards(card, (name for name in spec.card_names() if name not in cards))
        if more is None:
            return None
        answer: BoardAnswer | StackBoardAnswer = answer_stack_board(
            spec, spec.stack, cards | more, version, question_budget()
        )
        return BoardResult(answer=answer, board=board_yaml(spec))
    state = state.model_copy(update=face_state(original, names[1]))
    target = card(names[2] if len(names) > 2 else DEFAULT_TARGET)
    if target is None:
        return None
    spec = copy_question(copier, original, state, target=target)
    cards = {found.name: found for found in (copier, original, target)}
    more = _cards(card, (name for name in spec.card_names() if name not in cards))
    if more is None:
        return None
    answer = answer_board(spec, cards | more, version, question_budget())
    return BoardResult(answer=answer, board=board_yaml(spec))


def board_json(result: BoardResult) -> JsonObject:
    """The stable JSON of a board or copy answer (``result.linked`` only when the board asked for it,
    ``zone_moves`` only when its actions moved an object between zones, ``triggers`` only when they
    triggered an ability: a zone change's, or a merge's, 702.140d)."""
    payload = result.answer.model_dump(mode="json")
    if not payload.get("zone_moves"):
        payload.pop("zone_moves", None)
    if not payload.get("triggers"):
        payload.pop("triggers", None)
    if payload["result"].get("linked") is None:  # a stack copy's result has no linked field
        payload["result"].pop("linked", None)
    if payload["result"].get("zone") is None:  # only an object that isn't on the battlefield says where it is
        payload["result"].pop("zone", None)
    if not payload["result"].get("unknowns"):  # only an answer with undetermined characteristics names them
        payload["result"].pop("unknowns", None)
        payload["result"]["current"].pop("unknown", None)
    if not payload["result"].get("copiable", {}).get("unknown", True):
        payload["result"]["copiable"].pop("unknown")
    if result.rules_note is not None:
        payload["rules_note"] = result.rules_note
    return payload


def _cards(card: CardFinder, names: Iterable[str]) -> dict[str, Card] | None:
    """The card of each name, or None at the first ``card`` can't give."""
    cards: dict[str, Card] = {}
    for name in names:
        found = card(name)
        if found is None:
            return None
        cards[name] = found
    return cards
