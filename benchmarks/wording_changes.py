"""Copy and linked answers that change between a card's 2019 and 2022 Oracle wording (issue 25 item 1).

Every card of the 2019 bulk file that the shared 2022 Gatherer file has again (same ``oracle_id``, else
same name) with another Oracle text is parsed in both wordings and asked two questions on each:

- linked abilities (:func:`engine.linked.links.find_links`): the pairs, as (ability indexes, 607.2 rule);
- for a creature, a Clone entering as a copy of it (the corpus board of :mod:`engine.answers.copy_corpus`):
  determined, with named unknowns (which characteristics), or refused; and the copiable values the copy
  gets (name, types, power/toughness, how many abilities).

A card is listed when either answer differs between the two wordings. The 2024-style mechanical rewordings
("enters" for "enters the battlefield", "mana value" for "converted mana cost", "this creature" for the
card's name) must not change an answer; a listed card is either a real change of the rules meaning or a
parser miss. ``tests/engine/answers/test_wording_changes.py`` keeps the list of listed cards, each with a
judge's reason.

Usage: ``python benchmarks/wording_changes.py`` (needs ../shared; a few seconds). Prints each listed card
(both answers and the wording of the abilities that differ), then the counts.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine.answers.copy_corpus import clone_board
from engine.answers.copy_result import answer_board
from engine.core.model import Card
from engine.errors import JudgeError
from engine.linked.links import find_links
from engine.oracle import parse_card
from tests.card_data import cards_2022, is_creature, parsed_card, rules_keyword_vocabulary
from tests.conftest import ORACLE_BULK, require_shared

LINKED = "linked"
COPY_CLASS = "copy classification"
COPY_VALUES = "copy values"

LinkKey = tuple[tuple[int, int], str]  # (ability indexes, 607.2 rule)

_HIDEAWAY_ERRATA = (
    'CR 702.75b: cards printed with a bare "Hideaway" received errata to "Hideaway 4" and a separate '
    '"[This permanent] enters tapped" ability, printed second; the hideaway ability and the one using '
    '"the exiled card" are still linked by 607.2a, only that second ability now numbers one higher'
)

# Every card whose answers differ between its two wordings, with the answers that differ and a judge's
# verdict. Each is a real change of the card's rules meaning (Oracle errata); none is a parser miss left
# unfixed. tests/engine/answers/test_wording_changes.py fails on a card not listed here.
EXPLAINED: dict[str, tuple[tuple[str, ...], str]] = {
    "Oubliette": (
        (LINKED,),
        'errata back to its printed phasing effect: "target creature phases out until Oubliette leaves the '
        'battlefield" is one triggered ability with a duration (702.26); nothing is exiled or noted any '
        'more, so the 2019 pair (exile and note the counters, then return "that exiled card" with "the '
        'noted" counters, 607.2e) is gone and no linked abilities is right',
    ),
    "Narset, Enlightened Master": (
        (LINKED,),
        '2019\'s "cast noncreature cards exiled with Narset this turn" means every card exiled with Narset '
        "this turn, an earlier resolution's too (a second combat): the ability is linked to itself (607.1c, "
        '607.2a); 2022\'s "noncreature spells from among those cards" means only the cards that resolution '
        "exiled, one ability that refers to nothing another resolution did: no link is right",
    ),
    "Howltooth Hollow": ((LINKED,), _HIDEAWAY_ERRATA),
    "Mosswort Bridge": ((LINKED,), _HIDEAWAY_ERRATA),
    "Shelldock Isle": ((LINKED,), _HIDEAWAY_ERRATA),
    "Spinerock Knoll": ((LINKED,), _HIDEAWAY_ERRATA),
    "Windbrisk Heights": ((LINKED,), _HIDEAWAY_ERRATA),
    "Watcher for Tomorrow": (
        (LINKED, COPY_VALUES),
        _HIDEAWAY_ERRATA
        + "; the copy gets that third ability (two in 2019: the keyword's reminder held it) and enters "
        'tapped under either wording (the 2019 reading of a bare "Hideaway" as entering tapped, '
        "engine.oracle.entering.enters_tapped)",
    ),
}


@dataclass(frozen=True)
class CopyAnswer:
    """What a Clone copying the card gets: the answer's kind and a summary of its copiable values."""

    classification: str  # "determined", "unknown: abilities, power" or "refused: <message>"
    values: str  # "Name | Legendary Creature — Elf | 2/2 | 3 abilities"
    reasons: tuple[str, ...] = ()  # the unknowns' reasons


@dataclass(frozen=True)
class Version:
    """The answers for one wording of a card."""

    text: str
    card: Card
    links: frozenset[LinkKey]
    copy: CopyAnswer | None  # None: not a creature


@dataclass(frozen=True)
class Change:
    """A card whose answers differ between its 2019 and 2022 wording."""

    name: str
    kinds: tuple[str, ...]  # LINKED, COPY_CLASS, COPY_VALUES
    old: Version
    new: Version


def oracle_text(raw: Mapping[str, Any]) -> str:
    """The card's Oracle text, faces joined by ``//`` lines."""
    faces = raw.get("card_faces")
    if faces:
        return "\n//\n".join(str(face.get("oracle_text", "")) for face in faces)
    return str(raw.get("oracle_text", ""))


def bulk_2019() -> list[dict[str, Any]]:
    """The 2019 bulk file alone (no supplement, no own fixtures: the comparison is file against file)."""
    with gzip.open(require_shared(ORACLE_BULK), "rt", encoding="utf-8") as bulk:
        cards: list[dict[str, Any]] = json.load(bulk)
    return cards


def reworded_pairs() -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(2019 record, 2022 record) of every card in both files whose Oracle text differs."""
    old = bulk_2019()
    by_id = {card["oracle_id"]: card for card in old if "oracle_id" in card}
    by_name = {card["name"]: card for card in old}
    for new in cards_2022():
        before = by_id.get(new.get("oracle_id", "")) or by_name.get(new["name"])
        if before is not None and oracle_text(before) != oracle_text(new):
            yield before, new


def copy_answer(card: Card, clone: Card) -> CopyAnswer:
    """The Clone corpus board's answer for ``card``, summarised."""
    try:
        answer = answer_board(clone_board(card.name, clone.name), {card.name: card, clone.name: clone}, "")
    except JudgeError as error:
        return CopyAnswer(f"refused: {error}", "")
    result = answer.result
    unknown = sorted({c for u in result.unknowns for c in u.characteristics})
    classification = "unknown: " + ", ".join(unknown) if result.unknowns else "determined"
    values = result.copiable
    types = " ".join((*values.supertypes, *values.types))
    if values.subtypes:
        types += " — " + " ".join(values.subtypes)
    pt = f"{values.power}/{values.toughness}"
    summary = f"{values.name} | {types} | {pt} | {len(values.abilities)} abilities"
    return CopyAnswer(classification, summary, tuple(u.reason for u in result.unknowns))


def version(raw: Mapping[str, Any], clone: Card) -> Version:
    """Both answers for one record."""
    card = parse_card(raw, rules_keyword_vocabulary())
    links = frozenset((link.abilities, link.rule) for link in find_links(card).links)
    return Version(oracle_text(raw), card, links, copy_answer(card, clone) if is_creature(raw) else None)


def differences(old: Version, new: Version) -> tuple[str, ...]:
    """Which answers differ: LINKED, COPY_CLASS, COPY_VALUES."""
    kinds = []
    if old.links != new.links:
        kinds.append(LINKED)
    if old.copy is not None and new.copy is not None:
        if old.copy.classification != new.copy.classification:
            kinds.append(COPY_CLASS)
        if old.copy.values != new.copy.values:
            kinds.append(COPY_VALUES)
    elif (old.copy is None) != (new.copy is None):
        kinds.append(COPY_CLASS)
    return tuple(kinds)


@dataclass
class Comparison:
    """The run: how many cards were compared, how many creatures, and the cards whose answers changed."""

    compared: int = 0
    creatures: int = 0
    changes: tuple[Change, ...] = ()

    def by_kind(self) -> Counter[str]:
        """How many changed cards differ in each answer."""
        return Counter(kind for change in self.changes for kind in change.kinds)


def compare(pairs: Iterable[tuple[Mapping[str, Any], Mapping[str, Any]]] | None = None) -> Comparison:
    """Both answers on both wordings of every reworded card (default: :func:`reworded_pairs`)."""
    clone = parsed_card("Clone")
    found = Comparison()
    changes = []
    for before, after in reworded_pairs() if pairs is None else pairs:
        found.compared += 1
        found.creatures += is_creature(before) or is_creature(after)
        old, new = version(before, clone), version(after, clone)
        kinds = differences(old, new)
        if kinds:
            changes.append(Change(str(after["name"]), kinds, old, new))
    found.changes = tuple(changes)
    return found


def _ability_texts(card: Card) -> dict[int, str]:
    return {ability.index: ability.text for face in card.faces for ability in face.abilities}


def describe(change: Change) -> list[str]:
    """The lines printed for one changed card: each answer that differs on both wordings, and the text."""
    lines = [f"== {change.name}  [{', '.join(change.kinds)}]"]
    for label, side in (("2019", change.old), ("2022", change.new)):
        if LINKED in change.kinds:
            links = ", ".join(f"{a}-{b} {rule}" for (a, b), rule in sorted(side.links)) or "none"
            lines.append(f"  {label} links: {links}")
        if side.copy is not None and (COPY_CLASS in change.kinds or COPY_VALUES in change.kinds):
            lines.append(f"  {label} copy: {side.copy.classification} ; {side.copy.values}")
            lines.extend(f"    because {reason}" for reason in side.copy.reasons)
    old, new = _ability_texts(change.old.card), _ability_texts(change.new.card)
    for index in sorted(set(old) | set(new)):
        if old.get(index) == new.get(index):
            continue
        lines.append(f"  {index} 2019: {old.get(index, '-')}")
        lines.append(f"  {index} 2022: {new.get(index, '-')}")
    return lines


def main() -> None:
    """Print every changed card with its verdict, then the counts."""
    found = compare()
    for change in found.changes:
        print("\n".join(describe(change)))
        kinds, verdict = EXPLAINED.get(change.name, ((), ""))
        if kinds == change.kinds:
            print(f"  verdict: right: {verdict}")
        else:
            print("  verdict: UNEXPLAINED (not in EXPLAINED with these kinds: read it, then fix or list it)")
    print()
    print(f"cards compared (2019 cards with a changed 2022 wording): {found.compared}")
    print(f"of them creatures (Clone asked on both wordings): {found.creatures}")
    print(f"cards whose answers changed: {len(found.changes)}")
    for kind, count in sorted(found.by_kind().items()):
        print(f"  {kind}: {count}")
    unexplained = [c.name for c in found.changes if EXPLAINED.get(c.name, ((), ""))[0] != c.kinds]
    print(f"unexplained: {len(unexplained)} {unexplained}")
    print(f"explained but no longer changed: {sorted(set(EXPLAINED) - {c.name for c in found.changes})}")


if __name__ == "__main__":
    main()
