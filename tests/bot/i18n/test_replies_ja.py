"""Every reply in Japanese: /linked and /copy through discord.py's own interaction parsing (``locale: ja``),
the same questions asked with ``mtg-judge --offline --lang ja``, and the errors of both front ends; rule
numbers stay as they are, cards are named ``夜帷の死霊/Nightveil Specter``, English stays the default."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import Result

from bot.cli import app
from bot.i18n import _, catalog, set_language, use_language
from bot.i18n.errors import ENGLISH_ONLY, Refused, error_message
from bot.judge import (
    CACHE_ONLY_NOTE,
    BoardFormatError,
    CardNotFound,
    DataVersions,
    InvalidQuestion,
    JudgeError,
    RuleNotFound,
    RulesUnavailable,
)
from bot.judge.cards import card_answer
from bot.judge.limits import checked_copy_names, checked_names
from bot.judge.rules import OFFLINE_HELP
from cogs.render import Context, card_reply
from data.boards import load_board
from data.cards.errors import CardUnavailable
from data.cards.resolver import validated_query
from data.cards.service import EMPTY_CACHE_HELP
from engine.core.messages import msg
from tests.bot.cli import flat, runner
from tests.bot.i18n.test_cli import ja_db  # noqa: F401 -- the CLI's cache with the Japanese printings
from tests.bot.i18n.test_discord import harness  # noqa: F401 -- the bot asked from a Japanese client
from tests.card_data import card_record
from tests.cogs.harness import DiscordHarness, FakeAttachment

RULES_LINK = "https://yawgatog.com/resources/magic-rules/#R"
SPECTER_LINK = (
    "能力3は、追放領域にあるカードのうち能力2が追放したカードのみを参照する。"
    "他の能力やオブジェクトによって追放されたカードは、"
    "夜帷の死霊/Nightveil Specterの別の能力によるものであっても使えない。"
)
"""How the engine explains Nightveil Specter's 2 ↔ 3 link (CR 607.2a) in Japanese."""
SPECTER_AS_PRINTED = (
    "**印刷されたテキスト**\n*クリーチャー — スペクター*\n飛行\n"
    "夜帷の死霊がプレイヤー１人に戦闘ダメージを与えるたび、そのプレイヤーは自分のライブラリーの一番上の"
    "カードを追放する。\n"
    "あなたは夜帷の死霊によって追放されたカードの中から、土地をプレイしても呪文を唱えてもよい。"
)


def options_of(components: list[dict[str, object]]) -> list[object]:
    """The values of the cited-rules select (the first row's first component)."""
    select = components[0]["components"][0]  # type: ignore[index]
    return [option["value"] for option in select["options"]]


# -- Discord -----------------------------------------------------------------------------------------


async def test_linked_nightveil_specter_in_japanese(harness: DiscordHarness) -> None:  # noqa: F811
    result = await harness.slash("linked", card="夜帷の死霊")
    assert result.callback is not None
    embed = result.callback.embeds[0]
    assert embed["title"] == "関連している能力: 夜帷の死霊/Nightveil Specter"
    description = embed["description"]
    assert description.startswith("**能力**\n**1.** Flying *[キーワード能力]*\n**2.** Whenever")
    assert f"\n**関連している組**\n**2 ↔ 3** — [607.2a]({RULES_LINK}6072a): {SPECTER_LINK}\n" in description
    assert "\n**補足**\n• " in description
    assert f"(CR [607.5]({RULES_LINK}6075), [707.7]({RULES_LINK}7077))" in description
    assert description.endswith("\n\n" + SPECTER_AS_PRINTED)  # the Japanese printed text, after the notes
    assert "**Abilities**" not in description
    assert "**Notes**" not in description
    assert embed["footer"]["text"].startswith("総合ルール 2025-02-07 · カードデータ ")
    assert options_of(result.callback.components) == ["607.2a", "607.5", "707.7"]


async def test_copy_clone_tarmogoyf_in_japanese(harness: DiscordHarness) -> None:  # noqa: F811
    result = await harness.slash("copy", copier="クローン", original="タルモゴイフ")
    assert result.callback is not None
    embed = result.callback.embeds[0]
    assert embed["title"] == "クローン/Cloneがタルモゴイフ/Tarmogoyfをコピー"
    description = embed["description"]
    assert description.startswith("**タルモゴイフ/Tarmogoyf** {1}{G}\nCreature — Lhurgoyf · 0/1\n")
    assert "\n**理由**\n1. " in description
    assert "**Why**" not in description
    assert f"[707.2]({RULES_LINK}7072)" in description
    assert f"[613.4a]({RULES_LINK}6134a)" in description
    assert embed["footer"]["text"].startswith("総合ルール 2025-02-07")
    assert {"707.2", "707.2a", "613.4a"} <= set(options_of(result.callback.components))


async def test_a_stack_copy_explained_in_japanese(harness: DiscordHarness) -> None:  # noqa: F811
    result = await harness.slash("copy", copier="Twincast", original="Lightning Bolt")
    assert result.callback is not None
    description = result.callback.embeds[0]["description"]
    assert "\n**コピーされるもの**\n" in description
    assert "\n**コピーされないもの**\n" in description
    assert (  # the engine's sentence in Japanese, its rule as it is
        "\n**理由**\n• TwincastはLightning Boltのコピーをあなたのコントロール下でスタックに置く。"
        "コピーは唱えられていない。"
    ) in description
    assert f"コピーがスタックを離れた場合、それは消滅する。 (CR [707.10a]({RULES_LINK}70710a))" in description


PHASED_COMMANDER = (
    "{battlefield: [{card: Grizzly Bears, id: bear, tapped: true, phased_out: true, commander: true}]}"
)


async def test_a_phased_out_commander_in_japanese(harness: DiscordHarness) -> None:  # noqa: F811
    result = await harness.slash("board", scenario=PHASED_COMMANDER)
    assert result.callback is not None
    assert "\n*タップ状態 · フェイズ・アウトしている · 統率者*" in result.callback.embeds[0]["description"]


async def private_text(bot: DiscordHarness, command: str, **options: object) -> str:
    """The private message the bot answered ``/command`` with."""
    result = await bot.command(command, options)  # type: ignore[arg-type]
    assert result.callback is not None
    assert result.callback.ephemeral
    assert result.callback.content is not None
    return result.callback.content


async def test_discord_errors_in_japanese(harness: DiscordHarness) -> None:  # noqa: F811
    unknown = await private_text(harness, "linked", card="存在しないカード")
    assert unknown.startswith("「存在しないカード」という名前のカードはありません。")
    ambiguous = await private_text(harness, "copy", copier="Clone", original="Nightveil")
    assert ambiguous == (
        "「Nightveil」に当てはまるカードが複数あります。名前をもう少し入力してください。\n"
        "どのカードのことですか？"
    )
    empty = await private_text(harness, "board", scenario="{battlefield: []}")
    assert empty == "盤面に問題があります: 盤面にオブジェクトがありません"
    bad_key = await private_text(harness, "board", scenario="{battlefield: [{card: Clone, id: c, bogus: 1}]}")
    assert bad_key.startswith(
        "盤面に問題があります: 1行目: 不明なキー'bogus'です。次のいずれかにしてください: ability, "
    )
    image = await private_text(harness, "board", file=FakeAttachment("goyf.png"))
    assert (
        image == "盤面ファイルは .yaml、.yml、.json のいずれかにしてください（'goyf.png'が添付されました）。"
    )
    counters = await private_text(harness, "copy", copier="Clone", original="Tarmogoyf", counters="bad")
    assert (
        counters == "countersには '+1/+1=3' のような 種類=N の組を指定してください（'bad'が指定されました）"
    )


def test_the_cache_only_note_in_japanese() -> None:
    answer = card_answer(card_record("Tarmogoyf"), "2024-01-01", cache_only=True)
    context = Context(
        DataVersions(rules="2025-02-07", cards="2024-01-01"), RULES_LINK, {"Tarmogoyf": "タルモゴイフ"}
    )
    with use_language("ja"):
        embed = card_reply(answer, context).pages[0]
    assert embed.title == "タルモゴイフ/Tarmogoyf"
    assert embed.description is not None
    assert embed.description.endswith("\n*Scryfallに接続できなかったため、キャッシュから答えました。*")
    english = card_reply(answer, context._replace(names={})).pages[0]
    assert english.description is not None
    assert english.description.endswith(f"\n*{CACHE_ONLY_NOTE}*")


# -- the command line --------------------------------------------------------------------------------


@pytest.fixture
def japanese_cli(ja_db: Path) -> Iterator[Callable[..., Result]]:  # noqa: F811
    """Runs ``mtg-judge --offline --db … --lang ja ARGUMENTS`` (English again afterwards)."""

    def run(*arguments: str, input: str | None = None) -> Result:
        return runner.invoke(app, ["--offline", "--db", str(ja_db), "--lang", "ja", *arguments], input=input)

    try:
        yield run
    finally:
        set_language("en")  # the CLI sets it for the process; the other tests run in English


def test_cli_linked_nightveil_specter_in_japanese(japanese_cli: Callable[..., Result]) -> None:
    result = japanese_cli("linked", "夜帷の死霊")
    assert result.exit_code == 0, result.output
    text = flat(result.stdout)
    assert "関連している能力: 夜帷の死霊/Nightveil Specter" in text
    assert "能力 1. Flying [キーワード能力]" in text
    assert "関連している組 2 ↔ 3 607.2a" in text
    assert squeezed(SPECTER_LINK) in squeezed(text)  # the link's explanation in Japanese
    assert "補足 • " in text
    assert "(CR 607.5, 707.7)" in text
    assert "印刷されたテキスト クリーチャー — スペクター 飛行 夜帷の死霊がプレイヤー１人に" in text
    assert "CR 607 · ルール 2025-02-07" in text
    assert "Linked pairs" not in text


def test_cli_copy_and_stack_copy_in_japanese(japanese_cli: Callable[..., Result]) -> None:
    copy = japanese_cli("copy", "クローン", "タルモゴイフ")
    assert copy.exit_code == 0, copy.output
    text = flat(copy.stdout)
    assert "クローン/Clone: タルモゴイフ/Tarmogoyf" in text
    assert "タルモゴイフ/Tarmogoyf {1}{G} マナ総量 2" in text
    assert "コピー可能な値: タルモゴイフ/Tarmogoyf, Creature — Lhurgoyf */1+*" in text
    assert "緑 · 0/1" in text
    assert "(CR 613.4a)" in text
    stack = japanese_cli("copy", "Twincast", "Lightning Bolt")
    assert stack.exit_code == 0, stack.output
    panel = flat(stack.stdout)
    assert "Lightning Bolt — Twincastによるコピー" in panel
    assert (
        "呪文のコピー（Lightning Bolt）、唱えられていない、コントローラーはあなた、オーナーはあなた。"
        in panel
    )
    assert "対象: あなた" in panel
    assert "コピーされるもの" in panel
    assert "コピーされないもの" in panel
    assert "(CR 707.10)" in panel
    assert "CR 707.10–707.12 · ルール 2025-02-07" in panel
    assert "Not copied" not in panel
    # the engine's sentences in Japanese (wrapped anywhere in the terminal, so compared without spaces)
    assert "•TwincastはLightningBoltのコピーをあなたのコントロール下でスタックに置く。" in squeezed(panel)
    assert "•コピーがスタックを離れた場合、それは消滅する。(CR707.10a)" in squeezed(panel)


def test_cli_a_phased_out_commander_in_japanese(japanese_cli: Callable[..., Result]) -> None:
    result = japanese_cli("board", "-", input=PHASED_COMMANDER)
    assert result.exit_code == 0, result.output
    assert "タップ状態 · フェイズ・アウトしている · 統率者" in flat(result.stdout)


def squeezed(text: str) -> str:
    """``text`` without any whitespace (Japanese has none between words, so a terminal wraps anywhere)."""
    return "".join(text.split())


def test_cli_errors_in_japanese(japanese_cli: Callable[..., Result], tmp_path: Path) -> None:
    unknown = japanese_cli("linked", "存在しないカード")
    assert unknown.exit_code == 1
    assert flat(unknown.stderr) == "エラー: 「存在しないカード」という名前のカードはありません。"
    as_json = japanese_cli("linked", "存在しないカード", "--json")
    assert as_json.exit_code == 1
    assert '"error": "「存在しないカード」という名前のカードはありません。"' in as_json.stdout
    ambiguous = japanese_cli("linked", "Nightveil")
    assert flat(ambiguous.stderr).startswith(
        "エラー: 「Nightveil」に当てはまるカードが複数あります。名前をもう少し入力してください。 もしかして: "
    )
    rule = japanese_cli("cr", "999.9")
    assert flat(rule.stderr).startswith(
        "エラー: 総合ルールに999.9というルールはありません。 もしかして: 900.1"
    )
    sync = japanese_cli("sync")
    assert flat(sync.stderr) == (
        "エラー: sync にはネットワークが必要ですが、無効になっています（--offline / MTG_JUDGE_OFFLINE）。"
    )
    board = tmp_path / "board.yaml"
    board.write_text("battlefield:\n  - {card: Clone, id: c, bogus: 1}\n", encoding="utf-8")
    bad_board = japanese_cli("board", str(board))
    said = "エラー: 2行目: 不明なキー'bogus'です。次のいずれかにしてください: ability, "
    assert flat(bad_board.stderr).startswith(said)
    missing = runner.invoke(
        app, ["--offline", "--lang", "ja", "--db", str(tmp_path / "none.db"), "linked", "x"]
    )
    set_language("en")
    assert missing.exit_code == 1
    assert flat(missing.stderr).startswith(
        f"エラー: {tmp_path / 'none.db'} にカードのキャッシュがありません。"
    )
    assert not (tmp_path / "none.db").exists()


# -- the errors' messages ----------------------------------------------------------------------------


def raised(call: Callable[[], object]) -> JudgeError:
    """The JudgeError ``call`` raises."""
    with pytest.raises(JudgeError) as caught:
        call()
    return caught.value


def test_english_is_the_errors_own_message() -> None:
    errors: list[JudgeError] = [
        CardNotFound("Nightveil Spectre", reason=EMPTY_CACHE_HELP),
        CardUnavailable("Nightveil Spectre", [], reason="Scryfall is unreachable"),
        RuleNotFound("999.9", "rule", ()),
        BoardFormatError(msg("the board has no objects"), line=3),
        Refused("The board file is {size:,} bytes; at most {limit:,} are accepted.", size=10**6, limit=10**5),
    ]
    assert [error_message(error) for error in errors] == [str(error) for error in errors]
    assert str(errors[-1]) == "The board file is 1,000,000 bytes; at most 100,000 are accepted."


def test_errors_in_japanese_from_their_fields_and_the_catalog() -> None:
    with use_language("ja"):
        assert error_message(CardNotFound("夜帷", reason=EMPTY_CACHE_HELP)) == (
            "「夜帷」という名前のカードはありません。カードのキャッシュが空で、ネットワークもオフです。"
            "`mtg-judge import-cards PATH` でScryfallのバルクファイルをインポートするか、--offline を付けずに"
            "実行してください。"
        )
        unreachable = CardUnavailable("Nightveil Spectre", [], reason="Scryfall is unreachable")
        assert error_message(unreachable).startswith("「Nightveil Spectre」はカードのキャッシュになく、")
        assert error_message(RuleNotFound("copy stuff", "term", ())) == (
            "「copy stuff」はルール番号でも用語集の用語でもありません。"
        )
        assert error_message(RulesUnavailable(OFFLINE_HELP)).startswith("総合ルールが読み込まれておらず、")
        assert error_message(BoardFormatError(msg("the board has no objects"), line=3)) == (
            "3行目: 盤面にオブジェクトがありません"
        )
        refused = Refused(
            "The board file is {size:,} bytes; at most {limit:,} are accepted.", size=2000, limit=1000
        )
        assert error_message(refused) == "盤面ファイルは2,000バイトです。受け付けるのは1,000バイトまでです。"
        english_only = InvalidQuestion("x is between 0 and 20")
        assert error_message(english_only) == _(ENGLISH_ONLY).format(problem="x is between 0 and 20")
        assert error_message(english_only).startswith("この質問には答えられません（説明は英語のみ）: ")
        assert error_message(english_only, framed=False) == "x is between 0 and 20"


@pytest.mark.parametrize(
    "call",
    [
        lambda: validated_query(" "),
        lambda: checked_names([]),
        lambda: checked_copy_names(["", ""]),
        lambda: load_board("{battlefield: []}"),
        lambda: load_board("battlefield: [{id: x}]"),
    ],
    ids=["card name", "card names", "copy names", "no objects", "no card"],
)
def test_the_fixed_sentences_other_layers_write_are_translated(call: Callable[[], object]) -> None:
    error = raised(call)
    if error.wording is None:  # a fixed English sentence: the bot's catalog translates it
        english = str(error).removeprefix(f"line {getattr(error, 'line', None)}: ")
        assert catalog("ja").get(english), f"add {english!r} to messages.po"
    else:  # a message id: the engine's catalog words it
        assert catalog("ja", "engine").get(error.wording.template)
    with use_language("ja"):
        assert not error_message(error).startswith("この質問には答えられません")


@pytest.mark.parametrize("sentence", [CACHE_ONLY_NOTE, EMPTY_CACHE_HELP, OFFLINE_HELP])
def test_the_judges_constant_sentences_are_translated(sentence: str) -> None:
    assert catalog("ja").get(sentence), f"add {sentence!r} to messages.po"
