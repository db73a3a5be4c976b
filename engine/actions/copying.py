"""A copy effect applied to a permanent that enters as a copy or becomes one (CR 707.2, 707.4, 707.5): its
copiable values, the commander designation it keeps (903.3), the coin flip or die roll its effect depends
on (705.1, 706.1), a copy of a copy applying its copied copy ability again (707.9e, 707.9g, 603.11)."""

from __future__ import annotations

from engine.actions.as_enters import (
    COIN_FLIP,
    DIE_ROLL,
)
from engine.actions.resolving import COPIED_ENTERING_TEXT
from engine.actions.standing_copies import ENTERS_AS_COPY
from engine.copy.effects import (
    COLOR_AND_ABILITIES,
    COPIABLE,
    COPY_STATUS,
    CopyError,
    apply_copy,
    check_copyable,
    copy_effect_of,
    original_param,
)
from engine.copy.exceptions import exception_wording
from engine.core.citations import cite
from engine.core.messages import Param, msg
from engine.core.messages import card as card_name
from engine.core.model import CopyEffect, CopyScope, ExceptionKind
from engine.core.results import Explanation
from engine.layers.copiable import copiable_values, text_for_copying
from engine.layers.notes import unknown_note
from engine.layers.system import FLIP_ALTERNATIVE, FLIP_COST_COLOR
from engine.oracle.copy_effects import WON_FLIPS, RandomResult, random_result, tokens_per_won_flip
from engine.oracle.wording import ALL_CHARACTERISTICS
from engine.state.board import (
    Board,
    BoardError,
    GameObject,
)

KEEPS_STATUS = cite("110.5c", "A permanent retains its status until a spell, ability, or turn-based action")
BECOMES_COPY = cite(
    "707.4", "The change doesn’t cause enters-the-battlefield or leaves-the-battlefield abilities"
)
LINKED_TRIGGER_LOST = cite("707.9g", "If another copy effect is applied to that object after applying")
COMMANDER_DESIGNATION = cite("903.3", "This designation is not a characteristic of the object")
LINKED_STATIC_TRIGGER = cite("603.11", "Some objects have a static ability that’s linked to one or more")
ADDITIONAL_EFFECT_LOST = cite("707.9e", "the exception’s effect doesn’t happen")


def copy_onto(
    board: Board,
    copier: GameObject,
    original: GameObject,
    effect: CopyEffect | None,
    via: str,
    timestamp: int,
    *,
    entering: bool,
    mana_spent: tuple[str, ...] | None = None,
) -> tuple[GameObject, Board]:
    """``copier`` as a copy of ``original`` through ``via``'s ``effect`` (entering as one or becoming one,
    CR 707.5, 707.4), with the steps that say what it took and kept, and the board with them;
    ``mana_spent``: the mana spent to cast the spell whose effect it is, when the board says."""
    for note in check_copyable(effect, via, copier, original, board) if effect is not None else ():
        board = board.explain(copier.id, note, note=True)
    copier, why = apply_copy(board, copier, original, effect, via, timestamp, mana_spent=mana_spent)
    # A flipped original's status isn't copied (707.3): what it copies is the flip card, named by its top.
    label = original_param(original, text_for_copying(original).main if original.flipped else None)
    rule = ENTERS_AS_COPY if entering else BECOMES_COPY
    template = (
        msg(
            "{copier} enters as a copy of {label} through {via}'s ability: it takes the copiable values of "
            "{label} — name, mana cost, color indicator, types, rules text, power, toughness and loyalty — "
            "and with them its color and abilities.",
            copier=card_name(copier.id),
            label=label,
            via=card_name(via),
        )
        if entering
        else msg(
            "{copier} becomes a copy of {label} through {via}'s ability: it takes the copiable values of "
            "{label} — name, mana cost, color indicator, types, rules text, power, toughness and loyalty — "
            "and with them its color and abilities.",
            copier=card_name(copier.id),
            label=label,
            via=card_name(via),
        )
    )
    board = board.explain(
        copier.id,
        Explanation.of(
            template,
            COPIABLE,
            COLOR_AND_ABILITIES,
            rule,
        ),
    )
    for explanation in why:
        board = board.explain(copier.id, explanation)
    board = _commander_note(board, copier, original)
    copied = copier.copies[-1].values
    if copier.flipped and copied.flipped is None:
        board = board.explain(
            copier.id,
            Explanation.of(
                msg(
                    "{copier} stays flipped — a copy effect doesn't change its status, which it retains even "
                    "though that has no relevance to {label}.",
                    copier=card_name(copier.id),
                    label=label,
                ),
                COPY_STATUS,
                KEEPS_STATUS,
            ),
        )
    if copier.flipped and copied.flipped is not None:
        board = board.explain(
            copier.id,
            Explanation.of(
                msg(
                    "{copier} is flipped, and the copy effect doesn't change its status: its copiable values "
                    "are the copied flip card's as modified by that status — {flipped}. Mana cost and color "
                    "stay those of the copied card's normal half.",
                    copier=card_name(copier.id),
                    flipped=card_name(copied.flipped.name or ""),
                ),
                COPY_STATUS,
                FLIP_ALTERNATIVE,
                FLIP_COST_COLOR,
            ),
        )
    return copier, board


def _commander_note(board: Board, copier: GameObject, original: GameObject) -> Board:
    """A copy of a commander isn't a commander, and a commander that copies something stays one: the
    designation belongs to the card, not to its copiable values (CR 903.3, 707.2)."""
    if original.commander:
        text = msg(
            "{original} is its owner's commander, but that designation belongs to the card and isn't a "
            "characteristic, so it isn't copied: {copier} is not a commander.",
            original=card_name(original.id),
            copier=card_name(copier.id),
        )
    elif copier.commander:
        text = msg(
            "{copier} is still its owner's commander: that designation belongs to the card and isn't a "
            "characteristic, so copying something doesn't change it.",
            copier=card_name(copier.id),
        )
    else:
        return board
    return board.explain(copier.id, Explanation.of(text, COMMANDER_DESIGNATION, COPIABLE), note=True)


def apply_random_result(
    board: Board, obj: GameObject, effect: CopyEffect | None, via: str, given: str | None
) -> tuple[Board, GameObject]:
    """A copy effect that flips a coin or rolls a die (Mirror March) needs the result (``random:``): the
    board gives it, or what it made of ``obj`` is unknown, never guessed; given for another, it's refused."""
    kind = random_result(effect)
    if kind is None:
        if given is not None:
            raise BoardError(
                msg(
                    "random: {given} is the result of a coin flip or die roll, but {via}'s copy effect has "
                    "none",
                    given=repr(given),
                    via=card_name(via),
                )
            )
        return board, obj
    rule = COIN_FLIP if kind is RandomResult.COIN_FLIP else DIE_ROLL
    if tokens_per_won_flip(effect):
        return _per_won_flip(board, obj, via, given), obj
    if given is None:
        reason = msg(
            "the result of the {kind} wasn't given, and what {via}'s copy effect does depends on it (give it "
            "as random: …)",
            kind=_RANDOM_WORDS[kind],
            via=card_name(via),
        )
        note, unknown = unknown_note(ALL_CHARACTERISTICS, reason, rule)
        unknown = unknown.model_copy(update={"copiable": True, "copied": True})
        obj = obj.with_unknowns(unknown)
        return board.explain(obj.id, note, note=True), obj
    explanation = Explanation.of(
        msg(
            "The {kind}'s result was {given} (the board gives it), so {via}'s copy effect did what the board "
            "says.",
            kind=_RANDOM_WORDS[kind],
            given=given,
            via=card_name(via),
        ),
        rule,
    )
    return board.explain(obj.id, explanation), obj


def _per_won_flip(board: Board, token: GameObject, via: str, given: str | None) -> Board:
    """Mirror March: one token for each flip won, each the same copy; the flips decide how many tokens there
    are, not what they are (CR 705.2). Without the wins, whether ``token`` exists at all is open; with none
    won, it doesn't."""
    if given is None:
        note = msg(
            "How many tokens {via} created is unknown: it flips a coin until a flip is lost and creates one "
            "for each flip won (none, one, two …; give the wins as random: won N). This answer is about "
            "{token} if it won at least one flip: each token it created is the same copy.",
            via=card_name(via),
            token=card_name(token.id),
        )
        return board.explain(token.id, Explanation.of(note, FLIPS_WON), note=True)
    won = WON_FLIPS.match(given.strip())
    if won is None:
        raise BoardError(
            msg(
                "random: {given} isn't a result of {via}'s coin flips: give how many flips were won before "
                "one was lost, as random: won N",
                given=repr(given),
                via=card_name(via),
            )
        )
    count = int(won["n"])
    if count == 0:
        raise BoardError(
            msg(
                "{via}'s coin flips were won 0 times (random: won 0), so it created no token: {token} "
                "doesn't exist (CR 705.2).",
                via=card_name(via),
                token=card_name(token.id),
            )
        )
    return board.explain(
        token.id,
        Explanation.of(
            msg(
                "{via} won {count} coin flips before one was lost, so it created {count} tokens, each the "
                "same copy; {token} is one of them.",
                via=card_name(via),
                count=count,
                token=card_name(token.id),
            ),
            FLIPS_WON,
        ),
    )


FLIPS_WON = cite("705.2", "If the call matches the result, the player wins the flip")


_RANDOM_WORDS: dict[RandomResult, Param] = {
    RandomResult.COIN_FLIP: msg("coin flip"),
    RandomResult.DIE_ROLL: msg("die roll"),
}


def copy_again(
    board: Board, obj: GameObject, original: GameObject, timestamp: int
) -> tuple[GameObject, Board]:
    """Apply the "enter as a copy" replacement the entering object got from the text it copied (CR 707.5).

    The exceptions of the copy effect applied before it that are additional effects or linked triggers
    then don't happen (CR 707.9e, 707.9g).
    """
    values = copiable_values(obj)
    effect = copy_effect_of(values.abilities, (CopyScope.ENTER_AS_COPY,))
    if effect is None:
        raise CopyError(
            msg(
                "{card} enters as a copy of {name}, which has no ability to enter as a copy, so it can't "
                "also copy {original}.",
                card=card_name(obj.id),
                name=card_name(values.name) if values.name else msg("a face-down permanent"),
                original=card_name(original.id),
            )
        )
    earlier = obj.copies[-1].effect
    board = board.explain(
        obj.id,
        Explanation.of(
            msg(
                "The copied text includes {card}'s own “enter as a copy” replacement effect, so that applies "
                "to the same entering event as well: its controller chooses what it copies.",
                card=card_name(values.name or ""),
            ),
            COPIED_ENTERING_TEXT,
        ),
    )
    obj, board = copy_onto(board, obj, original, effect, values.name or obj.id, timestamp, entering=True)
    for exception in earlier.exceptions if earlier else ():
        wording = exception_wording(exception.text, obj)
        if exception.kind is ExceptionKind.ADDITIONAL_EFFECT:
            board = board.explain(
                obj.id,
                Explanation.of(
                    msg(
                        "“{wording}” was an additional effect of the copy effect applied before this one, so "
                        "it doesn't happen.",
                        wording=wording,
                    ),
                    ADDITIONAL_EFFECT_LOST,
                ),
            )
        elif exception.kind is ExceptionKind.LINKED_TRIGGER:
            board = board.explain(
                obj.id,
                Explanation.of(
                    msg(
                        "“{wording}” was linked to the copy effect applied before this one, so it doesn't "
                        "trigger.",
                        wording=wording,
                    ),
                    LINKED_TRIGGER_LOST,
                ),
            )
    return obj, board


def linked_copy_trigger(board: Board, obj: GameObject) -> Board:
    """The triggered ability linked to the last copy effect applied as it entered triggers (CR 603.11)."""
    effect = obj.copies[-1].effect if obj.copies else None
    for exception in effect.exceptions if effect else ():
        if exception.kind is ExceptionKind.LINKED_TRIGGER:
            board = board.explain(
                obj.id,
                Explanation.of(
                    msg(
                        "“{wording}” is linked to the copy effect that was applied, so it triggers.",
                        wording=exception_wording(exception.text, obj),
                    ),
                    LINKED_STATIC_TRIGGER,
                    LINKED_TRIGGER_LOST,
                ),
            )
    return board
