"""What every answer of the Judge is built on: the immutable base model, and the frame a front end shows
an answer in (the data's dates and the cards' printed names in the answer's language), read on the
Judge's worker in the same call as the answer, so the footer and the names match the data it used."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, final

from pydantic import BaseModel, ConfigDict, Field

NO_PRINTED_NAMES: Mapping[str, str] = MappingProxyType({})
"""No printed names: every card shown by its Oracle name (English answers)."""


class Answer(BaseModel):
    """Base of the Judge's answers: immutable, holding the data layer's dataclasses as they are."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)


class DataVersions(Answer):
    """Which data the answers stand on: the rules' effective date and the card data's date ("" unknown)."""

    rules: str
    cards: str


@final
class Frame:
    """The data an answer was built on, as a front end shows it: the rules' effective date and the card
    data's date (``versions``), and the printed name in the answer's language of every cached card that
    has one, by Oracle name (``names``: none in English).

    A plain class, not a model: pydantic takes it as it is (``names`` holds every cached card's printed
    name, shared between answers: validating it would copy it for each one)."""

    __slots__ = ("names", "versions")

    def __init__(self, versions: DataVersions, names: Mapping[str, str] = NO_PRINTED_NAMES) -> None:
        self.versions: Final = versions
        self.names: Final = names

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Frame):
            return NotImplemented
        return self.versions == other.versions and self.names == other.names

    def __hash__(self) -> int:
        return hash(self.versions)

    def __repr__(self) -> str:
        return f"Frame(versions={self.versions!r}, names={len(self.names)})"


class Framed(Answer):
    """An answer a front end shows: the Judge sets its ``frame`` (never in its JSON)."""

    frame: Frame | None = Field(default=None, exclude=True)
