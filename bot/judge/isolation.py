"""Where heavy questions (boards) run: apart from the light ones (cards, rules, autocomplete, linked), so
that one user's board never holds up another user's ``/card``.

A board runs on a thread of its own (it never queues behind or ahead of a light question) and, in a
long-running bot, in a child process, each step within a limit of CPU time. A second thread alone would
not do: the engine is Python code and holds the interpreter lock, which CPython hands over only every
5 ms (``sys.getswitchinterval()``). Measured on the 2-core machine while a 7-doubler board (1-2 s of CPU)
ran, ``/card`` asked every 10 ms: idle p50 0.8-1.0 ms, p99 1.2-7.0 ms; board on a second thread p50
0.9 ms, p99 15-51 ms, worst 30-128 ms; board in a child process p50 1.0 ms, p99 9.1 ms (as idle).
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import resource
import signal
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from types import FrameType
from typing import TYPE_CHECKING, Any, TypeVar

from bot.judge.errors import InvalidQuestion
from bot.judge.services import Worker
from engine import JudgeError, Message, msg

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

T = TypeVar("T")

POLL_SECONDS = 0.05
"""How often a call waiting for the child checks whether its caller gave up."""

BACKSTOP_SECONDS = 5
"""CPU seconds past the limit after which the kernel ends a child that didn't stop (stuck in C code)."""

RING_AGAIN_SECONDS = 0.1
"""CPU seconds between two alarms once a call is out of time: C code that calls back into Python (a
comparison inside a dictionary look-up) may swallow the exception an alarm raises."""

PRELOAD = ["__main__", "bot.judge.board"]
"""Imported once by multiprocessing's fork server, so that each child it forks starts at once."""

_OK, _OUT_OF_TIME, _ERROR, _FAILED = "ok", "out of time", "error", "failed"


def too_heavy(seconds: float) -> Message:
    """The message of a board stopped at its limit of CPU time."""
    return msg(
        "this board needs more than {seconds} s of computing to answer, so it was stopped; "
        "try a smaller board",
        seconds=format(seconds, "g"),
    )


@dataclass(frozen=True)
class _Child:
    process: BaseProcess
    connection: Connection


class Isolated:
    """A child process that runs calls one at a time, each within a limit of CPU time.

    The child is forked by multiprocessing's fork server (which has the engine imported), never from this
    process and its threads. It starts on the first call (or :meth:`start`), and again after it was
    stopped: when a caller gives up (``given_up``, checked while waiting) or it dies. A call blocks its
    thread on a pipe, without the interpreter lock; functions, arguments and results cross it pickled.
    One (:data:`ISOLATED`) serves every Judge of the process: a bot has one Judge, tests open many, and
    a child of each would cost every one of them some 70 ms to start.
    """

    def __init__(self) -> None:
        self.last_cpu_seconds = 0.0
        """The CPU time the child spent on the last call it answered (what the benchmarks report)."""
        self._lock = threading.Lock()
        self._child: _Child | None = None

    def start(self) -> None:
        """Have the child ready for the first call (the fork server too, on the process's first start)."""
        with self._lock:
            self._started()

    def call(
        self, cpu_seconds: float, given_up: Callable[[], bool], function: Callable[..., T], *args: object
    ) -> T:
        """``function(*args)`` in the child, stopped with InvalidQuestion (:func:`too_heavy`) once it has
        taken ``cpu_seconds`` of CPU time, or as soon as ``given_up()``."""
        with self._lock:
            child = self._started()
            child.connection.send((cpu_seconds, function, args))
            status, value, self.last_cpu_seconds = self._reply(child, given_up, cpu_seconds)
        if status == _OK:
            return value  # type: ignore[no-any-return]  # what function returned, unpickled
        if status == _OUT_OF_TIME:
            raise InvalidQuestion(too_heavy(cpu_seconds))
        if status == _ERROR:
            raise _rebuilt(*value)
        raise RuntimeError(f"{getattr(function, '__name__', function)} failed in the child process:\n{value}")

    def stop(self) -> None:
        """Stop the child (the next call starts another)."""
        with self._lock:
            self._stop()

    def _reply(
        self, child: _Child, given_up: Callable[[], bool], cpu_seconds: float
    ) -> tuple[str, Any, float]:
        while not child.connection.poll(POLL_SECONDS):
            if given_up():
                self._stop()
                raise _GaveUp
        try:
            reply: tuple[str, Any, float] = child.connection.recv()
        except (EOFError, OSError):  # it died: the kernel's backstop, or out of memory
            self._stop()
            return _OUT_OF_TIME, None, cpu_seconds
        return reply

    def _started(self) -> _Child:
        if self._child is not None:
            return self._child
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        ours, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(theirs,), name="mtg-judge-boards", daemon=True)
        process.start()
        theirs.close()
        self._child = _Child(process, ours)
        return self._child

    def _stop(self) -> None:
        child, self._child = self._child, None
        if child is not None:
            child.connection.close()
            child.process.kill()
            child.process.join()


ISOLATED = Isolated()
"""The process's child for heavy calls (a daemon: it ends with the process)."""


class Apart:
    """Where heavy calls run: a thread of their own and, ``isolated``, the child process
    (:data:`ISOLATED`), each call within ``cpu_seconds`` of CPU time there."""

    def __init__(self, *, isolated: bool, cpu_seconds: float) -> None:
        self._worker = Worker(name="mtg-judge-boards")
        self._isolated = ISOLATED if isolated else None
        self._cpu_seconds = cpu_seconds

    async def start(self) -> None:
        """Have the child process ready (isolated only), so that the first board doesn't wait for it."""
        if self._isolated is not None:
            await self._worker.run(self._isolated.start)

    async def run(self, function: Callable[..., T], *args: object) -> T:
        """``function(*args)``, apart; its caller giving up stops it (isolated)."""
        if self._isolated is None:
            return await self._worker.run(functools.partial(function, *args))
        isolated = functools.partial(
            self._isolated.call, self._cpu_seconds, self._worker.caller_gave_up, function, *args
        )
        return await self._worker.run(isolated)

    def close(self) -> None:
        """Finish the queued calls and stop the thread."""
        self._worker.close()


class _GaveUp(Exception):
    """The caller stopped waiting; nobody reads this."""


class _OutOfTime(BaseException):
    """Raised in the child when its call has used up its CPU time (not an Exception: nothing catches it)."""


class _Timer:
    """The child's CPU-time alarm for the call it is running (SIGPROF counts this process's CPU time)."""

    armed = False

    @classmethod
    def arm(cls, seconds: float) -> None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        backstop = math.ceil(usage.ru_utime + usage.ru_stime + seconds) + BACKSTOP_SECONDS
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        resource.setrlimit(
            resource.RLIMIT_CPU, (backstop if hard == resource.RLIM_INFINITY else min(backstop, hard), hard)
        )
        cls.armed = True
        signal.setitimer(signal.ITIMER_PROF, seconds, RING_AGAIN_SECONDS)

    @classmethod
    def disarm(cls) -> None:
        cls.armed = False
        signal.setitimer(signal.ITIMER_PROF, 0)

    @classmethod
    def ring(cls, signum: int, frame: FrameType | None) -> None:
        if cls.armed:  # a late alarm, once the call is over, stops nothing
            raise _OutOfTime


def _serve(connection: Connection) -> None:
    """The child: answer each call sent until the pipe closes."""
    signal.signal(signal.SIGPROF, _Timer.ring)
    while True:
        try:
            request = connection.recv()
        except EOFError:
            return
        start = _cpu_seconds()
        status, value = _answer(*request)
        try:
            connection.send((status, value, _cpu_seconds() - start))
        except Exception:  # the result or error doesn't pickle: say what it was instead
            connection.send((_FAILED, traceback.format_exc(), _cpu_seconds() - start))


def _answer(seconds: float, function: Callable[..., object], args: tuple[object, ...]) -> tuple[str, object]:
    try:
        try:
            _Timer.arm(seconds)
            return _OK, function(*args)
        finally:
            _Timer.disarm()
    except _OutOfTime:
        _Timer.disarm()  # it may have rung inside the first disarm
        return _OUT_OF_TIME, None
    except JudgeError as error:
        return _ERROR, (type(error), error.args, vars(error))
    except Exception:
        return _FAILED, traceback.format_exc()


def _rebuilt(kind: type[JudgeError], args: tuple[object, ...], attributes: dict[str, object]) -> JudgeError:
    """An error of the child, as it was there: built without its ``__init__``, whose parameters are not
    always its ``args`` (a StackError takes an Explanation and keeps its message)."""
    error = kind.__new__(kind, *args)
    error.args = args
    vars(error).update(attributes)
    return error


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
