"""Links to a card's image and Scryfall page that work today, built from what its stored record holds.

Scryfall served images from ``img.scryfall.com`` until it retired that host; the 2019 bulk file's
``image_uris`` all point there, in one of two forms:

* ``https://img.scryfall.com/cards/normal/front/7/6/<id>.jpg?1541002769``: the image's path is the one
  ``cards.scryfall.io`` serves today (``https://cards.scryfall.io/normal/front/7/6/<id>.jpg?1541002769``);
* ``https://img.scryfall.com/cards/normal/en/m14/47.jpg?1517813031``: by set and collector number, a form
  no host serves any more. The record's ``id`` is the printing the image shows, and today's host serves a
  printing's front at ``https://cards.scryfall.io/normal/front/<id[0]>/<id[1]>/<id>.jpg``.

A link already on ``cards.scryfall.io`` (a card fetched online) is kept. Anything else (another host, an
unknown path, a record without images, a board's made-up card) gives no image rather than a broken
thumbnail; the page link is kept only when it is a ``https://scryfall.com/`` page.
"""

from __future__ import annotations

import re

from data.cards.schema import CardRecord

IMAGE_HOST = "https://cards.scryfall.io/"
PAGE_HOST = "https://scryfall.com/"
SIZES = ("normal", "large", "small")
"""The image sizes a thumbnail may use, best first (``png``, ``art_crop`` and ``border_crop`` are not)."""

_ID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_CACHE_KEY = r"(?:\?\d{1,20})?"
_CURRENT = re.compile(
    rf"https://cards\.scryfall\.io/[a-z_]+/(?:front|back)/[0-9a-f]/[0-9a-f]/{_ID}\.jpg{_CACHE_KEY}"
)
_RETIRED_BY_ID = re.compile(
    rf"https://img\.scryfall\.com/cards/(?P<path>[a-z_]+/(?:front|back)/[0-9a-f]/[0-9a-f]/{_ID}\.jpg{_CACHE_KEY})"
)
_RETIRED_BY_NUMBER = re.compile(
    r"https://img\.scryfall\.com/cards/(?P<size>[a-z_]+)/[a-z-]{2,5}/\w{2,8}/[^/?#]{1,12}\.jpg"
)
_PRINTING_ID = re.compile(_ID)


def image_link(card: CardRecord) -> str | None:
    """A link to the image of ``card`` (its own ``image_uris``, else its first face's) that today's image
    host serves, or None (see the module's docstring)."""
    first_face = card.card_faces[0] if card.card_faces else None
    images = card.image_uris or (first_face.image_uris if first_face is not None else None)
    if not images:
        return None
    for size in SIZES:
        link = current_image_link(images.get(size), card.id)
        if link is not None:
            return link
    return None


def current_image_link(url: object, printing_id: str | None = None) -> str | None:
    """``url`` on today's image host: kept when it is there, rewritten from ``img.scryfall.com``
    (by set and number only with ``printing_id``, the record's ``id``), else None."""
    if not isinstance(url, str):
        return None
    if _CURRENT.fullmatch(url):
        return url
    if by_id := _RETIRED_BY_ID.fullmatch(url):
        return IMAGE_HOST + by_id["path"]
    by_number = _RETIRED_BY_NUMBER.fullmatch(url.partition("?")[0])
    if by_number and printing_id is not None and _PRINTING_ID.fullmatch(printing_id):
        return f"{IMAGE_HOST}{by_number['size']}/front/{printing_id[0]}/{printing_id[1]}/{printing_id}.jpg"
    return None


def page_link(card: CardRecord) -> str | None:
    """The card's Scryfall page (``scryfall_uri``) when it is one, else None."""
    page = card.scryfall_uri
    if page is not None and page.startswith(PAGE_HOST) and " " not in page:
        return page
    return None
