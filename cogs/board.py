"""``/board``: a whole board as YAML or JSON text (or an attached file), and what its object is."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_
from bot.i18n.errors import Refused
from bot.judge import BoardResult, Judge
from cogs.common import BoardText, Interaction, Question, answer, bot_of, per_user_cooldown, within_deadline
from cogs.render import board_reply

BOARD_FILE_TYPES = (".yaml", ".yml", ".json")


class BoardCog(commands.Cog, name="Board"):
    """Boards: objects, copies, effects and actions, in timestamp order."""

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
        """Read the board, ask the Judge and show the queried object and why."""
        text = scenario or ""
        if file is not None:
            text = await within_deadline(
                interaction, board_file_text(file, bot_of(interaction).settings.board_file_bytes)
            )
        if not text.strip():
            raise Refused(N_("Give the board as scenario text, or attach it as a .yaml or .json file."))

        async def ask(judge: Judge, names: tuple[str, ...]) -> BoardResult:
            return await judge.board(text)

        await answer(interaction, Question((), ask, board_reply))


async def board_file_text(file: discord.Attachment, limit: int) -> str:
    """The text of an attached board file, checked for its type and size before it is read."""
    if not file.filename.lower().endswith(BOARD_FILE_TYPES):
        raise Refused(
            N_("The board file must be .yaml, .yml or .json (got {name!r})."), name=file.filename[:60]
        )
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
    await bot.add_cog(BoardCog())
