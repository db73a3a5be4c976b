"""The work budget of a question (issue 22, item 1), through the Judge's limits and over generated boards.

The Judge gives every board and copy question a new budget from ``LIMITS``; the engine counts its own
units of work (layer-system steps, text changes applied, replacement effects applied while orders are
tried) and ends a question past the limit with a user's error. Over generated boards, the work counted
passes the limit by at most one charge (the largest: objects × objects, or a text change's), and no order
choice tries more orders than the limit of outcomes, whatever the budget.
"""

from __future__ import annotations

import itertools
from functools import cache
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bot.judge.limits as limits
import engine.actions.counters as counters
from bot.judge.board import BoardResult, ReadBoard, answer_board_cards, board_cards
from bot.judge.limits import LIMITS, Limits, question_budget
from data.boards import load_board
from engine import BoardAnswer, BoardSpec, Card, answer_board
from engine.core.budget import MAX_OUTCOMES, MAX_WORK, QuestionBudget, TooMuchWork
from engine.layers.text import TEXT_CHANGE_WORK
from tests.card_data import parsed_card

_POOL = (
    "Doubling Season",
    "Hardened Scales",
    "Corpsejack Menace",
    "Grizzly Bears",
    "Sutured Ghoul",
    "Glorious Anthem",
    "Walking Ballista",
)
_CREATURES = ("Grizzly Bears", "Sutured Ghoul", "Walking Ballista", "Corpsejack Menace")


@cache
def _card(name: str) -> Card:
    return parsed_card(name)


def _answered(spec: BoardSpec) -> BoardResult:
    """The board answered as the Judge's board steps answer it, without a ``cards:`` section."""
    found = board_cards(ReadBoard(spec, {}, ()), _card, lambda _name: False)
    assert found is not None  # every card is parsed here: nothing stops the step
    return answer_board_cards(spec, found, "test")


_SCALES_AND_SEASON = (
    "battlefield:\n  - {card: Hardened Scales, id: scales}\n  - {card: Doubling Season, id: season}\n"
    "  - {card: Walking Ballista, id: ballista, x: 1}\n"
)


def test_limits_give_the_engines_budget() -> None:
    assert (LIMITS.work_steps, LIMITS.choice_outcomes) == (MAX_WORK, MAX_OUTCOMES)
    first, second = question_budget(), question_budget()
    assert first is not second  # never shared between questions
    assert (first.limit, first.outcomes, first.spent) == (MAX_WORK, MAX_OUTCOMES, 0)


def test_the_judge_answers_within_the_limits_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = load_board(_SCALES_AND_SEASON)
    monkeypatch.setattr(limits, "LIMITS", Limits(work_steps=10))
    with pytest.raises(TooMuchWork, match="this board needs more than 10 steps of work"):
        _answered(spec)
    monkeypatch.setattr(limits, "LIMITS", Limits(choice_outcomes=1))
    answer = _answered(spec).answer
    assert isinstance(answer, BoardAnswer)
    (unknown,) = answer.result.unknowns
    assert "2 orders may give different counters, more than the 1 this engine lists" in unknown.reason


def _object(name: str, number: int, x: int) -> str:
    extra = f", x: {x}" if name == "Walking Ballista" else ""
    return f"  - {{card: {name}, id: o{number}{extra}}}\n"


@st.composite
def _boards(draw: st.DrawFn) -> str:
    names = draw(st.lists(st.sampled_from(_POOL), min_size=1, max_size=12))
    xs = draw(st.lists(st.integers(0, 3), min_size=len(names), max_size=len(names)))
    listed = enumerate(zip(names, xs, strict=True))
    text = "battlefield:\n" + "".join(_object(name, n, x) for n, (name, x) in listed)
    creatures = [n for n, name in enumerate(names) if name in _CREATURES]
    if len(creatures) >= 2:
        pairs = st.lists(st.sampled_from(creatures), min_size=2, max_size=2, unique=True)
        exchanges = draw(st.lists(pairs, max_size=8))
        text += "actions:\n" if exchanges else ""
        text += "".join(
            f"  - exchange_text: {{objects: [o{a}, o{b}], via: Exchange of Words}}\n" for a, b in exchanges
        )
    return text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=_boards(), limit=st.integers(1, 200), outcomes=st.integers(1, 30))
def test_no_generated_board_passes_its_budget_by_more_than_one_charge(
    board: str, limit: int, outcomes: int
) -> None:
    spec = load_board(board)
    cards = {name: _card(name) for name in spec.card_names()}
    budget = QuestionBudget(limit=limit, outcomes=outcomes)
    tried = mock.patch.object(counters, "_in_order", wraps=counters._in_order)
    with tried as orders:
        try:
            answer_board(spec, cards, "test", budget)
        except TooMuchWork:
            assert budget.spent > limit
        else:
            assert budget.spent <= limit
    # One charge at most past it; the largest is a layer-system run's (objects × objects) or a text change's.
    assert budget.spent <= limit + max(len(spec.objects) ** 2, TEXT_CHANGE_WORK)
    entering = sum(1 for o in spec.objects if o.card == "Walking Ballista")
    assert orders.call_count <= entering * outcomes  # bounded by construction, not by the budget running out
    full = QuestionBudget()
    answer_board(spec, cards, "test", full)
    assert full.spent <= LIMITS.work_steps


def _calls_charged(actions: int) -> int:
    board = "battlefield:\n" + "".join(f"  - {{card: Grizzly Bears, id: bears{n}}}\n" for n in range(3))
    board += "actions:\n" + "".join(
        f"  - leaves: {{object: bears{n}, to: graveyard}}\n" for n in range(actions)
    )
    spec = load_board(board)
    cards = {name: _card(name) for name in spec.card_names()}
    with mock.patch("engine.actions.events.charge") as charged:
        answer_board(spec, cards, "test", QuestionBudget())
    return charged.call_count


def test_every_action_replayed_is_charged() -> None:
    """Actions that change nothing a layer-system run counts still cost a unit each time the board is
    replayed (issue 22, item 1): each action added to a board adds at least one charge."""
    counts = [_calls_charged(n) for n in (1, 2, 3)]
    assert counts[0] >= 1
    assert all(more - fewer >= 1 for fewer, more in itertools.pairwise(counts))
