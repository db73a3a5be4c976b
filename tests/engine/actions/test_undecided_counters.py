"""Counters an "enters with" ability gives that the board's facts don't decide are unknown, never 0.

Clone copying Skyreach Manta (sunburst) enters with a counter for each color of mana spent to cast Clone
(CR 702.44a), not as a 0/0 that dies; a bloodthirst, morbid or "where X is" copy depends on the game too.
"""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.answers.copy_corpus import clone_board
from engine.answers.copy_result import BoardAnswer, answer_board
from engine.core.characteristics import GameAbility
from engine.oracle.entering import Undecided, entering_counters, undecided_counters
from engine.state.board import BoardSpec
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for

UNDECIDED = {
    "Skyreach Manta": (Undecided.MANA, "702.44a"),  # sunburst
    "Bloodrage Vampire": (Undecided.DAMAGE, "702.54a"),  # bloodthirst
    "Festerhide Boar": (Undecided.CONDITION, "614.1c"),  # "… if a creature died this turn"
    "Hotheaded Giant": (Undecided.CONDITION, "614.1c"),  # "… unless you've cast another red spell"
    "Academy Elite": (Undecided.COUNT, "614.1c"),  # "X … counters, where X is the number of …"
}


def _abilities(name: str) -> tuple[GameAbility, ...]:
    return tuple(GameAbility.from_ability(a) for a in parsed_card(name).front.abilities)


def _clone_of(name: str, counters: tuple[tuple[str, int], ...] | None = None) -> BoardAnswer:
    board = clone_board(name)
    if counters is not None:
        copy = board.objects[1].model_copy(update={"counters": counters})
        board = BoardSpec(objects=(board.objects[0], copy), query=board.query)
    cards = {name: parsed_card(name), "Clone": parsed_card("Clone")}
    return answer_board(board, cards, "")


@pytest.mark.parametrize(("name", "expected"), UNDECIDED.items())
def test_what_the_board_does_not_say_leaves_the_counters_unknown(
    name: str, expected: tuple[Undecided, str]
) -> None:
    depends_on, rule = expected
    assert [u.depends_on for u in undecided_counters(_abilities(name), kicked=False, x=None)] == [depends_on]
    assert entering_counters(_abilities(name), x=0, kicked=False) == ()
    result = _clone_of(name).result
    assert (result.current.power, result.current.toughness) == ("unknown", "unknown")
    (unknown,) = result.unknowns
    assert {"power", "toughness", "counters"} <= set(unknown.characteristics)
    assert {"122.6", rule} <= set(unknown.rules)
    # The state-based action isn't asserted for a toughness nobody knows (CR 704.5f).
    assert not any("is put into its owner's graveyard the next" in n.text for n in result.notes)


def test_a_sunburst_copy_given_its_counters_is_determined() -> None:
    result = _clone_of("Skyreach Manta", counters=(("+1/+1", 1),)).result
    assert (result.current.power, result.current.toughness, result.unknowns) == (1, 1, ())


def test_unconditional_and_kicked_counters_stay_decided() -> None:
    assert undecided_counters(_abilities("Arcbound Worker"), kicked=False, x=None) == ()  # modular
    drake = _abilities("Academy Drake")  # "If ~ was kicked, it enters with two +1/+1 counters"
    assert undecided_counters(drake, kicked=True, x=None) == ()
    assert [(c.kind, c.count) for c in entering_counters(drake, x=0, kicked=True)] == [("+1/+1", 2)]
    assert entering_counters(drake, x=0, kicked=False) == ()
    assert [
        (c.kind, c.count) for c in entering_counters(_abilities("Walking Ballista"), x=3, kicked=False)
    ] == [("+1/+1", 3)]


def test_multikicker_counters_count_the_times_it_was_kicked() -> None:
    """CR 702.33d: "a +1/+1 counter on it for each time it was kicked" counts the times given; kicked
    without a count leaves them unknown; a Clone copying it wasn't kicked, so it gets none (702.33e)."""
    hawks = _abilities("Apex Hawks")
    assert [(c.kind, c.count) for c in entering_counters(hawks, x=0, kicked=3)] == [("+1/+1", 3)]
    twice = entering_counters(hawks, x=0, kicked=("{1}{W}",) * 2)
    assert [(c.kind, c.count) for c in twice] == [("+1/+1", 2)]
    assert entering_counters(hawks, x=0, kicked=False) == ()
    assert [u.depends_on for u in undecided_counters(hawks, kicked=True, x=None)] == [Undecided.KICKS]
    assert undecided_counters(hawks, kicked=2, x=None) == ()
    result = _clone_of("Apex Hawks").result
    assert (result.current.power, result.current.toughness, result.unknowns) == (2, 2, ())


def test_a_kicker_cost_given_decides_its_own_counters_only() -> None:
    """CR 702.33f: Anavolver kicked with {B} only gets the {B} kicker's counter, not the {1}{U} one's."""
    volver = _abilities("Anavolver")
    assert [(c.kind, c.count) for c in entering_counters(volver, x=0, kicked=("{B}",))] == [("+1/+1", 1)]
    assert [c.count for c in entering_counters(volver, x=0, kicked=("{1}{U}", "{B}"))] == [2, 1]
    assert [c.count for c in entering_counters(volver, x=0, kicked=2)] == [2, 1]


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test")


def test_x_not_given_for_a_card_cast_with_x_leaves_its_counters_unknown() -> None:
    """Primordial Hydra entered with X counters, X the value paid for it (CR 107.3a, 107.3m); the board
    doesn't give X, so its counters and P/T are unknown, and so is its ten-counter trample: no 0/0 death
    is stated (704.5f) and "it has 0 counters" isn't checked."""
    result = _answer("battlefield:\n  - {card: Primordial Hydra, id: h}\n").result
    current = result.current
    assert (current.power, current.toughness) == ("unknown", "unknown")
    assert {"counters", "abilities"} <= set(current.unknown)
    texts = " ".join(n.text for n in (*result.steps, *result.notes))
    assert "doesn't give the X paid for the spell that became it" in texts
    assert "graveyard the next time state-based actions are checked" not in texts
    assert "h has 0 +1/+1 counters" not in texts
    given = _answer("battlefield:\n  - {card: Primordial Hydra, id: h, x: 4}\n").result.current
    assert (given.power, given.toughness, given.counters) == (4, 4, {"+1/+1": 4})


@pytest.mark.parametrize(("x", "pt"), [(None, ("unknown", "unknown")), (2, (6, 6))])
def test_altered_egos_additional_counters_need_its_x(x: int | None, pt: tuple[object, object]) -> None:
    """Altered Ego "enters with X additional +1/+1 counters" (CR 707.9e): X of the Ego's own spell."""
    given = f", x: {x}" if x is not None else ""
    board = (
        "battlefield:\n  - {card: Serra Angel, id: angel, controller: opponent}\n"
        f"  - {{card: Altered Ego, id: ego, copy_of: angel{given}}}\nquery: ego\n"
    )
    current = _answer(board).result.current
    assert (current.power, current.toughness) == pt


def test_a_clone_of_the_hydra_chose_no_x_so_x_is_zero() -> None:
    """Clone's mana cost has no {X}: no value was chosen, so the copied "enters with X" gives 0 (107.3m)."""
    result = _clone_of("Primordial Hydra").result
    assert (result.current.power, result.current.toughness, result.unknowns) == (0, 0, ())
