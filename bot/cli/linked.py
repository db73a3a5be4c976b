"""The ``linked`` command: every pair of linked abilities on a card (CR 607), with the rule that links it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from bot.cli.app import DbOption, JsonOption, OfflineOption, TranslatedCommand, app, settings_for
from bot.cli.common import ask_with_rules, printed_lines, say_if_cache_only, show, shown_in_frame
from bot.i18n import _, current_language
from bot.i18n.engine_text import localized
from bot.i18n.names import Shown, card_label

if TYPE_CHECKING:
    from collections.abc import Mapping

    from bot.judge import Judge, LinkedAnswer
    from engine import LinkedReport

NamesArgument = Annotated[
    list[str],
    typer.Argument(
        help="The card to explain, then any cards asked about together with it (e.g. its Equipment)."
    ),
]


@app.command("linked", cls=TranslatedCommand)
def linked_command(
    ctx: typer.Context,
    names: NamesArgument,
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """Find and explain every pair of linked abilities on a card (CR 607)."""
    from bot.judge import linked_json

    async def question(judge: Judge) -> Shown[LinkedAnswer]:
        answer = await judge.linked(names, current_language())
        return shown_in_frame(answer, answer.printed)

    shown = ask_with_rules(settings_for(ctx, db, offline), question, as_json=as_json)
    show(shown, as_json=as_json, to_json=lambda s: linked_json(s.answer), to_panel=linked_panel)
    say_if_cache_only(shown.answer.cache_only)


def linked_panel(shown: Shown[LinkedAnswer]) -> Panel:
    """The numbered abilities, then each linked pair with its rule and explanation, then the notes, then
    the card as printed in the answer's language; the card named with its printed name when it has one
    (``夜帷の死霊/Nightveil Specter``)."""
    answer, names = shown.answer, shown.names
    report = answer.report
    parts: list[Any] = [Text(_("Abilities"), style="bold"), *_ability_lines(report)]
    if report.links:
        parts.append(Text("\n" + _("Linked pairs"), style="bold"))
        parts.extend(_link_lines(report, names))
    parts.append(Text("\n" + _("Notes"), style="bold"))
    parts.extend(
        Text.assemble("• ", localized(note, names), (f"  (CR {', '.join(note.rules)})", "dim"))
        for note in report.notes
    )
    if answer.rules_note is not None:
        parts.append(Text.assemble("• ", answer.rules_note))
    parts += printed_lines(shown.printed)
    subtitle = Text(_("CR 607 · rules of {version}").format(version=answer.rules_version), style="dim")
    title = Text(_("Linked abilities: {card}").format(card=card_label(report.card, names)))
    return Panel(Group(*parts), title=title, subtitle=subtitle, expand=False)


def _ability_lines(report: LinkedReport) -> list[Text]:
    if not report.abilities:
        return [Text(_("(none)"), style="dim")]
    lines = []
    for ability in report.abilities:
        face = f"{ability.face} " if report.several_faces else ""
        lines.append(
            Text.assemble(
                (f"{face}{ability.index}. ", "bold cyan"), ability.text, (f"  [{_(ability.kind)}]", "dim")
            )
        )
    return lines


def _link_lines(report: LinkedReport, names: Mapping[str, str]) -> list[Text]:
    """Each linked pair with its rule, its explanation in the answer's language."""
    lines = []
    for link in report.links:
        first, second = link.abilities
        pair = f"{first} ↔ {second}"
        if report.several_faces:
            pair = f"{link.faces[0]} {first} ↔ {link.faces[1]} {second}"
        lines.append(Text.assemble((pair, "bold"), (f"  {link.rule}", "bold magenta")))
        lines.append(Text("    " + localized(link, names)))
    return lines
