"""The ``linked`` command: every pair of linked abilities on a card (CR 607), with the rule that links it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from bot.cli.app import DbOption, JsonOption, OfflineOption, app, settings_for
from bot.cli.common import ask_with_rules, show

if TYPE_CHECKING:
    from bot.judge import LinkedAnswer
    from engine import LinkedReport

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
    from bot.judge import linked_json

    answer = ask_with_rules(
        settings_for(ctx, db, offline), lambda judge: judge.linked(names), as_json=as_json
    )
    show(answer, as_json=as_json, to_json=linked_json, to_panel=linked_panel)


def linked_panel(answer: LinkedAnswer) -> Panel:
    """The numbered abilities, then each linked pair with its rule and explanation, then the notes."""
    report = answer.report
    parts: list[Any] = [Text("Abilities", style="bold"), *_ability_lines(report)]
    if report.links:
        parts.append(Text("\nLinked pairs", style="bold"))
        parts.extend(_link_lines(report))
    parts.append(Text("\nNotes", style="bold"))
    parts.extend(
        Text.assemble("• ", note.text, (f"  (CR {', '.join(note.rules)})", "dim")) for note in report.notes
    )
    if answer.rules_note is not None:
        parts.append(Text.assemble("• ", answer.rules_note))
    subtitle = Text(f"CR 607 · rules of {answer.rules_version}", style="dim")
    return Panel(
        Group(*parts), title=Text(f"Linked abilities: {report.card}"), subtitle=subtitle, expand=False
    )


def _ability_lines(report: LinkedReport) -> list[Text]:
    if not report.abilities:
        return [Text("(none)", style="dim")]
    lines = []
    for ability in report.abilities:
        face = f"{ability.face} " if report.several_faces else ""
        lines.append(
            Text.assemble(
                (f"{face}{ability.index}. ", "bold cyan"), ability.text, (f"  [{ability.kind}]", "dim")
            )
        )
    return lines


def _link_lines(report: LinkedReport) -> list[Text]:
    lines = []
    for link in report.links:
        first, second = link.abilities
        pair = f"{first} ↔ {second}"
        if report.several_faces:
            pair = f"{link.faces[0]} {first} ↔ {link.faces[1]} {second}"
        lines.append(Text.assemble((pair, "bold"), (f"  {link.rule}", "bold magenta")))
        lines.append(Text("    " + link.explanation))
    return lines
