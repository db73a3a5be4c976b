"""``/board``: a whole board as YAML or JSON text (an option, an attached file, or typed in the board
editor), and what its object is; and the message command "Rule on this board", which answers the board
in a message's code block or attached file.

A message command receives the chosen message in the interaction itself (``data.resolved.messages``),
its content included, so it needs no message content intent.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _
from bot.i18n.errors import Refused
from cogs.cooldown import per_user_cooldown
from cogs.editor import EXAMPLE_BOARD, open_editor, submitted_text
from cogs.errors import report
from cogs.flow import answer_board, within_deadline
from cogs.interactions import HANDLED, AnyInteraction, Interaction, bot_of, speak_to
from cogs.options import BoardText

BOARD_FILE_TYPES = (".yaml", ".yml", ".json")
MESSAGE_FILE_TYPES = (*BOARD_FILE_TYPES, ".txt")
RULE_ON_BOARD = "Rule on this board"
"""The message command's name (at most 32 characters; Discord shows it under Apps)."""
BOARD_LANGUAGES = frozenset({"", "yaml", "yml", "json"})
"""The languages of a code block that may hold a board (none given: a plain block)."""
_FENCE = re.compile(r"```(.*?)```", re.DOTALL)
_LANGUAGE = re.compile(r"[A-Za-z0-9_+.-]*")


class BoardCog(commands.Cog, name="Board"):
    """Boards: objects, copies, effects and actions, in timestamp order."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.menu = app_commands.ContextMenu(name=RULE_ON_BOARD, callback=self.rule_on_board)

    async def cog_load(self) -> None:
        """Add the message command (a context menu can't be declared inside a cog)."""
        self.bot.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        """Remove the message command."""
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)

    @app_commands.command(name="board", description="Explain what an object on a board is (YAML or JSON)")
    @app_commands.describe(
        scenario="The board as YAML, e.g. {battlefield: [{card: Clone, copy_of: goyf}, …]}",
        file="A .yaml or .json board file instead",
    )
    @per_user_cooldown
    async def board(
        self,
        interaction: Interaction,
        scenario: BoardText | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        """Read the board, ask the Judge and show the queried object and why; with no board, open the
        board editor with an example."""
        text = scenario or ""
        if file is not None:
            text = await within_deadline(
                interaction, board_file_text(file, bot_of(interaction).settings.board_file_bytes)
            )
        elif scenario is None:
            speak_to(interaction)
            await open_editor(interaction, _(EXAMPLE_BOARD), answer_board)
            return
        if not text.strip():
            raise Refused(N_("Give the board as scenario text, or attach it as a .yaml or .json file."))
        await answer_board(interaction, text)

    @per_user_cooldown
    async def rule_on_board(self, interaction: Interaction, message: discord.Message) -> None:
        """Answer the board in the chosen message: its first YAML, JSON or plain code block, else its
        first .yaml, .json or .txt attachment."""
        limit = bot_of(interaction).settings.board_file_bytes
        text = message_board(message.content)
        if text is not None:
            size = len(text.encode("utf-8"))
            if size > limit:
                raise Refused(
                    N_("The board is {size:,} bytes; at most {limit:,} are accepted."), size=size, limit=limit
                )
        else:
            files = message.attachments
            file = next((a for a in files if a.filename.lower().endswith(MESSAGE_FILE_TYPES)), None)
            if file is None:
                raise Refused(
                    N_(
                        "No board in this message: put it in a ```yaml code block, or attach it as a .yaml, "
                        ".json or .txt file."
                    )
                )
            text = await within_deadline(interaction, attached_text(file, limit))
        if not text.strip():
            raise Refused(N_("The board in this message is empty."))
        await answer_board(interaction, text)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: AnyInteraction) -> None:
        """An editor's submission no tracked editor took (the bot restarted, or the editor was stopped as
        the oldest of too many): its text is in the submission, so answer it as the editor would."""
        if interaction.type is not discord.InteractionType.modal_submit or interaction.extras.get(HANDLED):
            return
        text = submitted_text(interaction.data)
        if text is None or interaction.response.is_done():
            return
        interaction.extras[HANDLED] = True
        try:
            if not text.strip():
                raise Refused(N_("Give the board as scenario text, or attach it as a .yaml or .json file."))
            await answer_board(interaction, text)
        except Exception as error:  # every error is answered, as the tree's handler answers it
            await report(interaction, error)


def message_board(content: str) -> str | None:
    """The text of the first code block in ``content`` that may hold a board (```yaml, ```json or a
    plain ```), or None."""
    for fence in _FENCE.finditer(content):
        inner = fence.group(1)
        first, newline, rest = inner.partition("\n")
        if newline and _LANGUAGE.fullmatch(first.strip()):
            language, body = first.strip().casefold(), rest  # ```yaml on its own line names the language
        else:
            language, body = "", inner
        if language in BOARD_LANGUAGES:
            return body
    return None


async def board_file_text(file: discord.Attachment, limit: int) -> str:
    """The text of a board file attached to ``/board``, checked for its type and size before it is read."""
    if not file.filename.lower().endswith(BOARD_FILE_TYPES):
        raise Refused(
            N_("The board file must be .yaml, .yml or .json (got {name!r})."), name=file.filename[:60]
        )
    return await attached_text(file, limit)


async def attached_text(file: discord.Attachment, limit: int) -> str:
    """The text of an attached file: refused before it is downloaded when larger than ``limit`` bytes,
    and when it is not UTF-8."""
    if file.size > limit:
        raise Refused(
            N_("The board file is {size:,} bytes; at most {limit:,} are accepted."),
            size=file.size,
            limit=limit,
        )
    try:
        return (await file.read()).decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(N_("The board file is not UTF-8 text.")) from None


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(BoardCog(bot))
