"""Board actions that create and end text-changing effects (CR 612; the layer system applies them in layer 3).

``change_text`` puts a word change on one permanent (Mind Bend, Sleight of Mind, Artificial Evolution,
Crystal Spray); ``exchange_text`` puts one exchange of text boxes on two (Exchange of Words, 612.5,
701.10h), the same effect with one timestamp on both. Each lasts indefinitely unless the board says
"until end of turn"; the cleanup step ends those (514.2), and ``ends: {object, text_change: N}`` ends the
object's Nth text-changing effect (an exchange on both permanents).
"""

from __future__ import annotations

from engine.core.citations import Citation, cite
from engine.core.messages import Message, msg
from engine.core.messages import card as card_name
from engine.core.results import Explanation
from engine.layers.exiled_links import exile_link_changes
from engine.layers.layer_rules import LAYER_3
from engine.layers.numbers import CONTINUALLY_APPLIED
from engine.layers.text import EXCHANGED, NOT_COPIED, source_label
from engine.oracle.text_change import CORRECT_WAY, KIND_WORDS
from engine.state.actions import ChangeTextAction, EndsAction, ExchangeTextAction
from engine.state.board import (
    Board,
    BoardError,
    EndedTextChange,
    Event,
    GameObject,
    TextChange,
    TextChangeSpec,
    Zone,
)

CLEANUP_ENDS = cite("514.2", "all “until end of turn” and “this turn” effects end")
TIMESTAMP = cite("613.7", "An effect with an earlier timestamp is applied before")


def change_text(board: Board, event: Event, action: ChangeTextAction) -> Board:
    """A word change on ``event.object_id`` begins, with the event's timestamp (CR 612.2, 613.7)."""
    spec = action.text_change
    word = spec.word
    if word is None:
        raise ValueError("change_text needs a word change")
    obj = _permanent(board, event.object_id)
    board = board.replace(_with(obj, TextChange(timestamp=event.timestamp, spec=spec)))
    return board.explain(
        obj.id,
        Explanation.of(
            msg(
                "{source} changes {object}'s text: each “{old}” used as a {kind} becomes “{new}” ({lasts}); "
                "the layer system applies it in layer 3, and a copy of {object} doesn't copy it.",
                source=source_label(spec),
                object=card_name(obj.id),
                old=word.old,
                kind=KIND_WORDS[word.kind],
                new=word.new,
                lasts=_lasts(spec),
            ),
            CORRECT_WAY,
            LAYER_3,
            NOT_COPIED,
            TIMESTAMP,
        ),
    )


def exchange_text(board: Board, event: Event, action: ExchangeTextAction) -> Board:
    """Two permanents' text boxes are exchanged: one effect on both, with the event's timestamp (612.5)."""
    spec = action.text_change
    other_id = spec.exchange_with or ""
    if other_id == event.object_id:
        raise BoardError(
            msg(
                "{object} can't exchange its text box with itself: name two permanents (CR 612.5).",
                object=card_name(event.object_id),
            )
        )
    first, second = _permanent(board, event.object_id), _permanent(board, other_id)
    for obj, other in ((first, second), (second, first)):
        own = spec.model_copy(update={"exchange_with": other.id})
        change = TextChange(timestamp=event.timestamp, spec=own)
        board = board.replace(_with(obj, change)).explain(
            obj.id,
            Explanation.of(
                msg(
                    "{source} exchanges the text boxes of {object} and {other} ({lasts}): each gets the "
                    "other's rules text.",
                    source=source_label(spec),
                    object=card_name(obj.id),
                    other=card_name(other.id),
                    lasts=_lasts(spec),
                ),
                EXCHANGED,
                LAYER_3,
            ),
        )
    return board


def text_change_ends(board: Board, event: Event, action: EndsAction) -> Board:
    """The object's ``action.text_change_number``-th text-changing effect ends (an exchange: on both)."""
    obj = board.get(event.object_id)
    number = action.text_change_number or 0
    if not 1 <= number <= len(obj.text_changes):
        raise BoardError(
            msg(
                "{object} has {count} text-changing effects; there is no text change {number} to end.",
                object=card_name(obj.id),
                count=len(obj.text_changes),
                number=number,
            )
        )
    ended = obj.text_changes[number - 1]
    return _end(board, obj, ended, msg("Its text change {number} ends", number=number))


def text_changes_end_in_cleanup(board: Board) -> Board:
    """The cleanup step: text-changing effects that last until end of turn end (CR 514.2)."""
    for obj in board.objects:
        for ended in [c for c in board.get(obj.id).text_changes if c.spec.until_end_of_turn]:
            why = msg("In the cleanup step its text change ends")
            board = _end(board, board.get(obj.id), ended, why, CLEANUP_ENDS)
    return board


def _end(board: Board, obj: GameObject, ended: TextChange, why: Message, *rules: Citation) -> Board:
    """``ended`` stops applying to ``obj`` (and to the other permanent of an exchange); the others keep their
    timestamps (CR 613.7)."""
    holders = [obj]
    if ended.spec.exchange_with and board.has(ended.spec.exchange_with):
        holders.append(board.get(ended.spec.exchange_with))
    for holder in holders:
        kept = tuple(c for c in holder.text_changes if c.timestamp != ended.timestamp)
        update: dict[str, object] = {"text_changes": kept}
        if ended.spec.exchange_with or ended in exile_link_changes(holder, board):
            # What the exchanged text's abilities exiled is linked to none of its abilities (612.5); what
            # a word change's changed linked abilities exiled meanwhile stays undecided (607.1, 612.2).
            update["ended_text_changes"] = (
                *holder.ended_text_changes,
                EndedTextChange(change=ended, ended=board.clock),
            )
        board = board.replace(holder.model_copy(update=update)).explain(
            holder.id,
            Explanation.of(
                msg(
                    "{why} ({source}'s); the layer system is applied again without it.",
                    why=why,
                    source=source_label(ended.spec),
                ),
                *rules,
                CONTINUALLY_APPLIED,
            ),
        )
    return board


def _permanent(board: Board, handle: str) -> GameObject:
    """The permanent ``handle`` names: a text-changing action on a board acts on permanents only."""
    if not board.has(handle):
        raise BoardError(
            msg("There is no object {object} on the board to change the text of.", object=handle)
        )
    obj = board.get(handle)
    if obj.zone is not Zone.BATTLEFIELD:
        raise BoardError(
            msg(
                "{object} isn't on the battlefield: a board changes only a permanent's text.",
                object=card_name(handle),
            )
        )
    return obj


def _with(obj: GameObject, change: TextChange) -> GameObject:
    return obj.model_copy(update={"text_changes": (*obj.text_changes, change)})


def _lasts(spec: TextChangeSpec) -> Message:
    return msg("until end of turn") if spec.until_end_of_turn else msg("indefinitely")
