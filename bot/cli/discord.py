"""The ``run`` and ``sync-commands`` commands: start the Discord bot, or upload its slash commands.

discord.py is imported inside the commands only, so ``mtg-judge --help`` stays fast.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli.app import DbOption, OfflineOption, TranslatedCommand, app, fail, settings_for
from bot.i18n import N_, _

if TYPE_CHECKING:
    from bot.config import Settings

NO_TOKEN = N_(
    "No Discord bot token: set MTG_JUDGE_DISCORD_TOKEN (create an application at "
    "https://discord.com/developers/applications, add a bot and copy its token; see docs/discord.md). "
    "Every question can also be asked offline with this command line, e.g. `mtg-judge copy Clone Tarmogoyf`."
)


@app.command("run", cls=TranslatedCommand)
def run_command(ctx: typer.Context, db: DbOption = None, offline: OfflineOption = False) -> None:
    """Start the Discord bot (every shard in this process unless MTG_JUDGE_DISCORD_SHARD_IDS says so)."""
    settings = settings_for(ctx, db, offline)
    token = _token(settings)
    from bot.discord_bot import create_bot, serve

    _setup_logging()
    asyncio.run(serve(create_bot(settings), token))


@app.command("sync-commands", cls=TranslatedCommand)
def sync_commands_command(
    ctx: typer.Context,
    guild: Annotated[
        int | None, typer.Option("--guild", help="Sync to this guild only (instant); default: globally.")
    ] = None,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """Upload the slash commands to Discord: to one guild (for development), or globally."""
    settings = settings_for(ctx, db, offline)
    token = _token(settings)
    from bot.discord_bot import sync_commands

    _setup_logging()
    count = asyncio.run(sync_commands(settings, token, guild))
    if guild is None:
        typer.echo(_("Synced {count} commands globally.").format(count=count))
    else:
        typer.echo(_("Synced {count} commands to guild {guild}.").format(count=count, guild=guild))


def _token(settings: Settings) -> str:
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        fail(_(NO_TOKEN))
    return settings.discord_token.get_secret_value().strip()


def _setup_logging() -> None:
    import discord

    discord.utils.setup_logging(level=logging.INFO)
