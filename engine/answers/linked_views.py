"""What a linked question about a board object adds to its card's pairs (CR 607): the pairs one effect
gave it and the cards they exiled (607.5), the cards its ability refers to by name (607.2n), and the links
between it and the object that created it or that it created (607.1d)."""

from __future__ import annotations

from pydantic import Field

from engine.core.citations import cite
from engine.core.effects import EffectKind
from engine.core.known import Known
from engine.core.messages import Message, card, english, msg, series
from engine.core.model import Card, Frozen
from engine.core.results import Explanation
from engine.layers.control import current_controller
from engine.layers.copiable import copiable_values
from engine.layers.exiled_links import (
    NAMED_CARDS,
    exiled_by_granted,
    exiled_with_cards_named,
    granted_positions,
)
from engine.layers.system import current_characteristics
from engine.linked.gained import (
    GainedLink,
    GainedReport,
    Grant,
    effect_grant,
    gained_links,
    name_unknown_note,
    text_grant,
)
from engine.linked.links import Link, LinkedReport, find_links
from engine.linked.pairs import TOKEN_OR_EMBLEM
from engine.state.actions import CreateTokenCopyAction
from engine.state.board import Board, GameObject, Zone, became_object_at

_EXILE_LINKS = frozenset({"607.2a", "607.2b"})  # the kinds of link whose acting ability exiles cards


def gained_report(board: Board, obj: GameObject, card: Card | None) -> GainedReport | None:
    """The pairs among the abilities effects gave ``obj`` (one group for its card text, one per granting
    effect by timestamp), linked only within a group, each with the cards in exile one of them exiled
    (CR 607.5); None when no effect gave it abilities."""
    granted: dict[int, list[str]] = {}
    for effect in obj.effects:
        if effect.spec.kind in (EffectKind.ADD_ABILITIES, EffectKind.ANIMATE) and effect.spec.abilities:
            granted.setdefault(effect.timestamp, []).extend(effect.spec.abilities)
    if not granted:
        return None
    values = copiable_values(obj)
    name = values.name or obj.id
    text = text_grant(
        tuple(a.text for a in values.abilities),
        (card.name,) if card else (),
        copied=bool(obj.copies),
        copied_from=card.name if obj.copies and card else None,
    )
    grants = [text, *(effect_grant(stamp, tuple(texts)) for stamp, texts in sorted(granted.items()))]
    report = gained_links(name, grants, types=values.types)
    own = tuple(link for link in report.links if link.abilities[0].effect != english(text.effect))
    undecided = _named_grants(board, obj, name, grants, values.types)
    abilities = current_characteristics(obj, board).abilities
    found = granted_positions(obj, abilities.value, granted) if isinstance(abilities, Known) else None
    if found:
        stamps = {
            english(grant.effect): stamp for stamp, grant in zip(sorted(granted), grants[1:], strict=True)
        }
        own = tuple(_with_exiled(board, obj, link, stamps, found) for link in own)
    if not undecided:
        return report.model_copy(update={"links": own})
    notes = (*report.notes, *(name_unknown_note(name, grants[i].effect, named) for i, named in undecided))
    positions = [p for i, _ in undecided for p in (found or {}).get(sorted(granted)[i - 1], ())]
    stamp = min(sorted(granted)[i - 1] for i, _ in undecided)
    open_cards = tuple(o.id for o in exiled_by_granted(board, obj, positions, stamp)) if found else ()
    update = {"links": own, "notes": notes, "undecided": open_cards, "links_unknown": True}
    return report.model_copy(update=update)


def _named_grants(
    board: Board, obj: GameObject, name: str, grants: list[Grant], types: tuple[str, ...]
) -> list[tuple[int, tuple[str, ...]]]:
    """The effect grants (by position in ``grants``) whose texts name another card on the board in a way that
    decides whether they are linked (CR 201.5a/b), with the names: read as the gaining object's name, they
    form a pair they don't form otherwise."""
    others = {o.card.name for o in board.objects if o.card and o.id != obj.id and o.card.name != name}
    found: list[tuple[int, tuple[str, ...]]] = []
    for position, grant in enumerate(grants[1:], start=1):
        named = tuple(sorted(n for n in others if any(n in text for text in grant.texts)))
        if not named:
            continue
        plain = gained_links(name, [grant], types=types).links
        read = gained_links(name, [grant.model_copy(update={"names": named})], types=types).links
        if len(read) > len(plain):
            found.append((position, named))
    return found


def _with_exiled(
    board: Board, obj: GameObject, link: GainedLink, stamps: dict[str, int], found: dict[int, tuple[int, ...]]
) -> GainedLink:
    """``link`` with the cards one of its abilities exiled on ``obj`` since its effect began (CR 607.5)."""
    stamp = stamps[link.abilities[0].effect]
    positions = [found[stamp][a.index - 1] for a in link.abilities]
    exiled = exiled_by_granted(board, obj, positions, stamp) if link.rule in _EXILE_LINKS else ()
    return link.model_copy(update={"exiled": tuple(o.id for o in exiled)})


def exiled_by_name(
    board: Board, obj: GameObject, card: Card | None, report: LinkedReport | None
) -> list[GameObject] | None:
    """The cards ``obj``'s controller exiled before the game with cards named as ``card`` (CR 607.2n), which
    its ability "exiled with cards named ~" refers to; None when its text has no such ability."""
    named = [link for link in report.links if link.rule == NAMED_CARDS.number] if report else []
    if card is None or not named:
        return None
    player = current_controller(obj)
    return [o for link in named for o in exiled_with_cards_named(board, card.name, player, link.abilities[0])]


class CrossLink(Frozen):
    """An ability of the asked-about object linked to an ability of another object (CR 607.1d): a token's
    ability and the ability of the object that created it, seen from either one."""

    ability: int  # the asked-about object's ability, among its current abilities (from 1)
    other: str  # the other object's handle
    other_ability: int  # the other object's ability, among its current abilities (from 1)
    rule: str  # the 607.2 kind that links them
    rules: tuple[str, ...]
    exiled: tuple[
        str, ...
    ]  # handles of the cards in exile the acting ability exiled that the other refers to
    explanation: str  # in English
    message: Message | None = Field(default=None, exclude=True)
    """What ``explanation`` was worded from, for another language; not in the JSON."""

    @property
    def text(self) -> str:
        """The explanation in English."""
        return self.explanation


def cross_links(board: Board, obj: GameObject) -> tuple[CrossLink, ...]:
    """The links between ``obj`` and the object whose ability created it as a token, and between ``obj``
    and the tokens its abilities created, each seen from ``obj`` (CR 607.1d)."""
    found: list[CrossLink] = []
    for event in board.events:
        action = event.action
        if not isinstance(action, CreateTokenCopyAction) or not action.exiled_with or not action.via:
            continue
        token_id = action.new_id or f"token of {action.of}"
        if obj.id not in (token_id, action.exiled_with) or not board.has(token_id):
            continue
        if not board.has(action.exiled_with):
            continue
        creator, token = board.get(action.exiled_with), board.get(token_id)
        if obj.id == creator.id and became_object_at(board, creator) > event.timestamp:
            continue  # the creator changed zones since: a new object, no relation to that token (CR 400.7)
        for pair in _token_pairs(board, creator, token, action.via):
            found.append(_seen_from(obj, creator, token, *pair))
    return tuple(found)


def _token_pairs(
    board: Board, creator: GameObject, token: GameObject, via: str
) -> list[tuple[int, int, Link, tuple[GameObject, ...]]]:
    """(creator's ability, token's ability, the link, the cards it refers to) for each 607.1d link between
    ``creator``'s ability that created ``token`` (``via`` names the card whose ability it is) and the
    ability it gave the token."""
    text_card = creator.copies[-1].text_card if creator.copies else creator.card
    if text_card is None or text_card.name != via:
        return []
    creating = current_characteristics(creator, board).abilities
    given = current_characteristics(token, board).abilities
    if not isinstance(creating, Known) or not isinstance(given, Known):
        return []
    pairs: list[tuple[int, int, Link, tuple[GameObject, ...]]] = []
    for link in find_links(text_card).links:
        if TOKEN_OR_EMBLEM.number not in link.rules or link.abilities[0] != link.abilities[1]:
            continue
        index = link.abilities[0]
        if index > len(creating.value):
            continue
        printed = creating.value[index - 1].text.casefold()
        on_token = [i for i, a in enumerate(given.value, 1) if a.text.casefold().rstrip(".") in printed]
        # what that ability exiled, whether or not its source has changed zones since (the token's ability
        # refers to what the ability that created it did)
        exiled = tuple(
            o
            for o in board.in_zone(Zone.EXILE)
            if o.exiled_by == creator.id and (o.exiled_by_ability or index) == index
        )
        copied = token.copies[-1].of_id if token.copies else None
        mine = tuple(o for o in exiled if o.id == copied) or exiled
        pairs += [(index, at, link, mine) for at in on_token[:1]]
    return pairs


def _seen_from(
    obj: GameObject,
    creator: GameObject,
    token: GameObject,
    acting: int,
    given: int,
    link: Link,
    exiled: tuple[GameObject, ...],
) -> CrossLink:
    cards = series([card(o.card.name if o.card else o.id) for o in exiled]) if exiled else msg("none")
    if obj.id == token.id:
        message = msg(
            "Its ability {index} is linked to ability {other} of {creator}, the ability that created it as a "
            "token: abilities of a token and of the object whose ability created it are linked as if printed "
            "on one object, so it refers only to what that ability did (here: {cards}).",
            index=given,
            other=acting,
            creator=card(creator.id),
            cards=cards,
        )
        ours, theirs, other = given, acting, creator.id
    else:
        message = msg(
            "Its ability {index} created the token {token} and gave it its ability {other}, which is linked "
            "to it: abilities of a token and of the object whose ability created it are linked as if printed "
            "on one object, so that token's ability refers only to what this one did (here: {cards}).",
            index=acting,
            token=card(token.id),
            other=given,
            cards=cards,
        )
        ours, theirs, other = acting, given, token.id
    return CrossLink(
        ability=ours,
        other=other,
        other_ability=theirs,
        rule=link.rule,
        rules=(link.rule, TOKEN_OR_EMBLEM.number),
        exiled=tuple(o.id for o in exiled),
        explanation=message.english,
        message=message,
    )


def links_unknown_note(name: str) -> Explanation:
    """Its text has no linked pair, but its abilities are unknown: what it may gain can be (CR 607.5)."""
    return Explanation.of(
        msg(
            "{card}'s own text has no linked abilities, but its abilities are unknown, so whether it has "
            "linked abilities is unknown too: abilities it gains together from one effect stay linked to "
            "each other.",
            card=card(name),
        ),
        LINKED_TEXT,
        GAINED_TOGETHER,
    )


LINKED_TEXT = cite("607.1", "An object may have two abilities printed on it such that one of them")
GAINED_TOGETHER = cite("607.5", "They can’t be linked to any other ability")
