"""Every error in the answer's language (issue 15): the board format's, a board's, the stack's, a copy's
and an option's errors are raised with a message id and its parameters (``JudgeError.wording``), worded in
Japanese from the ``engine`` catalog with the cards' printed names (``灰色熊/Grizzly Bears``), through the
Discord handlers and ``mtg-judge --lang ja``; English stays each error's own message, and a template the
catalog lacks is English, never a message id."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import Result

from bot.cli import app
from bot.i18n import catalog, use_language
from bot.i18n.errors import error_message
from bot.judge import BoardFormatError, InvalidQuestion, JudgeError
from bot.judge.limits import checked_names
from data.board_format import MAX_TEXT
from data.boards import load_board
from engine import BoardError, CopyError, StackEntrySpec, StackError, stack_handles
from engine.core.messages import Message, card, msg
from engine.layers.dependency import TooManyInteractions, WorkBudget
from tests.bot.cli import flat, runner
from tests.bot.i18n.test_cli import ja_db  # noqa: F401 -- the CLI's cache with the Japanese printings
from tests.bot.i18n.test_discord import harness  # noqa: F401 -- the bot asked from a Japanese client
from tests.bot.i18n.test_replies_ja import japanese_cli, private_text  # noqa: F401
from tests.cogs.harness import DiscordHarness
from tests.locations import ROOT

SCANNED = ("engine", "data/boards.py", "data/board_format.py", "data/cards", "bot/judge")
USER_ERRORS = frozenset(
    {
        "BoardError",
        "BoardFormatError",
        "CopyError",
        "InvalidCardQuery",
        "InvalidQuestion",
        "StackError",
        "TooManyInteractions",
        "UserError",
        "refuse",  # engine.stack.items: a StackError
        "_error",  # engine.answers.stack_board: a StackError naming its line
    }
)
ENGLISH_ONLY: dict[str, tuple[int, str]] = {
    "bot/judge/imports.py": (1, "admin-only (sync --languages): its operators are told in English"),
}
"""Files that still raise a user's error with an English-only message: how many, and why."""


def _english_only(node: ast.expr) -> bool:
    """Whether ``node`` (an error's message) is English text rather than a message: a string literal (but
    a fixed sentence the bot's catalog translates), an f-string, or text joined from them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and not catalog("ja").get(node.value)
    if isinstance(node, ast.JoinedStr):
        return True
    return isinstance(node, ast.BinOp) and (_english_only(node.left) or _english_only(node.right))


def english_only_raises() -> Iterator[tuple[str, int]]:
    """(file, line) of every user's error raised (or checked_text message given) as English text."""
    for where in SCANNED:
        base = ROOT / where
        for path in sorted(base.rglob("*.py")) if base.is_dir() else [base]:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name | ast.Attribute):
                    continue
                name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                given = node.args[:1] if name in USER_ERRORS else []
                if name == "checked_text":
                    given = [k.value for k in node.keywords if k.arg in ("empty", "too_long")]
                if any(_english_only(argument) for argument in given):
                    yield str(path.relative_to(ROOT)), node.lineno


def test_every_users_error_is_raised_with_a_message_id() -> None:
    found: dict[str, int] = {}
    for path, _line in english_only_raises():
        found[path] = found.get(path, 0) + 1
    assert found == {path: count for path, (count, _why) in ENGLISH_ONLY.items()}


def test_the_scan_finds_english_only_raises() -> None:
    tree = ast.parse('raise BoardError(f"{x} is bad")\nraise refuse(msg("{x} is bad", x=x))')
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args]
    assert [_english_only(call.args[0]) for call in calls if call.func.id != "msg"] == [True, False]  # type: ignore[attr-defined]


# -- the messages ------------------------------------------------------------------------------------

NAMES = {"Grizzly Bears": "灰色熊"}


def raised(call: Callable[[], object]) -> JudgeError:
    """The JudgeError ``call`` raises."""
    with pytest.raises(JudgeError) as caught:
        call()
    return caught.value


def test_english_is_the_sentence_and_japanese_is_worded_from_the_id() -> None:
    error = BoardError(
        msg(
            "{card} can't be attached to {host}, which isn't on the battlefield.",
            card=card("Grizzly Bears"),
            host=card("aura"),
        )
    )
    assert (
        str(error)
        == error.message
        == "Grizzly Bears can't be attached to aura, which isn't on the battlefield."
    )
    assert error_message(error, names=NAMES) == str(error)
    with use_language("ja"):
        japanese = error_message(error, names=NAMES)
    assert japanese == "auraは戦場にないため、灰色熊/Grizzly Bearsをそれにつけることはできません。"


def test_a_template_the_catalog_lacks_is_english_never_an_id() -> None:
    error = CopyError(msg("{card} is new {count}", card=card("Grizzly Bears"), count=2))
    with use_language("ja"):
        assert error_message(error, names=NAMES) == "灰色熊/Grizzly Bears is new 2"


def test_a_board_format_error_keeps_its_line_and_its_bounded_excerpt() -> None:
    error = raised(lambda: load_board('battlefield:\n  - {card: Clone, "\\u202ex": 1}\n'))
    assert isinstance(error, BoardFormatError)
    assert error.line == 2
    assert str(error).startswith("line 2: unknown key '\\u202ex'; expected one of ability, attached_to, ")
    with use_language("ja"):
        japanese = error_message(error)
    assert japanese.startswith("2行目: 不明なキー'\\u202ex'です。次のいずれかにしてください: ability, ")
    assert "\u202e" not in japanese


def test_every_family_in_japanese() -> None:
    errors = {
        "board": raised(lambda: load_board("x" * (MAX_TEXT + 1))),
        "stack": raised(
            lambda: stack_handles(
                (StackEntrySpec(card="Clone", id="a"), StackEntrySpec(card="Clone", id="a", line=4))
            )
        ),
        "dependency": raised(lambda: WorkBudget(limit=3).spend(5)),
        "option": raised(lambda: checked_names(["a"] * 6)),
    }
    with use_language("ja"):
        said = {key: error_message(error) for key, error in errors.items()}
    assert said == {
        "board": f"盤面が長すぎます（{MAX_TEXT + 1}文字。{MAX_TEXT}文字まで）",
        "stack": "4行目: ハンドル'a'はすでに使われています。この項目に別の id を付けてください",
        "dependency": (
            "この盤面の常在型能力は互いに依存する関係が多すぎて解決できません（依存関係の確認が3回を超えます。"
            "CR 613.8）。常在型能力の少ない盤面で質問してください"
        ),
        "option": "一度に質問できるカードは5枚までです（6枚が指定されました）。",
    }
    assert all(isinstance(error.wording, Message) for error in errors.values())
    assert isinstance(errors["dependency"], TooManyInteractions)
    assert isinstance(errors["stack"], StackError)
    assert isinstance(errors["option"], InvalidQuestion)


# -- through the front ends --------------------------------------------------------------------------

NOT_A_DFC = "{battlefield: [{card: Grizzly Bears, transformed: true}]}"
NO_COPY_ABILITY = (
    "{battlefield: [{card: Tarmogoyf, id: goyf}, {card: Clone, id: clone}], "
    "actions: [{becomes_copy: {object: clone, of: goyf, via: Grizzly Bears}}]}"
)
NO_KICKER = "{stack: [{card: Grizzly Bears, kicked: true}, {copy_of: Grizzly Bears, via: Twincast}]}"


JAPANESE = {
    NOT_A_DFC: "灰色熊/Grizzly Bearsは変身する両面カードではないため、変身できません。",
    NO_COPY_ABILITY: (
        "灰色熊/Grizzly Bearsには、パーマネントをコピーにする能力がありません。"
        "灰色熊/Grizzly Bearsには何かをコピーする能力がありません（能力はありません）。"
    ),
    NO_KICKER: "1行目: 灰色熊/Grizzly Bearsにはキッカーがないため、キッカーできません。",
}
"""A board's, a copy's and a stack entry's error in Japanese."""
BAD_COUNTERS = "--countersには '+1/+1=3' のような 種類=N の組を指定してください（'bad'が指定されました）"


async def test_discord_errors_of_every_family_in_japanese(harness: DiscordHarness) -> None:  # noqa: F811
    for scenario, said in JAPANESE.items():
        assert await private_text(harness, "board", scenario=scenario) == said
    option = await private_text(harness, "copy", copier="クローン", original="タルモゴイフ", counters="bad")
    assert option == BAD_COUNTERS.removeprefix("--")
    bad_key = await private_text(harness, "board", scenario="{battlefield: [{card: Clone, bogus: 1}]}")
    assert bad_key.startswith(
        "盤面に問題があります: 1行目: 不明なキー'bogus'です。次のいずれかにしてください: "
    )


def test_cli_errors_of_every_family_in_japanese(
    japanese_cli: Callable[..., Result],  # noqa: F811
    tmp_path: Path,
) -> None:
    board = tmp_path / "board.yaml"
    for scenario, said in JAPANESE.items():
        board.write_text(scenario, encoding="utf-8")
        result = japanese_cli("board", str(board))
        assert result.exit_code == 1
        assert flat(result.stderr) == f"エラー: {said}"
    option = japanese_cli("copy", "クローン", "タルモゴイフ", "--counters", "bad")
    assert flat(option.stderr) == f"エラー: {BAD_COUNTERS}"
    query = japanese_cli("cr", "x" * 201)
    assert flat(query.stderr) == "エラー: 検索語が200文字を超えています。"
    as_json = japanese_cli("copy", "クローン", "タルモゴイフ", "--counters", "bad", "--json")
    assert f'"error": "{BAD_COUNTERS}"' in as_json.stdout


def test_the_same_errors_in_english(ja_db: Path, tmp_path: Path) -> None:  # noqa: F811
    english = {
        NOT_A_DFC: "Grizzly Bears isn't a transforming double-faced card, so it can't be transformed.",
        NO_COPY_ABILITY: (
            "Grizzly Bears has no ability that makes a permanent become a copy; Grizzly Bears has no ability "
            "that copies anything (it has no abilities)."
        ),
        NO_KICKER: "line 1: Grizzly Bears has no kicker; it can't be kicked.",
    }
    board = tmp_path / "board.yaml"
    for scenario, said in english.items():
        board.write_text(scenario, encoding="utf-8")
        result = runner.invoke(app, ["--offline", "--db", str(ja_db), "board", str(board)])
        assert result.exit_code == 1
        assert flat(result.stderr) == f"Error: {said}"
