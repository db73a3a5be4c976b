"""What a copy effect copies when the object it refers to has left the battlefield (CR 608.2h, 111.12).

:func:`copy_source` decides it from the object now (the card it became, or nothing for a token) and the
permanent as it last existed on the battlefield (``engine.actions.zones.last_known`` rebuilds that from
the board's recorded events). Pure: no board is changed here.
"""

from __future__ import annotations

from engine.copy.effects import COPIABLE, COPY_OF_COPY, original_param
from engine.core.citations import cite
from engine.core.messages import Param, card, msg
from engine.core.model import CopyEffect, CopyScope, Frozen
from engine.core.results import Explanation
from engine.oracle.wording import is_static_copy
from engine.state.board import GameObject, Zone

LAST_KNOWN = cite("608.2h", "if it’s no longer in that zone")
LAST_KNOWN_USED = cite("608.2h", "the effect uses the object’s last known information")
TOKEN_OF_LAST_KNOWN = cite("111.12", "This does not apply to an effect that would use the last known")
TOKEN_GONE = cite("111.7", "A token that’s in a zone other than the battlefield ceases to exist")
NEW_OBJECT = cite("400.7", "becomes a new object with no memory of, or relation to, its previous existence")
ILLEGAL_TARGET = cite(
    "608.2b", "A target that’s no longer in the zone it was in when it was targeted is illegal"
)
NO_INFORMATION = cite("608.2b", "If part of the effect requires information about an illegal target")


class CopySource(Frozen):
    """The object a copy effect copies (None: nothing is copied) and why, when that isn't the object now."""

    original: GameObject | None
    steps: tuple[Explanation, ...] = ()


def uses_last_known(effect: CopyEffect | None) -> bool:
    """Whether ``effect`` copies a permanent that may have left the battlefield by the time it applies.

    Not one that copies a card (Mimic Vat's "a card exiled with ~": the card is where the effect expects
    it), nor a static ability's (Essence of the Wild, Metamorphic Alteration: CR 604.7); of those that make
    a permanent enter as a copy, only one of an object chosen before (Mystic Reflection's "the chosen
    creature") — Clone chooses as it enters among the permanents on the battlefield.
    """
    if effect is None:
        return True
    wording = effect.copyable.casefold()
    if "card" in wording.split() or is_static_copy(effect.text):
        return False
    return effect.scope is not CopyScope.ENTER_AS_COPY or "chosen" in wording.split()


def copy_source(
    handle: str, now: GameObject | None, last: GameObject | None, effect: CopyEffect | None
) -> CopySource:
    """What a copy effect whose ``of`` is ``handle`` copies: the object ``now`` while it is on the
    battlefield; once that permanent has left it (``last`` is how it last existed there), its last known
    information — or nothing when it was the effect's target (CR 608.2b, 608.2h)."""
    if last is None or (now is not None and now.zone is Zone.BATTLEFIELD):
        if now is None:
            raise KeyError(f"no object {handle!r} on the board")
        return CopySource(original=now)
    label = original_param(last)
    if effect is not None and "target" in effect.copyable.casefold().split():
        return CopySource(
            original=None,
            steps=(
                Explanation.of(
                    msg(
                        "{handle} ({label}) was the target of the copy effect ({copyable}) and has left the "
                        "battlefield: it is an illegal target, and the effect can't get information from it, "
                        "so nothing is copied.",
                        handle=card(handle),
                        label=label,
                        copyable=effect.copyable,
                    ),
                    ILLEGAL_TARGET,
                    NO_INFORMATION,
                ),
            ),
        )
    return CopySource(original=last, steps=(_last_known_step(handle, now, last, effect, label),))


def _last_known_step(
    handle: str, now: GameObject | None, last: GameObject, effect: CopyEffect | None, label: Param
) -> Explanation:
    rules = [LAST_KNOWN, LAST_KNOWN_USED, COPIABLE]
    copied: Param = ""
    if last.copies:
        copied = msg(": the values its own copy effect gave it, fixed when that effect began to apply")
        rules.append(COPY_OF_COPY)
    after: Param = ""
    if now is not None:
        after = msg(
            "; the card it became in the {zone} is a new object, and isn't what is copied",
            zone=ZONE_NAMES[now.zone],
        )
        rules.append(NEW_OBJECT)
    elif last.token:
        after = msg("; it was a token, which ceased to exist, but its last known information remains")
        rules.append(TOKEN_GONE)
    token: Param = ""
    if effect is None or effect.scope is CopyScope.TOKEN_COPY:
        token = msg(". A token copy of it is created all the same")
        rules.append(TOKEN_OF_LAST_KNOWN)
    text = msg(
        "{handle} left the battlefield before the copy effect applied, so the effect uses its last known "
        "information: the copiable values it had as it last existed on the battlefield "
        "({label}){copied}{after}{token}.",
        handle=card(handle),
        label=label,
        copied=copied,
        after=after,
        token=token,
    )
    return Explanation.of(text, *rules)


ZONE_NAMES = {
    Zone.BATTLEFIELD: msg("battlefield"),
    Zone.GRAVEYARD: msg("graveyard"),
    Zone.EXILE: msg("exile"),
    Zone.STACK: msg("stack"),
    Zone.HAND: msg("hand"),
    Zone.LIBRARY: msg("library"),
}
"""A zone's name after "in the" ("the card it became in the graveyard")."""
