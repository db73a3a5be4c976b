"""The ``board`` and ``copy`` commands: what an object is after copy effects and the layers (CR 707, 613)."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from bot.cli.app import DbOption, JsonOption, OfflineOption, TranslatedCommand, app, fail, settings_for
from bot.cli.common import ask_with_rules, say_if_cache_only, show, shown_in_frame
from bot.cli.stack_render import stack_copy_panel
from bot.i18n import N_, _, current_language
from bot.i18n.engine_text import characteristic_names, exiled_by_template, localized, shown_number
from bot.i18n.names import NO_NAMES, Shown, card_label

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.judge import BoardResult, Judge
    from engine import (
        CharacteristicsView,
        CurrentView,
        Explanation,
        LinkedView,
        ObjectAnswer,
        TriggerHit,
        ZoneMove,
    )

MAX_BOARD_TEXT = 100_000  # read at most this much of a board file; the Judge checks the exact limit
COLOR_WORDS = {"W": N_("white"), "U": N_("blue"), "B": N_("black"), "R": N_("red"), "G": N_("green")}
"""The colors' names, marked for the catalogs (the engine's COLOR_NAMES, shown in the answer's language)."""
FaceDownOption = Annotated[
    str | None, typer.Option(help="The original is face down: morph, manifest, disguise, cloak or plain.")
]


@app.command("board", cls=TranslatedCommand)
def board_command(
    ctx: typer.Context,
    file: Annotated[str, typer.Argument(help="A board file (YAML or JSON), or - for standard input.")],
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """Build a board (objects, copies, effects, actions) and explain what the queried object is."""
    text = _read_board(file, as_json=as_json)
    _answer(
        settings_for(ctx, db, offline), lambda judge: judge.board(text, current_language()), as_json=as_json
    )


@app.command("copy", cls=TranslatedCommand)
def copy_command(
    ctx: typer.Context,
    copier: Annotated[
        str, typer.Argument(help="The card that copies (Clone, Cryptoplasm, Cackling Counterpart …).")
    ],
    original: Annotated[str, typer.Argument(help="The permanent it copies.")],
    counters: Annotated[str, typer.Option(help="Counters on the original: '+1/+1=3, fade=1'.")] = "",
    tapped: Annotated[bool, typer.Option("--tapped", help="The original is tapped.")] = False,
    flipped: Annotated[
        bool, typer.Option("--flipped", help="The original (a flip card) is flipped.")
    ] = False,
    transformed: Annotated[bool, typer.Option("--transformed", help="Its back face is up.")] = False,
    face_down: FaceDownOption = None,
    pump: Annotated[str, typer.Option(help="An effect gives the original +P/+T: '2/2'.")] = "",
    animated: Annotated[
        bool, typer.Option("--animated", help="An effect made the original a creature.")
    ] = False,
    graveyard: Annotated[str, typer.Option(help="Cards in graveyards: 'Lightning Bolt, Forest'.")] = "",
    onto: Annotated[
        str | None, typer.Option(help="For True Polymorph-like spells: what becomes the copy.")
    ] = None,
    choice: Annotated[
        str, typer.Option(help="\"As enters\" choices made for the original: 'option=3, creature type=Elf'.")
    ] = "",
    x: Annotated[int | None, typer.Option("--x", help="X paid for the copier's spell (Altered Ego).")] = None,
    new_choice: Annotated[
        str, typer.Option(help="\"As enters\" choices the copy's controller makes anew: 'option=1'.")
    ] = "",
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """What COPIER is when it copies ORIGINAL (ORIGINAL on the battlefield, COPIER using its own ability)."""
    from bot.judge import original_state

    def question(judge: Judge) -> Awaitable[BoardResult]:
        state = original_state(
            counters=counters,
            tapped=tapped,
            flipped=flipped,
            transformed=transformed,
            face_down=face_down,
            pump=pump,
            animated=animated,
            graveyard=graveyard,
            choices=choice,
            new_choices=new_choice,
            x=x,
        )
        return judge.copy(copier, original, state, onto, current_language())

    _answer(settings_for(ctx, db, offline), question, as_json=as_json)


def _answer(
    settings: Settings, question: Callable[[Judge], Awaitable[BoardResult]], *, as_json: bool
) -> None:
    from bot.judge import board_json

    async def framed(judge: Judge) -> Shown[BoardResult]:
        return shown_in_frame(await question(judge))

    shown = ask_with_rules(settings, framed, as_json=as_json)
    show(shown, as_json=as_json, to_json=lambda s: board_json(s.answer), to_panel=_panel)
    say_if_cache_only(shown.answer.cache_only)


def _panel(shown: Shown[BoardResult]) -> Panel:
    """A copy on the stack gets its own panel (CR 707.10); an object on the board the usual one."""
    from bot.judge import StackBoardAnswer, is_commander

    answer, names = shown.answer.answer, shown.names
    if isinstance(answer, StackBoardAnswer):
        return stack_copy_panel(answer.result, answer.rules_version, names)
    return board_panel(
        answer.result,
        answer.rules_version,
        moves=answer.zone_moves,
        triggers=answer.triggers,
        names=names,
        commander=is_commander(answer),
    )


def _read_board(file: str, *, as_json: bool) -> str:
    try:
        text = sys.stdin.read(MAX_BOARD_TEXT + 1) if file == "-" else _read_file(Path(file))
    except (OSError, UnicodeDecodeError) as error:
        fail(_("can't read {file}: {error}").format(file=file, error=error), as_json=as_json)
    if len(text) > MAX_BOARD_TEXT:
        too_long = _("the board is too long (at most {limit} characters)").format(limit=MAX_BOARD_TEXT)
        fail(too_long, as_json=as_json)
    return text


def _read_file(path: Path) -> str:
    with path.open(encoding="utf-8") as handle:
        return handle.read(MAX_BOARD_TEXT + 1)


def board_panel(
    result: ObjectAnswer,
    rules_version: str,
    *,
    moves: tuple[ZoneMove, ...] = (),
    triggers: tuple[TriggerHit, ...] = (),
    names: Mapping[str, str] = NO_NAMES,
    commander: bool = False,
) -> Panel:
    """The judge's answer: the resulting object first (with whether it is its owner's ``commander``), each
    step with its rules, the notes, zone changes (its fixed words in the answer's language, cards with
    their printed ``names``)."""
    current = result.current
    parts: list[Any] = [*_object_lines(current, names, commander=commander)]
    if _differs(result.copiable, current):
        summary = _summary(result.copiable, names)
        parts.append(Text.assemble((_("Copiable values:") + " ", "bold"), summary, style="dim"))
    if result.linked is not None:
        parts += _linked_lines(result.linked, names)
    parts.append(Text("\n" + _("Why"), style="bold"))
    parts += [_explained(f"{i}. ", step, names) for i, step in enumerate(result.steps, 1)]
    if result.notes:
        parts.append(Text("\n" + _("Notes"), style="bold"))
        parts += [_explained("• ", note, names) for note in result.notes]
    parts += _zone_change_lines(moves, triggers, names)
    # it didn't end up on the battlefield
    where = _(" (in the {zone})").format(zone=_(result.zone)) if result.zone else ""
    # A nameless face-up object (a copy of a face-down permanent is face up, CR 707.2) isn't face down.
    nameless = _("a face-down permanent") if current.status.face_down else _("(no name)")
    shown = _name(current.name, names, nameless)
    title = Text(f"{card_label(result.id, names)}: {shown}{where}")
    return Panel(
        Group(*parts),
        title=title,
        subtitle=Text(_("CR 707 · rules of {version}").format(version=rules_version), style="dim"),
        expand=False,
    )


def _zone_change_lines(
    moves: tuple[ZoneMove, ...], triggers: tuple[TriggerHit, ...], names: Mapping[str, str]
) -> list[Text]:
    """Each zone change (objects and cards moved) and each ability the actions triggered, with how many
    times."""
    lines = [Text("\n" + _("Zone changes"), style="bold")] if moves else []
    for move in moves:
        options = ", ".join(_(option) for option in move.options)
        where = _(move.to) if move.to else _("undecided (choose one of: {options})").format(options=options)
        shown = ", ".join(card_label(card, names) for card in move.cards)
        cards = _(" as {cards}").format(cards=shown) if move.cards else ""
        counted = _("({objects}, {cards})").format(
            objects=_counted(move.objects_moved, _("1 object"), _("{number} objects")),
            cards=_counted(move.cards_moved, _("1 card"), _("{number} cards")),
        )
        lines.append(
            Text.assemble(
                ("• ", "bold cyan"),
                f"{card_label(move.object, names)}: {_(move.from_zone)} → {where}{cards} {counted}",
                (f"  (CR {', '.join(move.rules)})", "dim"),
            )
        )
    lines += [Text("\n" + _("Triggered"), style="bold")] if triggers else []
    for hit in triggers:
        times = (
            _("unknown")
            if hit.times is None
            else _("once")
            if hit.times == 1
            else _("{times} times").format(times=hit.times)
        )
        lines.append(_explained(f"• [{times}] ", hit.explanation, names))
    return lines


def _counted(number: int, one: str, many: str, **fields: object) -> str:
    """``one`` (a translated phrase) for 1, else ``many``, filled with ``number`` and ``fields``."""
    return (one if number == 1 else many).format(number=number, **fields)


def _object_lines(current: CurrentView, names: Mapping[str, str], *, commander: bool) -> list[Text]:
    lines = [
        Text.assemble(
            (_name(current.name, names, _("(no name)")), "bold"),
            "  ",
            current.mana_cost or _("(no mana cost)"),
            ("  " + _("mana value {number}").format(number=current.mana_value), "dim"),
        )
    ]
    lines.append(Text(_type_line(current)))
    colors = ", ".join(_(COLOR_WORDS.get(c, c)) for c in current.colors) or _("colorless")
    if "colors" in current.unknown:  # the list holds only what is known to apply: don't state it as all
        colors = _("colors unknown")
    numbers = (
        f"{shown_number(current.power)}/{shown_number(current.toughness)}"
        if current.power is not None
        else _("no power/toughness")
    )
    lines.append(Text(f"{colors} · {numbers}"))
    lines += [Text(f"  • {ability}") for ability in current.abilities]
    if "abilities" in current.unknown:  # the list holds only what is known to apply
        lines.append(Text("  " + _("(abilities unknown)"), style="dim"))
    elif not current.abilities:
        lines.append(Text("  " + _("(no abilities)"), style="dim"))
    extras = _status_words(current, commander=commander)
    if extras:
        lines.append(Text(" · ".join(extras), style="italic"))
    return lines


def _status_words(current: CurrentView, *, commander: bool) -> list[str]:
    """Its counters, token-ness, status, commander designation and unknown characteristics, in the
    answer's language."""
    extras = [
        _counted(n, _("1 {kind} counter"), _("{number} {kind} counters"), kind=kind)
        for kind, n in (current.counters or {}).items()
    ]
    extras += [_("a token")] if current.token else []
    status = current.status
    on = (
        (N_("tapped"), status.tapped),
        (N_("flipped"), status.flipped),
        (N_("transformed"), status.transformed),
        (N_("phased out"), status.phased_out),
        (N_("commander"), commander),
    )
    extras += [_(name) for name, flag in on if flag]
    if status.face_down:
        extras.append(_("face down ({kind})").format(kind=status.face_down))
    if current.unknown:
        extras.append(
            _("unknown: {characteristics} (see Notes)").format(
                characteristics=characteristic_names(current.unknown)
            )
        )
    return extras


def _linked_lines(linked: LinkedView, names: Mapping[str, str]) -> list[Text]:
    card = _name(linked.text_of, names, _("a face-down permanent"))
    lines = [Text("\n" + _("Linked abilities (the text of {card})").format(card=card), style="bold")]
    for link in linked.links:
        first, second = link.abilities
        lines.append(Text.assemble((f"{first} ↔ {second}", "bold"), (f"  {link.rule}", "bold magenta")))
        lines.append(Text("    " + localized(link, names)))
    if not linked.links:
        lines.append(Text("  " + _("(no linked abilities)"), style="dim"))
    return lines + [
        Text(
            "  "
            + exiled_by_template(card.ability).format(number=card.ability, card=_name(card.name, names, "?"))
        )
        for card in linked.exiled
    ]


def _type_line(values: CharacteristicsView) -> str:
    left = " ".join((*values.supertypes, *values.types)) or _("(no types)")
    if "types" in values.unknown:
        left = _("types unknown")
    if "subtypes" in values.unknown:
        return f"{left} — {_('subtypes unknown')}"
    return f"{left} — {' '.join(values.subtypes)}" if values.subtypes else left


def _summary(values: CharacteristicsView, names: Mapping[str, str]) -> str:
    numbers = f" {values.power}/{values.toughness}" if values.power is not None else ""
    name = _name(values.name, names, _("(no name)"))
    return f"{name}, {_type_line(values)}{numbers}"


def _name(name: str | None, names: Mapping[str, str], nameless: str) -> str:
    """A card's name with its printed name (``クローン/Clone``), or ``nameless`` when it has none."""
    return card_label(name, names) if name else nameless


def _differs(copiable: CharacteristicsView, current: CurrentView) -> bool:
    fields = ("name", "types", "subtypes", "power", "toughness", "abilities")
    return any(str(getattr(copiable, f)) != str(getattr(current, f)) for f in fields)


def _explained(bullet: str, item: Explanation, names: Mapping[str, str]) -> Text:
    """A step or note in the answer's language (cards with their printed ``names``), with its rules."""
    rules = (f"  (CR {', '.join(item.rules)})", "dim")
    return Text.assemble((bullet, "bold cyan"), localized(item, names), rules)
