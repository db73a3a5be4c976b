"""A UTF-8 byte order mark before a board whose ``cards:`` defines its own cards (issue 22, item 5): the board
file is read as if it had none, from the CLI and from a Discord attachment, and lines are counted as in the
file. (The card bulk import's BOM: ``tests/data/cards/test_card_schema.py::
test_a_utf8_byte_order_mark_before_the_records_is_skipped``.)"""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from bot.cli import app
from bot.config import Settings
from bot.judge import Judge
from data.boards import BoardFormatError
from tests.bot.cli import runner
from tests.cogs.harness import DiscordHarness, FakeAttachment

_MIRROR = {
    "name": "Mirror Gazer",
    "type_line": "Creature — Illusion",
    "mana_cost": "{1}{U}",
    "oracle_text": "Flying",
    "power": 1,
    "toughness": 3,
}
_BOARDS = {
    "json": json.dumps({"cards": [_MIRROR], "battlefield": [{"card": "Mirror Gazer", "id": "gazer"}]}),
    "yaml": (
        "cards:\n"
        "  - name: Mirror Gazer\n    type_line: Creature — Illusion\n    mana_cost: '{1}{U}'\n"
        "    oracle_text: Flying\n    power: 1\n    toughness: 3\n"
        "battlefield:\n  - {card: Mirror Gazer, id: gazer}\n"
    ),
}
_BOM = codecs.BOM_UTF8


def _with_bom(text: str) -> bytes:
    return _BOM + text.encode("utf-8")


@pytest.mark.parametrize("kind", sorted(_BOARDS))
def test_a_board_file_with_a_bom_and_defined_cards_is_answered(
    kind: str, hostile_cache: Path, tmp_path: Path
) -> None:
    path = tmp_path / f"board.{kind}"
    path.write_bytes(_with_bom(_BOARDS[kind]))
    result = runner.invoke(app, ["--offline", "--db", str(hostile_cache), "board", str(path)])
    assert result.exit_code == 0, result.output
    assert "Mirror Gazer" in result.stdout
    assert "{1}{U}" in result.stdout
    assert "1/3" in result.stdout
    assert "\\ufeff" not in result.stdout  # the mark is not part of the board, nor shown escaped


async def test_the_judge_reads_the_board_text_as_if_it_had_no_bom(hostile_cache: Path) -> None:
    async with Judge.open(Settings(db=hostile_cache, offline=True)) as judge:
        plain = await judge.board(_BOARDS["yaml"])
        marked = await judge.board("\ufeff" + _BOARDS["yaml"])
    # The same answer; only the board text it carries back (for Edit board) is as given.
    assert marked.model_dump(exclude={"board"}) == plain.model_dump(exclude={"board"})


async def test_after_a_bom_a_key_given_twice_is_refused_on_its_own_line(hostile_cache: Path) -> None:
    text = "\ufeffcards:\n  - name: Mirror Gazer\n    type_line: Creature\n    name: Other\n"
    text += "battlefield: [Mirror Gazer]\n"
    async with Judge.open(Settings(db=hostile_cache, offline=True)) as judge:
        with pytest.raises(BoardFormatError) as caught:
            await judge.board(text)
    assert caught.value.line == 4
    assert str(caught.value).startswith(
        "line 4: the key 'name' is given twice in one mapping (first on line 2)"
    )


@pytest.mark.parametrize("kind", sorted(_BOARDS))
async def test_an_attached_board_file_with_a_bom_is_answered_on_discord(
    kind: str, bot_harness: DiscordHarness
) -> None:
    body = _with_bom(_BOARDS[kind])

    async def from_cdn(url: str) -> bytes:
        return body

    bot_harness.bot.http.get_from_cdn = from_cdn  # type: ignore[method-assign]
    attached = FakeAttachment(f"board.{kind}", "application/json", len(body), None, None)
    result = await bot_harness.slash("board", file=attached)
    sent = [request for request in result.requests if request.embeds]
    assert sent, result.kinds()
    embed = sent[-1].embeds[0]
    assert "Mirror Gazer" in json.dumps(embed, ensure_ascii=False)
    assert "ufeff" not in json.dumps(embed)
