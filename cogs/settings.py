"""``/settings language``: which language the judge answers this user in (kept in the cache through the
Judge, so it survives a restart), and the Japanese names and descriptions of the slash commands (the
tree's translator, installed with this extension)."""

from __future__ import annotations

from typing import Literal

from discord import app_commands
from discord.ext import commands

from bot.i18n import _, use_language
from cogs.interactions import Interaction, judge_of, send_private
from cogs.translator import JudgeTranslator

LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


class SettingsCog(commands.GroupCog, group_name="settings", group_description="Your settings for the judge"):
    """Per-user settings."""

    @app_commands.command(name="language", description="Answer me in this language")
    @app_commands.describe(language="English or Japanese (日本語)")
    async def language(self, interaction: Interaction, language: Literal["en", "ja"]) -> None:
        """Remember the language (through the Judge) and confirm it, privately, in that language."""
        await judge_of(interaction).choose_language(interaction.user.id, language)
        with use_language(language):
            confirmed = _("I will answer you in {language}.").format(language=LANGUAGE_NAMES[language])
            await send_private(interaction, confirmed)


async def setup(bot: commands.Bot) -> None:
    """Add the cog and translate the commands for Discord's Japanese clients."""
    await bot.tree.set_translator(JudgeTranslator())
    await bot.add_cog(SettingsCog())
