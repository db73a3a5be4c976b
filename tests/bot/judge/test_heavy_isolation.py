"""Heavy calls in the child process (``bot.judge.isolation``): the CPU limit, a caller giving up, errors."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.judge.errors import BoardFormatError, InvalidQuestion
from bot.judge.isolation import Apart, Isolated
from engine import Explanation
from engine.stack.items import StackError

SPIN_SECONDS = 30.0  # CPU time a spinning call gives up after by itself: far past any limit below
WAIT_SECONDS = 120.0  # a board child starting on a busy 2-core machine (about 1 s idle)


def spin() -> str:
    """Burn CPU until stopped (or, failing that, give up after SPIN_SECONDS of it)."""
    start = time.process_time()
    while time.process_time() - start < SPIN_SECONDS:
        pass
    return "not stopped"


def held(folder: str) -> str:
    """Say it started, wait until released, then say it finished (a call that is as slow as a test wants)."""
    path = Path(folder)
    (path / "started").touch()
    deadline = time.monotonic() + WAIT_SECONDS
    while not (path / "release").exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    (path / "finished").touch()
    return "finished"


def refuse_board() -> None:
    raise BoardFormatError("the handle clone is not defined", 3)


def refuse_stack() -> None:
    raise StackError(Explanation(text="a copy of a land can't be on the stack", rules=("707.10",)))


def never() -> bool:
    return False


@pytest.fixture
def isolated() -> Iterator[Isolated]:
    child = Isolated()
    yield child
    child.stop()


def wait_for(path: Path) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.01)


def test_a_call_past_its_cpu_limit_is_stopped_with_a_user_error_and_the_child_serves_on(
    isolated: Isolated,
) -> None:
    assert isolated.call(5.0, never, int, "7") == 7
    with pytest.raises(InvalidQuestion, match=r"needs more than 0\.3 s of computing") as stopped:
        isolated.call(0.3, never, spin)
    assert stopped.value.wording is not None  # worded for translation
    assert 0.2 < isolated.last_cpu_seconds < SPIN_SECONDS / 2  # the kernel counts CPU time in ticks
    assert isolated.call(5.0, never, int, "8") == 8


def test_errors_cross_with_their_type_message_and_attributes(isolated: Isolated) -> None:
    with pytest.raises(BoardFormatError) as board:
        isolated.call(5.0, never, refuse_board)
    assert str(board.value) == "line 3: the handle clone is not defined"
    assert board.value.line == 3
    with pytest.raises(StackError) as stack:
        isolated.call(5.0, never, refuse_stack)
    assert stack.value.explanation.rules == ("707.10",)
    assert str(stack.value) == "a copy of a land can't be on the stack"


def test_a_bug_in_the_child_is_an_error_with_its_traceback(isolated: Isolated) -> None:
    traceback = r"(?s)int failed in the child process:\n.*ValueError: invalid literal"
    with pytest.raises(RuntimeError, match=traceback):
        isolated.call(5.0, never, int, "seven")


async def test_a_caller_that_gives_up_stops_the_child_and_the_next_call_is_answered(tmp_path: Path) -> None:
    apart = Apart(isolated=True, cpu_seconds=WAIT_SECONDS)
    try:
        waiting = asyncio.create_task(apart.run(held, str(tmp_path)))
        await asyncio.to_thread(wait_for, tmp_path / "started")
        waiting.cancel()
        assert await asyncio.wait_for(apart.run(int, "7"), timeout=WAIT_SECONDS) == 7
        (tmp_path / "release").touch()
        await asyncio.sleep(0.5)  # were the held call still running, it would have finished by now
        assert not (tmp_path / "finished").exists()
    finally:
        apart.close()
