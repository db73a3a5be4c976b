"""``setup DIR``: import every card bulk file, printings file, rules text file and rulings file of a folder,
so that everything answers offline afterwards."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from bot.cli.app import DbOption, OfflineOption, TranslatedCommand, app, console, settings_for
from bot.cli.cards import progress_display, progress_step, report_import, rulings_read
from bot.cli.common import ask, import_message
from bot.i18n import N_, _

if TYPE_CHECKING:
    from bot.judge import Progress as ProgressCallback
    from bot.judge import SetupSummary

FolderArgument = Annotated[
    Path,
    typer.Argument(
        help="A folder holding Scryfall bulk files, a Comprehensive Rules text file and a rulings file "
        "(searched with its subfolders), such as ../shared/data.",
        exists=True,
        file_okay=False,
    ),
]


NEWER_INSTEAD = {
    "rules": N_("Left out {file}: a newer Comprehensive Rules file is imported instead."),
    "rulings": N_("Left out {file}: a newer rulings file is imported instead (an import replaces them all)."),
}


@app.command("setup", cls=TranslatedCommand)
def setup_command(
    ctx: typer.Context, folder: FolderArgument, db: DbOption = None, offline: OfflineOption = False
) -> None:
    """Import every card bulk file, printings file, rules file and rulings file found in a folder, each
    recognised by its contents, oldest cards first (each import all or nothing)."""
    settings = settings_for(ctx, db, offline, writes=True)
    with progress_display() as progress:

        def starting(path: Path) -> ProgressCallback:
            return progress_step(progress, _("Importing {file}").format(file=path.name))

        summary = ask(settings, lambda judge: judge.setup(folder, starting), as_json=False)
    report_setup(summary)


def report_setup(summary: SetupSummary) -> None:
    """One paragraph per imported file, then the files left out and why."""
    from bot.judge import ImportSummary, RulingsImportSummary  # loaded already: the imports just ran

    for path, done in summary.imported:
        if isinstance(done, ImportSummary):
            console.print(Text(import_message(done)), soft_wrap=True)
        elif isinstance(done, RulingsImportSummary):
            console.print(Text(rulings_read(done, path)), soft_wrap=True)
        else:
            report_import(done)
    for path, kind in summary.skipped:
        console.print(Text(_(NEWER_INSTEAD[kind]).format(file=path.name)), soft_wrap=True)
