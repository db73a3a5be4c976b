"""Anchor words (CR 614.12b): "As ~ enters, choose Khans or Dragons" then "• Khans — [ability]" means "As
long as Khans was chosen as this permanent entered, this permanent has [ability]".

On the battlefield a permanent has only the anchored abilities of the word chosen as it entered with that
text (its own ``choices``, or a copy's own as it entered as a copy, 707.6); none when it got the text some
other way (it became a copy: nothing was chosen as it entered). A choice the board doesn't give leaves its
abilities unknown, each word's ability named. Its copiable values keep every bullet (707.2: the choice
isn't copied). Used by the layer system as it starts (``engine.layers.system``).
"""

from __future__ import annotations

from engine.core.characteristics import Characteristics, GameAbility
from engine.core.citations import cite
from engine.core.messages import Message, msg, series
from engine.core.model import Frozen
from engine.core.results import Explanation, Unknown
from engine.oracle.anchors import anchor_words
from engine.state.board import GameObject, Zone, latest_exchange

ANCHOR_WORDS = cite(
    "614.12b", "As long as [anchor word] was chosen as this permanent entered the battlefield"
)


class ChosenMode(Frozen):
    """The object's characteristics with only its chosen anchored abilities, and what to say about it."""

    values: Characteristics
    steps: tuple[Explanation, ...] = ()
    notes: tuple[Explanation, ...] = ()
    unknowns: tuple[Unknown, ...] = ()


def chosen_mode(values: Characteristics, obj: GameObject) -> ChosenMode:
    """``values`` with the abilities of the anchor words not chosen as ``obj`` entered removed (614.12b)."""
    marks = dict(zip(values.abilities, anchor_words(values.abilities), strict=True))
    anchored = [a for a in values.abilities if marks[a]]
    if not anchored or obj.zone is not Zone.BATTLEFIELD or obj.face_down or latest_exchange(obj) is not None:
        return ChosenMode(values=values)
    words = list(dict.fromkeys(marks[a] or "" for a in anchored))
    folded = {w.casefold(): w for w in words}
    chosen = next((folded[v.casefold()] for v in obj.choices.values() if v.casefold() in folded), None)
    if chosen is None and obj.copies and obj.copies[-1].timestamp != obj.timestamp:
        return _none_chosen(values, obj, anchored)
    if chosen is None:
        return _unknown(values, [(marks[a] or "", a) for a in anchored], words)
    dropped = [a for a in anchored if marks[a] != chosen]
    others = series([msg("the {word} one", word=marks[a] or "") for a in dropped])
    step = Explanation.of(
        msg(
            "{chosen} was chosen as it entered: “{chosen} — [ability]” means “as long as {chosen} was chosen "
            "as this permanent entered, it has [ability]”, so it has the {chosen} ability and not {others}.",
            chosen=chosen,
            others=others,
        ),
        ANCHOR_WORDS,
    )
    kept = tuple(a for a in values.abilities if a not in dropped)
    return ChosenMode(values=values.model_copy(update={"abilities": kept}), steps=(step,))


def _none_chosen(values: Characteristics, obj: GameObject, anchored: list[GameAbility]) -> ChosenMode:
    """It became a copy of the text after it entered: no anchor word was chosen as it entered (614.12b)."""
    step = Explanation.of(
        msg(
            "It got this text by becoming a copy after it entered, so no anchor word was chosen as it "
            "entered: it has none of the abilities they mark ({abilities}).",
            abilities=series([msg("“{text}”", text=a.text) for a in anchored]),
        ),
        ANCHOR_WORDS,
    )
    kept = tuple(a for a in values.abilities if a not in anchored)
    return ChosenMode(values=values.model_copy(update={"abilities": kept}), steps=(step,))


def _unknown(
    values: Characteristics, anchored: list[tuple[str, GameAbility]], words: list[str]
) -> ChosenMode:
    """The board doesn't say which word was chosen: its abilities are unknown, each outcome named."""
    outcomes = series([msg("with {word}, “{text}”", word=word, text=a.text) for word, a in anchored])
    reason: Message = msg(
        "the board doesn't say whether {words} was chosen as it entered (choices: {{{key}: …}}), and it has "
        "only the chosen word's ability: {outcomes}",
        words=" or ".join(words),
        key=" or ".join(words),
        outcomes=outcomes,
    )
    note = Explanation.of(
        msg(
            "Its {characteristics} are unknown, because {reason}.",
            characteristics=msg("abilities"),
            reason=reason,
        ),
        ANCHOR_WORDS,
    )
    return ChosenMode(
        values=values, notes=(note,), unknowns=(Unknown.of(("abilities",), reason, ANCHOR_WORDS),)
    )
