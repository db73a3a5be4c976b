"""An acting and a referring role on the same channel: a pair of linked abilities, and why (CR 607.1, 607.2).

:func:`pair_up` pairs the roles :mod:`engine.linked.roles` found: across the faces of a transforming card
(607.1b), an ability with itself (607.1c), a token's or emblem's ability with its creator's (607.1d), and
says in words what the linked ability refers to, by the 607.2 kind of the acting one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.core.citations import Citation, cite
from engine.core.messages import Message, Param, card, msg
from engine.linked.roles import EXILED_BY_REPLACEMENT, EXILED_PAYING_COST, Role, Segment
from engine.oracle.linked import Holder, LinkPhrase, says

GRANTED_TO_ITSELF = cite("607.1a", "within another ability that grants that ability to that object")
BOTH_FACES = cite("607.1b", "either face of a transforming double-faced card")
LINKED_TO_ITSELF = cite("607.1c", "is linked to itself")
TOKEN_OR_EMBLEM = cite("607.1d", "created the token or emblem")
KICKER = cite("702.33e", "linked to the kicker or multikicker abilities printed on that object")
MULTIKICKER = cite("702.33c", "You may pay an additional [cost] any number of times as you cast this spell")
MULTIKICKED = cite("702.33d", "If a spell has two kicker costs or has multikicker, it may be kicked multiple")
AS_ENTERS_REPLACEMENT = cite("614.1c", "are replacement effects")


# --- pairs ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pair:
    """A detected link before rendering: the acting and the referring ability."""

    first: Segment  # acts (exiles, chooses …)
    second: Segment  # refers
    kind: Citation
    explanation: Message
    extra: tuple[Citation, ...] = ()
    singular_exile: bool = False

    @property
    def key(self) -> tuple[tuple[int, int], tuple[int, int], str]:
        """The two abilities in printed order and the kind: the same link found twice has one key."""
        low, high = sorted((self.first.order, self.second.order))
        return low, high, self.kind.number


def pair_up(actors: Sequence[Role], referrers: Sequence[Role]) -> Iterator[Pair]:
    """Each acting role paired with each referring role on its channel that it is linked to (CR 607.2)."""
    if not referrers:  # most cards: nothing refers, so nothing is worth indexing
        return
    acting_at = {(id(actor.segment), actor.channel): actor.position for actor in actors}
    for actor in actors:
        if actor.segment.holder is Holder.ELSEWHERE:
            continue
        for referrer in referrers:
            if not _same_channel(actor, referrer) or not _costs_match(actor, referrer):
                continue
            if _is_anaphora(referrer, acting_at) or (
                actor.rule is EXILED_PAYING_COST and not referrer.history
            ):
                continue
            pair = _pair_of(actor, referrer)
            if pair is not None:
                yield pair


def _same_channel(actor: Role, referrer: Role) -> bool:
    if actor.channel == "choice:any":
        return referrer.channel.startswith("choice:")
    return actor.channel == referrer.channel


def _costs_match(actor: Role, referrer: Role) -> bool:
    """A referrer naming one kicker cost ("kicked with its {W} kicker") needs that cost."""
    if actor.channel != "kicker" or not referrer.detail:
        return True
    return referrer.detail.casefold() in actor.detail.casefold().split()


def _is_anaphora(referrer: Role, acting_at: dict[tuple[int, str], int]) -> bool:
    """ "Exile target creature. Return the exiled card …" within one ability refers to its own action."""
    if referrer.history:
        return False
    position = acting_at.get((id(referrer.segment), referrer.channel))
    return position is not None and position <= referrer.position


def _pair_of(actor: Role, referrer: Role) -> Pair | None:
    first, second = actor.segment, referrer.segment
    extra: list[Citation] = []
    if first.ability is second.ability and first.face_position == second.face_position:
        if second.holder in {Holder.TOKEN, Holder.EMBLEM} and first.holder is not second.holder:
            extra.append(TOKEN_OR_EMBLEM)
        elif (
            first is second
            and referrer.history
            and (actor.channel != "note" or referrer.position < actor.position)
        ):
            extra.append(LINKED_TO_ITSELF)
        else:
            return None
    elif Holder.TOKEN in {first.holder, second.holder} or Holder.EMBLEM in {first.holder, second.holder}:
        extra.append(TOKEN_OR_EMBLEM)
    if first.face_position != second.face_position:
        extra.append(BOTH_FACES)
    if Holder.ITSELF in {first.holder, second.holder} or _granted_by_class_level(first, second):
        extra.append(GRANTED_TO_ITSELF)
    if actor.channel == "kicker":
        extra.append(KICKER)
        if _multikicker(actor):
            extra += (MULTIKICKER, MULTIKICKED)
    if actor.rule is EXILED_BY_REPLACEMENT and says(LinkPhrase.AS_ENTERS, first.text):
        extra.append(AS_ENTERS_REPLACEMENT)
    return Pair(
        first,
        second,
        actor.rule,
        _explain(actor, referrer),
        tuple(extra),
        singular_exile=actor.channel == "exile" and referrer.singular,
    )


def _granted_by_class_level(*segments: Segment) -> bool:
    return any((segment.ability.level or 1) > 1 for segment in segments)


# --- explanations --------------------------------------------------------------------------------------


def _label(segment: Segment, other: Segment, *, capital: bool = False) -> Message:
    """ "ability 3", "ability 2 of Tomb of the Dusk Rose", "the ability of the emblem that ability 1 creates"
    ("Ability 3" … with ``capital``, to begin a sentence)."""
    index = segment.ability.index
    holder = segment.holder in (Holder.TOKEN, Holder.EMBLEM)
    upper = capital and not holder
    face = card(segment.face.name) if segment.face_position != other.face_position else None
    label = ability_name(index, face, capital=upper)
    if segment.holder is Holder.TOKEN:
        if capital:
            return msg("The ability that {label} gives the token it creates", label=label)
        return msg("the ability that {label} gives the token it creates", label=label)
    if segment.holder is Holder.EMBLEM:
        if capital:
            return msg("The ability of the emblem that {label} creates", label=label)
        return msg("the ability of the emblem that {label} creates", label=label)
    return label


def _self_name(segment: Segment) -> str:
    return segment.face.name


def ability_name(index: int, face: Param | None, *, capital: bool = False) -> Message:
    """ "ability 3", or "ability 2 of Tomb of the Dusk Rose" when ``face`` is given ("Ability 3" … with
    ``capital``, to begin a sentence)."""
    if face is not None:
        if capital:
            return msg("Ability {index} of {face}", index=index, face=face)
        return msg("ability {index} of {face}", index=index, face=face)
    return msg("Ability {index}", index=index) if capital else msg("ability {index}", index=index)


def _explain(actor: Role, referrer: Role) -> Message:
    first, second = actor.segment, referrer.segment
    name = card(_self_name(first))
    if first is second:
        return _self_link(actor.channel, _label(first, second, capital=True), name)
    act, ref = _label(first, second), _label(second, first, capital=True)
    match actor.rule.number:
        case "607.2a":
            return msg(
                "{ref} refers only to cards in exile that {act} exiled; it can't use cards exiled by any "
                "other ability or object, even another ability of {name}.",
                ref=ref,
                act=act,
                name=name,
            )
        case "607.2b":
            return msg(
                "{ref} refers only to cards exiled by the replacement effect of {act}{as_enters}; cards "
                "exiled any other way are not among them.",
                ref=ref,
                act=act,
                as_enters=_as_enters(first),
            )
        case "607.2c":
            return msg(
                "{ref} refers only to objects that {act} put onto the battlefield or created; other tokens "
                "and permanents are not affected.",
                ref=ref,
                act=act,
            )
        case "607.2d":
            return msg(
                "{ref} refers only to the choice made for {act} ({detail}); a value chosen for any other "
                "ability or object is not used.",
                ref=ref,
                act=act,
                detail=actor.detail,
            )
        case "607.2e":
            return msg(
                "{ref} refers only to information {act} noted, not to anything noted by another ability or "
                "object.",
                ref=ref,
                act=act,
            )
        case "607.2g":
            return msg(
                "{ref} refers only to the cost paid for {act} as {name} entered the battlefield.",
                ref=ref,
                act=act,
                name=name,
            )
        case "607.2i" if _multikicker(actor):
            return msg(
                "{ref} refers only to how many times the multikicker cost of {act} was paid as {name} was "
                "cast as a spell (it may be paid any number of times); another object's costs don't count.",
                ref=ref,
                act=act,
                name=name,
            )
        case "607.2i":
            return msg(
                "{ref} refers only to whether the additional cost{cost} of {act} was paid as {name} was cast "
                "as a spell; another object's costs don't count.",
                ref=ref,
                cost=_named_cost(actor, referrer),
                act=act,
                name=name,
            )
        case "607.2j":
            return msg(
                "{ref} refers only to the value chosen for the variable additional cost of {act} as {name} "
                "was cast.",
                ref=ref,
                act=act,
                name=name,
            )
        case "607.2n":
            return msg(
                "{ref} refers to cards exiled before the game began by {act} of every card named {name}; "
                "nothing exiled during the game counts.",
                ref=ref,
                act=act,
                name=name,
            )
    return msg(
        "{ref} refers only to the cards exiled to pay the cost of the spell that became this permanent, "
        "through {act}; the current CR files this under 607.2q (cards exiled while paying the cost, referred "
        'to as "exiled with" it), not 607.2j, which is about a cost referred to "as it was cast".',
        ref=ref,
        act=act,
    )


def _self_link(channel: str, ability: Param, name: Param) -> Message:
    """An ability that both acts and refers to what it did: linked to itself (CR 607.1c)."""
    if channel == "exile":
        return msg(
            "{ability} both exiles cards and refers to cards exiled with {name}, so it is linked to itself "
            "(CR 607.1c): it also uses what it did on earlier resolutions, never what any other ability or "
            "object did.",
            ability=ability,
            name=name,
        )
    if channel == "battlefield":
        return msg(
            "{ability} both puts objects onto the battlefield and refers to objects put onto the battlefield "
            "with {name}, so it is linked to itself (CR 607.1c): it also uses what it did on earlier "
            "resolutions, never what any other ability or object did.",
            ability=ability,
            name=name,
        )
    return msg(
        "{ability} both notes information and refers to the information noted for {name}, so it is linked to "
        "itself (CR 607.1c): it also uses what it did on earlier resolutions, never what any other ability "
        "or object did.",
        ability=ability,
        name=name,
    )


def _as_enters(segment: Segment) -> Param:
    """Why an "as ~ enters" ability's exile is a replacement effect's (CR 614.1c), when it is one."""
    if not says(LinkPhrase.AS_ENTERS, segment.text):
        return ""
    return msg(
        " as {card} entered (an “as it enters” ability is a replacement effect)", card=card(segment.face.name)
    )


def _multikicker(actor: Role) -> bool:
    """Whether the acting ability is multikicker: it may be paid any number of times (702.33c)."""
    return actor.channel == "kicker" and (actor.segment.ability.keyword or "").casefold() == "multikicker"


def _named_cost(actor: Role, referrer: Role) -> str:
    """ " {W}" when the referrer names one of several kicker costs of the actor (702.33f)."""
    if actor.channel != "kicker" or not referrer.detail:
        return ""
    costs = [cost for cost in actor.detail.split() if cost.casefold() == referrer.detail.casefold()]
    return f" {costs[0]}" if costs else ""
