"""The two schemas of the cards component: what a card record must look like (:class:`CardRecord`, the one
gate every card passes before it is stored or read) and the SQLite tables of the cache (:data:`MIGRATIONS`,
ordered migrations: never edit an applied one; append).

:class:`CardRecord` is the pydantic model of a Scryfall card object (https://scryfall.com/docs/api/cards)
as far as this project reads it, with its nesting (faces, ``image_uris``, ``all_parts``). Records from a
bulk file, an online reply, the shared supplements, a board's defined cards and the cache itself are
validated by it: ``CardRecord.model_validate(raw)`` (a ValidationError says what is wrong; see
``data.cards.records`` for a short reason) and ``record.scryfall()`` for the Scryfall JSON the engine
parses. Types are strict (``cmc: "lots"`` or ``mana_cost: 5`` are refused, not coerced); ``null`` is
the same as an absent field (Scryfall's "nullable"); fields the project doesn't read (legalities,
prices…) pass through unchecked and are kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import sqlite_utils
from pydantic import BaseModel, ConfigDict, Field, model_validator

from data.cards.names import MAX_NAME_LENGTH, answered_names, game_card, key_of
from data.sql import execute_statements

_TEXT = 10_000  # characters of one Oracle text (the longest printed is about 1,000)
_SHORT = 200  # characters of a mana cost, a layout, an id…
_NUMBER = 20  # characters of a printed power, toughness, loyalty or defense ("1+*", "X")


class _Checked(BaseModel):
    """Strict, immutable, and keeping the fields it doesn't check as they were read."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)


class CardFace(_Checked):
    """A face of a multi-faced card (``card_faces``); a single-faced card's own fields are the same."""

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    mana_cost: str | None = Field(default=None, max_length=_SHORT)
    type_line: str | None = Field(default=None, max_length=500)
    oracle_text: str | None = Field(default=None, max_length=_TEXT)
    power: str | None = Field(default=None, max_length=_NUMBER)
    toughness: str | None = Field(default=None, max_length=_NUMBER)
    loyalty: str | None = Field(default=None, max_length=_NUMBER)
    defense: str | None = Field(default=None, max_length=_NUMBER)
    colors: list[str] | None = None
    color_indicator: list[str] | None = None
    image_uris: dict[str, str] | None = None  # {"small": url, "normal": url, …}
    # a printing in another language than English (``lang``): the face as printed in it
    printed_name: str | None = Field(default=None, max_length=MAX_NAME_LENGTH)
    printed_type_line: str | None = Field(default=None, max_length=500)
    printed_text: str | None = Field(default=None, max_length=_TEXT)
    # a reversible card's face (layout ``reversible_card``) has its own Oracle id, layout and mana value
    oracle_id: str | None = Field(default=None, max_length=_SHORT)
    layout: str | None = Field(default=None, max_length=_SHORT)
    cmc: float | None = Field(default=None, ge=0, le=1_000_000)


class RelatedCard(_Checked):
    """One of a card's ``all_parts``: a meld part or result, a token it makes, a combo piece."""

    component: str = Field(max_length=_SHORT)
    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)


class CardRecord(CardFace):
    """A Scryfall card object, checked field by field (see the module's docstring): the only card record
    the cache stores, the importer, the card service and the repository pass along, and the schema a
    board's defined cards must fit. A printing in another language (``lang``, ``printed_name``…) is one
    too: the printed names are read from it.

    A reversible card (layout ``reversible_card``: one card printed on both sides, each with its own art)
    has its Oracle id, type line and mana value only on its faces; when its faces are one card (one Oracle
    id), the record takes them from its front face (:func:`reversible_card_fields`), so that it is keyed,
    ranked and read like every other printing of that card."""

    object: str | None = Field(default=None, max_length=_SHORT)
    id: str | None = Field(default=None, max_length=_SHORT)
    set_type: str | None = Field(default=None, max_length=_SHORT)
    lang: str | None = Field(default=None, max_length=_SHORT)
    released_at: str | None = Field(default=None, max_length=_SHORT)
    scryfall_uri: str | None = Field(default=None, max_length=2_000)
    color_identity: list[str] | None = None
    keywords: list[str] | None = None
    card_faces: list[CardFace] | None = None
    all_parts: list[RelatedCard] | None = None
    edhrec_rank: int | None = Field(default=None, ge=0)  # 1 is the most played (the resolver's ranking)

    @model_validator(mode="before")
    @classmethod
    def _reversible_card(cls, data: Any) -> Any:
        return reversible_card_fields(data)

    @property
    def key(self) -> str:
        """The cache key (``data.cards.names.key_of``)."""
        return key_of(self.oracle_id, self.name)

    @property
    def names(self) -> list[tuple[str, bool]]:
        """Every name the card answers to: its full name, then each face name (``is_face`` = True)."""
        return answered_names(self.name, [face.name for face in self.card_faces or ()])

    @property
    def faces(self) -> Sequence[CardFace]:
        """The card's faces: its ``card_faces``, else the card itself (a single-faced card is its face)."""
        return self.card_faces or (self,)

    @property
    def oracle_texts(self) -> list[str]:
        """The card's Oracle text, then each face's (empty where there is none)."""
        return [self.oracle_text or "", *(face.oracle_text or "" for face in self.card_faces or ())]

    @property
    def is_game_card(self) -> bool:
        """False for tokens, emblems, art series, vanguards, schemes and planes."""
        return game_card(self.layout, self.set_type, self.type_line or "")

    def scryfall(self) -> dict[str, Any]:
        """The record as Scryfall JSON, absent fields out: the engine's input (``engine.parse_card`` is
        pure and reads Scryfall's JSON, not this model), and nothing else's."""
        return self.model_dump(exclude_none=True)

    def json_text(self) -> str:
        """:meth:`scryfall` as compact JSON text, as the cache stores it."""
        return self.model_dump_json(exclude_none=True)


def reversible_card_fields(data: Any) -> Any:
    """A ``reversible_card`` record whose faces are one card (the same ``oracle_id``) with the Oracle id,
    type line and mana value it lacks taken from its faces (Scryfall gives them only there); any other
    record as it is. Fields the record has are never replaced."""
    if not isinstance(data, dict) or data.get("layout") != "reversible_card":
        return data
    faces = data.get("card_faces")
    if not isinstance(faces, list) or not faces or not all(isinstance(face, dict) for face in faces):
        return data
    oracle_ids = {face.get("oracle_id") for face in faces}
    front = faces[0]
    if len(oracle_ids) != 1 or not isinstance(front.get("oracle_id"), str):
        return data
    types = [face.get("type_line") for face in faces]
    derived = {
        "oracle_id": front["oracle_id"],
        "type_line": " // ".join(types) if all(isinstance(t, str) for t in types) else None,
        "cmc": front.get("cmc"),
    }
    missing = {key: value for key, value in derived.items() if value is not None and data.get(key) is None}
    return data | missing


def _create_card_tables(db: sqlite_utils.Database) -> None:
    """Cards (full Scryfall JSON + indexed columns), every name a card answers to, rulings, metadata."""
    execute_statements(db, _CARD_TABLES)


_CARD_TABLES = """
        CREATE TABLE cards (
            key TEXT PRIMARY KEY,            -- oracle_id, else a uuid5 of the name
            oracle_id TEXT,
            name TEXT NOT NULL,
            normalized_name TEXT NOT NULL,
            layout TEXT NOT NULL,
            type_line TEXT NOT NULL,
            is_game_card INTEGER NOT NULL,   -- 0: token, emblem, art series, vanguard...
            json TEXT NOT NULL
        );
        CREATE INDEX cards_name ON cards (name);
        CREATE INDEX cards_normalized_name ON cards (normalized_name);
        CREATE INDEX cards_layout ON cards (layout);
        CREATE INDEX cards_type_line ON cards (type_line);

        CREATE TABLE card_names (
            card_key TEXT NOT NULL REFERENCES cards (key) ON DELETE CASCADE,
            name TEXT NOT NULL,
            normalized TEXT NOT NULL,
            is_face INTEGER NOT NULL,
            PRIMARY KEY (card_key, name)
        );
        CREATE INDEX card_names_name ON card_names (name);
        CREATE INDEX card_names_normalized ON card_names (normalized);

        CREATE TABLE rulings (
            oracle_id TEXT NOT NULL,
            source TEXT NOT NULL,
            published_at TEXT NOT NULL,
            comment TEXT NOT NULL,
            PRIMARY KEY (oracle_id, source, published_at, comment)
        );

        CREATE TABLE ruling_fetches (oracle_id TEXT PRIMARY KEY, fetched_at TEXT NOT NULL);

        CREATE TABLE card_metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


def _create_printed_names(db: sqlite_utils.Database) -> None:
    """The names and text cards are printed with in other languages (Japanese…), by Oracle id."""
    execute_statements(db, _PRINTED_NAMES)


_PRINTED_NAMES = """
        CREATE TABLE printed_names (
            oracle_id TEXT NOT NULL,         -- no foreign key: printings may come before their card
            lang TEXT NOT NULL,              -- Scryfall's language code: ja, de, fr…
            name TEXT NOT NULL,              -- printed_name (a face's, when is_face)
            normalized TEXT NOT NULL,
            is_face INTEGER NOT NULL,
            type_line TEXT NOT NULL,         -- printed_type_line ("" for a face row)
            text TEXT NOT NULL,              -- printed_text ("" for a face row)
            released_at TEXT NOT NULL,       -- of the printing the text came from (newest wins)
            PRIMARY KEY (oracle_id, lang, name)
        );
        CREATE INDEX printed_names_normalized ON printed_names (normalized);
"""


MIGRATIONS: Sequence[Callable[[sqlite_utils.Database], None]] = (_create_card_tables, _create_printed_names)


def _create_language_choices(db: sqlite_utils.Database) -> None:
    """The language each Discord user chose to be answered in (``/settings language``)."""
    execute_statements(db, _LANGUAGE_CHOICES)


_LANGUAGE_CHOICES = """
        CREATE TABLE language_choices (
            user_id TEXT PRIMARY KEY,        -- a Discord user id (a snowflake, as text)
            language TEXT NOT NULL,          -- one of bot.i18n.LANGUAGES
            chosen_at TEXT NOT NULL
        );
"""


MIGRATIONS = (*MIGRATIONS, _create_language_choices)
