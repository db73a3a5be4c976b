"""Boards that ended in a traceback (issue 22, item 5) are refused with a board error naming the line, through
the Judge and through ``mtg-judge board``; a key given twice is refused instead of YAML keeping the last."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cli import app
from bot.config import Settings as JudgeSettings
from bot.judge import Judge
from data.boards import BoardFormatError, load_board
from tests.bot.cli import runner
from tests.hardening.test_bounded_input import _board_or_short_error

_FACE_WITHOUT_COLORS = """\
cards:
  - name: Mirror // Image
    layout: transform
    faces:
      - {name: Mirror, type_line: Creature — Illusion, colors: null}
      - {name: Image, type_line: Creature — Illusion}
battlefield: [Mirror]
"""

_REFUSED = {
    # before: RecursionError
    "an anchor holding its own alias": (
        "battlefield:\n  - &a {card: Clone, id: c, x: *a}\n",
        2,
        "the alias *a is inside the value of its own anchor",
    ),
    "an anchor holding its own alias deeper": (
        "battlefield:\n  - card: Clone\n    choices: &c\n      option: [3, [*c]]\n",
        4,
        "the alias *c is inside the value of its own anchor",
    ),
    # before: ValueError
    "a number of 5,000 digits": (
        "battlefield:\n  - Clone\n  - card: Grizzly Bears\n    x: " + "9" * 5_000 + "\n",
        4,
        "can't be read as !!int; quote it to make it a text",
    ),
    "a hexadecimal number of 4,000 digits": (
        "battlefield:\n  - {card: Clone, controller: 0x" + "f" * 4_000 + "}\n",
        2,
        "'0xfffffffffffffffffffffffffffffffffffff…' can't be read as !!int",
    ),
    "a 13th month": ("battlefield:\n  - {card: Clone, id: 2020-13-45}\n", 2, "'2020-13-45' can't be read"),
    "a float tag on a word": ("battlefield:\n  - {card: Clone, x: !!float abc}\n", 2, "as !!float"),
    # before: KeyError, AttributeError
    "a bool tag on a word": ("battlefield:\n  - {card: Clone, tapped: !!bool maybe}\n", 2, "as !!bool"),
    "a timestamp tag on a word": ("battlefield:\n  - {card: Clone, id: !!timestamp x}\n", 2, "!!timestamp"),
    # before: TypeError
    "faces: null": (
        "cards:\n  - {name: Mirror, type_line: Creature, faces: null}\nbattlefield: [Mirror]\n",
        2,
        "the card field 'faces' is null: leave it out or give it a value",
    ),
    "colors: null": (
        "battlefield: [Clone]\ncards:\n  - {name: Mirror, type_line: Creature, colors: null}\n",
        3,
        "the card field 'colors' is null",
    ),
    "colors: null on a face": (_FACE_WITHOUT_COLORS, 2, "the card field 'colors' is null"),
    # before: the last one kept
    "a section twice": (
        "battlefield:\n  - Clone\nbattlefield:\n  - Grizzly Bears\n",
        3,
        "the key 'battlefield' is given twice in one mapping (first on line 1)",
    ),
    "an object's key twice": (
        "battlefield:\n  - card: Clone\n    id: a\n    x: 1\n    id: b\n",
        5,
        "the key 'id' is given twice in one mapping (first on line 3)",
    ),
    "a choice as 1 and as '1'": (
        "battlefield:\n  - card: Primal Clay\n    choices: {1: a,\n      '1': b}\n",
        4,
        "the key '1' is given twice",
    ),
    "a key through its alias": (
        "battlefield:\n  - {card: &k Clone, id: c}\n  - {card: Bear, id: b, *k : 1, Clone: 2}\n",
        3,
        "the key 'Clone' is given twice",
    ),
}


@pytest.fixture(scope="module")
def judge_settings(hostile_cache: Path, tmp_path_factory: pytest.TempPathFactory) -> JudgeSettings:
    """Offline settings on this module's copy of the hostile cache (cards and rules)."""
    path = tmp_path_factory.mktemp("tracebacks") / "cache.db"
    shutil.copy(hostile_cache, path)
    return JudgeSettings(db=path, offline=True)


@pytest.mark.parametrize("name", sorted(_REFUSED))
async def test_the_judge_refuses_the_board_naming_the_line(name: str, judge_settings: JudgeSettings) -> None:
    text, line, words = _REFUSED[name]
    async with Judge.open(judge_settings) as judge:
        with pytest.raises(BoardFormatError) as caught:
            await judge.board(text)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"line {line}: "), str(caught.value)
    assert words in str(caught.value)


@pytest.mark.parametrize("name", sorted(_REFUSED))
def test_the_board_command_says_so_without_a_traceback(name: str, judge_settings: JudgeSettings) -> None:
    text, line, words = _REFUSED[name]
    result = runner.invoke(app, ["--offline", "--db", str(judge_settings.db), "board", "-"], input=text)
    assert isinstance(result.exception, SystemExit), result.exception  # no other exception escaped
    assert result.exit_code == 1
    assert f"line {line}: " in result.output, result.output
    assert words in result.output


@pytest.mark.parametrize(
    "objects",
    [
        "  - {card: Clone, id: a, choices: {option: 3}}\n  - {card: Clone, id: b, choices: {option: 3}}\n",
        "  - &clone {card: Clone, id: a, tapped: true}\n  - {<<: *clone, id: b}\n",
        "  - {card: Clone, id: a, choices: &c {option: 3}}\n  - {card: Clone, id: b, choices: *c}\n",
        "  - {card: Clone, id: b}\n---\nanswer: 1\nanswer: 2\n",  # only the first document is the board
    ],
    ids=["same keys in two mappings", "merge key", "alias of a finished anchor", "second document"],
)
def test_what_only_looks_alike_is_still_a_board(objects: str) -> None:
    board = load_board("battlefield:\n" + objects)
    assert (board.objects[-1].card, board.objects[-1].id) == ("Clone", "b")


_KEYS = st.sampled_from(
    ["card", "id", "x", "tapped", "choices", "colors", "faces", "type_line", "1", "'1'", "<<"]
)
_SCALARS = ("Clone", "3", "-1", "~", "true", "'1'", "=", "2020-01-01", "2020-13-45")
_NUMBERS = ("9" * 5_000, "0x" + "f" * 4_000)
_TAGGED = ("!!bool maybe", "!!int x", "!!float y", "!!timestamp z", "!!binary YWJj")
_VALUES = st.sampled_from([*_SCALARS, *_NUMBERS, *_TAGGED, "{}", "[]", "{option: 3}", "[3, *a]"])
_KEY = st.one_of(_KEYS, _KEYS.map("&a ".__add__), st.just("*a "))
_VALUE = st.one_of(_VALUES, _VALUES.map("&a ".__add__), st.just("*a"))
_MAPPING = st.lists(st.tuples(_KEY, _VALUE), max_size=6).map(
    lambda pairs: "{" + ", ".join(f"{key}: {value}" for key, value in pairs) + "}"
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["cards", "battlefield"]), st.lists(_MAPPING, min_size=1, max_size=4))
def test_any_mix_of_anchors_tags_odd_scalars_and_repeated_keys_is_a_board_or_a_board_error(
    section: str, entries: list[str]
) -> None:
    _board_or_short_error(f"{section}:\n" + "".join(f"  - {entry}\n" for entry in entries))
