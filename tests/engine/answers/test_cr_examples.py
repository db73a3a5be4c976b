"""Every ``Example:`` of CR 613, 707, 708, 710, 712 and 111, mapped to the board scenarios that test it.

Issue 6 makes every example of those rules a required behaviour. The table below lists each one, by
rule number and a phrase of the example (its first words, or words that tell apart examples that start
alike), either with the scenario files (``tests/fixtures/boards``) that reproduce it or with the reason
it is outside what a board can express. The test fails when the shared CR has an example the table
doesn't list, when a row matches no example (or several), or when a listed scenario is missing or
none of a row's scenarios names the rule.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from data.rules.parser import RulesDocument
from tests.locations import BOARDS

BOARDS = BOARDS
SECTIONS = ("613", "707", "708", "710", "712", "111")


class CrExample(NamedTuple):
    """One CR example: the scenarios that cover it, or why no board scenario can."""

    rule: str
    phrase: str
    scenarios: tuple[str, ...] = ()
    outside: str = ""


EXAMPLES: tuple[CrExample, ...] = (
    CrExample("111.3", "Jade Mage has the ability", ("cr111-jade-mage-saproling.yaml",)),
    CrExample("111.4", "Dwarven Reinforcements is a sorcery", ("cr111-dwarf-berserker-token-name.yaml",)),
    CrExample("111.4", "Minsc, Beloved Ranger says", ("cr111-minsc-boo-named-token.yaml",)),
    CrExample("111.4", "Spitting Image is a sorcery", ("cr111-spitting-image-token-name.yaml",)),
    CrExample("111.11", "Disa the Restless has the ability", ("cr111-disa-tarmogoyf-token.yaml",)),
    CrExample(
        "111.12",
        "Mimic Vat has a triggered ability",
        ("cr111-mimic-vat-nothing-exiled.yaml", "cr111-mimic-vat-copies-exiled-card.yaml"),
    ),
    CrExample(
        "613.4d", "Its “unswitched” power and toughness would be 6/4", ("cr613-switch-then-pump.yaml",)
    ),
    CrExample(
        "613.4d", "If the +0/+1 effect ends before the switch", ("cr613-pump-ends-before-switch.yaml",)
    ),
    CrExample(
        "613.4d", "The two switches essentially cancel each other", ("cr613-two-switches-cancel.yaml",)
    ),
    CrExample(
        "613.5",
        "Honor of the Pure is an enchantment",
        ("cr613-honor-of-the-pure-turned-white.yaml", "cr613-honor-of-the-pure-turned-red.yaml"),
    ),
    CrExample("613.5", "Gray Ogre, a 2/2 creature", ("cr613-gray-ogre.yaml",)),
    CrExample(
        "613.6", "An effect that reads “This creature gets +1/+1", ("cr613-pump-and-color-one-effect.yaml",)
    ),
    CrExample(
        "613.6",
        "Act of Treason has an effect",
        (
            "cr613-act-of-treason.yaml",
            "cr613-act-of-treason-spark-double.yaml",
            "cr613-act-of-treason-ends.yaml",
        ),
    ),
    CrExample(
        "613.6",
        "All noncreature artifacts become 2/2",
        ("cr613-noncreature-artifact-becomes-2-2.yaml",),
    ),
    CrExample(
        "613.6",
        "Svogthos, the Restless Tomb, is on the battlefield",
        ("cr613-svogthos-becomes-11-11.yaml", "cr613-svogthos-first-effect-again.yaml"),
    ),
    CrExample(
        "613.7a",
        "Rune of Flight is an Aura",
        ("statics-rune-of-flight-then-equip.yaml", "statics-equip-then-rune-of-flight.yaml"),
    ),
    CrExample(
        "613.9",
        "Two effects are affecting the same creature",
        ("cr613-loses-flying-last-wins.yaml", "cr613-has-flying-last-wins.yaml"),
    ),
    CrExample(
        "613.9",
        "One effect reads, “White creatures get +1/+1,”",
        ("cr613-white-creatures-enchanted-is-white.yaml",),
    ),
    CrExample("707.2", "Chimeric Staff is an artifact", ("clone-animated-chimeric-staff.yaml",)),
    CrExample(
        "707.2", "Clone enters the battlefield as a copy of a face-down", ("clone-face-down-demon.yaml",)
    ),
    CrExample("707.3", "Vesuvan Doppelganger reads", ("vesuvan-then-clone.yaml",)),
    CrExample("707.3", "Tomoya the Revealer", ("tomoya-becomes-shortfang.yaml",)),
    CrExample(
        "707.3",
        "becomes a copy of a face-up Branchsnap Lorian",
        ("face-down-becomes-copy.yaml", "face-down-copy-turned-face-up.yaml"),
    ),
    CrExample("707.3", "becomes a copy of Wandering Ones", ("face-down-copy-of-wandering-ones.yaml",)),
    CrExample("707.4", "Unstable Shapeshifter reads", ("unstable-shapeshifter-giant-growth.yaml",)),
    CrExample("707.5", "Skyshroud Behemoth reads", ("clone-skyshroud-behemoth.yaml",)),
    CrExample("707.5", "Wall of Omens reads", ("clone-wall-of-omens.yaml",)),
    CrExample(
        "707.6",
        "A Clone enters the battlefield as a copy of Adaptive Automaton",
        ("clone-adaptive-automaton.yaml",),
    ),
    CrExample(
        "707.8a",
        "Afflicted Deserter is the front face",
        ("token-copy-transformed-deserter.yaml", "token-copy-transformed-deserter-transforms.yaml"),
    ),
    CrExample(
        "707.8a", "Clone is not a transforming double-faced card", ("token-copy-of-clone-copying-dfc.yaml",)
    ),
    CrExample(
        "707.9a", "Quirion Elves enters the battlefield", ("clone-copies-shapeshifter-copying-elves.yaml",)
    ),
    CrExample("707.9b", "Copy Artifact is an enchantment", ("copy-artifact-juggernaut.yaml",)),
    CrExample("707.9d", "Quicksilver Gargantuan is a creature", ("gargantuan-tarmogoyf.yaml",)),
    CrExample("707.9d", "Glasspool Mimic is a creature", ("glasspool-mimic-changeling.yaml",)),
    CrExample(
        "707.9e", "Altered Ego reads", ("altered-ego-copies-clone.yaml", "altered-ego-primordial-hydra.yaml")
    ),
    CrExample(
        "707.9f",
        "Moritte of the Frost says",
        ("moritte-copies-animated-land.yaml", "moritte-copies-creature.yaml"),
    ),
    CrExample(
        "707.10", "A player casts Fork, targeting an Emerald Charm", ("stack_fork_emerald_charm.yaml",)
    ),
    CrExample("707.10", "Fling is an instant", ("stack_fling.yaml",)),
    CrExample("707.10", "Dawnglow Infusion is a sorcery", ("stack_dawnglow_infusion.yaml",)),
    CrExample(
        "707.11",
        "An Unstable Shapeshifter copies an Olivia Voldaren",
        ("unstable-shapeshifter-copies-olivia.yaml",),
    ),
    CrExample(
        "710.2",
        "Akki Lavarunner is a nonlegendary creature",
        ("akki-lavarunner-unflipped.yaml", "akki-lavarunner-flipped.yaml"),
    ),
    CrExample(
        "712.9", "A Clone enters the battlefield as a copy of Wildblood Pack", ("clone-wildblood-pack.yaml",)
    ),
    CrExample("712.9", "A player casts Cytoshape", ("cytoshape-kruin-outlaw-transforms.yaml",)),
    CrExample(
        "712.9", "A player controls Blackbloom Rogue", ("mdfc-blackbloom-rogue-doesnt-transform.yaml",)
    ),
    CrExample(
        "712.13a",
        "A player controls both Mycosynth Lattice",
        (
            "cr712-13a-clone-of-bird-admirer-night.yaml",
            "cr712-13a-kylem-mystic-reflection-night.yaml",
            "rules-712-13a-kylem-animated-to-graveyard.yaml",
        ),
    ),
    CrExample("712.18", "An effect gives Village Ironsmith", ("ironsmith-pumped-transforms.yaml",)),
    CrExample(
        "712.21",
        "Chittering Host, a melded permanent, dies",
        ("melded-chittering-host-dies.yaml", "zone-bears-dies-blood-artist-planar-void.yaml"),
    ),
    CrExample(
        "712.21b",
        "Duplicant is a card with the abilities",
        ("melded-duplicant-exiles-chittering-host.yaml", "melded-duplicant-last-not-chosen.yaml"),
    ),
    CrExample("712.21c", "Otherworldly Journey is an instant", ("melded-otherworldly-journey.yaml",)),
    CrExample("712.21c", "False Demise is an Aura", ("melded-false-demise.yaml",)),
    CrExample("712.21c", "Mimic Vat is an artifact", ("melded-mimic-vat.yaml",)),
    CrExample(
        "712.21d",
        "Leyline of the Void is an enchantment",
        ("melded-leyline-or-wheel.yaml", "melded-leyline-or-wheel-unchosen.yaml"),
    ),
)


def _cr_examples(document: RulesDocument) -> list[tuple[str, str]]:
    return [
        (rule.number, example)
        for rule in document.rules
        if rule.number.split(".")[0] in SECTIONS
        for example in rule.examples
    ]


def _matches(row: CrExample, rule: str, example: str) -> bool:
    return row.rule == rule and row.phrase in example


def test_every_cr_example_is_listed_once(rules_document: RulesDocument) -> None:
    examples = _cr_examples(rules_document)
    assert len(examples) >= 50, "the shared CR should have about 50 examples in these sections"
    for rule, example in examples:
        rows = [row for row in EXAMPLES if _matches(row, rule, example)]
        assert len(rows) == 1, f"{rule} {example[:80]!r} is listed {len(rows)} times"


def test_every_row_names_one_cr_example(rules_document: RulesDocument) -> None:
    examples = _cr_examples(rules_document)
    for row in EXAMPLES:
        found = [example for rule, example in examples if _matches(row, rule, example)]
        assert len(found) == 1, f"{row.rule} {row.phrase!r} matches {len(found)} examples"


@pytest.mark.parametrize("row", EXAMPLES, ids=lambda row: f"{row.rule} {row.phrase[:30]}")
def test_each_example_is_covered_or_explained(row: CrExample) -> None:
    assert bool(row.scenarios) != bool(row.outside), "give scenarios or a reason, not both"
    paths = [BOARDS / name for name in row.scenarios]
    for path in paths:
        assert path.is_file(), f"missing scenario {path.name}"
    if paths:
        assert any(row.rule in path.read_text(encoding="utf-8") for path in paths), (
            f"no scenario names CR {row.rule}"
        )
