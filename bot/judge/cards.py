"""Cards for the Judge: the Oracle fields a user sees (``card --json`` uses Scryfall's names), faces
and rulings."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict

from bot.judge.answers import Answer, Framed
from bot.judge.payload import JsonObject
from data.cards.schema import CardFace, CardRecord
from data.scryfall.images import image_link, page_link


class _Oracle(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class OracleFace(_Oracle):
    """One face's Oracle fields, under Scryfall's names."""

    name: str | None = None
    mana_cost: str | None = None
    type_line: str | None = None
    oracle_text: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    colors: tuple[str, ...] | None = None
    color_indicator: tuple[str, ...] | None = None


class OracleCard(_Oracle):
    """The Oracle fields of a card a user needs, under Scryfall's names and in this order."""

    object: str | None = None
    oracle_id: str | None = None
    name: str
    layout: str | None = None
    mana_cost: str | None = None
    cmc: float | None = None
    type_line: str | None = None
    oracle_text: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    colors: tuple[str, ...] | None = None
    color_indicator: tuple[str, ...] | None = None
    color_identity: tuple[str, ...] | None = None
    keywords: tuple[str, ...] | None = None
    card_faces: tuple[OracleFace, ...] | None = None


class FaceView(Answer):
    """One face of a card as shown to a user (a single-faced card has one)."""

    name: str
    mana_cost: str
    type_line: str
    oracle_text: str
    stats: str  # "2/3", "Loyalty 4", "Defense 5" or ""


class PrintedView(Answer):
    """A card as printed in another language (``printed_name``, ``printed_type_line``, ``printed_text``)."""

    lang: str
    name: str
    type_line: str
    text: str


class CardAnswer(Framed):
    """A card as the Judge shows it: its Oracle fields, faces, image (on Scryfall's current image host,
    ``data.scryfall.images``; None rather than a link that would break), Scryfall page, the card data's
    date and, when asked in another language the cache knows it in, the card as printed in that
    language."""

    oracle: OracleCard
    faces: tuple[FaceView, ...]
    image_url: str | None = None
    scryfall_url: str | None = None
    data_date: str = ""
    printed: PrintedView | None = None
    cache_only: bool = False
    """Scryfall couldn't be reached to confirm a partial or misspelt name: answered from the cache."""

    @property
    def name(self) -> str:
        """The card's full name."""
        return self.oracle.name

    def json_payload(self) -> JsonObject:
        """The stable JSON of ``card --json``: the Oracle fields present, under Scryfall's names."""
        return card_json(self.oracle)


CACHE_ONLY_NOTE = "Scryfall couldn't be reached; answered from the cache."
"""What the front ends say under a ``cache_only`` answer (a card, copy, board or linked answer)."""


class Ruling(Answer):
    """One ruling: who published it, when, and what it says."""

    source: str
    published_at: str
    comment: str


class RulingsAnswer(Framed):
    """A card's rulings, newest first; ``loaded`` false when the cache has never had this card's rulings
    (offline, or Scryfall unreachable, and no rulings file imported): then no ruling is known, which is
    not the same as none existing."""

    card: str
    rulings: tuple[Ruling, ...]
    loaded: bool = True

    def json_payload(self) -> JsonObject:
        """The stable JSON of ``rulings --json``."""
        return {
            "card": self.card,
            "loaded": self.loaded,
            "rulings": [ruling.model_dump(mode="json") for ruling in self.rulings],
        }


def card_answer(card: CardRecord, data_date: str = "", *, cache_only: bool = False) -> CardAnswer:
    """The answer for a card record (``cache_only``: see :attr:`CardAnswer.cache_only`)."""
    return CardAnswer(
        oracle=OracleCard.model_validate(card.scryfall()),
        faces=card_faces(card),
        image_url=image_link(card),
        scryfall_url=page_link(card),
        data_date=data_date,
        cache_only=cache_only,
    )


def card_json(card: OracleCard | Mapping[str, object]) -> JsonObject:
    """The stable JSON of ``card``: the Oracle fields a user needs, under Scryfall's field names."""
    oracle = card if isinstance(card, OracleCard) else OracleCard.model_validate(card)
    return oracle.model_dump(mode="json", exclude_unset=True)


def card_faces(card: CardRecord) -> tuple[FaceView, ...]:
    """Every face of ``card`` (its ``card_faces``, else the card itself)."""
    return tuple(_face_view(face) for face in card.faces)


def rulings_answer(card: CardRecord, rulings: Iterable[Mapping[str, str]] | None) -> RulingsAnswer:
    """``rulings`` of ``card``, newest first (None: not loaded, see :attr:`RulingsAnswer.loaded`)."""
    ordered = sorted(rulings or [], key=lambda ruling: str(ruling.get("published_at", "")), reverse=True)
    return RulingsAnswer(
        card=card.name,
        rulings=tuple(
            Ruling(
                source=str(r.get("source", "")),
                published_at=str(r.get("published_at", "")),
                comment=str(r.get("comment", "")),
            )
            for r in ordered
        ),
        loaded=rulings is not None,
    )


def _face_view(face: CardFace) -> FaceView:
    if face.power is not None or face.toughness is not None:
        stats = f"{face.power or ''}/{face.toughness or ''}"
    elif face.loyalty is not None:
        stats = f"Loyalty {face.loyalty}"
    elif face.defense is not None:
        stats = f"Defense {face.defense}"
    else:
        stats = ""
    return FaceView(
        name=face.name,
        mana_cost=face.mana_cost or "",
        type_line=face.type_line or "",
        oracle_text=face.oracle_text or "",
        stats=stats,
    )
