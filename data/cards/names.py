"""Card names as the cache indexes them: normalised forms, every face name, stable keys, game-card rank."""

from __future__ import annotations

import re
import unicodedata
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

MAX_NAME_LENGTH = 200

# Ligatures that Unicode decomposition keeps as one letter but players type as two.
_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe"})
# \w is letters, digits and "_" (combining accents are none of these): drop "_" and all but \w and spaces
_NOT_LETTER_OR_DIGIT = re.compile(r"[^\w\s]|_")
_NAME_KEY_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://github.com/mtg-judge/card-name")

# Japanese names: the voiced-sound marks belong to their kana (ゴ is not コ), so they survive accent
# stripping; the middle dot between the words of a name counts as a space (チャンドラ・ナラー is
# チャンドラ ナラー), the long-vowel mark (ー, or a dash typed for it) is dropped, and katakana are
# matched as hiragana (タルモゴイフ, たるもごいふ and ﾀﾙﾓｺﾞｲﾌ are one name).
_KANA_VOICING = frozenset("\u3099\u309a")
_WORD_SEPARATORS = str.maketrans({"・": " ", "·": " ", "ー": None})
_KATAKANA_AS_HIRAGANA = str.maketrans({chr(code): chr(code - 0x60) for code in range(0x30A1, 0x30F7)})

NON_GAME_LAYOUTS = frozenset(
    {"token", "double_faced_token", "emblem", "art_series", "vanguard", "scheme", "planar"}
)


def normalize_name(name: str) -> str:
    """The matching key of a name: NFKC (full and half width alike), casefolded, accents stripped,
    punctuation removed, whitespace collapsed; kana as above. ``Lim-Dûl`` → ``limdul``,
    ``チャンドラ・ナラー`` → ``ちゃんどら なら``."""
    if name.isascii():  # most names and queries: every step below but the last two leaves ASCII as it is
        return " ".join(_NOT_LETTER_OR_DIGIT.sub("", name.lower()).split())
    return _normalize_unicode(name)


def _normalize_unicode(name: str) -> str:
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_LIGATURES)
    decomposed = unicodedata.normalize("NFKD", folded)
    unaccented = "".join(ch for ch in decomposed if ch in _KANA_VOICING or not unicodedata.combining(ch))
    composed = unicodedata.normalize("NFC", unaccented).translate(_WORD_SEPARATORS)
    words = _NOT_LETTER_OR_DIGIT.sub("", composed).translate(_KATAKANA_AS_HIRAGANA)
    return " ".join(words.split())


def card_names(card: Mapping[str, Any]) -> list[tuple[str, bool]]:
    """Every name ``card`` (Scryfall JSON) answers to: its full name, then each face name (``is_face``)."""
    faces = card.get("card_faces") or []
    return answered_names(str(card["name"]), [str(face.get("name", "")) for face in faces])


def answered_names(name: str, face_names: Iterable[str]) -> list[tuple[str, bool]]:
    """A card's full ``name``, then each of its ``face_names`` that differs from it (``is_face`` = True)."""
    return [(name, False), *((face, True) for face in face_names if face and face != name)]


def card_key(card: Mapping[str, Any]) -> str:
    """The cache key of ``card`` (Scryfall JSON): see :func:`key_of`."""
    return key_of(card.get("oracle_id"), str(card["name"]))


def key_of(oracle_id: object, name: str) -> str:
    """The cache key: the Oracle id, else a stable uuid5 derived from the name (supplement records)."""
    if oracle_id:
        return str(oracle_id)
    return str(uuid.uuid5(_NAME_KEY_NAMESPACE, name))


def is_game_card(card: Mapping[str, Any]) -> bool:
    """Whether ``card`` (Scryfall JSON) is a real game card: see :func:`game_card`."""
    return game_card(card.get("layout"), card.get("set_type"), str(card.get("type_line", "")))


def game_card(layout: object, set_type: object, type_line: str) -> bool:
    """False for tokens, emblems, art series, vanguards, schemes and planes; True for real game cards."""
    if layout in NON_GAME_LAYOUTS or set_type in {"token", "memorabilia"}:
        return False
    return not type_line.startswith(("Token ", "Emblem", "Card"))
