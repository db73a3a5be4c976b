"""What every cog shares: the question an interaction asks, asking it within Discord's deadline,
sending the rendered reply with its view, autocomplete, option bounds and the per-user cooldown.

A command body builds a :class:`Question` and calls :func:`answer`: the Judge is asked, and if it has
not answered after ``settings.defer_after`` seconds the interaction is deferred, so Discord's three
seconds are never missed. The question is kept on the interaction (``extras``) so the error handler
can ask it again with another card name (an ambiguous name's select menu).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

import discord
from discord import app_commands

from bot.i18n import DEFAULT_LANGUAGE, N_, _, current_language, language_of, set_language
from bot.judge import LIMITS, Judge, JudgeError, complete_copyable_names
from bot.text_safety import visible
from cogs.render import Context, Reply, clip, rule_reply

if TYPE_CHECKING:
    from bot.discord_bot import JudgeBot, LiveViews

    Interaction = discord.Interaction[JudgeBot]
else:
    Interaction = discord.Interaction
AnyInteraction = discord.Interaction[Any]
"""What discord.py's view callbacks are typed with (their bot is any client)."""

log = logging.getLogger(__name__)

A = TypeVar("A")
T = TypeVar("T")

NO_MENTIONS = discord.AllowedMentions.none()
QUESTION = "mtg-judge:question"
"""The key of the interaction's ``extras`` that holds the question being answered."""
HANDLED = "mtg-judge:handled"
"""The key of the interaction's ``extras`` a view sets on a component interaction it takes
(``cogs.stale`` answers the others)."""
EXPIRED = N_("This menu has expired — ask again.")

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


class Question(NamedTuple, Generic[A]):
    """One question: the card names it names (which an ambiguous name's choice replaces), how to ask
    the Judge with them and how to render the answer."""

    names: tuple[str, ...]
    ask: Callable[[Judge, tuple[str, ...]], Awaitable[A]]
    render: Callable[[A, Context], Reply]
    ephemeral: bool = False
    counted: bool = True  # against the user's cooldown, once answered

    def with_name(self, query: str, chosen: str) -> Question[A] | None:
        """The same question with ``chosen`` for the name typed as ``query``; None if none was."""
        wanted = query.strip().casefold()
        if all(name.strip().casefold() != wanted for name in self.names):
            return None
        names = tuple(chosen if name.strip().casefold() == wanted else name for name in self.names)
        return self._replace(names=names)

    async def reply(self, judge: Judge) -> Reply:
        """Ask the Judge and render its answer, in the current language (with the cards' printed names)."""
        answered = await self.ask(judge, self.names)
        versions = await judge.versions()
        names = await judge.printed_names(current_language())
        return self.render(answered, Context(versions, judge.settings.rules_link_base, names))


def bot_of(interaction: Interaction) -> JudgeBot:
    """The bot that received ``interaction``."""
    return interaction.client


def judge_of(interaction: Interaction) -> Judge:
    """The Judge of the bot that received ``interaction``."""
    return bot_of(interaction).judge


def interaction_language(interaction: AnyInteraction) -> str:
    """The language to answer in: the user's choice (``/settings language``), else Japanese when the
    user's client or the server's preferred locale is Japanese, else English."""
    chosen = judge_of(interaction).chosen_language(interaction.user.id)
    if chosen is not None:
        return chosen
    for locale in (interaction.locale, interaction.guild_locale):
        language = language_of(locale.value if locale is not None else None)
        if language is not None and language != DEFAULT_LANGUAGE:
            return language
    return DEFAULT_LANGUAGE


def speak_to(interaction: AnyInteraction) -> None:
    """Answer ``interaction`` in its language (each interaction is handled in its own task, so this
    holds for everything that task says: the reply, its views, its errors)."""
    set_language(interaction_language(interaction))


async def answer(interaction: Interaction, question: Question[Any]) -> None:
    """Ask ``question`` within the deadline and send its reply (errors go to the error handler)."""
    speak_to(interaction)
    interaction.extras[QUESTION] = question
    with _counted(interaction, question.counted):
        reply = await within_deadline(interaction, question.reply(judge_of(interaction)), question.ephemeral)
        await send_reply(interaction, reply, ephemeral=question.ephemeral)


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


async def send_private(interaction: Interaction, text: str, view: discord.ui.View | None = None) -> None:
    """Send ``text`` (at most 2,000 characters) that only the user sees; after a public "thinking"
    defer, the loading message is deleted first so the followup can be private."""
    content = clip(text, 2_000)
    shown = view or discord.utils.MISSING
    response = interaction.response
    if not response.is_done():
        await response.send_message(content, view=shown, ephemeral=True, allowed_mentions=NO_MENTIONS)
        return
    if response.type is discord.InteractionResponseType.deferred_channel_message:
        await interaction.delete_original_response()
    await interaction.followup.send(content, view=shown, ephemeral=True, allowed_mentions=NO_MENTIONS)


async def say_expired(interaction: AnyInteraction) -> None:
    """Tell the user privately that the menu or button they used no longer works."""
    speak_to(interaction)
    await send_private(interaction, _(EXPIRED))


class JudgeView(discord.ui.View):
    """A view whose errors reach the same handler as the commands', and whose items stop working
    (disabled) after its timeout."""

    message: discord.InteractionMessage | discord.WebhookMessage | None = None

    async def interaction_check(self, interaction: AnyInteraction) -> bool:
        """Mark the interaction as taken by a live view (every one is allowed here)."""
        interaction.extras[HANDLED] = True
        return True

    async def on_error(
        self, interaction: AnyInteraction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        """Answer like the command tree does for the same error."""
        from cogs.errors import report

        await report(interaction, error)

    async def on_timeout(self) -> None:
        """Disable every item on the message."""
        for item in self.children:
            if isinstance(item, discord.ui.Button | discord.ui.Select):
                item.disabled = True
        if self.message is not None:
            try:
                await self.message.edit(view=self)
            except discord.HTTPException as error:
                log.debug("could not disable the view of message %s: %s", self.message.id, error)


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
        from cogs.editor import EditBoardButton, editable  # the editor's module builds on this one

        if editable(reply.board):
            assert reply.board is not None
            self.add_item(EditBoardButton(reply.board))

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
        number = self.values[0]
        await answer(
            interaction,
            Question((number,), lambda judge, names: judge.rule(names[0]), rule_reply, True, counted=False),
        )


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


def _has_questions_left(interaction: Interaction) -> bool:
    bot_of(interaction).budgets.check(interaction.user.id)
    return True


per_user_cooldown = app_commands.check(_has_questions_left)
"""Every question command's cooldown check: refused before any work when the user has no question
left (:mod:`cogs.cooldown`); a question counts only once answered (:func:`answer`)."""
