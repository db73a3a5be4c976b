"""``/help``: what each command does."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from cogs.flow import send_reply
from cogs.interactions import Interaction, judge_of
from cogs.render import Context, help_reply


class HelpCog(commands.Cog, name="Help"):
    """Help."""

    @app_commands.command(name="help", description="What the judge can answer and how to ask")
    async def help(self, interaction: Interaction) -> None:
        """Show the commands, privately."""
        judge = judge_of(interaction)
        context = Context(await judge.versions(), judge.settings.rules_link_base)
        await send_reply(interaction, help_reply(context), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(HelpCog())
