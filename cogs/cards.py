"""``/card`` and ``/rulings``: a card's Oracle text and its rulings."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.judge import CardAnswer, Judge, RulingsAnswer
from cogs.autocomplete import card_choices
from cogs.cooldown import per_user_cooldown
from cogs.flow import Question, answer
from cogs.interactions import Interaction
from cogs.options import CardName
from cogs.render import card_reply, rulings_reply


class CardsCog(commands.Cog, name="Cards"):
    """Card data."""

    @app_commands.command(name="card", description="A card's Oracle text")
    @app_commands.describe(name="The card's name: full, any face, partial or misspelt")
    @app_commands.autocomplete(name=card_choices)
    @per_user_cooldown
    async def card(self, interaction: Interaction, name: CardName) -> None:
        """Show the card."""

        async def ask(judge: Judge, names: tuple[str, ...], lang: str) -> CardAnswer:
            return await judge.card(names[0], lang)

        await answer(interaction, Question((name,), ask, card_reply))

    @app_commands.command(name="rulings", description="A card's rulings, newest first")
    @app_commands.describe(name="The card's name")
    @app_commands.autocomplete(name=card_choices)
    @per_user_cooldown
    async def rulings(self, interaction: Interaction, name: CardName) -> None:
        """Show the card's rulings."""

        async def ask(judge: Judge, names: tuple[str, ...], lang: str) -> RulingsAnswer:
            return await judge.rulings(names[0], lang)

        await answer(interaction, Question((name,), ask, rulings_reply))


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(CardsCog())
