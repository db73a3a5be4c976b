"""Babel's extract / update / compile workflow (``python -m bot.i18n.catalogs``): the committed templates
and translations are what the workflow makes of the code now, and a ``.mo`` is compiled on first use."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import catalogs
from bot.i18n.catalogs import DOMAINS, LOCALES, compiled, languages, pot, updated

_RUN = "run `python -m bot.i18n.catalogs` and commit what it changes"


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_the_committed_template_is_the_codes_marked_messages(domain: str) -> None:
    assert (LOCALES / f"{domain}.pot").read_bytes() == pot(domain), _RUN


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_each_translation_is_up_to_date_with_the_template(domain: str) -> None:
    for language in languages():
        path = LOCALES / language / "LC_MESSAGES" / f"{domain}.po"
        assert path.read_bytes() == updated(language, domain), _RUN


def _text(found: Catalog) -> object:
    message = found.get("the graveyard")
    return message.string if message else None


def _small_po(folder: Path) -> Path:
    po = folder / "xx" / "LC_MESSAGES" / "engine.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n\nmsgid "the graveyard"\nmsgstr "le cimetière"\n', encoding="utf-8")
    return po


def test_a_missing_or_older_mo_is_compiled_from_the_po(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    po = _small_po(tmp_path)
    first = compiled("xx", "engine")
    assert first is not None
    assert _text(first) == "le cimetière"
    mo = po.with_suffix(".mo")
    assert mo.exists()
    po.write_text('msgid ""\nmsgstr ""\n\nmsgid "the graveyard"\nmsgstr "el cementerio"\n', encoding="utf-8")
    os.utime(mo, (1, 1))  # the .mo is older than the .po now
    again = compiled("xx", "engine")
    assert again is not None
    assert _text(again) == "el cementerio"
    assert compiled("xx", "messages") is None


def test_a_read_only_package_compiles_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    po = _small_po(tmp_path)

    def refused(_source: object, _target: object) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr(os, "replace", refused)
    found = compiled("xx", "engine")
    assert found is not None
    assert _text(found) == "le cimetière"
    assert not po.with_suffix(".mo").exists()
