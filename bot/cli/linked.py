"""The ``linked`` command: every pair of linked abilities on a card (CR 607), with the rule that links it."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import typer
from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from bot.cli.app import (
    DbOption,
    JsonOption,
    OfflineOption,
    app,
    console,
    err_console,
    fail,
    print_json,
    settings_for,
)
from bot.cli.rules import import_message
from bot.services.linked import InvalidLinkedQuery, LinkedAnswer, linked_abilities, linked_json
from bot.services.rules import RulesUnavailable
from data.cards.errors import AmbiguousCardName, CardLookupError, CardNotFound
from data.rules.download import RulesDownloadError
from data.rules.parser import RulesParseError
from engine.linked import Link, LinkedReport

NamesArgument = Annotated[
    list[str],
    typer.Argument(
        help="The card to explain, then any cards asked about together with it (e.g. its Equipment)."
    ),
]


@app.command("linked")
def linked_command(
    ctx: typer.Context,
    names: NamesArgument,
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """Find and explain every pair of linked abilities on a card (CR 607)."""
    settings = settings_for(ctx, db, offline)
    try:
        answer = asyncio.run(linked_abilities(settings, names))
    except InvalidLinkedQuery as error:
        fail(str(error), as_json=as_json)
    except AmbiguousCardName as error:
        fail(str(error), error.candidates, as_json=as_json)
    except CardNotFound as error:
        fail(str(error), error.suggestions, as_json=as_json)
    except (CardLookupError, RulesUnavailable) as error:
        fail(str(error), as_json=as_json)
    except (RulesDownloadError, RulesParseError) as error:
        fail(
            f"could not download the rules: {error}. Import them with `mtg-judge import-rules PATH`.",
            as_json=as_json,
        )
    if answer.downloaded is not None:
        err_console.print(
            f"Downloaded the Comprehensive Rules. {import_message(answer.downloaded)}", highlight=False
        )
    if as_json:
        print_json(linked_json(answer))
    else:
        console.print(linked_panel(answer))


def linked_panel(answer: LinkedAnswer) -> Panel:
    """The numbered abilities, then each linked pair with its rule and explanation, then the notes."""
    report = answer.report
    parts: list[Any] = [Text("Abilities", style="bold"), *_ability_lines(report)]
    if report.links:
        parts.append(Text("\nLinked pairs", style="bold"))
        parts.extend(_link_lines(report.links))
    parts.append(Text("\nNotes", style="bold"))
    parts.extend(
        Text.assemble("• ", note.text, (f"  (CR {', '.join(note.rules)})", "dim")) for note in report.notes
    )
    subtitle = Text(f"CR 607 · rules of {answer.rules_version}", style="dim")
    return Panel(
        Group(*parts), title=Text(f"Linked abilities: {report.card}"), subtitle=subtitle, expand=False
    )


def _ability_lines(report: LinkedReport) -> list[Text]:
    several_faces = len({ability.face for ability in report.abilities}) > 1
    lines = []
    for ability in report.abilities:
        face = f"{ability.face} " if several_faces else ""
        lines.append(
            Text.assemble(
                (f"{face}{ability.index}. ", "bold cyan"), ability.text, (f"  [{ability.kind}]", "dim")
            )
        )
    return lines


def _link_lines(links: tuple[Link, ...]) -> list[Text]:
    lines = []
    for link in links:
        first, second = link.abilities
        pair = f"{first} ↔ {second}"
        if link.cross_face:
            pair = f"{link.faces[0]} {first} ↔ {link.faces[1]} {second}"
        lines.append(Text.assemble((pair, "bold"), (f"  {link.rule}", "bold magenta")))
        lines.append(Text("    " + link.explanation))
    return lines
