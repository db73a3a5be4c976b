"""Static abilities that switch the legend rule off (CR 704.5j; the card wins over the rule, 101.1): Mirror
Gallery's "The "legend rule" doesn't apply.", Sakashima's and Mirror Box's "… doesn't apply to permanents you
control.", one that names tokens or creatures you control, and Brothers Yamazaki's "If there are exactly two
permanents named ~ on the battlefield, the "legend rule" doesn't apply to them.", read from rules text."""

from __future__ import annotations

import re
from typing import Literal

from engine.core.model import SELF, Frozen

_QUOTED = r"[\"“]legend rule[\"”]"
_OFF = re.compile(
    rf"^[Tt]he {_QUOTED} doesn['’]t apply(?: to (?P<what>permanents|tokens|creatures) you control)?\.$"
)
_EXACTLY_TWO = re.compile(
    rf"^If there are exactly two permanents named (?P<name>.+?) on the battlefield, the {_QUOTED} "
    r"doesn['’]t apply to them\.$"
)


class LegendRuleOff(Frozen):
    """Which permanents the legend rule doesn't apply to: every one (``who`` "all"), or the ability's
    controller's (``who`` "you") of a kind (``what``); ``exactly_two`` names a card name two permanents
    with it must have between them (``SELF``: the ability's object's own name)."""

    who: Literal["all", "you"] = "all"
    what: str = "permanents"  # or "tokens", "creatures"
    exactly_two: str | None = None


def legend_rule_off(rules_text: str) -> LegendRuleOff | None:
    """What an ability worded ``rules_text`` exempts from the legend rule; None for any other ability."""
    text = rules_text.strip()
    off = _OFF.match(text)
    if off:
        return LegendRuleOff() if off["what"] is None else LegendRuleOff(who="you", what=off["what"])
    two = _EXACTLY_TWO.match(text)
    if two:
        return LegendRuleOff(exactly_two=SELF if two["name"] == SELF else two["name"])
    return None
