"""The ``run`` and ``sync-commands`` commands: start the Discord bot, or upload its slash commands.

discord.py is imported inside the commands only, so ``mtg-judge --help`` stays fast.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from bot.cli.app import DbOption, OfflineOption, TranslatedCommand, app, fail, settings_for
from bot.i18n import N_, _

if TYPE_CHECKING:
    from bot.config import Settings

T = TypeVar("T")

NO_TOKEN = N_(
    "No Discord bot token: set MTG_JUDGE_DISCORD_TOKEN (create an application at "
    "https://discord.com/developers/applications, add a bot and copy its token; see docs/discord.md). "
    "Every question can also be asked offline with this command line, e.g. `mtg-judge copy Clone Tarmogoyf`."
)
BAD_TOKEN = N_(
    "Discord refused the bot token (MTG_JUDGE_DISCORD_TOKEN): copy it again from the Developer Portal "
    "(Bot → Reset Token); see docs/discord.md."
)
NO_INTENT = N_(
    "Discord refused the message content intent, which [[card name]] in chat needs: enable it in the "
    "Developer Portal (Bot → Privileged Gateway Intents → Message Content Intent), or set "
    "MTG_JUDGE_DISCORD_CHAT_CARDS=0."
)
NO_DISCORD = N_("Discord can't be reached ({reason}); check the network, then start the bot again.")
DISCORD_ERROR = N_("Discord answered with an error (HTTP {status}); try again later.")


@app.command("run", cls=TranslatedCommand)
def run_command(ctx: typer.Context, db: DbOption = None, offline: OfflineOption = False) -> None:
    """Start the Discord bot (every shard in this process unless MTG_JUDGE_DISCORD_SHARD_IDS says so)."""
    settings = settings_for(ctx, db, offline)
    token = _token(settings)
    from bot.discord_bot import create_bot, serve

    _setup_logging()
    _connected(serve(create_bot(settings), token), token)


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
    count = _connected(sync_commands(settings, token, guild), token)
    if guild is None:
        typer.echo(_("Synced {count} commands globally.").format(count=count))
    else:
        typer.echo(_("Synced {count} commands to guild {guild}.").format(count=count, guild=guild))


def _token(settings: Settings) -> str:
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        fail(_(NO_TOKEN))
    return settings.discord_token.get_secret_value().strip()


def _connected(work: Coroutine[Any, Any, T], token: str) -> T:
    """Run ``work``, which connects to Discord; a bad token, a refused intent, no network or an error from
    Discord is one line and exit status 1, never a traceback (and never the token)."""
    import aiohttp
    import discord

    try:
        return asyncio.run(work)
    except discord.LoginFailure:
        fail(_(BAD_TOKEN))
    except discord.PrivilegedIntentsRequired:
        fail(_(NO_INTENT))
    except discord.HTTPException as error:
        fail(_(DISCORD_ERROR).format(status=error.status))
    except (
        aiohttp.ClientError,
        discord.GatewayNotFound,
        discord.ConnectionClosed,
        OSError,
        TimeoutError,
    ) as error:
        reason = (str(error) or type(error).__name__).replace(token, "…")[:200]
        fail(_(NO_DISCORD).format(reason=reason))


class _NoVoiceWarnings(logging.Filter):
    """Drops discord.py's start-up warnings that voice is unsupported: the bot never joins voice."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def _setup_logging() -> None:
    import discord

    discord.utils.setup_logging(level=logging.INFO)
    logging.getLogger("discord.client").addFilter(_NoVoiceWarnings())
