"""A fair cooldown: only answered questions count against a user.

Each user has a budget of ``rate`` questions that refills at ``rate`` per ``per`` seconds (a token
bucket): a judge at a table can ask ``rate`` questions in a row, then one every ``per / rate`` seconds.
A question takes one from the budget as it is asked and gives it back when it isn't answered (an
unknown or ambiguous name, a bad board, any error), so mistyped names never lock anyone out;
autocomplete never takes any (discord.py runs no checks for it). Budgets are kept in memory, per bot.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from discord import app_commands

from cogs.interactions import Interaction, bot_of

PRUNE_AT = 4_096
"""Users tracked before the ones whose budget has refilled are forgotten (a full budget needs no entry)."""


class QuestionBudgets:
    """Every user's budget of questions; ``clock`` is monotonic seconds."""

    def __init__(self, rate: int, per: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.per = per
        self._clock = clock
        self._budgets: dict[int, tuple[float, float]] = {}  # user: (questions left, when counted)

    def left(self, user_id: int) -> float:
        """The questions ``user_id`` may ask now (a fraction: one is on its way back)."""
        left, since = self._budgets.get(user_id, (self.rate, 0.0))
        return min(self.rate, left + (self._clock() - since) * self.rate / self.per)

    def retry_after(self, user_id: int) -> float:
        """Seconds until ``user_id`` may ask again; 0 when they may now."""
        missing = 1 - self.left(user_id)
        return max(0.0, missing * self.per / self.rate)

    def check(self, user_id: int) -> None:
        """Raise ``CommandOnCooldown`` when ``user_id`` has no question left."""
        retry_after = self.retry_after(user_id)
        if retry_after > 0:
            raise app_commands.CommandOnCooldown(app_commands.Cooldown(self.rate, self.per), retry_after)

    def take(self, user_id: int) -> None:
        """Count one question of ``user_id`` (``CommandOnCooldown`` when none is left)."""
        self.check(user_id)
        self._set(user_id, self.left(user_id) - 1)

    def give_back(self, user_id: int) -> None:
        """Return the question :meth:`take` counted: it wasn't answered."""
        self._set(user_id, self.left(user_id) + 1)

    @contextmanager
    def asking(self, user_id: int) -> Iterator[None]:
        """Count one question of ``user_id`` while it is answered, given back if answering fails."""
        self.take(user_id)
        try:
            yield
        except BaseException:
            self.give_back(user_id)
            raise

    def __len__(self) -> int:
        return len(self._budgets)

    def _set(self, user_id: int, left: float) -> None:
        self._budgets[user_id] = (min(self.rate, left), self._clock())
        if len(self._budgets) > PRUNE_AT:
            full = [user for user in self._budgets if self.left(user) >= self.rate]
            for user in full:
                del self._budgets[user]


def _has_questions_left(interaction: Interaction) -> bool:
    bot_of(interaction).budgets.check(interaction.user.id)
    return True


per_user_cooldown = app_commands.check(_has_questions_left)
"""Every question command's cooldown check: refused before any work when the user has no question
left; a question counts only once answered (``cogs.flow.answer``)."""
