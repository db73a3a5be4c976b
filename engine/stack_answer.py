"""The board answer about a copy on the stack: the board's CH views plus the stack copy's own fields.

``mtg-judge board`` prints ``result`` as :class:`StackCopyAnswer` when the board has a ``stack:``
section: ``id``, ``copiable``, ``current``, ``steps`` and ``notes`` as for a permanent, and ``choices``,
``cast``, ``owner``, ``controller``, ``copied``, ``not_copied``, ``outcomes`` and ``resolves_as``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from engine.board import Board, BoardSpec, GameObject, Zone
from engine.copy_result import Answer, CharacteristicsView, CurrentView, ObjectSummary, Status, _summary
from engine.events import board_from_spec
from engine.layers import copiable_values, current_characteristics
from engine.model import Card
from engine.results import Explanation
from engine.stack import Characteristics
from engine.stack_board import BoardObject, StackEntrySpec, build_stack
from engine.stack_copy import CopiedItem, CopyChoices, NotCopied, Outcome, StackCopyResult
from engine.stack_text import Targetable, TargetKind


class StackCopyAnswer(Answer):
    """The ``result`` of a board whose query is a copy on the stack."""

    id: str
    copiable: CharacteristicsView
    current: CurrentView
    steps: tuple[Explanation, ...]
    notes: tuple[Explanation, ...]
    copy_of: str
    via: str
    kind: Literal["spell", "ability"]
    source: str | None
    choices: CopyChoices
    cast: bool
    owner: str | None
    controller: str
    copied: tuple[CopiedItem, ...]
    not_copied: tuple[NotCopied, ...]
    outcomes: tuple[Outcome, ...]
    resolves_as: str | None


class StackBoardAnswer(Answer):
    """Everything ``board`` prints for a board with a ``stack:`` section (``BoardAnswer``'s shape)."""

    rules_version: str
    objects: tuple[ObjectSummary, ...]
    result: StackCopyAnswer


def answer_stack_board(
    spec: BoardSpec, entries: tuple[StackEntrySpec, ...], cards: Mapping[str, Card], rules_version: str
) -> StackBoardAnswer:
    """Build the board, then its stack (bottom first), and answer about the queried copy."""
    board = board_from_spec(spec, cards)
    return StackBoardAnswer(
        rules_version=rules_version,
        objects=tuple(_summary(obj) for obj in board.objects),
        result=answer_stack(entries, board, cards, spec.query),
    )


def answer_stack(
    entries: tuple[StackEntrySpec, ...], board: Board, cards: Mapping[str, Card], query: str | None
) -> StackCopyAnswer:
    """Build the stack over ``board`` and answer about the copy ``query`` (default: the last copy)."""
    scenario = build_stack(entries, cards, board_objects(board, cards))
    return stack_copy_answer(scenario.answer(query))


def board_objects(board: Board, cards: Mapping[str, Card]) -> dict[str, BoardObject]:
    """The board's objects as the stack sees them: current types and controller, and their abilities' card."""
    return {obj.id: _board_object(obj, board, cards) for obj in board.objects}


def _board_object(obj: GameObject, board: Board, cards: Mapping[str, Card]) -> BoardObject:
    on_battlefield = obj.zone is Zone.BATTLEFIELD
    values = current_characteristics(obj, board) if on_battlefield else copiable_values(obj)
    name = values.name or "a face-down permanent"
    target = Targetable(
        handle=obj.id,
        name=name,
        kind=TargetKind.PERMANENT if on_battlefield else TargetKind.CARD,
        types=values.types,
        controller=obj.controller.value,
    )
    # a copy has the abilities of what it copies (CR 707.2): use that card when the catalogue has it
    card = cards.get(copiable_values(obj).name or "", obj.card)
    return BoardObject(target=target, card=card, zone=obj.zone.value)


def stack_copy_answer(result: StackCopyResult) -> StackCopyAnswer:
    """The JSON-ready answer for one copy on the stack."""
    values = result.characteristics
    return StackCopyAnswer(
        id=result.id,
        copiable=CharacteristicsView(**_view(values, numbers=False)),
        current=CurrentView(
            **_view(values, numbers=True),
            counters={},
            token=False,
            status=Status(tapped=False, flipped=False, face_down=None, transformed=False),
        ),
        steps=result.steps,
        notes=result.notes,
        copy_of=result.copy_of,
        via=result.via,
        kind=result.kind,
        source=result.source,
        choices=result.choices,
        cast=result.cast,
        owner=result.owner,
        controller=result.controller,
        copied=result.copied,
        not_copied=result.not_copied,
        outcomes=result.outcomes,
        resolves_as=result.resolves_as,
    )


def _view(values: Characteristics, *, numbers: bool) -> dict[str, object]:
    def shown(printed: str | None) -> str | int | None:
        if printed is None:
            return None
        return int(printed) if numbers and printed.lstrip("-").isdigit() else printed

    return {
        **values.model_dump(exclude={"power", "toughness", "loyalty", "mana_value"}),
        "mana_value": int(values.mana_value),
        "power": shown(values.power),
        "toughness": shown(values.toughness),
        "loyalty": shown(values.loyalty),
    }
