"""Async Scryfall API client (aiohttp) with per-endpoint-group rate limits and typed errors."""

from data.scryfall.client import ScryfallClient
from data.scryfall.errors import (
    ScryfallAmbiguous,
    ScryfallError,
    ScryfallNotFound,
    ScryfallRateLimited,
    ScryfallUnavailable,
)

__all__ = [
    "ScryfallAmbiguous",
    "ScryfallClient",
    "ScryfallError",
    "ScryfallNotFound",
    "ScryfallRateLimited",
    "ScryfallUnavailable",
]
