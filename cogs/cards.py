"""``/card`` and ``/rulings``: a card's Oracle text and its rulings."""

from __future__ import annotations

from dataclasses import dataclass

from discord import app_commands
from discord.ext import commands

from bot.judge import CardAnswer, Judge, RulingsAnswer
from cogs.autocomplete import card_choices
from cogs.cooldown import per_user_cooldown
from cogs.flow import Question, answer
from cogs.interactions import Interaction
from cogs.options import CardName
from cogs.render import Context, Reply, card_reply, rulings_reply


@dataclass(frozen=True)
class CardQuestion(Question[CardAnswer]):
    """A card (its one name), with its printed name and text in the answer's language."""

    async def ask(self, judge: Judge, lang: str) -> CardAnswer:
        """The card."""
        return await judge.card(self.names[0], lang)

    def render(self, answer: CardAnswer, context: Context) -> Reply:
        """The card's Oracle text, image and link (:func:`card_reply`)."""
        return card_reply(answer, context)


@dataclass(frozen=True)
class RulingsQuestion(Question[RulingsAnswer]):
    """A card's rulings (its one name)."""

    async def ask(self, judge: Judge, lang: str) -> RulingsAnswer:
        """The rulings, newest first."""
        return await judge.rulings(self.names[0], lang)

    def render(self, answer: RulingsAnswer, context: Context) -> Reply:
        """The rulings (:func:`rulings_reply`)."""
        return rulings_reply(answer, context)


class CardsCog(commands.Cog, name="Cards"):
    """Card data."""

    @app_commands.command(name="card", description="A card's Oracle text")
    @app_commands.describe(name="The card's name: full, any face, partial or misspelt")
    @app_commands.autocomplete(name=card_choices)
    @per_user_cooldown
    async def card(self, interaction: Interaction, name: CardName) -> None:
        """Show the card."""
        await answer(interaction, CardQuestion((name,)))

    @app_commands.command(name="rulings", description="A card's rulings, newest first")
    @app_commands.describe(name="The card's name")
    @app_commands.autocomplete(name=card_choices)
    @per_user_cooldown
    async def rulings(self, interaction: Interaction, name: CardName) -> None:
        """Show the card's rulings."""
        await answer(interaction, RulingsQuestion((name,)))


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(CardsCog())
