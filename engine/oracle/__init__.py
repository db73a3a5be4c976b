"""The Oracle text model: a Scryfall card object parsed into faces, typed abilities and copy effects.

:func:`parse_card` is pure (no I/O) and does not rely on optional Scryfall fields: the 2019 bulk
file has no ``keywords`` and the supplement has no ids, so keywords come from the Comprehensive
Rules vocabulary and the key falls back to the name.

This package is the one place the engine reads Oracle wording; every other subpackage consumes its
typed results. Its modules: ``text`` (paragraphs, reminder text, self-references), ``types`` (type lines,
CR 205), ``mana`` (mana costs, CR 107.4, 202), ``keywords`` (the keyword vocabulary, CR 701, 702),
``abilities`` (splitting and classifying abilities, CR 113, 602–607, 614), ``copy_effects`` (copy
instructions, CR 707), ``entering`` ("enters with" / "as enters" text, CR 614.1c, 614.12, 603.6a),
``spell_text`` (targets, cast conditions and riders of spells and abilities, CR 115, 601.2, 707.10),
``wording`` (short wordings the board asks about: static copy effects, self-animation, state
triggers), ``statics`` (static abilities' wordings, CR 604, 613, and level symbols, 711.2) with
``static_subjects`` (whom a static ability affects), ``static_conditions`` ("as long as", CR 604.2, 611.3a)
and ``static_effects`` (what it does, CR 613.1, 205.1), ``zones`` (zone-change triggers and replacements,
CR 603.6c, 614), ``spell_triggers`` ("whenever you cast or copy …" triggers, CR 601.2i, 603.2d, 707.10),
``linked`` (linked-ability phrases, CR 607.2), ``corpus`` (whole-corpus parser figures).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.core.mana import COLOR_ORDER, cost_colors, mana_symbols, mana_value
from engine.core.model import Card, Face, PrintedNumber
from engine.oracle.abilities import FaceContext, parse_abilities
from engine.oracle.copy_effects import parse_copy_effects
from engine.oracle.keywords import KeywordVocabulary
from engine.oracle.text import SelfNames, self_names, short_names
from engine.oracle.types import parse_type_line

# Layouts whose faces are separate spells that name only themselves ("Fire deals 2 damage …").
_SEPARATE_FACE_LAYOUTS = frozenset({"split", "adventure"})
_FIXED_NUMBER = re.compile(r"^[+-]?\d+$")

__all__ = ["parse_card"]


def parse_card(card: Mapping[str, Any], keywords: KeywordVocabulary) -> Card:
    """Parse a Scryfall card object (bulk, API or supplement record) into a :class:`Card`."""
    card = _one_card(card)
    raw_faces: Sequence[Mapping[str, Any]] = card.get("card_faces") or [card]
    layout = str(card.get("layout", "normal"))
    faces = tuple(_parse_face(face, card, raw_faces, layout, keywords) for face in raw_faces)
    return Card(
        key=str(card.get("oracle_id") or f"name:{card['name'].casefold()}"),
        name=card["name"],
        layout=layout,
        mana_value=float(card.get("cmc", faces[0].mana_value)),
        faces=faces,
        meld_parts=_meld_parts(card),
    )


def _one_card(card: Mapping[str, Any]) -> Mapping[str, Any]:
    """A reversible card (Scryfall's layout ``reversible_card``) is one card printed on both sides, each side
    a face with its own layout, Oracle id and mana value: when both are the same card (one Oracle id), it is
    that card, read from its front face. Any other card as it is (two different cards stay two faces)."""
    faces: Sequence[Mapping[str, Any]] = card.get("card_faces") or ()
    if card.get("layout") != "reversible_card" or not faces:
        return card
    if len({face.get("oracle_id") for face in faces}) != 1:
        return card
    front = faces[0]
    rest = {key: value for key, value in card.items() if key not in ("card_faces", "name")}
    return (
        rest
        | dict(front)
        | {
            "layout": str(front.get("layout") or "normal"),
            "oracle_id": card.get("oracle_id") or front.get("oracle_id"),
        }
    )


def _meld_parts(card: Mapping[str, Any]) -> tuple[str, ...]:
    """For a meld result, the names of its meld parts (Scryfall ``all_parts``); () for other cards."""
    parts: Sequence[Mapping[str, Any]] = card.get("all_parts") or ()
    if not any(p.get("component") == "meld_result" and p.get("name") == card["name"] for p in parts):
        return ()
    return tuple(sorted(str(p["name"]) for p in parts if p.get("component") == "meld_part"))


def _parse_face(
    face: Mapping[str, Any],
    card: Mapping[str, Any],
    all_faces: Sequence[Mapping[str, Any]],
    layout: str,
    keywords: KeywordVocabulary,
) -> Face:
    type_line = parse_type_line(face.get("type_line") or card.get("type_line"))
    cost, value = _mana_cost(face.get("mana_cost"))
    short = short_names(face["name"], "Legendary" in type_line.supertypes)
    names = _self_names(face, card, all_faces, layout, keywords)
    context = FaceContext(
        names=names,
        is_spell=bool({"Instant", "Sorcery"} & set(type_line.types)),
        is_saga="Saga" in type_line.subtypes,
        is_class="Class" in type_line.subtypes,
    )
    text = str(face.get("oracle_text") or "")
    abilities = parse_abilities(text, context, keywords)
    return Face(
        name=face["name"],
        short_name=short[0] if short else None,
        mana_cost=cost,
        mana_value=value,
        colors=_colors(face, card, cost),
        color_indicator=tuple(face.get("color_indicator") or ()),
        type_line=type_line,
        power=_number(face.get("power")),
        toughness=_number(face.get("toughness")),
        loyalty=_number(face.get("loyalty")),
        defense=_number(face.get("defense")),
        oracle_text=text,
        abilities=abilities,
        copy_effects=parse_copy_effects(abilities, names),
    )


def _self_names(
    face: Mapping[str, Any],
    card: Mapping[str, Any],
    all_faces: Sequence[Mapping[str, Any]],
    layout: str,
    keywords: KeywordVocabulary,
) -> SelfNames:
    """Names that mean "this object" on ``face``: its own, the card's, and (for transforming, flip and
    modal double-faced cards) the other faces', plus legendary short names."""
    named = [face] if layout in _SEPARATE_FACE_LAYOUTS else list(all_faces)
    full = [card["name"], *(each["name"] for each in named)]
    short = [
        name
        for each in named
        for name in short_names(
            each["name"], "Legendary" in parse_type_line(each.get("type_line") or "").supertypes
        )
        if not keywords.is_keyword(name)
    ]
    return self_names(full, short)


def _colors(face: Mapping[str, Any], card: Mapping[str, Any], cost: tuple[str, ...]) -> tuple[str, ...]:
    """The face's colors in WUBRG order: Scryfall's when given, else from its mana cost, else the card's."""
    if "colors" in face:
        given = face["colors"]
    elif cost:
        return cost_colors(cost)
    else:
        given = face.get("color_indicator") or card.get("colors") or ()
    return tuple(color for color in COLOR_ORDER if color in given)


@lru_cache(maxsize=1024)  # pure, and few costs stand on most cards (676 in the whole corpus)
def _mana_cost(printed: str | None) -> tuple[tuple[str, ...], float]:
    """A printed mana cost's symbols and mana value."""
    symbols = mana_symbols(printed)
    return symbols, mana_value(symbols)


def _number(printed: Any) -> PrintedNumber | None:
    return None if printed is None else _printed_number(str(printed))


@lru_cache(maxsize=512)  # a handful of values ("2", "*", "1+*") stand on most cards
def _printed_number(text: str) -> PrintedNumber:
    return PrintedNumber(printed=text, value=int(text) if _FIXED_NUMBER.match(text) else None)
