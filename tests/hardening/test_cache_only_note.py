"""Scryfall down: a partial or misspelt name the cache can match is still answered, saying that Scryfall
couldn't be reached and the answer comes from the cache (the Judge, the CLI and Discord)."""

from __future__ import annotations

import json

import pytest

from bot import create_bot
from bot.cli import app
from bot.config import Settings
from bot.judge import CACHE_ONLY_NOTE, Judge, original_state
from tests.bot.cli import flat, runner
from tests.cogs.harness import DiscordHarness, Dispatch
from tests.fakes.scryfall import FakeScryfall

MISSPELT = "Tarmogof"


@pytest.fixture
def online(bot_settings: Settings, fake_scryfall: FakeScryfall) -> Settings:
    """Settings on a copy of the shared cache, online against a fake Scryfall that is down."""
    fake_scryfall.outage = True
    return bot_settings.model_copy(update={"offline": False, "scryfall_base_url": fake_scryfall.url})


async def test_the_judge_marks_an_answer_scryfall_could_not_confirm(online: Settings) -> None:
    async with Judge.open(online) as judge:
        misspelt = await judge.card(MISSPELT)
        exact = await judge.card("Tarmogoyf")
    assert misspelt.name == "Tarmogoyf"
    assert misspelt.cache_only
    assert not exact.cache_only


def test_the_cli_says_it_answered_from_the_cache(online: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTG_JUDGE_SCRYFALL_BASE_URL", online.scryfall_base_url)
    monkeypatch.setenv("MTG_JUDGE_OFFLINE", "0")
    result = runner.invoke(app, ["--db", str(online.db), "card", MISSPELT])
    assert result.exit_code == 0, result.output
    assert "Tarmogoyf" in result.stdout
    assert CACHE_ONLY_NOTE in flat(result.stderr)


async def test_discord_says_it_answered_from_the_cache(online: Settings) -> None:
    async with DiscordHarness(create_bot(online), timeout=30.0) as harness:
        result = await harness.slash("card", name=MISSPELT)
    descriptions = [embed["description"] for request in result.requests for embed in request.embeds]
    assert any(CACHE_ONLY_NOTE in text for text in descriptions), descriptions


BOARD = "{battlefield: [{card: Tarmogof, id: goyf}, {card: Clone, id: clone, copy_of: goyf}]}"


async def test_copy_linked_and_board_answers_say_a_card_came_from_the_cache(online: Settings) -> None:
    async with Judge.open(online) as judge:
        copied = await judge.copy("Clone", MISSPELT, original_state())
        misspelt_copier = await judge.copy("Clonne", "Tarmogoyf", original_state())
        exact = await judge.copy("Clone", "Tarmogoyf", original_state())
        linked = await judge.linked(["Nightveil Spectr"])
        linked_exact = await judge.linked(["Nightveil Specter"])
        board = await judge.board(BOARD)
    assert copied.answer.result.current.name == "Tarmogoyf"
    assert misspelt_copier.answer.result.current.name == "Tarmogoyf"
    assert linked.report.card == "Nightveil Specter"
    assert board.answer.result.current.name == "Tarmogoyf"
    assert [copied.cache_only, misspelt_copier.cache_only, linked.cache_only, board.cache_only] == [True] * 4
    assert not exact.cache_only
    assert not linked_exact.cache_only


@pytest.mark.parametrize(
    "arguments",
    [("copy", "Clone", MISSPELT), ("linked", "Nightveil Spectr"), ("board", "-")],
    ids=["copy", "linked", "board"],
)
@pytest.mark.parametrize("as_json", [False, True], ids=["panel", "json"])
def test_the_cli_says_a_copy_linked_or_board_answer_came_from_the_cache(
    online: Settings, monkeypatch: pytest.MonkeyPatch, arguments: tuple[str, ...], as_json: bool
) -> None:
    monkeypatch.setenv("MTG_JUDGE_SCRYFALL_BASE_URL", online.scryfall_base_url)
    monkeypatch.setenv("MTG_JUDGE_OFFLINE", "0")
    command, *rest = arguments
    flags = ["--json"] if as_json else []
    result = runner.invoke(app, ["--db", str(online.db), command, *rest, *flags], input=BOARD)
    assert result.exit_code == 0, result.output
    assert ("Tarmogoyf" if command != "linked" else "Nightveil Specter") in result.stdout
    assert CACHE_ONLY_NOTE in flat(result.stderr)
    if as_json:  # the note stays out of the JSON, as card --json's does
        assert "cache" not in json.loads(result.stdout)


@pytest.mark.parametrize(
    ("command", "misspelt", "exact"),
    [
        ("copy", {"copier": "Clone", "original": MISSPELT}, {"copier": "Clone", "original": "Tarmogoyf"}),
        ("linked", {"card": "Nightveil Spectr"}, {"card": "Nightveil Specter"}),
        ("board", {"scenario": BOARD}, {"scenario": BOARD.replace(MISSPELT, "Tarmogoyf")}),
    ],
    ids=["copy", "linked", "board"],
)
async def test_discord_says_a_copy_linked_or_board_answer_came_from_the_cache(
    online: Settings, command: str, misspelt: dict[str, str], exact: dict[str, str]
) -> None:
    async with DiscordHarness(create_bot(online), timeout=30.0) as harness:
        from_cache = _descriptions(await harness.slash(command, **misspelt))
        confirmed = _descriptions(await harness.slash(command, **exact))
    assert any(CACHE_ONLY_NOTE in text for text in from_cache), from_cache
    assert confirmed
    assert not any(CACHE_ONLY_NOTE in text for text in confirmed), confirmed


def _descriptions(result: Dispatch) -> list[str]:
    """The descriptions of every embed the bot sent for a command."""
    return [embed["description"] for request in result.requests for embed in request.embeds]
