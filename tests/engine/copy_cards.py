"""Parsed cards for copy-engine tests: every card a board names, parsed from the shared card data."""

from __future__ import annotations

from engine.actions.zones import meld_parts_needed
from engine.core.model import Card
from engine.state.board import BoardSpec
from tests.card_data import parsed_card


def cards_for(spec: BoardSpec) -> dict[str, Card]:
    """Every card the board names, by the name it uses."""
    cards = {name: parsed_card(name) for name in spec.card_names()}
    return cards | {name: parsed_card(name) for name in meld_parts_needed(cards)}
