"""The board editor: a modal whose one paragraph input holds a board (YAML or JSON), answered like
``/board scenario:`` when submitted.

It opens from ``/board`` with no board (prefilled with :data:`EXAMPLE_BOARD`), from the "Edit board" button
under every answer built from a board (prefilled with exactly the board that answer used: a ``/copy``
answer's default board too, written by the Judge) and from the same button under a board's error (with
the text as it was sent). Each editor is one of the bot's live views, so a burst of editors nobody submits
holds no memory for long; an editor's submission the bot no longer tracks (after a restart) still carries
its text and is answered all the same (``BoardCog.on_interaction``).

What answers a submission (``cogs.flow.answer_board``) is given to the editor by whoever opens it: the flow
of an answer builds on this module, not the other way round.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, _
from cogs.interactions import HANDLED, AnyInteraction, bot_of, speak_to
from cogs.views import JudgeView, to_error_handler

if TYPE_CHECKING:
    from bot.discord_bot import LiveViews

Submit = Callable[[AnyInteraction, str], Awaitable[None]]
"""What answers a board submitted in the editor (``cogs.flow.answer_board``)."""

EDITOR_PREFIX = "board:editor:"
"""The start of every editor's custom_id (the rest is random: discord.py finds a modal by its id alone)."""
TEXT_ID = "board:text"
EDIT_ID = "board:edit"
EDITOR_MAX = 4_000
"""The longest text Discord's text input takes; a longer board is answered but not offered for editing."""
EDITOR_TIMEOUT = 900.0
"""Seconds an open editor is tracked: Discord never says when one is closed without being submitted."""
BOARD_TEXT = "mtg-judge:board"
"""The key of the interaction's ``extras`` holding the board text it asks about (errors offer it again)."""

EXAMPLE_BOARD = N_(
    "# A board: the objects in timestamp order, what happened, and what to ask about.\n"
    "# The whole format: docs/board-format.md. Replace this example with your board.\n"
    "battlefield:\n"
    "  - {card: Primal Clay, id: clay, controller: opponent, choices: {option: 3}}  # the 1/6 Wall\n"
    "  - {card: Cryptoplasm, id: crypto}\n"
    "actions:\n"
    "  - becomes_copy: {object: crypto, of: clay}  # Cryptoplasm's upkeep trigger\n"
    "query: crypto  # the object to explain\n"
)


def editable(text: str | None) -> bool:
    """Whether ``text`` fits the editor (Discord refuses a longer prefilled value)."""
    return text is not None and 0 < len(text) <= EDITOR_MAX


async def open_editor(interaction: AnyInteraction, text: str, submit: Submit) -> None:
    """Open the editor, prefilled with ``text``, for the user of ``interaction``; ``submit`` answers it."""
    speak_to(interaction)
    live = bot_of(interaction).live_views
    editor = BoardEditor(text, submit, live=live)
    await interaction.response.send_modal(editor)
    live.add(editor)


def editor_for(interaction: AnyInteraction, submit: Submit) -> JudgeView | None:
    """A view with the "Edit board" button, prefilled with the board ``interaction`` asked about; None when
    it asked about none (or one too long for the editor)."""
    text = interaction.extras.get(BOARD_TEXT)
    return EditorView(text, submit) if isinstance(text, str) and editable(text) else None


class BoardEditor(discord.ui.Modal):
    """The modal: one paragraph input with the board; submitting it answers the board (``submit``)."""

    def __init__(
        self, text: str, submit: Submit, *, live: LiveViews | None = None, timeout: float = EDITOR_TIMEOUT
    ) -> None:
        super().__init__(title=_("Board"), timeout=timeout, custom_id=EDITOR_PREFIX + os.urandom(8).hex())
        self._submit = submit
        self._live = live
        self.board: discord.ui.TextInput[BoardEditor] = discord.ui.TextInput(
            label=_("The board, as YAML or JSON"),
            style=discord.TextStyle.paragraph,
            default=text,
            max_length=EDITOR_MAX,
            custom_id=TEXT_ID,
        )
        self.add_item(self.board)

    async def interaction_check(self, interaction: AnyInteraction) -> bool:
        """Mark the submission as taken by a tracked editor (the untracked ones are answered elsewhere)."""
        interaction.extras[HANDLED] = True
        return True

    async def on_submit(self, interaction: AnyInteraction) -> None:
        """Answer the board as submitted."""
        await self._submit(interaction, self.board.value)

    # discord.py's Modal.on_error takes no item (its own override of BaseView's is ignored the same way)
    async def on_error(self, interaction: AnyInteraction, error: Exception) -> None:  # type: ignore[override]
        """Answer like the command tree does for the same error (with the editor offered again)."""
        await to_error_handler(interaction, error)

    async def on_timeout(self) -> None:
        """No longer one of the live views."""
        if self._live is not None:
            self._live.discard(self)

    def stop(self) -> None:
        """Stop listening, and stop counting as a live view (submitted, or stopped as the oldest)."""
        super().stop()
        if self._live is not None:
            self._live.discard(self)


class EditBoardButton(discord.ui.Button[JudgeView]):
    """Opens the editor with ``text``: the board an answer used, or a board whose answer failed."""

    def __init__(self, text: str, submit: Submit) -> None:
        super().__init__(label=_("Edit board"), custom_id=EDIT_ID, style=discord.ButtonStyle.secondary)
        self.text = text
        self.submit = submit

    async def callback(self, interaction: AnyInteraction) -> None:
        """Open the editor for whoever pressed (anyone may start from a board they see)."""
        await open_editor(interaction, self.text, self.submit)


class EditorView(JudgeView):
    """The "Edit board" button alone, under a board's error."""

    def __init__(self, text: str, submit: Submit, *, timeout: float = 300) -> None:
        super().__init__(timeout=timeout)
        self.add_item(EditBoardButton(text, submit))


def submitted_text(data: Any) -> str | None:
    """The board text of an editor's submission (``interaction.data``), or None when it is not one."""
    if not isinstance(data, dict) or not str(data.get("custom_id", "")).startswith(EDITOR_PREFIX):
        return None
    rows = data.get("components")
    for row in rows if isinstance(rows, list) else []:
        inner = row.get("components", [row.get("component")]) if isinstance(row, dict) else []
        for component in inner if isinstance(inner, list) else []:
            if isinstance(component, dict) and component.get("custom_id") == TEXT_ID:
                value = component.get("value")
                return value if isinstance(value, str) else None
    return None
