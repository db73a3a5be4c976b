"""The layer system on boards of 100 objects (issue "Hardening"): real answers, and dependency work far
below the bound (CR 613.1, 613.7, 613.8). How long they take is measured in benchmarks/board_statics.py."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.core.characteristics import Characteristics
from engine.layers.computed import Computed
from engine.layers.dependency import MAX_DEPENDENCY_WORK, one_question_bound
from engine.layers.system import board_characteristics
from tests.engine.copy_cards import cards_for
from tests.known import settled

CREATURES = ("Grizzly Bears", "Hill Giant", "Craw Wurm", "Savannah Lions", "Serra Angel")
TYPE_CHANGERS = ("Glorious Anthem", "Humility", "Opalescence", "Darkest Hour", "Mycosynth Lattice")
ABILITY_GRANTERS = ("Humility", "Glorious Anthem", "Crusade", "Levitation", "Fervor")
_WHITE = ("Savannah Lions", "Serra Angel")


def hundred_objects(statics: Sequence[str]) -> str:
    """A board of 95 creatures ``c0`` … ``c94`` (:data:`CREATURES` in turn) with the five ``statics``
    ``s0`` … ``s4`` listed after every 19 of them, so their timestamps come in the order given."""
    lines = []
    for block, name in enumerate(statics):
        lines += [f"  - {{card: {CREATURES[i % 5]}, id: c{i}}}\n" for i in range(19 * block, 19 * block + 19)]
        lines.append(f"  - {{card: {name}, id: s{block}}}\n")
    return "battlefield:\n" + "".join(lines)


def alternating(count: int) -> str:
    """``count`` objects ``o0`` … alternating Humility and Opalescence: a genuine dependency mess (613.8)."""
    cards = "".join(
        f"  - {{card: {'Humility' if i % 2 == 0 else 'Opalescence'}, id: o{i}}}\n" for i in range(count)
    )
    return f"battlefield:\n{cards}query: o1\n"


def computed(text: str) -> tuple[dict[str, Computed], int]:
    """Every object's characteristics on the board ``text``, and the dependency work they took."""
    spec = load_board(text)
    with one_question_bound() as budget:
        characteristics = board_characteristics(board_from_spec(spec, cards_for(spec)))
    return characteristics, budget.spent


def _pt(current: Computed | Characteristics) -> tuple[int | None, int | None]:
    values = settled(current) if isinstance(current, Computed) else current
    return (
        values.power.value if values.power else None,
        values.toughness.value if values.toughness else None,
    )


def _creatures(board: dict[str, Computed]) -> list[Characteristics]:
    return [settled(values) for handle, values in board.items() if handle.startswith("c")]


def test_the_board_has_95_creatures_and_5_statics_in_timestamp_order() -> None:
    spec = load_board(hundred_objects(TYPE_CHANGERS))
    board = board_from_spec(spec, cards_for(spec))
    assert len(board.objects) == 100
    statics = sorted((o for o in board.objects if o.id.startswith("s")), key=lambda o: o.timestamp)
    assert [o.id for o in statics] == ["s0", "s1", "s2", "s3", "s4"]


def test_humility_before_opalescence_and_lattice_after_darkest_hour() -> None:
    """Anthem, Humility, Opalescence, Darkest Hour, Mycosynth Lattice in that order: Opalescence makes the
    other enchantments creatures (layer 4), Lattice makes everything an artifact; Darkest Hour makes the
    creatures black and the later Lattice colorless (layer 5, timestamps); Humility removes every creature's
    abilities, the anthem's too (layer 6), so no +1/+1; in 7b the later Opalescence sets the enchantment
    creatures to their mana value over Humility's 1/1."""
    board, _ = computed(hundred_objects(TYPE_CHANGERS))
    for creature in _creatures(board):
        assert _pt(creature) == (1, 1), creature.name
        assert set(creature.types) == {"Artifact", "Creature"}
        assert creature.colors == ()
        assert creature.abilities == ()
    assert len(_creatures(board)) == 95
    anthem, humility, opalescence, darkest, lattice = (settled(board[f"s{i}"]) for i in range(5))
    assert (_pt(anthem), _pt(humility), _pt(darkest)) == ((3, 3), (4, 4), (1, 1))
    for enchantment in (anthem, humility, darkest):
        assert set(enchantment.types) == {"Enchantment", "Artifact", "Creature"}
        assert enchantment.abilities == ()
    assert set(opalescence.types) == {"Enchantment", "Artifact"}
    assert _pt(opalescence) == (None, None)
    assert opalescence.abilities[0].text.startswith("Each other non-Aura enchantment")
    assert lattice.types == ("Artifact",)
    assert len(lattice.abilities) == 3
    assert any("Layer 5: 2 effects apply in timestamp order" in n.text for n in board["c0"].notes)


def test_the_same_statics_in_the_other_order_give_the_other_answers() -> None:
    """Lattice, Darkest Hour, Opalescence, Humility, Anthem: now Darkest Hour is later (the creatures stay
    black) and Humility is later than Opalescence (every enchantment creature is 1/1)."""
    board, _ = computed(hundred_objects(TYPE_CHANGERS[::-1]))
    for creature in _creatures(board):
        assert (_pt(creature), creature.colors, creature.abilities) == ((1, 1), ("B",), ())
    lattice, darkest, opalescence, humility, anthem = (settled(board[f"s{i}"]) for i in range(5))
    assert (_pt(anthem), _pt(humility), _pt(darkest)) == ((1, 1), (1, 1), (1, 1))
    assert (darkest.colors, opalescence.colors, lattice.colors) == (("B",), (), ())
    assert opalescence.abilities
    assert not anthem.abilities


@pytest.mark.parametrize(
    ("statics", "abilities"),
    [(ABILITY_GRANTERS, ["Flying", "Haste"]), (ABILITY_GRANTERS[::-1], [])],
    ids=["humility-first", "humility-last"],
)
def test_humility_and_anthems_give_each_creature_its_exact_pt_and_abilities_by_timestamp(
    statics: tuple[str, ...], abilities: list[str]
) -> None:
    """Humility sets every creature to 1/1 (7b); Glorious Anthem and, for white creatures, Crusade add
    +1/+1 (7c), whatever the timestamps. In layer 6 Humility and the flying and haste Levitation and Fervor
    give apply in timestamp order: the abilities stay only when they're given after Humility."""
    board, _ = computed(hundred_objects(statics))
    for creature in _creatures(board):
        white = creature.name in _WHITE
        assert _pt(creature) == ((3, 3) if white else (2, 2)), creature.name
        assert [a.text for a in creature.abilities] == abilities, creature.name
    assert _pt(board["c2"]) == (2, 2)  # a Craw Wurm, printed 6/4
    assert _pt(board["c4"]) == (3, 3)  # a Serra Angel, printed 4/4, loses its own flying and vigilance
    assert any("Layer 6: 3 effects apply in timestamp order" in n.text for n in board["c4"].notes)


@pytest.mark.parametrize("statics", [TYPE_CHANGERS, TYPE_CHANGERS[::-1], ABILITY_GRANTERS])
def test_a_board_of_100_objects_does_little_dependency_work(statics: tuple[str, ...]) -> None:
    _, work = computed(hundred_objects(statics))
    assert work < MAX_DEPENDENCY_WORK // 100


def test_99_alternating_humility_and_opalescence_are_answered_within_the_bound() -> None:
    """CR 613.8: every Opalescence makes the other enchantments creatures (layer 4); in layer 6 each
    Humility removes the others' ability, a dependency loop: the earliest (o0) applies, the others then
    don't exist. In 7b o0's 1/1 comes first and the Opalescences set each object to its mana value."""
    board, work = computed(alternating(99))
    assert work < MAX_DEPENDENCY_WORK
    for handle, current in board.items():
        values = settled(current)
        assert (_pt(values), set(values.types), values.abilities) == (
            (4, 4),
            {"Enchantment", "Creature"},
            (),
        ), handle
    assert any("depend on each other in a loop" in s.text for s in board["o0"].steps)
