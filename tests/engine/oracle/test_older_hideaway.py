"""The older "Hideaway" keyword, printed without a number, made the permanent enter tapped (CR 702.75b).

Its Oracle errata (the 2022 file) print "Hideaway 4" and a separate "[This permanent] enters tapped"; the
2019 wording keeps the entering tapped inside the keyword, so a reader of that wording must too. Records in
Scryfall's shape with the two files' Oracle texts.
"""

from __future__ import annotations

from typing import Any

from engine.answers.copy_corpus import clone_board
from engine.answers.copy_result import answer_board
from engine.core.characteristics import Characteristics
from engine.core.model import Card
from engine.oracle import parse_card
from engine.oracle.entering import enters_tapped
from engine.oracle.keywords import KeywordVocabulary
from tests.card_data import parsed_card

_WATCHER_2019 = (
    "Hideaway (This creature enters the battlefield tapped. When it does, look at the top four cards of your "
    "library, exile one face down, then put the rest on the bottom of your library.)\n"
    "When Watcher for Tomorrow leaves the battlefield, put the exiled card into its owner's hand."
)
_WATCHER_2022 = (
    "Hideaway 4 (When this creature enters the battlefield, look at the top four cards of your library, "
    "exile one face down, then put the rest on the bottom in a random order.)\n"
    "Watcher for Tomorrow enters the battlefield tapped.\n"
    "When Watcher for Tomorrow leaves the battlefield, put the exiled card into its owner's hand."
)
_FIGHT_RIGGING = (
    "Hideaway 5 (When this enchantment enters the battlefield, look at the top five cards of your library, "
    "exile one face down, then put the rest on the bottom in a random order.)\n"
    "At the beginning of combat on your turn, put a +1/+1 counter on target creature you control. Then if "
    "you control a creature with power 7 or greater, you may play the exiled card without paying its mana "
    "cost."
)


def _record(name: str, type_line: str, text: str, **more: Any) -> dict[str, Any]:
    return {
        "object": "card",
        "name": name,
        "layout": "normal",
        "mana_cost": "{1}{U}",
        "cmc": 2.0,
        "type_line": type_line,
        "oracle_text": text,
        "colors": ["U"],
        **more,
    }


def _watcher(text: str, vocabulary: KeywordVocabulary) -> Card:
    record = _record("Watcher for Tomorrow", "Creature — Human Wizard", text, power="2", toughness="1")
    return parse_card(record, vocabulary)


def _tapped_text(card: Card) -> str | None:
    found = enters_tapped(Characteristics.of_face(card.faces[0]).abilities)
    return found.text if found else None


def test_a_bare_hideaway_enters_tapped(keyword_vocabulary: KeywordVocabulary) -> None:
    tapped = _tapped_text(_watcher(_WATCHER_2019, keyword_vocabulary))
    assert tapped is not None
    assert tapped.startswith("Hideaway (This creature enters the battlefield tapped.")


def test_hideaway_with_a_number_leaves_entering_tapped_to_its_own_ability(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    assert _tapped_text(_watcher(_WATCHER_2022, keyword_vocabulary)) == (
        "Watcher for Tomorrow enters the battlefield tapped."
    )
    rigging = parse_card(_record("Fight Rigging", "Enchantment", _FIGHT_RIGGING), keyword_vocabulary)
    assert _tapped_text(rigging) is None


def test_a_clone_of_the_2019_watcher_enters_tapped(keyword_vocabulary: KeywordVocabulary) -> None:
    watcher, clone = _watcher(_WATCHER_2019, keyword_vocabulary), parsed_card("Clone")
    cards = {watcher.name: watcher, clone.name: clone}
    answer = answer_board(clone_board(watcher.name, clone.name), cards, "").result
    assert answer.current.status.tapped is True
    assert [step.rules for step in answer.steps if "it enters tapped" in step.text] == [
        ("614.1c", "702.75b", "707.5")
    ]


def test_a_clone_of_a_hideaway_creature_triggers_its_hideaway(keyword_vocabulary: KeywordVocabulary) -> None:
    """CR 702.75a: Hideaway is a triggered ability ("When this permanent enters, look at …")."""
    watcher, clone = _watcher(_WATCHER_2022, keyword_vocabulary), parsed_card("Clone")
    cards = {watcher.name: watcher, clone.name: clone}
    answer = answer_board(clone_board(watcher.name, clone.name), cards, "").result
    [step] = [s for s in answer.steps if s.text.startswith("When it enters, “Hideaway")]
    assert step.rules == ("603.6a", "707.5", "702.75a")
