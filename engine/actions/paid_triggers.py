"""Squad and offspring on the battlefield (CR 702.157, 702.175): a board's ``squad``/``offspring`` checked
against the permanent's card, and whether each of its squad and offspring abilities triggers as it enters.

Both are linked to a cost paid as the permanent was cast (702.157a, 702.175a, 607.2i): a permanent that
entered as a copy (a Clone, a token copy — the tokens squad and offspring create among them) wasn't cast
with that text, so its squad or offspring ability doesn't trigger; a token that isn't a copy wasn't cast
either. For a cast card, what the board doesn't give is unknown, with both outcomes named.
"""

from __future__ import annotations

from engine.actions.entering_triggers import INTERVENING_IF
from engine.core.characteristics import GameAbility
from engine.core.citations import Citation
from engine.core.messages import Message, listing, msg
from engine.core.messages import card as card_name
from engine.core.model import Card
from engine.core.results import Explanation
from engine.oracle.kicker import kicker_of
from engine.oracle.paid_costs import (
    EVOKE,
    OFFSPRING,
    SQUAD,
    SQUAD_EACH,
    PaidCostRefused,
    check_paid,
    cost_of,
)
from engine.state.board import Board, BoardError, GameObject, ObjectSpec


def check_object_costs(spec: ObjectSpec, card: Card | None) -> None:
    """``squad``/``offspring`` given for an object whose card has no such cost: an error naming its line
    and the paid-cost keys the card accepts; ``x`` for a card whose mana cost has no {X} (no value of X was
    chosen for it, CR 107.3m, so a copied "enters with X" counts 0)."""
    if card is not None and spec.x is not None and not card.has_x_cost:
        where = msg("line {line}: ", line=spec.line) if spec.line else ""
        raise BoardError(
            msg(
                "{where}{card}'s mana cost has no {{X}}, so no value of X was chosen for it (x can't be "
                "given; an X its copied text refers to is 0, CR 107.3m)",
                where=where,
                card=card_name(card.front.name),
            )
        )
    paid = (("squad", spec.squad), ("offspring", spec.offspring), ("evoked", spec.evoked))
    given = [key for key, value in paid if value is not None]
    if card is None or not given:
        return
    try:
        check_paid(card.front.name, card.front.abilities, given)
    except PaidCostRefused as refused:
        where = msg("line {line}: ", line=spec.line) if spec.line else ""
        raise BoardError(msg("{where}{why}", where=where, why=refused.message)) from None


def not_cast(card: Card) -> dict[str, int | bool]:
    """The kicker, squad, offspring and evoke payments of a card put onto the battlefield without being
    cast: none (the keys only for a card with those costs, CR 702.33a, 702.157a, 702.175a, 702.74a)."""
    abilities = card.front.abilities
    paid: dict[str, int | bool] = {}
    if kicker_of(abilities).costs:
        paid["kicked"] = False
    if cost_of(abilities, "squad"):
        paid["squad"] = 0
    if cost_of(abilities, "offspring"):
        paid["offspring"] = False
    if cost_of(abilities, "evoke"):
        paid["evoked"] = False
    return paid


def paid_trigger_notes(board: Board, obj: GameObject, abilities: tuple[GameAbility, ...]) -> Board:
    """As ``obj`` enters: whether its squad and offspring abilities trigger (CR 702.157a, 702.175a)."""
    for keyword, count in (("squad", obj.squad), ("offspring", obj.offspring)):
        costs = cost_of(abilities, keyword)
        if costs:
            explanation, unknown = _trigger(obj, keyword, costs, count)
            board = board.explain(obj.id, explanation, note=unknown)
    if cost_of(abilities, "evoke"):
        explanation, unknown = _evoke_trigger(obj, cost_of(abilities, "evoke")[0])
        board = board.explain(obj.id, explanation, note=unknown)
    return board


def _evoke_trigger(obj: GameObject, cost: str) -> tuple[Explanation, bool]:
    """Evoke's "When this permanent enters, if its evoke cost was paid, its controller sacrifices it"
    (CR 702.74a, an intervening "if", 603.4): a copy or a token wasn't cast for it."""
    if obj.copies or obj.token:
        why = msg("it entered as a copy") if obj.copies else msg("it is a token")
        return Explanation.of(
            msg(
                "Its evoke sacrifice ability doesn't trigger: {why}, so it wasn't cast for its evoke cost.",
                why=why,
            ),
            EVOKE,
            INTERVENING_IF,
        ), False
    if obj.evoked is None:
        return Explanation.of(
            msg(
                "Whether it was cast for its evoke cost ({cost}) is unknown, because the board doesn't say "
                "(evoked: true or false): if it was, its evoke ability triggers as it enters and its "
                "controller sacrifices it; if not, it doesn't trigger.",
                cost=cost,
            ),
            EVOKE,
            INTERVENING_IF,
        ), True
    if obj.evoked:
        return Explanation.of(
            msg(
                "When it enters, its evoke ability triggers (it was cast for its evoke cost): as it "
                "resolves, its controller sacrifices it. Its other enters abilities trigger too."
            ),
            EVOKE,
            INTERVENING_IF,
        ), False
    return Explanation.of(
        msg("Its evoke sacrifice ability doesn't trigger: it wasn't cast for its evoke cost."), EVOKE
    ), False


def _trigger(
    obj: GameObject, keyword: str, costs: tuple[str, ...], count: int | bool | None
) -> tuple[Explanation, bool]:
    rule: Citation = SQUAD if keyword == "squad" else OFFSPRING
    makes = (
        msg("a token that's a copy of it for each time its squad cost was paid")
        if keyword == "squad"
        else msg("a token that's a copy of it, except it's 1/1")
    )
    if obj.copies or obj.token:
        why = (
            msg("it entered as a copy, so it wasn't cast with the text it copied")
            if obj.copies
            else msg("it is a token, which wasn't cast")
        )
        return Explanation.of(
            msg(
                "Its {keyword} ability doesn't trigger: it triggers only if its {keyword} cost was paid as "
                "it was cast, and {why}.",
                keyword=keyword,
                why=why,
            ),
            rule,
        ), False
    several: tuple[Citation, ...] = (SQUAD_EACH,) if keyword == "squad" and len(costs) > 1 else ()
    if count is None:
        outcome: Message = (
            msg("paid N times, it triggers and, as it resolves, creates N tokens that are copies of it")
            if keyword == "squad"
            else msg("paid, it triggers and, as it resolves, creates a 1/1 token copy of it")
        )
        example = "squad: N" if keyword == "squad" else "offspring: true"
        return Explanation.of(
            msg(
                "Whether its {keyword} cost ({cost}) was paid as it was cast is unknown, because the board "
                "doesn't say ({example}): {outcome}; not paid (or not cast), it doesn't trigger.",
                keyword=keyword,
                cost=listing(list(costs)),
                example=example,
                outcome=outcome,
            ),
            rule,
            INTERVENING_IF,
            *several,
        ), True
    if count is False or count == 0:
        return Explanation.of(
            msg(
                "Its {keyword} ability doesn't trigger: its {keyword} cost wasn't paid as it was cast (or it "
                "wasn't cast).",
                keyword=keyword,
            ),
            rule,
        ), False
    times = 1 if count is True else int(count)
    if several:
        return Explanation.of(
            msg(
                "It has {n} squad abilities ({costs}), and each triggers only for the payments made for its "
                "own cost: its squad costs were paid {times} time(s) in all, so as they resolve they create "
                "{times} token(s) that are copies of it; how many of its squad abilities trigger is unknown, "
                "because the board doesn't say how the payments were split between its costs (each one paid "
                "at least once triggers).",
                n=len(costs),
                costs=listing(list(costs)),
                times=times,
            ),
            rule,
            INTERVENING_IF,
            *several,
        ), True
    return Explanation.of(
        msg(
            "When it enters, its {keyword} ability triggers (its {keyword} cost was paid{times}): as it "
            "resolves, it creates {makes}{count}.",
            keyword=keyword,
            times=msg(" {n} time(s)", n=times) if keyword == "squad" else "",
            makes=makes,
            count=msg(" — {n} token(s)", n=times) if keyword == "squad" else "",
        ),
        rule,
        INTERVENING_IF,
        *several,
    ), False
