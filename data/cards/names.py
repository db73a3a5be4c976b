"""Card names as the cache indexes them: normalised forms, every face name, stable keys, game-card rank."""

from __future__ import annotations

import re
import unicodedata
import uuid
from typing import Any

MAX_NAME_LENGTH = 200

# Ligatures that Unicode decomposition keeps as one letter but players type as two.
_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe"})
# \w is letters, digits and "_" (combining accents are none of these): drop "_" and all but \w and spaces
_NOT_LETTER_OR_DIGIT = re.compile(r"[^\w\s]|_")
_NAME_KEY_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://github.com/mtg-judge/card-name")

NON_GAME_LAYOUTS = frozenset(
    {"token", "double_faced_token", "emblem", "art_series", "vanguard", "scheme", "planar"}
)


def normalize_name(name: str) -> str:
    """Casefolded, accents stripped, punctuation removed, whitespace collapsed: ``Lim-Dûl`` → ``limdul``."""
    decomposed = unicodedata.normalize("NFKD", name.casefold().translate(_LIGATURES))
    return " ".join(_NOT_LETTER_OR_DIGIT.sub("", decomposed).split())


def card_names(card: dict[str, Any]) -> list[tuple[str, bool]]:
    """Every name ``card`` answers to: its full name, then each face name (``is_face`` = True)."""
    names = [(str(card["name"]), False)]
    for face in card.get("card_faces", []):
        face_name = str(face.get("name", ""))
        if face_name and face_name != card["name"]:
            names.append((face_name, True))
    return names


def card_key(card: dict[str, Any]) -> str:
    """The cache key: the Oracle id, else a stable uuid5 derived from the name (supplement records)."""
    oracle_id = card.get("oracle_id")
    if oracle_id:
        return str(oracle_id)
    return str(uuid.uuid5(_NAME_KEY_NAMESPACE, str(card["name"])))


def is_game_card(card: dict[str, Any]) -> bool:
    """False for tokens, emblems, art series, vanguards, schemes and planes; True for real game cards."""
    if card.get("layout") in NON_GAME_LAYOUTS or card.get("set_type") in {"token", "memorabilia"}:
        return False
    return not str(card.get("type_line", "")).startswith(("Token ", "Emblem", "Card"))
