"""A board that doesn't say whether a spell or permanent with kicker was kicked leaves what depends on it
unknown, with both outcomes named; it is never taken as "not kicked" (issue 21, review F6). A card without
kicker, a token and a card put onto the battlefield without being cast weren't kicked (CR 702.33a)."""

from __future__ import annotations

from data.boards import load_board
from engine.answers.copy_result import ObjectAnswer, answer_board
from engine.answers.stack_answer import StackBoardAnswer, answer_stack_board
from engine.core.model import Card
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for

TITAN_TEXT = (
    "If Kavu Titan was kicked, it enters the battlefield with three +1/+1 counters on it and with trample."
)


def answer_of(text: str) -> ObjectAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test").result


def stack_answer(text: str) -> StackBoardAnswer:
    spec = load_board(text)
    cards: dict[str, Card] = {name: parsed_card(name) for name in spec.card_names()}
    return answer_stack_board(spec, spec.stack, cards, "2025-02-07")


def test_kavu_titan_not_said_kicked_has_unknown_counters_power_toughness_and_abilities() -> None:
    result = answer_of("battlefield:\n  - {card: Kavu Titan, id: titan}\n")
    assert (result.current.power, result.current.toughness) == ("unknown", "unknown")
    (unknown,) = result.unknowns
    assert {"counters", "power", "toughness", "abilities"} <= set(unknown.characteristics)
    assert "702.33a" in unknown.rules
    [note] = [n for n in result.notes if "whether it was kicked" in n.text]
    assert "(kicked: true or false says)" in note.text
    assert f"kicked, “{TITAN_TEXT}” applies; not kicked, it doesn't" in note.text


def test_kavu_titan_kicked_false_is_a_2_2_and_kicked_true_a_5_5_with_trample() -> None:
    not_kicked = answer_of("battlefield:\n  - {card: Kavu Titan, id: titan, kicked: false}\n")
    assert (not_kicked.current.power, not_kicked.current.toughness, not_kicked.unknowns) == (2, 2, ())
    kicked = answer_of("battlefield:\n  - {card: Kavu Titan, id: titan, kicked: true}\n")
    assert (kicked.current.power, kicked.current.toughness, kicked.unknowns) == (5, 5, ())
    assert "Trample" in list(kicked.current.abilities)


def test_a_clone_of_kavu_titan_wasnt_kicked_as_kavu_titan() -> None:
    result = answer_of(
        "battlefield:\n  - {card: Kavu Titan, id: titan}\n  - {card: Clone, id: clone, copy_of: titan}\n"
        "query: clone\n"
    )
    assert (result.current.power, result.current.toughness, result.unknowns) == (2, 2, ())


def test_a_returned_kavu_titan_wasnt_cast_so_wasnt_kicked() -> None:
    result = answer_of(
        "battlefield:\n  - {card: Kavu Titan, id: titan}\nactions:\n  - leaves: {object: titan, to: exile}\n"
        "  - returns: {cards_of: titan, to: battlefield}\nquery: titan\n"
    )
    assert (result.current.power, result.current.toughness, result.unknowns) == (2, 2, ())


def test_a_card_without_kicker_isnt_asked_whether_it_was_kicked() -> None:
    result = answer_of("battlefield:\n  - {card: Grizzly Bears, id: bears}\n")
    assert (result.current.power, result.current.toughness, result.unknowns) == (2, 2, ())
    assert not any("kicked" in n.text for n in (*result.notes, *result.steps))


def test_ana_battlemages_triggers_are_unknown_when_kicked_isnt_given() -> None:
    result = answer_of("battlefield:\n  - {card: Ana Battlemage, id: ana}\n")
    notes = [n for n in result.notes if "doesn't say whether it was kicked" in n.text]
    assert len(notes) == 2
    assert all("whether it triggers is unknown" in n.text and "603.4" in n.rules for n in notes)


def test_a_twincast_copy_of_burst_lightning_not_said_kicked_is_unknown_for_both() -> None:
    answer = stack_answer(
        "stack:\n  - {card: Burst Lightning, id: bl, targets: [player:opponent]}\n"
        "  - {copy_of: bl, via: Twincast, id: cp}\nquery: cp\n"
    )
    copy = answer.result
    [outcome] = [o for o in copy.outcomes if "kicked" in o.question]
    assert (outcome.on_original, outcome.on_copy) == (None, None)
    [item] = [i for i in copy.copied if i.item == "kicked"]
    assert item.value is None
    [step] = [s for s in copy.steps if "Whether Burst Lightning was kicked is unknown" in s.text]
    assert "kicked, “If this spell was kicked, it deals 4 damage" in step.text
    assert step.text.endswith("instead.” applies to both; not kicked, to neither.")


def test_a_twincast_copy_of_unkicked_burst_lightning_isnt_kicked() -> None:
    answer = stack_answer(
        "stack:\n  - {card: Burst Lightning, id: bl, targets: [player:opponent], kicked: false}\n"
        "  - {copy_of: bl, via: Twincast, id: cp}\nquery: cp\n"
    )
    [outcome] = [o for o in answer.result.outcomes if "kicked" in o.question]
    assert (outcome.on_original, outcome.on_copy) == (False, False)
    assert not any(i.item == "kicked" for i in answer.result.copied)


def test_a_lightning_bolt_copy_says_nothing_of_kicker() -> None:
    answer = stack_answer(
        "stack:\n  - {card: Lightning Bolt, id: bolt, targets: [player:opponent]}\n"
        "  - {copy_of: bolt, via: Twincast, id: cp}\nquery: cp\n"
    )
    assert not any(i.item == "kicked" for i in answer.result.copied)
    assert not any("kicked" in s.text for s in answer.result.steps)
