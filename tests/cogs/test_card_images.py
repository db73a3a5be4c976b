"""Item 12 of issue 24: card images that exist. The 2019 bulk's ``img.scryfall.com`` links are retired;
``/card`` shows the image on Scryfall's current host (``cards.scryfall.io``) built from the stored image
URIs, links the card's Scryfall page, and shows no thumbnail rather than one that would break."""

from __future__ import annotations

from typing import Any

import pytest

from bot import create_bot
from data.cards.repository import CardRepository
from data.cards.schema import CardRecord
from data.db import open_database
from data.scryfall.images import current_image_link, image_link, page_link
from tests.cogs.conftest import SettingsFactory
from tests.cogs.harness import DiscordHarness

ID = "8a34e2df-a9ee-4c61-bc4c-518475a39925"


def shown_card(name: str, **fields: Any) -> dict[str, Any]:
    """A creature record named ``name`` with ``fields`` (its image URIs, page, id)."""
    return {"object": "card", "name": name, "layout": "normal", "type_line": "Creature — Test", **fields}


async def embed_of(harness: DiscordHarness, name: str) -> dict[str, Any]:
    """The embed ``/card name`` answers with."""
    result = await harness.slash("card", name=name)
    assert result.message is not None
    return result.message.embeds[0]


async def test_a_card_of_the_2019_data_shows_its_image_on_todays_host(harness: DiscordHarness) -> None:
    by_id = await embed_of(harness, "Tarmogoyf")  # stored: img.scryfall.com/cards/normal/front/8/a/<id>
    assert by_id["thumbnail"]["url"] == f"https://cards.scryfall.io/normal/front/8/a/{ID}.jpg?1545071563"
    assert by_id["url"] == "https://scryfall.com/card/puma/U19/tarmogoyf?utm_source=api"
    by_number = await embed_of(harness, "Clone")  # stored: img.scryfall.com/cards/normal/en/m14/47.jpg
    clone = "5e648262-3b9b-4c58-8e29-48356e3cb064"  # the printing's id, which today's host is keyed by
    assert by_number["thumbnail"]["url"] == f"https://cards.scryfall.io/normal/front/5/e/{clone}.jpg"
    for embed in (by_id, by_number):
        assert "img.scryfall.com" not in str(embed)


async def test_no_thumbnail_rather_than_a_broken_or_foreign_one(make_settings: SettingsFactory) -> None:
    settings = make_settings(offline=True)
    db = open_database(settings.db)
    foreign = {"normal": "https://evil.example/cards/normal/front/8/a/x.jpg"}
    retired_without_id = {"normal": "https://img.scryfall.com/cards/normal/en/m14/47.jpg?1517813031"}
    CardRepository(db).store(CardRecord.model_validate(shown_card("Foreign Picture", image_uris=foreign)))
    CardRepository(db).store(
        CardRecord.model_validate(
            shown_card("Numbered Picture", image_uris=retired_without_id, scryfall_uri="javascript:alert(1)")
        )
    )
    CardRepository(db).store(CardRecord.model_validate(shown_card("No Picture")))
    db.close()
    async with DiscordHarness(create_bot(settings)) as harness:
        for name in ("Foreign Picture", "Numbered Picture", "No Picture"):
            embed = await embed_of(harness, name)
            assert embed["title"] == name
            assert "thumbnail" not in embed
            assert "url" not in embed


@pytest.mark.parametrize(
    ("url", "printing", "expected"),
    [
        (
            f"https://cards.scryfall.io/large/back/8/a/{ID}.jpg?1",
            None,
            f"https://cards.scryfall.io/large/back/8/a/{ID}.jpg?1",
        ),
        (
            f"https://img.scryfall.com/cards/small/back/8/a/{ID}.jpg",
            None,
            f"https://cards.scryfall.io/small/back/8/a/{ID}.jpg",
        ),
        (
            "https://img.scryfall.com/cards/normal/ja/war/1★.jpg?2",
            ID,
            f"https://cards.scryfall.io/normal/front/8/a/{ID}.jpg",
        ),
        ("https://img.scryfall.com/cards/normal/en/m14/47.jpg", "not-an-id", None),
        ("http://img.scryfall.com/cards/normal/en/m14/47.jpg", ID, None),
        (f"https://img.scryfall.com.evil.example/cards/normal/front/8/a/{ID}.jpg", None, None),
        (f"https://cards.scryfall.io/normal/front/8/a/{ID}.jpg#x", None, None),
        (5, ID, None),
    ],
)
def test_image_links_are_on_todays_host_or_none(
    url: object, printing: str | None, expected: str | None
) -> None:
    assert current_image_link(url, printing) == expected


def test_the_first_face_gives_the_image_of_a_card_with_faces() -> None:
    back = f"https://img.scryfall.com/cards/normal/front/8/a/{ID}.jpg"
    faces = [
        {"name": "Front", "image_uris": {"normal": back}},
        {"name": "Back", "image_uris": {"normal": "x"}},
    ]
    card = CardRecord.model_validate({"name": "Front // Back", "id": ID, "card_faces": faces})
    assert image_link(card) == f"https://cards.scryfall.io/normal/front/8/a/{ID}.jpg"
    assert image_link(record(image_uris={"png": back})) is None  # not a thumbnail size
    assert page_link(record(scryfall_uri="https://scryfall.com/card/m14/47/clone")) is not None
    assert page_link(record(scryfall_uri="https://scryfall.com.evil.example/card")) is None


def record(**fields: object) -> CardRecord:
    return CardRecord.model_validate({"name": "Clone", **fields})
