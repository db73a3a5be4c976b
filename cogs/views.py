"""The base of every view and modal of the bot: its errors reach the command tree's error handler
(installed by ``cogs.errors``) as a command's do, and its items stop working after its timeout."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from cogs.interactions import HANDLED, AnyInteraction

log = logging.getLogger(__name__)


class ComponentError(app_commands.AppCommandError):
    """An error of a view's item or a modal, raised from the original error (its ``__cause__``) so the
    command tree's error handler answers it as it answers a command's."""


async def to_error_handler(interaction: AnyInteraction, error: Exception) -> None:
    """Hand ``error`` of a view or modal to the command tree's error handler."""
    wrapped = ComponentError(str(error))
    wrapped.__cause__ = error
    await interaction.client.tree.on_error(interaction, wrapped)


class JudgeView(discord.ui.View):
    """A view whose errors reach the same handler as the commands', and whose items stop working
    (disabled) after its timeout."""

    message: discord.InteractionMessage | discord.WebhookMessage | None = None

    async def interaction_check(self, interaction: AnyInteraction) -> bool:
        """Mark the interaction as taken by a live view (every one is allowed here)."""
        interaction.extras[HANDLED] = True
        return True

    async def on_error(
        self, interaction: AnyInteraction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        """Answer like the command tree does for the same error."""
        await to_error_handler(interaction, error)

    async def on_timeout(self) -> None:
        """Disable every item on the message."""
        for item in self.children:
            if isinstance(item, discord.ui.Button | discord.ui.Select):
                item.disabled = True
        if self.message is not None:
            try:
                await self.message.edit(view=self)
            except discord.HTTPException as error:
                log.debug("could not disable the view of message %s: %s", self.message.id, error)
