"""A board's actions (``actions:`` in board format version 1, ``data.boards``): one frozen model per kind.

Each model has only the fields its kind takes, and ``kind`` tells them apart, so :data:`Action` is a
pydantic discriminated union: a board's data is read into the right model, checked by it, and written
back (``model_dump``) with its kind. The engine records each in an :class:`~engine.state.board.Event`
(with its timestamp) and dispatches on the model's type (``engine.actions.events``).

Where an action's effect comes from is ``via`` (the card whose spell or ability it is), ``via_stack``
(the stack entry resolving) and ``via_object`` (the board object whose ability it is). ``via_object``
and ``controller_given`` follow from what the board says, so they are left out of the spec's data: a
board written back and read again is the same spec.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from engine.core.effects import Player
from engine.core.model import Card, Frozen
from engine.state.board import (
    ActionKind,
    Board,
    BoardSpec,
    DayNight,
    Event,
    MoveSpec,
    ObjectSpec,
    TextChangeSpec,
)
from engine.state.tokens import TokenSpec

ONE_OF = "one_of"
"""The type of the validation error of an action given none or more than one of its alternative fields."""


class _Action(Frozen):
    """What every action has: the line of the board it is written on (0 when built, not read)."""

    line: int = 0

    def card_names(self) -> tuple[str, ...]:
        """The card names the action mentions (an entering object's card, a ``via`` card)."""
        return ()

    def handle(self) -> str | None:
        """The object the action creates, else the one it acts on; None when it names none."""
        return None

    def from_stack(self) -> str | None:
        """The handle of the stack entry whose effect this is (a spell or ability on the stack resolving)."""
        return None

    def via_card(self) -> str | None:
        """The card whose spell or ability the action's effect is (``via``), if the board names one."""
        return None


class EnteringAction(_Action):
    """An object that enters the battlefield as the action."""

    entering: ObjectSpec

    def card_names(self) -> tuple[str, ...]:
        """The entering object's card, and its ``via`` card."""
        return (self.entering.card, *([self.entering.via] if self.entering.via else []))

    def handle(self) -> str | None:
        """The entering object."""
        return self.entering.id


class CausedAction(_Action):
    """An action whose effect may be a named spell's or ability's (``via``)."""

    via: str | None = None
    via_stack: str | None = None
    via_object: str | None = Field(default=None, exclude=True)
    # The mana spent to cast the ``via_stack`` entry (its ``paid: {mana}``; () for a copy, which isn't cast;
    # None when the board doesn't say), set by data.board_handles: Mythos of Illuna's "If {R}{G} was spent".
    stack_mana: tuple[str, ...] | None = Field(default=None, exclude=True)
    # The face of the ``via_stack`` entry's card that was cast ("back", "adventure"), whose text it is.
    stack_face: str | None = Field(default=None, exclude=True)

    def via_name(self, card: Card) -> str:
        """How the answer names ``via``: the face that was cast when the stack entry says which (Echoing
        Equation, the back face of Augmenter Pugilist, CR 712.8f; an Adventure, 715.3b)."""
        if self.stack_face in ("back", "adventure") and len(card.faces) > 1:
            return card.faces[1].name
        return self.via or card.name

    def card_names(self) -> tuple[str, ...]:
        """The ``via`` card."""
        return (self.via,) if self.via else ()

    def via_card(self) -> str | None:
        """The ``via`` card."""
        return self.via

    def from_stack(self) -> str | None:
        """The stack entry named by ``via``, once the stack is read (``data.board_handles.stack_via``)."""
        return self.via_stack


class OnObjectAction(_Action):
    """An action on a permanent already on the board (``object:``)."""

    target: str

    def handle(self) -> str | None:
        """The object acted on."""
        return self.target


class _CausedOnObject(CausedAction, OnObjectAction):
    """An action on a permanent whose effect may be a named spell's or ability's."""


class CreatingAction(CausedAction):
    """An action creating a token: its handle and under whose control it enters (CR 111.2)."""

    new_id: str
    controller: Player = Player.YOU
    controller_given: bool = Field(default=False, exclude=True)  # else the token is its creator's

    def handle(self) -> str | None:
        """The token created."""
        return self.new_id


class EntersAction(EnteringAction):
    """``enters: {card, id, …}``: an object enters the battlefield."""

    kind: Literal[ActionKind.ENTERS] = ActionKind.ENTERS
    listed: bool = Field(default=False, exclude=True)  # an object the board lists, not one an action makes


class ResolvesAction(EnteringAction):
    """``resolves: {card, id, …}``: a permanent spell resolves (CR 608.3a, 712.13)."""

    kind: Literal[ActionKind.RESOLVES] = ActionKind.RESOLVES


class BecomesCopyAction(_CausedOnObject):
    """``becomes_copy: {object, of, via, random}``: a permanent becomes a copy of another (CR 707.4)."""

    kind: Literal[ActionKind.BECOMES_COPY] = ActionKind.BECOMES_COPY
    of: str
    random_result: str | None = None  # the coin flip or die roll the copy effect depends on (``random:``)
    # Set from a ``via`` stack entry (data.board_handles): what it targets, and who controls it.
    stack_targets: tuple[str, ...] = Field(default=(), exclude=True)
    stack_controller: Player | None = Field(default=None, exclude=True)


class CreateTokenCopyAction(CreatingAction):
    """``create_token_copy: {of | exiled_with, via, id, controller, random}``: a token copy (CR 707.5),
    of an object or of the card exiled with one (CR 111.12)."""

    kind: Literal[ActionKind.CREATE_TOKEN_COPY] = ActionKind.CREATE_TOKEN_COPY
    of: str | None = None
    exiled_with: str | None = None
    random_result: str | None = None

    @model_validator(mode="after")
    def _one_original(self) -> CreateTokenCopyAction:
        if (self.of is None) == (self.exiled_with is None):
            raise PydanticCustomError(ONE_OF, "create_token_copy takes of or exiled_with")
        return self


class CreateTokenAction(CreatingAction):
    """``create_token: {name, types, …}`` or ``{predefined: Treasure}``: a token the effect defines
    (CR 111.3) or the rules do (CR 111.10)."""

    kind: Literal[ActionKind.CREATE_TOKEN] = ActionKind.CREATE_TOKEN
    token: TokenSpec


class EndsAction(_CausedOnObject):
    """``ends: {object, effect | copy_effect | text_change}``: one of the object's effects ends (its Nth
    listed effect, Nth copy effect or Nth text-changing effect, counting from 1; CR 611.2a)."""

    kind: Literal[ActionKind.ENDS] = ActionKind.ENDS
    effect: int | None = None
    copy_effect: int | None = None
    text_change_number: int | None = None

    @model_validator(mode="after")
    def _one_effect(self) -> EndsAction:
        given = (self.effect, self.copy_effect, self.text_change_number)
        if sum(number is not None for number in given) != 1:
            raise PydanticCustomError(ONE_OF, "ends takes one of effect, copy_effect and text_change")
        return self


class CleanupAction(_Action):
    """``cleanup: {}``: the cleanup step; "until end of turn" and "this turn" effects end (CR 514.2)."""

    kind: Literal[ActionKind.CLEANUP] = ActionKind.CLEANUP


class TurnFaceUpAction(_CausedOnObject):
    """``turn_face_up: {object, via}``: a face-down permanent is turned face up (CR 708.8)."""

    kind: Literal[ActionKind.TURN_FACE_UP] = ActionKind.TURN_FACE_UP


class TurnFaceDownAction(_CausedOnObject):
    """``turn_face_down: {object, via}``: a permanent is turned face down (CR 708.2)."""

    kind: Literal[ActionKind.TURN_FACE_DOWN] = ActionKind.TURN_FACE_DOWN


class TransformAction(_CausedOnObject):
    """``transform: {object, via}``: a transforming double-faced permanent transforms (CR 701.27)."""

    kind: Literal[ActionKind.TRANSFORM] = ActionKind.TRANSFORM


class NextEntersAsCopyAction(_Action):
    """``next_enters_as_copy: {of, via}``: the next creature to enter enters as a copy (Mystic Reflection's
    replacement effect, CR 614.1c)."""

    kind: Literal[ActionKind.NEXT_ENTERS_AS_COPY] = ActionKind.NEXT_ENTERS_AS_COPY
    of: str
    via: str
    via_stack: str | None = None

    def card_names(self) -> tuple[str, ...]:
        """The ``via`` card."""
        return (self.via,)

    def from_stack(self) -> str | None:
        """The stack entry named by ``via``."""
        return self.via_stack

    def via_card(self) -> str | None:
        """The ``via`` card."""
        return self.via


class DayNightAction(_Action):
    """``day_night: day | night``: it becomes day or night (CR 728.1a, 702.145)."""

    kind: Literal[ActionKind.DAY_NIGHT] = ActionKind.DAY_NIGHT
    day_night: DayNight


class PutOntoBattlefieldAction(OnObjectAction):
    """``put_onto_battlefield: {object, transformed}``: a card in another zone is put onto the battlefield
    (CR 712.14; ``transformed``: with its back face up, 712.14a)."""

    kind: Literal[ActionKind.PUT_ONTO_BATTLEFIELD] = ActionKind.PUT_ONTO_BATTLEFIELD
    transformed: bool = False


class FlipAction(OnObjectAction):
    """``flip: {object}``: a flip card flips (CR 710.4)."""

    kind: Literal[ActionKind.FLIP] = ActionKind.FLIP


class LeavesAction(OnObjectAction):
    """``leaves: {object, to, by, replacement, last, ids}``: a permanent leaves the battlefield (CR 400.7)."""

    kind: Literal[ActionKind.LEAVES] = ActionKind.LEAVES
    move: MoveSpec


class ReturnsAction(OnObjectAction):
    """``returns: {cards_of, to, counters, controller, by}``: the card(s) a permanent became move on, found
    again (CR 712.21c); ``target`` is that permanent."""

    kind: Literal[ActionKind.RETURNS] = ActionKind.RETURNS
    move: MoveSpec


class AttachAction(OnObjectAction):
    """``attach: {object, to}``: an Aura, Equipment or Fortification becomes attached (CR 301.5, 613.7e)."""

    kind: Literal[ActionKind.ATTACH] = ActionKind.ATTACH
    to: str


class ChangeTextAction(OnObjectAction):
    """``change_text: {object, from, to, via, until}``: a word replaced by another (CR 612.2, layer 3)."""

    kind: Literal[ActionKind.CHANGE_TEXT] = ActionKind.CHANGE_TEXT
    text_change: TextChangeSpec


class ExchangeTextAction(OnObjectAction):
    """``exchange_text: {objects: [A, B], via}``: two permanents' text boxes are exchanged (CR 612.5);
    ``target`` is the first, ``text_change.exchange_with`` the second."""

    kind: Literal[ActionKind.EXCHANGE_TEXT] = ActionKind.EXCHANGE_TEXT
    text_change: TextChangeSpec


class MutatesAction(_Action):
    """``mutates: {card, id, onto, on_top, controller, token}``: a mutating creature spell resolves (CR
    702.140b-c): it merges with ``onto``, on top or under it (``on_top``; None: the board doesn't say), or
    enters as a creature when its target is illegal. ``spell`` is the spell as an entering object would be."""

    kind: Literal[ActionKind.MUTATES] = ActionKind.MUTATES
    spell: ObjectSpec
    onto: str
    on_top: bool | None = None

    def card_names(self) -> tuple[str, ...]:
        """The mutating spell's card."""
        return (self.spell.card,)

    def handle(self) -> str | None:
        """The permanent it merges with (what a board asks about by default)."""
        return self.onto


Action = Annotated[
    EntersAction
    | ResolvesAction
    | BecomesCopyAction
    | CreateTokenCopyAction
    | CreateTokenAction
    | EndsAction
    | CleanupAction
    | TurnFaceUpAction
    | TurnFaceDownAction
    | TransformAction
    | NextEntersAsCopyAction
    | DayNightAction
    | PutOntoBattlefieldAction
    | FlipAction
    | LeavesAction
    | ReturnsAction
    | AttachAction
    | ChangeTextAction
    | ExchangeTextAction
    | MutatesAction,
    Field(discriminator="kind"),
]
"""One action of a board: the model of its kind."""

for _model in (BoardSpec, Event, Board):
    _model.model_rebuild(_types_namespace={"Action": Action})
