""" "Whenever you cast or copy an instant or sorcery spell" (magecraft) and a stack copy (issue 25 item 3).

A copy of a spell is copied by the player under whose control it is put onto the stack, and isn't cast (CR
707.10): cast-or-copy triggers of that player's permanents trigger for it, "whenever you cast" ones don't. A
copy of a card that is cast (707.12) is cast. Veyran makes them trigger an additional time (603.2d).
"""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.answers.copy_triggers import CopyTrigger, copy_triggers
from engine.answers.stack_answer import StackCopyAnswer, answer_stack_board
from engine.answers.stack_board import build_stack
from engine.core.known import Unsure
from engine.core.model import Card
from engine.core.results import Unknown
from engine.oracle.spell_triggers import (
    SpellEvent,
    ability_word,
    extra_spell_trigger,
    intervening_condition,
    spell_matches,
    spell_trigger,
)
from tests.card_data import cards_2022, parsed_card
from tests.conftest import RULES_FILE, require_shared
from tests.locations import BOARDS

NOT_CAST = "being cast (cast triggers such as storm, prowess or Mirari don't see the copy)"


def _answer(text: str) -> StackCopyAnswer:
    spec = load_board(text)
    cards: dict[str, Card] = {name: parsed_card(name) for name in spec.card_names()}
    return answer_stack_board(spec, spec.stack, cards, "2025-02-07").result


def _fixture(name: str) -> StackCopyAnswer:
    return _answer((BOARDS / name).read_text(encoding="utf-8"))


def _times(result: StackCopyAnswer) -> dict[str, list[int | None]]:
    found: dict[str, list[int | None]] = {}
    for hit in result.triggers:
        found.setdefault(hit.source, []).append(hit.times)
    return found


def _hit(result: StackCopyAnswer, source: str) -> CopyTrigger:
    return next(hit for hit in result.triggers if hit.source == source)


# --- reading the wording ------------------------------------------------------------------------------


def test_every_magecraft_trigger_of_the_2022_file_reads_as_cast_or_copy_of_an_instant_or_sorcery() -> None:
    conditions = [
        line.split(",")[0].removeprefix("Magecraft — ")
        for raw in cards_2022()
        for face in raw.get("card_faces") or [raw]
        for line in face.get("oracle_text", "").split("\n")
        if line.startswith("Magecraft — ")
    ]
    assert len(conditions) >= 25
    for condition in conditions:
        trigger = spell_trigger(condition)
        assert trigger is not None, condition
        assert (trigger.who, trigger.events, trigger.any_of) == (
            "you",
            frozenset({SpellEvent.CAST, SpellEvent.COPY}),
            ("instant", "sorcery"),
        )


@pytest.mark.parametrize(
    ("condition", "who", "events", "any_of", "excluded"),
    [
        (
            "Whenever you cast an instant or sorcery spell",
            "you",
            {SpellEvent.CAST},
            ("instant", "sorcery"),
            (),
        ),
        ("Whenever you copy an instant spell", "you", {SpellEvent.COPY}, ("instant",), ()),
        (
            "Whenever an opponent casts or copies an instant or sorcery spell",
            "an opponent",
            {SpellEvent.CAST, SpellEvent.COPY},
            ("instant", "sorcery"),
            (),
        ),
        ("Whenever a player casts a spell", "a player", {SpellEvent.CAST}, (), ()),
        ("Whenever you cast a noncreature spell", "you", {SpellEvent.CAST}, (), ("creature",)),
        ("Whenever you cast your first instant spell each turn", "you", {SpellEvent.CAST}, None, ()),
    ],
)
def test_spell_trigger_wordings(
    condition: str,
    who: str,
    events: set[SpellEvent],
    any_of: tuple[str, ...] | None,
    excluded: tuple[str, ...],
) -> None:
    trigger = spell_trigger(condition)
    assert trigger is not None
    assert (trigger.who, trigger.events, trigger.any_of, trigger.excluded) == (
        who,
        frozenset(events),
        any_of,
        excluded,
    )


def test_other_triggers_are_not_spell_triggers() -> None:
    assert spell_trigger("Whenever a creature dies") is None
    assert spell_trigger("When ~ enters") is None


def test_matching_a_spell_by_its_card_types_and_colors() -> None:
    magecraft = spell_trigger("Whenever you cast or copy an instant or sorcery spell")
    noncreature = spell_trigger("Whenever you cast a noncreature spell")
    red = spell_trigger("Whenever you cast a red spell")
    first = spell_trigger("Whenever you cast your first instant spell each turn")
    assert magecraft is not None
    assert noncreature is not None
    assert red is not None
    assert first is not None
    assert spell_matches(magecraft, ("Instant",), ("R",)) is True
    assert spell_matches(magecraft, ("Sorcery",), ()) is True
    assert spell_matches(magecraft, ("Creature",), ("R",)) is False
    assert spell_matches(noncreature, ("Artifact", "Creature"), ()) is False
    assert spell_matches(noncreature, ("Instant",), ()) is True
    assert spell_matches(red, ("Instant",), ("U",)) is False
    assert spell_matches(first, ("Instant",), ()) is None  # not read: never a guess


def test_veyran_and_the_ability_word_and_an_intervening_if() -> None:
    veyran = parsed_card("Veyran, Voice of Duality")
    statics = [extra_spell_trigger(a.rules_text) for a in veyran.front.abilities]
    extra = next(s for s in statics if s is not None)
    assert extra.any_of == ("instant", "sorcery")
    magecraft = veyran.front.abilities[0]
    assert ability_word(magecraft.text) == "Magecraft"
    assert ability_word("Flying") is None
    kalamax = parsed_card("Kalamax, the Stormsire")
    first, copied = (a for a in kalamax.front.abilities if a.trigger)
    assert intervening_condition(first.rules_text) == "~ is tapped"
    assert intervening_condition(copied.rules_text) is None


# --- a copy on a board ---------------------------------------------------------------------------------


def test_twincast_copy_triggers_your_magecraft_and_not_your_cast_triggers() -> None:
    result = _fixture("stack_magecraft_twincast.yaml")
    assert (result.cast, result.controller) == (False, "you")
    assert _times(result) == {
        "archmage": [1],
        "apprentice": [1],
        "artist": [1],
        "pyromancer": [0],
        "mirari": [0],
        "hunter": [1],
    }
    assert "their archmage" not in _times(result)  # the opponent didn't copy it
    archmage = _hit(result, "archmage")
    assert archmage.event == "twin"
    assert archmage.ability.startswith("Magecraft — Whenever you cast or copy an instant or sorcery spell")
    assert set(archmage.explanation.rules) >= {"707.10", "603.2", "207.2c"}
    assert "though not cast" in archmage.explanation.text
    pyromancer = _hit(result, "pyromancer")
    assert pyromancer.not_cast
    assert "a copy of a spell isn't cast" in pyromancer.text
    assert set(pyromancer.rules) == {"707.10", "601.2i"}
    # what a front end shows: the triggers among the notes, the cast triggers under "not copied"
    assert archmage.explanation in result.notes
    assert pyromancer.explanation not in result.notes
    items = [item.item for item in result.not_copied]
    being_cast = result.not_copied[items.index(NOT_CAST) + 1]  # right after the copy's own "being cast"
    assert being_cast.item == (
        "triggers on its being cast: pyromancer's “Whenever you cast an instant or sorcery spell”, "
        "mirari's “Whenever you cast an instant or sorcery spell” don't trigger for it, as a copy of a "
        "spell isn't cast"
    )
    assert being_cast.rules == ("707.10", "601.2i")


def test_the_707_10_quote_is_the_rule_text() -> None:
    rules = require_shared(RULES_FILE).read_text(encoding="utf-8-sig")
    line = next(text for text in rules.splitlines() if text.startswith("707.10. "))
    assert "a copy of a spell isn’t cast" in line


def test_the_copier_is_the_player_who_copies() -> None:
    text = """
battlefield:
  - {card: Archmage Emeritus, id: mine}
  - {card: Archmage Emeritus, id: theirs, controller: opponent}
stack:
  - {card: Lightning Bolt, id: bolt, targets: ["player:opponent"]}
  - {copy_of: bolt, via: Reverberate, controller: opponent, new_targets: ["player:you"], id: rev}
"""
    result = _answer(text)
    assert result.controller == "opponent"
    assert _times(result) == {"theirs": [1]}
    assert "copied by your opponent" in _hit(result, "theirs").explanation.text


ISOCHRON = """
# Casting a copy of a card (CR 707.12) casts it and copies no spell: Archmage Emeritus's magecraft and Young
# Pyromancer's "whenever you cast" trigger once each; Kalamax's "whenever you copy an instant spell" doesn't.
battlefield:
  - {card: Isochron Scepter, id: scepter}
  - {card: Archmage Emeritus, id: archmage}
  - {card: Young Pyromancer, id: pyromancer}
  - {card: "Kalamax, the Stormsire", id: kalamax}
exile:
  - {card: Lightning Bolt, id: bolt, exiled_by: scepter, ability: 1}
stack:
  - {copy_of: bolt, via: Isochron Scepter, id: cast copy, targets: ["player:opponent"]}
query: cast copy
"""


def test_a_cast_copy_is_cast_not_copied() -> None:
    result = _answer(ISOCHRON)
    assert result.cast is True
    times = _times(result)
    assert times["archmage"] == [1]
    assert times["pyromancer"] == [1]
    # "your first instant spell each turn" isn't read: unknown; "whenever you copy": doesn't trigger
    assert times["kalamax"] == [None, 0]
    assert set(_hit(result, "archmage").explanation.rules) >= {"707.12", "601.2i", "603.2"}
    kalamax_copy = [h for h in result.triggers if h.source == "kalamax"][1]
    assert "not a spell that was copied" in kalamax_copy.explanation.text
    assert kalamax_copy.explanation.rules == ("707.12",)


def test_a_copied_creature_spell_is_no_instant_or_sorcery() -> None:
    result = _fixture("stack_double_major_magecraft.yaml")
    assert result.resolves_as == "token"
    assert _times(result) == {"archmage": [0], "kalamax": [0, 0]}
    assert "a creature spell, not an instant or sorcery spell" in _hit(result, "archmage").explanation.text


def test_storm_copies_trigger_magecraft() -> None:
    text = """
battlefield:
  - {card: Archmage Emeritus, id: archmage}
stack:
  - {card: Grapeshot, id: shot, targets: ["player:opponent"]}
  - {copy_of: shot, via: Grapeshot, id: storm copy}
"""
    result = _answer(text)
    assert _times(result) == {"archmage": [1]}


@pytest.mark.parametrize(("veyrans", "times"), [(1, 2), (2, 3)])
def test_veyran_makes_each_of_your_magecraft_abilities_trigger_an_additional_time(
    veyrans: int, times: int
) -> None:
    more = "".join(f'  - {{card: "Veyran, Voice of Duality", id: veyran {n}}}\n' for n in range(veyrans))
    text = f"""
battlefield:
  - {{card: Archmage Emeritus, id: archmage}}
  - {{card: Young Pyromancer, id: pyromancer}}
  - {{card: Mage Hunter, id: hunter, controller: opponent}}
{more}stack:
  - {{card: Lightning Bolt, id: bolt, targets: ["player:opponent"]}}
  - {{copy_of: bolt, via: Twincast, id: twin}}
"""
    result = _answer(text)
    found = _times(result)
    assert found["archmage"] == [times]
    assert all(found[f"veyran {n}"] == [times] for n in range(veyrans))  # Veyran's own magecraft too
    assert found["pyromancer"] == [0]  # not cast: nothing to trigger additional times
    assert found["hunter"] == [1]  # the opponent's permanent: Veyran's ability is for its controller's
    archmage = _hit(result, "archmage").explanation
    assert "603.2d" in archmage.rules
    assert f"triggers {times} times" in archmage.text


def test_a_copy_of_an_ability_triggers_no_spell_trigger() -> None:
    text = """
battlefield:
  - {card: Archmage Emeritus, id: archmage}
  - {card: Banisher Priest, id: priest}
  - {card: Grizzly Bears, id: bears, controller: opponent}
stack:
  - {source: priest, ability: 1, id: priest-trigger, targets: [bears]}
  - {copy_of: priest-trigger, via: Strionic Resonator}
"""
    result = _answer(text)
    assert result.kind == "ability"
    assert result.triggers == ()


def test_unknown_card_types_name_both_outcomes() -> None:
    spec = load_board(
        """
battlefield:
  - {card: Archmage Emeritus, id: archmage}
stack:
  - {card: Lightning Bolt, id: bolt, targets: ["player:opponent"]}
  - {copy_of: bolt, via: Twincast, id: twin}
"""
    )
    cards = {name: parsed_card(name) for name in spec.card_names()}
    board = board_from_spec(spec, cards)
    result = build_stack(spec.stack, cards).answer("twin")
    unknown = Unsure((Unknown.of(("types",), "the spell's face isn't given", *()),))
    (hit,) = copy_triggers(board, result, types=unknown)
    assert hit.times is None
    assert hit.explanation.text.startswith(
        "Whether archmage's “Whenever you cast or copy an instant or sorcery spell” triggers"
    )
    assert (
        "because the spell's face isn't given: if twin is an instant or sorcery spell, it triggers; if "
        "not, it doesn't." in hit.explanation.text
    )


def test_a_copy_for_each_target_triggers_magecraft_once_for_each_copy() -> None:
    """Radiate's copies (CR 707.10d): "magecraft abilities trigger once for each copy created" (ruling)."""
    text = (BOARDS / "stack_radiate.yaml").read_text(encoding="utf-8")
    text = text.replace("battlefield:\n", "battlefield:\n  - {card: Archmage Emeritus, id: archmage}\n")
    result = _answer(text)
    copies = next(item.value for item in result.copied if item.item == "one copy targeting each of")
    assert copies == ("player:you", "player:opponent", "archmage", "wurm")
    hit = _hit(result, "archmage")
    assert hit.times == 4
    assert "triggers 4 times (once for each of the 4 copies)" in hit.text
    assert "707.10d" in hit.rules


def test_a_permanent_whose_abilities_arent_known_may_trigger() -> None:
    text = """
battlefield:
  - Chancy Reflection
  - {card: Grizzly Bears, id: bear}
actions:
  - create_token_copy: {of: bear, via: Chancy Reflection, id: token}
stack:
  - {card: Lightning Bolt, id: bolt, targets: ["player:opponent"]}
  - {copy_of: bolt, via: Twincast, id: twin}
"""
    result = _answer(text)
    (hit,) = [h for h in result.triggers if h.source == "token"]
    assert hit.times is None
    assert hit.text.startswith("Whether token has an ability that twin triggers is unknown, because")
    assert hit.explanation in result.notes


_CURSED = """
battlefield:
  - {card: Curse of Shaken Faith, id: curse, controller: opponent}
stack:
  - {card: Lightning Bolt, id: bolt, targets: ["player:opponent"], paid: {mana: "{R}", from: hand}}
  - {copy_of: bolt, via: Twincast, id: twin}
query: twin
"""


def test_a_curse_on_whoever_copies_a_spell_is_unknown_naming_both_outcomes() -> None:
    """Curse of Shaken Faith sees the player it enchants casting or copying: a board says no player an Aura
    enchants (CR 303.4b), so whether it triggers for the copy is unknown, never left out."""
    trigger = spell_trigger(
        "Whenever enchanted player casts a spell other than the first spell they cast each turn or copies a "
        "spell"
    )
    assert trigger is not None
    assert (trigger.who, trigger.spell, trigger.cast_spell) == (
        "enchanted player",
        "a spell",
        "a spell other than the first spell they cast each turn",
    )
    assert trigger.for_event(SpellEvent.CAST).any_of is None  # "other than the first …" isn't read
    hit = _hit(_answer(_CURSED), "curse")
    assert hit.times is None
    assert "the board doesn't say whom (choices: {enchanted player: you}); if that is you" in hit.text
    assert {"303.4b", "707.10"} <= set(hit.rules)


@pytest.mark.parametrize(("enchanted", "times"), [("you", 1), ("opponent", 0)])
def test_a_curse_on_the_player_who_copies_triggers_and_on_the_other_doesnt(
    enchanted: str, times: int
) -> None:
    board = _CURSED.replace(
        "controller: opponent}", f"controller: opponent, choices: {{enchanted player: {enchanted}}}}}"
    )
    hit = _hit(_answer(board), "curse")
    assert hit.times == times
    said = "triggers once for twin" if times else "it sees only the player curse enchants, opponent"
    assert said in hit.text
