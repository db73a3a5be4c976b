"""The ``parse`` command: a card's Oracle text broken into typed abilities and copy effects."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer
from rich.console import Group
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from bot.cli.app import DbOption, JsonOption, OfflineOption, TranslatedCommand, app, settings_for
from bot.cli.common import NameArgument, ask_with_rules, show
from bot.i18n import _

if TYPE_CHECKING:
    from bot.judge import ParseAnswer
    from engine import Ability, CopyEffect, Face

# Ability fields shown under an ability, in this order, when set.
_PARTS = ("keyword", "keyword_parameter", "cost", "trigger", "effect", "ability_word", "anchor_word", "level")


@app.command("parse", cls=TranslatedCommand)
def parse_command(
    ctx: typer.Context,
    name: NameArgument,
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """Break a card's Oracle text into numbered, typed abilities and copy effects (debugging aid)."""
    from bot.judge import parse_json

    answer = ask_with_rules(settings_for(ctx, db, offline), lambda judge: judge.parse(name), as_json=as_json)
    show(answer, as_json=as_json, to_json=parse_json, to_panel=parse_panel)


def parse_panel(answer: ParseAnswer) -> Panel:
    """Each face: its type line, numbered abilities with kind and parts, then its copy effects."""
    parts: list[Any] = []
    for position, face in enumerate(answer.card.faces):
        if position:
            parts.append(Rule(style="dim"))
        parts.extend(_face_lines(face))
    keywords = _("{layout} · keywords of the rules of {version}")
    subtitle = Text(keywords.format(layout=answer.card.layout, version=answer.rules_version), style="dim")
    title = Text(_("Parsed: {card}").format(card=answer.card.name))
    return Panel(Group(*parts), title=title, subtitle=subtitle, expand=False)


def _face_lines(face: Face) -> list[Text]:
    header = Text(face.name, style="bold")
    if face.mana_cost:
        header.append(f"  {''.join(face.mana_cost)}", style="cyan")
    lines = [header, Text(face.type_line.text, style="italic")]
    for ability in face.abilities:
        lines.extend(_ability_lines(ability))
    if face.copy_effects:
        lines.append(Text(_("Copy effects"), style="bold"))
        for effect in face.copy_effects:
            lines.extend(_copy_effect_lines(effect))
    return lines


def _ability_lines(ability: Ability) -> list[Text]:
    lines = [
        Text.assemble(
            (f"{ability.index}. ", "bold cyan"), (f"[{ability.kind.value}] ", "magenta"), ability.rules_text
        )
    ]
    for field in _PARTS:
        value = getattr(ability, field)
        if value is not None:
            lines.append(Text(f"     {field}: {value}", style="dim"))
    lines.extend(Text(f"     • mode: {mode}", style="dim") for mode in ability.modes)
    return lines


def _copy_effect_lines(effect: CopyEffect) -> list[Text]:
    optional = ", optional" if effect.optional else ""
    lines = [
        Text.assemble(
            (f"  from ability {effect.ability_index}: ", "bold"),
            (effect.scope.value, "magenta"),
            f" of {effect.copyable}{optional}",
        )
    ]
    for exception in effect.exceptions:
        condition = f" (if {exception.condition})" if exception.condition else ""
        lines.append(Text(f"     {exception.kind.value}: {exception.text}{condition}", style="dim"))
    return lines
