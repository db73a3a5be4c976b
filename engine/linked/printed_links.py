"""Abilities linked by how the card is printed (CR 607.2f, 607.2h, 607.2k, 607.2m, 607.2p): a choice between
words and the abilities that mention them or begin with them as anchor words, a static ability and the
triggered abilities of its paragraph, and a keyword that stands for two linked abilities (champion, miracle,
squad).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.core.citations import cite
from engine.core.messages import Message, card, listing, msg, series
from engine.core.model import Ability, AbilityKind, Card, Face
from engine.linked.pairs import Pair
from engine.linked.roles import WORD_CHOICE, Role, Segment, card_segments
from engine.oracle.linked import Holder, LinkPhrase, mentions_word, says

SAME_PARAGRAPH = cite("607.2h", "in the same paragraph")
CHAMPION = cite("607.2k", "champion keyword")
ANCHOR_WORD = cite("607.2m", "preceded by an anchor word")
PREGAME_CHOICE = cite("607.2p", "make a choice for a characteristic-defining ability before the game begins")
STATIC_AND_TRIGGER = cite("603.11", "combine the abilities into one paragraph")
MIRACLE = cite("702.94a", "Miracle is a static ability linked to a triggered ability")
SQUAD = cite("702.157a", "Squad is a keyword that represents two linked abilities")
CHAMPION_KEYWORD = cite("702.72b", "The two abilities represented by champion are linked")
CHAMPION_MEANS = cite("702.72a", "Champion represents two triggered abilities")
ANCHOR_WORD_CHOICE = cite("614.12b", "each marked with an anchor word")
_STATIC_KINDS = frozenset({AbilityKind.STATIC, AbilityKind.REPLACEMENT})


def word_links(actors: Sequence[Role], card: Card) -> Iterator[Pair]:
    """607.2m anchor words, else 607.2f a choice between words referred to by another ability."""
    segments: list[Segment] = []  # every segment of the card, read only when it has a choice between words
    for actor in actors:
        if actor.channel != "words" or actor.segment.holder is Holder.ELSEWHERE:
            continue
        words = actor.detail.split("|")
        segments = segments or list(card_segments(card))
        for segment in segments:
            if segment.ability is actor.segment.ability or segment.holder is Holder.ELSEWHERE:
                continue
            anchor = (segment.ability.anchor_word or "").casefold()
            if anchor and segment.holder is Holder.PRINTED:
                if anchor in words:
                    yield Pair(
                        actor.segment,
                        segment,
                        ANCHOR_WORD,
                        _explain_anchor(actor, segment, anchor),
                        (ANCHOR_WORD_CHOICE,),
                    )
            elif found := [word for word in words if mentions_word(segment.text, word)]:
                yield Pair(actor.segment, segment, WORD_CHOICE, _explain_words(actor, segment, words, found))


def paragraph_links(card: Card) -> Iterator[Pair]:
    """607.2h: a static ability and the triggered abilities after it in its paragraph; 607.2p likewise."""
    for position, face in enumerate(card.faces):
        static: Segment | None = None
        for ability in face.abilities:
            if static is not None and static.ability.paragraph == ability.paragraph:
                if ability.kind is AbilityKind.TRIGGERED:
                    segment = _printed(position, face, ability)
                    yield Pair(
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
                    yield Pair(static, segment, PREGAME_CHOICE, _explain_pregame_choice(static, segment))
                    continue
            # Only a static or replacement ability starts a pair, so only its segment is kept.
            static = _printed(position, face, ability) if ability.kind in _STATIC_KINDS else None
            text = static.text if static is not None else ability.rules_text.casefold()
            if says(LinkPhrase.PREGAME_CHOICE, text) and says(LinkPhrase.DEFINES_BY_CHOICE, text):
                segment = static or _printed(position, face, ability)
                yield Pair(segment, segment, PREGAME_CHOICE, _explain_pregame_choice(segment, segment))


def keyword_links(card: Card) -> Iterator[Pair]:
    """Keywords standing for two linked abilities: champion (702.72b), miracle (702.94a), squad (702.157a)."""
    for position, face in enumerate(card.faces):
        for ability in face.abilities:
            keyword = (ability.keyword or "").casefold()
            if keyword not in _KEYWORD_EXPLANATIONS:
                continue
            segment = _printed(position, face, ability)
            if keyword == "champion":
                yield Pair(
                    segment,
                    segment,
                    CHAMPION,
                    _KEYWORD_EXPLANATIONS["champion"],
                    (CHAMPION_KEYWORD, CHAMPION_MEANS),
                )
            elif keyword in {"miracle", "squad"}:
                extra = MIRACLE if keyword == "miracle" else SQUAD
                yield Pair(segment, segment, SAME_PARAGRAPH, _KEYWORD_EXPLANATIONS[keyword], (extra,))


def _printed(position: int, face: Face, ability: Ability) -> Segment:
    """The whole printed text of ``ability`` as one segment (a paragraph's or a keyword's link)."""
    return Segment(position, face, ability, Holder.PRINTED, ability.rules_text.casefold(), ability.rules_text)


def _explain_anchor(actor: Role, segment: Segment, anchor: str) -> Message:
    return msg(
        "Ability {index} is preceded by the anchor word {anchor}: it applies only if {anchor} was chosen for "
        "ability {actor} as {card} entered (614.12b); nothing else can choose it.",
        index=segment.ability.index,
        anchor=segment.ability.anchor_word or "",
        actor=actor.segment.ability.index,
        card=card(segment.face.name),
    )


def _explain_words(actor: Role, segment: Segment, words: Sequence[str], found: Sequence[str]) -> Message:
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


def _explain_paragraph(static: Segment, trigger: Segment) -> Message:
    return msg(
        "Ability {trigger} is a triggered ability printed in the same paragraph as the static ability "
        "{static}: it triggers only on actions taken because of ability {static} (603.11), not on the same "
        "action taken any other way.",
        trigger=trigger.ability.index,
        static=static.ability.index,
    )


def _explain_pregame_choice(static: Segment, defining: Segment) -> Message:
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
