"""The board format's limits and its error, apart from the reader so that checking a board's size or
naming the error imports neither YAML nor the engine."""

from __future__ import annotations

from engine import Message, UserError, msg

MAX_TEXT = 100_000  # characters of a board
MAX_OBJECTS = 100  # objects on a board
MAX_ACTIONS = 50  # actions on a board
MAX_CARDS = 20  # cards a board defines itself (``cards:``)
MAX_STRING = 200  # characters of one name, handle or value
MAX_KICKS = 20  # kicker costs a permanent lists as paid (multikicker repeats one)
MAX_NUMBER = 1_000  # the largest counter count, X or P/T change
MAX_LIFE = 1_000_000  # the largest life total (either sign) or starting life total
MAX_DEPTH = 20  # levels of nesting (a board needs about six)
MAX_NODES = 100_000  # values a board stands for once its YAML aliases are expanded


class BoardFormatError(ValueError, UserError):
    """A board file that doesn't follow the format; the message names the line when it knows it."""

    def __init__(self, message: str | Message, line: int | None = None) -> None:
        if line and isinstance(message, Message):
            super().__init__(msg("line {line}: {problem}", line=line, problem=message))
        else:
            super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
