"""``/cr``: a rule by number, a glossary term, or the rules best matching some words."""

from __future__ import annotations

from dataclasses import dataclass

from discord import app_commands
from discord.ext import commands

from bot.judge import GlossaryAnswer, Judge, RuleAnswer, RuleNotFound, SearchAnswer
from cogs.autocomplete import rule_choices
from cogs.cooldown import per_user_cooldown
from cogs.flow import Question, answer
from cogs.interactions import Interaction
from cogs.options import RulesQuery
from cogs.render import Context, Reply, rule_reply, search_reply

SEARCH_RESULTS = 10


class RulesCog(commands.Cog, name="Rules"):
    """The Comprehensive Rules."""

    @app_commands.command(name="cr", description="A rule (707.2a), a glossary term or a search of the rules")
    @app_commands.describe(query="A rule number, a glossary term or search words")
    @app_commands.autocomplete(query=rule_choices)
    @per_user_cooldown
    async def cr(self, interaction: Interaction, query: RulesQuery) -> None:
        """Show the rule or term, else the rules the words find."""
        await answer(interaction, RulesQuestion(query=query))


@dataclass(frozen=True, kw_only=True)
class RulesQuestion(Question[RuleAnswer | GlossaryAnswer | SearchAnswer]):
    """``/cr``'s query: a rule number, a glossary term or search words."""

    query: str

    async def ask(self, judge: Judge, lang: str) -> RuleAnswer | GlossaryAnswer | SearchAnswer:
        """The rule or term, else the rules the words find (:func:`look_up`)."""
        return await look_up(judge, self.query, lang)

    def render(self, answer: RuleAnswer | GlossaryAnswer | SearchAnswer, context: Context) -> Reply:
        """A search's hits, or the rule or term."""
        return render(answer, context)


async def look_up(judge: Judge, query: str, lang: str) -> RuleAnswer | GlossaryAnswer | SearchAnswer:
    """The rule or glossary term ``query`` names; else, for words, the rules they find (RuleNotFound,
    with the nearest terms, when they find nothing); in ``lang``'s frame."""
    try:
        return await judge.rule(query, lang)
    except RuleNotFound as error:
        if error.kind == "rule":
            raise
        found = await judge.search_rules(query, SEARCH_RESULTS, lang)
        if not found.hits:
            raise
        return found


def render(answer: RuleAnswer | GlossaryAnswer | SearchAnswer, context: Context) -> Reply:
    """A search's hits, or the rule or term."""
    return search_reply(answer, context) if isinstance(answer, SearchAnswer) else rule_reply(answer, context)


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(RulesCog())
