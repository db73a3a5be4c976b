"""The services a running command or bot needs, opened once from Settings at start-up."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass

import aiohttp
import sqlite_utils

from bot.config import Settings
from data.cards.service import CardService
from data.db import open_database
from data.rules.store import RulesStore


@dataclass(frozen=True)
class Services:
    """Everything a command handler may use; add a field here (and open it below) for a new service."""

    settings: Settings
    db: sqlite_utils.Database
    cards: CardService
    rules: RulesStore
    http: aiohttp.ClientSession | None  # the one HTTP session of the process; None offline


@asynccontextmanager
async def open_services(settings: Settings) -> AsyncIterator[Services]:
    """Open the database, one HTTP session (online only) and every service; close them all on exit."""
    db = open_database(settings.db)
    try:
        async with AsyncExitStack() as stack:
            http = None if settings.offline else await stack.enter_async_context(aiohttp.ClientSession())
            cards = await stack.enter_async_context(
                CardService(db, base_url=settings.scryfall_base_url, offline=settings.offline, session=http)
            )
            yield Services(settings=settings, db=db, cards=cards, rules=RulesStore(db), http=http)
    finally:
        db.close()
