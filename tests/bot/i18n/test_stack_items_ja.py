"""What a copy on the stack copied and didn't, in the answer's language (issue 15): each item is a message
(``CopiedItem.message``, ``NotCopied.message``, not in the JSON) worded like the explanations, through
``mtg-judge --lang ja`` and Discord; the JSON and English keep the English words."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from typer.testing import Result

from bot.cli import app
from bot.i18n import set_language
from tests.bot.cli import flat, runner
from tests.bot.i18n.test_cli import ja_db  # noqa: F401 -- the CLI's cache with the Japanese printings
from tests.bot.i18n.test_discord import harness  # noqa: F401 -- the bot asked from a Japanese client
from tests.bot.i18n.test_replies_ja import japanese_cli  # noqa: F401
from tests.cogs.harness import DiscordHarness
from tests.locations import BOARDS

HULL_BREACH = BOARDS / "stack_hull_breach.yaml"
JAPANESE = (
    "特性: Hull Breach",
    "それを唱えるために支払われたマナ（{R}{G}）",
    "唱えられたこと（ストーム、果敢、ミラーリなどの唱えたときの誘発はコピーを見ない）",
    "唱えられた領域（手札）",
    "元の呪文のオーナーとコントローラー（対戦相手）",
)
ENGLISH = (
    "characteristics: Hull Breach",
    "mana spent to cast it ({R}{G})",
    "the zone it was cast from (hand)",
    "the original's owner and controller (opponent)",
)


def squeezed(text: str) -> str:
    """``text`` without whitespace (a terminal wraps Japanese anywhere)."""
    return "".join(text.split())


def test_cli_stack_copy_items_in_japanese(japanese_cli: Callable[..., Result]) -> None:  # noqa: F811
    result = japanese_cli("board", str(HULL_BREACH))
    assert result.exit_code == 0, result.output
    text = squeezed(flat(result.stdout))
    assert [squeezed(said) in text for said in JAPANESE] == [True] * len(JAPANESE)
    assert [squeezed(said) in text for said in ENGLISH] == [False] * len(ENGLISH)


def test_the_json_and_english_keep_the_english_words(ja_db: Path) -> None:  # noqa: F811
    english = runner.invoke(app, ["--offline", "--db", str(ja_db), "board", str(HULL_BREACH)])
    assert english.exit_code == 0, english.output
    assert [squeezed(said) in squeezed(flat(english.stdout)) for said in ENGLISH] == [True] * len(ENGLISH)
    arguments = ["--offline", "--db", str(ja_db), "--lang", "ja", "board", str(HULL_BREACH), "--json"]
    try:
        as_json = runner.invoke(app, arguments)
    finally:
        set_language("en")
    copy = json.loads(as_json.stdout)["result"]
    assert copy["copied"][0] == {"item": "characteristics", "value": "Hull Breach", "rules": ["707.10"]}
    assert copy["not_copied"][0]["item"] == "mana spent to cast it ({R}{G})"


async def test_discord_stack_copy_items_in_japanese(harness: DiscordHarness) -> None:  # noqa: F811
    result = await harness.slash("board", scenario=HULL_BREACH.read_text(encoding="utf-8"))
    assert result.callback is not None
    description = result.callback.embeds[0]["description"]
    assert [f"• {said} (CR" in description for said in JAPANESE] == [True] * len(JAPANESE)


def test_the_copy_a_question_names_is_named_in_japanese(
    japanese_cli: Callable[..., Result],  # noqa: F811
    ja_db: Path,  # noqa: F811
) -> None:
    japanese = japanese_cli("copy", "Twincast", "Lightning Bolt")
    assert japanese.exit_code == 0, japanese.output
    assert "Twincastのコピー: 呪文のコピー（Lightning Bolt）" in flat(japanese.stdout)
    english = runner.invoke(app, ["--offline", "--db", str(ja_db), "copy", "Twincast", "Lightning Bolt"])
    assert "Twincast's copy: a copy of a spell (Lightning Bolt)" in flat(english.stdout)
    as_json = runner.invoke(
        app, ["--offline", "--db", str(ja_db), "copy", "Twincast", "Lightning Bolt", "--json"]
    )
    assert json.loads(as_json.stdout)["result"]["id"] == "Twincast's copy"
    assert "label" not in json.loads(as_json.stdout)["result"]
