"""What a card record of a bulk file must look like to be stored: Scryfall's card schema, checked
field by field (``cmc: "lots"`` or ``mana_cost: 5`` would later break every question about the card).

Only the fields the cache and the engine read are checked; the rest of Scryfall's fields pass as they are.
Types are strict (no coercion): a record that doesn't fit is skipped, never stored half-right.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from data.cards.names import MAX_NAME_LENGTH
from data.excerpts import excerpt

_TEXT = 10_000  # characters of one Oracle text (the longest printed is about 1,000)


class _Face(BaseModel):
    """A face of a multi-faced card (``card_faces``)."""

    model_config = ConfigDict(extra="ignore", strict=True)  # unchecked fields are stored as read

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    mana_cost: str | None = Field(default=None, max_length=200)
    type_line: str | None = Field(default=None, max_length=500)
    oracle_text: str | None = Field(default=None, max_length=_TEXT)
    power: str | None = Field(default=None, max_length=20)
    toughness: str | None = Field(default=None, max_length=20)
    loyalty: str | None = Field(default=None, max_length=20)
    defense: str | None = Field(default=None, max_length=20)
    colors: list[str] | None = None


class _Card(_Face):
    """A Scryfall card object (https://scryfall.com/docs/api/cards), as far as this project reads it."""

    object: str | None = None
    id: str | None = None
    oracle_id: str | None = None
    layout: str | None = None
    cmc: float | None = Field(default=None, ge=0, le=1_000_000)
    color_identity: list[str] | None = None
    keywords: list[str] | None = None
    card_faces: list[_Face] | None = None


def record_problem(record: dict[str, Any]) -> str | None:
    """Why ``record`` isn't a storable Scryfall card (its first wrong field, briefly), or None."""
    try:
        _Card.model_validate(record)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "record"
        return f"{where}: {excerpt(first['msg'], 80)}"
    return None


def record_name(record: dict[str, Any]) -> str:
    """The record's name for a report, short and escaped (it may be anything)."""
    return excerpt(record.get("name"))
