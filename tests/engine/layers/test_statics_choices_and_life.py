"""Static abilities read from a choice or a life total (CR 105.3, 119, 607.2d, 613.1e, 614.1c), and what an
unread color wording could change. The boards with their full answers are tests/fixtures/boards
(life-*, chosen-color-*, archangel-of-strife-*, unknown-*)."""

from __future__ import annotations

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.core.characteristics import Characteristics
from engine.core.effects import EffectKind, Player
from engine.core.game import Game
from engine.core.model import PrintedNumber
from engine.layers.statics import Seen, decided, requirement_holds
from engine.layers.system import board_characteristics
from engine.oracle.static_conditions import requirement_of
from engine.oracle.static_effects import CHOSEN_COLOR
from engine.oracle.statics import parse_static
from engine.oracle.wording import characteristics_worded
from engine.state.board import Board
from tests.engine.copy_cards import cards_for
from tests.known import settled


def _board(text: str) -> Board:
    spec = load_board(text)
    return board_from_spec(spec, cards_for(spec))


PAINTER = (
    "All cards that aren't on the battlefield, spells, and permanents are the chosen color in addition to "
    "their other colors."
)


def test_a_chosen_color_in_addition_could_change_only_colors() -> None:
    assert characteristics_worded(PAINTER) == ("colors",)
    assert characteristics_worded("Enchanted creature is the chosen color.") == ("colors",)
    # a type change still names types
    assert characteristics_worded("Each creature is a Zombie in addition to its other creature types.") == (
        "types",
        "subtypes",
    )


def test_painters_servant_adds_the_chosen_color_in_layer_5_everywhere() -> None:
    parsed = parse_static(PAINTER)
    assert parsed is not None
    assert parsed.chosen_color
    assert parsed.subject.everywhere
    assert [(p.kind, p.colors) for p in parsed.parts] == [(EffectKind.ADD_COLORS, (CHOSEN_COLOR,))]
    assert parsed.layers == ("5",)


def test_protection_from_the_chosen_color_is_a_layer_6_grant() -> None:
    parsed = parse_static("~ has protection from the chosen color.")
    assert parsed is not None
    assert parsed.chosen_color
    assert parsed.subject.itself
    assert [(p.kind, p.abilities) for p in parsed.parts] == [
        (EffectKind.ADD_ABILITIES, ("Protection from the chosen color",))
    ]


def test_death_shadows_x_is_a_pump_per_life_point() -> None:
    parsed = parse_static("~ gets -X/-X, where X is your life total.")
    assert parsed is not None
    assert parsed.per_life
    assert not parsed.unrecognised
    assert [(p.kind, p.power, p.toughness) for p in parsed.parts] == [(EffectKind.PUMP, -1, -1)]


def test_archangel_of_strife_names_the_controllers_choice() -> None:
    parsed = parse_static("Creatures controlled by players who chose war get +3/+0.")
    assert parsed is not None
    assert parsed.subject.controller_chose == "war"
    assert parsed.subject.types == ("Creature",)
    assert parsed.subject.controller is None


def _baron(life: dict[Player, int]) -> Seen:
    values = Characteristics(name="Blood Baron of Vizkopa", types=("Creature",))
    return Seen(id="baron", values=values, controller=Player.YOU, game=Game(life=tuple(life.items())))


def test_false_and_unknown_life_is_false_true_and_unknown_is_unknown() -> None:
    requirement = requirement_of("you have 30 or more life and an opponent has 10 or less life")
    assert len(requirement.life) == 2

    low = _baron({Player.YOU: 25})
    assert decided(requirement, low)
    assert not requirement_holds(requirement, low, {})
    high = _baron({Player.YOU: 35})
    assert not decided(requirement, high)  # true and unknown: the opponent's total decides
    both = _baron({Player.YOU: 35, Player.OPPONENT: 5})
    assert decided(requirement, both)
    assert requirement_holds(requirement, both, {})


def test_life_and_limb_makes_forests_green_saproling_creatures_in_addition() -> None:
    board = _board(
        "battlefield:\n  - {card: Life and Limb, id: life}\n  - {card: Forest, id: forest}\n"
        "  - {card: Grizzly Bears, id: bears}\n"
    )
    forest = settled(board_characteristics(board)["forest"])
    assert (forest.types, forest.subtypes, forest.colors) == (
        ("Land", "Creature"),
        ("Forest", "Saproling"),
        ("G",),
    )
    assert (forest.power, forest.toughness) == (PrintedNumber(printed="1", value=1),) * 2
    bears = settled(board_characteristics(board)["bears"])
    assert (bears.subtypes, bears.colors, bears.power) == (
        ("Bear",),
        ("G",),
        PrintedNumber(printed="2", value=2),
    )
