"""Linked abilities (CR 607): which abilities of a card are linked, by which kind of link, and why.

The detector reads the parsed abilities of every face (:class:`engine.core.model.Ability`): their kind and
their reasoning text (``rules_text``, where every self-reference is :data:`engine.core.model.SELF`). An
ability is split into *segments*: its own text, and each quoted ability it grants. A quoted ability
granted to the object itself counts as printed on it (607.1a); one granted to a token or emblem the
ability creates is linked across the two objects (607.1d); one granted to any other object is not
printed on this card and links nothing.

Each segment may *act* on a channel (it exiles cards, creates tokens, asks for a choice …) or
*refer* to a channel ("cards exiled with ~", "the chosen color" …), as :mod:`engine.linked.roles` reads
them. An acting and a referring segment on the same channel form a pair (:mod:`engine.linked.pairs`); the
kind of the acting ability decides the 607.2 letter. Words, paragraphs and keywords link abilities too
(:mod:`engine.linked.printed_links`). :func:`find_links` gathers the pairs into a :class:`LinkedReport`
with the notes that apply (607.3, 607.4, 607.5).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pydantic import Field

from engine.core.citations import cite
from engine.core.messages import Message, Param, card, listing, msg
from engine.core.model import SELF, Card, Frozen
from engine.core.results import Explanation
from engine.linked.pairs import (
    BOTH_FACES,
    GRANTED_TO_ITSELF,
    LINKED_TO_ITSELF,
    TOKEN_OR_EMBLEM,
    Pair,
    ability_name,
    pair_up,
)
from engine.linked.printed_links import keyword_links, paragraph_links, word_links
from engine.linked.roles import (
    Role,
    Segment,
    actors_in,
    card_roles,
    readable_segments,
    referrers_in,
    word_choice_actors,
)
from engine.oracle.linked import Holder

LINKED = cite("607.1", "these two abilities are linked")
MANY_EXILED = cite("607.3", "the ability refers to each of the exiled cards")
SEVERAL_PAIRS = cite("607.4", "more than one pair of linked abilities")
ACQUIRED_PAIR = cite("607.5", "They can’t be linked to any other ability")
COPIED_PAIR = cite("707.7", "If a pair of linked abilities are copied")


class LinkedAbility(Frozen):
    """One ability of the card as printed, numbered per face."""

    index: int
    face: str
    text: str
    kind: str


class Link(Frozen):
    """A pair of linked abilities, in printed order (face order, then index).

    ``abilities`` may name the same ability twice: an ability linked to itself (607.1c), a keyword
    that stands for two linked abilities (champion, miracle), or an ability whose created token or
    emblem carries the linked ability (607.1d).
    """

    abilities: tuple[int, int]
    faces: tuple[str, str]
    rule: str  # the 607.2 kind that links them
    rules: tuple[str, ...]  # every rule the explanation relies on (the kind first)
    explanation: str  # in English
    message: Message | None = Field(default=None, exclude=True)
    """What ``explanation`` was worded from, for another language (None: English only); not in the JSON."""

    @property
    def text(self) -> str:
        """The explanation in English (as an :class:`Explanation`'s ``text``, for a front end's wording)."""
        return self.explanation

    @property
    def cross_face(self) -> bool:
        """Whether the two abilities are printed on different faces (607.1b)."""
        return self.faces[0] != self.faces[1]


class LinkedReport(Frozen):
    """Every linked pair of a card with the general notes that apply."""

    card: str
    abilities: tuple[LinkedAbility, ...]
    links: tuple[Link, ...]
    notes: tuple[Explanation, ...]

    @property
    def several_faces(self) -> bool:
        """Whether the abilities are printed on more than one face (an index alone is then ambiguous)."""
        return len({ability.face for ability in self.abilities}) > 1


_TRANSFORMING_LAYOUTS = frozenset({"transform"})  # Scryfall's layout of transforming double-faced cards


def find_links(card: Card, *, also: Sequence[Card] = ()) -> LinkedReport:
    """Every pair of linked abilities on ``card`` (all faces), with the notes that apply.

    ``also`` names other cards asked about together: their abilities are never linked to this card's
    (607.1, 607.5), and the report says so where one of them acts on something this card refers to.
    """
    segments = readable_segments(card)
    referrers = referrers_in(segments)
    # Without a referring ability only a choice between words can be linked (to a mention or an anchor
    # word, 607.2f and 607.2m): on most cards nothing refers, and their other acting roles aren't needed.
    actors = actors_in(segments) if referrers else [*word_choice_actors(segments)]
    pairs = [*pair_up(actors, referrers), *word_links(actors, card)] if actors else []
    pairs += [*paragraph_links(card), *keyword_links(card)]
    # 607.1b joins only the faces of a transforming card
    if pairs and card.layout not in _TRANSFORMING_LAYOUTS:
        pairs = [pair for pair in pairs if pair.first.face_position == pair.second.face_position]
    links = _links(pairs)
    notes = [*_pair_notes(pairs), *_not_linked_notes(card, referrers, also)]
    if not links:  # most cards
        notes.insert(0, no_links_note(card))
    return _report(card, links, notes)


def _report(card: Card, links: list[Link], notes: list[Explanation]) -> LinkedReport:
    # Validated in one call from plain values: pydantic then builds the LinkedAbility models itself, in
    # about half the time of validating each one (a corpus question asks this of every card).
    return LinkedReport.model_validate(
        {
            "card": card.name,
            "abilities": [
                {"index": ability.index, "face": face.name, "text": ability.text, "kind": str(ability.kind)}
                for face in card.faces
                for ability in face.abilities
            ],
            "links": links,
            "notes": notes,
        }
    )


def roles_of(card: Card) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """What ``card``'s abilities do and refer to: (channel, ability index) of each acting ability, then of
    each referring one ("exile", "choice:color" …), in printed order; abilities granted elsewhere excluded."""
    actors, referrers = card_roles(card)
    acting = tuple(
        (role.channel, role.segment.ability.index)
        for role in actors
        if role.segment.holder is not Holder.ELSEWHERE
    )
    return acting, tuple((role.channel, role.segment.ability.index) for role in referrers)


def _links(pairs: Sequence[Pair]) -> list[Link]:
    unique: dict[tuple[tuple[int, int], tuple[int, int], str], Pair] = {}
    for pair in pairs:
        unique.setdefault(pair.key, pair)
    return [_link(unique[key]) for key in sorted(unique)]


def _link(pair: Pair) -> Link:
    low, high = sorted((pair.first, pair.second), key=lambda segment: segment.order)
    return Link(
        abilities=(low.ability.index, high.ability.index),
        faces=(low.face.name, high.face.name),
        rule=pair.kind.number,
        rules=(pair.kind.number, *(citation.number for citation in pair.extra)),
        explanation=pair.explanation.english,
        message=pair.explanation,
    )


# --- notes ---------------------------------------------------------------------------------------------


def _pair_notes(pairs: Sequence[Pair]) -> Iterator[Explanation]:
    if not pairs:
        return
    extras = {citation.number for pair in pairs for citation in pair.extra}
    if BOTH_FACES.number in extras:
        yield Explanation.of(
            msg(
                "Abilities on either face of a transforming card count as printed on the card whichever face "
                "is up, so a front-face ability can be linked to a back-face ability."
            ),
            BOTH_FACES,
        )
    if TOKEN_OR_EMBLEM.number in extras:
        yield Explanation.of(
            msg(
                "A token's or emblem's ability can be linked to the ability of the object that created it: "
                "it refers only to what that creating ability did."
            ),
            TOKEN_OR_EMBLEM,
        )
    if LINKED_TO_ITSELF.number in extras:
        yield Explanation.of(
            msg(
                "An ability printed on the card that both does something and refers to what was done is "
                "linked to itself: it uses what it did on earlier resolutions too."
            ),
            LINKED_TO_ITSELF,
        )
    if GRANTED_TO_ITSELF.number in extras:
        yield Explanation.of(
            msg(
                "An ability the card grants itself (a Class level, or a quoted ability it gives itself) "
                "counts as printed on it for linking."
            ),
            GRANTED_TO_ITSELF,
        )
    yield from _several_pairs_note(pairs)
    if any(pair.singular_exile for pair in pairs):
        yield Explanation.of(
            msg(
                "If the exiling ability exiled several cards (for example because Strionic Resonator copied "
                'it), the ability referring to "the exiled card" refers to each of them; values are '
                'summed, and for "a" card, its controller chooses one.'
            ),
            MANY_EXILED,
        )
    yield Explanation.of(
        msg(
            "If another object gains or copies these abilities together (a copy effect, or one effect "
            "granting both), they stay linked only to each other on it, never to that object's other "
            "abilities."
        ),
        ACQUIRED_PAIR,
        COPIED_PAIR,
    )


def _several_pairs_note(pairs: Sequence[Pair]) -> Iterator[Explanation]:
    members: dict[tuple[int, int], set[tuple[tuple[int, int], tuple[int, int]]]] = {}
    segments: dict[tuple[int, int], Segment] = {}
    for pair in pairs:
        low, high, _ = pair.key
        for segment in (pair.first, pair.second):
            members.setdefault(segment.order, set()).add((low, high))
            segments[segment.order] = segment
    shared = sorted(order for order, pairs_of_it in members.items() if len(pairs_of_it) > 1)
    if not shared:
        return
    several_faces = len({order[0] for order in segments}) > 1
    names = [
        ability_name(
            segments[order].ability.index,
            card(segments[order].face.name) if several_faces else None,
            capital=position == 0,
        )
        for position, order in enumerate(shared)
    ]
    abilities = listing(names)
    yield Explanation.of(
        msg("{abilities} belongs to more than one linked pair.", abilities=abilities)
        if len(names) == 1
        else msg("{abilities} each belong to more than one linked pair.", abilities=abilities),
        SEVERAL_PAIRS,
    )


def no_links_note(printed: Card) -> Explanation:
    """The note of a card none of whose abilities is linked (the first of :func:`find_links`' notes then)."""
    return Explanation.of(
        msg(
            "{card} has no linked abilities: none of its abilities refers to what another of its abilities "
            "does (exiled cards, created objects, a choice, noted information or a paid cost).",
            card=card(printed.name),
        ),
        LINKED,
    )


def _not_linked_notes(card: Card, referrers: Sequence[Role], also: Sequence[Card]) -> Iterator[Explanation]:
    """Abilities of other cards (or granted by them) that do what one of ``card``'s abilities refers to."""
    wanted: dict[str, list[int]] = {}
    for referrer in referrers:
        indexes = wanted.setdefault(referrer.channel, [])
        if referrer.segment.ability.index not in indexes:
            indexes.append(referrer.segment.ability.index)
    for other in also:
        if other.key == card.key:
            continue
        other_actors, _ = card_roles(other)
        seen: set[tuple[int, str]] = set()
        for actor in other_actors:
            key = (actor.segment.ability.index, actor.channel)
            if actor.channel in wanted and key not in seen:
                seen.add(key)
                yield _not_linked_note(other, actor, card, wanted[actor.channel])


def done_on_channel(channel: str, doer: Param) -> Message:
    """What ``doer`` (an acting ability) did on ``channel``, as the linked notes word it: "what the first
    exiled", "what that ability put onto the battlefield"."""
    match channel.split(":")[0]:
        case "exile" | "pregame-exile":
            return msg("what {doer} exiled", doer=doer)
        case "battlefield":
            return msg("what {doer} put onto the battlefield", doer=doer)
        case "choice" | "words":
            return msg("what {doer} chose", doer=doer)
        case "note":
            return msg("what {doer} noted", doer=doer)
        case _:
            return msg("what {doer} did", doer=doer)


def _not_linked_note(other: Card, actor: Role, printed: Card, referring: Sequence[int]) -> Explanation:
    index = actor.segment.ability.index
    if actor.segment.holder is Holder.ELSEWHERE:
        source = msg(
            '{card} grants the ability "{granted}" (its ability {index}), which',
            card=card(other.name),
            granted=actor.segment.original.replace(SELF, "this object"),
            index=index,
        )
    else:
        source = ability_name(index, card(other.name))
    numbers = listing([str(number) for number in referring])
    done = done_on_channel(actor.channel, msg("that ability"))
    if len(referring) == 1:
        text = msg(
            "Not linked: {source} is not printed on {card}. Even when {card} has that ability, its ability "
            "{numbers} refers only to what {card}'s own linked abilities did, never to {done}.",
            source=source,
            card=card(printed.name),
            numbers=numbers,
            done=done,
        )
    else:
        text = msg(
            "Not linked: {source} is not printed on {card}. Even when {card} has that ability, its abilities "
            "{numbers} refer only to what {card}'s own linked abilities did, never to {done}.",
            source=source,
            card=card(printed.name),
            numbers=numbers,
            done=done,
        )
    return Explanation.of(text, LINKED, ACQUIRED_PAIR, COPIED_PAIR)
