"""``/linked``: every pair of linked abilities on a card (CR 607), optionally with a second card."""

from __future__ import annotations

from dataclasses import dataclass

from discord import app_commands
from discord.ext import commands

from bot.judge import Judge, LinkedAnswer
from cogs.autocomplete import card_choices
from cogs.cooldown import per_user_cooldown
from cogs.flow import Question, answer
from cogs.interactions import Interaction
from cogs.options import CardName
from cogs.render import Context, Reply, linked_reply


class LinkedCog(commands.Cog, name="Linked"):
    """Linked abilities."""

    @app_commands.command(name="linked", description="Every pair of linked abilities on a card (CR 607)")
    @app_commands.rename(other="with")
    @app_commands.describe(
        card="The card to explain", other="A card asked about together with it (an Equipment)"
    )
    @app_commands.autocomplete(card=card_choices, other=card_choices)
    @per_user_cooldown
    async def linked(self, interaction: Interaction, card: CardName, other: CardName | None = None) -> None:
        """Ask the Judge and show the abilities, the linked pairs and the notes."""
        await answer(interaction, LinkedQuestion((card, *([other] if other else []))))


@dataclass(frozen=True)
class LinkedQuestion(Question[LinkedAnswer]):
    """The linked abilities of the first card named, the others asked about with it."""

    async def ask(self, judge: Judge, lang: str) -> LinkedAnswer:
        """The linked abilities, with the first card as printed in ``lang``."""
        return await judge.linked(self.names, lang)

    def render(self, answer: LinkedAnswer, context: Context) -> Reply:
        """The linked abilities, then the card as printed in the answer's language."""
        return linked_reply(answer, context, answer.printed)


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(LinkedCog())
