"""Wordings of 2022 Oracle text the parser misread (issue 25 item 2), each on the card's own text.

The records are written here, in Scryfall's shape, with the Oracle text of the shared 2022 Gatherer file.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions.events import board_from_spec
from engine.answers.copy_question import OriginalState, copy_question
from engine.answers.copy_result import answer_board
from engine.answers.stack_answer import answer_stack, stack_copy_question
from engine.core.model import SELF, AbilityKind, Card, CopyScope, ExceptionKind
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from engine.state.board import BoardSpec
from engine.state.stack_spec import stack_card_names
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
XANTCHA = {
    "object": "card",
    "name": "Xantcha, Sleeper Agent",
    "layout": "normal",
    "mana_cost": "{1}{B}{R}",
    "cmc": 3.0,
    "type_line": "Legendary Creature — Minion",
    "oracle_text": "Xantcha, Sleeper Agent enters the battlefield under the control of an opponent of your "
    "choice.\nXantcha attacks each combat if able and can't attack its owner or planeswalkers its owner "
    "controls.\n{3}: Xantcha's controller loses 2 life and you draw a card. Any player may activate this "
    "ability.",
    "power": "5",
    "toughness": "5",
    "colors": ["B", "R"],
}

SLIVDRAZI = {
    "object": "card",
    "name": "Slivdrazi Monstrosity",
    "layout": "normal",
    "mana_cost": "{C}{W}{U}{B}{R}{G}",
    "cmc": 6.0,
    "type_line": "Legendary Creature — Sliver Eldrazi",
    "oracle_text": "Eldrazi you control are Slivers in addition to their other types.\nSlivers you control "
    "have devoid and annihilator 1.\n{3}: Create a 1/1 colorless Eldrazi Sliver creature token. It has "
    '"Sacrifice this creature: Add {C}."',
    "power": "8",
    "toughness": "8",
    "colors": ["B", "G", "R", "U", "W"],
}
GLAMOROUS_OUTLAW = {
    "object": "card",
    "name": "Glamorous Outlaw",
    "layout": "normal",
    "mana_cost": "{3}{U}{B}{R}",
    "cmc": 6.0,
    "type_line": "Creature — Vampire Rogue",
    "oracle_text": "When Glamorous Outlaw enters the battlefield, it deals 2 damage to each opponent and you "
    'scry 2.\n{2}, Exile Glamorous Outlaw from your hand: Target land gains "{T}: Add {U}, {B}, or {R}" '
    "until Glamorous Outlaw is cast from exile. You may cast Glamorous Outlaw for as long as it remains "
    "exiled.",
    "power": "4",
    "toughness": "5",
    "colors": ["B", "R", "U"],
}
DUSTIN = {
    "object": "card",
    "name": "Dustin, Gadget Genius",
    "layout": "normal",
    "mana_cost": "{2}{W}{U}",
    "cmc": 4.0,
    "type_line": "Legendary Creature — Human",
    "oracle_text": "{T}: Add {C}{C}. Spend this mana only to cast artifact spells or activate abilities of "
    "artifacts.\nFriends forever (You can have two commanders if both have friends forever.)",
    "power": "2",
    "toughness": "3",
    "colors": ["U", "W"],
}

GARTH = {
    "object": "card",
    "name": "Garth One-Eye",
    "layout": "normal",
    "mana_cost": "{W}{U}{B}{R}{G}",
    "cmc": 5.0,
    "type_line": "Legendary Creature — Human Wizard",
    "oracle_text": "{T}: Choose a card name that hasn't been chosen from among Disenchant, Braingeyser, "
    "Terror, Shivan Dragon, Regrowth, and Black Lotus. Create a copy of the card with the chosen name. You "
    "may cast the copy. (You still pay its costs.)",
    "power": "5",
    "toughness": "5",
    "colors": ["B", "G", "R", "U", "W"],
}

KITESAIL_SKIRMISHER = {
    "object": "card",
    "name": "Kitesail Skirmisher",
    "layout": "normal",
    "mana_cost": "{3}{U}",
    "cmc": 4.0,
    "type_line": "Creature — Human Pirate",
    "oracle_text": "Flying\nWhenever Kitesail Skirmisher attacks, another target creature attacking the same "
    "player or planeswalker gains flying until end of turn.\nEncore {4}{U} ({4}{U}, Exile this card from "
    "your graveyard: For each opponent, create a token copy that attacks that opponent this turn if able. "
    "They gain haste. Sacrifice them at the beginning of the next end step. Activate only as a sorcery.)",
    "power": "3",
    "toughness": "1",
    "colors": ["U"],
}
# Araumi of the Dead Tide grants encore to another card: the token copy its reminder text makes isn't its own
ARAUMI = {
    "object": "card",
    "name": "Araumi of the Dead Tide",
    "layout": "normal",
    "mana_cost": "{1}{U}{B}",
    "cmc": 3.0,
    "type_line": "Legendary Creature — Merfolk Wizard",
    "oracle_text": "{T}, Exile cards from your graveyard equal to the number of opponents you have: Target "
    "creature card in your graveyard gains encore until end of turn. The encore cost is equal to its mana "
    "cost. (Exile the creature card and pay its mana cost: For each opponent, create a token copy that "
    "attacks that opponent this turn if able. They gain haste. Sacrifice them at the beginning of the next "
    "end step. Activate only as a sorcery.)",
    "power": "1",
    "toughness": "4",
    "colors": ["B", "U"],
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


def test_entering_under_an_opponents_control_is_a_replacement_effect(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    kinds = [a.kind for a in card(XANTCHA, keyword_vocabulary).front.abilities]
    assert kinds == [AbilityKind.REPLACEMENT, AbilityKind.STATIC, AbilityKind.ACTIVATED]


def test_a_clone_of_xantcha_enters_under_a_controller_the_board_does_not_give(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    xantcha, clone = card(XANTCHA, keyword_vocabulary), parsed_card("Clone")
    spec = copy_question(clone, xantcha, OriginalState())
    answer = answer_board(spec, {xantcha.name: xantcha, clone.name: clone}, "test")
    (unknown,) = answer.result.unknowns
    assert unknown.characteristics == ("controller",)
    assert "enters the battlefield under the control of an opponent of your choice" in unknown.reason
    assert "doesn't give its result" in unknown.reason


@pytest.mark.parametrize(
    ("record", "position", "kind"),
    [
        (SLIVDRAZI, 2, AbilityKind.ACTIVATED),  # the token's "Add {C}" is the token's mana ability
        (GLAMOROUS_OUTLAW, 1, AbilityKind.ACTIVATED),  # it grants a land a mana ability, and it targets
        (DUSTIN, 0, AbilityKind.MANA),
    ],
)
def test_only_mana_an_ability_itself_adds_makes_it_a_mana_ability(
    record: dict[str, Any], position: int, kind: AbilityKind, keyword_vocabulary: KeywordVocabulary
) -> None:
    assert card(record, keyword_vocabulary).front.abilities[position].kind is kind


def test_friends_forever_is_a_keyword_ability(keyword_vocabulary: KeywordVocabulary) -> None:
    friends = card(DUSTIN, keyword_vocabulary).front.abilities[1]
    assert (friends.kind, friends.keyword) == (AbilityKind.KEYWORD, "Friends forever")


def test_garth_one_eye_creates_a_copy_of_a_named_card_to_cast(keyword_vocabulary: KeywordVocabulary) -> None:
    garth = card(GARTH, keyword_vocabulary)
    (effect,) = garth.front.copy_effects
    assert (effect.scope, effect.copyable, effect.ability_index) == (
        CopyScope.CAST_COPY,
        "the card with the chosen name",
        1,
    )
    question = stack_copy_question(garth, parsed_card("Shivan Dragon"))
    spec = BoardSpec(objects=question.objects, query=question.query)
    names = {*spec.card_names(), *stack_card_names(question.stack)} - {garth.name}
    cards = {garth.name: garth, **{name: parsed_card(name) for name in names}}
    answer = answer_stack(question.stack, board_from_spec(spec, cards), cards, question.query)
    assert (answer.copy_of, answer.cast, answer.controller) == ("Shivan Dragon", True, "you")
    assert "token" in (answer.resolves_as or "")


def test_encore_makes_a_token_copy_of_the_card_that_gains_haste(
    keyword_vocabulary: KeywordVocabulary,
) -> None:
    (effect,) = card(KITESAIL_SKIRMISHER, keyword_vocabulary).front.copy_effects
    assert (effect.scope, effect.copyable, effect.ability_index) == (CopyScope.TOKEN_COPY, SELF, 3)
    (haste,) = effect.exceptions
    assert (haste.kind, haste.abilities) == (ExceptionKind.FOLLOW_UP, ("haste",))
    assert card(ARAUMI, keyword_vocabulary).front.copy_effects == ()
