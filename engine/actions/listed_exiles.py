"""Cards a board lists in exile with a permanent (``exile: [{card, exiled_by}]``): exiled with that
permanent's own linked ability only (CR 607.2a, 607.2b), and its "as ~ enters, exile …" note naming them."""

from __future__ import annotations

from engine.actions.as_enters import (
    exile_note,
)
from engine.actions.imprint import last_exiled_effects
from engine.core.messages import card as card_name
from engine.core.messages import listing, msg
from engine.core.results import Explanation, Unknown
from engine.layers.copiable import copiable_values
from engine.oracle.entering import (
    other_as_enters,
)
from engine.oracle.linked import exiles_cards
from engine.state.board import (
    Board,
    BoardError,
    GameObject,
    Zone,
    text_timestamp,
)


def listed_exiled_cards(board: Board) -> Board:
    """Cards the board lists as exiled with a permanent count for that permanent's own linked ability only
    (Duplicant's "last creature card exiled with ~", the last listed being the last exiled; CR 607.2a).

    The board lists cards in exile after its permanents, so a card listed as exiled with a copy was exiled
    by an ability of the text it has now (CR 707.7)."""
    for card in board.in_zone(Zone.EXILE):
        if card.exiled_by and board.has(card.exiled_by) and card.exiled_by_ability is not None:
            _check_exiling_ability(board.get(card.exiled_by), card)
        if card.exiled_by and board.has(card.exiled_by):
            text = text_timestamp(board.get(card.exiled_by))
            board = board.replace(card.model_copy(update={"exiled_text": text}))
    sources = {o.exiled_by for o in board.in_zone(Zone.EXILE) if o.exiled_by}
    for source in sorted(s for s in sources if board.has(s)):
        if board.get(source).zone is Zone.BATTLEFIELD:
            board = _listed_as_entering(board, board.get(source))
            board = last_exiled_effects(board, board.get(source))
    return board


def _check_exiling_ability(source: GameObject, card: GameObject) -> None:
    """A card listed as exiled with ``source``'s ability N must have been exiled by an ability that exiles:
    "the exiled card" of a returning ability refers to what another ability exiled (CR 607.2a)."""
    abilities = copiable_values(source).abilities
    number = card.exiled_by_ability or 0
    if not 1 <= number <= len(abilities):
        return  # the board reader checks the range against the printed text
    ability = abilities[number - 1]
    if ability.keyword is not None or exiles_cards(ability.rules_text):
        return
    exiling = [
        str(i) for i, a in enumerate(abilities, 1) if a.keyword is not None or exiles_cards(a.rules_text)
    ]
    raise BoardError(
        msg(
            "{card} is listed as exiled with {source}'s ability {number}, “{text}”, which exiles nothing; "
            "{accepted} (CR 607.2a)",
            card=card_name(card.id),
            source=card_name(source.id),
            number=number,
            text=ability.text,
            accepted=msg("an ability that exiles is ability {numbers}", numbers=listing(exiling, "or"))
            if exiling
            else msg("none of its abilities exiles"),
        )
    )


def _listed_as_entering(board: Board, source: GameObject) -> Board:
    """``source`` entered before the board listed the cards exiled with it: its "As ~ enters, exile …" note
    says those cards instead of nothing (CR 607.2b)."""
    exiled = tuple(o for o in board.in_zone(Zone.EXILE) if o.exiled_by == source.id)
    notes: dict[Explanation, Explanation] = {}
    stale: set[Unknown] = set()
    for ability in other_as_enters(copiable_values(source).abilities):
        before, now = exile_note(source, ability, ()), exile_note(source, ability, exiled)
        if before is not None and now is not None:
            notes[before[0]] = now[0]
            stale |= {before[1]} if before[1] is not None and now[1] is None else set()
    if stale:
        unknowns = tuple(u for u in source.unknowns if u not in stale)
        board = board.replace(source.model_copy(update={"unknowns": unknowns}))
    log = tuple(
        e.model_copy(update={"explanation": notes[e.explanation]})
        if e.object_id == source.id and e.note and e.explanation in notes
        else e
        for e in board.log
    )
    return board.model_copy(update={"log": log})
