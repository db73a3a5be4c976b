"""Card commands: ``card`` (look-up), ``rulings``, ``import-cards`` and ``import-rulings`` (bulk files) and
``sync`` (download from Scryfall)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group
from rich.panel import Panel
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeElapsedColumn
from rich.rule import Rule
from rich.text import Text

from bot.cli.app import (
    DbOption,
    JsonOption,
    OfflineOption,
    TranslatedCommand,
    app,
    console,
    err_console,
    print_json,
    settings_for,
)
from bot.cli.common import NameArgument, ask, printed_lines, say_if_cache_only, show
from bot.i18n import _, current_language
from bot.i18n.names import card_stats
from bot.text_safety import visible

if TYPE_CHECKING:
    from bot.judge import CardAnswer, CardImportSummary, Judge, RulingsAnswer, RulingsImportSummary
    from bot.judge import Progress as ProgressCallback
    from data.cards.printings import PrintingsSummary

PathArgument = Annotated[
    Path,
    typer.Argument(
        help="Scryfall bulk file: JSON array or JSON Lines, optionally .gz.", exists=True, dir_okay=False
    ),
]


@app.command("card", cls=TranslatedCommand)
def card_command(
    ctx: typer.Context,
    name: NameArgument,
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """Show a card's Oracle text (cache first, then Scryfall unless offline)."""
    language = current_language()
    answer = ask(settings_for(ctx, db, offline), lambda judge: judge.card(name, language), as_json=as_json)
    show(answer, as_json=as_json, to_json=lambda card: card.json_payload(), to_panel=card_panel)
    say_if_cache_only(answer.cache_only)


@app.command("import-cards", cls=TranslatedCommand)
def import_cards_command(
    ctx: typer.Context, path: PathArgument, db: DbOption = None, offline: OfflineOption = False
) -> None:
    """Import a Scryfall bulk file into the cache (streaming; an interrupted import changes nothing)."""
    settings = settings_for(ctx, db, offline, writes=True)
    with progress_bar(_("Importing {file}").format(file=path.name)) as progress:
        summary = ask(settings, lambda judge: judge.import_cards(path, progress), as_json=False)
    report_import(summary)


LanguagesOption = Annotated[
    str | None,
    typer.Option(
        "--languages",
        help="Also stream Scryfall's all_cards file and keep the printed names and text in these "
        "languages (Scryfall codes, comma-separated: ja,de).",
        metavar="CODES",
    ),
]


@app.command("sync", cls=TranslatedCommand)
def sync_command(
    ctx: typer.Context, db: DbOption = None, offline: OfflineOption = False, languages: LanguagesOption = None
) -> None:
    """Download Scryfall's current oracle_cards bulk file and import it (with --languages, the printed
    names of those languages too, from all_cards)."""
    settings = settings_for(ctx, db, offline, writes=True)
    if languages is None:
        with progress_bar(_("Importing {file}").format(file="oracle_cards")) as progress:
            summary = ask(settings, lambda judge: judge.sync_cards(progress), as_json=False)
        report_import(summary)
        return
    codes = languages.split(",")
    steps = (
        _("Importing {file}").format(file="oracle_cards"),
        _("Downloading {file}").format(file="all_cards"),
        _("Importing the printings"),
    )
    with progress_bars(*steps) as (cards, download, printings):

        async def both(judge: Judge) -> tuple[CardImportSummary, PrintingsSummary]:
            wanted = judge.printed_languages(codes)  # refused before any download
            return await judge.sync_cards(cards), await judge.sync_printings(wanted, download, printings)

        summaries = ask(settings, both, as_json=False)
    for done in summaries:
        report_import(done)


def card_panel(card: CardAnswer) -> Panel:
    """A rich panel with every face: name and mana cost, type line, rules text, P/T or loyalty; then,
    asked in another language the cache knows the card in, the card as printed in it (titled
    ``夜帷の死霊/Nightveil Specter``)."""
    parts: list[Any] = []
    for index, face in enumerate(card.faces):
        if index:
            parts.append(Rule(style="dim"))
        header = Text(face.name, style="bold")
        if face.mana_cost:
            header.append(f"  {face.mana_cost}", style="cyan")
        parts.extend([header, Text(face.type_line, style="italic")])
        if face.oracle_text:
            parts.append(Text(face.oracle_text))
        if face.stats:
            parts.append(Text(card_stats(face.stats), style="bold", justify="right"))
    printed = card.printed
    parts += printed_lines(printed)
    title = f"{printed.name}/{card.name}" if printed is not None and printed.name != card.name else card.name
    return Panel(Group(*parts), title=Text(title), subtitle=Text(card.oracle.layout or ""), expand=False)


@contextmanager
def progress_bar(description: str) -> Iterator[ProgressCallback]:
    """A rich progress bar over the bytes of the file being imported, as an importer progress callback."""
    with progress_bars(description) as (advance,):
        yield advance


@contextmanager
def progress_bars(*descriptions: str) -> Iterator[tuple[ProgressCallback, ...]]:
    """One rich progress bar per step (a download, an import), each over its file's bytes, as callbacks."""
    with progress_display() as progress:
        yield tuple(progress_step(progress, text) for text in descriptions)


@contextmanager
def progress_display() -> Iterator[Progress]:
    """The rich display of byte progress bars, on stderr, gone when done."""
    description_column = TextColumn("{task.description}", markup=False)  # the file's name, not markup
    columns = (description_column, BarColumn(), DownloadColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err_console, transient=True) as progress:
        yield progress


def progress_step(progress: Progress, description: str) -> ProgressCallback:
    """A new bar on ``progress``, as the callback that moves it to ``done`` of ``total`` bytes (an
    unknown total stays open)."""
    task = progress.add_task(visible(description), total=None)

    def advance(done: int, total: int) -> None:
        progress.update(task, completed=done, total=total or None)

    return advance


def report_import(summary: CardImportSummary | PrintingsSummary) -> None:
    """Say what an import did, and how many records it skipped (naming the first few, with why)."""
    from data.cards.printings import PrintingsSummary  # loaded already: the import just ran

    done = _printings_read(summary) if isinstance(summary, PrintingsSummary) else _cards_read(summary)
    console.print(Text(done), soft_wrap=True)
    if summary.skipped:
        skipped = _("Skipped {count} records that aren't Scryfall cards, among them:").format(
            count=summary.skipped
        )
        console.print(Text("\n".join([skipped, *(f"  {name}" for name in summary.skipped_names)])))


def _printings_read(summary: PrintingsSummary) -> str:
    return _(
        "Read {printings} printings ({languages}) from {source}; the cache now holds {names} printed names."
    ).format(
        printings=summary.printings_read,
        languages=", ".join(summary.languages),
        source=summary.source,
        names=summary.names_stored,
    )


def _cards_read(summary: CardImportSummary) -> str:
    return _(
        "Imported {cards} cards from {source}; the cache now holds {cached} cards (bulk date {date})."
    ).format(
        cards=summary.cards_read,
        source=summary.source,
        cached=summary.cards_in_cache,
        date=summary.bulk_date or _("unknown"),
    )


@app.command("rulings", cls=TranslatedCommand)
def rulings_command(
    ctx: typer.Context,
    name: NameArgument,
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """Show a card's official rulings, newest first, with their dates (cache first, then Scryfall unless
    offline)."""
    answer = ask(settings_for(ctx, db, offline), lambda judge: judge.rulings(name), as_json=as_json)
    show(answer, as_json=as_json, to_json=lambda rulings: rulings.json_payload(), to_panel=rulings_panel)


def rulings_panel(answer: RulingsAnswer) -> Panel:
    """The rulings, each under its date and source; or why there are none to show."""
    parts: list[Any] = []
    for ruling in answer.rulings:
        parts += [Text(f"{ruling.published_at} ({ruling.source})", style="bold"), Text(ruling.comment)]
    if not answer.rulings:
        parts.append(Text(no_rulings(answer)))
    return Panel(Group(*parts), title=Text(answer.card), expand=False)


def no_rulings(answer: RulingsAnswer) -> str:
    """Why ``answer`` shows no ruling: the card has none, or its rulings were never loaded."""
    if answer.loaded:
        return _("{card} has no rulings.").format(card=answer.card)
    return _(
        "The rulings of {card} aren't loaded: Scryfall wasn't asked (offline) or couldn't be reached, and "
        "no rulings file was imported (`mtg-judge import-rulings FILE`)."
    ).format(card=answer.card)


RulingsPathArgument = Annotated[
    Path,
    typer.Argument(
        help="Scryfall rulings bulk file: a JSON array of ruling objects, optionally .gz.",
        exists=True,
        dir_okay=False,
    ),
]


@app.command("import-rulings", cls=TranslatedCommand)
def import_rulings_command(
    ctx: typer.Context,
    path: RulingsPathArgument,
    as_json: JsonOption = False,
    db: DbOption = None,
    offline: OfflineOption = False,
) -> None:
    """Import a Scryfall rulings bulk file, replacing every cached ruling (streaming; all or nothing)."""
    settings = settings_for(ctx, db, offline, writes=True)
    summary = ask(settings, lambda judge: judge.import_rulings(path), as_json=as_json)
    if as_json:
        print_json({"source": str(path), "rulings": summary.rulings, "cards": summary.cards})
    else:
        console.print(Text(rulings_read(summary, path)), soft_wrap=True)


def rulings_read(summary: RulingsImportSummary, path: Path) -> str:
    """One sentence saying what a rulings import did."""
    return _("Imported {rulings} rulings of {cards} cards from {source}.").format(
        rulings=summary.rulings, cards=summary.cards, source=path.name
    )
