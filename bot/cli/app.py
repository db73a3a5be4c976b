"""The Typer application and the options every command shares."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.text import Text
from typer import _click as click  # Typer vendors Click: its commands take these types
from typer.core import TyperCommand, TyperGroup

from bot.i18n import N_, _, current_language, pgettext
from bot.text_safety import safe_console, visible_json

if TYPE_CHECKING:
    from bot.config import Settings

HELP = "cli help"
"""The ``msgctxt`` of the help texts' catalog entries (a command's docstring, an option's ``help``)."""


@contextmanager
def _translated(*commands: click.Command) -> Iterator[None]:
    """The help texts of ``commands`` and of their options in the answer's language while ``--help`` prints
    (English when the catalog has none); Typer reads them as it prints."""
    language, saved = current_language(), []
    for holder in (part for command in commands for part in (command, *command.params)):
        for field in ("help", "short_help"):
            text = getattr(holder, field, None)
            if text:
                saved.append((holder, field, text))
                setattr(holder, field, pgettext(HELP, text, language) or text)
    try:
        yield
    finally:
        for holder, field, text in saved:
            setattr(holder, field, text)


class TranslatedGroup(TyperGroup):
    """``mtg-judge --help`` in the answer's language (the commands' one-line help too)."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The group's help, its texts translated."""
        with _translated(self, *self.commands.values()):
            super().format_help(ctx, formatter)


class TranslatedCommand(TyperCommand):
    """``mtg-judge COMMAND --help`` in the answer's language."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command's help, its texts translated."""
        with _translated(self):
            super().format_help(ctx, formatter)


app = typer.Typer(
    name="mtg-judge",
    help="A Magic: The Gathering rules judge: card data, Comprehensive Rules, linked abilities and copies.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    cls=TranslatedGroup,
)

# What comes from input or data is printed as it is, never read as markup, its control, zero-width and
# bidi characters shown escaped (bot.text_safety): every command prints through these two.
console = safe_console()
err_console = safe_console(stderr=True)

DbOption = Annotated[Path | None, typer.Option("--db", help="SQLite cache file (env MTG_JUDGE_DB).")]
OfflineOption = Annotated[bool, typer.Option("--offline", help="Never touch the network.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print stable JSON instead of a panel.")]


def _early_language(lang: str) -> str:
    """``--lang``, set as soon as it is read (it is eager) so that ``--help`` after it is in that language."""
    from bot.i18n import set_language

    set_language(lang)
    return lang


LangOption = Annotated[
    str,
    typer.Option(
        "--lang",
        help="Answer in this language: en (default) or ja (日本語).",
        metavar="LANG",
        is_eager=True,
        callback=_early_language,
    ),
]


@dataclass(frozen=True)
class GlobalOptions:
    """Options given before the command name (``mtg-judge --offline card …``)."""

    db: Path | None = None
    offline: bool = False
    lang: str = "en"


@app.callback()
def _global_options(
    ctx: typer.Context, db: DbOption = None, offline: OfflineOption = False, lang: LangOption = "en"
) -> None:
    from bot.i18n import LANGUAGES, set_language

    if lang not in LANGUAGES:
        fail(
            _("--lang takes one of {languages} (got {lang!r}).").format(
                languages=", ".join(LANGUAGES), lang=lang
            )
        )
    set_language(lang)
    ctx.obj = GlobalOptions(db=db, offline=offline, lang=lang)


NO_CACHE = N_(
    "There is no card cache at {path}. Check --db (or MTG_JUDGE_DB), or create one there with "
    "`mtg-judge import-cards PATH` (a Scryfall bulk file), then `mtg-judge import-rules PATH` (the "
    "Comprehensive Rules), giving the same --db."
)


def settings_for(ctx: typer.Context, db: Path | None, offline: bool, *, writes: bool = False) -> Settings:
    """Settings from the environment, overridden by global then per-command ``--db``/``--offline``.

    Offline, a command that only reads (``writes`` false) fails, saying how to create one, when there is
    no cache at the path: a mistyped ``--db`` must not leave an empty cache (and folders) behind.
    """
    from bot.config import Settings  # here, not at the top: pydantic-settings is slow to import

    global_options = ctx.find_object(GlobalOptions) or GlobalOptions()
    overrides: dict[str, Any] = {}
    chosen_db = db or global_options.db
    if chosen_db is not None:
        overrides["db"] = chosen_db
    if offline or global_options.offline:
        overrides["offline"] = True
    settings = Settings(**overrides)
    if settings.db.is_dir():
        fail(
            _("The card cache {path} is a folder; give the path of a file (--db or MTG_JUDGE_DB).").format(
                path=settings.db
            )
        )
    if settings.offline and not writes and not settings.db.exists():
        fail(_(NO_CACHE).format(path=settings.db))
    return settings


def print_json(payload: Any) -> None:
    """Print ``payload`` as stable, indented JSON on stdout (no rich markup, no wrapping; control, zero-width
    and bidi characters as ``\\u`` escapes)."""
    typer.echo(visible_json(json.dumps(payload, ensure_ascii=False, indent=2, sort_keys=False)))


def fail(message: str, suggestions: list[str] | None = None, *, as_json: bool = False) -> NoReturn:
    """Report a user-facing error and exit with status 1."""
    if as_json:
        print_json({"error": message, "suggestions": suggestions or []})
    else:
        # Text, not markup: the message may quote user input such as "[/]"
        err_console.print(Text.assemble((_("Error:"), "bold red"), " ", message), soft_wrap=True)
        if suggestions:
            names = ", ".join(suggestions)
            err_console.print(Text(_("Did you mean: {names}").format(names=names)), soft_wrap=True)
    raise typer.Exit(code=1)
