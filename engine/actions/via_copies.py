"""The ability by which a permanent becomes a copy (CR 707.4), as a board's ``becomes_copy`` names it:
``via`` a card, or none (the permanent's own ability).

A card's copy effect may grant the copy an ability that itself makes it become a copy (Vesuvan
Doppelganger: "… except it doesn't copy that creature's color and it has 'At the beginning of your upkeep,
you may have this creature become a copy of target creature …'", CR 707.9a): ``via`` that card is the
ability it gave.
"""

from __future__ import annotations

from engine.copy.effects import CopyError, card_copy_effect, copies_its_target, targeting_stopped
from engine.core.messages import card as card_name
from engine.core.messages import msg
from engine.core.model import Card, CopyEffect, CopyScope, ExceptionKind
from engine.layers.copiable import copiable_values
from engine.oracle.copy_effects import becomes_copy_of, targets_the_copier
from engine.state.actions import BecomesCopyAction
from engine.state.board import Board, GameObject


def check_stack_targets(board: Board, action: BecomesCopyAction, effect: CopyEffect) -> None:
    """A stack entry making a permanent become a copy targets what its text says — the permanent that
    changes (Cytoshape) or what it copies (Mirrorweave) — and can't have targeted what shroud, or hexproof
    against its controller, protects (CR 601.2c, 702.18a, 702.11b): else the copy couldn't have been made."""
    if action.stack_controller is None:
        return
    targeted = (
        action.target if targets_the_copier(effect.text) else action.of if copies_its_target(effect) else None
    )
    if targeted is not None and targeted not in action.stack_targets:
        raise CopyError(
            msg(
                "{spell} on the stack targets {targets}, but its text makes {targeted} its target "
                "(CR 601.2c).",
                spell=card_name(action.via_stack or ""),
                targets=", ".join(action.stack_targets) or msg("nothing"),
                targeted=card_name(targeted),
            )
        )
    for handle in (h for h in action.stack_targets if h in (action.target, action.of) and board.has(h)):
        stopped = targeting_stopped(board.get(handle), action.stack_controller, board)
        if stopped is not None:
            raise CopyError(
                msg(
                    "{spell} on the stack targets {target}, which can't be targeted by it: it has {what} (CR "
                    "{rule}).",
                    spell=card_name(action.via_stack or ""),
                    target=card_name(handle),
                    what=stopped,
                    rule="702.18a" if stopped == "shroud" else "702.11b",
                )
            )


def via_becoming_effect(card: Card, copier: GameObject, own: CopyEffect | None) -> CopyEffect | None:
    """The copy effect by which ``card`` makes ``copier`` become a copy: an ability of the card's own,
    else the ability its copy effect grants a copy (CR 707.9a) — which only a permanent that has it can
    use (``own``, the one ``copier`` has now); None when the card has neither."""
    effect = card_copy_effect(card, (CopyScope.BECOME_COPY,))
    if effect is not None:
        return effect
    granted = granted_becoming_effect(card)
    if granted is not None and own is None:
        raise CopyError(
            msg(
                "{card} gives its “become a copy” ability only to a permanent copying with it (CR 707.9a); "
                "{copier} doesn't have that ability.",
                card=card_name(card.name),
                copier=card_name(copier.id),
            )
        )
    return granted


def granted_becoming_effect(card: Card) -> CopyEffect | None:
    """The "become a copy" ability ``card``'s copy effect grants the copy, with the granting effect's
    exceptions, as the copy has it (as ``engine.copy.exceptions`` grants it); None when it grants none."""
    for granting in (e for face in card.faces for e in face.copy_effects):
        for exception in granting.exceptions:
            if exception.kind is not ExceptionKind.GAIN_ABILITY:
                continue
            for text in exception.abilities:
                inner = text.strip().strip('"“”')
                copyable = becomes_copy_of(inner)
                if copyable is not None:
                    return granting.model_copy(
                        update={"scope": CopyScope.BECOME_COPY, "copyable": copyable, "text": inner}
                    )
    return None


def own_ability_name(copier: GameObject, own: CopyEffect | None) -> str:
    """Whose ability a permanent uses becoming a copy with no ``via``: its own (the upkeep ability of a
    Vesuvan Doppelganger copying Grizzly Bears is the Doppelganger's, not Grizzly Bears'), named by its
    handle; by its name when that ability names the copy after it ("except its name is ~", CR 707.9b)."""
    names_it = own is not None and any(e.kind is ExceptionKind.SET_NAME for e in own.exceptions)
    return (copiable_values(copier).name or copier.id) if names_it else copier.id
