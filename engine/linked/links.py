"""Linked abilities (CR 607): which abilities of a card are linked, by which kind of link, and why.

The detector reads the parsed abilities of every face (:class:`engine.core.model.Ability`): their kind and
their reasoning text (``rules_text``, where every self-reference is :data:`engine.core.model.SELF`). An
ability is split into *segments*: its own text, and each quoted ability it grants. A quoted ability
granted to the object itself counts as printed on it (607.1a); one granted to a token or emblem the
ability creates is linked across the two objects (607.1d); one granted to any other object is not
printed on this card and links nothing.

Each segment may *act* on a channel (it exiles cards, creates tokens, asks for a choice …) or
*refer* to a channel ("cards exiled with ~", "the chosen color" …). An acting and a referring
segment on the same channel form a pair; the kind of the acting ability decides the 607.2 letter.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pydantic import Field

from engine.core.citations import Citation, cite
from engine.core.messages import Message, Param, card, listing, msg, series
from engine.core.model import SELF, Ability, AbilityKind, Card, Face, Frozen
from engine.core.results import Explanation
from engine.oracle.linked import (
    Holder,
    LinkPhrase,
    empty_quotes,
    exiles_cards_at,
    first_phrase,
    may_link,
    mentions_word,
    phrases,
    quote_holder,
    quoted_phrases,
    says,
    says_exile,
    word_choices,
    worded_as_acting,
)
from engine.oracle.mana import mana_symbol_runs

LINKED = cite("607.1", "these two abilities are linked")
GRANTED_TO_ITSELF = cite("607.1a", "within another ability that grants that ability to that object")
BOTH_FACES = cite("607.1b", "either face of a transforming double-faced card")
LINKED_TO_ITSELF = cite("607.1c", "is linked to itself")
TOKEN_OR_EMBLEM = cite("607.1d", "created the token or emblem")
EXILED_BY_ABILITY = cite("607.2a", "instructs a player to exile one or more cards")
EXILED_BY_REPLACEMENT = cite(
    "607.2b", "generates a replacement effect which causes one or more cards to be exiled"
)
PUT_ONTO_BATTLEFIELD = cite("607.2c", "created with [this object]")
CHOSEN_VALUE = cite("607.2d", "the chosen [value]")
NOTED = cite("607.2e", "allows some information to be noted")
WORD_CHOICE = cite("607.2f", "two or more words that otherwise have no rules meaning")
ENTERED_COST = cite("607.2g", "as [this object] entered")
SAME_PARAGRAPH = cite("607.2h", "in the same paragraph")
ADDITIONAL_COST = cite("607.2i", "refers to whether that cost was paid")
CAST_COST = cite("607.2j", "as [this object] was cast")
CHAMPION = cite("607.2k", "champion keyword")
ANCHOR_WORD = cite("607.2m", "preceded by an anchor word")
PREGAME_EXILE = cite("607.2n", "before you shuffle your deck to start the game")
PREGAME_CHOICE = cite("607.2p", "make a choice for a characteristic-defining ability before the game begins")
EXILED_PAYING_COST = cite("607.2q", "exiled while paying a cost to cast it")
MANY_EXILED = cite("607.3", "the ability refers to each of the exiled cards")
SEVERAL_PAIRS = cite("607.4", "more than one pair of linked abilities")
ACQUIRED_PAIR = cite("607.5", "They can’t be linked to any other ability")
COPIED_PAIR = cite("707.7", "If a pair of linked abilities are copied")
STATIC_AND_TRIGGER = cite("603.11", "combine the abilities into one paragraph")
MIRACLE = cite("702.94a", "Miracle is a static ability linked to a triggered ability")
SQUAD = cite("702.157a", "Squad is a keyword that represents two linked abilities")
CHAMPION_KEYWORD = cite("702.72b", "The two abilities represented by champion are linked")
CHAMPION_MEANS = cite("702.72a", "Champion represents two triggered abilities")
ANCHOR_WORD_CHOICE = cite("614.12b", "each marked with an anchor word")
KICKER = cite("702.33e", "linked to the kicker or multikicker abilities printed on that object")
AS_ENTERS_REPLACEMENT = cite("614.1c", "are replacement effects")


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


@dataclass(frozen=True)
class _Segment:
    """The text of one ability, or of one quoted ability it grants, lower-cased for matching."""

    face_position: int
    face: Face
    ability: Ability
    holder: Holder
    text: str  # lower-cased, SELF kept
    original: str  # original case (anchor words are capitalised)

    @property
    def order(self) -> tuple[int, int]:
        return (self.face_position, self.ability.index)


@dataclass(frozen=True)
class _Role:
    """A segment acting on, or referring to, a channel (what the link is about)."""

    segment: _Segment
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
_STATIC_KINDS = frozenset({AbilityKind.STATIC, AbilityKind.REPLACEMENT})
_TRANSFORMING_LAYOUTS = frozenset({"transform"})  # Scryfall's layout of transforming double-faced cards
_KICKERS = frozenset({"kicker", "multikicker"})
_AGENDAS = frozenset({"hidden agenda", "double agenda"})
# Keywords that act whatever their text says (_exile_rule, _keyword_actor).
_ACTING_KEYWORDS = frozenset({"delve", "hideaway", "bargain", *_KICKERS, *_AGENDAS})
# Values that name the same thing as a chosen value ("choose an opponent" … "the chosen player").
_VALUE_SYNONYMS = {"opponent": "player"}
# Words that are not a choice "between words": "choose one or both" picks modes.
_NOT_WORDS = frozenset(
    {"one", "two", "three", "a", "an", "any", "target", "up", "new", "both", "more", "that"}
)


def find_links(card: Card, *, also: Sequence[Card] = ()) -> LinkedReport:
    """Every pair of linked abilities on ``card`` (all faces), with the notes that apply.

    ``also`` names other cards asked about together: their abilities are never linked to this card's
    (607.1, 607.5), and the report says so where one of them acts on something this card refers to.
    """
    segments = _readable_segments(card)
    referrers = _referring(segments)
    # Without a referring ability only a choice between words can be linked (to a mention or an anchor
    # word, 607.2f and 607.2m): on most cards nothing refers, and their other acting roles aren't needed.
    actors = _acting(segments) if referrers else [*_word_choice_actors(segments)]
    pairs = [*_pair(actors, referrers), *_word_links(actors, card)] if actors else []
    pairs += [*_paragraph_links(card), *_keyword_links(card)]
    # 607.1b joins only the faces of a transforming card
    if pairs and card.layout not in _TRANSFORMING_LAYOUTS:
        pairs = [pair for pair in pairs if pair.first.face_position == pair.second.face_position]
    links = _links(pairs)
    notes = [*_pair_notes(pairs), *_not_linked_notes(card, referrers, also)]
    if not links:  # most cards
        notes.insert(0, _no_links_note(card))
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
    actors, referrers = _roles(card)
    acting = tuple(
        (role.channel, role.segment.ability.index)
        for role in actors
        if role.segment.holder is not Holder.ELSEWHERE
    )
    return acting, tuple((role.channel, role.segment.ability.index) for role in referrers)


# --- segments ------------------------------------------------------------------------------------------


def _segments(card: Card) -> Iterator[_Segment]:
    for position, face in enumerate(card.faces):
        for ability in face.abilities:
            yield from _ability_segments(position, face, ability)


def _ability_segments(position: int, face: Face, ability: Ability) -> Iterator[_Segment]:
    text = ability.rules_text
    outer = empty_quotes(text)
    yield _Segment(position, face, ability, Holder.PRINTED, outer.casefold(), outer)
    for quoted in quoted_phrases(text):
        before = text[: quoted.start].casefold()
        inner = quoted.group or ""
        yield _Segment(position, face, ability, quote_holder(before), inner.casefold(), inner)


# --- roles ---------------------------------------------------------------------------------------------


def _roles(card: Card) -> tuple[list[_Role], list[_Role]]:
    segments = _readable_segments(card)
    return _acting(segments), _referring(segments)


def _readable_segments(card: Card) -> list[tuple[_Segment, bool]]:
    """The segments that may act or refer, each with whether it has linked-ability wording (else only its
    keyword can act, and nothing refers), in printed order."""
    readable: list[tuple[_Segment, bool]] = []
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


def _acting(segments: Sequence[tuple[_Segment, bool]]) -> list[_Role]:
    return [role for segment, worded in segments for role in _acting_roles(segment, worded=worded)]


def _referring(segments: Sequence[tuple[_Segment, bool]]) -> list[_Role]:
    return [role for segment, worded in segments if worded for role in _referring_roles(segment)]


def _word_choice_actors(segments: Sequence[tuple[_Segment, bool]]) -> Iterator[_Role]:
    """The acting roles of choices between words (as :func:`_acting` finds them, in the same order)."""
    for segment, worded in segments:
        if worded:
            yield from _word_choices(segment)


def _acting_roles(segment: _Segment, *, worded: bool) -> Iterator[_Role]:
    exile = _exile_rule(segment)
    if exile is not None:
        yield _Role(segment, exile[0], exile[1], "exiled", position=_exiles_cards_at(segment) or 0)
    if worded:
        yield from _worded_acting_roles(segment)
    yield from _keyword_actor(segment)


def _worded_acting_roles(segment: _Segment) -> Iterator[_Role]:
    text = segment.text
    if _acts_as_ability(segment) and (found := first_phrase(LinkPhrase.PUTS_ONTO_BATTLEFIELD, text)):
        yield _Role(
            segment, "battlefield", PUT_ONTO_BATTLEFIELD, "put onto the battlefield", position=found.start
        )
    for found in phrases(LinkPhrase.CHOOSE_VALUE, text):
        value = _value_head((found.group or "").strip())
        yield _Role(segment, f"choice:{value}", CHOSEN_VALUE, f"chosen {value}", position=found.start)
    if found := first_phrase(LinkPhrase.NAME_A_CARD, text):
        yield _Role(segment, "choice:name", CHOSEN_VALUE, "named card", position=found.start)
    yield from _word_choices(segment)
    if found := first_phrase(LinkPhrase.NOTE, text):
        yield _Role(segment, "note", NOTED, "noted", position=found.start)
    if found := first_phrase(LinkPhrase.ENTERS_PAYING, text):
        yield _Role(segment, "entered-cost", ENTERED_COST, "paid as it entered", position=found.start)
    if says(LinkPhrase.CAST_COST, text) and says(LinkPhrase.VARIABLE, text) and not says_exile(text):
        yield _Role(segment, "cast-cost", CAST_COST, "paid as it was cast")
    if says(LinkPhrase.CAST_COST, text) and "you may" in text:
        yield _Role(segment, "additional-cost", ADDITIONAL_COST, "the optional additional cost")


def _exile_rule(segment: _Segment) -> tuple[str, Citation] | None:
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


def _exiles_cards_at(segment: _Segment) -> int | None:
    """Where the segment first tells a player to exile cards; exiling the token it just created is no card."""
    return exiles_cards_at(segment.text)


def _is_permanent(face: Face) -> bool:
    return not {"Instant", "Sorcery"} & set(face.type_line.types)


def _acts_as_ability(segment: _Segment) -> bool:
    """Whether the segment is an activated or triggered ability (a quoted one judged by its wording)."""
    if segment.holder is Holder.PRINTED:
        if segment.ability.kind in _ACTING_KINDS:
            return True
        if segment.ability.kind is AbilityKind.KEYWORD:
            return False
    return worded_as_acting(segment.text)


def _word_choices(segment: _Segment) -> Iterator[_Role]:
    """ "choose war or peace" (607.2f / 607.2m); referred to as "the chosen [value]" it is 607.2d."""
    for choice in word_choices(segment.text):
        words = choice.words
        if not any(word in _NOT_WORDS for word in words):
            yield _Role(segment, "words", WORD_CHOICE, "|".join(words), position=choice.start)
            yield _Role(
                segment, "choice:any", CHOSEN_VALUE, f"one of {' or '.join(words)}", position=choice.start
            )


def _keyword_actor(segment: _Segment) -> Iterator[_Role]:
    keyword = (segment.ability.keyword or "").casefold()
    if segment.holder is not Holder.PRINTED:
        return
    if keyword in _KICKERS:
        costs = mana_symbol_runs(segment.ability.keyword_parameter or segment.ability.rules_text)
        yield _Role(segment, "kicker", ADDITIONAL_COST, " ".join(costs))
    elif keyword == "bargain":
        yield _Role(segment, "additional-cost", ADDITIONAL_COST, "bargain")
    elif keyword in _AGENDAS:
        yield _Role(segment, "choice:name", CHOSEN_VALUE, "chosen name")


def _referring_roles(segment: _Segment) -> Iterator[_Role]:
    text = segment.text
    if segment.holder is Holder.ELSEWHERE:
        return
    if says(LinkPhrase.EXILED_WITH_NAMED, text):
        yield _Role(segment, "pregame-exile", PREGAME_EXILE, "cards exiled with cards named ~", history=True)
    else:
        for found in phrases(LinkPhrase.EXILED_WITH, text):
            singular = found.group in {"a", "an", "one", "another", "the"}
            yield _Role(segment, "exile", EXILED_BY_ABILITY, found.text, True, singular, found.start)
    for found in phrases(LinkPhrase.THE_EXILED, text):
        yield _Role(
            segment,
            "exile",
            EXILED_BY_ABILITY,
            found.text,
            False,
            "cards" not in found.text,
            found.start,
        )
    for found in phrases(LinkPhrase.PUT_WITH, text):
        yield _Role(
            segment, "battlefield", PUT_ONTO_BATTLEFIELD, found.text, history=True, position=found.start
        )
    for found in phrases(LinkPhrase.THE_TOKEN, text):
        yield _Role(segment, "battlefield", PUT_ONTO_BATTLEFIELD, found.text, position=found.start)
    yield from _chosen_roles(segment)
    if first := first_phrase(LinkPhrase.NOTED, text):
        yield _Role(segment, "note", NOTED, "information noted", history=True, position=first.start)
    if first := first_phrase(LinkPhrase.AS_ENTERED, text):
        yield _Role(
            segment, "entered-cost", ENTERED_COST, "the cost paid as it entered", position=first.start
        )
    if first := first_phrase(LinkPhrase.AS_WAS_CAST, text):
        yield _Role(segment, "cast-cost", CAST_COST, "the cost paid as it was cast", position=first.start)
    for found in phrases(LinkPhrase.KICKED, text):
        yield _Role(segment, "kicker", ADDITIONAL_COST, found.group or "", position=found.start)
    if first := first_phrase(LinkPhrase.COST_PAID, text):
        yield _Role(segment, "additional-cost", ADDITIONAL_COST, first.text, position=first.start)


def _chosen_roles(segment: _Segment) -> Iterator[_Role]:
    for found in phrases(LinkPhrase.CHOSEN, segment.text):
        phrase = found.group
        if phrase is None:
            yield _Role(segment, "choice:name", CHOSEN_VALUE, "the named card", position=found.start)
            continue
        for word in phrase.split():
            yield _Role(
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


# --- pairs ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Pair:
    """A detected link before rendering: the acting and the referring ability."""

    first: _Segment  # acts (exiles, chooses …)
    second: _Segment  # refers
    kind: Citation
    explanation: Message
    extra: tuple[Citation, ...] = ()
    singular_exile: bool = False

    @property
    def key(self) -> tuple[tuple[int, int], tuple[int, int], str]:
        low, high = sorted((self.first.order, self.second.order))
        return low, high, self.kind.number


def _pair(actors: Sequence[_Role], referrers: Sequence[_Role]) -> Iterator[_Pair]:
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


def _same_channel(actor: _Role, referrer: _Role) -> bool:
    if actor.channel == "choice:any":
        return referrer.channel.startswith("choice:")
    return actor.channel == referrer.channel


def _costs_match(actor: _Role, referrer: _Role) -> bool:
    """A referrer naming one kicker cost ("kicked with its {W} kicker") needs that cost."""
    if actor.channel != "kicker" or not referrer.detail:
        return True
    return referrer.detail.casefold() in actor.detail.casefold().split()


def _is_anaphora(referrer: _Role, acting_at: dict[tuple[int, str], int]) -> bool:
    """ "Exile target creature. Return the exiled card …" within one ability refers to its own action."""
    if referrer.history:
        return False
    position = acting_at.get((id(referrer.segment), referrer.channel))
    return position is not None and position <= referrer.position


def _pair_of(actor: _Role, referrer: _Role) -> _Pair | None:
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
    if actor.rule is EXILED_BY_REPLACEMENT and says(LinkPhrase.AS_ENTERS, first.text):
        extra.append(AS_ENTERS_REPLACEMENT)
    return _Pair(
        first,
        second,
        actor.rule,
        _explain(actor, referrer),
        tuple(extra),
        singular_exile=actor.channel == "exile" and referrer.singular,
    )


def _granted_by_class_level(*segments: _Segment) -> bool:
    return any((segment.ability.level or 1) > 1 for segment in segments)


def _word_links(actors: Sequence[_Role], card: Card) -> Iterator[_Pair]:
    """607.2m anchor words, else 607.2f a choice between words referred to by another ability."""
    segments: list[_Segment] = []  # every segment of the card, read only when it has a choice between words
    for actor in actors:
        if actor.channel != "words" or actor.segment.holder is Holder.ELSEWHERE:
            continue
        words = actor.detail.split("|")
        segments = segments or list(_segments(card))
        for segment in segments:
            if segment.ability is actor.segment.ability or segment.holder is Holder.ELSEWHERE:
                continue
            anchor = (segment.ability.anchor_word or "").casefold()
            if anchor and segment.holder is Holder.PRINTED:
                if anchor in words:
                    yield _Pair(
                        actor.segment,
                        segment,
                        ANCHOR_WORD,
                        _explain_anchor(actor, segment, anchor),
                        (ANCHOR_WORD_CHOICE,),
                    )
            elif found := [word for word in words if mentions_word(segment.text, word)]:
                yield _Pair(actor.segment, segment, WORD_CHOICE, _explain_words(actor, segment, words, found))


def _paragraph_links(card: Card) -> Iterator[_Pair]:
    """607.2h: a static ability and the triggered abilities after it in its paragraph; 607.2p likewise."""
    for position, face in enumerate(card.faces):
        static: _Segment | None = None
        for ability in face.abilities:
            if static is not None and static.ability.paragraph == ability.paragraph:
                if ability.kind is AbilityKind.TRIGGERED:
                    segment = _printed(position, face, ability)
                    yield _Pair(
                        static,
                        segment,
                        SAME_PARAGRAPH,
                        _explain_paragraph(static, segment),
                        (STATIC_AND_TRIGGER,),
                    )
                    continue
                if ability.kind is AbilityKind.CHARACTERISTIC_DEFINING and says(
                    LinkPhrase.PREGAME_CHOICE, static.text
                ):
                    segment = _printed(position, face, ability)
                    yield _Pair(static, segment, PREGAME_CHOICE, _explain_pregame_choice(static, segment))
                    continue
            # Only a static or replacement ability starts a pair, so only its segment is kept.
            static = _printed(position, face, ability) if ability.kind in _STATIC_KINDS else None
            text = static.text if static is not None else ability.rules_text.casefold()
            if says(LinkPhrase.PREGAME_CHOICE, text) and says(LinkPhrase.DEFINES_BY_CHOICE, text):
                segment = static or _printed(position, face, ability)
                yield _Pair(segment, segment, PREGAME_CHOICE, _explain_pregame_choice(segment, segment))


def _keyword_links(card: Card) -> Iterator[_Pair]:
    """Keywords standing for two linked abilities: champion (702.72b), miracle (702.94a), squad (702.157a)."""
    for position, face in enumerate(card.faces):
        for ability in face.abilities:
            keyword = (ability.keyword or "").casefold()
            if keyword not in _KEYWORD_EXPLANATIONS:
                continue
            segment = _printed(position, face, ability)
            if keyword == "champion":
                yield _Pair(
                    segment,
                    segment,
                    CHAMPION,
                    _KEYWORD_EXPLANATIONS["champion"],
                    (CHAMPION_KEYWORD, CHAMPION_MEANS),
                )
            elif keyword in {"miracle", "squad"}:
                extra = MIRACLE if keyword == "miracle" else SQUAD
                yield _Pair(segment, segment, SAME_PARAGRAPH, _KEYWORD_EXPLANATIONS[keyword], (extra,))


def _printed(position: int, face: Face, ability: Ability) -> _Segment:
    """The whole printed text of ``ability`` as one segment (a paragraph's or a keyword's link)."""
    return _Segment(
        position, face, ability, Holder.PRINTED, ability.rules_text.casefold(), ability.rules_text
    )


def _links(pairs: Sequence[_Pair]) -> list[Link]:
    unique: dict[tuple[tuple[int, int], tuple[int, int], str], _Pair] = {}
    for pair in pairs:
        unique.setdefault(pair.key, pair)
    return [_link(unique[key]) for key in sorted(unique)]


def _link(pair: _Pair) -> Link:
    low, high = sorted((pair.first, pair.second), key=lambda segment: segment.order)
    return Link(
        abilities=(low.ability.index, high.ability.index),
        faces=(low.face.name, high.face.name),
        rule=pair.kind.number,
        rules=(pair.kind.number, *(citation.number for citation in pair.extra)),
        explanation=pair.explanation.english,
        message=pair.explanation,
    )


# --- explanations --------------------------------------------------------------------------------------


def _label(segment: _Segment, other: _Segment, *, capital: bool = False) -> Message:
    """ "ability 3", "ability 2 of Tomb of the Dusk Rose", "the ability of the emblem that ability 1 creates"
    ("Ability 3" … with ``capital``, to begin a sentence)."""
    index = segment.ability.index
    holder = segment.holder in (Holder.TOKEN, Holder.EMBLEM)
    upper = capital and not holder
    face = card(segment.face.name) if segment.face_position != other.face_position else None
    label = _ability_name(index, face, capital=upper)
    if segment.holder is Holder.TOKEN:
        if capital:
            return msg("The ability that {label} gives the token it creates", label=label)
        return msg("the ability that {label} gives the token it creates", label=label)
    if segment.holder is Holder.EMBLEM:
        if capital:
            return msg("The ability of the emblem that {label} creates", label=label)
        return msg("the ability of the emblem that {label} creates", label=label)
    return label


def _self_name(segment: _Segment) -> str:
    return segment.face.name


def _ability_name(index: int, face: Param | None, *, capital: bool = False) -> Message:
    """ "ability 3", or "ability 2 of Tomb of the Dusk Rose" when ``face`` is given ("Ability 3" … with
    ``capital``, to begin a sentence)."""
    if face is not None:
        if capital:
            return msg("Ability {index} of {face}", index=index, face=face)
        return msg("ability {index} of {face}", index=index, face=face)
    return msg("Ability {index}", index=index) if capital else msg("ability {index}", index=index)


def _explain(actor: _Role, referrer: _Role) -> Message:
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


def _as_enters(segment: _Segment) -> Param:
    """Why an "as ~ enters" ability's exile is a replacement effect's (CR 614.1c), when it is one."""
    if not says(LinkPhrase.AS_ENTERS, segment.text):
        return ""
    return msg(
        " as {card} entered (an “as it enters” ability is a replacement effect)", card=card(segment.face.name)
    )


def _named_cost(actor: _Role, referrer: _Role) -> str:
    """ " {W}" when the referrer names one of several kicker costs of the actor (702.33f)."""
    if actor.channel != "kicker" or not referrer.detail:
        return ""
    costs = [cost for cost in actor.detail.split() if cost.casefold() == referrer.detail.casefold()]
    return f" {costs[0]}" if costs else ""


def _explain_anchor(actor: _Role, segment: _Segment, anchor: str) -> Message:
    return msg(
        "Ability {index} is preceded by the anchor word {anchor}: it applies only if {anchor} was chosen for "
        "ability {actor} as {card} entered (614.12b); nothing else can choose it.",
        index=segment.ability.index,
        anchor=segment.ability.anchor_word or "",
        actor=actor.segment.ability.index,
        card=card(segment.face.name),
    )


def _explain_words(actor: _Role, segment: _Segment, words: Sequence[str], found: Sequence[str]) -> Message:
    return msg(
        "Ability {index} refers only to the choice {between} made for ability {actor} (here: {found}); these "
        "words have no rules meaning of their own.",
        index=segment.ability.index,
        between=_between(words),
        actor=actor.segment.ability.index,
        found=series(found),
    )


def _between(words: Sequence[str]) -> Message:
    """``between war and peace``, ``among Khans, Dragons and Abzan``."""
    if len(words) < 3:
        return msg("between {words}", words=listing(words))
    return msg("among {words}", words=listing(words))


def _explain_paragraph(static: _Segment, trigger: _Segment) -> Message:
    return msg(
        "Ability {trigger} is a triggered ability printed in the same paragraph as the static ability "
        "{static}: it triggers only on actions taken because of ability {static} (603.11), not on the same "
        "action taken any other way.",
        trigger=trigger.ability.index,
        static=static.ability.index,
    )


def _explain_pregame_choice(static: _Segment, defining: _Segment) -> Message:
    if static is defining:
        return msg(
            "Ability {static} is printed as one paragraph holding both a static ability (a choice made "
            "before the game begins) and a characteristic-defining ability: the characteristic-defining "
            "ability uses only that choice and keeps using it as the card changes zones during the game.",
            static=static.ability.index,
        )
    return msg(
        "The characteristic-defining ability {defining} is printed in the same paragraph as the static "
        "ability {static} that makes a choice before the game begins: the characteristic-defining ability "
        "uses only that choice and keeps using it as the card changes zones during the game.",
        defining=defining.ability.index,
        static=static.ability.index,
    )


_KEYWORD_EXPLANATIONS = {
    "champion": msg(
        "Champion stands for two linked triggered abilities: the leaves-the-battlefield ability returns only "
        "the card the enters ability exiled (702.72a)."
    ),
    "miracle": msg(
        "Miracle stands for a static ability and a triggered ability linked to it: only revealing the card "
        "by the miracle ability itself lets it be cast for its miracle cost."
    ),
    "squad": msg(
        "Squad stands for two linked abilities: the enters trigger copies the creature once for each time "
        "the squad cost of this ability was paid."
    ),
}


# --- notes ---------------------------------------------------------------------------------------------


def _pair_notes(pairs: Sequence[_Pair]) -> Iterator[Explanation]:
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


def _several_pairs_note(pairs: Sequence[_Pair]) -> Iterator[Explanation]:
    members: dict[tuple[int, int], set[tuple[tuple[int, int], tuple[int, int]]]] = {}
    segments: dict[tuple[int, int], _Segment] = {}
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
        _ability_name(
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


def _no_links_note(printed: Card) -> Explanation:
    return Explanation.of(
        msg(
            "{card} has no linked abilities: none of its abilities refers to what another of its abilities "
            "does (exiled cards, created objects, a choice, noted information or a paid cost).",
            card=card(printed.name),
        ),
        LINKED,
    )


def _not_linked_notes(card: Card, referrers: Sequence[_Role], also: Sequence[Card]) -> Iterator[Explanation]:
    """Abilities of other cards (or granted by them) that do what one of ``card``'s abilities refers to."""
    wanted: dict[str, list[int]] = {}
    for referrer in referrers:
        indexes = wanted.setdefault(referrer.channel, [])
        if referrer.segment.ability.index not in indexes:
            indexes.append(referrer.segment.ability.index)
    for other in also:
        if other.key == card.key:
            continue
        other_actors, _ = _roles(other)
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


def _not_linked_note(other: Card, actor: _Role, printed: Card, referring: Sequence[int]) -> Explanation:
    index = actor.segment.ability.index
    if actor.segment.holder is Holder.ELSEWHERE:
        source = msg(
            '{card} grants the ability "{granted}" (its ability {index}), which',
            card=card(other.name),
            granted=actor.segment.original.replace(SELF, "this object"),
            index=index,
        )
    else:
        source = _ability_name(index, card(other.name))
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
