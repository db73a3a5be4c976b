"""Item 7 of issue 24: better candidates. An ambiguous name's menu is ranked by relevance (whole words,
then the most played by Scryfall's ``edhrec_rank``, then the shortest), ``/copy original`` autocompletes
only what the copier can copy, and the private "Answering with …" note goes once the answer is sent."""

from __future__ import annotations

import pytest

from bot.judge.copyable import copied_types
from tests.card_data import card_json
from tests.cogs.harness import DiscordHarness


def original_names(result_choices: list[dict[str, str]]) -> list[str]:
    """The names an autocomplete offered."""
    return [choice["value"] for choice in result_choices]


def type_line(name: str) -> str:
    """The type line of the card ``name`` in the shared data."""
    return str(card_json(name)["type_line"])


async def test_an_ambiguous_names_menu_lists_the_most_played_first(harness: DiscordHarness) -> None:
    menu = (await harness.slash("copy", copier="Clone", original="Nightveil")).message
    assert menu is not None
    options = [option["value"] for option in menu.component("card:candidates")["options"]]
    # edhrec_rank in the 2019 data: Sprite 1,821, Specter 3,625, Predator 3,868, Haunter of Nightveil 13,157
    assert options == ["Nightveil Sprite", "Nightveil Specter", "Nightveil Predator", "Haunter of Nightveil"]


async def test_choosing_a_candidate_removes_the_private_menu_once_answered(harness: DiscordHarness) -> None:
    menu = (await harness.slash("copy", copier="Clone", original="Nightveil")).message
    assert menu is not None
    chosen = await harness.choose(menu, "card:candidates", ["Nightveil Specter"])
    assert chosen.kinds() == ["callback", "followup", "delete_original"]
    assert chosen.followups[0].embeds[0]["title"] == "Clone copying Nightveil Specter"
    assert not chosen.followups[0].ephemeral
    assert harness.messages[menu.id].deleted


async def test_the_menu_is_removed_when_the_chosen_answer_fails_too(harness: DiscordHarness) -> None:
    menu = (await harness.slash("copy", copier="Nightveil", original="Tarmogoyf")).message
    assert menu is not None
    chosen = await harness.choose(menu, "card:candidates", ["Nightveil Specter"])
    assert chosen.kinds() == ["callback", "delete_original", "followup"]
    assert harness.messages[menu.id].deleted
    refused = chosen.followups[0]
    assert refused.ephemeral
    assert (refused.content or "").startswith("Nightveil Specter can't copy a permanent;")


@pytest.mark.parametrize(
    ("copier", "typed", "kept", "left_out", "card_type"),
    [
        ("Clone", "Sol", "Soltari Monk", "Sol Ring", "Creature"),
        ("Copy Artifact", "Sol", "Sol Ring", "Solemnity", "Artifact"),
        ("Vesuva", "Sol", "Soldevi Excavations", "Sol Ring", "Land"),
    ],
)
async def test_copy_original_autocompletes_only_what_the_copier_can_copy(
    harness: DiscordHarness, copier: str, typed: str, kept: str, left_out: str, card_type: str
) -> None:
    result = await harness.autocomplete("copy", "original", typed, {"copier": copier})
    names = original_names(result.choices)
    assert kept in names
    assert left_out not in names
    assert all(card_type in type_line(name) for name in names)


async def test_an_unknown_copier_or_none_yet_leaves_every_name(harness: DiscordHarness) -> None:
    for options in ({"copier": "Qqqzzx"}, {}):
        names = original_names((await harness.autocomplete("copy", "original", "Sol", options)).choices)
        assert {"Sol Ring", "Solemnity", "Soltari Monk"} <= set(names)


@pytest.mark.parametrize(
    ("text", "types"),
    [
        (
            "You may have Clone enter the battlefield as a copy of any creature on the battlefield.",
            {"creature"},
        ),
        (
            "enter the battlefield as a copy of an artifact or creature on the battlefield",
            {"artifact", "creature"},
        ),
        ("Create a token that's a copy of target nonlegendary creature you control.", {"creature"}),
        ("it becomes a copy of another target creature you control", {"creature"}),
        ("copy of any Equipment on the battlefield", {"equipment"}),
        ("Create a token that's a copy of it.", None),
        ("becomes a copy of that creature card", None),
    ],
)
def test_what_a_copier_copies_is_read_from_its_text(text: str, types: set[str] | None) -> None:
    assert copied_types([text]) == (frozenset(types) if types is not None else None)


def test_a_copier_of_any_permanent_takes_every_permanent_type() -> None:
    types = copied_types(["becomes a copy of target permanent"])
    assert types == frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})
