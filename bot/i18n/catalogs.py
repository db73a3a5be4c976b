"""Babel's extract / update / compile workflow for the two message domains (``messages``, ``engine``).

``python -m bot.i18n.catalogs`` extracts every marked message into the committed templates
(``locales/<domain>.pot``), updates each language's ``.po`` from them (new ids added empty, ids the code
no longer marks dropped, each entry's ``#:`` comment naming the modules that use it now) and compiles the
``.mo`` files the bot reads. A ``.mo`` is never committed: :func:`compiled` builds it on first use when
it is missing or older than its ``.po``.

Command names and descriptions (``msgctxt "command name"``…) aren't marked in the code; discord.py's
translator asks for them by context, so they are kept from the ``.po`` as they are.
"""

from __future__ import annotations

import ast
import io
import os
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = Path(__file__).parent / "locales"
DOMAINS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "messages": (("bot", "cogs"), ("_", "N_")),  # the bot's and the CLI's phrases
    "engine": (("engine", "data", "bot/judge"), ("msg",)),  # the engine's explanations, the readers' errors
}
"""Each domain: the folders whose marked messages it holds, and the marking functions."""
PROJECT = "mtg-judge"


def template(domain: str) -> Catalog:
    """Every message the code marks for ``domain``, with the modules that use it (no line numbers, so a
    moved line doesn't change the catalogs)."""
    folders, keywords = DOMAINS[domain]
    found = Catalog(project=PROJECT, fuzzy=False)
    for folder in folders:
        for filename, line, message, comments, context in extract_from_dir(
            ROOT / folder, method_map=[("**.py", "python")], keywords=dict.fromkeys(keywords)
        ):
            where = (f"{folder}/{Path(filename).as_posix()}", line)
            found.add(message, locations=[where], auto_comments=comments, context=context)
    return found


def translations(language: str, domain: str) -> Catalog:
    """The ``.po`` of ``language`` in ``domain`` as written (an empty catalog when there is none)."""
    path = _po_path(language, domain)
    if not path.exists():
        return Catalog(locale=language, domain=domain, project=PROJECT)
    with path.open("rb") as po:
        return read_po(po, locale=language, domain=domain)


def updated(language: str, domain: str) -> bytes:
    """The ``.po`` of ``language`` in ``domain`` updated from the code's marked messages, as bytes."""
    po = translations(language, domain)
    marked = template(domain)
    said = _literals(DOMAINS[domain][0]) if domain == "messages" else frozenset()
    for kept in po:
        # What discord.py asks for by context, and errors the data layer raises as plain text (translated
        # where they are shown), aren't marked in the code: kept while the code still says them.
        if kept.id and kept.id not in marked and (kept.context or kept.id in said):
            marked.add(kept.id, context=kept.context)
    po.update(marked, no_fuzzy_matching=True, update_creation_date=False)
    out = io.BytesIO()
    write_po(out, po, width=0, ignore_obsolete=True, include_lineno=False, sort_output=True)
    return out.getvalue()


def pot(domain: str) -> bytes:
    """The template of ``domain`` as the committed ``.pot`` file's bytes."""
    out = io.BytesIO()
    marked = template(domain)
    write_po(out, marked, width=0, include_lineno=False, sort_output=True, omit_header=True)
    return out.getvalue()


def compiled(language: str, domain: str) -> Catalog | None:
    """The translations of ``language`` in ``domain`` from its ``.mo``, compiling the ``.mo`` from the
    ``.po`` first when it is missing or older (None when the language has no ``.po``). Where the package
    folder can't be written, the ``.po`` is compiled in memory."""
    po_path = _po_path(language, domain)
    if not po_path.exists():
        return None
    mo_path = po_path.with_suffix(".mo")
    if not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
        data = _mo_bytes(translations(language, domain))
        partial = mo_path.with_name(f"{mo_path.name}.{os.getpid()}.partial")
        try:  # written whole, then renamed: a reader beside it never sees half a file
            partial.write_bytes(data)
            os.replace(partial, mo_path)
        except OSError:  # an installed, read-only package: use the compiled bytes once
            partial.unlink(missing_ok=True)
            return read_mo(io.BytesIO(data))
    with mo_path.open("rb") as mo:
        return read_mo(mo)


def languages() -> list[str]:
    """The languages that have catalogs."""
    return sorted(path.name for path in LOCALES.iterdir() if (path / "LC_MESSAGES").is_dir())


def main(domains: Iterable[str] = DOMAINS) -> None:
    """Extract, update and compile every domain of every language (``python -m bot.i18n.catalogs``)."""
    for domain in domains:
        (LOCALES / f"{domain}.pot").write_bytes(pot(domain))
        for language in languages():
            _po_path(language, domain).write_bytes(updated(language, domain))
            compiled(language, domain)
            print(f"{language}/{domain}: {len(translations(language, domain))} entries")


def _literals(folders: Iterable[str]) -> frozenset[str]:
    """Every string constant in the modules of ``folders`` and of ``data`` (the data layer can't mark its
    messages: it imports nothing of the bot's)."""
    found: set[str] = set()
    for folder in (*folders, "data"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found |= {
                node.value
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str)
            }
    return frozenset(found)


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _po_path(language: str, domain: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


if __name__ == "__main__":
    main()
