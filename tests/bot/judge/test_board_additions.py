"""What judge scenarios need from a board, through the Judge and ``mtg-judge board --json``: cards the
board defines itself, copy effects that end, ``via`` naming a spell on the stack, the commander."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bot.cli import app
from bot.config import Settings
from bot.judge import CardNotFound, Judge
from bot.judge.board import board_json
from data.boards import BoardFormatError

# A custom Clone variant and a custom creature no card data has (a custom cube's).
CUSTOM_CARDS = """\
cards:
  - name: Mirror Pup
    mana_cost: "{1}{U}"
    type_line: Creature — Shapeshifter Dog
    oracle_text: >-
      You may have Mirror Pup enter the battlefield as a copy of any creature on the battlefield,
      except it's 1/1.
    power: 0
    toughness: 0
  - name: Gloomfang Stalker
    mana_cost: "{2}{B}{B}"
    type_line: Creature — Vampire Horror
    oracle_text: Flying
    power: 4
    toughness: 3
"""

PUP_COPIES_STALKER = (
    CUSTOM_CARDS
    + """\
battlefield:
  - {card: Gloomfang Stalker, id: stalker, controller: opponent}
  - {card: Mirror Pup, id: pup, copy_of: stalker}
query: pup
"""
)


async def _board(settings: Settings, text: str) -> Any:
    async with Judge.open(settings) as judge:
        return board_json(await judge.board(text))


async def test_a_custom_clone_copies_a_custom_creature_without_any_look_up(
    offline_settings: Settings,
) -> None:
    payload = await _board(offline_settings, PUP_COPIES_STALKER)
    result = payload["result"]
    current = result["current"]
    assert (current["name"], current["power"], current["toughness"]) == ("Gloomfang Stalker", 1, 1)
    assert current["abilities"] == ["Flying"]
    assert current["subtypes"] == ["Vampire", "Horror"]
    assert current["mana_cost"] == "{2}{B}{B}"
    assert any("707.9b" in step["rules"] for step in result["steps"])
    assert not any("card data also has" in note["text"] for note in result["notes"])


async def test_an_undefined_unknown_name_is_still_looked_up(offline_settings: Settings) -> None:
    with pytest.raises(CardNotFound):
        await _board(offline_settings, "battlefield: [Gloomfang Stalker]\n")


async def test_a_definition_is_used_before_the_card_data_and_a_note_says_so(
    offline_settings: Settings,
) -> None:
    board = """\
cards:
  - {name: Grizzly Bears, mana_cost: "{1}{G}", type_line: Creature — Bear, power: 5, toughness: 5}
battlefield: [Grizzly Bears]
"""
    result = (await _board(offline_settings, board))["result"]
    assert (result["current"]["power"], result["current"]["toughness"]) == (5, 5)
    notes = [note["text"] for note in result["notes"]]
    assert any("Grizzly Bears is defined in the board's cards" in note for note in notes)


async def test_a_malformed_definition_names_its_line(offline_settings: Settings) -> None:
    board = "battlefield: [Grizzly Bears]\ncards:\n  - {name: Odd Card, type_line: Creature, power: [1]}\n"
    with pytest.raises(
        BoardFormatError, match=r"^line 3: the card definition 'Odd Card' is malformed: power"
    ):
        await _board(offline_settings, board)


def test_the_cli_answers_a_board_with_its_own_cards(offline_settings: Settings, tmp_path: Path) -> None:
    path = tmp_path / "pup.yaml"
    path.write_text(PUP_COPIES_STALKER, encoding="utf-8")
    result = CliRunner().invoke(
        app, ["--offline", "--db", str(offline_settings.db), "board", str(path), "--json"]
    )
    assert result.exit_code == 0, result.output
    current = json.loads(result.stdout)["result"]["current"]
    assert (current["name"], current["power"], current["toughness"]) == ("Gloomfang Stalker", 1, 1)


# A custom instant whose copy lasts until end of turn, cast on a custom creature.
MIMICRY = (
    CUSTOM_CARDS
    + """\
  - name: Fleeting Mimicry
    mana_cost: "{U}"
    type_line: Instant
    oracle_text: Target creature becomes a copy of target creature until end of turn.
battlefield:
  - {card: Grizzly Bears, id: bear}
  - {card: Gloomfang Stalker, id: stalker, controller: opponent}
stack:
  - {card: Fleeting Mimicry, id: mimicry, targets: [bear, stalker]}
actions:
  - becomes_copy: {object: bear, of: stalker, via: mimicry}
"""
)


async def test_a_custom_until_end_of_turn_copy_from_the_stack_ends_at_cleanup(
    offline_settings: Settings,
) -> None:
    during = (await _board(offline_settings, MIMICRY + "query: bear\n"))["result"]
    assert (during["current"]["name"], during["current"]["power"]) == ("Gloomfang Stalker", 4)
    assert during["steps"][0]["rules"] == ["608.2n"]
    after = (await _board(offline_settings, MIMICRY + "  - cleanup: {}\n"))["result"]
    assert after["id"] == "bear"
    current = after["current"]
    assert (current["name"], current["power"], current["toughness"]) == ("Grizzly Bears", 2, 2)
    assert current["abilities"] == []
    ended = next(step for step in after["steps"] if "copy effect ends" in step["text"])
    assert ended["text"].startswith("Fleeting Mimicry's copy effect ends (in the cleanup step)")
    assert ended["rules"][:2] == ["514.2", "611.2a"]


async def test_a_board_with_a_stack_answers_about_the_permanent_its_query_names(
    offline_settings: Settings,
) -> None:
    board = "battlefield: [Grizzly Bears]\nstack:\n  - {card: Lightning Bolt, targets: [Grizzly Bears]}\n"
    payload = await _board(offline_settings, board + "query: Grizzly Bears\n")
    assert payload["result"]["id"] == "Grizzly Bears"
    assert payload["result"]["current"]["power"] == 2


def test_the_cli_says_how_many_mirror_march_tokens_is_open_without_the_flips(
    offline_settings: Settings, tmp_path: Path
) -> None:
    path = tmp_path / "march.yaml"
    path.write_text(
        "battlefield: [Mirror March, Grizzly Bears]\n"
        "actions:\n  - create_token_copy: {of: Grizzly Bears, via: Mirror March, id: token}\n",
        encoding="utf-8",
    )
    args = ["--offline", "--db", str(offline_settings.db), "board", str(path), "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)["result"]
    assert (payload["current"]["name"], payload["current"]["power"]) == ("Grizzly Bears", 2)
    [note] = [n for n in payload["notes"] if n["text"].startswith("How many tokens Mirror March created")]
    assert note["rules"] == ["705.2"]


async def test_a_defined_double_faced_card_is_copied_with_the_face_that_is_up(
    offline_settings: Settings,
) -> None:
    board = """\
cards:
  - name: Dusk Hunter // Dawn Stalker
    layout: transform
    faces:
      - {name: Dusk Hunter, mana_cost: "{1}{G}", type_line: Creature — Human Werewolf, power: 2, toughness: 2}
      - {name: Dawn Stalker, type_line: Creature — Werewolf, oracle_text: Trample, power: 4, toughness: 4,
         colors: [G]}
battlefield:
  - {card: Dusk Hunter, id: hunter, transformed: true}
  - {card: Clone, copy_of: hunter}
"""
    current = (await _board(offline_settings, board))["result"]["current"]
    assert (current["name"], current["power"], current["toughness"]) == ("Dawn Stalker", 4, 4)
    assert current["abilities"] == ["Trample"]
