"""Linked abilities an object gains from effects (CR 607.5, 707.7): links follow the effect, not the number.

An object can get abilities from several effects: its printed text or a copy effect (layer 1), and
effects that grant abilities ("gains all activated abilities of target creature"). Abilities one effect
gives it together are linked to each other as they were on the card they come from (607.5; a copy
effect's pairs, 707.7). Abilities that came from two effects are never linked, even when one exiles,
chooses or notes what the other refers to: they "can't be linked to any other ability, regardless of
what other abilities the object may currently have or may have had in the past".

:func:`gained_links` takes each effect's abilities as a :class:`Grant` and says which are linked.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import StrEnum

from pydantic import Field

from engine.core.citations import cite
from engine.core.messages import Message, Param, card, english, listing, msg
from engine.core.model import Card, Face, Frozen, TypeLine
from engine.core.results import Explanation
from engine.linked.links import (
    ACQUIRED_PAIR,
    COPIED_PAIR,
    LINKED,
    Link,
    done_on_channel,
    find_links,
    roles_of,
)
from engine.oracle.abilities import sentence_ability
from engine.oracle.text import self_names

NAME_OF_SOURCE = cite(
    "201.5a", "the name refers only to the specific object which is that first ability’s source"
)
NAME_OF_GAINER = cite("201.5b", "should be treated as the second name")


class GrantKind(StrEnum):
    """Where a :class:`Grant`'s abilities come from; it decides the rule that keeps them linked."""

    PRINTED = "printed"  # the object's own printed text (607.1)
    COPY = "copy"  # a copy effect's copiable values (707.7)
    EFFECT = "effect"  # an effect granting the object abilities (607.5)


class Grant(Frozen):
    """The abilities an object got together from one effect, in the order the effect gives them.

    ``effect`` names the effect in answers ("effect 1", :func:`text_grant`'s "its printed text"), and
    ``names`` the names by which the abilities' text refers to itself ("Sisters of Stone Death"), which on
    the gaining object mean that object (CR 201.5).
    """

    effect: Param
    texts: tuple[str, ...]
    names: tuple[str, ...] = ()
    kind: GrantKind = GrantKind.EFFECT


def text_grant(
    texts: tuple[str, ...], names: tuple[str, ...], *, copied: bool, copied_from: str | None
) -> Grant:
    """The abilities of an object's own text: its printed text (CR 607.1), or a copy effect's (``copied``,
    707.7), named by the card ``copied_from`` whose text it copied when that is known."""
    kind = GrantKind.COPY if copied else GrantKind.PRINTED
    if copied_from is None:
        return Grant(effect=msg("its printed text"), texts=texts, names=names, kind=kind)
    effect = msg("the copy effect ({card}'s text)", card=card(copied_from))
    return Grant(effect=effect, texts=texts, names=names, kind=kind)


def effect_grant(timestamp: int, texts: tuple[str, ...]) -> Grant:
    """The abilities the effect with ``timestamp`` gave an object (CR 607.5)."""
    return Grant(effect=msg("the effect with timestamp {timestamp}", timestamp=timestamp), texts=texts)


class GainedAbility(Frozen):
    """One ability of a :class:`Grant`: which effect gave it (in English) and its place among that
    effect's (from 1)."""

    effect: str
    index: int
    text: str


class GainedLink(Frozen):
    """Two abilities linked on the gaining object because one effect gave both (607.5, 707.7)."""

    abilities: tuple[GainedAbility, GainedAbility]
    rule: str  # the 607.2 kind that links them
    rules: tuple[str, ...]  # the kind first, then 607.5 (granted) or 707.7 (copied), then the rest
    explanation: str  # in English
    message: Message | None = Field(default=None, exclude=True)
    """What ``explanation`` was worded from, for another language (None: English only); not in the JSON."""
    exiled: tuple[str, ...] = ()
    """On a board: the handles of the cards in exile that one of the two abilities exiled on the object that
    gained them, which the other refers to (607.5)."""

    @property
    def text(self) -> str:
        """The explanation in English (as an :class:`Explanation`'s ``text``, for a front end's wording)."""
        return self.explanation


class GainedReport(Frozen):
    """The linked pairs among an object's gained abilities, and why abilities of two effects aren't."""

    links: tuple[GainedLink, ...]
    notes: tuple[Explanation, ...]
    undecided: tuple[str, ...] = ()
    """On a board: handles of cards exiled by gained abilities whose links the board leaves open."""
    links_unknown: bool = False  # whether the board leaves open if some gained abilities are linked


def gained_links(name: str, grants: Sequence[Grant], *, types: Sequence[str] = ("Creature",)) -> GainedReport:
    """Which abilities the object ``name`` (of card types ``types``) got from ``grants`` are linked.

    A pair is linked only within one grant (607.5); across two grants a note says why an ability that
    exiles (chooses, notes …) doesn't feed one of another grant that refers to such things.
    """
    cards = [_grant_card(name, grant, index, types) for index, grant in enumerate(grants)]
    links = [
        _gained(grant, link)
        for grant, card in zip(grants, cards, strict=True)
        for link in find_links(card).links
    ]
    notes = list(_across(name, grants, cards))
    return GainedReport(links=tuple(links), notes=tuple(notes))


def _grant_card(name: str, grant: Grant, position: int, types: Sequence[str]) -> Card:
    """The grant's abilities as the one face of a card, so the printed-pair detector reads them (607.5)."""
    names = self_names((*grant.names, name), ())
    abilities = tuple(sentence_ability(i, text, names) for i, text in enumerate(grant.texts, start=1))
    face = Face(name=name, type_line=TypeLine(types=tuple(types)), abilities=abilities)
    return Card(key=f"grant:{position}:{english(grant.effect)}", name=name, layout="normal", faces=(face,))


def _gained(grant: Grant, link: Link) -> GainedLink:
    first, second = (
        GainedAbility(effect=english(grant.effect), index=index, text=grant.texts[index - 1])
        for index in link.abilities
    )
    if grant.kind is GrantKind.PRINTED:
        return GainedLink(
            abilities=(first, second),
            rule=link.rule,
            rules=link.rules,
            explanation=link.explanation,
            message=link.message,
        )
    why = COPIED_PAIR if grant.kind is GrantKind.COPY else ACQUIRED_PAIR
    message = msg(
        "Both come from {effect}, so they are linked on it as on the card they come from: {explanation}",
        effect=grant.effect,
        explanation=link.message or link.explanation,
    )
    return GainedLink(
        abilities=(first, second),
        rule=link.rule,
        rules=(link.rule, why.number, *(rule for rule in link.rules[1:] if rule != why.number)),
        explanation=message.english,
        message=message,
    )


def exiled_note(name: str, link: GainedLink, cards: Sequence[str]) -> Explanation:
    """On a board: the cards ``cards`` (their names) one ability of ``link`` exiled on the object ``name``,
    which the other refers to, both given by one effect (607.5)."""
    first, second = link.abilities
    return Explanation.of(
        msg(
            "Exiled with {object}: {cards}, by one of two abilities that came together from {effect} "
            "(“{first}” and “{second}”), so they are linked on it: the one refers to what the other exiled.",
            object=card(name),
            effect=first.effect,
            cards=listing(list(cards)),
            first=first.text,
            second=second.text,
        ),
        ACQUIRED_PAIR,
        LINKED,
    )


def name_unknown_note(name: str, effect: Param, named: Sequence[str]) -> Explanation:
    """Whether the abilities ``effect`` gave the object ``name`` are linked is unknown: their text names
    ``named``, which means the gaining object if they came from that card (CR 201.5b) and that card itself
    if it granted them (201.5a)."""
    names = listing([card(other) for other in named])
    return Explanation.of(
        msg(
            "Whether the abilities {effect} gave {object} are linked to each other is unknown, because they "
            "name {names}: if {object} gained that card's own abilities (as Quicksilver Elemental's ability "
            "gives them), the name means {object} and they are linked; if {names} granted them, the name "
            "means {names} and they aren't. The board doesn't say which (write “this creature” for the "
            "first).",
            effect=effect,
            object=card(name),
            names=names,
        ),
        NAME_OF_SOURCE,
        NAME_OF_GAINER,
        ACQUIRED_PAIR,
    )


def _across(name: str, grants: Sequence[Grant], cards: Sequence[Card]) -> Iterator[Explanation]:
    """A note for each ability of one grant acting on what an ability of another grant refers to."""
    roles = [roles_of(card) for card in cards]
    for a, (acting, _) in enumerate(roles):
        for b, (_, referring) in enumerate(roles):
            if a == b:
                continue
            for channel, actor in dict(reversed(acting)).items():
                referrers = sorted({index for found, index in referring if found == channel})
                if referrers:
                    yield _not_linked(name, (grants[a], actor), (grants[b], referrers), channel)


def _not_linked(
    name: str, acting: tuple[Grant, int], referring: tuple[Grant, Sequence[int]], channel: str
) -> Explanation:
    (doer, index), (user, indexes) = acting, referring
    others = listing([msg("“{text}”", text=user.texts[i - 1]) for i in indexes])
    done = done_on_channel(channel, msg("the first"))
    return Explanation.of(
        msg(
            "Not linked: {object} got “{ability}” from {effect} and {others} from {other_effect}. Abilities "
            "an object gains from different effects are never linked, so {done} is not what the other refers "
            "to; only an ability that came with it from {other_effect} is.",
            object=card(name),
            ability=doer.texts[index - 1],
            effect=doer.effect,
            others=others,
            other_effect=user.effect,
            done=done,
        ),
        LINKED,
        ACQUIRED_PAIR,
        COPIED_PAIR,
    )
