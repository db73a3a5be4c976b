"""When a static ability applies (CR 604.2, 611.3a): its "as long as …" condition as a :class:`Requirement`
the board decides (counters, permanents its controller controls, tapped, attached, its type or color,
whose turn it is, life totals) or can't, and the host condition of an Aura's or Equipment's ability.
"""

from __future__ import annotations

import re
from typing import Literal

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
# "you have 30 or more life", "an opponent has 10 or less life" (CR 119)
_LIFE_AMOUNT = re.compile(r"^(?P<who>you have|an opponent has) (?P<n>\w+) or (?P<way>more|less|fewer) life$")
# "your life total is greater than or equal to your starting life total", "an opponent's life total is less
# than half their starting life total" (CR 119.1)
_LIFE_STARTING = re.compile(
    r"^(?P<who>your|an opponent's) life total is (?P<way>greater than or equal to|less than or equal to|"
    r"greater than|less than|at least) (?P<half>half )?(?:your|their) starting life total$"
)
_LIFE_WAYS: dict[str, Literal[">=", "<=", ">", "<"]] = {
    "more": ">=",
    "less": "<=",
    "fewer": "<=",
    "greater than or equal to": ">=",
    "at least": ">=",
    "less than or equal to": "<=",
    "greater than": ">",
    "less than": "<",
}
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


class LifeCheck(Frozen):
    """One comparison of a player's life total (CR 119): "you have 30 or more life" is ``you >= 30``;
    "an opponent's life total is less than half their starting life total" is ``opponent < starting / 2``."""

    text: str
    whose: Literal["you", "opponent"]  # the source's controller, or their opponent
    way: Literal[">=", "<=", ">", "<"]
    amount: int = 0  # the number it is compared with, when it isn't the starting life total
    starting: Literal["", "all", "half"] = ""  # compared with the starting life total, or half of it

    def holds(self, life: int, starting_life: int) -> bool:
        """Whether a life total of ``life`` meets it, each player's starting life total ``starting_life``."""
        # Doubled, so that half of an odd starting life total compares exactly.
        have, than = 2 * life, 2 * self.amount
        if self.starting:
            than = starting_life if self.starting == "half" else 2 * starting_life
        match self.way:
            case ">=":
                return have >= than
            case "<=":
                return have <= than
            case ">":
                return have > than
        return have < than


class Requirement(Frozen):
    """ "As long as …": what must be true of the source or the board for the ability to apply (CR 604.2).

    Exactly one of the checks is set when the board decides it; none when it can't (the creature is
    attacking, cards in hand): then ``decided`` is False and the ability isn't applied, with a note saying
    what it would do (CR 611.3a). Whose turn it is and life totals are decided when the board gives them
    (``engine.layers.statics.decided``).
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
    # life totals compared, all of which must hold ("you have 30 or more life and an opponent has …")
    life: tuple[LifeCheck, ...] = ()
    # the source Case is (True) or isn't (False) solved (CR 719.3b, 702.169b), which the board's ``solved``
    # decides when it gives it
    solved: bool | None = None

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
    life = _life_checks(condition)
    if life:
        return Requirement(text=condition, life=life)
    state = _SELF_STATE.match(condition)
    return _state_requirement(condition, state["what"]) if state else Requirement(text=condition)


def _life_checks(condition: str) -> tuple[LifeCheck, ...]:
    """The life-total comparisons ``condition`` makes, joined by "and"; () unless every part is one."""
    checks = [_life_check(part) for part in condition.split(" and ")]
    return tuple(check for check in checks if check is not None) if all(checks) else ()


def _life_check(text: str) -> LifeCheck | None:
    amount = _LIFE_AMOUNT.match(text)
    if amount and (amount["n"].isdigit() or amount["n"] in _NUMBER_WORDS):
        whose: Literal["you", "opponent"] = "you" if amount["who"] == "you have" else "opponent"
        return LifeCheck(text=text, whose=whose, way=_LIFE_WAYS[amount["way"]], amount=_number(amount["n"]))
    starting = _LIFE_STARTING.match(text)
    if starting:
        return LifeCheck(
            text=text,
            whose="you" if starting["who"] == "your" else "opponent",
            way=_LIFE_WAYS[starting["way"]],
            starting="half" if starting["half"] else "all",
        )
    return None


def opponents_life_condition(condition: str) -> str:
    """A life-total condition of an opponent's permanent worded from the asker's side ("you have 30 or
    more life" there means that opponent has)."""
    swaps = {
        "you have": "your opponent has",
        "an opponent has": "you have",
        "your life total": "your opponent's life total",
        "an opponent's life total": "your life total",
    }
    return re.sub("|".join(map(re.escape, swaps)), lambda found: swaps[found[0]], condition)


def _state_requirement(condition: str, what: str) -> Requirement:
    """ "~ is untapped", "~ is solved", "it's enchanted or equipped", "~ is a Wall", "~ is red"; else
    undecided."""
    if what in ("tapped", "untapped"):
        return Requirement(text=condition, tapped=what == "tapped")
    if what in ("solved", "not solved"):
        return Requirement(text=condition, solved=what == "solved")
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
