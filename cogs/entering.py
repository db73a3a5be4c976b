"""Autocomplete of ``/copy``'s ``choice`` and ``new_choice``: the "as enters" choices the card offers,
read from what the Judge answers when they are left out.

Left out, a choice the copy needs is either refused with the card's numbered options ("Primal Clay
becomes one of several things as it enters; say which … option=N (1: a 3/3 artifact creature; …)") or
noted in the answer ("As it enters, its controller chooses a color (give it as choices: {color: …})").
Both are the Judge's structured messages: their parameters list the options and name the key.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from discord import app_commands

from bot.judge import LIMITS, JudgeError, original_state
from bot.text_safety import visible
from cogs.interactions import Interaction, judge_of
from cogs.render import clip

SEVERAL_THINGS = "becomes one of several things as it enters"
"""Words of the template of the Judge's refusal that lists the numbered options (``listed``)."""
GIVE_IT = "(give it as choices: {{{key}: …}})"
"""Words of the template of the note that names the key of a choice the answer needs (``key``)."""
_LISTED = re.compile(r"(\d+): (.*?)(?=; \d+: |$)")
KNOWN_VALUES = {"color": ("white", "blue", "black", "red", "green")}
"""The values a key always has, offered as they are."""


async def original_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The choices the original offers, for ``choice``."""
    return await _offered(interaction, current, focused="choice")


async def copy_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The choices the copy's controller makes anew, for ``new_choice``."""
    return await _offered(interaction, current, focused="new_choice")


async def _offered(interaction: Interaction, current: str, *, focused: str) -> list[app_commands.Choice[str]]:
    options = interaction.namespace
    copier, original = getattr(options, "copier", None), getattr(options, "original", None)
    if not (isinstance(copier, str) and isinstance(original, str)) or len(current) > LIMITS.autocomplete_text:
        return []
    typed = {name: str(getattr(options, name, None) or "") for name in ("choice", "new_choice")}
    typed[focused] = ""
    try:
        state = original_state(choices=typed["choice"], new_choices=typed["new_choice"], option_prefix="")
        result = await judge_of(interaction).copy(copier, original, state)
    except JudgeError as refused:
        pairs = list(_numbered_options(refused.wording))
    else:
        pairs = list(_noted_keys([note.message for note in result.answer.result.notes], current))
    return _choices(current, pairs)


def _numbered_options(wording: Any) -> Iterator[tuple[str, str]]:
    """``option=N`` with its option's text, from the Judge's refusal that lists them."""
    if wording is None or SEVERAL_THINGS not in wording.template:
        return
    listed = dict(wording.params).get("listed")
    for number, text in _LISTED.findall(listed if isinstance(listed, str) else ""):
        yield f"option={number}", f"option={number} ({text})"


def _noted_keys(messages: Iterable[Any], current: str) -> Iterator[tuple[str, str]]:
    """``KEY=VALUE`` for each key a note of the answer says to give, with its known values (else the
    value being typed)."""
    typing = current.rpartition(",")[2].partition("=")[2].strip()
    for message in messages:
        if message is None or GIVE_IT not in message.template:
            continue
        key = dict(message.params).get("key")
        for value in KNOWN_VALUES.get(str(key), (typing,) if typing else ()):
            yield f"{key}={value}", f"{key}={value}"


def _choices(current: str, pairs: Iterable[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """The offered pairs after those already typed, those matching what is being typed first."""
    done, _, typing = current.rpartition(",")
    lead = f"{done.strip()}, " if done.strip() else ""
    wanted = typing.strip().casefold()
    offered: Mapping[str, str] = dict(pairs)
    ranked = sorted(offered, key=lambda value: not offered[value].casefold().startswith(wanted))
    found: list[app_commands.Choice[str]] = []
    for value in ranked:
        if wanted in offered[value].casefold() and len(lead + value) <= 100:
            name = clip(visible(lead + offered[value]), 100)
            found.append(app_commands.Choice(name=name, value=lead + value))
    return found[: LIMITS.autocomplete_results]
