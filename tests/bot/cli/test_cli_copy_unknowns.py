"""``mtg-judge copy`` when the copy's own "as enters" result isn't given: unknown in its copiable values too
(CR 707.2), with the outcomes named, and known once given."""

from __future__ import annotations

from pathlib import Path

from bot.cli import app
from tests.bot.cli import json_of, panel_text, runner


def _asked(db: Path) -> list[str]:
    return ["--offline", "--db", str(db), "copy", "Clone", "Molten Sentry"]


def _copy(db: Path, *extra: str) -> dict[str, object]:
    asked = runner.invoke(app, [*_asked(db), *extra, "--json"])
    result: dict[str, object] = json_of(asked)["result"]
    return result


def test_clone_of_molten_sentry_without_its_coin_is_unknown_in_its_copiable_values(cli_db: Path) -> None:
    result = _copy(cli_db)
    copiable, current = result["copiable"], result["current"]
    assert isinstance(copiable, dict)
    assert isinstance(current, dict)
    assert (copiable["power"], copiable["toughness"]) == ("unknown", "unknown")
    assert copiable["unknown"] == ["power", "toughness", "abilities"]
    assert (current["power"], current["toughness"]) == ("unknown", "unknown")
    assert "Haste" not in current["abilities"]
    assert "Defender" not in current["abilities"]
    panel = panel_text(runner.invoke(app, _asked(cli_db)))
    assert "heads, it enters as a 5/2 creature with haste; tails, as a 2/5 creature with defender" in panel
    assert "0/0" not in panel


def test_clone_of_molten_sentry_with_its_coin_given_is_known(cli_db: Path) -> None:
    result = _copy(cli_db, "--new-choice", "coin=tails")
    copiable, current = result["copiable"], result["current"]
    assert isinstance(copiable, dict)
    assert isinstance(current, dict)
    assert (copiable["power"], copiable["toughness"]) == ("2", "5")
    assert "unknown" not in copiable
    assert (current["power"], current["toughness"]) == (2, 5)
    assert "Defender" in current["abilities"]
    assert "Haste" not in current["abilities"]
