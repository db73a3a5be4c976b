"""Slash commands in Japanese: discord.py asks this translator, when the tree is synced, for each
command's name and description and each option's description in every locale Discord has."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import language_of, pgettext

_CONTEXTS = {
    app_commands.TranslationContextLocation.command_name: "command name",
    app_commands.TranslationContextLocation.group_name: "command name",
    app_commands.TranslationContextLocation.command_description: "command description",
    app_commands.TranslationContextLocation.group_description: "command description",
    app_commands.TranslationContextLocation.parameter_description: "option description",
    app_commands.TranslationContextLocation.choice_name: "choice",
}
"""What is translated, and the ``msgctxt`` of its catalog entries (option names stay English)."""


class JudgeTranslator(app_commands.Translator):
    """Looks each command string up in the message catalogs (by its English text and location)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The translation, or None (Discord then shows the English)."""
        language = language_of(locale.value)
        where = _CONTEXTS.get(context.location)
        if language is None or where is None:
            return None
        return pgettext(where, string.message, language)
