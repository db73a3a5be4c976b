"""The board a /copy answer used, written back as YAML (``bot.judge.board_text``): asked as a board, it gives
the same answer (issue 24 item 3)."""

from __future__ import annotations

import pytest

from bot.judge import Judge, original_state
from bot.judge.board_text import board_yaml
from data.boards import load_board
from tests.cogs.conftest import SettingsFactory

COPIES = [
    ("Clone", "Tarmogoyf", {}),
    ("Clone", "Primal Clay", {"choices": "option=3", "new_choices": "option=1"}),
    ("Cryptoplasm", "Serra Angel", {"counters": "+1/+1=2", "tapped": True, "pump": "2/2"}),
    ("Clone", "Tarmogoyf", {"graveyard": "Lightning Bolt, Forest"}),
    ("Cackling Counterpart", "Serra Angel", {}),
    ("Clone", "Nightveil Specter", {"face_down": "morph"}),
    ("Twincast", "Lightning Bolt", {}),
    ("Rings of Brighthearth", "Prodigal Sorcerer", {}),
    ("Mizzix's Mastery", "Lightning Bolt", {}),
    ("Mirrorweave", "Serra Angel", {}),
]


@pytest.mark.parametrize(("copier", "original", "state"), COPIES)
async def test_a_copy_answer_asked_again_as_its_board_is_the_same_answer(
    make_settings: SettingsFactory, copier: str, original: str, state: dict[str, object]
) -> None:
    async with Judge.open(make_settings(offline=True)) as judge:
        copied = await judge.copy(copier, original, original_state(option_prefix="", **state))  # type: ignore[arg-type]
        assert copied.board is not None
        again = await judge.board(copied.board)
    assert again.answer == copied.answer
    assert again.board == copied.board


def test_the_yaml_reads_back_as_the_same_board_and_a_part_it_cannot_write_gives_none() -> None:
    text = (
        "battlefield:\n"
        "  - {card: Primal Clay, id: clay, controller: opponent, choices: {option: 3}}\n"
        "  - {card: Cryptoplasm, id: crypto, effects: [{pump: [2, 2], add_abilities: [Flying]}]}\n"
        '  - {card: Serra Angel, counters: {"+1/+1": 2}, tapped: true}\n'
        'graveyard: [Lightning Bolt, "Borrowing 100,000 Arrows"]\n'
        "actions:\n"
        "  - becomes_copy: {object: crypto, of: clay}\n"
        "query: crypto\n"
    )
    written = board_yaml(load_board(text))
    assert written == (
        "battlefield:\n"
        "  - {card: Primal Clay, id: clay, controller: opponent, choices: {option: 3}}\n"
        "  - {card: Cryptoplasm, id: crypto, effects: [{pump: [2, 2], add_abilities: [Flying]}]}\n"
        "  - {card: Serra Angel, tapped: true, counters: {+1/+1: 2}}\n"
        "graveyard:\n"
        "  - Lightning Bolt\n"
        "  - Borrowing 100,000 Arrows\n"
        "actions:\n"
        "  - becomes_copy: {object: crypto, of: clay}\n"
        "query: crypto\n"
    )
    linked = load_board("battlefield: [{card: Nightveil Specter, id: s}]\nquery: {linked: s}\n")
    assert board_yaml(linked) is None  # not a part a built board has: nothing rather than another board


@pytest.mark.parametrize(
    "text",
    [
        "life: {you: 25, opponent: -2, starting: 40}\nturn: opponent\n"
        "battlefield: [{card: Angel of Vitality}]\n",
        "battlefield: [{card: Druid Class, level: 3}]\n",
        "battlefield: [{card: Hallowed Fountain, tapped: false, choices: {may: not done}}]\n",
    ],
)
def test_life_totals_class_levels_and_a_given_status_are_written_back(text: str) -> None:
    spec = load_board(text)
    written = board_yaml(spec)
    assert written is not None
    again = load_board(written)
    assert (again.game, again.objects[0].class_level, again.objects[0].tapped) == (
        spec.game,
        spec.objects[0].class_level,
        spec.objects[0].tapped,
    )


def test_paid_costs_and_a_protector_are_written_back() -> None:
    text = (
        "battlefield:\n"
        "  - {card: Grizzly Bears, id: bear, controller: opponent}\n"
        "  - {card: Gruul Spellbreaker, id: gs, x: 2, choices: {may: done}}\n"
    )
    spec = load_board(text)
    squad = spec.objects[1].model_copy(update={"squad": 2, "offspring": False})
    written = board_yaml(spec.model_copy(update={"objects": (spec.objects[0], squad)}))
    assert written is not None
    again = load_board(written).objects[1]
    assert (again.squad, again.offspring, again.x) == (2, False, 2)
