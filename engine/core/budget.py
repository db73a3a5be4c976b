"""The work one question may do, counted in the engine's own units, never in time.

A question (one board answered, or one copy question) runs inside :func:`question_budget`: every unit
of work the engine does for it is charged with :func:`charge` against the one :class:`QuestionBudget` the
entry point opened, and past its limit the question ends with :class:`TooMuchWork`, a user's error saying
the limit. The units: in each layer-system run, each object looked at for every object's static
abilities, and again at each step of layers 4-6 (objects × effects); each text-changing effect applied
(ten: its abilities are read again); each replacement effect applied while an order of them is tried;
each board action replayed.
A question runs on a worker thread and several may run at once, so the budget is the calling context's
(a context variable), never shared; outside a question, charging counts nothing.

Enumerations are bounded before they start, not by the budget running out: a choice with more outcomes
than :attr:`QuestionBudget.outcomes` is reported unknown with a count (:func:`outcome_limit`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from engine.core.messages import msg
from engine.errors import UserError

# The Judge's LIMITS (bot/judge/limits.py) hands these to every question; an engine caller that gives
# none gets the same. A unit is about 5-20 µs of work on an idle machine (more where the dependency
# checks, bounded on their own, dominate). The scenario boards count at most 300 units, the benchmark's
# large boards at most 15,000 (99 alternating Humility and Opalescence), 98 Walking Ballistas entering
# beside Doubling Season and Hardened Scales about 700,000 (5 s); 50 creatures with 3 effects each and 50
# Ballistas entering one by one count 1,600,000 (16 s) and are refused.
MAX_WORK = 1_000_000
ACTION_WORK = 1  # each board action replayed, whatever it changes (its layer-system runs count on their own)
MAX_OUTCOMES = 24  # orders of replacement effects named with their results: longer lists are counted


class TooMuchWork(UserError):
    """A question that would need more work than its budget allows."""


class QuestionBudget:
    """The units of work one question has done (``spent``) and may do (``limit``), and how many outcomes
    of one choice it lists (``outcomes``)."""

    def __init__(self, limit: int = MAX_WORK, outcomes: int = MAX_OUTCOMES) -> None:
        self.limit = limit
        self.outcomes = outcomes
        self.spent = 0

    def charge(self, units: int) -> None:
        """Count ``units``; TooMuchWork once more than ``limit`` have been counted."""
        self.spent += units
        if self.spent > self.limit:
            raise TooMuchWork(
                msg(
                    "this board needs more than {limit} steps of work to answer; give replacement_order "
                    "where several replacement effects change the counters a permanent enters with, or ask "
                    "about a board with fewer objects, effects or actions",
                    limit=format(self.limit, ","),
                )
            )


_CURRENT: ContextVar[QuestionBudget | None] = ContextVar("question_work_budget", default=None)


@contextmanager
def question_budget(budget: QuestionBudget) -> Iterator[QuestionBudget]:
    """Within the block, the engine charges its work to ``budget`` (in this context only)."""
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


def charge(units: int) -> None:
    """Charge ``units`` of work to the current question's budget (nothing outside a question)."""
    budget = _CURRENT.get()
    if budget is not None:
        budget.charge(units)


def outcome_limit() -> int:
    """How many outcomes of one choice the current question lists at most."""
    budget = _CURRENT.get()
    return MAX_OUTCOMES if budget is None else budget.outcomes
