"""What the commands share: asking the Judge with its errors turned into user-facing failures, saying
when the rules were downloaded, and printing an answer as JSON or as a panel.

The Judge (and through it the engine) is imported only when a command runs, so ``--help`` is fast.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Protocol, TypeVar

import typer
from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from bot.cli.app import console, err_console, fail, print_json
from bot.i18n import _
from bot.i18n.names import NO_NAMES, R, RulesBacked, Shown

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.judge import Frame, ImportSummary, Judge, PrintedView

T = TypeVar("T")

NameArgument = Annotated[str, typer.Argument(help="Card name: full, any face, partial or misspelt.")]


def ask(settings: Settings, question: Callable[[Judge], Awaitable[T]], *, as_json: bool) -> T:
    """Open a Judge, ask ``question`` and return its answer; any JudgeError exits with status 1 and its
    message in the answer's language (with the suggested names or rules for an unknown or ambiguous one)."""
    from bot.i18n.errors import error_message, error_names
    from bot.judge import (
        AmbiguousCardName,
        CardNotFound,
        Judge,
        JudgeError,
        RuleNotFound,
        RulesDownloadError,
        RulesParseError,
    )

    names: Mapping[str, str] = NO_NAMES

    async def asked() -> T:
        nonlocal names
        async with Judge.open(settings) as judge:
            try:
                return await question(judge)
            except JudgeError as error:
                names = await error_names(error, judge)  # while the cache is open
                raise

    try:
        return asyncio.run(asked())
    except AmbiguousCardName as error:
        fail(error_message(error), error.candidates, as_json=as_json)
    except (CardNotFound, RuleNotFound) as error:
        fail(error_message(error), list(error.suggestions), as_json=as_json)
    except (RulesDownloadError, RulesParseError) as error:
        why = error_message(error, framed=False)
        fail(
            _(
                "Could not download the rules: {error}. Import them with `mtg-judge import-rules PATH`."
            ).format(error=why),
            as_json=as_json,
        )
    except JudgeError as error:
        fail(error_message(error, names=names), as_json=as_json)


def ask_with_rules(settings: Settings, question: Callable[[Judge], Awaitable[R]], *, as_json: bool) -> R:
    """:func:`ask` for an answer built on the rules, saying on stderr when they were downloaded."""
    answer = ask(settings, question, as_json=as_json)
    if answer.downloaded is not None:
        loaded = import_message(answer.downloaded)
        err_console.print(Text(_("Downloaded the Comprehensive Rules. {loaded}").format(loaded=loaded)))
    return answer


class FramedRulesAnswer(RulesBacked, Protocol):
    """An answer built on the rules, in the frame the Judge read with it (``bot.judge.Framed``)."""

    @property
    def frame(self) -> Frame | None: ...


F = TypeVar("F", bound=FramedRulesAnswer)


def shown_in_frame(answer: F, printed: PrintedView | None = None) -> Shown[F]:
    """``answer`` (asked in the answer's language) with the printed names of its frame: the names the
    Judge read with it, in the same call."""
    frame = answer.frame
    return Shown(answer, frame.names if frame is not None else NO_NAMES, printed)


def show(
    answer: T, *, as_json: bool, to_json: Callable[[T], Any], to_panel: Callable[[T], RenderableType]
) -> None:
    """Print ``answer`` as stable JSON or as a rich panel."""
    if as_json:
        print_json(to_json(answer))
    else:
        console.print(to_panel(answer))


def say_if_cache_only(cache_only: bool) -> None:
    """Say on stderr (so ``--json`` output stays as it is) that a card of the answer came from the cache
    alone, Scryfall unreachable, when it did."""
    if cache_only:
        from bot.judge import CACHE_ONLY_NOTE

        # the Judge's sentence, which the catalog translates
        err_console.print(Text(_(CACHE_ONLY_NOTE), style="yellow"), soft_wrap=True)


def import_message(summary: ImportSummary) -> str:
    """One sentence saying which rules were loaded."""
    return _(
        "Loaded the rules effective {version} from {source}: {rules} rules, {sections} sections, "
        "{examples} examples, {glossary} glossary entries."
    ).format(
        version=summary.version.isoformat(),
        source=summary.source,
        rules=summary.rules,
        sections=summary.sections,
        examples=summary.examples,
        glossary=summary.glossary,
    )


def printed_lines(printed: PrintedView | None) -> list[RenderableType]:
    """The card as printed in the answer's language (its type line and text), after a rule; nothing
    when the cache has neither."""
    if printed is None or not (printed.type_line or printed.text):
        return []
    lines: list[RenderableType] = [
        Rule(style="dim"),
        Text(_("As printed"), style="bold"),
        Text(printed.type_line, style="italic"),
    ]
    return lines + ([Text(printed.text)] if printed.text else [])
