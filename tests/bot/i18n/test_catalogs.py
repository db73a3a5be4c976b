"""The message catalogs: every phrase the code marks and every command string has a Japanese entry,
and English is what a missing entry falls back to. (The engine's own catalog, ``engine.po``: see
``test_engine_messages``.)"""

from __future__ import annotations

import re

import pytest
from babel.messages.extract import extract_from_dir
from discord import app_commands

from bot.config import Settings
from bot.discord_bot import EXTENSIONS, JudgeBot
from bot.i18n import LOCALES, _, catalog, pgettext, use_language
from cogs.translator import _CONTEXTS
from tests.locations import ROOT

KEYWORDS = {"_": None, "N_": None}
_FIELD = re.compile(r"\{[^}]*\}")


def marked_messages() -> set[str]:
    """Every message id the code marks with ``_`` or ``N_`` (as ``pybabel extract -k N_`` finds them)."""
    found: set[str] = set()
    for folder in ("bot", "cogs"):
        for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            found.add(str(message))
    return found


async def command_strings() -> set[tuple[str, str]]:
    """(msgctxt, text) of every command name, description, option description and choice."""
    bot = JudgeBot(Settings(offline=True), sync_dev_guild=False)
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    strings: set[tuple[str, str]] = set()
    for command in bot.tree.walk_commands():
        strings |= {("command name", command.name), ("command description", command.description)}
        for parameter in getattr(command, "parameters", []):
            strings.add(("option description", parameter.description))
            strings |= {("choice", choice.name) for choice in parameter.choices}
    for group in bot.tree.get_commands():
        strings.add(("command name", group.name))
        if not isinstance(group, app_commands.ContextMenu):  # a message command has a name only
            strings.add(("command description", group.description))
    return strings


def test_every_marked_message_has_a_japanese_entry() -> None:
    messages = marked_messages()
    assert len(messages) > 90
    missing = sorted(messages - catalog("ja").keys())
    assert missing == [], f"add these to {LOCALES}/ja/LC_MESSAGES/messages.po: {missing}"


@pytest.mark.parametrize("domain", ["messages", "engine"])
def test_translations_keep_the_format_fields(domain: str) -> None:
    translated = catalog("ja", domain)
    assert len(translated) > 90
    wrong = {m: t for m, t in translated.items() if sorted(_FIELD.findall(m)) != sorted(_FIELD.findall(t))}
    assert wrong == {}


async def test_every_command_string_has_a_japanese_entry() -> None:
    strings = await command_strings()
    assert {where for where, _text in strings} <= set(_CONTEXTS.values())
    missing = sorted(s for s in strings if pgettext(s[0], s[1], "ja") is None)
    assert missing == []


def test_a_missing_translation_falls_back_to_english() -> None:
    with use_language("ja"):
        assert _("Why") == "理由"
        assert _("A phrase no catalog has") == "A phrase no catalog has"
        assert catalog("ja", "engine")["the graveyard"] == "墓地"  # the engine's domain loads beside it
        assert catalog("ja", "no such domain") == {}
    with use_language("xx"):  # an unsupported language is English
        assert _("Why") == "Why"
    assert _("Why") == "Why"
