"""Wordings of 2022 Oracle text the parser misread (issue 25 item 2), each on the card's own text.

The records are written here, in Scryfall's shape, with the Oracle text of the shared 2022 Gatherer file.
"""

from __future__ import annotations

from typing import Any

from engine.answers.copy_question import OriginalState, copy_question
from engine.answers.copy_result import answer_board
from engine.core.model import Card, CopyScope, ExceptionKind
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from tests.card_data import parsed_card

CURSED_MIRROR = {
    "object": "card",
    "name": "Cursed Mirror",
    "layout": "normal",
    "mana_cost": "{2}{R}",
    "cmc": 3.0,
    "type_line": "Artifact",
    "oracle_text": "{T}: Add {R}.\nAs Cursed Mirror enters the battlefield, you may have it become a copy "
    "of any creature on the battlefield until end of turn, except it has haste.",
    "colors": ["R"],
}


def card(record: dict[str, Any], keywords: KeywordVocabulary) -> Card:
    return parse_card(record, keywords)


def test_cursed_mirror_enters_as_a_copy_that_has_haste(keyword_vocabulary: KeywordVocabulary) -> None:
    (effect,) = card(CURSED_MIRROR, keyword_vocabulary).front.copy_effects
    assert (effect.scope, effect.copyable, effect.optional) == (
        CopyScope.ENTER_AS_COPY,
        "any creature on the battlefield",
        True,
    )
    (haste,) = effect.exceptions
    assert (haste.kind, haste.abilities) == (ExceptionKind.GAIN_ABILITY, ("haste",))


def test_the_copy_command_has_cursed_mirror_enter_as_a_hasty_copy(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    mirror, bears = card(CURSED_MIRROR, keyword_vocabulary), parsed_card("Grizzly Bears")
    spec = copy_question(mirror, bears, OriginalState())
    answer = answer_board(spec, {mirror.name: mirror, bears.name: bears}, "test")
    current = answer.result.current
    assert (current.name, current.types, current.abilities) == ("Grizzly Bears", ("Creature",), ("Haste",))
    reasoning = " ".join(step.text for step in answer.result.steps + answer.result.notes)
    assert "enters as a copy of Grizzly Bears" in reasoning
    assert "already on the battlefield" not in reasoning
