"""Copy and linked answers that change between a card's 2019 and 2022 Oracle wording (issue 25 item 1).

``benchmarks/wording_changes.py`` asks both questions (linked pairs; a Clone copying a creature) on both
wordings of every 2019 card the shared 2022 Gatherer file rewords. The cards whose answers differ must be
exactly the ones its ``EXPLAINED`` list gives a judge's reason for: a new difference (a parser miss, or a
rewording the engine reads differently) fails here until it is read and either fixed or explained.
``python benchmarks/wording_changes.py`` prints each difference with both wordings.
"""

from __future__ import annotations

import pytest

from benchmarks.wording_changes import (
    COPY_VALUES,
    EXPLAINED,
    LINKED,
    Comparison,
    compare,
    reworded_pairs,
    version,
)
from engine.answers.copy_corpus import clone_board
from engine.answers.copy_result import answer_board
from tests.card_data import parsed_card

# 2019 bulk cards that the 2022 file has again with another Oracle text, and the creatures among them
REWORDED = 2_010
REWORDED_CREATURES = 904


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    return compare()


@pytest.mark.slow
def test_every_reworded_2019_card_is_compared(comparison: Comparison) -> None:
    assert (comparison.compared, comparison.creatures) == (REWORDED, REWORDED_CREATURES)


@pytest.mark.slow
def test_the_cards_whose_answers_change_are_the_explained_ones(comparison: Comparison) -> None:
    changed = {change.name: change.kinds for change in comparison.changes}
    assert changed == {name: kinds for name, (kinds, _) in EXPLAINED.items()}
    assert all(len(reason) > 40 for _, reason in EXPLAINED.values())
    assert comparison.by_kind() == {LINKED: 8, COPY_VALUES: 1}


@pytest.mark.slow
def test_mechanical_rewordings_keep_the_answers() -> None:
    # "mana value" for "converted mana cost", "mill" for "put … into … graveyard", "enters under the control
    # of" for "as ~ enters, … gains control of it", "attacked" for "attacked with a creature": other words,
    # the same Clone answer (the unknowns' reasons quote each wording)
    names = {"Ancient Ooze", "Naya Soulbeast", "Stern Mentor", "Xantcha, Sleeper Agent", "Rigging Runner"}
    clone = parsed_card("Clone")
    pairs = [(old, new) for old, new in reworded_pairs() if new["name"] in names]
    assert {new["name"] for _, new in pairs} == names
    for before, after in pairs:
        old, new = version(before, clone), version(after, clone)
        assert old.text != new.text
        assert old.copy is not None
        assert new.copy is not None
        assert old.copy.classification.startswith("unknown: ")
        assert (old.copy.classification, old.copy.values) == (new.copy.classification, new.copy.values)
        assert old.copy.reasons != new.copy.reasons


@pytest.mark.slow
def test_the_hideaway_errata_splits_off_the_enters_tapped_ability(comparison: Comparison) -> None:
    (watcher,) = (change for change in comparison.changes if change.name == "Watcher for Tomorrow")
    assert watcher.old.links == frozenset({((1, 2), "607.2a")})
    assert watcher.new.links == frozenset({((1, 3), "607.2a")})
    assert watcher.old.copy is not None
    assert watcher.new.copy is not None
    assert watcher.old.copy.values.endswith("2/1 | 2 abilities")
    assert watcher.new.copy.values.endswith("2/1 | 3 abilities")
    # Narset's 2022 "those cards" is that resolution's: not linked to itself any more
    (narset,) = (change for change in comparison.changes if change.name == "Narset, Enlightened Master")
    assert narset.old.links == frozenset({((3, 3), "607.2a")})
    assert narset.new.links == frozenset()


@pytest.mark.slow
def test_a_clone_of_watcher_for_tomorrow_enters_tapped_in_either_wording(comparison: Comparison) -> None:
    (watcher,) = (change for change in comparison.changes if change.name == "Watcher for Tomorrow")
    clone = parsed_card("Clone")
    for side in (watcher.old, watcher.new):
        cards = {side.card.name: side.card, clone.name: clone}
        answer = answer_board(clone_board(side.card.name, clone.name), cards, "").result
        assert answer.current.status.tapped is True, side.text
        assert any("it enters tapped" in step.text and "614.1c" in step.rules for step in answer.steps)
