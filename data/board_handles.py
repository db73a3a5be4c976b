"""What a board's ``via`` (and ``made_by``) names: a card, a board object's ability, or a stack entry.

``via: Twincast`` is a card name; ``via: vat`` (the handle of an object defined earlier, whose text is its
card's) is that object's ability, with its card's text; ``via: cyto`` (a stack entry's handle, written
anywhere in the file) is that spell or ability resolving (CR 608.2n). ``via: {id: HANDLE}`` names a handle
only: one that no object nor stack entry has is an error naming the line, where a plain value would be read
as a card name. A value that is the handle of an object whose text isn't its card's (a token, a copy, a
face-down permanent) is never read as a card name: it is refused, except for a permanent becoming a copy by
its own ability (``becomes_copy: {object: vd, via: vd}``), which is the same as giving no ``via``.
"""

from __future__ import annotations

from typing import Any

from data import board_values as check
from data.board_format import BoardFormatError
from data.excerpts import excerpt
from engine import (
    Action,
    BecomesCopyAction,
    CausedAction,
    CreateTokenAction,
    CreateTokenCopyAction,
    NextEntersAsCopyAction,
    Player,
    StackEntrySpec,
    mana_symbols,
    msg,
    stack_handles,
)


def read_via(
    raw: dict[str, Any],
    line: int | None,
    key: str,
    defined: dict[str, int],
    card_of: dict[str, str],
    explicit: set[tuple[int, str]],
) -> tuple[str | None, str | None]:
    """``raw[key]`` as the card whose spell or ability did it and the handle of the board object whose
    ability that is (None when it names none). ``defined`` holds the handles defined so far, ``card_of`` the
    card whose text each object has; an explicit ``{id: HANDLE}`` not yet defined is added to ``explicit``
    for :func:`stack_via` to check."""
    if key not in raw:
        return None, None
    value = raw[key]
    named_handle = isinstance(value, dict)
    if isinstance(value, dict):
        if list(value) != ["id"]:
            raise BoardFormatError(
                msg("{key} is a card name or {example}", key=key, example="{id: HANDLE}"), line
            )
        value = value["id"]
    handle = check.text(value, line, key)
    if handle not in defined:
        if named_handle:
            explicit.add((line or 0, handle))
        return handle, None
    card = card_of.get(handle)
    if card is not None:
        return card, handle
    if key == "via" and "of" in raw and raw.get("object") == handle:
        return None, None  # it becomes a copy by its own ability, the one it has now (Vesuvan Doppelganger)
    raise BoardFormatError(
        msg(
            "{key} names {handle}, an object whose text isn't its card's (a token, a copy or a face-down "
            "permanent): a value that is a handle on the board names that object, never a card, and its "
            "ability can't be read from its card; give {key}: CARD NAME, the card whose text it has, instead "
            "(and that object an id of its own, when its handle is this card's name)",
            key=key,
            handle=excerpt(handle),
        ),
        line,
    )


def stack_via(
    action: Action,
    stack: tuple[StackEntrySpec, ...],
    card_of: dict[str, str],
    explicit: set[tuple[int, str]],
) -> Action:
    """An action whose ``via`` names a stack entry (``{card: Cytoshape, id: cyto}``): its effect is that
    spell's or ability's as it resolves, with the text of the entry's card (a copy's: the original's); a
    token it creates is the entry's controller's unless the action says whose (CR 111.2)."""
    if not isinstance(action, CausedAction | NextEntersAsCopyAction) or not action.via:
        return action
    entries = dict(zip(stack_handles(stack), stack, strict=True))
    by_object = isinstance(action, CausedAction) and action.via_object is not None
    entry = None if by_object else entries.get(action.via)
    if entry is None and (action.line, action.via) in explicit:
        raise BoardFormatError(
            msg(
                "via refers to {handle}, which is neither an object defined earlier in the board nor a "
                "stack entry",
                handle=excerpt(action.via),
            ),
            action.line,
        )
    if entry is None:
        return action
    entry_controller = entry.controller
    spent = _mana_spent(entry)
    seen: set[str] = set()
    while entry.copy_of is not None and entry.copy_of in entries and entry.copy_of not in seen:
        seen.add(entry.copy_of)  # a copy of a copy has the text of the spell copied first (CR 707.10)
        entry = entries[entry.copy_of]
    card = entry.card or card_of.get(entry.source or "")
    if card is None:
        raise BoardFormatError(
            msg(
                "via names {handle} on the stack, an ability of an object whose text isn't its card's (a "
                "token, a copy or a face-down permanent); give via: CARD NAME instead",
                handle=excerpt(action.via),
            ),
            action.line,
        )
    _check_becomes_copy_targets(action, entry)
    creating = isinstance(action, CreateTokenAction | CreateTokenCopyAction) and not action.controller_given
    controller: dict[str, object] = {"controller": Player(entry_controller)} if creating else {}
    if isinstance(action, BecomesCopyAction):
        controller = {"stack_targets": entry.targets, "stack_controller": Player(entry_controller)}
    face = entry.face if entry.face in ("back", "adventure") else None
    spending = {"stack_mana": spent, "stack_face": face} if isinstance(action, CausedAction) else {}
    return action.model_copy(update={"via": card, "via_stack": action.via, **controller, **spending})


def _mana_spent(entry: StackEntrySpec) -> tuple[str, ...] | None:
    """The mana symbols spent to cast the stack entry (its ``paid: {mana}``); none for a copy, which isn't
    cast (CR 707.10); None when the board doesn't say."""
    if entry.copy_of is not None:
        return ()
    if entry.paid is None or not entry.paid.mana:
        return None
    return mana_symbols(entry.paid.mana)


def _check_becomes_copy_targets(action: Action, entry: StackEntrySpec) -> None:
    """A spell or ability making a permanent become a copy targets the permanent ("Target creature becomes
    a copy of …", Cytoshape) or what it copies ("Each other creature becomes a copy of target …",
    Mirrorweave; the creatures it changes aren't targets, CR 115.1): with its targets given, one of the
    two must be among them. Which one, only its text says (checked where the card is known)."""
    if not isinstance(action, BecomesCopyAction) or not entry.targets:
        return
    if action.target in entry.targets or action.of in entry.targets:
        return
    raise BoardFormatError(
        msg(
            "{handle} on the stack targets {targets}: neither {target}, which becomes a copy, nor {of}, "
            "which it copies, is one of them",
            handle=excerpt(action.via),
            targets=", ".join(entry.targets),
            target=excerpt(action.target),
            of=excerpt(action.of),
        ),
        action.line,
    )
