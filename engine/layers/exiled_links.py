"""Which cards are exiled with an object's linked abilities (CR 607.1): after a text-changing effect (612.2,
612.5), the text its abilities come from now and the cards a word change leaves undecided; after it changed
zones, none the earlier object exiled (400.7); and those a pair of abilities one effect gave it exiled
(607.5)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from engine.core.characteristics import Characteristics, GameAbility
from engine.core.citations import Citation, cite
from engine.core.messages import Message, Param, card, msg, series
from engine.core.results import Explanation
from engine.layers.copiable import (
    copiable_values,
)
from engine.layers.text import (
    layer_three,
    source_label,
)
from engine.oracle.text_change import CORRECT_WAY
from engine.state.board import (
    Board,
    GameObject,
    Player,
    TextChange,
    Zone,
    became_object_at,
    exiled_with_text,
)

EXILED_WITH = cite("607.2b", "the exiled cards")
WORD_CHANGED_LINK = cite("607.1", "the second refers only to actions that were taken or objects")
NAMED_CARDS = cite(
    "607.2n", "the first ability of any objects that had the specified name before the game began"
)
NEW_OBJECT = cite("400.7", "becomes a new object with no memory of, or relation to, its previous existence")


@dataclass(frozen=True)
class Undecided:
    """Cards exiled with an object whose link to its abilities a word change leaves open, and why."""

    cards: tuple[GameObject, ...]
    reason: Message
    rules: tuple[Citation, ...]


def text_values(obj: GameObject, board: Board) -> Characteristics:
    """``obj``'s values after layer 3: the rules text its abilities come from now, text changes included
    (CR 613.1c; an exchange of text boxes gives it the other's, 612.5)."""
    return layer_three(copiable_values(obj), obj, board, copiable_values).values


def exile_link_changes(obj: GameObject, board: Board) -> tuple[TextChange, ...]:
    """The word changes applying to ``obj`` that changed the words of its abilities that exile cards or
    refer to the exiled cards, in the text it has now (CR 612.2, 607.2a/b)."""
    return tuple(layer_three(copiable_values(obj), obj, board, copiable_values).exile_changes)


def undecided_exiled(board: Board, obj: GameObject) -> Undecided | None:
    """The cards exiled with ``obj``'s text (:func:`exiled_with_text`) whose link to its abilities a word
    change (CR 612.2) leaves open: exiled before a word change that still applies changed the words of its
    abilities that exile cards or refer to the exiled cards, or while such a change applied that has ended.
    The rules don't say whether an ability whose words changed is still the ability it was (607.1), so
    whether those cards are exiled with it is unknown. Cards exiled by its abilities as they are now, since
    the last such change, are linked either way."""
    changes = exile_link_changes(obj, board)
    linked = exiled_with_text(board, obj, len(text_values(obj, board).abilities))
    before = tuple(o for o in linked if changes and o.timestamp < changes[-1].timestamp)
    during = tuple(
        o
        for o in linked
        if o not in before
        and any(e.change.timestamp <= o.timestamp < e.ended for e in obj.ended_text_changes)
    )
    reasons: list[Message] = []
    if before:
        reasons.append(
            msg(
                "{source} changed the words of its abilities that exile cards or refer to the exiled cards "
                "after {cards} were exiled with it, and the rules don't say whether an ability whose words a "
                "text-changing effect changed is still linked to what it did before",
                source=source_label(changes[-1].spec),
                cards=_card_names(before),
            )
        )
    if during:
        reasons.append(
            msg(
                "{cards} were exiled with it while a text-changing effect that has since ended had changed "
                "the words of its abilities that exile cards or refer to the exiled cards, and the rules "
                "don't say whether its abilities as printed are linked to what the changed ones did",
                cards=_card_names(during),
            )
        )
    if not reasons:
        return None
    reason = reasons[0] if len(reasons) == 1 else msg("{first}; {rest}", first=reasons[0], rest=reasons[1])
    return Undecided((*before, *during), reason, (EXILED_WITH, WORD_CHANGED_LINK, CORRECT_WAY))


def _card_names(objects: tuple[GameObject, ...]) -> Param:
    return series([card(o.card.name if o.card else o.id) for o in objects])


def exiled_by_earlier_object(board: Board, obj: GameObject) -> tuple[GameObject, ...]:
    """The cards in exile the board says were exiled with ``obj``'s handle before ``obj`` last changed
    zones: an earlier object exiled them, not ``obj`` (CR 400.7)."""
    since = became_object_at(board, obj)
    return tuple(o for o in board.in_zone(Zone.EXILE) if o.exiled_by == obj.id and o.timestamp < since)


def earlier_object_note(board: Board, obj: GameObject, kept: Collection[str] = ()) -> Explanation | None:
    """Why the cards an earlier object with ``obj``'s handle exiled are exiled with none of ``obj``'s
    abilities (CR 400.7, 607.1), but those ``kept`` (handles an ability refers to by name, 607.2n); None when
    there are none."""
    earlier = tuple(o for o in exiled_by_earlier_object(board, obj) if o.id not in kept)
    if not earlier:
        return None
    text = (
        msg(
            "{cards} was exiled by the object {object} was before it last changed zones. An object that "
            "moves from one zone to another is a new object with no relation to its previous existence, so "
            "none of the abilities of {object} refers to that card.",
            cards=_card_names(earlier),
            object=card(obj.id),
        )
        if len(earlier) == 1
        else msg(
            "{cards} were exiled by the object {object} was before it last changed zones. An object that "
            "moves from one zone to another is a new object with no relation to its previous existence, so "
            "none of the abilities of {object} refers to those cards.",
            cards=_card_names(earlier),
            object=card(obj.id),
        )
    )
    return Explanation.of(text, NEW_OBJECT, WORD_CHANGED_LINK)


def granted_positions(
    obj: GameObject, current: Sequence[GameAbility], granted: Mapping[int, Sequence[str]]
) -> dict[int, tuple[int, ...]] | None:
    """Where (from 1) the abilities each effect gave ``obj`` (``granted``: the texts by the effect's
    timestamp) are among its ``current`` abilities, which a board's ``ability:`` numbers; None when one
    isn't found. They follow its copiable ones, in timestamp order (CR 613.7)."""
    texts = [a.text for a in current]
    cursor = len(copiable_values(obj).abilities)
    found: dict[int, tuple[int, ...]] = {}
    for stamp in sorted(granted):
        positions: list[int] = []
        for text in granted[stamp]:
            at = next((i for i in range(cursor, len(texts)) if texts[i] == text), None)
            if at is None:
                return None
            positions.append(at + 1)
            cursor = at + 1
        found[stamp] = tuple(positions)
    return found


def exiled_by_granted(
    board: Board, obj: GameObject, positions: Collection[int], since: int
) -> tuple[GameObject, ...]:
    """The cards in exile the board says ``obj``'s abilities numbered ``positions`` exiled, after the effect
    that gave them began (``since``, its timestamp) and since ``obj`` became the object it is (CR 400.7)."""
    after = max(since, became_object_at(board, obj))
    return tuple(
        o
        for o in board.in_zone(Zone.EXILE)
        if o.exiled_by == obj.id and o.exiled_by_ability in positions and o.timestamp > after
    )


def exiled_with_cards_named(board: Board, name: str, player: Player, ability: int) -> tuple[GameObject, ...]:
    """The cards in exile the board says ``player`` exiled before the game with the ability ``ability`` of
    cards named ``name``: whichever object had that name then, whatever zones it has been in since, and
    whatever object refers to them by that name (CR 607.2n; the 400.7 rule doesn't cut this link)."""

    def exiler(o: GameObject) -> GameObject | None:
        return board.get(o.exiled_by) if o.exiled_by and board.has(o.exiled_by) else None

    return tuple(
        o
        for o in board.in_zone(Zone.EXILE)
        if (source := exiler(o)) is not None
        and source.card is not None
        and source.card.name == name
        and source.owner is player
        and (o.exiled_by_ability or ability) == ability
    )


def named_exiled_note(obj: GameObject, name: str, cards: Sequence[GameObject]) -> Explanation:
    """Which cards ``obj``'s ability refers to by the name ``name`` ("exiled with cards named ~")."""
    return Explanation.of(
        msg(
            "Its ability that refers to cards exiled with cards named {name} refers to a name, not to "
            "{object}: it means the cards its controller exiled before the game began with any card of that "
            "name, whichever object that is now ({cards}).",
            name=card(name),
            object=card(obj.id),
            cards=_card_names(tuple(cards)) if cards else msg("the board lists none"),
        ),
        NAMED_CARDS,
    )
