"""The card records of ``tests/fixtures/card_kinds.jsonl`` (issue 25 item 4: card kinds after 2022, in
Scryfall's current card-object shape), by name, checked by the card schema and parsed for the engine."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from data.cards.schema import CardRecord
from engine.core.model import Card
from engine.oracle import parse_card
from tests.card_data import parsed_card, rules_keyword_vocabulary
from tests.locations import FIXTURES

CARD_KINDS = FIXTURES / "card_kinds.jsonl"


@cache
def _records() -> dict[str, dict[str, Any]]:
    lines = CARD_KINDS.read_text(encoding="utf-8").splitlines()
    return {record["name"]: record for record in (json.loads(line) for line in lines if line.strip())}


def kind_record(name: str) -> dict[str, Any]:
    """The fixture record named ``name`` (its full name), as written: Scryfall's JSON (a copy of its own,
    which a test may change without changing another test's)."""
    return copy.deepcopy(_records()[name])


def kind_records() -> list[dict[str, Any]]:
    """Every fixture record, as written."""
    return [copy.deepcopy(record) for record in _records().values()]


def kind_card(name: str) -> Card:
    """The fixture record named ``name`` through the card schema, parsed as the engine reads it."""
    return parse_card(CardRecord.model_validate(kind_record(name)).scryfall(), rules_keyword_vocabulary())


def catalogue(*names: str, also: tuple[str, ...] = ()) -> dict[str, Card]:
    """The fixture cards ``names`` under their parsed names (and a face name for each), plus the shared
    corpus cards ``also`` (Clone, Cackling Counterpart…)."""
    cards: dict[str, Card] = {}
    for name in names:
        card = kind_card(name)
        cards[name] = cards[card.name] = card
    return cards | {other: parsed_card(other) for other in also}
