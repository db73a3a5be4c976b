"""The Discord bot: one process, one Judge (which owns the one aiohttp session), every shard.

``create_bot`` builds the bot and makes no network call; the Judge is opened in ``setup_hook`` (when
the bot logs in) and closed in ``close``. Commands are synced only on request (``mtg-judge
sync-commands``), except to the development guild when ``MTG_JUDGE_DISCORD_GUILD_ID`` is set.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from contextlib import AsyncExitStack
from typing import Any

import discord
from discord.ext import commands

from bot.config import Settings
from bot.data_refresh import DataRefresher
from bot.judge import Judge
from cogs.cooldown import QuestionBudgets

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.errors",
    "cogs.copy",
    "cogs.linked",
    "cogs.board",
    "cogs.cards",
    "cogs.rules",
    "cogs.help",
    "cogs.settings",
    "cogs.stale",
)
"""The cogs, one per feature; ``cogs.errors`` installs the tree's error handler."""
CHAT_EXTENSION = "cogs.chat"
"""``[[card name]]`` in messages: loaded only when ``discord_chat_cards`` is on (it needs the message
content intent)."""


class LiveViews:
    """The views whose items still work, and the open board editors (modals), oldest first, at most
    ``limit``: one more stops the oldest as though it had timed out (its ``on_timeout`` disables its items
    on its message). Each view discord.py keeps holds its reply until it times out, so without this a
    burst of replies (or of editors nobody submits) would hold memory for the whole timeout."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._views: dict[discord.ui.view.BaseView, None] = {}  # insertion order: the oldest first
        self._expiring: set[asyncio.Task[None]] = set()  # referenced until done (asyncio keeps weak refs)

    def __len__(self) -> int:
        return len(self._views)

    def add(self, view: discord.ui.view.BaseView) -> None:
        """Count ``view`` as working, stopping the oldest beyond the limit."""
        self._views[view] = None
        while len(self._views) > self.limit:
            oldest = next(iter(self._views))
            del self._views[oldest]
            oldest.stop()
            expiring = asyncio.create_task(oldest.on_timeout())
            self._expiring.add(expiring)
            expiring.add_done_callback(self._expiring.discard)

    def discard(self, view: discord.ui.view.BaseView) -> None:
        """Stop counting ``view`` (it timed out)."""
        self._views.pop(view, None)


class JudgeBot(commands.AutoShardedBot):
    """The bot; ``judge`` is available once ``setup_hook`` has run."""

    def __init__(self, settings: Settings, *, sync_dev_guild: bool = True) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=intents(settings),
            allowed_mentions=discord.AllowedMentions.none(),
            **_sharding(settings),
        )
        self.settings = settings
        self._sync_dev_guild = sync_dev_guild
        self._resources = AsyncExitStack()
        self._judge: Judge | None = None
        self.live_views = LiveViews(settings.live_views)
        self.budgets = QuestionBudgets(settings.cooldown_rate, settings.cooldown_per)

    @property
    def judge(self) -> Judge:
        """The Judge every cog asks."""
        if self._judge is None:
            raise RuntimeError("the Judge opens in setup_hook; start the bot first")
        return self._judge

    async def setup_hook(self) -> None:
        """Open the Judge, load the cogs and, in development, sync the commands to the test guild."""
        self._judge = await self._resources.enter_async_context(Judge.open(self.settings, preload=True))
        refresher = data_refresher(self.settings, self._judge)
        if refresher is not None:
            refreshing = asyncio.create_task(refresher.run(), name="mtg-judge-data-refresh")
            self._resources.callback(refreshing.cancel)  # stopped before the Judge it uses closes
        for extension in extensions(self.settings):
            await self.load_extension(extension)
        guild_id = self.settings.discord_guild_id
        if self._sync_dev_guild and guild_id is not None:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development guild %d", len(synced), guild_id)

    async def close(self) -> None:
        """Close the connection to Discord, then the Judge (its HTTP session and the database)."""
        try:
            await super().close()
        finally:
            await self._resources.aclose()
            self._judge = None


def data_refresher(settings: Settings, judge: Judge) -> DataRefresher | None:
    """The scheduled refresh of Scryfall's bulk files, unless the bot is offline or it is off."""
    if settings.offline or settings.refresh_hours == 0:
        return None
    return DataRefresher(judge, settings.refresh_hours * 3600, settings.refresh_retry_minutes * 60)


def intents(settings: Settings) -> discord.Intents:
    """The gateway intents: guilds only (slash and message commands need no message content), and the
    messages with their content when ``[[card name]]`` in chat is on (the one privileged intent asked for,
    to be enabled in the Developer Portal)."""
    wanted = discord.Intents(guilds=True)
    if settings.discord_chat_cards:
        wanted.guild_messages = wanted.dm_messages = wanted.message_content = True
    return wanted


def extensions(settings: Settings) -> tuple[str, ...]:
    """The cogs to load: every feature's, and the chat lookups' when they are on."""
    return (*EXTENSIONS, CHAT_EXTENSION) if settings.discord_chat_cards else EXTENSIONS


def _sharding(settings: Settings) -> dict[str, Any]:
    """The shard options given in the settings (none: discord.py asks Discord how many to run)."""
    options: dict[str, Any] = {}
    if settings.discord_shard_count is not None:
        options["shard_count"] = settings.discord_shard_count
    if settings.discord_shard_ids is not None:
        options["shard_ids"] = settings.discord_shard_ids
    return options


def create_bot(settings: Settings) -> commands.AutoShardedBot:
    """The bot for ``settings``, ready to ``start``; nothing touches the network before it starts."""
    return JudgeBot(settings)


async def serve(bot: commands.AutoShardedBot, token: str) -> None:
    """Run ``bot`` until it is closed; SIGTERM and SIGINT close it (and so the Judge) cleanly."""
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task[None]] = set()

    def stop() -> None:
        log.info("stopping")
        task = loop.create_task(bot.close())
        closing.add(task)
        task.add_done_callback(closing.discard)

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop)
    try:
        async with bot:
            await bot.start(token)
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)


async def sync_commands(settings: Settings, token: str, guild_id: int | None) -> int:
    """Upload the command tree (to one guild, or globally) and return how many commands were synced."""
    bot = JudgeBot(settings, sync_dev_guild=False)
    async with bot:
        await bot.login(token)  # runs setup_hook, which registers the commands
        guild = discord.Object(guild_id) if guild_id is not None else None
        if guild is not None:
            bot.tree.copy_global_to(guild=guild)
        return len(await bot.tree.sync(guild=guild))
