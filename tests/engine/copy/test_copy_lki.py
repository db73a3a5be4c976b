"""Information from objects that left (CR 608.2h, 111.12, 608.2b): a copy effect whose object has left the
battlefield copies it as it last existed there — its copiable values then, including what its own copy
effect or "as enters" choice fixed as it entered — unless it was the effect's target or the effect copies a
card."""

from __future__ import annotations

import time
from collections.abc import Mapping

import pytest

from data.boards import load_board
from engine.actions.events import apply_event, board_from_spec
from engine.actions.zones import copy_original, last_known
from engine.answers.copy_result import answer_board
from engine.copy.effects import apply_copy, card_copy_effect
from engine.copy.last_known import copy_source, uses_last_known
from engine.core.characteristics import Characteristics
from engine.core.model import Card, CopyEffect, CopyScope
from engine.layers.copiable import copiable_values
from engine.state.board import Board, Event, GameObject, Zone
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for

CLONE_DIED = """\
battlefield:
  - {card: Grizzly Bears, id: bears}
  - {card: Clone, id: clone, copy_of: bears}
actions:
  - leaves: {object: clone, to: graveyard}
"""


def _built(text: str) -> tuple[Board, Mapping[str, Card]]:
    spec = load_board(text)
    cards = cards_for(spec)
    return board_from_spec(spec, cards), cards


def _effect(card: str, scope: CopyScope) -> CopyEffect:
    effect = card_copy_effect(parsed_card(card), (scope,))
    assert effect is not None
    return effect


def _shown(values: Characteristics) -> tuple[str | None, str | None, str | None]:
    """Name, power and toughness as printed."""
    power, toughness = values.power, values.toughness
    return values.name, power.printed if power else None, toughness.printed if toughness else None


def _token(handle: str) -> GameObject:
    return GameObject(id=handle, card=None, token=True)


def test_the_last_known_information_of_a_clone_is_the_copy_it_was() -> None:
    board, cards = _built(CLONE_DIED)
    assert board.get("clone").zone is Zone.GRAVEYARD
    assert copiable_values(board.get("clone")).name == "Clone"  # the card: a new object (CR 400.7)
    last = last_known(board, "clone", apply_event, cards)
    assert last is not None
    assert last.zone is Zone.BATTLEFIELD
    assert [c.of_id for c in last.copies] == ["bears"]
    assert _shown(copiable_values(last)) == ("Grizzly Bears", "2", "2")


def test_a_token_copy_of_a_clone_that_died_copies_what_the_clone_copied() -> None:
    # Flameshadow Conjuring's ruling: a creature gone before the ability resolves is copied as it last
    # existed on the battlefield (CR 608.2h); the Clone's copy effect is part of those values (707.3).
    board, cards = _built(CLONE_DIED)
    effect = _effect("Flameshadow Conjuring", CopyScope.TOKEN_COPY)
    board, original = copy_original(board, "clone", "tok", effect, apply_event, cards)
    assert original is not None
    token, _ = apply_copy(board, _token("tok"), original, effect, "Flameshadow Conjuring", board.clock + 1)
    copied = copiable_values(token)
    assert _shown(copied) == ("Grizzly Bears", "2", "2")
    assert copied.subtypes == ("Bear",)
    steps = [entry.explanation for entry in board.log if entry.object_id == "tok"]
    assert len(steps) == 1
    assert set(steps[0].rules) == {"608.2h", "707.2", "707.3", "400.7", "111.12"}
    assert "(Grizzly Bears)" in steps[0].text


def test_the_last_known_information_keeps_an_as_enters_choice() -> None:
    # The 1/6 Wall Primal Clay chose as it entered set P/T, so it is a copiable value (CR 707.2, 613.2a).
    board, cards = _built(
        "battlefield:\n  - {card: Primal Clay, id: clay, choices: {option: 3}}\n"
        "actions:\n  - leaves: {object: clay, to: exile}\n"
    )
    effect = _effect("Flameshadow Conjuring", CopyScope.TOKEN_COPY)
    board, original = copy_original(board, "clay", "tok", effect, apply_event, cards)
    assert original is not None
    token, _ = apply_copy(board, _token("tok"), original, effect, "Flameshadow Conjuring", board.clock + 1)
    copied = copiable_values(token)
    assert _shown(copied)[1:] == ("1", "6")
    assert "Wall" in copied.subtypes
    assert any(a.keyword == "Defender" for a in copied.abilities)


def test_the_last_known_information_of_a_face_down_creature_is_a_nameless_2_2() -> None:
    # Its face-down status modified its copiable values as it last existed (CR 707.2, 708.2): revealed as it
    # left, the card it was doesn't matter to the copy.
    board, cards = _built(
        "battlefield:\n  - {card: Grinning Demon, id: demon, face_down: morph}\n"
        "actions:\n  - leaves: {object: demon, to: graveyard}\n"
    )
    effect = _effect("Flameshadow Conjuring", CopyScope.TOKEN_COPY)
    board, original = copy_original(board, "demon", "tok", effect, apply_event, cards)
    assert original is not None
    token, why = apply_copy(board, _token("tok"), original, effect, "Flameshadow Conjuring", board.clock + 1)
    copied = copiable_values(token)
    assert _shown(copied) == (None, "2", "2")
    assert (copied.colors, copied.subtypes, copied.abilities) == ((), (), ())
    assert "708.2" in {rule for step in why for rule in step.rules}


def test_a_token_that_ceased_to_exist_still_has_last_known_information() -> None:
    board, cards = _built(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n"
        "actions:\n  - create_token_copy: {of: bears, via: Flameshadow Conjuring, id: first}\n"
        "  - leaves: {object: first, to: graveyard}\n"
    )
    assert not board.has("first")  # CR 111.7
    effect = _effect("Flameshadow Conjuring", CopyScope.TOKEN_COPY)
    board, original = copy_original(board, "first", "second", effect, apply_event, cards)
    assert original is not None
    assert original.token
    assert copiable_values(original).name == "Grizzly Bears"
    (step,) = [entry.explanation for entry in board.log if entry.object_id == "second"]
    assert {"608.2h", "111.7", "111.12"} <= set(step.rules)


def test_a_copy_of_a_target_that_left_copies_nothing() -> None:
    board, cards = _built(CLONE_DIED)
    effect = _effect("Cackling Counterpart", CopyScope.TOKEN_COPY)
    board, original = copy_original(board, "clone", "tok", effect, apply_event, cards)
    assert original is None
    (step,) = [entry.explanation for entry in board.log if entry.object_id == "tok"]
    assert step.rules == ("608.2b",)
    assert "illegal target" in step.text


@pytest.mark.parametrize(
    ("card", "scope", "uses"),
    [
        ("Flameshadow Conjuring", CopyScope.TOKEN_COPY, True),  # "that creature"
        ("Unstable Shapeshifter", CopyScope.BECOME_COPY, True),
        ("Mystic Reflection", CopyScope.ENTER_AS_COPY, True),  # "the chosen creature"
        ("Cackling Counterpart", CopyScope.TOKEN_COPY, True),  # decided as a target (608.2b)
        ("Mimic Vat", CopyScope.TOKEN_COPY, False),  # "a card exiled with ~": the card in exile
        ("Feldon of the Third Path", CopyScope.TOKEN_COPY, False),  # a creature card in a graveyard
        ("Clone", CopyScope.ENTER_AS_COPY, False),  # chooses among creatures on the battlefield as it enters
        ("Essence of the Wild", CopyScope.ENTER_AS_COPY, False),  # a static ability's effect (CR 604.7)
        ("Metamorphic Alteration", CopyScope.BECOME_COPY, False),  # "is a copy of": static too
    ],
)
def test_which_copy_effects_look_for_a_permanent_that_left(card: str, scope: CopyScope, uses: bool) -> None:
    assert uses_last_known(_effect(card, scope)) is uses


def test_a_copy_effect_that_copies_a_card_copies_the_card_in_its_new_zone() -> None:
    board, cards = _built(
        "battlefield:\n  - {card: Mimic Vat, id: vat}\n  - {card: Grizzly Bears, id: bears}\n"
        "  - {card: Clone, id: clone, copy_of: bears}\n"
        "actions:\n  - leaves: {object: clone, to: exile, by: vat}\n"
    )
    board, original = copy_original(
        board, "clone", "tok", _effect("Mimic Vat", CopyScope.TOKEN_COPY), apply_event, cards
    )
    assert original is not None
    assert (original.zone, copiable_values(original).name) == (Zone.EXILE, "Clone")
    assert not [entry for entry in board.log if entry.object_id == "tok"]


def test_a_permanent_on_the_battlefield_is_copied_as_it_is_now_without_replaying() -> None:
    board, cards = _built("battlefield:\n  - {card: Grizzly Bears, id: bears}\n")

    def never(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
        raise AssertionError("no replay for a permanent still on the battlefield")

    effect = _effect("Flameshadow Conjuring", CopyScope.TOKEN_COPY)
    after, original = copy_original(board, "bears", "tok", effect, never, cards)
    assert original == board.get("bears")
    assert after.log == board.log


def test_a_card_that_returned_to_the_battlefield_is_a_new_object_copied_as_it_is() -> None:
    board, cards = _built(CLONE_DIED + "  - returns: {cards_of: clone, to: battlefield}\n")
    effect = _effect("Flameshadow Conjuring", CopyScope.TOKEN_COPY)
    board, original = copy_original(board, "clone", "tok", effect, apply_event, cards)
    assert original is not None
    assert original.zone is Zone.BATTLEFIELD
    assert original == board.get("clone")
    assert last_known(board, "clone", apply_event, cards) is None


def test_a_permanent_rebuilt_once_is_not_replayed_again() -> None:
    # Each later replay asks again for the last known information of the copies made before it: rebuilt
    # once, a chain of copies of copies that left costs a replay each, not twice the one before.
    board, cards = _built(CLONE_DIED)
    applied: list[Event] = []

    def counting(board: Board, event: Event, cards: Mapping[str, Card]) -> Board:
        applied.append(event)
        return apply_event(board, event, cards)

    first = last_known(board, "clone", counting, cards)
    assert len(applied) == len(board.events)
    assert last_known(board, "clone", counting, cards) is first
    assert len(applied) == len(board.events)


def test_an_object_the_board_never_had_is_an_error() -> None:
    with pytest.raises(KeyError, match="no object 'nobody'"):
        copy_source("nobody", None, None, None)


def test_a_board_token_copy_of_a_clone_that_died_is_grizzly_bears_with_haste() -> None:
    spec = load_board(
        CLONE_DIED + "  - create_token_copy: {of: clone, via: Flameshadow Conjuring, id: tok}\n"
    )
    current = answer_board(spec, cards_for(spec), "test").result.current
    assert (current.name, current.power, current.toughness, current.abilities) == (
        "Grizzly Bears",
        2,
        2,
        ("Haste",),
    )


def test_mystic_reflections_chosen_creature_that_left_is_copied_as_it_last_existed() -> None:
    # Mystic Reflection's ruling: the creature that enters next copies the chosen one as it last existed.
    spec = load_board(
        "battlefield:\n  - {card: Elite Vanguard, id: vanguard}\n"
        "  - {card: Clone, id: clone, copy_of: vanguard}\n"
        "actions:\n  - next_enters_as_copy: {of: clone, via: Mystic Reflection}\n"
        "  - leaves: {object: clone, to: graveyard}\n  - resolves: {card: Grizzly Bears, id: bears}\n"
    )
    result = answer_board(spec, cards_for(spec), "test").result
    assert (result.current.name, result.current.power, result.current.toughness) == ("Elite Vanguard", 2, 1)
    assert "608.2h" in {rule for step in result.steps for rule in step.rules}


def test_a_chain_of_token_copies_of_tokens_that_left_is_answered_quickly() -> None:
    actions = "".join(
        f"  - leaves: {{object: t{i}, to: graveyard}}\n"
        f"  - create_token_copy: {{of: t{i}, via: Flameshadow Conjuring, id: t{i + 1}}}\n"
        for i in range(20)
    )
    spec = load_board(f"battlefield:\n  - {{card: Grizzly Bears, id: t0}}\nactions:\n{actions}")
    cards = cards_for(spec)
    start = time.perf_counter()
    answer = answer_board(spec, cards, "test")
    assert time.perf_counter() - start < 5  # about 0.3 s; each replay done again would take hours
    assert (answer.result.id, answer.result.current.name, answer.result.current.token) == (
        "t20",
        "Grizzly Bears",
        True,
    )


def test_a_board_token_copy_of_a_target_that_left_creates_no_token() -> None:
    spec = load_board(CLONE_DIED + "  - create_token_copy: {of: clone, via: Cackling Counterpart, id: tok}\n")
    cards = cards_for(spec)
    board = board_from_spec(spec, cards)
    assert not board.has("tok")
