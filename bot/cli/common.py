"""What the commands share: running a service call with its errors turned into user-facing failures,
saying when the rules were downloaded, and printing an answer as JSON or as a panel."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Annotated, Any, Protocol, TypeVar

import typer
from rich.console import RenderableType
from rich.text import Text

from bot.cli.app import console, err_console, fail, print_json
from bot.services.rules import ImportSummary, RulesUnavailable
from data.cards.errors import AmbiguousCardName, CardLookupError, CardNotFound
from data.db import CacheUnusable
from data.rules.download import RulesDownloadError
from data.rules.parser import RulesParseError

T = TypeVar("T")

NameArgument = Annotated[str, typer.Argument(help="Card name: full, any face, partial or misspelt.")]


class RulesBacked(Protocol):
    """A service answer built on the stored rules, which may have been downloaded for it."""

    @property
    def downloaded(self) -> ImportSummary | None: ...


R = TypeVar("R", bound=RulesBacked)


def run_service(
    call: Coroutine[Any, Any, T], *, as_json: bool, user_errors: tuple[type[Exception], ...] = ()
) -> T:
    """Run a service call; a card-lookup error, missing rules, an unusable cache or one of ``user_errors``
    exits with status 1 and a clear message (with the suggested names for an unknown or ambiguous name)."""
    plain_failures: tuple[type[Exception], ...] = (
        CardLookupError,
        RulesUnavailable,
        CacheUnusable,
        *user_errors,
    )
    try:
        return asyncio.run(call)
    except AmbiguousCardName as error:
        fail(str(error), error.candidates, as_json=as_json)
    except CardNotFound as error:
        fail(str(error), error.suggestions, as_json=as_json)
    except plain_failures as error:
        fail(str(error), as_json=as_json)
    except (RulesDownloadError, RulesParseError) as error:
        fail(
            f"Could not download the rules: {error}. Import them with `mtg-judge import-rules PATH`.",
            as_json=as_json,
        )


def run_with_rules(
    call: Coroutine[Any, Any, R], *, as_json: bool, user_errors: tuple[type[Exception], ...] = ()
) -> R:
    """:func:`run_service` for an answer built on the rules, saying on stderr when they were downloaded."""
    answer = run_service(call, as_json=as_json, user_errors=user_errors)
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
