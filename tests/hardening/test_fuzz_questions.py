"""Fuzzing the name resolver and the rules queries through the Judge (offline, on the shared cache): every
input gets an answer or a JudgeError with a short, clear message, quickly, and never a traceback."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.config import Settings
from bot.judge import Judge, JudgeError

BOUND_SECONDS = 2.0  # the slowest answer or refusal allowed, on a loaded machine
MESSAGE_MAX = 600  # characters of a refusal's message (excerpts keep long input out of it)

_ODD = st.sampled_from(
    ["\x00", "\x1b[31m", "\u202e", "\u200b", "\ud800", "%", "_", "'", '"', "\\", "//", "…"]
)
_NAMES = st.sampled_from(
    ["Tarmogoyf", "Lim-Dûl's Vault", "Fire // Ice", "Clone", "Nightveil Specter", "Æther"]
)


@st.composite
def mangled_names(draw: st.DrawFn) -> str:
    """A real name cut, with odd characters put in, or any text at all (up to beyond the length limit)."""
    name = draw(_NAMES)
    cut = draw(st.integers(0, len(name)))
    return name[:cut] + draw(_ODD) + name[cut:]


NAME_INPUT = st.one_of(st.text(max_size=300), mangled_names(), st.text(alphabet="aeiou ,'-", max_size=40))
RULES_INPUT = st.one_of(
    st.text(max_size=260),
    st.from_regex(r"\A\d{1,4}(\.\d{0,4}[a-z]{0,2})?\Z"),
    st.sampled_from(["707.", "707.2a.", ".", "copiable", "0.0", "9999.99z", "707.10z"]),
)


@pytest.fixture
def judge(hostile_cache: Path) -> Iterator[tuple[asyncio.Runner, Judge]]:
    """A warm offline Judge on the shared cache (read only), and the event loop it runs on."""
    with asyncio.Runner() as runner:
        opened = Judge.open(Settings(db=hostile_cache, offline=True))
        judge = runner.run(opened.__aenter__())
        yield runner, judge
        runner.run(opened.__aexit__(None, None, None))


def _answers_or_refuses_clearly(runner: asyncio.Runner, asked: Callable[[], Awaitable[Any]]) -> None:
    start = time.perf_counter()
    message = None
    try:
        runner.run(asyncio.wait_for(asked(), BOUND_SECONDS * 5))
    except JudgeError as error:
        message = str(error)
    assert time.perf_counter() - start < BOUND_SECONDS
    if message is not None:  # refused: say why, briefly
        assert message.strip()
        assert len(message) <= MESSAGE_MAX, message
        assert "Traceback" not in message


_FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])  # examples: the profile


def test_card_names(judge: tuple[asyncio.Runner, Judge]) -> None:
    runner, asked = judge

    @_FUZZ
    @given(NAME_INPUT)
    def check(name: str) -> None:
        _answers_or_refuses_clearly(runner, lambda: asked.card(name))

    check()


def test_card_names_in_a_question(judge: tuple[asyncio.Runner, Judge]) -> None:
    runner, asked = judge

    @_FUZZ
    @given(NAME_INPUT)
    def check(name: str) -> None:
        _answers_or_refuses_clearly(runner, lambda: asked.linked([name]))

    check()


def test_rule_queries(judge: tuple[asyncio.Runner, Judge]) -> None:
    runner, asked = judge

    @_FUZZ
    @given(RULES_INPUT)
    def check(query: str) -> None:
        _answers_or_refuses_clearly(runner, lambda: asked.rule(query))

    check()


def test_rule_searches(judge: tuple[asyncio.Runner, Judge]) -> None:
    runner, asked = judge

    @_FUZZ
    @given(RULES_INPUT, st.integers(-5, 100))
    def check(words: str, limit: int) -> None:
        _answers_or_refuses_clearly(runner, lambda: asked.search_rules(words, limit))

    check()
