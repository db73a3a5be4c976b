"""The Oracle-text breakdown of a card as the Judge answers it, and its stable JSON."""

from __future__ import annotations

from typing import Any

from bot.judge.answers import Framed
from bot.judge.payload import JsonObject
from bot.judge.rules import ImportSummary
from engine import Card, Face


class ParseAnswer(Framed):
    """A parsed card and the version of the rules whose keyword vocabulary parsed it."""

    card: Card
    rules_version: str
    downloaded: ImportSummary | None = None  # the rules were downloaded for this question (say so)


def parse_json(answer: ParseAnswer) -> JsonObject:
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
