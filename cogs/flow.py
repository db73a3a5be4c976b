"""Answering a question on Discord: ask the Judge once, within Discord's deadline, and send the rendered
reply with its view (page buttons, the cited rules' select, "Edit board").

A command body builds a :class:`Question` (what it asks, as data: each command's own subclass) and calls
:func:`answer`: the Judge is asked, and if it has not answered after ``settings.defer_after`` seconds the
interaction is deferred, so Discord's three seconds are never missed. The question is kept on the
interaction (``extras``) so the error handler can ask it again with another card name (an ambiguous
name's select menu).
"""

from __future__ import annotations

import asyncio
import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

import discord

from bot.i18n import _, current_language
from bot.judge import BoardResult, Frame, GlossaryAnswer, Judge, RuleAnswer
from cogs.editor import BOARD_TEXT, EditBoardButton, editable
from cogs.interactions import (
    NO_MENTIONS,
    QUESTION,
    AnyInteraction,
    Interaction,
    bot_of,
    judge_of,
    send_private,
    speak_to,
)
from cogs.render import Context, Reply, board_reply, rule_reply
from cogs.views import JudgeView

if TYPE_CHECKING:
    from bot.discord_bot import LiveViews


class FramedAnswer(Protocol):
    """An answer of the Judge in the frame it was built in (its data's dates, its printed names)."""

    @property
    def frame(self) -> Frame | None: ...


A = TypeVar("A", bound=FramedAnswer)
T = TypeVar("T")


@dataclass(frozen=True)
class Question(ABC, Generic[A]):
    """One question: the card names it names (which an ambiguous name's choice replaces), how the Judge
    answers it in a language (:meth:`ask`: one call, whose answer carries its frame) and how the answer
    is rendered (:meth:`render`); whether only the asker sees it, and whether it counts against the
    user's cooldown once answered."""

    names: tuple[str, ...] = ()
    ephemeral: bool = False
    counted: bool = True

    @abstractmethod
    async def ask(self, judge: Judge, lang: str) -> A:
        """The Judge's answer, in ``lang``'s frame."""

    @abstractmethod
    def render(self, answer: A, context: Context) -> Reply:
        """The reply showing ``answer``."""

    def with_name(self, query: str, chosen: str) -> Self | None:
        """The same question with ``chosen`` for the name typed as ``query``; None if none was."""
        wanted = query.strip().casefold()
        if all(name.strip().casefold() != wanted for name in self.names):
            return None
        names = tuple(chosen if name.strip().casefold() == wanted else name for name in self.names)
        return dataclasses.replace(self, names=names)

    async def reply(self, judge: Judge) -> Reply:
        """Ask the Judge and render its answer, in the current language (with the cards' printed names)."""
        reply, _frame = await self.framed_reply(judge)
        return reply

    async def framed_reply(self, judge: Judge) -> tuple[Reply, Frame]:
        """:meth:`reply`, and the frame of the answer it renders (the data's dates, the printed names)."""
        answered = await self.ask(judge, current_language())
        frame = answered.frame
        if frame is None:
            raise TypeError(f"the Judge gave {type(answered).__name__} without its frame")
        context = Context(frame.versions, judge.settings.rules_link_base, frame.names)
        return self.render(answered, context), frame


async def answer(interaction: Interaction, question: Question[Any]) -> None:
    """Ask ``question`` within the deadline and send its reply (errors go to the error handler)."""
    speak_to(interaction)
    interaction.extras[QUESTION] = question
    with _counted(interaction, question.counted):
        reply = await within_deadline(interaction, question.reply(judge_of(interaction)), question.ephemeral)
        await send_reply(interaction, reply, ephemeral=question.ephemeral)


@dataclass(frozen=True, kw_only=True)
class BoardQuestion(Question[BoardResult]):
    """A board given as text (``/board``, the editor, "Rule on this board")."""

    text: str

    async def ask(self, judge: Judge, lang: str) -> BoardResult:
        """The board's answer."""
        return await judge.board(self.text, lang=lang)

    def render(self, answer: BoardResult, context: Context) -> Reply:
        """The queried object and why (:func:`board_reply`)."""
        return board_reply(answer, context)


@dataclass(frozen=True, kw_only=True)
class CitedRuleQuestion(Question[RuleAnswer | GlossaryAnswer]):
    """A rule an answer cites, chosen in its select menu: shown privately, never counted."""

    number: str
    ephemeral: bool = True
    counted: bool = False

    async def ask(self, judge: Judge, lang: str) -> RuleAnswer | GlossaryAnswer:
        """The rule's text."""
        return await judge.rule(self.number, lang)

    def render(self, answer: RuleAnswer | GlossaryAnswer, context: Context) -> Reply:
        """The rule and its subrules (:func:`rule_reply`)."""
        return rule_reply(answer, context)


async def answer_board(interaction: AnyInteraction, text: str) -> None:
    """Answer the board ``text`` publicly, keeping the text on the interaction for its errors."""
    interaction.extras[BOARD_TEXT] = text
    await answer(interaction, BoardQuestion(text=text))


def _counted(interaction: Interaction, counted: bool) -> AbstractContextManager[None]:
    """Count the question against the user's cooldown while it is answered (nothing when not ``counted``)."""
    return bot_of(interaction).budgets.asking(interaction.user.id) if counted else nullcontext()


async def within_deadline(interaction: Interaction, work: Awaitable[T], ephemeral: bool = False) -> T:
    """Await ``work``; if it takes longer than ``defer_after`` seconds, defer the interaction first."""
    task = asyncio.ensure_future(work)
    try:
        if not interaction.response.is_done():
            done, _ = await asyncio.wait({task}, timeout=bot_of(interaction).settings.defer_after)
            if not done:
                await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        return await task
    finally:
        task.cancel()  # a no-op once it finished; stops it when the interaction handler is cancelled


async def send_reply(interaction: Interaction, reply: Reply, *, ephemeral: bool = False) -> None:
    """Send the reply's first page with its view (page buttons, cited-rules select) when it needs one."""
    bot = bot_of(interaction)
    view = ReplyView(
        reply, owner_id=interaction.user.id, timeout=bot.settings.page_timeout, live=bot.live_views
    )
    shown = view if view.children else discord.utils.MISSING
    if interaction.response.is_done():
        view.message = await interaction.followup.send(
            embed=reply.pages[0], view=shown, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS, wait=True
        )
    else:
        response = await interaction.response.send_message(
            embed=reply.pages[0], view=shown, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS
        )
        if isinstance(response.resource, discord.InteractionMessage):
            view.message = response.resource
    if view.children:
        bot.live_views.add(view)


class ReplyView(JudgeView):
    """Previous/Next buttons (only the asker may turn the pages), a select of the rules cited and, under an
    answer built from a board, "Edit board" (:mod:`cogs.editor`); one of the bot's ``live`` views until it
    times out (or is stopped as the oldest of too many)."""

    def __init__(self, reply: Reply, *, owner_id: int, timeout: float, live: LiveViews) -> None:
        super().__init__(timeout=timeout)
        self._live = live
        self.reply = reply
        self.owner_id = owner_id
        self.page = 0
        if len(reply.pages) > 1:
            self.previous = PageButton(-1, _("Previous"), "page:prev", disabled=True)
            self.next = PageButton(1, _("Next"), "page:next")
            self.add_item(self.previous).add_item(self.next)
        if reply.cited:
            self.add_item(CitedRulesSelect(reply.cited))
        if reply.board is not None and editable(reply.board):
            self.add_item(EditBoardButton(reply.board, answer_board))

    async def on_timeout(self) -> None:
        """No longer one of the live views; its items disabled."""
        self._live.discard(self)
        await super().on_timeout()

    async def turn(self, interaction: Interaction, step: int) -> None:
        """Show the page ``step`` away, if the asker pressed."""
        speak_to(interaction)
        if interaction.user.id != self.owner_id:
            await send_private(interaction, _("Only the person who asked can turn these pages."))
            return
        self.page = max(0, min(len(self.reply.pages) - 1, self.page + step))
        self.previous.disabled = self.page == 0
        self.next.disabled = self.page == len(self.reply.pages) - 1
        await interaction.response.edit_message(embed=self.reply.pages[self.page], view=self)


class PageButton(discord.ui.Button[ReplyView]):
    """Turns the reply's pages by ``step``."""

    def __init__(self, step: int, label: str, custom_id: str, *, disabled: bool = False) -> None:
        super().__init__(
            label=label, custom_id=custom_id, style=discord.ButtonStyle.secondary, disabled=disabled
        )
        self.step = step

    async def callback(self, interaction: AnyInteraction) -> None:
        """Turn the page."""
        assert self.view is not None
        await self.view.turn(interaction, self.step)


class CitedRulesSelect(discord.ui.Select[ReplyView]):
    """The rules an answer cites; choosing one shows its text to the chooser only."""

    def __init__(self, numbers: Sequence[str]) -> None:
        options = [discord.SelectOption(label=number, value=number) for number in numbers[:25]]
        super().__init__(custom_id="rules:cited", placeholder=_("Read a cited rule"), options=options)

    async def callback(self, interaction: AnyInteraction) -> None:
        """Show the chosen rule's text, privately."""
        await answer(interaction, CitedRuleQuestion(number=self.values[0]))
