"""Comprehensive Rules commands: ``cr`` (rule, glossary term or search) and ``import-rules`` (a text file)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from bot.cli.app import (
    DbOption,
    JsonOption,
    OfflineOption,
    TranslatedCommand,
    app,
    console,
    fail,
    print_json,
    settings_for,
)
from bot.cli.common import ask_with_rules, import_message
from bot.i18n import _

if TYPE_CHECKING:
    from bot.judge import GlossaryAnswer, ImportSummary, Judge, RuleAnswer, SearchAnswer
    from data.rules.store import StoredRule

QueryArgument = Annotated[
    str | None, typer.Argument(help='A rule number (707.2a) or a glossary term ("copiable values").')
]
SearchOption = Annotated[str | None, typer.Option("--search", "-s", help="Words to search the rules for.")]
LimitOption = Annotated[int, typer.Option("--limit", help="How many search results to show (1 to 50).")]
RulesPathArgument = Annotated[
    Path, typer.Argument(help="The Comprehensive Rules .txt file.", exists=True, dir_okay=False)
]


@app.command("cr", cls=TranslatedCommand)
def cr_command(
    ctx: typer.Context,
    query: QueryArgument = None,
    search: SearchOption = None,
    limit: LimitOption = 10,
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """Show a Comprehensive Rules rule with its examples and subrules, a glossary entry, or search results."""
    if (query is None) == (search is None):
        fail(_("Give either a rule number or term, or --search WORDS (not both)."), as_json=as_json)
    settings = settings_for(ctx, db, offline)

    async def answer_from(judge: Judge) -> SearchAnswer | RuleAnswer | GlossaryAnswer:
        if search is not None:
            return await judge.search_rules(search, limit)
        return await judge.rule(query or "")

    answer = ask_with_rules(settings, answer_from, as_json=as_json)
    from bot.judge import RuleAnswer, SearchAnswer

    if isinstance(answer, SearchAnswer):
        show_search(answer, as_json=as_json)
    elif isinstance(answer, RuleAnswer):
        show_rule(answer, as_json=as_json)
    else:
        show_glossary(answer, as_json=as_json)


@app.command("import-rules", cls=TranslatedCommand)
def import_rules_command(
    ctx: typer.Context,
    path: RulesPathArgument,
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
    force: Annotated[
        bool, typer.Option("--force", help="Import a file that looks cut short (no glossary, few rules).")
    ] = False,
) -> None:
    """Import a Comprehensive Rules text file, replacing the stored version (all or nothing)."""
    from bot.i18n.errors import error_message
    from bot.judge import CacheUnusable, Judge, JudgeError

    async def imported() -> ImportSummary:
        async with Judge.open(settings_for(ctx, db, offline, writes=True)) as judge:
            return await judge.import_rules(path, force=force)

    try:
        summary = asyncio.run(imported())
    except CacheUnusable as error:
        fail(error_message(error), as_json=as_json)
    except (ValueError, OSError) as error:  # RulesParseError is a ValueError
        why = error_message(error, framed=False) if isinstance(error, JudgeError) else str(error)
        fail(_("Could not import {path}: {error}").format(path=path, error=why), as_json=as_json)
    if as_json:
        print_json(summary_json(summary))
    else:
        console.print(Text(import_message(summary)), soft_wrap=True)


def show_rule(answer: RuleAnswer, *, as_json: bool) -> None:
    """Print a rule, its examples and subrules."""
    rule = answer.rule
    if as_json:
        print_json(rule_json(rule))
        return
    parts: list[Any] = [Text(rule.text, style="bold" if rule.kind != "rule" else "")]
    parts.extend(Text(example, style="italic dim") for example in rule.examples)
    for subrule in answer.subrules:
        parts.append(Text.assemble((f"{subrule.number} ", "bold cyan"), subrule.text))
        parts.extend(Text("    " + example, style="italic dim") for example in subrule.examples)
    subtitle = Text(_("{link} · CR {version}").format(link=answer.link, version=rule.version), style="dim")
    title = Text(_("CR {number}").format(number=rule.number))
    console.print(Panel(Group(*parts), title=title, subtitle=subtitle, expand=False))


def show_glossary(answer: GlossaryAnswer, *, as_json: bool) -> None:
    """Print a glossary entry and the rules it points to."""
    entry = answer.entry
    if as_json:
        print_json(
            {
                "term": entry.term,
                "alternatives": list(entry.alternatives),
                "obsolete": entry.obsolete,
                "definition": entry.definition,
                "rules": [{"number": rule.number, "text": rule.text} for rule in answer.rules],
                "version": answer.version.isoformat(),
            }
        )
        return
    parts: list[Any] = [Text(entry.definition)]
    parts.extend(Text.assemble((f"{rule.number} ", "bold cyan"), rule.text) for rule in answer.rules)
    title = Text(entry.term + (_(" (obsolete)") if entry.obsolete else ""))
    subtitle = Text(_("Glossary · CR {version}").format(version=answer.version), style="dim")
    console.print(Panel(Group(*parts), title=title, subtitle=subtitle, expand=False))


def show_search(answer: SearchAnswer, *, as_json: bool) -> None:
    """Print ranked search results (or say nothing matched)."""
    if as_json:
        print_json(
            {
                "query": answer.words,
                "version": answer.version.isoformat() if answer.version else None,
                "results": [{"number": hit.number, "text": hit.text} for hit in answer.hits],
            }
        )
        return
    if not answer.hits:
        fail(_("No rule mentions “{words}”.").format(words=answer.words))
    for rank, hit in enumerate(answer.hits, start=1):
        console.print(Text.assemble((f"{rank:>2}. {hit.number} ", "bold cyan"), _shorten(hit.text)))


def rule_json(rule: StoredRule) -> dict[str, Any]:
    """The stable JSON of a rule."""
    return {
        "number": rule.number,
        "text": rule.text,
        "examples": list(rule.examples),
        "parent": rule.parent,
        "children": list(rule.children),
        "version": rule.version.isoformat(),
    }


def summary_json(summary: ImportSummary) -> dict[str, Any]:
    """The stable JSON of an import."""
    return {
        "source": summary.source,
        "version": summary.version.isoformat(),
        "rules": summary.rules,
        "sections": summary.sections,
        "examples": summary.examples,
        "glossary": summary.glossary,
    }


def _shorten(text: str, width: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"
