"""Checking records against the card schema (:class:`~data.cards.schema.CardRecord`), with a short reason
when one doesn't fit (``cmc: "lots"`` or ``mana_cost: 5`` would later break every question about the card):
:func:`card_record` for one record, :class:`Skipped` for a stream of them (an import skips and counts
what doesn't fit), :func:`record_problem` for a board's defined card (``data.boards``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from pydantic import ValidationError

from data.cards.schema import CardRecord
from data.excerpts import excerpt

MAX_SKIPPED_NAMES = 5  # skipped records named in a report (an import's summary); the rest are counted


class RecordProblem(ValueError):
    """A record that isn't a Scryfall card object; ``str(error)`` is its first wrong field, briefly."""


def card_record(raw: object) -> CardRecord:
    """``raw`` (decoded JSON) checked against the card schema; RecordProblem when it doesn't fit."""
    try:
        return CardRecord.model_validate(raw)
    except ValidationError as error:
        raise RecordProblem(problem_of(error)) from None


def problem_of(error: ValidationError) -> str:
    """The first wrong field of a failed validation and why, briefly (``cmc: 'Input should be…'``)."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "record"
    return f"{where}: {excerpt(first['msg'], 80)}"


def record_problem(record: Mapping[str, Any]) -> str | None:
    """Why ``record`` isn't a storable Scryfall card (its first wrong field, briefly), or None."""
    try:
        card_record(record)
    except RecordProblem as problem:
        return str(problem)
    return None


def record_name(record: object) -> str:
    """The record's name for a report, short and escaped (it may be anything, or not a mapping at all)."""
    return excerpt(record.get("name") if isinstance(record, Mapping) else None)


class Skipped:
    """The records a reader leaves out, counted, the first few named with their first wrong field
    (``'Lots' (cmc: 'Input should be a valid number')``)."""

    def __init__(self) -> None:
        self.count = 0
        self.names: list[str] = []

    def valid(self, records: Iterable[object]) -> Iterator[CardRecord]:
        """The records that fit the card schema, checked; the others are counted here."""
        for record in records:
            try:
                yield card_record(record)
            except RecordProblem as problem:
                self.count += 1
                if len(self.names) < MAX_SKIPPED_NAMES:
                    self.names.append(f"{record_name(record)} ({problem})")
