"""The ``stack:`` section of a board as the user wrote it (bottom first): spells, abilities and their copies.

``StackEntrySpec`` validates one entry (card names stay names); :mod:`engine.answers.stack_board` builds the
entries into :class:`~engine.stack.items.StackSpell` / :class:`~engine.stack.items.StackAbility` objects
(CR 707.10–707.12). Kept apart from the builder so :class:`~engine.state.board.BoardSpec` can hold the
section without importing the spell-copy engine.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, ConfigDict, Field

from engine.core.model import Frozen

MAX_STACK = 30
MAX_LIST = 20
MAX_TEXT = 200
MAX_X = 1000

Player = Literal["you", "opponent"]
Name = Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]


def _named(value: object) -> object:
    return {"card": value} if isinstance(value, str) else value


class PaidObjectSpec(Frozen):
    """An object used to pay a cost: a name, or a name with its last known values."""

    card: Name
    power: int | None = None
    toughness: int | None = None
    mana_value: float | None = None


PaidObjects = tuple[Annotated[PaidObjectSpec, BeforeValidator(_named)], ...]


def _times(value: object) -> object:
    """``kicked: {times: 2}`` is ``kicked: 2`` (CR 702.33d)."""
    return value["times"] if isinstance(value, dict) and list(value) == ["times"] else value


class PaidSpec(Frozen):
    """The ``paid:`` mapping of a stack entry."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    sacrificed: PaidObjects = Field(default=(), max_length=MAX_LIST)
    discarded: PaidObjects = Field(default=(), max_length=MAX_LIST)
    exiled: PaidObjects = Field(default=(), max_length=MAX_LIST)
    tapped: PaidObjects = Field(default=(), max_length=MAX_LIST)
    mana: str = Field(default="", max_length=MAX_TEXT, pattern=r"^(\{[^{}]{1,6}\})*$")
    cast_from: str = Field(default="hand", alias="from", max_length=20)
    with_sources: tuple[Name, ...] = Field(default=(), max_length=MAX_LIST)
    alternative: str | None = Field(default=None, max_length=MAX_TEXT)  # flashback, overload …


class StackEntrySpec(Frozen):
    """One entry of ``stack:``: a spell, an ability of an object, or a copy of an earlier entry."""

    line: int = 0
    id: str | None = Field(default=None, max_length=MAX_TEXT)
    card: Name | None = None
    controller: Player = "you"
    kicked: Annotated[
        bool | Annotated[int, Field(ge=0, le=MAX_X)] | tuple[Name, ...] | None, BeforeValidator(_times)
    ] = None  # None: not given (engine.oracle.kicker)
    x: int | None = Field(default=None, ge=0, le=MAX_X)
    modes: tuple[Name, ...] = Field(default=(), max_length=MAX_LIST)
    targets: tuple[Name, ...] = Field(default=(), max_length=MAX_LIST)
    division: tuple[int, ...] = Field(default=(), max_length=MAX_LIST)
    entwined: bool | None = None  # None: not given (a spell with entwine whose modes aren't given either)
    buyback: bool | None = None  # None: not given (CR 702.27a)
    squad: int | None = Field(default=None, ge=0, le=MAX_X)  # times its squad cost was paid (702.157a)
    offspring: bool | None = None  # whether its offspring cost was paid (702.175a)
    cleaved: bool | None = None  # whether it was cast for its cleave cost (702.148a); None: not given
    prototyped: bool | None = None  # cast as a prototyped spell (718.3a); None: not given
    spliced: tuple[Name, ...] = Field(default=(), max_length=MAX_LIST)
    transformed: bool = False  # cast back face up (CR 707.10g); ``face: back`` says it for a modal one
    # the face a modal double-faced spell was cast as (712.11b), or an adventurer card cast as an Adventure
    face: Literal["front", "back", "adventure"] | None = None
    paid: PaidSpec | None = None
    source: Name | None = None  # with ``ability``: the object whose ability is on the stack
    ability: int | None = Field(default=None, ge=1, le=50)
    copy_of: Name | None = None
    via: Name | None = None
    new_targets: tuple[Name, ...] | None = Field(default=None, max_length=MAX_LIST)


def stack_card_names(entries: tuple[StackEntrySpec, ...]) -> tuple[str, ...]:
    """Every card name the stack section mentions, for the loader to resolve."""
    names: list[str] = []
    for entry in entries:
        names += [n for n in (entry.card, entry.via) if n]
        names += list(entry.spliced)
        if entry.paid:
            names += list(entry.paid.with_sources)
            for paid in (
                *entry.paid.sacrificed,
                *entry.paid.discarded,
                *entry.paid.exiled,
                *entry.paid.tapped,
            ):
                names.append(paid.card)
    return tuple(dict.fromkeys(names))
