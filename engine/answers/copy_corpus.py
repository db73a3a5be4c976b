"""The corpus check: a Clone copying each creature gives a fully determined answer or named unknowns.

Every creature card is put on a board under the opponent's control and a Clone enters as a copy of it
(CR 707.2, 707.5). The answer must state every characteristic or say which ones are unknown and why; an
error (the engine refusing the board) is counted apart, never hidden.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.answers.copy_result import answer_board
from engine.core.effects import Player
from engine.core.model import SELF, Card
from engine.errors import JudgeError
from engine.state.board import BoardSpec, ObjectSpec

_ORIGINAL = "original"
_COPY = "copy"


@dataclass
class CopyCorpus:
    """What the check found: how many answers were determined, how many named unknowns, and why."""

    determined: int = 0
    with_unknowns: int = 0
    errors: dict[str, str] = field(default_factory=dict)  # card name → the engine's message
    reasons: Counter[str] = field(default_factory=Counter)  # unknown reason (names as ~) → creatures
    unexplained: list[str] = field(default_factory=list)  # an "unknown" value without a reason: a bug

    def top_reasons(self, count: int = 20) -> list[tuple[str, int]]:
        """The most frequent unknown reasons, most frequent first."""
        return self.reasons.most_common(count)


def clone_board(name: str, clone: str = "Clone") -> BoardSpec:
    """The board of the check: ``name`` under the opponent's control, then ``clone`` entering as a copy."""
    return BoardSpec(
        objects=(
            ObjectSpec(card=name, id=_ORIGINAL, controller=Player.OPPONENT),
            ObjectSpec(card=clone, id=_COPY, copy_of=_ORIGINAL),
        ),
        query=_COPY,
    )


def check_copies(creatures: Iterable[Card], clone: Card) -> CopyCorpus:
    """Answer a Clone copying each creature and sort the answers (see the module docstring)."""
    found = CopyCorpus()
    for card in creatures:
        try:
            cards = {card.name: card, clone.name: clone}
            answer = answer_board(clone_board(card.name, clone.name), cards, "")
        except JudgeError as error:
            found.errors[card.name] = str(error)
            continue
        result = answer.result
        if not result.unknowns:
            found.determined += 1
            if "unknown" in (result.current.power, result.current.toughness, result.current.name):
                found.unexplained.append(card.name)
            continue
        found.with_unknowns += 1
        names = [n for face in card.faces for n in (face.name, face.short_name) if n]
        for unknown in result.unknowns:
            found.reasons[_generic(unknown.reason, names)] += 1
    return found


def _generic(reason: str, names: list[str]) -> str:
    """The reason with the card's names and the board's handles as ``~``, so equal wordings count together."""
    for name in sorted(names, key=len, reverse=True):
        reason = reason.replace(name, SELF)
    return reason.replace(f"{_ORIGINAL}'s", f"{SELF}'s").replace(f"{_COPY}'s", f"{SELF}'s")
