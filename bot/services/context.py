"""The services a running command or bot needs, opened once from Settings at start-up."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

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


@asynccontextmanager
async def open_services(settings: Settings) -> AsyncIterator[Services]:
    """Open the database and every service for ``settings``; close them all on exit."""
    db = open_database(settings.db)
    try:
        async with CardService(settings, db) as cards:
            yield Services(settings=settings, db=db, cards=cards, rules=RulesStore(db))
    finally:
        db.close()
