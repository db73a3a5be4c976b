"""``/copy``: what a permanent is when it copies another (CR 707, 613)."""

from __future__ import annotations

from dataclasses import dataclass

from discord import app_commands
from discord.ext import commands

from bot.i18n import _
from bot.judge import BoardResult, Judge, OriginalState, original_state
from cogs.autocomplete import card_choices, copyable_choices
from cogs.cooldown import per_user_cooldown
from cogs.entering import copy_choices, original_choices
from cogs.flow import Question, answer
from cogs.interactions import Interaction
from cogs.options import CardName, ChoiceText, FaceDownText, GraveyardText, PumpText, StateText, XValue
from cogs.render import Context, Reply, board_reply, permanent_name


class CopyCog(commands.Cog, name="Copy"):
    """Copiable values: the copier's ability copying the original on a default board."""

    @app_commands.command(name="copy", description="What a permanent becomes when it copies another (CR 707)")
    @app_commands.describe(
        copier="The card that copies (Clone, Cryptoplasm, Cackling Counterpart …)",
        original="The permanent it copies",
        counters="Counters on the original: +1/+1=3, fade=1",
        tapped="The original is tapped",
        flipped="The original (a flip card) is flipped",
        transformed="The original's back face is up",
        face_down="The original is face down: morph, manifest, disguise, cloak or plain",
        pump="An effect gives the original +P/+T: 2/2",
        graveyard="Cards in graveyards: Lightning Bolt, Forest",
        x="X paid for the copier's spell (Altered Ego)",
        choice='"As enters" choices made for the original: option=3, color=blue',
        new_choice='"As enters" choices the copy\'s controller makes anew: option=1',
    )
    @app_commands.autocomplete(
        copier=card_choices, original=copyable_choices, choice=original_choices, new_choice=copy_choices
    )
    @per_user_cooldown
    async def copy(
        self,
        interaction: Interaction,
        copier: CardName,
        original: CardName,
        counters: StateText = "",
        tapped: bool = False,
        flipped: bool = False,
        transformed: bool = False,
        face_down: FaceDownText | None = None,
        pump: PumpText = "",
        graveyard: GraveyardText = "",
        x: XValue | None = None,
        choice: ChoiceText = "",
        new_choice: ChoiceText = "",
    ) -> None:
        """Ask the Judge and show the copy, its values and why."""
        state = original_state(
            counters=counters,
            tapped=tapped,
            flipped=flipped,
            transformed=transformed,
            face_down=face_down,
            pump=pump,
            graveyard=graveyard,
            x=x,
            choices=choice,
            new_choices=new_choice,
            option_prefix="",
        )
        await answer(interaction, CopyQuestion((copier, original), state=state))


@dataclass(frozen=True, kw_only=True)
class CopyQuestion(Question[BoardResult]):
    """The copier (the first name) copying the original (the second) in ``state``."""

    state: OriginalState

    async def ask(self, judge: Judge, lang: str) -> BoardResult:
        """The copy on the default board."""
        return await judge.copy(self.names[0], self.names[1], self.state, lang=lang)

    def render(self, answer: BoardResult, context: Context) -> Reply:
        """The copy, its values and why, titled ``Clone copying Tarmogoyf``."""
        return board_reply(answer, context, title=copy_title(answer, context))


def copy_title(result: BoardResult, context: Context) -> str:
    """``Clone copying Tarmogoyf`` when the board names both, else the object's own heading."""
    objects, shown = {obj.id: obj for obj in result.answer.objects}, result.answer.result
    queried = objects.get(shown.id)
    if queried is None or queried.copy_of is None or queried.copy_of not in objects:
        return f"{context.card(shown.id)}: {permanent_name(shown.current.name, context)}"
    original = permanent_name(objects[queried.copy_of].name, context)
    return _("{copier} copying {original}").format(copier=context.card(queried.id), original=original)


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(CopyCog())
