"""The ``parse`` command: a card's Oracle text broken into typed abilities and copy effects."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import typer
from rich.console import Group
from rich.panel import Panel
from rich.rule import Rule
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
from bot.services.parse import ParseAnswer, parse_json, parse_named_card
from bot.services.rules import RulesUnavailable
from data.cards.errors import AmbiguousCardName, CardLookupError, CardNotFound
from data.rules.download import RulesDownloadError
from data.rules.parser import RulesParseError
from engine.model import Ability, CopyEffect, Face

NameArgument = Annotated[str, typer.Argument(help="Card name: full, any face, partial or misspelt.")]
# Ability fields shown under an ability, in this order, when set.
_PARTS = ("keyword", "keyword_parameter", "cost", "trigger", "effect", "ability_word", "anchor_word", "level")


@app.command("parse")
def parse_command(
    ctx: typer.Context,
    name: NameArgument,
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """Break a card's Oracle text into numbered, typed abilities and copy effects (debugging aid)."""
    settings = settings_for(ctx, db, offline)
    try:
        answer = asyncio.run(parse_named_card(settings, name))
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
        print_json(parse_json(answer))
    else:
        console.print(parse_panel(answer))


def parse_panel(answer: ParseAnswer) -> Panel:
    """Each face: its type line, numbered abilities with kind and parts, then its copy effects."""
    parts: list[Any] = []
    for position, face in enumerate(answer.card.faces):
        if position:
            parts.append(Rule(style="dim"))
        parts.extend(_face_lines(face))
    subtitle = Text(f"{answer.card.layout} · keywords of the rules of {answer.rules_version}", style="dim")
    return Panel(Group(*parts), title=Text(f"Parsed: {answer.card.name}"), subtitle=subtitle, expand=False)


def _face_lines(face: Face) -> list[Text]:
    header = Text(face.name, style="bold")
    if face.mana_cost:
        header.append(f"  {''.join(face.mana_cost)}", style="cyan")
    lines = [header, Text(face.type_line.text, style="italic")]
    for ability in face.abilities:
        lines.extend(_ability_lines(ability))
    if face.copy_effects:
        lines.append(Text("Copy effects", style="bold"))
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
