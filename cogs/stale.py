"""Stale components: a button or menu on a message whose view the bot no longer tracks (after a restart,
once chosen, or stopped as the oldest of too many live views) is answered with a short private note
instead of being left to fail ("This interaction failed").

discord.py's view store routes a component interaction to the view tracking its message, and drops it
silently when none does. Every view of the bot is a :class:`cogs.views.JudgeView`, whose
``interaction_check`` marks the interaction as handled; the listener here answers the ones nobody marked.
"""

from __future__ import annotations

import discord
from discord.ext import commands

from cogs.interactions import HANDLED, AnyInteraction, say_expired


class StaleComponents(commands.Cog, name="Stale components"):
    """Answers the components no view handles."""

    @commands.Cog.listener()
    async def on_interaction(self, interaction: AnyInteraction) -> None:
        """A component interaction no view took: say privately that its menu has expired."""
        # discord.py creates the view's task before this listener's, and the view's interaction_check
        # runs in that task's first step, so by now a handled interaction is marked
        if interaction.type is not discord.InteractionType.component or interaction.extras.get(HANDLED):
            return
        if not interaction.response.is_done():
            await say_expired(interaction)


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(StaleComponents())
