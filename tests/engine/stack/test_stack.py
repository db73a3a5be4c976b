"""Copies of spells and abilities on the stack (CR 707.10–707.12, 111.13, 608.3f).

Each scenario is a board file in ``tests/fixtures/boards/stack_*.yaml`` (the seed page's stack examples
and the issue's); the assertions cover the whole answer: choices, cast, owner, controller, what was and
wasn't copied with its rules, the outcomes of the card's conditions, and what the copy resolves as.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from engine.answers.stack_board import BoardObject, board_object, build_stack, stack_handles
from engine.core.model import Card
from engine.stack.cast_copies import cast_copy
from engine.stack.copies import StackCopyResult
from engine.stack.items import Choices, Payment, StackError
from engine.state.stack_spec import MAX_STACK, StackEntrySpec, stack_card_names
from tests.card_data import parsed_card
from tests.locations import BOARDS

BOARDS = BOARDS
CardsByName = Callable[[str], Card]


@pytest.fixture(scope="module")
def cards() -> CardsByName:
    return parsed_card


def run(doc: dict[str, Any], cards: CardsByName) -> StackCopyResult:
    """Build the board's objects and stack and answer its query."""
    entries = tuple(StackEntrySpec.model_validate(entry) for entry in doc["stack"])
    objects: dict[str, BoardObject] = {}
    for zone in ("battlefield", "graveyard", "exile"):
        for raw in doc.get(zone, []):
            spec = raw if isinstance(raw, dict) else {"card": raw}
            handle = str(spec.get("id", spec["card"]))
            objects[handle] = board_object(handle, cards(spec["card"]), spec.get("controller", "you"), zone)
    catalogue = {name: cards(name) for name in stack_card_names(entries)}
    return build_stack(entries, catalogue, objects).answer(doc.get("query"))


def scenario(name: str, cards: CardsByName, **changes: Any) -> StackCopyResult:
    """The answer for board ``stack_<name>.yaml``; ``changes`` update its last stack entry."""
    doc = yaml.safe_load((BOARDS / f"stack_{name}.yaml").read_text(encoding="utf-8"))
    doc["stack"][-1].update(changes)
    return run(doc, cards)


def items(result: StackCopyResult) -> list[str]:
    return [n.item for n in result.not_copied]


def outcomes(result: StackCopyResult) -> list[tuple[str, Any, Any]]:
    return [(o.question, o.on_original, o.on_copy) for o in result.outcomes]


def all_rules(result: StackCopyResult) -> set[str]:
    explained = [*result.steps, *result.notes]
    listed: list[Any] = [*result.copied, *result.not_copied, *result.outcomes]
    return {r for e in explained for r in e.rules} | {r for i in listed for r in i.rules}


NOT_CAST = "being cast (cast triggers such as storm, prowess or Mirari don't see the copy)"


def test_hull_breach_copy_has_the_chosen_mode(cards: CardsByName) -> None:
    result = scenario("hull_breach", cards)
    assert (result.id, result.copy_of, result.via, result.kind) == ("twin", "breach", "Twincast", "spell")
    assert result.choices.modes == ("Destroy target enchantment.",)
    assert result.choices.targets == ("anthem",)
    assert (result.choices.x, result.choices.kicked, result.choices.entwined) == (None, False, False)
    assert result.choices.paid.mana == ""
    assert result.choices.paid.objects == ()
    assert (result.cast, result.owner, result.controller) == (False, "you", "you")
    assert [(c.item, c.value, c.rules) for c in result.copied] == [
        ("characteristics", "Hull Breach", ("707.10",)),
        ("modes", ("Destroy target enchantment.",), ("707.10", "700.2g")),
        ("targets", ("anthem",), ("707.10", "601.2c")),
    ]
    assert items(result) == [
        "mana spent to cast it ({R}{G})",
        NOT_CAST,
        "the zone it was cast from (hand)",
        "the original's owner and controller (opponent)",
    ]
    assert result.outcomes == ()
    assert result.resolves_as is None
    assert result.characteristics.name == "Hull Breach"
    assert set(result.characteristics.colors) == {"R", "G"}
    assert any("{U}{U} paid for Twincast" in n.text for n in result.notes)


def test_hull_breach_copy_cannot_switch_to_an_artifact(cards: CardsByName) -> None:
    with pytest.raises(StackError) as error:
        scenario("hull_breach", cards, new_targets=["mirari"])
    assert "Mirari isn't a legal new target: that target must be enchantment" in str(error.value)
    assert {"707.10c", "700.2g"} <= set(error.value.explanation.rules)


def test_naturalize_copy_may_target_an_artifact(cards: CardsByName) -> None:
    result = scenario("naturalize", cards)
    assert result.choices.targets == ("mirari",)
    assert result.choices.modes == ()
    assert [(c.item, c.value) for c in result.copied] == [
        ("characteristics", "Naturalize"),
        ("number of targets", 1),
    ]
    assert result.copied[1].rules == ("707.10", "707.10c")
    assert any("New target Mirari" in s.text and "707.10c" in s.rules for s in result.steps)
    assert (result.cast, result.owner, result.controller) == (False, "you", "you")
    assert items(result)[-1] == "the original's owner and controller (opponent)"


def test_naturalize_copy_cannot_target_a_creature(cards: CardsByName) -> None:
    doc = yaml.safe_load((BOARDS / "stack_naturalize.yaml").read_text(encoding="utf-8"))
    doc["battlefield"].append({"card": "Grizzly Bears", "id": "bears"})
    doc["stack"][-1]["new_targets"] = ["bears"]
    with pytest.raises(StackError, match="Grizzly Bears isn't a legal new target"):
        run(doc, cards)


def test_entwined_grab_the_reins_copy_has_both_modes(cards: CardsByName) -> None:
    result = scenario("grab_the_reins", cards)
    assert result.choices.entwined is True
    assert result.choices.modes == (
        "Until end of turn, you gain control of target creature and it gains haste.",
        "Sacrifice a creature. Grab the Reins deals damage equal to that creature's power to any target.",
    )
    assert result.choices.targets == ("bears", "player:opponent")
    assert [c.item for c in result.copied] == ["characteristics", "modes", "targets", "entwine cost paid"]
    assert result.copied[1].rules == ("707.10", "700.2g", "702.42a")
    # the sacrifice is part of the effect, not a cost: the copy's controller sacrifices anew
    assert "choice made on resolution: Sacrifice a creature." in items(result)
    assert (result.cast, result.owner, result.controller, result.resolves_as) == (False, "you", "you", None)


def test_glacial_ray_copy_keeps_spliced_blessed_breath(cards: CardsByName) -> None:
    result = scenario("glacial_ray", cards)
    assert result.choices.spliced == ("Blessed Breath",)
    assert result.choices.targets == ("player:opponent", "bears")
    assert result.characteristics.name == "Glacial Ray"
    assert result.characteristics.subtypes == ("Arcane",)
    assert result.characteristics.abilities[-1].startswith("Target creature you control gains protection")
    spliced = next(c for c in result.copied if c.item == "spliced text")
    assert spliced.rules == ("707.10", "601.2b", "702.47c")
    assert items(result) == [
        "mana spent to cast it ({1}{R}{W})",
        NOT_CAST,
        "the zone it was cast from (not given: paid: {from: hand} says)",
        "choice made on resolution: Target creature you control gains protection from the color of your "
        "choice until end of turn.",
        "the original's owner and controller (you)",
    ]


def test_mirari_copy_of_kicked_urzas_rage_deals_ten_and_cannot_be_countered(cards: CardsByName) -> None:
    result = scenario("urzas_rage_mirari", cards)
    assert result.choices.kicked is True
    assert result.choices.targets == ("player:opponent",)
    assert outcomes(result) == [("If this spell was kicked", True, True), ("can't be countered", True, True)]
    assert result.outcomes[0].rules == ("707.10", "702.33e")
    assert result.outcomes[1].rules == ("707.10",)  # its own text says so: a characteristic
    assert ("kicked", True) in [(c.item, c.value) for c in result.copied]
    assert (result.cast, result.owner, result.controller) == (False, "you", "you")


def test_mirari_cannot_copy_a_copy(cards: CardsByName) -> None:
    doc = yaml.safe_load((BOARDS / "stack_fling.yaml").read_text(encoding="utf-8"))
    doc["stack"].append({"copy_of": "fling copy", "via": "Mirari"})
    with pytest.raises(StackError, match="Fling is a copy that wasn't cast") as error:
        run(doc, cards)
    assert "601.2i" in error.value.explanation.rules


def test_fireball_with_boseiju_copy_can_be_countered(cards: CardsByName) -> None:
    result = scenario("fireball_boseiju", cards)
    assert result.choices.x == 6
    assert result.choices.targets == ("player:opponent", "bears")
    assert outcomes(result) == [("can't be countered", True, False)]
    assert result.outcomes[0].rules == ("106.6", "707.10", "601.2h")
    assert items(result)[:2] == [
        "mana spent to cast it ({C}{6}{R})",
        "mana source Boseiju, Who Shelters All: If that mana is spent on an instant or sorcery spell, "
        "that spell can't be countered.",
    ]
    assert ("X", 6) in [(c.item, c.value) for c in result.copied]


def test_ribbons_of_night_copy_draws_no_card_even_with_blue_for_twincast(cards: CardsByName) -> None:
    result = scenario("ribbons_of_night", cards)
    assert outcomes(result) == [("If {U} was spent to cast Ribbons of Night", True, False)]
    assert result.choices.targets == ("wurm",)
    assert result.choices.paid.mana == ""
    note = next(n for n in result.notes if "paid for Twincast" in n.text)
    assert note.text.startswith("The {U}{U} paid for Twincast was spent on Twincast, not on the copy")
    assert note.rules == ("707.10", "601.2h")


def test_fling_copy_uses_the_sacrificed_creatures_power(cards: CardsByName) -> None:
    result = scenario("fling", cards)
    assert outcomes(result) == [("the sacrificed creature's power", 3, 3)]
    assert result.outcomes[0].rules == ("707.10", "608.2h")
    (paid,) = result.choices.paid.objects
    assert (paid.card, paid.how, paid.power) == ("Grizzly Bears", "sacrificed", 3)
    assert ("sacrificed object", "Grizzly Bears, power 3, toughness 2, mana value 2") in [
        (c.item, c.value) for c in result.copied
    ]


def test_copy_of_a_copy_of_fling_still_uses_the_sacrificed_creature(cards: CardsByName) -> None:
    doc = yaml.safe_load((BOARDS / "stack_fling.yaml").read_text(encoding="utf-8"))
    doc["stack"].append({"copy_of": "fling copy", "via": "Reverberate", "controller": "opponent"})
    result = run(doc, cards)
    assert outcomes(result) == [("the sacrificed creature's power", 3, 3)]
    assert (result.copy_of, result.owner, result.controller) == ("fling copy", "opponent", "opponent")
    assert "the zone it was cast from (hand)" not in items(result)


def test_increasing_vengeance_copy_was_not_cast_from_a_graveyard(cards: CardsByName) -> None:
    result = scenario("increasing_vengeance", cards)
    assert outcomes(result) == [("If this spell was cast from a graveyard", True, False)]
    assert result.choices.targets == ("bolt",)
    assert ("alternative cost paid", "flashback") in [(c.item, c.value) for c in result.copied]
    assert "the zone it was cast from (graveyard)" in items(result)
    assert not any(i.startswith("choice made on resolution") for i in items(result))


def test_increasing_vengeance_copies_only_your_own_spells(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "stack": [
            {"card": "Lightning Bolt", "id": "bolt", "controller": "opponent", "targets": ["player:you"]},
            {"copy_of": "bolt", "via": "Increasing Vengeance"},
        ]
    }
    with pytest.raises(
        StackError, match="copies instant or sorcery spell you control; Lightning Bolt isn't one"
    ):
        run(doc, cards)


def test_strionic_resonator_copies_banisher_priests_trigger(cards: CardsByName) -> None:
    result = scenario("strionic_resonator", cards)
    assert (result.kind, result.source, result.copy_of) == ("ability", "priest", "priest-trigger")
    assert (result.cast, result.owner, result.controller, result.resolves_as) == (False, None, "you", None)
    assert result.choices.targets == ("wurm",)
    assert items(result) == [
        "having triggered: abilities that trigger when an ability triggers don't see it",
        "the original's controller (you)",
    ]
    assert {"707.10b", "607.3", "113.7a", "707.10c"} <= all_rules(result)
    assert result.characteristics.name == "Banisher Priest, ability 1"
    assert result.characteristics.abilities == (
        "When Banisher Priest enters the battlefield, exile target creature an opponent controls until "
        "Banisher Priest leaves the battlefield. (That creature returns under its owner's control.)",
    )


def test_strionic_resonator_cannot_copy_a_spell(cards: CardsByName) -> None:
    doc = yaml.safe_load((BOARDS / "stack_fling.yaml").read_text(encoding="utf-8"))
    doc["stack"][-1]["via"] = "Strionic Resonator"
    with pytest.raises(StackError, match="Strionic Resonator can't do that"):
        run(doc, cards)


def test_rings_of_brighthearth_copies_an_activated_ability(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "battlefield": [{"card": "Isochron Scepter", "id": "scepter"}],
        "stack": [
            {"source": "scepter", "ability": 2, "id": "activation"},
            {"copy_of": "activation", "via": "Rings of Brighthearth"},
        ],
    }
    result = run(doc, cards)
    assert result.kind == "ability"
    assert result.source == "scepter"
    assert items(result)[0].startswith("being activated: its costs aren't paid again")


def test_copy_of_kicked_creature_spell_is_a_kicked_token(cards: CardsByName) -> None:
    result = scenario("kavu_titan", cards)
    assert result.resolves_as == "token"
    assert result.choices.kicked is True
    assert outcomes(result) == [("If Kavu Titan was kicked", True, True)]
    assert {"707.10f", "111.13", "608.3f", "400.7d"} <= all_rules(result)
    assert (result.cast, result.owner, result.controller) == (False, "you", "you")


def test_copy_names_which_kicker_was_paid(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "stack": [
            {"card": "Ana Battlemage", "id": "ana", "kicked": ["first"]},
            {"copy_of": "ana", "via": "Double Major"},
        ]
    }
    result = run(doc, cards)
    assert result.choices.kicked == ("{2}{U}",)
    assert outcomes(result) == [
        ("if it was kicked with its {2}{U} kicker", True, True),
        ("if it was kicked with its {1}{B} kicker", False, False),
    ]


def test_copy_of_transforming_permanent_spell_is_a_transforming_token(cards: CardsByName) -> None:
    result = scenario("delver", cards)
    assert result.resolves_as == "transforming token"
    assert result.characteristics.name == "Delver of Secrets"
    assert any("707.10g" in n.rules and "front face up" in n.text for n in result.notes)
    face = next(step for step in result.steps if "712.8c" in step.rules)
    assert face.rules == ("712.11", "712.8c")
    assert "Delver of Secrets" in face.text


def test_copy_of_aura_spell_keeps_its_target_without_permission_to_change_it(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "battlefield": [
            {"card": "Grizzly Bears", "id": "bears", "controller": "opponent"},
            {"card": "Craw Wurm", "id": "wurm", "controller": "opponent"},
        ],
        "stack": [
            {"card": "Pacifism", "id": "pacifism", "targets": ["bears"]},
            {"copy_of": "pacifism", "via": "Lithoform Engine"},
        ],
    }
    result = run(doc, cards)
    assert (result.resolves_as, result.choices.targets) == ("token", ("bears",))
    doc["stack"][-1]["new_targets"] = ["wurm"]
    with pytest.raises(StackError, match="doesn't let you choose new targets"):
        run(doc, cards)


def test_fork_copy_is_red(cards: CardsByName) -> None:
    result = scenario("naturalize", cards, via="Fork")
    assert result.characteristics.colors == ("R",)
    assert result.choices.targets == ("mirari",)


def test_multikicked_comet_storm_copy_keeps_x_kicks_and_targets(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "battlefield": [{"card": "Grizzly Bears", "id": "bears", "controller": "opponent"}],
        "stack": [
            {
                "card": "Comet Storm",
                "id": "storm",
                "x": 3,
                "kicked": {"times": 2},  # the same as "kicked: 2" (CR 702.33d)
                "targets": ["player:opponent", "bears", "player:you"],
            },
            {"copy_of": "storm", "via": "Twincast"},
        ],
    }
    result = run(doc, cards)
    assert (result.choices.x, result.choices.kicked) == (3, 2)
    assert result.choices.targets == ("player:opponent", "bears", "player:you")
    assert not any(i.startswith("choice made on resolution") for i in items(result))


def test_cast_copy_is_cast_and_makes_its_own_choices(cards: CardsByName) -> None:
    result = scenario("isochron_scepter", cards)
    assert (result.cast, result.owner, result.controller) == (True, "you", "you")
    assert result.choices.targets == ("player:opponent",)
    assert result.choices.paid.cast_from == "exile"
    assert items(result) == ["choices: modes, targets, X and costs are chosen as it is cast"]
    assert {"707.12", "112.2a", "601.2i"} <= all_rules(result)


def test_cast_copy_without_paying_its_mana_cost_has_x_zero(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "exile": [{"card": "Fireball", "id": "fireball"}],
        "stack": [{"copy_of": "fireball", "via": "Isochron Scepter", "x": 4, "targets": ["player:opponent"]}],
    }
    with pytest.raises(StackError, match="X must be 0") as error:
        run(doc, cards)
    assert error.value.explanation.rules == ("107.3b",)
    del doc["stack"][0]["x"]
    assert run(doc, cards).choices.x == 0


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"card": "Hull Breach", "modes": ["Destroy target land"]},
            "Hull Breach has no mode 'Destroy target land'",
        ),
        ({"card": "Naturalize", "kicked": True}, "Naturalize has no kicker"),
        ({"card": "Naturalize", "entwined": True}, "Naturalize has no entwine ability"),
        ({"card": "Lightning Bolt", "targets": ["nowhere"]}, "Unknown target 'nowhere'"),
        ({"card": "Naturalize", "targets": ["player:you"]}, "you isn't a legal target"),
        ({"copy_of": "missing", "via": "Twincast"}, "copy_of 'missing' is not a spell or ability"),
    ],
)
def test_bad_entries_are_explained(cards: CardsByName, entry: dict[str, Any], message: str) -> None:
    doc = {"stack": [{"card": "Lightning Bolt", "id": "bolt", "targets": ["player:opponent"]}, entry]}
    with pytest.raises(StackError, match=re.escape(message)):
        build_stack(
            tuple(StackEntrySpec.model_validate(e) for e in doc["stack"]),
            {n: cards(n) for e in doc["stack"] for n in (e.get("card"), e.get("via")) if n},
        )


def test_entries_are_bounded() -> None:
    with pytest.raises(ValidationError):
        StackEntrySpec.model_validate({"card": "Fireball", "x": 100_000})
    with pytest.raises(ValidationError):
        StackEntrySpec.model_validate({"card": "Fireball", "targets": ["player:you"] * 50})
    with pytest.raises(StackError, match="at most"):
        build_stack(tuple(StackEntrySpec(card="Lightning Bolt") for _ in range(MAX_STACK + 1)), {})


def test_storm_copies_its_own_spell_and_the_copies_are_not_cast(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "battlefield": [{"card": "Grizzly Bears", "id": "bears", "controller": "opponent"}],
        "stack": [
            {"card": "Grapeshot", "id": "shot", "targets": ["player:opponent"]},
            {"copy_of": "shot", "via": "Grapeshot", "new_targets": ["bears"]},
        ],
    }
    result = run(doc, cards)
    assert (result.cast, result.choices.targets) == (False, ("bears",))
    assert NOT_CAST in items(result)
    doc["stack"][0] = {"card": "Lightning Bolt", "id": "shot", "targets": ["player:opponent"]}
    with pytest.raises(StackError, match="copies only Grapeshot itself"):
        run(doc, cards)


def test_default_handles_follow_the_board_format() -> None:
    entries = (
        StackEntrySpec(card="Lightning Bolt"),
        StackEntrySpec(copy_of="Lightning Bolt", via="Twincast"),
        StackEntrySpec(copy_of="Lightning Bolt", via="Reverberate"),
        StackEntrySpec(source="priest", ability=1),
    )
    assert stack_handles(entries) == (
        "Lightning Bolt",
        "Lightning Bolt copy",
        "Lightning Bolt copy 2",
        "priest ability 1",
    )
    with pytest.raises(StackError, match="already used"):
        stack_handles((StackEntrySpec(card="Shock", id="x"), StackEntrySpec(card="Shock", id="x")))


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"card": "Lightning Bolt", "spliced": ["Glacial Ray"]},
            "Glacial Ray can't be spliced onto Lightning Bolt",
        ),
        ({"card": "Urza's Rage", "kicked": 2}, "Urza's Rage can be kicked at most 1 time(s)"),
        (
            {"card": "Fireball", "x": 4, "targets": ["player:you", "player:opponent"], "division": [4]},
            "A division gives each target at least 1",
        ),
    ],
)
def test_impossible_casting_choices_are_refused(
    cards: CardsByName, entry: dict[str, Any], message: str
) -> None:
    with pytest.raises(StackError, match=re.escape(message)):
        run({"stack": [entry, {"copy_of": entry["card"], "via": "Twincast"}]}, cards)


def test_aura_spell_targets_what_its_enchant_ability_names(cards: CardsByName) -> None:
    doc = {"stack": [{"card": "Pacifism", "targets": ["player:opponent"]}]}
    with pytest.raises(StackError, match="opponent isn't a legal target: it must be creature") as error:
        run(doc, cards)
    assert error.value.explanation.rules == ("601.2c", "303.4a")


def test_copy_of_an_x_creature_spell_keeps_x(cards: CardsByName) -> None:
    # unlike a Clone of the permanent (X is 0 there), the spell copy's X is the original's (CR 707.10)
    doc: dict[str, Any] = {
        "stack": [
            {"card": "Primordial Hydra", "id": "hydra", "x": 3},
            {"copy_of": "hydra", "via": "Double Major"},
        ]
    }
    result = run(doc, cards)
    assert (result.choices.x, result.resolves_as) == (3, "token")
    assert ("X", 3, ("707.10", "107.3a")) in [(c.item, c.value, c.rules) for c in result.copied]
    assert any("400.7d" in n.rules for n in result.notes)


# --- audit regressions and 707.10d / 707.10e ----------------------------------------------------


def test_fireball_copy_mana_value_counts_x_on_the_stack(cards: CardsByName) -> None:
    result = scenario("fireball_boseiju", cards)
    assert result.characteristics.mana_value == 7  # {X}{R} with X = 6 (CR 202.3e)
    step = next(s for s in result.steps if s.text.startswith("X is 6"))
    assert step.text == "X is 6 for the copy too, so its mana value on the stack is 7."
    assert step.rules == ("707.10", "107.3a", "202.3e")


def test_boseiju_note_says_why_only_the_original_is_uncounterable(cards: CardsByName) -> None:
    note = next(n for n in scenario("fireball_boseiju", cards).notes if "countered" in n.text)
    assert note.text.startswith("can't be countered: original yes, copy no.")
    assert "Boseiju, Who Shelters All" in note.text
    assert note.rules == ("106.6", "707.10", "601.2h")


def test_kicked_urzas_rage_copy_says_it_deals_ten_unpreventable_damage(cards: CardsByName) -> None:
    result = scenario("urzas_rage_mirari", cards)
    step = next(s for s in result.steps if s.text.startswith("The copy is kicked"))
    assert (
        "instead it deals 10 damage to that permanent or player and the damage can't be prevented"
        in step.text
    )
    assert step.rules == ("707.10", "702.33e")
    assert any(
        n.text.endswith("so it can't be countered either.") and n.rules == ("707.10",) for n in result.notes
    )


def test_increasing_vengeance_note_quotes_the_text_the_copy_skips(cards: CardsByName) -> None:
    note = next(n for n in scenario("increasing_vengeance", cards).notes if "graveyard" in n.text)
    assert note.text.endswith(
        "So this doesn't apply to the copy: \u201cIf this spell was cast from a graveyard, "
        "copy that spell twice instead.\u201d"
    )
    assert note.rules == ("707.10",)


def test_x_creature_token_enters_with_the_copys_x(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "stack": [
            {"card": "Primordial Hydra", "id": "hydra", "x": 3},
            {"copy_of": "hydra", "via": "Double Major"},
        ]
    }
    result = run(doc, cards)
    note = next(n for n in result.notes if "refers to X" in n.text)
    assert "uses 3, the copy's X; the token's own X is 0" in note.text
    assert note.rules == ("400.7d", "107.3m")
    assert result.characteristics.mana_value == 5  # {X}{G}{G} with X = 3 (CR 202.3e)


def test_copy_of_a_back_face_up_transforming_spell_has_mana_value_zero(cards: CardsByName) -> None:
    doc = yaml.safe_load((BOARDS / "stack_delver.yaml").read_text(encoding="utf-8"))
    doc["stack"][0]["transformed"] = True
    result = run(doc, cards)
    assert result.characteristics.name == "Insectile Aberration"
    assert result.characteristics.mana_value == 0
    note = next(n for n in result.notes if "707.10g" in n.rules)
    assert "back face up" in note.text
    assert note.rules == ("707.10g", "202.3b")


def test_cast_copy_of_ribbons_of_night_paid_with_blue_draws(cards: CardsByName) -> None:
    # Seed: a copy that is *cast* (CR 707.12) with {U} spent to cast it does draw.
    bears = board_object("bears", cards("Grizzly Bears"), "opponent")
    result = cast_copy(
        cards("Ribbons of Night"),
        cards("God-Eternal Kefnet"),
        handle="ribbons copy",
        copy_of="Ribbons of Night",
        choices=Choices(targets=("bears",)),
        payment=Payment(mana=("{U}", "{U}", "{B}"), cast_from="hand"),
        objects={"bears": bears.target},
    )
    assert result.cast is True
    assert outcomes(result) == [("If {U} was spent to cast Ribbons of Night", True, True)]
    assert "707.12" in all_rules(result)


def test_radiate_copies_for_each_other_legal_target(cards: CardsByName) -> None:
    result = scenario("radiate", cards)
    assert result.choices.targets == ("wurm",)
    assert (result.cast, result.owner, result.controller) == (False, "you", "you")
    assert [(c.item, c.value, c.rules) for c in result.copied] == [
        ("characteristics", "Lightning Bolt", ("707.10",)),
        ("one copy targeting each of", ("player:you", "player:opponent", "wurm"), ("707.10d",)),
        ("number of targets", 1, ("707.10", "707.10d")),
    ]
    each = next(s for s in result.steps if s.text.startswith("Radiate creates one copy"))
    assert "they go on the stack in the order you choose" in each.text
    assert each.rules == ("707.10d",)
    skipped = next(s for s in result.steps if s.text.startswith("No copy for"))
    assert skipped.text == "No copy for Glorious Anthem (anthem): not a legal target for Lightning Bolt."


def test_radiate_needs_a_spell_with_a_single_target(cards: CardsByName) -> None:
    doc = yaml.safe_load((BOARDS / "stack_radiate.yaml").read_text(encoding="utf-8"))
    doc["stack"][-1]["new_targets"] = ["anthem"]
    with pytest.raises(StackError, match="picks which of Radiate's copies to show"):
        run(doc, cards)


def test_beamsplitter_mage_copy_targets_the_chosen_creature(cards: CardsByName) -> None:
    result = scenario("beamsplitter_mage", cards)
    assert result.choices.targets == ("bears",)
    assert ("number of targets", 1, ("707.10", "707.10e")) in [
        (c.item, c.value, c.rules) for c in result.copied
    ]
    assert any(s.rules == ("707.10e",) and "Grizzly Bears (bears)" in s.text for s in result.steps)


def test_beamsplitter_mage_copy_is_not_created_for_an_illegal_choice(cards: CardsByName) -> None:
    with pytest.raises(StackError, match="so the copy isn't created") as error:
        scenario("beamsplitter_mage", cards, new_targets=["wurm"])
    assert error.value.explanation.rules == ("707.10e",)


def test_a_target_handle_named_after_its_card_is_not_named_twice(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "battlefield": [
            {"card": "Grizzly Bears", "id": "Grizzly Bears (target 1)", "controller": "opponent"}
        ],
        "stack": [
            {"card": "Lightning Bolt", "id": "bolt", "targets": ["Grizzly Bears (target 1)"]},
            {"copy_of": "bolt", "via": "Reverberate"},
        ],
    }
    steps = [s.text for s in run(doc, cards).steps]
    assert "The copy has the same targets: Grizzly Bears (target 1)." in steps
    assert any(s.startswith("Reverberate lets the copy's controller choose new targets") for s in steps)


def test_spell_copy_ceases_to_exist_off_the_stack_but_a_permanent_copy_becomes_a_token(
    cards: CardsByName,
) -> None:
    fling = scenario("fling", cards)
    assert [n.rules for n in fling.notes if "ceases to exist" in n.text] == [("707.10a",)]
    titan = scenario("kavu_titan", cards)
    assert not any("ceases to exist" in n.text for n in titan.notes)


def test_cast_copy_of_a_card_ceases_to_exist_outside_stack_and_battlefield(cards: CardsByName) -> None:
    note = next(n for n in scenario("isochron_scepter", cards).notes if "ceases to exist" in n.text)
    assert note.rules == ("707.10a",)
    assert "isn't cast" in note.text


def test_storm_copy_explains_the_storm_trigger(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "stack": [
            {"card": "Grapeshot", "id": "shot", "targets": ["player:opponent"]},
            {"copy_of": "shot", "via": "Grapeshot"},
        ],
    }
    step = next(s for s in run(doc, cards).steps if s.text.startswith("Storm is a cast trigger"))
    assert step.rules == ("702.40a",)


@pytest.mark.parametrize(
    ("via", "copies_for"),
    [("Ink-Treader Nephilim", ("bears", "wurm")), ("Zada, Hedron Grinder", ("bears",))],
)
def test_copies_for_each_other_creature_follow_the_cards_restriction(
    cards: CardsByName, via: str, copies_for: tuple[str, ...]
) -> None:
    # Ink-Treader copies for each other creature, Zada only for each other creature you control (707.10d)
    doc: dict[str, Any] = {
        "battlefield": [
            {"card": via, "id": "copier"},
            {"card": "Grizzly Bears", "id": "bears"},
            {"card": "Craw Wurm", "id": "wurm", "controller": "opponent"},
        ],
        "stack": [
            {"card": "Giant Growth", "id": "growth", "targets": ["copier"]},
            {"copy_of": "growth", "via": via},
        ],
    }
    result = run(doc, cards)
    assert ("one copy targeting each of", copies_for) in [(c.item, c.value) for c in result.copied]
    assert result.choices.targets == ("bears",)


def test_beamsplitter_mage_needs_the_chosen_creature(cards: CardsByName) -> None:
    doc = yaml.safe_load((BOARDS / "stack_beamsplitter_mage.yaml").read_text(encoding="utf-8"))
    del doc["stack"][-1]["new_targets"]
    with pytest.raises(StackError, match=re.escape("possible here: Grizzly Bears (bears)")) as error:
        run(doc, cards)
    assert error.value.explanation.rules == ("707.10e",)


def test_opponents_twincast_of_increasing_vengeance_keeps_an_illegal_target(cards: CardsByName) -> None:
    # the copy is the opponent's: "spell you control" no longer fits your Lightning Bolt (707.10c, 608.2b)
    result = scenario("increasing_vengeance", cards, controller="opponent")
    assert (result.owner, result.controller, result.choices.targets) == ("opponent", "opponent", ("bolt",))
    kept = next(s for s in result.steps if s.text.startswith("The copy keeps"))
    assert kept.text == (
        "The copy keeps Lightning Bolt (bolt) as target even though that isn't a legal target for a spell "
        "its controller controls; so unless it gets legal new targets the copy won't resolve."
    )
    assert kept.rules == ("707.10c", "608.2b")
    assert not any(s.text.startswith("The copy keeps") for s in scenario("increasing_vengeance", cards).steps)


def test_multikicked_copy_cites_kicking_several_times(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "stack": [
            {
                "card": "Comet Storm",
                "id": "storm",
                "x": 2,
                "kicked": 1,
                "targets": ["player:opponent", "player:you"],
            },
            {"copy_of": "storm", "via": "Twincast"},
        ],
    }
    once = next(c for c in run(doc, cards).copied if c.item == "kicked")
    assert (once.value, once.rules) == (1, ("707.10", "702.33a"))
    doc["battlefield"] = [{"card": "Grizzly Bears", "id": "bears"}]
    doc["stack"][0].update(kicked=2, targets=["player:opponent", "player:you", "bears"])
    twice = next(c for c in run(doc, cards).copied if c.item == "kicked")
    assert (twice.value, twice.rules) == (2, ("707.10", "702.33a", "702.33d"))


def test_copy_keeps_how_damage_was_divided(cards: CardsByName) -> None:
    doc: dict[str, Any] = {
        "battlefield": [
            {"card": "Grizzly Bears", "id": "bears", "controller": "opponent"},
            {"card": "Craw Wurm", "id": "wurm", "controller": "opponent"},
        ],
        "stack": [
            {
                "card": "Arc Lightning",
                "id": "arc",
                "targets": ["bears", "player:opponent"],
                "division": [2, 1],
            },
            {"copy_of": "arc", "via": "Twincast", "new_targets": ["wurm", "player:opponent"]},
        ],
    }
    result = run(doc, cards)
    assert (result.choices.targets, result.choices.division) == (("wurm", "player:opponent"), (2, 1))
    assert ("division among targets", ("2", "1"), ("707.10", "601.2d")) in [
        (c.item, c.value, c.rules) for c in result.copied
    ]
