"""Autocomplete of the commands' options: card names, the names ``/copy``'s copier can copy, rule numbers
and glossary terms (nothing when the Judge can't answer: autocomplete never shows an error)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from discord import app_commands

from bot.judge import JudgeError, complete_copyable_names
from bot.text_safety import visible
from cogs.interactions import Interaction, judge_of
from cogs.render import clip

log = logging.getLogger(__name__)


async def card_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of card names (nothing when the Judge can't answer)."""
    try:
        return choices(await judge_of(interaction).complete_card_names(current))
    except JudgeError as error:
        log.debug("no card names for autocomplete: %s", error)
        return []


async def copyable_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of ``/copy``'s original: the names of what the copier typed can copy (every name
    when the cache can't tell)."""
    copier = getattr(interaction.namespace, "copier", None)
    if not isinstance(copier, str) or not copier.strip():
        return await card_choices(interaction, current)
    try:
        return choices(await complete_copyable_names(judge_of(interaction), copier, current))
    except JudgeError as error:
        log.debug("no card names for autocomplete: %s", error)
        return []


async def rule_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of rule numbers and glossary terms."""
    try:
        return choices(await judge_of(interaction).complete_rules(current))
    except JudgeError as error:
        log.debug("no rules for autocomplete: %s", error)
        return []


def choices(values: Sequence[str]) -> list[app_commands.Choice[str]]:
    """At most 25 choices, each name and value 1-100 characters."""
    return [app_commands.Choice(name=clip(visible(v), 100), value=v[:100]) for v in values if v][:25]
