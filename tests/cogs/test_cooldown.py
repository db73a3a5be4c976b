"""Item 6 of issue 24: a fair cooldown. Only answered questions count; a user error (an unknown or
ambiguous name, a bad board) and autocomplete never do; the default lets a judge ask a burst of
questions at a table."""

from __future__ import annotations

import asyncio

import pytest

from bot import create_bot
from bot.config import Settings
from cogs import cooldown
from cogs.cooldown import QuestionBudgets
from tests.cogs.conftest import SettingsFactory
from tests.cogs.harness import CapturedRequest, DiscordHarness, Dispatch

EASY = "Easy there! You can ask again in "


def reply(result: Dispatch) -> CapturedRequest:
    """The reply the user reads: the response itself, or the followup after a defer."""
    sent = result.followups[-1] if result.type == 5 else result.callback
    assert sent is not None
    return sent


def refused(result: Dispatch) -> bool:
    """Whether the bot said the user asked too fast (privately)."""
    sent = reply(result)
    refusal = (sent.content or "").startswith(EASY)
    assert not refusal or sent.ephemeral
    return refusal


def answered(result: Dispatch) -> bool:
    """Whether the bot answered publicly with an embed."""
    sent = reply(result)
    return not sent.ephemeral and bool(sent.embeds)


async def test_user_errors_and_autocomplete_never_count(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings(cooldown_rate=2, cooldown_per=60.0))) as harness:
        for typo in ("Qqqzzx", "Zzyzx Qqq", "Xxqq Vvbn", "Qwxz Zzvq", "Vvqq Xxzz"):
            unknown = await harness.slash("card", name=typo)
            assert not answered(unknown)
            assert not refused(unknown)
        assert not refused(await harness.slash("copy", copier="Clone", original="Nightveil"))  # ambiguous
        assert not refused(await harness.slash("board", scenario="battlefield:\n  - {card: Clone, wings: 3}"))
        for typed in ("C", "Cl", "Clo", "Clon", "Clone"):
            assert (await harness.autocomplete("card", "name", typed)).choices
        assert answered(await harness.slash("card", name="Tarmogoyf"))
        assert answered(await harness.slash("card", name="Clone"))
        assert refused(await harness.slash("card", name="Opt"))


async def test_an_ambiguous_name_counts_once_when_the_choice_answers_it(
    make_settings: SettingsFactory,
) -> None:
    async with DiscordHarness(create_bot(make_settings(cooldown_rate=1, cooldown_per=60.0))) as harness:
        asked = await harness.slash("copy", copier="Clone", original="Nightveil")
        assert asked.message is not None
        chosen = await harness.choose(asked.message, "card:candidates", ["Nightveil Specter"])
        assert chosen.followups[0].embeds[0]["title"] == "Clone copying Nightveil Specter"
        assert refused(await harness.slash("card", name="Opt"))


async def test_reading_a_cited_rule_is_not_a_question(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings(cooldown_rate=1, cooldown_per=60.0))) as harness:
        sent = (await harness.slash("copy", copier="Clone", original="Tarmogoyf")).message
        assert sent is not None
        for rule in ("707.2", "707.2a", "613.2c"):
            chosen = await harness.choose(sent, "rules:cited", [rule])
            assert chosen.callback is not None
            assert chosen.callback.embeds[0]["title"] == f"Rule {rule}"


async def test_questions_asked_at_once_never_overdraw_the_budget(make_settings: SettingsFactory) -> None:
    async with DiscordHarness(create_bot(make_settings(cooldown_rate=2, cooldown_per=60.0))) as harness:
        harness.clear()
        await asyncio.gather(
            *(harness.slash("card", name=name) for name in ("Tarmogoyf", "Clone", "Opt", "Fling"))
        )
        replies = [request for request in harness.requests if request.kind in ("callback", "followup")]
    answers = [reply for reply in replies if reply.embeds and not reply.ephemeral]
    refusals = [reply for reply in replies if (reply.content or "").startswith(EASY)]
    assert (len(answers), len(refusals)) == (2, 2)
    assert all(refusal.ephemeral for refusal in refusals)


def test_the_default_allows_a_burst_of_ten_then_one_every_six_seconds() -> None:
    settings = Settings(discord_token=None)
    now = [0.0]
    budgets = QuestionBudgets(settings.cooldown_rate, settings.cooldown_per, clock=lambda: now[0])
    for _ in range(10):
        budgets.take(1)
    assert budgets.retry_after(1) == pytest.approx(6.0)
    now[0] = 5.9
    with pytest.raises(Exception, match="cooldown"):
        budgets.take(1)
    now[0] = 6.0
    budgets.take(1)
    budgets.take(2)  # another user's budget is their own
    now[0] = 600.0
    assert budgets.left(1) == 10


def test_a_question_not_answered_is_given_back() -> None:
    budgets = QuestionBudgets(1, 60.0, clock=lambda: 0.0)
    with pytest.raises(LookupError), budgets.asking(1):
        raise LookupError("no such card")
    with budgets.asking(1):
        pass
    assert budgets.retry_after(1) == pytest.approx(60.0)


def test_refilled_budgets_are_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cooldown, "PRUNE_AT", 10)
    now = [0.0]
    budgets = QuestionBudgets(2, 1.0, clock=lambda: now[0])
    for user in range(10):
        budgets.take(user)
    now[0] = 5.0
    budgets.take(10)
    assert len(budgets) == 1
