"""Card commands shared by the CLI and the Discord cogs: look-up, stable JSON, faces, import and sync."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.services.context import open_services
from data.cards.importer import ImportSummary, Progress, import_cards
from data.db import open_database
from data.scryfall import ScryfallError

# The Oracle fields of `card --json`, under Scryfall's names and in this order; each face has the same
# fields except those that describe only the whole card.
CARD_FIELDS = (
    "object",
    "oracle_id",
    "name",
    "layout",
    "mana_cost",
    "cmc",
    "type_line",
    "oracle_text",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "colors",
    "color_indicator",
    "color_identity",
    "keywords",
)
_WHOLE_CARD_ONLY = frozenset({"object", "oracle_id", "layout", "cmc", "color_identity", "keywords"})
FACE_FIELDS = tuple(field for field in CARD_FIELDS if field not in _WHOLE_CARD_ONLY)


class SyncFailed(Exception):  # noqa: N818 -- reads as what happened
    """``sync`` could not download the bulk file; the cache is unchanged."""


@dataclass(frozen=True)
class FaceView:
    """One face of a card as shown to a user (a single-faced card has one)."""

    name: str
    mana_cost: str
    type_line: str
    oracle_text: str
    stats: str  # "2/3", "Loyalty 4", "Defense 5" or ""


async def look_up_card(settings: Settings, name: str) -> dict[str, Any]:
    """The Scryfall card ``name`` names (cache, then Scryfall unless offline); raises CardLookupError."""
    async with open_services(settings) as services:
        return await services.cards.find(name)


def card_json(card: dict[str, Any]) -> dict[str, Any]:
    """The stable JSON of ``card``: the Oracle fields a user needs, under Scryfall's field names."""
    payload = {field: card[field] for field in CARD_FIELDS if field in card}
    if "card_faces" in card:
        payload["card_faces"] = [
            {field: face[field] for field in FACE_FIELDS if field in face} for face in card["card_faces"]
        ]
    return payload


def card_faces(card: dict[str, Any]) -> list[FaceView]:
    """Every face of ``card`` (its ``card_faces``, else the card itself)."""
    return [_face_view(face) for face in card.get("card_faces") or [card]]


def import_card_file(
    settings: Settings,
    path: Path,
    progress: Progress | None = None,
    *,
    source: str | None = None,
    bulk_date: str | None = None,
) -> ImportSummary:
    """Import the bulk file at ``path`` into the cache of ``settings`` (raises CardImportError)."""
    db = open_database(settings.db)
    try:
        return import_cards(db, path, source=source, bulk_date=bulk_date, progress=progress)
    finally:
        db.close()


async def sync_cards(settings: Settings, progress: Progress | None = None) -> ImportSummary:
    """Download Scryfall's current ``oracle_cards`` bulk file (found through ``/bulk-data``) and import it."""
    if settings.offline:
        raise SyncFailed("sync needs the network; it is disabled (--offline / MTG_JUDGE_OFFLINE).")
    with tempfile.TemporaryDirectory(prefix="mtg-judge-sync-") as folder:
        download = Path(folder) / "oracle-cards.json"
        async with open_services(settings) as services:
            client = services.cards.client
            if client is None:  # only offline services lack a client, and offline was refused above
                raise SyncFailed("sync needs the network")
            try:
                entry = await client.oracle_cards_bulk()
                await client.download(str(entry["download_uri"]), download)
            except (ScryfallError, KeyError) as error:
                raise SyncFailed(f"cannot download the oracle_cards bulk file: {error}") from error
            bulk_date = str(entry.get("updated_at", ""))[:10]
            source = str(entry["download_uri"])
            return import_cards(services.db, download, source=source, bulk_date=bulk_date, progress=progress)


def _face_view(face: dict[str, Any]) -> FaceView:
    if "power" in face or "toughness" in face:
        stats = f"{face.get('power', '')}/{face.get('toughness', '')}"
    elif "loyalty" in face:
        stats = f"Loyalty {face['loyalty']}"
    elif "defense" in face:
        stats = f"Defense {face['defense']}"
    else:
        stats = ""
    return FaceView(
        name=str(face.get("name", "")),
        mana_cost=str(face.get("mana_cost", "")),
        type_line=str(face.get("type_line", "")),
        oracle_text=str(face.get("oracle_text", "")),
        stats=stats,
    )
