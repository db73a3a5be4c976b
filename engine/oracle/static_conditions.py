"""When a static ability applies (CR 604.2, 611.3a): its "as long as …" condition as a :class:`Requirement`
the board decides (counters, permanents its controller controls, tapped, attached, its type or color,
whose turn it is) or can't, and the host condition of an Aura's or Equipment's ability.
"""

from __future__ import annotations

import re

from engine.core.characteristics import CARD_TYPE_WORDS
from engine.core.model import SELF, Frozen
from engine.oracle.static_subjects import COLOR_WORDS, Subject, subject_of

_COUNTERS = re.compile(
    rf"^(?:it|{re.escape(SELF)}) has (?P<n>a|an|one|\w+ or more) (?P<kind>[^ ]+(?: [a-z]+)?) counters? on it$"
)
_COUNTERS_THERE = re.compile(
    rf"^there are (?P<n>\w+ or more) (?P<kind>[^ ]+(?: [a-z]+)?) counters on (?:it|{re.escape(SELF)})$"
)
_YOU_CONTROL = re.compile(r"^you control (?P<n>a|an|another|\w+ or more) (?P<what>.+)$")
_YOUR_TURN = re.compile(r"(?:it's|it is) (?P<negated>not )?your turn\.?")
_SELF_STATE = re.compile(rf"^(?:it's|it is|{re.escape(SELF)} is) (?P<what>.+)$")
_ATTACHED_ROLES = {"enchanted": "Aura", "equipped": "Equipment"}
_NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven")
    )
} | {"a": 1, "an": 1, "another": 1, "twenty": 20}


class HostCondition(Frozen):
    """ "As long as enchanted permanent is an Equipment" / "… is red": the host has that type or color."""

    type_word: str


class Requirement(Frozen):
    """ "As long as …": what must be true of the source or the board for the ability to apply (CR 604.2).

    Exactly one of the checks is set when the board decides it; none when it can't (it's your turn, the
    creature is attacking, life totals, cards in hand): then ``decided`` is False and the ability isn't
    applied, with a note saying what it would do (CR 611.3a).
    """

    text: str  # the wording after "as long as" ("it has ten or more +1/+1 counters on it")
    counters: tuple[str, int] | None = None  # the source has at least this many counters of this kind
    at_most: int | None = None  # … and no more than this many (a level symbol's "N1-N2", CR 711.2a)
    you_control: Subject | None = None  # its controller controls at least ``at_least`` such permanents
    at_least: int = 1
    tapped: bool | None = None  # the source is tapped (True) / untapped (False)
    attached: tuple[str, ...] = ()  # an Aura / Equipment is attached to the source ("enchanted or equipped")
    type_word: str = ""  # the source is of this color, card type or subtype ("~ is a Wall", "~ is red")
    combat: str = (
        ""  # "attacking" / "blocking": the affected creature is in combat, which a board never shows
    )
    # it's (True) or it's not (False) its controller's turn, which the board's ``turn`` decides
    your_turn: bool | None = None

    @property
    def decided(self) -> bool:
        """Whether the board decides it (else the answer depends on something a board doesn't show)."""
        return bool(
            self.counters or self.you_control or self.tapped is not None or self.attached or self.type_word
        )


def requirement_of(condition: str) -> Requirement:
    """The "as long as" ``condition`` as a :class:`Requirement` (undecided when the board can't tell)."""
    counters = _COUNTERS.match(condition) or _COUNTERS_THERE.match(condition)
    if counters and _number(counters["n"]):
        return Requirement(text=condition, counters=(counters["kind"], _number(counters["n"])))
    control = _YOU_CONTROL.match(condition)
    subject = subject_of(control["what"].split(" ")) if control else None
    if (
        control
        and subject is not None
        and not subject.controller
        and not subject.combat
        and _number(control["n"])
    ):
        subject = subject.model_copy(update={"controller": "you", "other": control["n"] == "another"})
        return Requirement(text=condition, you_control=subject, at_least=_number(control["n"]))
    turn = _YOUR_TURN.fullmatch(condition)
    if turn:
        return Requirement(text=condition, your_turn=not turn["negated"])
    state = _SELF_STATE.match(condition)
    return _state_requirement(condition, state["what"]) if state else Requirement(text=condition)


def _state_requirement(condition: str, what: str) -> Requirement:
    """ "~ is untapped", "it's enchanted or equipped", "~ is a Wall", "~ is red"; else undecided."""
    if what in ("tapped", "untapped"):
        return Requirement(text=condition, tapped=what == "tapped")
    roles = [word for word in what.split(" or ") if word in _ATTACHED_ROLES]
    if roles and len(roles) == len(what.split(" or ")):
        return Requirement(text=condition, attached=tuple(_ATTACHED_ROLES[word] for word in roles))
    word = re.sub(r"^an? ", "", what)
    if word in COLOR_WORDS or word.casefold() in CARD_TYPE_WORDS or (word[:1].isupper() and word.isalpha()):
        return Requirement(text=condition, type_word=word)
    return Requirement(text=condition)


def _number(word: str) -> int:
    """ "a" → 1, "ten or more" → 10, "3 or more" → 3; 0 when it isn't such a count."""
    word = word.removesuffix(" or more")
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word, 0)
