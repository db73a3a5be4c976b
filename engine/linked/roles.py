"""What each ability of a card does and refers to, for linking (CR 607.2): its *segments* and their *roles*.

An ability is split into segments: its own text, and each quoted ability it grants (607.1a, 607.1d). A
segment *acts* on a channel (it exiles cards, 607.2a/b/q; puts objects onto the battlefield, 607.2c;
chooses a value, 607.2d, or between words, 607.2f; notes information, 607.2e; is a cost, 607.2g/i/j; exiles
before the game, 607.2n) or *refers* to one ("cards exiled with ~", "the chosen color" …).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.core.citations import Citation, cite
from engine.core.model import Ability, AbilityKind, Card, Face
from engine.oracle.linked import (
    Holder,
    LinkPhrase,
    empty_quotes,
    exiles_cards_at,
    first_phrase,
    may_link,
    phrases,
    quote_holder,
    quoted_phrases,
    says,
    says_exile,
    word_choices,
    worded_as_acting,
)
from engine.oracle.mana import mana_symbol_runs

EXILED_BY_ABILITY = cite("607.2a", "instructs a player to exile one or more cards")
EXILED_BY_REPLACEMENT = cite(
    "607.2b", "generates a replacement effect which causes one or more cards to be exiled"
)
PUT_ONTO_BATTLEFIELD = cite("607.2c", "created with [this object]")
CHOSEN_VALUE = cite("607.2d", "the chosen [value]")
NOTED = cite("607.2e", "allows some information to be noted")
WORD_CHOICE = cite("607.2f", "two or more words that otherwise have no rules meaning")
ENTERED_COST = cite("607.2g", "as [this object] entered")
ADDITIONAL_COST = cite("607.2i", "refers to whether that cost was paid")
CAST_COST = cite("607.2j", "as [this object] was cast")
PREGAME_EXILE = cite("607.2n", "before you shuffle your deck to start the game")
EXILED_PAYING_COST = cite("607.2q", "exiled while paying a cost to cast it")


@dataclass(frozen=True)
class Segment:
    """The text of one ability, or of one quoted ability it grants, lower-cased for matching."""

    face_position: int
    face: Face
    ability: Ability
    holder: Holder
    text: str  # lower-cased, SELF kept
    original: str  # original case (anchor words are capitalised)

    @property
    def order(self) -> tuple[int, int]:
        """(face position, ability index): where the ability is printed."""
        return (self.face_position, self.ability.index)


@dataclass(frozen=True)
class Role:
    """A segment acting on, or referring to, a channel (what the link is about)."""

    segment: Segment
    channel: str  # "exile", "battlefield", "choice:color", "note", "kicker", …
    rule: Citation  # actors: the 607.2 kind; referrers: the same rule as the actor they need
    detail: str = ""  # actors: what they do; referrers: what they refer to
    history: bool = False  # referrers: refers to everything ever done ("exiled with ~"), not "that card"
    singular: bool = False  # referrers: refers to "the exiled card" / "a card exiled with ~" (607.3)
    position: int = 0  # where the phrase starts in the segment


_ACTING_KINDS = frozenset(
    {
        AbilityKind.ACTIVATED,
        AbilityKind.TRIGGERED,
        AbilityKind.LOYALTY,
        AbilityKind.MANA,
        AbilityKind.SAGA_CHAPTER,
    }
)
_KICKERS = frozenset({"kicker", "multikicker"})
_AGENDAS = frozenset({"hidden agenda", "double agenda"})
# Keywords that act whatever their text says (_exile_rule, _keyword_actor).
_ACTING_KEYWORDS = frozenset({"delve", "hideaway", "bargain", *_KICKERS, *_AGENDAS})
# Values that name the same thing as a chosen value ("choose an opponent" … "the chosen player").
_VALUE_SYNONYMS = {"opponent": "player", "consonant": "letter"}
# Words that are not a choice "between words": "choose one or both" picks modes.
_NOT_WORDS = frozenset(
    {"one", "two", "three", "a", "an", "any", "target", "up", "new", "both", "more", "that"}
)


# --- segments ------------------------------------------------------------------------------------------


def card_segments(card: Card) -> Iterator[Segment]:
    """Every segment of every ability of ``card``, in printed order."""
    for position, face in enumerate(card.faces):
        for ability in face.abilities:
            yield from _ability_segments(position, face, ability)


def _ability_segments(position: int, face: Face, ability: Ability) -> Iterator[Segment]:
    text = ability.rules_text
    outer = empty_quotes(text)
    yield Segment(position, face, ability, Holder.PRINTED, outer.casefold(), outer)
    for quoted in quoted_phrases(text):
        before = text[: quoted.start].casefold()
        inner = quoted.group or ""
        yield Segment(position, face, ability, quote_holder(before), inner.casefold(), inner)


# --- roles ---------------------------------------------------------------------------------------------


def card_roles(card: Card) -> tuple[list[Role], list[Role]]:
    """The acting and the referring roles of ``card``'s abilities, in printed order."""
    segments = readable_segments(card)
    return actors_in(segments), referrers_in(segments)


def readable_segments(card: Card) -> list[tuple[Segment, bool]]:
    """The segments that may act or refer, each with whether it has linked-ability wording (else only its
    keyword can act, and nothing refers), in printed order."""
    readable: list[tuple[Segment, bool]] = []
    for position, face in enumerate(card.faces):
        for ability in face.abilities:
            acting_keyword = ability.keyword is not None and ability.keyword.casefold() in _ACTING_KEYWORDS
            text = ability.rules_text.casefold()
            worded_text = may_link(text)
            # Most abilities have no linked-ability word: then none of their segments has one (a quoted
            # ability is part of the text), so they are not split into segments at all.
            if not acting_keyword and not worded_text:
                continue
            for segment in _ability_segments(position, face, ability):
                # an ability without quotes is one segment of its whole text, tested just above
                worded = worded_text if segment.text == text else may_link(segment.text)
                if worded or acting_keyword:
                    readable.append((segment, worded))
    return readable


def actors_in(segments: Sequence[tuple[Segment, bool]]) -> list[Role]:
    """The acting roles of ``segments`` (each with whether it has linked-ability wording)."""
    return [role for segment, worded in segments for role in _acting_roles(segment, worded=worded)]


def referrers_in(segments: Sequence[tuple[Segment, bool]]) -> list[Role]:
    """The referring roles of ``segments``: only those with linked-ability wording refer."""
    return [role for segment, worded in segments if worded for role in _referring_roles(segment)]


def word_choice_actors(segments: Sequence[tuple[Segment, bool]]) -> Iterator[Role]:
    """The acting roles of choices between words (as :func:`actors_in` finds them, in the same order)."""
    for segment, worded in segments:
        if worded:
            yield from _word_choices(segment)


def _acting_roles(segment: Segment, *, worded: bool) -> Iterator[Role]:
    exile = _exile_rule(segment)
    if exile is not None:
        yield Role(segment, exile[0], exile[1], "exiled", position=_exiles_cards_at(segment) or 0)
    if worded:
        yield from _worded_acting_roles(segment)
    yield from _keyword_actor(segment)


def _worded_acting_roles(segment: Segment) -> Iterator[Role]:
    text = segment.text
    if _acts_as_ability(segment) and (found := first_phrase(LinkPhrase.PUTS_ONTO_BATTLEFIELD, text)):
        yield Role(
            segment, "battlefield", PUT_ONTO_BATTLEFIELD, "put onto the battlefield", position=found.start
        )
    for found in phrases(LinkPhrase.CHOOSE_VALUE, text):
        value = _value_head((found.group or "").strip())
        yield Role(segment, f"choice:{value}", CHOSEN_VALUE, f"chosen {value}", position=found.start)
    if found := first_phrase(LinkPhrase.NAME_A_CARD, text):
        yield Role(segment, "choice:name", CHOSEN_VALUE, "named card", position=found.start)
    yield from _word_choices(segment)
    if found := first_phrase(LinkPhrase.NOTE, text):
        yield Role(segment, "note", NOTED, "noted", position=found.start)
    if found := first_phrase(LinkPhrase.ENTERS_PAYING, text):
        yield Role(segment, "entered-cost", ENTERED_COST, "paid as it entered", position=found.start)
    if says(LinkPhrase.CAST_COST, text) and says(LinkPhrase.VARIABLE, text) and not says_exile(text):
        yield Role(segment, "cast-cost", CAST_COST, "paid as it was cast")
    if says(LinkPhrase.CAST_COST, text) and "you may" in text:
        yield Role(segment, "additional-cost", ADDITIONAL_COST, "the optional additional cost")


def _exile_rule(segment: Segment) -> tuple[str, Citation] | None:
    """The channel and the 607.2 kind of a segment that exiles cards, if it does."""
    text = segment.text
    keyword = (segment.ability.keyword or "").casefold()
    if keyword == "delve" and segment.holder is Holder.PRINTED:
        return "exile", EXILED_PAYING_COST
    if keyword == "hideaway":
        return "exile", EXILED_BY_ABILITY
    if _exiles_cards_at(segment) is None:
        return None
    if says(LinkPhrase.PREGAME_SHUFFLE, text):
        return "pregame-exile", PREGAME_EXILE
    if says(LinkPhrase.CAST_COST, text):
        # 607.2q is about permanent spells; an instant's "the exiled card" is just its own cost
        return ("exile", EXILED_PAYING_COST) if _is_permanent(segment.face) else None
    if _acts_as_ability(segment):
        return "exile", EXILED_BY_ABILITY
    if says(LinkPhrase.REPLACES, text) or says(LinkPhrase.AS_ENTERS, text):
        return "exile", EXILED_BY_REPLACEMENT
    return None


def _exiles_cards_at(segment: Segment) -> int | None:
    """Where the segment first tells a player to exile cards; exiling the token it just created is no card."""
    return exiles_cards_at(segment.text)


def _is_permanent(face: Face) -> bool:
    return not {"Instant", "Sorcery"} & set(face.type_line.types)


def _acts_as_ability(segment: Segment) -> bool:
    """Whether the segment is an activated or triggered ability (a quoted one judged by its wording)."""
    if segment.holder is Holder.PRINTED:
        if segment.ability.kind in _ACTING_KINDS:
            return True
        if segment.ability.kind is AbilityKind.KEYWORD:
            return False
    return worded_as_acting(segment.text)


def _word_choices(segment: Segment) -> Iterator[Role]:
    """ "choose war or peace" (607.2f / 607.2m); referred to as "the chosen [value]" it is 607.2d."""
    for choice in word_choices(segment.text):
        words = choice.words
        if not any(word in _NOT_WORDS for word in words):
            yield Role(segment, "words", WORD_CHOICE, "|".join(words), position=choice.start)
            yield Role(
                segment, "choice:any", CHOSEN_VALUE, f"one of {' or '.join(words)}", position=choice.start
            )


def _keyword_actor(segment: Segment) -> Iterator[Role]:
    keyword = (segment.ability.keyword or "").casefold()
    if segment.holder is not Holder.PRINTED:
        return
    if keyword in _KICKERS:
        costs = mana_symbol_runs(segment.ability.keyword_parameter or segment.ability.rules_text)
        yield Role(segment, "kicker", ADDITIONAL_COST, " ".join(costs))
    elif keyword == "bargain":
        yield Role(segment, "additional-cost", ADDITIONAL_COST, "bargain")
    elif keyword in _AGENDAS:
        yield Role(segment, "choice:name", CHOSEN_VALUE, "chosen name")


def _referring_roles(segment: Segment) -> Iterator[Role]:
    text = segment.text
    if segment.holder is Holder.ELSEWHERE:
        return
    if says(LinkPhrase.EXILED_WITH_NAMED, text):
        yield Role(segment, "pregame-exile", PREGAME_EXILE, "cards exiled with cards named ~", history=True)
    else:
        for found in phrases(LinkPhrase.EXILED_WITH, text):
            singular = found.group in {"a", "an", "one", "another", "the"}
            yield Role(segment, "exile", EXILED_BY_ABILITY, found.text, True, singular, found.start)
    for found in phrases(LinkPhrase.THE_EXILED, text):
        yield Role(
            segment,
            "exile",
            EXILED_BY_ABILITY,
            found.text,
            False,
            "card" in found.text and "cards" not in found.text,
            found.start,
        )
    for found in phrases(LinkPhrase.PUT_WITH, text):
        yield Role(
            segment, "battlefield", PUT_ONTO_BATTLEFIELD, found.text, history=True, position=found.start
        )
    for found in phrases(LinkPhrase.THE_TOKEN, text):
        yield Role(segment, "battlefield", PUT_ONTO_BATTLEFIELD, found.text, position=found.start)
    yield from _chosen_roles(segment)
    if first := first_phrase(LinkPhrase.NOTED, text):
        yield Role(segment, "note", NOTED, "information noted", history=True, position=first.start)
    if first := first_phrase(LinkPhrase.AS_ENTERED, text):
        yield Role(segment, "entered-cost", ENTERED_COST, "the cost paid as it entered", position=first.start)
    if first := first_phrase(LinkPhrase.AS_WAS_CAST, text):
        yield Role(segment, "cast-cost", CAST_COST, "the cost paid as it was cast", position=first.start)
    for found in phrases(LinkPhrase.KICKED, text):
        yield Role(segment, "kicker", ADDITIONAL_COST, found.group or "", position=found.start)
    if first := first_phrase(LinkPhrase.COST_PAID, text):
        yield Role(segment, "additional-cost", ADDITIONAL_COST, first.text, position=first.start)


def _chosen_roles(segment: Segment) -> Iterator[Role]:
    for found in phrases(LinkPhrase.CHOSEN, segment.text):
        phrase = found.group
        if phrase is None:
            yield Role(segment, "choice:name", CHOSEN_VALUE, "the named card", position=found.start)
            continue
        for word in phrase.split():
            yield Role(
                segment,
                f"choice:{_value_head(word)}",
                CHOSEN_VALUE,
                f"the chosen {phrase}",
                position=found.start,
            )


def _value_head(phrase: str) -> str:
    """The noun a chosen value is named by: "nonland card name" → "name", "opponent" → "player"."""
    head = phrase.split()[-1] if phrase.split() else phrase
    head = head.removesuffix("'s").removesuffix("s") if len(head) > 3 else head
    return _VALUE_SYNONYMS.get(head, head)
