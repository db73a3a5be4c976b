"""What the commands share: asking the Judge with its errors turned into user-facing failures, saying
when the rules were downloaded, and printing an answer as JSON or as a panel.

The Judge (and through it the engine) is imported only when a command runs, so ``--help`` is fast.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Annotated, Any, Protocol, TypeVar

import typer
from rich.console import RenderableType
from rich.text import Text

from bot.cli.app import console, err_console, fail, print_json

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.judge import ImportSummary, Judge

T = TypeVar("T")

NameArgument = Annotated[str, typer.Argument(help="Card name: full, any face, partial or misspelt.")]


class RulesBacked(Protocol):
    """A Judge answer built on the stored rules, which may have been downloaded for it."""

    @property
    def downloaded(self) -> ImportSummary | None: ...


R = TypeVar("R", bound=RulesBacked)


def ask(settings: Settings, question: Callable[[Judge], Awaitable[T]], *, as_json: bool) -> T:
    """Open a Judge, ask ``question`` and return its answer; any JudgeError exits with status 1 and its
    message (with the suggested names or rules for an unknown or ambiguous one)."""
    from bot.judge import (
        AmbiguousCardName,
        CardNotFound,
        Judge,
        JudgeError,
        RuleNotFound,
        RulesDownloadError,
        RulesParseError,
    )

    async def asked() -> T:
        async with Judge.open(settings) as judge:
            return await question(judge)

    try:
        return asyncio.run(asked())
    except AmbiguousCardName as error:
        fail(str(error), error.candidates, as_json=as_json)
    except (CardNotFound, RuleNotFound) as error:
        fail(str(error), list(error.suggestions), as_json=as_json)
    except (RulesDownloadError, RulesParseError) as error:
        fail(
            f"Could not download the rules: {error}. Import them with `mtg-judge import-rules PATH`.",
            as_json=as_json,
        )
    except JudgeError as error:
        fail(str(error), as_json=as_json)


def ask_with_rules(settings: Settings, question: Callable[[Judge], Awaitable[R]], *, as_json: bool) -> R:
    """:func:`ask` for an answer built on the rules, saying on stderr when they were downloaded."""
    answer = ask(settings, question, as_json=as_json)
    if answer.downloaded is not None:
        err_console.print(Text(f"Downloaded the Comprehensive Rules. {import_message(answer.downloaded)}"))
    return answer


def show(
    answer: T, *, as_json: bool, to_json: Callable[[T], Any], to_panel: Callable[[T], RenderableType]
) -> None:
    """Print ``answer`` as stable JSON or as a rich panel."""
    if as_json:
        print_json(to_json(answer))
    else:
        console.print(to_panel(answer))


def import_message(summary: ImportSummary) -> str:
    """One sentence saying which rules were loaded."""
    return (
        f"Loaded the rules effective {summary.version.isoformat()} from {summary.source}: "
        f"{summary.rules} rules, {summary.sections} sections, {summary.examples} examples, "
        f"{summary.glossary} glossary entries."
    )
