"""Every copy phrase and linked-ability phrase of a card corpus that the parser leaves unread (issue 25
item 2).

A copy phrase ("copy of", "copies", "copy target …") is unread when its ability yields no copy effect and
isn't a trigger on copying ("Whenever you cast or copy …", read by ``engine.oracle.spell_triggers``); a
phrase only in reminder text has no game function (CR 207.2a) and isn't listed. A
linked phrase ("exiled with ~", "the exiled card", "the chosen …", "the noted …", "put onto the battlefield
with ~") is unread when its ability is in no linked pair and no other ability of the card does what it
refers to: either the linked reader doesn't see the phrase at all ("unknown phrase"), or it sees it but
finds nothing it refers to ("refers to nothing"). A phrase whose ability does what it refers to itself,
before it ("Choose a card name … with the chosen name"), is one ability, not linked ones (CR 607.1), and
isn't listed. Phrases inside quotes are the granted ability's, not the card's, and aren't listed either.

Usage: ``python benchmarks/unread_phrases.py [--corpus 2022|2019]`` (needs ../shared). Prints one line per
phrase (kind, card, reason, the ability's text), then the counts.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine import Card, find_links, parse_card
from engine.core.model import Ability, AbilityKind
from engine.linked.links import roles_of
from engine.oracle.spell_triggers import SpellEvent, spell_trigger
from engine.oracle.text import unquoted
from tests.card_data import all_cards, cards_2022, rules_keyword_vocabulary

_COPY = re.compile(r"\bcop(?:y|ies)\b", re.IGNORECASE)
_LINKED = re.compile(
    r"\bexiled with\b(?! an? [\w-]+ counter)|\bthe exiled (?:card|permanent|creature)s?\b"
    r"|\b(?:the|that) chosen \w+"
    r"|\bchosen (?:color|type|name|player|opponent|number|creature type|card type)\b|\bnoted\b"
    r"|\bput onto the battlefield with\b(?! this ability)",
    re.IGNORECASE,
)

# "As you cascade, … from among the exiled cards": the cascade it modifies exiled them (CR 702.85a).
_EXILES = re.compile(r"\bexiles?\b|\bas you cascade\b")
# "Search your library … for five cards … the chosen cards": the search chose them (Doomsday).
_CHOOSES = re.compile(r"\bchooses?\b|\bseparates?\b|\bsearch(?:es)? [^.]*\bfor\b")


@dataclass(frozen=True)
class Unread:
    """One phrase of one ability the parser leaves unread."""

    kind: str  # "copy" or "linked"
    card: str
    phrase: str
    reason: str
    text: str


def unread_phrases(records: Iterable[Mapping[str, Any]]) -> Iterator[Unread]:
    """Every unread copy and linked phrase of ``records``, card by card, in printed order."""
    keywords = rules_keyword_vocabulary()
    for record in records:
        card = parse_card(record, keywords)
        yield from _unread_copies(card)
        yield from _unread_links(card)


def _unread_copies(card: Card) -> Iterator[Unread]:
    for face in card.faces:
        copying = {effect.ability_index for effect in face.copy_effects}
        for ability in face.abilities:
            found = _COPY.search(unquoted(ability.text))
            if found is None or ability.index in copying or _copy_trigger(ability):
                continue
            if _COPY.search(unquoted(ability.rules_text)) is None:
                continue  # in reminder text only, which has no game function (CR 207.2a)
            yield Unread("copy", card.name, found.group(0), "no copy effect", ability.text)


def _copy_trigger(ability: Ability) -> bool:
    """Whether the copy phrase is the ability's trigger condition ("Whenever you cast or copy …"): read as a
    copy trigger (``engine.oracle.spell_triggers``, CR 707.10), not a copy the ability makes."""
    trigger = spell_trigger(ability.trigger or "") if ability.kind is AbilityKind.TRIGGERED else None
    return trigger is not None and SpellEvent.COPY in trigger.events


def _unread_links(card: Card) -> Iterator[Unread]:
    candidates: list[tuple[int, str, str, str]] = []
    for face in card.faces:
        earlier = ""  # what the same spell or the spell's costs said before (one spell ability, CR 113.3a)
        for ability in face.abilities:
            masked = unquoted(ability.rules_text)
            if found := _LINKED.search(masked):
                before = f"{earlier} {masked[: found.start()]}".casefold()
                candidates.append((ability.index, found.group(0), ability.text, before))
            if ability.kind is AbilityKind.SPELL or masked.startswith("As an additional cost"):
                earlier += f" {masked}"
    if not candidates:
        return
    linked = {index for link in find_links(card).links for index in link.abilities}
    _, referring = roles_of(card)
    for index, phrase, text, before in candidates:
        if index in linked or _does_itself(phrase, before):
            continue
        channels = {channel for channel, at in referring if at == index}
        reason = "refers to nothing on the card" if channels else "unknown phrase"
        yield Unread("linked", card.name, phrase, reason, text)


def _does_itself(phrase: str, before: str) -> bool:
    """Whether the words before ``phrase`` (its ability's, and for a spell its earlier paragraphs' and its
    additional cost's) do what it refers to ("Exile target card. … the exiled card"): one ability referring
    to its own action is no linked ability (CR 607.1)."""
    phrase = phrase.casefold()
    if "exiled" in phrase:
        return _EXILES.search(before) is not None
    if "chosen" in phrase:
        return _CHOOSES.search(before) is not None
    if "noted" in phrase:
        return "note" in before
    return "onto the battlefield" in before


def main() -> None:
    """Print every unread phrase of the chosen corpus and the counts."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", choices=("2022", "2019"), default="2022")
    corpus = parser.parse_args().corpus
    found = list(unread_phrases(cards_2022() if corpus == "2022" else all_cards()))
    for each in found:
        text = each.text.replace("\n", " / ")
        print(f"{each.kind:<7}{each.card} — {each.reason} — “{each.phrase}”: {text}")
    counts = Counter((each.kind, each.reason) for each in found)
    print(f"\n{len(found)} unread phrases in the {corpus} corpus, on {len({e.card for e in found})} cards:")
    for (kind, reason), count in sorted(counts.items()):
        print(f"  {kind:<7}{reason:<32}{count:>5}")


if __name__ == "__main__":
    main()
