"""Scryfall card objects by name from the shared snapshot and supplement, for engine tests.

Engine tests need raw card JSON without going through the cache; this reads the shared files once
per test session. Names are matched case-insensitively on the full name and on every face name.
Cards missing from ../shared (the supplement README names some) come from ``tests/fixtures/own_cards.jsonl``,
small records written for this project.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from data.cards.schema import CardRecord
from data.rules.parser import decode_rules, parse_rules
from engine.core.model import Card
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from tests.conftest import ORACLE_2022, ORACLE_BULK, RULES_FILE, SUPPLEMENT, require_shared

OWN_CARDS = Path(__file__).parent / "fixtures" / "own_cards.jsonl"


def _json_lines(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def all_cards() -> list[dict[str, Any]]:
    """Every card of the 2019 snapshot, then the supplement, then our own fixtures."""
    return list(_all_cards())


@cache
def _all_cards() -> tuple[dict[str, Any], ...]:
    with gzip.open(require_shared(ORACLE_BULK), "rt", encoding="utf-8") as bulk:
        cards: list[dict[str, Any]] = json.load(bulk)
    cards.extend(_json_lines(require_shared(SUPPLEMENT)))
    if OWN_CARDS.exists():
        cards.extend(_json_lines(OWN_CARDS))
    return tuple(cards)


def cards_2022() -> list[dict[str, Any]]:
    """Every record of the shared 2022 Gatherer file: cards printed since the 2019 bulk, changed wordings."""
    return list(_cards_2022())


@cache
def _cards_2022() -> tuple[dict[str, Any], ...]:
    with gzip.open(require_shared(ORACLE_2022), "rt", encoding="utf-8") as lines:
        return tuple(json.loads(line) for line in lines if line.strip())


def is_creature(raw: Mapping[str, Any]) -> bool:
    """Whether the record's front face is a creature (the cards a Clone can copy from a corpus)."""
    front = (raw.get("card_faces") or [raw])[0]
    return "Creature" in front.get("type_line", raw.get("type_line", ""))


@cache
def _by_name() -> dict[str, dict[str, Any]]:
    index: dict[str, dict[str, Any]] = {}
    for card in _all_cards():
        names = [card["name"], *(face["name"] for face in card.get("card_faces", []))]
        for name in names:
            # later records (supplement, own fixtures) are newer wording: they win
            index[name.casefold()] = card
    return index


def card_json(name: str) -> dict[str, Any]:
    """The Scryfall card object named ``name`` (full or face name); a card printed since the 2019 snapshot
    from the shared 2022 file; KeyError when absent from both."""
    key = name.casefold()
    return _by_name()[key] if key in _by_name() else _by_name_2022()[key]


@cache
def _by_name_2022() -> dict[str, dict[str, Any]]:
    return {
        face.casefold(): card
        for card in _cards_2022()
        for face in [card["name"], *(f["name"] for f in card.get("card_faces") or [])]
    }


def card_record(name: str) -> CardRecord:
    """:func:`card_json` checked against the card schema, as the cache stores it."""
    return CardRecord.model_validate(card_json(name))


@cache
def rules_keyword_vocabulary() -> KeywordVocabulary:
    """The keyword vocabulary of the shared Comprehensive Rules, built once per session."""
    rules = parse_rules(decode_rules(require_shared(RULES_FILE).read_bytes()))
    return KeywordVocabulary.from_rules(rules)


def parsed_card(name: str) -> Card:
    """The card named ``name`` (see :func:`card_json`) parsed with the CR keyword vocabulary."""
    return parse_card(card_json(name), rules_keyword_vocabulary())


def creature_cards(limit: int | None = None) -> list[Card]:
    """Every creature card of the corpus (front face a creature), each name once, in corpus order, parsed."""
    vocabulary = rules_keyword_vocabulary()
    found: dict[str, Card] = {}
    for raw in all_cards():
        if not is_creature(raw) or raw["name"] in found:
            continue
        found[raw["name"]] = parse_card(raw, vocabulary)
        if limit is not None and len(found) >= limit:
            break
    return list(found.values())
