"""Linked abilities follow the ability, not its number (CR 607.1–607.5, 614.1c, 707.7).

Boards where a permanent exiled cards and then became a copy, gained abilities from effects, or exiled
cards with an "As ~ enters" replacement; the gained-pair analysis of 607.5; and every ``Example:`` of
CR 607 and every example of the seed page (``shared/seeds/linked-abilities.ja.txt``) about these, mapped
to the test that reproduces it.
"""

from __future__ import annotations

import pytest

from data.boards import load_board
from data.rules.parser import RulesDocument
from engine.actions.events import board_from_spec
from engine.actions.imprint import exiled_by_other_abilities, exiled_with, last_exiled_effects
from engine.answers.copy_result import ObjectAnswer, answer_board
from engine.layers.system import current_characteristics
from engine.linked.gained import Grant, GrantKind, gained_links
from engine.linked.links import find_links
from engine.state.board import Board, GameObject
from tests.card_data import parsed_card
from tests.conftest import SEEDS, require_shared
from tests.engine.copy_cards import cards_for
from tests.known import current_values

SISTERS = "Sisters of Stone Death"
SISTERS_EXILE = "{B}{G}: Exile target creature blocking or blocked by Sisters of Stone Death."
SISTERS_RETURN = (
    "{2}{B}: Put a creature card exiled with Sisters of Stone Death onto the battlefield under your control."
)
SLOGGER = "{R}, Exile the top ten cards of your library: Arc-Slogger deals 2 damage to any target."


def board_of(text: str) -> Board:
    spec = load_board(text)
    return board_from_spec(spec, cards_for(spec))


def answer_of(text: str) -> ObjectAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test").result


def ids(objects: tuple[GameObject, ...]) -> list[str]:
    return [o.id for o in objects]


def pt_and_types(board: Board, handle: str) -> tuple[object, object, tuple[str, ...]]:
    values = current_values(board.get(handle), board)
    power = values.power.value if values.power else None
    toughness = values.toughness.value if values.toughness else None
    return power, toughness, values.subtypes


def every_rule(board: Board, handle: str) -> set[str]:
    """Every rule the reasoning about ``handle`` cites: the board's log and the layer system's."""
    values = current_characteristics(board.get(handle), board)
    logged = [entry.explanation for entry in board.log if entry.object_id == handle]
    return {rule for note in (*logged, *values.steps, *values.notes) for rule in note.rules}


# --- (a) a permanent that becomes a copy has new abilities (CR 607.1, 707.7) ----------------------------

FOUNDRY_INTO_MOX = """
battlefield:
  - {card: Soul Foundry, id: foundry}
  - {card: Chrome Mox, id: mox}
exile:
  - {card: Grizzly Bears, exiled_by: foundry, ability: 1}
actions:
  - becomes_copy: {object: foundry, of: mox, via: True Polymorph}
query: {linked: foundry}
"""


def test_seed_soul_foundry_turned_into_chrome_mox_exiled_nothing_with_its_mox_abilities() -> None:
    # Seed example 2: Chrome Mox's mana ability refers only to cards its own imprint exiled.
    board = board_of(FOUNDRY_INTO_MOX)
    foundry = board.get("foundry")
    assert exiled_with(board, foundry) == ()
    assert ids(exiled_by_other_abilities(board, foundry)) == ["Grizzly Bears"]
    linked = answer_of(FOUNDRY_INTO_MOX).linked
    assert linked is not None
    assert linked.text_of == "Chrome Mox"
    assert [(link.abilities, link.rule) for link in linked.links] == [((1, 2), "607.2a")]


def test_soul_foundry_not_yet_a_copy_has_the_bears_it_exiled() -> None:
    board = board_of(FOUNDRY_INTO_MOX.split("actions:")[0])
    assert ids(exiled_with(board, board.get("foundry"))) == ["Grizzly Bears"]
    assert exiled_by_other_abilities(board, board.get("foundry")) == ()


DUPLICANT_INTO = """
battlefield:
  - {{card: Duplicant, id: dup}}
  - {{card: {other}, id: other, controller: opponent}}
exile:
  - {{card: Craw Wurm, exiled_by: dup, ability: 1}}
actions:
  - becomes_copy: {{object: dup, of: other, via: Cytoshape}}
query: dup
"""


def test_duplicant_that_becomes_a_copy_of_duplicant_has_exiled_nothing_with_its_new_imprint() -> None:
    board = board_of(DUPLICANT_INTO.format(other="Duplicant"))
    dup = board.get("dup")
    assert exiled_with(board, dup) == ()
    assert ids(exiled_by_other_abilities(board, dup)) == ["Craw Wurm"]
    board = last_exiled_effects(board, dup)
    assert pt_and_types(board, "dup") == (2, 4, ("Shapeshifter",))
    assert {"607.1", "707.7", "607.2a"} <= every_rule(board, "dup")


def test_duplicant_that_becomes_grizzly_bears_loses_the_wurm_numbers() -> None:
    board = last_exiled_effects(
        board := board_of(DUPLICANT_INTO.format(other="Grizzly Bears")), board.get("dup")
    )
    assert pt_and_types(board, "dup") == (2, 2, ("Bear",))
    assert "607.1" in every_rule(board, "dup")


@pytest.mark.parametrize(
    ("other", "expected"), [("Duplicant", (2, 4, ("Shapeshifter",))), ("Grizzly Bears", (2, 2, ("Bear",)))]
)
def test_board_answer_after_becoming_a_copy(other: str, expected: tuple[object, ...]) -> None:
    current = answer_of(DUPLICANT_INTO.format(other=other)).current
    assert (current.power, current.toughness, current.subtypes) == expected


def test_a_copy_of_duplicant_exiling_with_its_copied_imprint_gets_that_card() -> None:
    # 707.7: the copied pair is linked on the copy; the original's Craw Wurm isn't the Clone's.
    board = board_of(
        """
battlefield:
  - {card: Duplicant, id: dup, controller: opponent}
  - {card: Serra Angel, id: angel, controller: opponent}
exile:
  - {card: Craw Wurm, exiled_by: dup, ability: 1}
actions:
  - enters: {card: Clone, id: clone, copy_of: dup}
  - leaves: {object: angel, to: exile, by: clone}
"""
    )
    assert pt_and_types(board, "clone") == (4, 4, ("Angel", "Shapeshifter"))
    assert pt_and_types(board, "dup") == (6, 4, ("Wurm", "Shapeshifter"))
    assert ids(exiled_with(board, board.get("clone"))) == ["angel"]


def test_each_copy_effect_gives_new_abilities() -> None:
    text = """
battlefield:
  - {card: Duplicant, id: dup}
  - {card: Duplicant, id: dup2, controller: opponent}
  - {card: Grizzly Bears, id: bears, controller: opponent}
actions:
  - becomes_copy: {object: dup, of: dup2, via: Cytoshape}
  - leaves: {object: bears, to: exile, by: dup}
"""
    board = board_of(text)
    assert pt_and_types(board, "dup") == (2, 2, ("Bear", "Shapeshifter"))
    assert ids(exiled_with(board, board.get("dup"))) == ["bears"]
    again = board_of(text + "  - becomes_copy: {object: dup, of: dup2, via: Cytoshape}\n")
    assert exiled_with(again, again.get("dup")) == ()
    assert ids(exiled_by_other_abilities(again, again.get("dup"))) == ["bears"]


ALTERATION = """
battlefield:
  - {card: Duplicant, id: dup}
  - {card: Duplicant, id: dup2, controller: opponent}
  - {card: Grizzly Bears, id: bears, controller: opponent}
  - {card: Metamorphic Alteration, id: alteration, attached_to: dup}
exile:
  - {card: Craw Wurm, exiled_by: dup, ability: 1}
actions:
  - becomes_copy: {object: dup, of: dup2, via: Metamorphic Alteration}
"""


def test_printed_abilities_back_after_a_copy_effect_ends_are_the_ones_that_exiled() -> None:
    # 611.3b: the Aura's copy effect stops; the abilities printed on Duplicant are the ones that exiled Craw
    # Wurm (607.1), so it is exiled with them again.
    during = board_of(ALTERATION)
    assert exiled_with(during, during.get("dup")) == ()
    after = board_of(ALTERATION + "  - leaves: {object: alteration, to: graveyard}\n")
    assert after.get("dup").copies == ()
    assert ids(exiled_with(after, after.get("dup"))) == ["Craw Wurm"]
    assert pt_and_types(after, "dup") == (6, 4, ("Wurm", "Shapeshifter"))


def test_a_card_the_temporary_copys_imprint_exiled_isnt_the_printed_imprints() -> None:
    board = board_of(
        ALTERATION
        + "  - leaves: {object: bears, to: exile, by: dup}\n  - leaves: {object: alteration, to: graveyard}\n"
    )
    assert ids(exiled_with(board, board.get("dup"))) == ["Craw Wurm"]
    assert ids(exiled_by_other_abilities(board, board.get("dup"))) == ["bears"]


# --- (d) "exiled with it" counts only what that object's own linked ability exiled ------------------------


def test_a_card_another_duplicant_exiled_doesnt_count() -> None:
    board = board_of(
        """
battlefield:
  - {card: Duplicant, id: dup}
  - {card: Duplicant, id: dup2}
exile:
  - {card: Craw Wurm, exiled_by: dup2, ability: 1}
"""
    )
    assert pt_and_types(board, "dup") == (2, 4, ("Shapeshifter",))
    assert pt_and_types(board, "dup2") == (6, 4, ("Wurm", "Shapeshifter"))


def test_a_card_exiled_by_an_ability_an_effect_gave_it_doesnt_count() -> None:
    # 607.5: the granted exile ability is linked to nothing Duplicant has printed.
    board = board_of(
        """
battlefield:
  - {card: Duplicant, id: dup, effects: [{add_abilities: ["{T}: Exile target creature."]}]}
exile:
  - {card: Craw Wurm, exiled_by: dup, ability: 3}
"""
    )
    assert pt_and_types(board, "dup") == (2, 4, ("Shapeshifter",))
    assert exiled_with(board, board.get("dup")) == ()
    assert ids(exiled_by_other_abilities(board, board.get("dup"))) == ["Craw Wurm"]


NIGHTVEIL_WITH_KALDRA = """
battlefield:
  - {card: Nightveil Specter, id: specter}
  - {card: Kaldra Compleat, id: kaldra, attached_to: specter}
exile:
  - {card: Lightning Bolt, exiled_by: specter, ability: 2}
  - {card: Grizzly Bears, exiled_by: specter, ability: 8}
"""


def test_seed_nightveil_specter_cant_play_the_creature_kaldras_ability_exiled() -> None:
    # Seed example 1: the equipped Specter's ability 8 comes from Kaldra Compleat; ability 3 refers only to
    # what its ability 2 exiled.
    board = board_of(NIGHTVEIL_WITH_KALDRA)
    abilities = current_values(board.get("specter"), board).abilities
    assert (
        abilities[7].text == "Whenever this creature deals combat damage to a creature, exile that creature."
    )
    assert ids(exiled_with(board, board.get("specter"))) == ["Lightning Bolt"]
    assert ids(exiled_by_other_abilities(board, board.get("specter"))) == ["Grizzly Bears"]


def test_seed_nightveil_specter_and_kaldra_grant_as_gained_links() -> None:
    specter = parsed_card("Nightveil Specter").front
    report = gained_links(
        "Nightveil Specter",
        [
            Grant(
                effect="its printed text",
                texts=tuple(a.text for a in specter.abilities),
                names=("Nightveil Specter",),
                kind=GrantKind.PRINTED,
            ),
            Grant(
                effect="Kaldra Compleat's static ability",
                texts=("Whenever this creature deals combat damage to a creature, exile that creature.",),
            ),
        ],
    )
    assert [(tuple(a.index for a in link.abilities), link.rules) for link in report.links] == [
        ((2, 3), ("607.2a",))
    ]
    (note,) = report.notes
    assert note.text.startswith(
        "Not linked: Nightveil Specter got “Whenever this creature deals combat damage to a creature, exile"
        " that creature.” from Kaldra Compleat's static ability and “You may play cards exiled with"
    )
    assert set(note.rules) == {"607.1", "607.5", "707.7"}


# --- (b) 607.5: a pair gained from one effect is linked; halves from two effects are not -------------------


def test_cr_607_5_quicksilver_elemental_gains_arc_slogger_then_sisters_of_stone_death() -> None:
    report = gained_links(
        "Quicksilver Elemental",
        [
            Grant(effect="its first activation", texts=(SLOGGER,), names=("Arc-Slogger",)),
            Grant(effect="its second activation", texts=(SISTERS_EXILE, SISTERS_RETURN), names=(SISTERS,)),
        ],
    )
    (link,) = report.links
    assert [(a.effect, a.index) for a in link.abilities] == [
        ("its second activation", 1),
        ("its second activation", 2),
    ]
    assert (link.rule, link.rules) == ("607.2a", ("607.2a", "607.5"))
    assert link.explanation.startswith("Both come from its second activation")
    (note,) = report.notes
    assert f"“{SLOGGER}” from its first activation" in note.text
    assert f"“{SISTERS_RETURN}” from its second activation" in note.text
    assert "607.5" in note.rules


def test_halves_of_a_pair_granted_by_two_effects_are_not_linked() -> None:
    report = gained_links(
        "Quicksilver Elemental",
        [
            Grant(effect="effect 1", texts=(SISTERS_EXILE,), names=(SISTERS,)),
            Grant(effect="effect 2", texts=(SISTERS_RETURN,), names=(SISTERS,)),
        ],
    )
    assert report.links == ()
    (note,) = report.notes
    assert note.text.startswith(f"Not linked: Quicksilver Elemental got “{SISTERS_EXILE}” from effect 1")


def test_one_effect_granting_both_halves_links_them() -> None:
    report = gained_links(
        "Quicksilver Elemental",
        [Grant(effect="effect 1", texts=(SISTERS_EXILE, SISTERS_RETURN), names=(SISTERS,))],
    )
    assert [(tuple(a.index for a in link.abilities), link.rules) for link in report.links] == [
        ((1, 2), ("607.2a", "607.5"))
    ]
    assert report.notes == ()


def test_a_copy_effects_pair_cites_707_7() -> None:
    foundry = parsed_card("Soul Foundry").front
    report = gained_links(
        "Clone",
        [
            Grant(
                effect="the copy effect",
                texts=tuple(a.text for a in foundry.abilities),
                names=("Soul Foundry",),
                kind=GrantKind.COPY,
            )
        ],
        types=("Artifact",),
    )
    assert [(tuple(a.index for a in link.abilities), link.rules) for link in report.links] == [
        ((1, 2), ("607.2a", "707.7"))
    ]


def test_a_gained_ability_linked_to_itself_stays_so() -> None:
    pool = parsed_card("Knowledge Pool").front
    report = gained_links(
        "Quicksilver Elemental",
        [Grant(effect="effect 1", texts=(pool.abilities[1].text,), names=("Knowledge Pool",))],
        types=("Artifact",),
    )
    (link,) = report.links
    assert tuple(a.index for a in link.abilities) == (1, 1)
    assert link.rules[:2] == ("607.2a", "607.5")
    assert "607.1c" in link.rules


# --- (c) 607.2b: an "As ~ enters, exile" replacement and the abilities that count what it exiled ----------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Sutured Ghoul", {(2, 3)}),
        ("Living Lore", {(1, 2), (1, 3)}),
    ],
)
def test_as_enters_exile_is_a_replacement_linked_to_the_exiled_cards(
    name: str, expected: set[tuple[int, int]]
) -> None:
    links = find_links(parsed_card(name)).links
    assert {link.abilities for link in links} == expected
    assert all(link.rules == ("607.2b", "614.1c") for link in links)
    assert all("replacement effect" in link.explanation for link in links)


def test_void_maws_instead_replacement_needs_no_614_1c() -> None:
    (link,) = find_links(parsed_card("Void Maw")).links
    assert link.rules == ("607.2b",)


GHOULS = """
battlefield:
  - {card: Sutured Ghoul, id: ghoul, controller: opponent}
  - {card: Clone, id: clone, copy_of: ghoul}
exile:
  - {card: Craw Wurm, exiled_by: ghoul, ability: 2, controller: opponent}
  - {card: Grizzly Bears, exiled_by: clone, ability: 2}
  - {card: Llanowar Elves, exiled_by: clone, ability: 2}
query: clone
"""


def test_sutured_ghoul_cda_counts_only_the_cards_its_own_replacement_exiled() -> None:
    board = board_of(GHOULS)
    assert pt_and_types(board, "ghoul")[:2] == (6, 4)
    assert pt_and_types(board, "clone")[:2] == (3, 3)
    assert "607.2b" in every_rule(board, "clone")
    assert ids(exiled_with(board, board.get("clone"))) == ["Grizzly Bears", "Llanowar Elves"]


def test_a_sutured_ghoul_that_becomes_a_copy_of_another_exiled_nothing_with_its_new_ability() -> None:
    board = board_of(
        """
battlefield:
  - {card: Sutured Ghoul, id: ghoul}
  - {card: Sutured Ghoul, id: other, controller: opponent}
exile:
  - {card: Craw Wurm, exiled_by: ghoul, ability: 2}
actions:
  - becomes_copy: {object: ghoul, of: other, via: Cytoshape}
"""
    )
    assert exiled_with(board, board.get("ghoul")) == ()
    assert pt_and_types(board, "ghoul")[:2] == (0, 0)


# --- 607.5a: a choice made for another ability is undefined for the copied one ------------------------------


@pytest.mark.parametrize(
    ("text", "chose"),
    [
        (  # CR 607.5a: Unstable Shapeshifter copies Voice of All; no color was chosen for it
            """
battlefield:
  - {card: Unstable Shapeshifter, id: us}
actions:
  - enters: {card: Voice of All, id: voice, choices: {color: red}}
  - becomes_copy: {object: us, of: voice}
query: us
""",
            "color",
        ),
        (  # CR 607.5a: Vesuvan Doppelganger chose blue as Voice of All, then copies Quirion Elves
            """
battlefield:
  - {card: Voice of All, id: voice}
  - {card: Quirion Elves, id: elves, choices: {color: green}}
  - {card: Vesuvan Doppelganger, id: vd, copy_of: voice, choices: {color: blue}}
actions:
  - becomes_copy: {object: vd, of: elves}
query: vd
""",
            "color",
        ),
        (  # seed: Meddling Mage that named a card becomes a Voidstone Gargoyle through Mirrorweave
            """
battlefield:
  - {card: Voidstone Gargoyle, id: gargoyle, controller: opponent, choices: {nonland card name: Shock}}
  - {card: Meddling Mage, id: mage, choices: {nonland card name: Lightning Bolt}}
actions:
  - becomes_copy: {object: mage, of: gargoyle, via: Mirrorweave}
query: mage
""",
            "nonland card name",
        ),
    ],
    ids=["unstable-shapeshifter", "vesuvan-doppelganger", "meddling-mage-mirrorweave"],
)
def test_a_choice_for_an_earlier_ability_is_undefined_for_the_copied_one(text: str, chose: str) -> None:
    answer = answer_of(text)
    (note,) = [note for note in answer.notes if "607.5a" in note.rules]
    assert note.text == (
        f"It didn't enter, so no choice of a {chose} was made: abilities referring to that choice do nothing."
    )


# --- every CR 607 example, and the seed page's, mapped to the test that reproduces it ----------------------

CR_607_EXAMPLES = {
    ("607.2i", "Stormscape Battlemage"): "test_linked.py::test_stormscape_battlemage_names_each_kicker_cost",
    ("607.4", "Paradise Plume"): "test_linked.py::test_exact_linked_pairs[Paradise Plume]",
    (
        "607.5",
        "Arc-Slogger",
    ): "test_cr_607_5_quicksilver_elemental_gains_arc_slogger_then_sisters_of_stone_death",
    (
        "607.5a",
        "Unstable Shapeshifter",
    ): "test_a_choice_for_an_earlier_ability_is_undefined_for_the_copied_one",
    (
        "607.5a",
        "Vesuvan Doppelganger",
    ): "test_a_choice_for_an_earlier_ability_is_undefined_for_the_copied_one",
}
SEED_EXAMPLES = {
    "夜帷の死霊": "test_seed_nightveil_specter_cant_play_the_creature_kaldras_ability_exiled",
    "魂の鋳造所": "test_seed_soul_foundry_turned_into_chrome_mox_exiled_nothing_with_its_mox_abilities",
    "水銀の精霊": "test_cr_607_5_quicksilver_elemental_gains_arc_slogger_then_sisters_of_stone_death",
    "翻弄する魔道士": "test_a_choice_for_an_earlier_ability_is_undefined_for_the_copied_one",
    "虚空の大口": "test_void_maws_instead_replacement_needs_no_614_1c",
}


def test_every_cr_607_example_is_mapped_to_a_test(rules_document: RulesDocument) -> None:
    examples = [
        (rule.number, example)
        for rule in rules_document.rules
        if rule.number.startswith("607.")
        for example in rule.examples
    ]
    assert len(examples) == len(CR_607_EXAMPLES)
    for number, example in examples:
        (test,) = [
            test for (rule, phrase), test in CR_607_EXAMPLES.items() if rule == number and phrase in example
        ]
        name = test.split("::")[-1].split("[")[0]
        assert name in globals() or test.startswith("test_linked.py::"), test


def test_every_seed_example_about_following_the_ability_is_mapped() -> None:
    seed = require_shared(SEEDS / "linked-abilities.ja.txt").read_text(encoding="utf-8")
    for japanese, test in SEED_EXAMPLES.items():
        assert japanese in seed, japanese
        assert test in globals(), test


# --- answers, tokens and notes follow the ability too ---------------------------------------------------


def test_the_linked_answer_lists_only_cards_the_current_texts_abilities_exiled() -> None:
    # Seed example 2 as the answer says it: the Bears Soul Foundry's imprint exiled aren't Chrome Mox's.
    result = answer_of(FOUNDRY_INTO_MOX)
    assert result.linked is not None
    assert result.linked.exiled == ()
    note = next(n for n in result.notes if n.text.startswith("Also exiled with foundry"))
    assert "Grizzly Bears by the ability it had before it became a copy" in note.text
    assert {"607.1", "707.7"} <= set(note.rules)


GRANTED_EXILE = SISTERS_EXILE.replace(SISTERS, "this creature")
GRANTED_RETURN = SISTERS_RETURN.replace(SISTERS, "this creature")


def test_the_linked_answer_reports_a_pair_one_effect_granted() -> None:
    # CR 607.5: both of Sisters of Stone Death's abilities granted by one effect are linked on Grizzly Bears
    # (written as the Bears have them: "this creature").
    result = answer_of(
        f"""
battlefield:
  - {{card: Grizzly Bears, id: bears, effects: [{{add_abilities: ["{GRANTED_EXILE}", "{GRANTED_RETURN}"]}}]}}
query: {{linked: bears}}
"""
    )
    assert result.linked is not None
    [pair] = result.linked.gained
    effect = pair.abilities[0].effect
    assert [(a.index, a.effect) for a in pair.abilities] == [(1, effect), (2, effect)]
    assert effect.startswith("the effect with timestamp")
    assert pair.rules[:2] == ("607.2a", "607.5")


def test_granted_abilities_of_two_effects_are_reported_unlinked() -> None:
    result = answer_of(
        f"""
battlefield:
  - {{card: Grizzly Bears, id: bears, effects: [{{add_abilities: ["{GRANTED_EXILE}"]}},
      {{add_abilities: ["{GRANTED_RETURN}"]}}]}}
query: {{linked: bears}}
"""
    )
    assert result.linked is not None
    assert result.linked.gained == ()
    unlinked = [n for n in result.notes if n.text.startswith("Not linked: Grizzly Bears got")]
    assert unlinked
    assert "607.5" in unlinked[0].rules


def test_mimic_vat_makes_no_token_of_a_card_a_granted_ability_exiled() -> None:
    # 607.5: the card an ability an effect gave Mimic Vat exiled isn't "a card exiled with Mimic Vat".
    board = board_of(
        """
battlefield:
  - {card: Mimic Vat, id: vat, effects: [{add_abilities: ["{T}: Exile target card from a graveyard."]}]}
exile:
  - {card: Grizzly Bears, id: bears, exiled_by: vat, ability: 3}
actions:
  - create_token_copy: {exiled_with: vat, via: Mimic Vat, id: tok}
"""
    )
    assert not board.has("tok")
    assert ids(exiled_by_other_abilities(board, board.get("vat"))) == ["bears"]


def test_a_card_exiled_by_a_copy_records_the_copy_effects_text() -> None:
    board = board_of(ALTERATION + "  - leaves: {object: bears, to: exile, by: dup}\n")
    dup = board.get("dup")
    assert board.get("bears").exiled_text == dup.copies[-1].timestamp > 0
    assert board.get("Craw Wurm").exiled_text == 0


def _ghoul_notes(text: str) -> list[str]:
    return [n.text for n in answer_of(text).notes if n.text.startswith("“As Sutured Ghoul enters")]


def test_sutured_ghouls_as_enters_note_names_the_cards_listed_with_it() -> None:
    listed = _ghoul_notes(
        "battlefield:\n  - {card: Sutured Ghoul, id: ghoul}\n"
        "exile:\n  - {card: Craw Wurm, exiled_by: ghoul, ability: 2}\nquery: ghoul\n"
    )
    assert len(listed) == 1
    assert listed[0].endswith("the board lists Craw Wurm as exiled with it.")
    [none] = _ghoul_notes("battlefield:\n  - {card: Sutured Ghoul, id: ghoul, choices: {exiled: none}}\n")
    assert none.endswith("the board says it exiled no card (choices: {exiled: none}).")


def test_sutured_ghoul_with_no_card_listed_exiled_unknown_cards_not_none() -> None:
    """Not given isn't "nothing was exiled": which cards it exiled, and so its */*, are unknown."""
    answer = answer_of("battlefield:\n  - {card: Sutured Ghoul, id: ghoul}\n")
    assert not _ghoul_notes("battlefield:\n  - {card: Sutured Ghoul, id: ghoul}\n")
    [unknown] = answer.unknowns
    assert unknown.characteristics == ("exiled cards", "power", "toughness")
    assert "the board lists no card as exiled with it" in unknown.reason
    assert (answer.current.power, answer.current.toughness) == ("unknown", "unknown")
