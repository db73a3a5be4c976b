"""Cards exiled "until ~ leaves the battlefield" (Hostage Taker, Banisher Priest) come back (CR 610.3).

Such an ability's one-shot effect creates a second one immediately after the specified event: when its
source leaves the battlefield, the exiled card returns to the battlefield under its owner's control (610.3c),
with no triggered ability and no chance to respond (the Hostage Taker ruling of 2017-09-29). A card exiled
with the source by another of its abilities, or by an ability of another text it had (CR 607.2a, 707.7),
doesn't return this way; a token in exile has ceased to exist (CR 111.7).
"""

from __future__ import annotations

from engine.actions.imprint import exiled_with
from engine.core.citations import cite
from engine.core.messages import card as card_name
from engine.core.messages import msg
from engine.core.results import Explanation
from engine.layers.counted import copiable_unknowns
from engine.layers.exiled_links import text_values
from engine.oracle.linked import says_exile
from engine.oracle.zones import exiles_until_it_leaves
from engine.state.board import Board, GameObject

UNTIL_EVENT = cite("610.3", "A second one-shot effect is created immediately after the specified event")
OWNER_RETURNS = cite("610.3c", "returns under its owner’s control unless otherwise specified")

__all__ = ["OWNER_RETURNS", "UNTIL_EVENT", "exiled_until_it_left", "returned_step", "unknown_return_note"]


def exiled_until_it_left(board: Board, source: GameObject) -> tuple[GameObject, ...] | None:
    """The cards in exile that an ability of ``source`` (as on ``board``, before it left) exiled "until ~
    leaves the battlefield"; None when its text's abilities aren't known, so which return isn't either."""
    linked = [o for o in exiled_with(board, source) if not o.token and o.card is not None]
    if not linked:
        return ()
    if "abilities" in copiable_unknowns(source):
        return None
    texts = [a.rules_text for a in text_values(source, board).abilities]
    first = next((i for i, text in enumerate(texts, 1) if says_exile(text.casefold())), None)
    until = {i for i, text in enumerate(texts, 1) if exiles_until_it_leaves(text)}
    return tuple(o for o in linked if (o.exiled_by_ability or first) in until)


def returned_step(source: GameObject, returned: GameObject) -> Explanation:
    """Why ``returned`` is back on the battlefield as ``source`` leaves (CR 610.3, 610.3c)."""
    return Explanation.of(
        msg(
            "{card} was exiled until {source} leaves the battlefield: immediately after {source} leaves, "
            "it returns to the battlefield under its owner's control, a new object. The return is a one-shot "
            "effect the rules create then, not a triggered ability: no player can respond to it (abilities "
            "that trigger on its entering still do).",
            card=card_name(returned.id),
            source=card_name(source.id),
        ),
        UNTIL_EVENT,
        OWNER_RETURNS,
    )


def unknown_return_note(source: GameObject) -> Explanation:
    """The abilities of ``source``'s text aren't known: whether a card it exiled returns isn't either."""
    return Explanation.of(
        msg(
            "Which abilities {source} had isn't known, so whether the cards exiled with it were exiled until "
            "it leaves the battlefield, and so return now, is unknown; they are left in exile.",
            source=card_name(source.id),
        ),
        UNTIL_EVENT,
    )
