""" "Counters can't be put on …" static abilities (CR 101.2, 122.6, 113.6i): what engine.oracle.counter_bans
reads from real cards, and what an entering permanent gets when one applies or isn't read.
(The board scenarios are tests/fixtures/boards/counters-101-2-*.yaml, counters-113-6i-*.yaml and
unknown-101-2-unread-counter-ban.yaml.)"""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_result import ObjectAnswer, answer_board
from engine.core.characteristics import GameAbility
from engine.oracle.counter_bans import CounterBan, counter_ban
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for


def _bans(name: str) -> list[CounterBan]:
    abilities = (GameAbility.from_ability(a) for a in parsed_card(name).front.abilities)
    return [ban for ability in abilities if (ban := counter_ban(ability)) is not None]


@pytest.mark.parametrize(
    ("name", "itself", "yours", "types", "kind"),
    [
        ("Tatterkite", True, None, (), None),
        ("Melira's Keepers", True, None, (), None),
        ("Melira, Sylvok Outcast", False, True, ("Creature",), "-1/-1"),
        ("Blightbeetle", False, False, ("Creature",), "+1/+1"),
        ("Solemnity", False, None, ("Artifact", "Creature", "Enchantment", "Land"), None),
    ],
)
def test_what_a_cards_ban_stops(
    name: str, itself: bool, yours: bool | None, types: tuple[str, ...], kind: str | None
) -> None:
    (ban,) = _bans(name)
    assert ban.decided
    assert (ban.itself, ban.yours, ban.types, ban.kind) == (itself, yours, types, kind)


def test_players_counters_and_other_counter_rules_are_no_ban() -> None:
    # "You can't get poison counters" / "Players can't get counters" are about players (Melira's and
    # Solemnity's other ability); Suncleanser's is a triggered ability's one-shot choice; Rasputin's "can't
    # have more than seven" is a state-based action (CR 122.4), not a ban on putting counters.
    assert [ban.text for ban in _bans("Melira, Sylvok Outcast")] == [
        "Creatures you control can't have -1/-1 counters put on them."
    ]
    assert len(_bans("Solemnity")) == 1
    assert _bans("Suncleanser") == []
    assert _bans("Rasputin Dreamweaver") == []


def test_a_wording_it_doesnt_read_is_an_undecided_ban() -> None:
    ability = GameAbility.granted(
        "As long as it's your turn, creatures you control can't have counters put on them."
    )
    ban = counter_ban(ability)
    assert ban is not None
    assert not ban.decided


def _answer(text: str) -> ObjectAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test").result


def test_its_own_ban_naming_other_permanents_leaves_its_counters_unknown() -> None:
    # Melira returned "with a -1/-1 counter": its ability names creatures you control, not Melira itself,
    # and 113.6i speaks only of an ability that states counters can't be put on that object.
    result = _answer(
        """
battlefield:
  - {card: "Melira, Sylvok Outcast", id: melira}
actions:
  - leaves: {object: melira, to: graveyard}
  - returns: {cards_of: melira, to: battlefield, counters: {"-1/-1": 1}}
query: melira
"""
    )
    assert result.current.power == "unknown"
    assert set(result.current.unknown) == {"counters", "power", "toughness"}
    (note,) = [n for n in result.notes if "its own “Creatures you control can't have" in n.text]
    assert {"122.6", "101.2", "113.6i"} <= set(note.rules)


def test_a_copy_of_tatterkite_enters_without_its_additional_counter() -> None:
    # Spark Double entering as a copy of Tatterkite has the copied ability as it enters (CR 707.5, 113.6i):
    # the additional +1/+1 counter its copy exception gives (707.9e) isn't put on it.
    result = _answer(
        """
battlefield:
  - {card: Tatterkite, id: kite}
  - {card: Spark Double, id: double, copy_of: kite}
query: double
"""
    )
    assert result.current.name == "Tatterkite"
    assert result.current.counters == {}
    assert (result.current.power, result.current.toughness) == (2, 1)
    (step,) = [s for s in result.steps if "113.6i" in s.rules]
    assert step.text == (
        "double's “Tatterkite can't have counters put on it.” applies as it enters: no +1/+1 counters are "
        "put on it."
    )
