"""One handler per error type, for the command tree and every view: private, helpful, no tracebacks,
in the interaction's language (the Judge's messages through :func:`bot.i18n.errors.error_message`); an
error about a board offers the board editor again, with the board as it was sent (:mod:`cogs.editor`).

:func:`report` unwraps discord.py's wrapper (and a view's, ``cogs.views.ComponentError``) and picks the
handler of the nearest class in the error's MRO from :data:`HANDLERS`; anything unexpected is logged and
answered with an apology.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import N_, _
from bot.i18n.errors import error_message, error_names
from bot.judge import (
    AmbiguousCardName,
    BoardFormatError,
    CardNotFound,
    JudgeError,
    RuleNotFound,
    RulesUnavailable,
    UserError,
    WorldError,
)
from bot.text_safety import visible
from cogs.editor import editor_for
from cogs.flow import Question, answer, answer_board
from cogs.interactions import (
    QUESTION,
    AnyInteraction,
    Interaction,
    judge_of,
    say_expired,
    send_private,
    speak_to,
)
from cogs.markdown import code
from cogs.options import for_discord
from cogs.render import clip, safe
from cogs.views import ComponentError, JudgeView

if TYPE_CHECKING:
    from bot.discord_bot import JudgeBot

log = logging.getLogger(__name__)

Handler = Callable[[Interaction, Any], Awaitable[None]]

TRY_LATER = N_(
    "Scryfall can't be reached right now, so only cards already cached can be answered; try again later."
)

NO_CARD_DATA = N_("The judge has no card data yet; ask whoever runs the bot to import it.")
"""On Discord, instead of the CLI's advice for an empty cache offline (``import-cards``, ``--offline``)."""


async def report(interaction: Interaction, error: Exception) -> None:
    """Answer ``error`` privately with the handler for its type."""
    speak_to(interaction)
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError | ComponentError):
        error = error.__cause__ if isinstance(error.__cause__, Exception) else error
    if isinstance(error, JudgeError):
        error = for_discord(error)
    for kind in type(error).__mro__:
        handler = HANDLERS.get(kind)
        if handler is not None:
            await handler(interaction, error)
            return


async def _private(interaction: Interaction, text: str) -> None:
    """Say ``text`` privately; when the interaction asked about a board, with "Edit board" (the text kept)."""
    await send_private(interaction, text, editor_for(interaction, answer_board))


async def _cooldown(interaction: Interaction, error: app_commands.CommandOnCooldown) -> None:
    await _private(
        interaction,
        _("Easy there! You can ask again in {seconds:.0f} seconds. The judge is still here.").format(
            seconds=error.retry_after
        ),
    )


async def _ambiguous(interaction: Interaction, error: AmbiguousCardName) -> None:
    text = safe(error_message(error)) + "\n" + _("Which one did you mean?")
    question = interaction.extras.get(QUESTION)
    if (
        isinstance(question, Question)
        and error.candidates
        and question.with_name(error.query, "x") is not None
    ):
        view = AmbiguousNameView(question, error.query, error.candidates, owner_id=interaction.user.id)
        await send_private(interaction, text, view)
        return
    await _private(interaction, text + " " + ", ".join(safe(c) for c in error.candidates))


async def _not_found(interaction: Interaction, error: CardNotFound) -> None:
    bare = f"No card named “{error.query}”."
    if not isinstance(error, WorldError) and str(error) != bare:  # the cache's reason: empty, offline
        said = _("No card named “{query}”.").format(query=error.query)
        await _private(interaction, safe(said) + "\n" + _(NO_CARD_DATA))
        return
    lines = [safe(error_message(error))]
    if error.suggestions:
        names = ", ".join(f"**{safe(s)}**" for s in error.suggestions[:10])
        lines.append(_("Did you mean: {names}?").format(names=names))
    if isinstance(error.__cause__, WorldError):
        lines.append(_(TRY_LATER))
    await _private(interaction, "\n".join(lines))


async def _rule_not_found(interaction: Interaction, error: RuleNotFound) -> None:
    nearest = ", ".join(code(visible(s)) for s in error.suggestions[:10])
    nearest_line = "\n" + _("Nearest: {rules}").format(rules=nearest) if nearest else ""
    await _private(interaction, safe(error_message(error)) + nearest_line)


async def _bad_board(interaction: Interaction, error: BoardFormatError) -> None:
    names = await error_names(error, judge_of(interaction))
    problem = safe(error_message(error, framed=False, names=names))
    await _private(interaction, _("Your board has a problem: {problem}").format(problem=problem))


async def _rules_unavailable(interaction: Interaction, error: RulesUnavailable) -> None:
    unavailable = _("The Comprehensive Rules aren't available right now.")
    await _private(interaction, f"{unavailable} {safe(error_message(error, framed=False))}")


async def _user_error(interaction: Interaction, error: UserError) -> None:
    names = await error_names(error, judge_of(interaction))
    await _private(interaction, safe(error_message(error, names=names)))


async def _world_error(interaction: Interaction, error: WorldError) -> None:
    log.warning("a data source failed: %s", error)
    await _private(
        interaction, _("A data source I rely on is unavailable right now; please try again later.")
    )


async def _check_failure(interaction: Interaction, error: app_commands.CheckFailure) -> None:
    await _private(interaction, _("You can't use this command here."))


async def _unexpected(interaction: Interaction, error: Exception) -> None:
    command = interaction.command.qualified_name if interaction.command else "a component"
    log.error("unexpected error in %s", command, exc_info=error)
    await _private(interaction, _("Something went wrong on my side; it has been logged. Please try again."))


HANDLERS: dict[type[BaseException], Handler] = {
    app_commands.CommandOnCooldown: _cooldown,
    app_commands.CheckFailure: _check_failure,
    AmbiguousCardName: _ambiguous,
    CardNotFound: _not_found,
    RuleNotFound: _rule_not_found,
    BoardFormatError: _bad_board,
    RulesUnavailable: _rules_unavailable,
    UserError: _user_error,
    WorldError: _world_error,
    Exception: _unexpected,
}
"""The handler of each error type; the nearest class in an error's MRO wins."""


class AmbiguousNameView(JudgeView):
    """The candidates of an ambiguous name; choosing one answers the original question with it."""

    def __init__(
        self,
        question: Question[Any],
        query: str,
        candidates: list[str],
        *,
        owner_id: int,
        timeout: float = 300,
    ) -> None:
        super().__init__(timeout=timeout)
        self.question = question
        self.query = query
        self.owner_id = owner_id
        self.select = CandidateSelect(candidates)
        self.add_item(self.select)

    async def interaction_check(self, interaction: AnyInteraction) -> bool:
        """Only the asker may choose."""
        await super().interaction_check(interaction)
        speak_to(interaction)
        if interaction.user.id == self.owner_id:
            return True
        await send_private(interaction, _("Only the person who asked can choose here."))
        return False

    async def chosen(self, interaction: Interaction, name: str) -> None:
        """Answer the original question with ``name``."""
        question = self.question.with_name(self.query, name)
        assert question is not None  # the view is only offered when the question names the query
        if self.is_finished():  # another choice on the same menu was taken first
            await say_expired(interaction)
            return
        self.stop()
        answering = _("Answering with **{card}**…").format(card=safe(name))
        await interaction.response.edit_message(content=answering, view=None)
        try:
            await answer(interaction, question)
        finally:  # the answer (or the error's private note) is its own message: the menu is done
            await _remove_menu(interaction)


async def _remove_menu(interaction: Interaction) -> None:
    """Delete the private message of an ambiguous name's menu (now saying "Answering with …")."""
    try:
        await interaction.delete_original_response()
    except discord.HTTPException as error:
        log.debug("could not remove the menu of an ambiguous name: %s", error)


class CandidateSelect(discord.ui.Select[AmbiguousNameView]):
    """The cards an ambiguous name may mean (at most 25)."""

    def __init__(self, candidates: list[str]) -> None:
        options = [discord.SelectOption(label=clip(visible(c), 100), value=c[:100]) for c in candidates[:25]]
        super().__init__(
            custom_id="card:candidates", placeholder=_("Choose the card you meant"), options=options
        )

    async def callback(self, interaction: AnyInteraction) -> None:
        """Answer with the chosen card."""
        assert self.view is not None
        await self.view.chosen(interaction, self.values[0])


async def _tree_error(interaction: Interaction, error: app_commands.AppCommandError) -> None:
    await report(interaction, error)


async def setup(bot: JudgeBot) -> None:
    """Install :func:`report` as the command tree's error handler."""
    bot.tree.error(_tree_error)
