"""The command JSON ``bot.tree.sync()`` would upload, and where it breaks Discord's limits."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord.ext import commands

AnyBot = commands.Bot | commands.AutoShardedBot


_NAME = re.compile(r"^[-_\w]{1,32}$")


def command_tree_json(bot: AnyBot, *, guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
    """The command JSON ``bot.tree.sync(guild=guild)`` would upload (without translations)."""
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands(guild=guild)]


def limit_violations(tree_json: Sequence[Mapping[str, Any]]) -> list[str]:
    """Where the command JSON breaks Discord's limits (empty when it is within them): names 1-32
    lowercase word characters or ``-``, descriptions 1-100, at most 25 options and 25 choices, required
    options first, choice names and string values 1-100 and at most 4000 characters per command."""
    problems: list[str] = []
    chat_inputs = [c for c in tree_json if c.get("type", 1) == 1]
    if len(chat_inputs) > 100:
        problems.append(f"{len(chat_inputs)} slash commands (at most 100)")

    def text_length(item: Mapping[str, Any]) -> int:
        total = len(item.get("name", "")) + len(item.get("description", ""))
        for choice in item.get("choices") or []:
            total += len(choice["name"]) + len(str(choice["value"]))
        return total + sum(text_length(o) for o in item.get("options") or [])

    def check(item: Mapping[str, Any], where: str, slash: bool) -> None:
        name = str(item.get("name", ""))
        if slash and (not _NAME.match(name) or name != name.lower()):
            problems.append(f"{where}: name {name!r} must be 1-32 lowercase letters, digits, '-' or '_'")
        elif not 1 <= len(name) <= 32:
            problems.append(f"{where}: name {name!r} must be 1-32 characters")
        description = str(item.get("description", ""))
        if slash and not 1 <= len(description) <= 100:
            problems.append(f"{where}: description has {len(description)} characters (1-100)")
        options = list(item.get("options") or [])
        if len(options) > 25:
            problems.append(f"{where}: {len(options)} options (at most 25)")
        required = [bool(o.get("required")) for o in options if o.get("type") not in (1, 2)]
        if required != sorted(required, reverse=True):
            problems.append(f"{where}: required options must come before optional ones")
        choices = list(item.get("choices") or [])
        if len(choices) > 25:
            problems.append(f"{where}: {len(choices)} choices (at most 25)")
        for choice in choices:
            if not 1 <= len(choice["name"]) <= 100:
                problems.append(f"{where}: choice name {choice['name']!r} must be 1-100 characters")
            if isinstance(choice["value"], str) and not 1 <= len(choice["value"]) <= 100:
                problems.append(f"{where}: choice value {choice['value']!r} must be 1-100 characters")
        for option in options:
            check(option, f"{where} {option.get('name')}", True)

    for command in tree_json:
        slash = command.get("type", 1) == 1
        where = f"/{command.get('name')}" if slash else repr(command.get("name"))
        check(command, where, slash)
        if text_length(command) > 4000:
            problems.append(f"{where}: {text_length(command)} characters in all (at most 4000)")
    return problems
