"""The work budget of a question (issue 22, item 1): counted in the engine's own units, never in time.

Orders of replacement effects that commute are not enumerated, an order choice with more outcomes than
the limit is counted and not expanded, repeated text exchanges don't double the work, and a question past
its budget ends with a user's error that says the limit. Each question has its own budget.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

import engine.actions.counters as counters
import engine.layers.text as text
from data.boards import load_board
from engine import BoardAnswer, UserError, answer_board
from engine.core.budget import QuestionBudget, TooMuchWork, charge
from engine.core.messages import Message
from tests.engine.copy_cards import cards_for


def _board(*lines: str, query: str = "ballista") -> str:
    return "battlefield:\n" + "".join(f"  - {line}\n" for line in lines) + f"query: {query}\n"


def _doublers(count: int) -> list[str]:
    return [f"{{card: Doubling Season, id: season{i}}}" for i in range(count)]


BALLISTA = "{card: Walking Ballista, id: ballista, x: 1}"
SCALES = "{card: Hardened Scales, id: scales}"


def _answer(board: str, budget: QuestionBudget | None = None) -> BoardAnswer:
    spec = load_board(board)
    return answer_board(spec, cards_for(spec), "test", budget)


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Callable[[Any, str], list[int]]:
    """Count the calls of a module's function (its callers look it up in the module at each call)."""

    def counting(module: Any, name: str) -> list[int]:
        found = [0]
        original = getattr(module, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            found[0] += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)
        return found

    return counting


def _reason(answer: BoardAnswer) -> str:
    (unknown,) = answer.result.unknowns
    return unknown.reason


def test_doublers_in_any_order_are_applied_once_without_trying_orders(
    calls: Callable[[Any, str], list[int]],
) -> None:
    applied = calls(counters, "_apply")
    answer = _answer(_board(*_doublers(8), BALLISTA))
    assert answer.result.current.counters == {"+1/+1": 256}
    assert any("every order its controller could choose" in step.text for step in answer.result.steps)
    assert applied[0] == 8  # each Doubling Season once: none of the 40,320 orders is tried


def test_doublers_and_scales_try_one_order_for_each_place_of_the_scales(
    calls: Callable[[Any, str], list[int]],
) -> None:
    applied = calls(counters, "_apply")
    answer = _answer(_board(SCALES, *_doublers(5), BALLISTA))
    reason = _reason(answer)
    # Scales before k of the five doublings: 2^5 + 2^k counters, one order named for each k.
    for k in range(6):
        assert f": {2**5 + 2**k} +1/+1" in reason
    assert reason.count(" +1/+1") == 6
    assert "each also standing for the orders that only swap effects" in reason
    assert applied[0] == 6 * 6  # six orders of six effects (not 720)
    assert answer.result.current.unknown == ("power", "toughness", "counters")


def test_two_effects_name_both_orders_as_before() -> None:
    reason = _reason(_answer(_board(SCALES, "{card: Doubling Season, id: season}", BALLISTA)))
    assert "scales then season: 4 +1/+1; season then scales: 3 +1/+1" in reason
    assert "standing for" not in reason


def test_orders_beyond_the_limit_are_counted_not_listed(calls: Callable[[Any, str], list[int]]) -> None:
    applied = calls(counters, "_apply")
    board = _board(SCALES, "{card: Hardened Scales, id: scales2}", *_doublers(2), BALLISTA)
    reason = _reason(_answer(board, QuestionBudget(outcomes=5)))
    assert "6 orders may give different counters, more than the 5 this engine lists" in reason
    assert " then " not in reason
    assert applied[0] == 4  # one pass for the counters no order decides, no order tried


def test_a_huge_order_choice_is_a_count(calls: Callable[[Any, str], list[int]]) -> None:
    applied = calls(counters, "_apply")
    scales = (f"{{card: Hardened Scales, id: scales{i}}}" for i in range(30))
    board = _board(*scales, *_doublers(30), BALLISTA)
    reason = _reason(_answer(board))
    assert "of the 60 replacement effects" in reason
    assert f"{118_264_581_564_861_424:,} orders may give different counters" in reason  # 60! / (30! 30!)
    assert applied[0] == 60


def test_repeated_exchanges_of_text_do_not_double_the_work(calls: Callable[[Any, str], list[int]]) -> None:
    exchanged = calls(text, "_exchange")
    actions = "".join(
        "  - exchange_text: {objects: [ghoul, bears], via: Exchange of Words}\n" for _ in range(9)
    )
    board = (
        "battlefield:\n  - {card: Sutured Ghoul, id: ghoul}\n  - {card: Grizzly Bears, id: bears}\n"
        f"actions:\n{actions}query: bears\n"
    )
    answer = _answer(board)
    # Nine exchanges: the Bears have the Ghoul's text (each exchange swaps the texts they had just before).
    assert any(a.startswith("Trample") for a in answer.result.current.abilities)
    assert exchanged[0] <= 9**3  # each pair's text before each exchange worked out once (7,000+ without)


def test_a_question_past_its_budget_is_a_users_error_that_says_the_limit() -> None:
    with pytest.raises(TooMuchWork) as raised:
        _answer(_board(SCALES, *_doublers(3), BALLISTA), QuestionBudget(limit=10))
    assert isinstance(raised.value, UserError)
    assert isinstance(raised.value.wording, Message)
    assert str(raised.value).startswith("this board needs more than 10 steps of work to answer; give ")
    assert "replacement_order" in str(raised.value)


def test_the_budget_counts_up_to_the_limit_and_one_charge_past_it() -> None:
    budget = QuestionBudget(limit=10)
    budget.charge(10)
    with pytest.raises(TooMuchWork):
        budget.charge(3)
    assert budget.spent == 13


def test_charging_outside_a_question_counts_nothing() -> None:
    charge(10**9)  # no question is open: nothing to count against, nothing raised


def test_each_question_has_its_own_budget_in_its_own_thread() -> None:
    board = _board(SCALES, *_doublers(3), BALLISTA)
    alone = QuestionBudget()
    _answer(board, alone)
    assert alone.spent > 0
    budgets = [QuestionBudget() for _ in range(4)]
    errors: list[BaseException] = []

    def ask(budget: QuestionBudget) -> None:
        try:
            for _ in range(3):
                _answer(board, budget)
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=ask, args=(budget,)) for budget in budgets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert [budget.spent for budget in budgets] == [3 * alone.spent] * 4
