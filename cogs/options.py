"""The commands' options: their bounds as Discord enforces them (the Judge's limits), and Discord's names
for what the command line calls flags, so that no reply tells a Discord user to pass
``--choice option=N``: the Judge words its messages for the CLI (``--choice``, ``--new-choice``) or with
the option names of :func:`bot.judge.original_state` (``face-down``, ``new-choice``); a reply on Discord
names the ``/copy`` option instead (``choice:``, ``new_choice:``, ``face_down``).
"""

from __future__ import annotations

import copy
from typing import Any

from discord import app_commands

from bot.judge import LIMITS, JudgeError

DISCORD_OPTION_MAX = 6_000  # Discord's largest max_length of a string option
CardName = app_commands.Range[str, 1, LIMITS.card_name]
RulesQuery = app_commands.Range[str, 1, LIMITS.rules_query]
StateText = app_commands.Range[str, 1, LIMITS.choice_text * LIMITS.counter_kinds]
ChoiceText = app_commands.Range[str, 1, (LIMITS.choice_text + 2) * LIMITS.choices]  # with ", " between
GraveyardText = app_commands.Range[str, 1, min(DISCORD_OPTION_MAX, LIMITS.card_name * LIMITS.graveyard_cards)]
BoardText = app_commands.Range[str, 1, min(DISCORD_OPTION_MAX, LIMITS.board_text)]
PumpText = app_commands.Range[str, 1, 16]
FaceDownText = app_commands.Range[str, 1, 20]
XValue = app_commands.Range[int, 0, LIMITS.x]

DISCORD_OPTIONS = {
    "--choice": "choice:",
    "--new-choice": "new_choice:",
    "--x": "x:",
    "--counters": "counters:",
    "--pump": "pump:",
    "--graveyard": "graveyard:",
    "--face-down": "face_down:",
    "face-down": "face_down",
    "new-choice": "new_choice",
}
"""A flag (or option name) as the Judge's messages give it, and the ``/copy`` option a reply names."""


def for_discord(error: JudgeError) -> JudgeError:
    """``error`` worded with the Discord options instead of the command line's flags (``error`` itself
    when its message names none)."""
    wording = error.wording
    if wording is None:
        return error
    renamed = _renamed(wording)
    if renamed == wording:
        return error
    shown = copy.copy(error)
    shown.args = (renamed,)
    return shown


def _renamed(message: Any) -> Any:
    """``message`` (``engine.core.messages.Message``, matched by shape: cogs import no engine module)
    with every parameter that is a flag renamed, in nested messages too."""
    params = tuple((name, _renamed_param(value, type(message))) for name, value in message.params)
    return message.model_copy(update={"params": params}) if params != message.params else message


def _renamed_param(value: object, message_type: type) -> object:
    if isinstance(value, message_type):
        return _renamed(value)
    return DISCORD_OPTIONS.get(value, value) if isinstance(value, str) else value
