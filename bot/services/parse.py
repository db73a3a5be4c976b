"""The Oracle text breakdown for the CLI and the Discord cogs: resolve a name, parse it, render JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.config import Settings
from bot.services.context import Services, open_services
from bot.services.rules import ImportSummary, LoadedRules, load_rules
from engine import Card, Face, parse_card


@dataclass(frozen=True, slots=True)
class ParseAnswer:
    """A parsed card and the version of the rules whose keyword vocabulary parsed it."""

    card: Card
    rules_version: str
    downloaded: ImportSummary | None  # the rules were downloaded for this question (say so)


async def find_parsed_card(services: Services, name: str, rules: LoadedRules) -> Card:
    """The card ``name`` names (cache, then Scryfall unless offline), parsed with the keywords of ``rules``.

    Raises a CardLookupError (CardNotFound, AmbiguousCardName, InvalidCardQuery …).
    """
    return parse_card(await services.cards.find(name), rules.vocabulary)


async def parse_named_card(settings: Settings, name: str) -> ParseAnswer:
    """Look ``name`` up and parse it with the stored rules' keywords (downloaded first when none are).

    Raises a CardLookupError, RulesUnavailable, RulesDownloadError or RulesParseError.
    """
    async with open_services(settings) as services:
        rules = await load_rules(services)
        card = await find_parsed_card(services, name, rules)
    return ParseAnswer(card=card, rules_version=rules.version, downloaded=rules.downloaded)


def parse_json(answer: ParseAnswer) -> dict[str, Any]:
    """The stable JSON of a breakdown: every face with its abilities (all fields) and copy effects."""
    card = answer.card
    return {
        "card": card.name,
        "key": card.key,
        "layout": card.layout,
        "mana_value": card.mana_value,
        "rules_version": answer.rules_version,
        "faces": [_face_json(face) for face in card.faces],
    }


def _face_json(face: Face) -> dict[str, Any]:
    return {
        "name": face.name,
        "short_name": face.short_name,
        "mana_cost": list(face.mana_cost),
        "mana_value": face.mana_value,
        "colors": list(face.colors),
        "type_line": face.type_line.model_dump(mode="json"),
        "power": face.power.printed if face.power else None,
        "toughness": face.toughness.printed if face.toughness else None,
        "loyalty": face.loyalty.printed if face.loyalty else None,
        "defense": face.defense.printed if face.defense else None,
        "abilities": [ability.model_dump(mode="json") for ability in face.abilities],
        "copy_effects": [effect.model_dump(mode="json") for effect in face.copy_effects],
    }
