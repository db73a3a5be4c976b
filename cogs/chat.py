"""``[[card name]]`` in chat: the cards a message names in double brackets, answered as compact card embeds
in one reply (opt-in, ``MTG_JUDGE_DISCORD_CHAT_CARDS``: it needs the message content intent).

At most :data:`MAX_LOOKUPS` names per message; ``[[name|rulings]]`` asks for the card's rulings. A name
the Judge can't answer gets a short line in the reply instead of an embed. The reply stays within
Discord's limits (10 embeds, 6,000 characters of embed text in all), so a long card or many rulings are
cut with a pointer to ``/card`` or ``/rulings``. The cooldown is the slash commands' one: a message whose
cards are answered counts as one question; a message on cooldown gets the "Easy there" line once, then
nothing until the user may ask again. Brackets inside code (```` ``` ```` blocks, `` ` `` spans) are
not read: a board written as YAML may hold ``[[…]]``.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import DEFAULT_LANGUAGE, N_, _, current_language, language_of, pgettext, use_language
from bot.i18n.errors import error_message
from bot.judge import AmbiguousCardName, CardNotFound, DataVersions, Judge, JudgeError, UserError, WorldError
from cogs.cards import CardQuestion, RulingsQuestion
from cogs.errors import NO_CARD_DATA, TRY_LATER
from cogs.flow import Question
from cogs.interactions import NO_MENTIONS
from cogs.render import CONTENT_MAX, EMBED_TOTAL_MAX, clip, footer, safe

if TYPE_CHECKING:
    from bot.discord_bot import JudgeBot

log = logging.getLogger(__name__)

MAX_LOOKUPS = 5
"""Names answered per message (one embed each)."""
RULINGS_FORMS = frozenset({"rulings", "ruling", "裁定"})
"""What after ``|`` asks for the card's rulings (``[[Clone|rulings]]``, ``[[クローン|裁定]]``)."""
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
_LOOKUP = re.compile(r"\[\[([^\[\]\n]*)\]\]")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")
"""Kana and kanji: a name typed with them is answered in Japanese unless the user chose a language."""
_TOLD_MAX = 4_096
"""Users remembered as told they are on cooldown, before the memory is dropped."""

_TOO_MANY = N_("Only the first {limit} cards of a message are looked up ({count} more not looked up).")
_UNKNOWN_FORM = N_("“{lookup}”: write [[name]] for a card, or [[name|rulings]] for its rulings.")
_MORE = N_("… (all of it: {command})")
_EASY = N_("Easy there! You can ask again in {seconds:.0f} seconds. The judge is still here.")
_MORE_ROOM = 40
"""Characters kept for the pointer to the command that shows an answer whole (``… (all of it: /card)``)."""
_WENT_WRONG = N_("Something went wrong on my side; it has been logged. Please try again.")


class Lookup(NamedTuple):
    """One ``[[…]]``: the name as typed and whether its rulings are asked for."""

    name: str
    rulings: bool = False


class Asked(NamedTuple):
    """What a message asks: the lookups to answer (at most :data:`MAX_LOOKUPS`), the ones beyond that
    limit (a count), and the ``[[…|…]]`` whose form isn't known, as typed."""

    lookups: tuple[Lookup, ...]
    skipped: int = 0
    unknown_forms: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.lookups or self.unknown_forms)


def read_lookups(content: str) -> Asked:
    """The ``[[name]]`` and ``[[name|rulings]]`` in ``content`` outside code, each once (the first
    :data:`MAX_LOOKUPS` of them; blank ones ignored)."""
    lookups: dict[tuple[str, bool], Lookup] = {}  # by name (any case) and form: each once, in order
    unknown: dict[str, None] = {}
    for found in _LOOKUP.finditer(_CODE.sub(" ", content)):
        typed = found.group(1)
        name, bar, form = typed.rpartition("|") if "|" in typed else (typed, "", "")
        name = name.strip()
        if not name:
            continue
        wanted = form.strip().casefold()
        if bar and wanted and wanted not in RULINGS_FORMS:
            unknown[typed.strip()] = None
            continue
        lookup = Lookup(name, wanted in RULINGS_FORMS)
        lookups.setdefault((name.casefold(), lookup.rulings), lookup)
    asked = tuple(lookups.values())
    return Asked(asked[:MAX_LOOKUPS], max(0, len(asked) - MAX_LOOKUPS), tuple(unknown)[:MAX_LOOKUPS])


class Shown(NamedTuple):
    """One answered lookup: its embed (the answer's first page), the command that shows all of it
    (``card``, ``rulings``), the data it was answered from and whether the answer has more pages than
    that."""

    embed: discord.Embed
    command: str
    versions: DataVersions
    more: bool = False


class Answered(NamedTuple):
    """The reply to a message: its embeds (one per answered card) and its short lines."""

    embeds: tuple[discord.Embed, ...]
    lines: tuple[str, ...]


class ChatCog(commands.Cog, name="Chat"):
    """Answers ``[[card name]]`` in messages."""

    def __init__(self, bot: JudgeBot) -> None:
        self.bot = bot
        self._told: dict[int, None] = {}  # users already told they are on cooldown

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Answer the cards ``message`` names in double brackets (not a bot's, not a webhook's)."""
        if message.author.bot or message.webhook_id is not None or "[[" not in message.content:
            return
        asked = read_lookups(message.content)
        if not asked:
            return
        with use_language(self._language(message, asked)):
            await self._answer(message, asked)

    async def _answer(self, message: discord.Message, asked: Asked) -> None:
        user_id = message.author.id
        budgets = self.bot.budgets
        try:
            if asked.lookups:
                budgets.take(user_id)
        except app_commands.CommandOnCooldown as refused:
            if user_id not in self._told:
                self._remember_told(user_id)
                await self._send(message, _(_EASY).format(seconds=refused.retry_after), ())
            return
        try:
            answered = await self._within_deadline(message, self._answers(asked))
        except Exception:  # each name's errors are lines of the answer: this is the bot's own failure
            log.exception("could not answer the cards named in a message")
            answered = Answered((), (_(_WENT_WRONG),))
        except BaseException:
            if asked.lookups:
                budgets.give_back(user_id)
            raise
        if asked.lookups and not answered.embeds:
            budgets.give_back(user_id)  # only answered questions count
        self._told.pop(user_id, None)
        await self._send(message, "\n".join(answered.lines), answered.embeds)

    async def _answers(self, asked: Asked) -> Answered:
        judge = self.bot.judge
        replies = await asyncio.gather(*(self._one(judge, lookup) for lookup in asked.lookups))
        shown = [reply for reply in replies if isinstance(reply, Shown)]
        lines = [reply for reply in replies if isinstance(reply, str)]
        lines += [_(_UNKNOWN_FORM).format(lookup=safe(typed)) for typed in asked.unknown_forms]
        if asked.skipped:
            lines.append(_(_TOO_MANY).format(limit=MAX_LOOKUPS, count=asked.skipped))
        embeds = compact(shown, footer(shown[0].versions)) if shown else []
        return Answered(tuple(embeds), tuple(dict.fromkeys(lines)))

    async def _one(self, judge: Judge, lookup: Lookup) -> Shown | str:
        """The embed answering ``lookup`` (its first page, with a pointer to the command showing it all
        when it has more), or the line saying why it can't be answered."""
        if lookup.rulings:
            question: Question[Any] = RulingsQuestion((lookup.name,))
            command = "rulings"
        else:
            question = CardQuestion((lookup.name,))
            command = "card"
        try:
            reply, frame = await question.framed_reply(judge)
        except JudgeError as error:
            return _problem(error)
        except Exception:
            log.exception("could not look up a card named in chat")
            return _(_WENT_WRONG)
        return Shown(reply.pages[0], command, frame.versions, len(reply.pages) > 1)

    async def _within_deadline(self, message: discord.Message, work: Any) -> Answered:
        """Await ``work``; when it takes longer than ``defer_after`` seconds, show "typing" meanwhile."""
        task: asyncio.Task[Answered] = asyncio.ensure_future(work)
        try:
            done, _pending = await asyncio.wait({task}, timeout=self.bot.settings.defer_after)
            if not done:
                try:
                    await message.channel.typing()
                except discord.HTTPException as error:
                    log.debug("could not show typing in %s: %s", message.channel.id, error)
            return await task
        finally:
            task.cancel()

    async def _send(self, message: discord.Message, content: str, embeds: Sequence[discord.Embed]) -> None:
        """Reply to ``message`` (mentions off, the author not pinged); a channel the bot may not write in
        is left alone."""
        try:
            await message.channel.send(
                content=clip(content, CONTENT_MAX) or None,
                embeds=list(embeds),
                reference=message.to_reference(fail_if_not_exists=False),
                allowed_mentions=NO_MENTIONS,
            )
        except discord.HTTPException as error:
            log.debug("could not answer a message in %s: %s", message.channel.id, error)

    def _language(self, message: discord.Message, asked: Asked) -> str:
        """The user's chosen language; else Japanese when a name is typed in Japanese or the server
        prefers Japanese; else English."""
        chosen = self.bot.judge.chosen_language(message.author.id)
        if chosen is not None:
            return chosen
        if any(_JAPANESE.search(lookup.name) for lookup in asked.lookups):
            return "ja"
        guild = message.guild
        preferred = language_of(guild.preferred_locale.value) if guild is not None else None
        return preferred or DEFAULT_LANGUAGE

    def _remember_told(self, user_id: int) -> None:
        if len(self._told) >= _TOLD_MAX:
            self._told.clear()
        self._told[user_id] = None


def _problem(error: JudgeError) -> str:
    """The short line of a name the Judge couldn't answer."""
    if isinstance(error, AmbiguousCardName):
        names = ", ".join(f"**{safe(name)}**" for name in error.candidates[:MAX_LOOKUPS])
        more = " " + _("Did you mean: {names}?").format(names=names) if names else ""
        return safe(error_message(error)) + more
    if isinstance(error, CardNotFound):
        if not isinstance(error, WorldError) and str(error) != f"No card named “{error.query}”.":
            said = _("No card named “{query}”.").format(query=error.query)
            return safe(said) + " " + _(NO_CARD_DATA)  # the cache is empty, or unusable offline
        names = ", ".join(f"**{safe(name)}**" for name in error.suggestions[:3])
        more = " " + _("Did you mean: {names}?").format(names=names) if names else ""
        later = " " + _(TRY_LATER) if isinstance(error.__cause__, WorldError) else ""
        return safe(error_message(error)) + more + later
    if isinstance(error, UserError):
        return safe(error_message(error))
    log.warning("a data source failed for a card named in chat: %s", error)
    return _(TRY_LATER)


def compact(shown: Sequence[Shown], footer_text: str) -> list[discord.Embed]:
    """The embeds of ``shown`` within Discord's 6,000 characters of embed text per message: one footer
    (on the last), and each embed given a fair share of the rest (what a short one leaves goes to the
    longer ones), a description longer than its share cut between lines."""
    embeds = [one.embed for one in shown]
    room = EMBED_TOTAL_MAX - len(footer_text)
    sizes = [
        len(one.embed.title or "") + len(one.embed.description or "") + (_MORE_ROOM if one.more else 0)
        for one in shown
    ]
    shares = fair_shares(sizes, room)
    for (embed, command, _versions, more), size, share in zip(shown, sizes, shares, strict=True):
        embed.remove_footer()
        if more or size > share:
            embed.description = _with_more(embed.description or "", share - len(embed.title or ""), command)
    if embeds:
        embeds[-1].set_footer(text=footer_text)
    return embeds


def fair_shares(sizes: Sequence[int], room: int) -> list[int]:
    """How many characters each of ``sizes`` may keep out of ``room``: every one its size when they fit,
    else the smallest first keep theirs and the rest share what is left equally."""
    shares = [0] * len(sizes)
    left = room
    for position, index in enumerate(sorted(range(len(sizes)), key=sizes.__getitem__)):
        shares[index] = min(sizes[index], left // (len(sizes) - position))
        left -= shares[index]
    return shares


def _with_more(text: str, limit: int, command: str) -> str:
    """``text`` cut between lines to at most ``limit`` characters, ending with the pointer to
    ``/command``, which shows it all."""
    name = pgettext("command name", command, current_language()) or command
    more = _(_MORE).format(command=f"/{name}")
    kept: list[str] = []
    used = len(more)
    for line in text.split("\n"):
        if used + len(line) + 1 > limit:
            break
        kept.append(line)
        used += len(line) + 1
    if not kept:
        return clip(text, max(1, limit - len(more) - 1)) + "\n" + more if limit > len(more) + 1 else more
    return "\n".join([*kept, more])


async def setup(bot: JudgeBot) -> None:
    """Add the cog."""
    await bot.add_cog(ChatCog(bot))
