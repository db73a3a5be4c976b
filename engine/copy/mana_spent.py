"""A copy effect that copies differently when some mana was spent to cast its spell (CR 707.9a, 601.2h).

Mythos of Illuna: "Create a token that's a copy of target permanent. If {R}{G} was spent to cast this spell,
instead create a token that's a copy of that permanent, except the token has "When this permanent enters, if
it's a creature, it fights up to one target creature you don't control."" What mana was spent is the
spell's payment (``mana_spent`` of :func:`engine.copy.effects.apply_copy`): on a board, the
``paid: {mana: …}`` of the stack entry resolving (a copy of the spell: none, as a copy isn't cast, 707.10);
not given, whether the token has the ability is unknown, both outcomes named, never a guess. The ability is
part of the token's copiable values (707.9a), so a copy of the token has it too, or doesn't know.
"""

from __future__ import annotations

from collections import Counter

from engine.copy.exceptions import apply_exception
from engine.core.characteristics import CopiableText
from engine.core.citations import cite
from engine.core.messages import card as card_name
from engine.core.messages import msg, series
from engine.core.model import CopyEffect, CopyException, ExceptionKind
from engine.core.results import Explanation, Unknown
from engine.layers.notes import unknown_note
from engine.oracle.copy_effects import ManaSpentAlternative, mana_spent_alternative
from engine.state.board import GameObject

GAINED = cite("707.9a", "This ability becomes part of the copiable values for the copy")
PAID = cite("601.2h", "The player pays the total cost")
COPY_NOT_CAST = cite("707.10", "a copy of a spell isn’t cast")


def if_mana_spent(
    values: CopiableText,
    effect: CopyEffect | None,
    copier: GameObject,
    original: GameObject,
    via: str,
    mana_spent: tuple[str, ...] | None,
) -> tuple[CopiableText, list[Explanation], tuple[Unknown, ...]]:
    """``values`` as the copy effect's "If {R}{G} was spent to cast ~, instead …" leaves them: with the
    alternative's abilities when that mana was spent (``mana_spent``: the symbols paid, None when not
    given), without them when it wasn't, and unknown (the unknowns returned) when it isn't given."""
    alternative = mana_spent_alternative(effect.text) if effect is not None else None
    if alternative is None:
        return values, [], ()
    wording = alternative.wording.replace("~", via)
    abilities = series([msg("“{ability}”", ability=a) for a in alternative.abilities])
    if mana_spent is None:
        reason = msg(
            "what mana was spent to cast {via} isn't known here: if {mana} was spent, the token also has "
            "{abilities}; if not, it doesn't",
            via=card_name(via),
            mana="".join(alternative.mana),
            abilities=abilities,
        )
        note, unknown = unknown_note(("abilities",), reason, GAINED, PAID)
        unknown = unknown.model_copy(
            update={"copiable": True, "copied": True, "may_add": alternative.abilities}
        )
        return values, [note], (unknown,)
    if _spent(alternative, mana_spent):
        gained = CopyException(
            kind=ExceptionKind.GAIN_ABILITY,
            text="the token has " + " and ".join(f'"{a}"' for a in alternative.abilities),
            abilities=alternative.abilities,
        )
        values, why = apply_exception(values, gained, copier, effect, original)
        said = msg(
            "“{wording}”: {mana} was spent (the board says), so the token is the other copy, with "
            "{abilities}.",
            wording=wording,
            mana="".join(mana_spent),
            abilities=abilities,
        )
        return values, [Explanation.of(said, GAINED, PAID), *why], ()
    if not mana_spent:  # the spell resolving is a copy: it wasn't cast, so no mana was spent on it
        said = msg(
            "“{wording}”: the spell resolving is a copy, which isn't cast, so no mana was spent to cast it: "
            "the token is a copy without {abilities}.",
            wording=wording,
            abilities=abilities,
        )
        return values, [Explanation.of(said, COPY_NOT_CAST, PAID)], ()
    said = msg(
        "“{wording}”: only {mana} was spent (the board says), so the token is a copy without {abilities}.",
        wording=wording,
        mana="".join(mana_spent),
        abilities=abilities,
    )
    return values, [Explanation.of(said, PAID)], ()


def _spent(alternative: ManaSpentAlternative, mana_spent: tuple[str, ...]) -> bool:
    """Whether every symbol the wording names was among the mana spent ("{R}{G}": a red and a green)."""
    needed, paid = Counter(alternative.mana), Counter(mana_spent)
    return all(paid[symbol] >= count for symbol, count in needed.items())
