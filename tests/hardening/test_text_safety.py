"""Text from input or data is shown safely: escape sequences, control, zero-width and bidi characters
escaped (visibly) in every CLI renderer and on Discord, markup never read from data, mentions escaped."""

from __future__ import annotations

import io
import json
import signal
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text
from rich.tree import Tree
from typer.testing import Result

from bot.cli import app
from bot.text_safety import UNSAFE, VisibleText, VisibleTextHook, visible, visible_json, visible_text
from tests.bot.cli import runner
from tests.cogs.harness import DiscordHarness
from tests.hardening.conftest import HOSTILE_NAME, HOSTILE_TEXT, RAW_CONTROLS

_SHOWN_ESCAPED = ("Sneaky\\u202e Twin\\u200b", "\\x1b[2J\\x1b]0;owned", "Shapeshifter\\u2066")
"""How the hostile card's name, text and type line are shown (rich drops the bell, \\x07, itself)."""


def test_every_control_format_and_separator_character_is_escaped() -> None:
    kept = "\n\t"
    unsafe = [
        chr(code)
        for code in range(0x110000)
        if unicodedata.category(chr(code)) in {"Cc", "Cf", "Cs", "Zl", "Zp"} and chr(code) not in kept
    ]
    assert [hex(ord(c)) for c in unsafe if not UNSAFE.fullmatch(c)] == []
    assert visible("a\u202eb\x1b[31m\U000e0041\ud800") == "a\\u202eb\\x1b[31m\\U000e0041\\ud800"


@pytest.mark.parametrize("text", ["夜帷の死霊\u3000Nightveil", "Æther — 1/1\n• Flying\tx", "🙂 [bold]x[/]"])
def test_ordinary_text_is_unchanged(text: str) -> None:
    assert visible(text) == text


def test_visible_text_keeps_the_styles_around_and_on_each_escape() -> None:
    text = Text("ab\u202ecd", style="italic")
    text.stylize("bold", 1, 3)
    shown = visible_text(text)
    assert shown.plain == "ab\\u202ecd"
    console = Console(file=io.StringIO())
    styles = [str(shown.get_style_at_offset(console, offset)) for offset in range(len(shown.plain))]
    assert styles == ["italic"] + ["bold italic"] * 7 + ["italic"] * 2  # b, its escape: bold


def test_visible_json_is_the_same_json() -> None:
    payload = {"name": HOSTILE_NAME, "text": HOSTILE_TEXT, "tag": "\U000e0041"}
    dumped = visible_json(json.dumps(payload, ensure_ascii=False))
    assert json.loads(dumped) == payload
    assert not any(c in dumped for c in RAW_CONTROLS)


def _assert_shown_safely(output: str) -> None:
    assert not any(c in output for c in RAW_CONTROLS), repr(output)


def _cli(*arguments: str) -> Result:
    return runner.invoke(app, list(arguments))


def test_the_card_panel_shows_hostile_text_escaped_and_markup_literally(hostile_cache: Path) -> None:
    result = _cli("--offline", "--db", str(hostile_cache), "card", HOSTILE_NAME)
    assert result.exit_code == 0, result.output
    _assert_shown_safely(result.output)
    flat = result.stdout.replace("│", " ")
    assert all(part in flat for part in _SHOWN_ESCAPED), flat
    assert "[bold]@everyone[/]" in flat


def test_card_json_escapes_them_as_json(hostile_cache: Path) -> None:
    result = _cli("--offline", "--db", str(hostile_cache), "card", HOSTILE_NAME, "--json")
    assert result.exit_code == 0, result.output
    _assert_shown_safely(result.stdout)
    assert json.loads(result.stdout)["oracle_text"] == HOSTILE_TEXT


@pytest.mark.parametrize("command", ["linked", "parse"])
def test_linked_and_parse_panels_escape_card_text(hostile_cache: Path, command: str) -> None:
    result = _cli("--offline", "--db", str(hostile_cache), command, HOSTILE_NAME)
    assert result.exit_code == 0, result.output
    _assert_shown_safely(result.output)
    assert "\\x1b]0;owned" in result.stdout


def test_copy_and_board_panels_escape_names_and_handles(hostile_cache: Path) -> None:
    copied = _cli("--offline", "--db", str(hostile_cache), "copy", HOSTILE_NAME, "Tarmogoyf")
    assert copied.exit_code == 0, copied.output
    _assert_shown_safely(copied.output)
    board = 'battlefield:\n  - {card: Tarmogoyf, id: "goyf\\u202e\\e[31m"}\n'
    built = runner.invoke(app, ["--offline", "--db", str(hostile_cache), "board", "-"], input=board)
    _assert_shown_safely(built.output)
    assert "goyf\\u202e\\x1b[31m" in built.output


@pytest.mark.parametrize("as_json", [False, True])
def test_error_messages_escape_what_was_typed(hostile_cache: Path, as_json: bool) -> None:
    typed = "\x1b]52;c;cm0gLXJmIH4=\x07No\u202eSuch [red]Card[/]"
    result = _cli("--offline", "--db", str(hostile_cache), "card", typed, *(["--json"] if as_json else []))
    assert result.exit_code == 1
    _assert_shown_safely(result.output)
    assert "[red]Card[/]" in result.output


def test_rule_lookups_escape_the_query(hostile_cache: Path) -> None:
    result = _cli("--offline", "--db", str(hostile_cache), "cr", "copiable\u202e\x1b[5m values")
    _assert_shown_safely(result.output)
    assert "\\u202e\\x1b[5m" in result.output


async def test_discord_replies_escape_markdown_mentions_and_controls(bot_harness: DiscordHarness) -> None:
    result = await bot_harness.slash("card", name=HOSTILE_NAME)
    assert result.callback is not None, result.kinds()
    embed = result.callback.embeds[0]
    shown = embed["title"] + embed["description"]
    _assert_shown_safely(shown.replace("@\u200beveryone", "").replace("<@\u200b", ""))
    assert "Sneaky\\\\u202e Twin\\\\u200b" in shown  # a shown backslash, escaped for Markdown
    assert "@everyone" not in shown
    assert "<@1" not in shown
    assert "\\*\\*loud\\*\\*" in shown


async def test_discord_autocomplete_shows_bidi_visibly(bot_harness: DiscordHarness) -> None:
    result = await bot_harness.autocomplete("card", "name", "Sneaky")
    names = [choice["name"] for choice in result.choices]
    assert any(name.startswith("Sneaky\\u202e Twin\\u200b") for name in names), names


_HOSTILE_PIECES = (
    "\x1b[2J",  # an escape sequence
    "\x9b31m",  # C1 CSI
    "\x00\x7f",  # NUL, DEL
    "\u200b\u2060\ufeff",  # zero-width
    "\u202e\u2066\u061c",  # right-to-left override, isolate, Arabic letter mark
    "\U000e0041",  # a tag character
    "\ud800",  # a lone surrogate
    "\u2028",  # a line separator
    "夜帷の死霊",  # wide
    "Æther e\u0301",  # a combining accent
    "Sneaky Twin",
    " ",
)


def _framed(text: str) -> list[RenderableType]:
    """Every framed renderable a command prints, with ``text`` in each of its places."""
    table = Table("name", text, title=text, caption=text)
    table.add_row(text, Text(text, style="bold"))
    tree = Tree(Text(text))
    tree.add(text)
    body = Group(Text(text, style="bold"), Rule(title=text), table, tree)
    return [
        Panel(body, title=Text(text), subtitle=text, expand=False),
        Panel(Text(text, justify="right")),
        table,
    ]


def _rendered_widths(renderable: RenderableType) -> set[int]:
    console = Console(record=True, width=80, file=io.StringIO(), markup=False, emoji=False, highlight=False)
    console.push_render_hook(VisibleTextHook())
    console.print(renderable)
    lines = console.export_text().splitlines()
    assert not any(UNSAFE.search(line) for line in lines), lines
    return {cell_len(line) for line in lines}


@pytest.mark.parametrize("piece", _HOSTILE_PIECES)
def test_panels_and_tables_keep_their_borders_with_escaped_text(piece: str) -> None:
    text = f"{piece}Sneaky{piece} Twin {piece}" * 4
    for renderable in _framed(text):
        widths = _rendered_widths(renderable)
        assert len(widths) == 1, (repr(piece), widths)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_HOSTILE_PIECES), min_size=1, max_size=30).map("".join))
def test_any_mix_of_escaped_and_wide_text_keeps_the_borders(text: str) -> None:
    for renderable in _framed(text):
        assert len(_rendered_widths(renderable)) == 1


def test_the_card_panel_of_a_hostile_card_keeps_its_borders(hostile_cache: Path) -> None:
    result = _cli("--offline", "--db", str(hostile_cache), "card", HOSTILE_NAME)
    assert result.exit_code == 0, result.output
    lines = result.stdout.rstrip("\n").splitlines()
    assert lines[0].startswith("╭"), lines
    assert lines[-1].startswith("╰"), lines
    assert len({cell_len(line) for line in lines}) == 1, lines


@contextmanager
def _cpu_at_most(seconds: float) -> Iterator[None]:
    """Fail once the block has used ``seconds`` of the process's CPU time (a quadratic render of the
    texts below runs for minutes: it fails at the bound instead)."""

    def over(signum: int, frame: FrameType | None) -> None:
        pytest.fail(f"more than {seconds} s of CPU")

    previous = signal.signal(signal.SIGPROF, over)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def _render_cpu(characters: int) -> float:
    """The least CPU time, of three runs, of printing as the CLI does a panel whose text is ``characters``
    zero-width and bidi characters, every one of them shown escaped."""
    panel = Panel(Text("\u202e\u200b" * (characters // 2), style="bold"), title=Text("\u2066"), expand=False)
    times = []
    for _ in range(3):
        console = Console(file=io.StringIO(), width=80, markup=False, emoji=False, highlight=False)
        console.push_render_hook(VisibleTextHook())
        start = time.process_time()
        console.print(panel)
        times.append(time.process_time() - start)
        assert "\\u202e\\u200b" in console.file.getvalue()  # type: ignore[attr-defined]
    return min(times)


def test_rendering_escaped_text_is_linear_in_its_length() -> None:
    # 100,000 escaped characters print as about 7,500 panel lines: 0.3-0.6 s of CPU, rich's own layout.
    # Eight times the text takes about eight times as long (quadratic: 64 times; before issue 22: 9,600
    # characters took 26 s).
    with _cpu_at_most(20):
        small, large = _render_cpu(12_500), _render_cpu(100_000)
    assert large < 30 * small, (small, large)


_HUNDRED_THOUSAND = "\u202e\u200b\x1b\u2066" * 25_000
"""100,000 characters, every one shown escaped: bidi, zero-width, escape, isolate."""


def _escape_for_display() -> float:
    """The CPU time (``time.process_time``) of escaping :data:`_HUNDRED_THOUSAND` as the CLI does before
    rich lays a panel out (its text with a style and a span every 100 characters, and its title), and as
    Discord and the CLI escape plain text."""
    text = Text(_HUNDRED_THOUSAND, style="bold")
    for start in range(0, len(_HUNDRED_THOUSAND), 100):
        text.stylize("italic", start, start + 50)
    panel = Panel(text, title=Text(_HUNDRED_THOUSAND[:8]))
    began = time.process_time()
    shown = VisibleText(panel).renderable
    plain = visible(_HUNDRED_THOUSAND)
    spent = time.process_time() - began
    assert isinstance(shown, Panel)
    assert isinstance(shown.renderable, Text)
    assert shown.renderable.plain == plain == "\\u202e\\u200b\\x1b\\u2066" * 25_000
    assert len(shown.renderable.spans) == len(text.spans)
    return spent


def test_escaping_100000_characters_for_display_takes_under_a_second_of_cpu() -> None:
    # Idle: 10-13 ms of CPU, so the bound is 75-100 times what it takes; before issue 22 escaping was
    # quadratic (a 9,600-character card text: 26 s) and this fails at the timer.
    with _cpu_at_most(1.0):
        spent = _escape_for_display()
    assert spent < 1.0, spent


def test_a_board_card_of_9600_bidi_and_zero_width_characters_prints_in_seconds(hostile_cache: Path) -> None:
    text = "\u202e\u200b" * 4_800
    card = {"name": "Mirror", "type_line": "Creature — Illusion", "oracle_text": text, "power": 1}
    board = json.dumps({"cards": [{**card, "toughness": 1}], "battlefield": ["Mirror"]})
    with _cpu_at_most(20):  # about 0.3 s (26 s before issue 22)
        result = runner.invoke(app, ["--offline", "--db", str(hostile_cache), "board", "-"], input=board)
    assert result.exit_code == 0, result.output
    _assert_shown_safely(result.output)
    assert result.stdout.count("\\u202e\\u200b") > 4_000
