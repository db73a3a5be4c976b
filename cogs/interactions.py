"""What every cog needs of an interaction: its typed alias, the bot and Judge that received it, the
language to answer it in, and a private message to its user.

The keys of an interaction's ``extras`` the cogs share are here too: :data:`QUESTION` (the question being
answered, which an ambiguous name's menu asks again with the name chosen) and :data:`HANDLED` (a live view
took the component interaction; ``cogs.stale`` answers the others).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import DEFAULT_LANGUAGE, N_, _, language_of, set_language
from bot.judge import Judge
from cogs.render import clip

if TYPE_CHECKING:
    from bot.discord_bot import JudgeBot

    Interaction = discord.Interaction[JudgeBot]
else:
    Interaction = discord.Interaction
AnyInteraction = discord.Interaction[Any]
"""What discord.py's view callbacks are typed with (their bot is any client)."""

NO_MENTIONS = discord.AllowedMentions.none()
QUESTION = "mtg-judge:question"
"""The key of the interaction's ``extras`` that holds the question being answered."""
HANDLED = "mtg-judge:handled"
"""The key of the interaction's ``extras`` a view sets on a component interaction it takes
(``cogs.stale`` answers the others)."""
EXPIRED = N_("This menu has expired — ask again.")


def bot_of(interaction: Interaction) -> JudgeBot:
    """The bot that received ``interaction``."""
    return interaction.client


def judge_of(interaction: Interaction) -> Judge:
    """The Judge of the bot that received ``interaction``."""
    return bot_of(interaction).judge


def interaction_language(interaction: AnyInteraction) -> str:
    """The language to answer in: the user's choice (``/settings language``), else Japanese when the
    user's client or the server's preferred locale is Japanese, else English."""
    chosen = judge_of(interaction).chosen_language(interaction.user.id)
    if chosen is not None:
        return chosen
    for locale in (interaction.locale, interaction.guild_locale):
        language = language_of(locale.value if locale is not None else None)
        if language is not None and language != DEFAULT_LANGUAGE:
            return language
    return DEFAULT_LANGUAGE


def speak_to(interaction: AnyInteraction) -> None:
    """Answer ``interaction`` in its language (each interaction is handled in its own task, so this
    holds for everything that task says: the reply, its views, its errors)."""
    set_language(interaction_language(interaction))


async def send_private(interaction: Interaction, text: str, view: discord.ui.View | None = None) -> None:
    """Send ``text`` (at most 2,000 characters) that only the user sees; after a public "thinking"
    defer, the loading message is deleted first so the followup can be private."""
    content = clip(text, 2_000)
    shown = view or discord.utils.MISSING
    response = interaction.response
    if not response.is_done():
        await response.send_message(content, view=shown, ephemeral=True, allowed_mentions=NO_MENTIONS)
        return
    if response.type is discord.InteractionResponseType.deferred_channel_message:
        await interaction.delete_original_response()
    await interaction.followup.send(content, view=shown, ephemeral=True, allowed_mentions=NO_MENTIONS)


async def say_expired(interaction: AnyInteraction) -> None:
    """Tell the user privately that the menu or button they used no longer works."""
    speak_to(interaction)
    await send_private(interaction, _(EXPIRED))
