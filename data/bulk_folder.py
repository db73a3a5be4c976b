"""What ``mtg-judge setup DIR`` imports: every card bulk file, printings file, rules text file and rulings
file found in a folder, each recognised by its contents (not its name), in the order they build on.

Card files come first, oldest first by the date in their name (an undated one after the dated ones), so
that a newer file's wording of a card replaces an older one's; then printings in other languages (they
name cards by Oracle id); then the rules; then the rulings (their import marks every cached card as
having its rulings, so it must see every card). A rulings import and a rules import replace what was
there, so only the newest of each kind is imported and the others are listed as skipped.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from data.cards.importer import CardImportError, records

_JSON_SUFFIXES = (".json", ".jsonl", ".json.gz", ".jsonl.gz")
_RULES_MARK = b"Magic: The Gathering Comprehensive Rules"
_RULES_PEEK = 4_096  # bytes: the title is on the file's first lines
_DATE = re.compile(r"(?<!\d)((?:19|20)\d\d)(\d\d)?(\d\d)?(?!\d)")
MAX_FILES = 1_000  # files looked at in one folder, so that a wrong DIR (a home folder) ends quickly


@dataclass(frozen=True)
class FolderPlan:
    """The files of a folder to import, by kind, in import order; and those left out because a newer file
    of their kind (``rules`` or ``rulings``) is imported instead."""

    cards: tuple[Path, ...] = ()
    printings: tuple[Path, ...] = ()
    rules: Path | None = None
    rulings: Path | None = None
    skipped: tuple[tuple[Path, str], ...] = field(default=())

    @property
    def empty(self) -> bool:
        """Whether the folder holds nothing to import."""
        return not (self.cards or self.printings or self.rules or self.rulings)


def plan_folder(folder: Path) -> FolderPlan:
    """The import plan of every file under ``folder`` (searched recursively, hidden folders left out)."""
    cards: list[Path] = []
    printings: list[Path] = []
    rules: list[Path] = []
    rulings: list[Path] = []
    skipped: list[tuple[Path, str]] = []
    for path in _files(folder):
        kind = file_kind(path)
        if kind == "cards":
            cards.append(path)
        elif kind == "printings":
            printings.append(path)
        elif kind == "rules":
            rules.append(path)
        elif kind == "rulings":
            rulings.append(path)
    newest_rules, older_rules = _newest(rules)
    newest_rulings, older_rulings = _newest(rulings)
    skipped += [(path, "rules") for path in older_rules]
    skipped += [(path, "rulings") for path in older_rulings]
    return FolderPlan(
        cards=tuple(sorted(cards, key=_age)),
        printings=tuple(sorted(printings)),
        rules=newest_rules,
        rulings=newest_rulings,
        skipped=tuple(skipped),
    )


def file_kind(path: Path) -> str | None:
    """``cards``, ``printings``, ``rulings`` or ``rules`` by the file's contents; None for anything else."""
    name = path.name.casefold()
    if name.endswith(".txt"):
        with path.open("rb") as text:
            return "rules" if _RULES_MARK in text.read(_RULES_PEEK) else None
    if not name.endswith(_JSON_SUFFIXES):
        return None
    first = _first_record(path)
    if not isinstance(first, dict):
        return None
    if first.get("object") == "ruling":
        return "rulings"
    if not first.get("name") and not first.get("card_faces"):
        return None
    return "cards" if str(first.get("lang", "en")) == "en" else "printings"


def _files(folder: Path) -> Iterator[Path]:
    """The files under ``folder``, sorted, at most :data:`MAX_FILES` of them."""
    found = (
        path
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts)
    )
    for count, path in enumerate(found):
        if count == MAX_FILES:
            return
        yield path


def _first_record(path: Path) -> object:
    with io.BufferedReader(io.FileIO(path, "rb"), buffer_size=1 << 16) as raw:
        try:
            return next(records(raw), None)
        except (CardImportError, ValueError, OSError, EOFError):
            return None


def _age(path: Path) -> tuple[int, tuple[int, ...], str]:
    """Oldest first: dated files by the date in their name (``20190926``, or a year alone: ``2022``),
    then undated ones, each group by path."""
    date = _DATE.search(path.name)
    parts = tuple(int(part or 0) for part in date.groups()) if date else ()
    return (0 if date else 1, parts, str(path))


def _newest(paths: list[Path]) -> tuple[Path | None, list[Path]]:
    ordered = sorted(paths, key=_age)
    dated = [path for path in ordered if _DATE.search(path.name)]
    newest = (dated or ordered)[-1] if ordered else None
    return newest, [path for path in ordered if path != newest]
