"""The corpus check on a sample: Clone copying each creature is determined or names its unknowns (issue 1).

The whole corpus: ``python benchmarks/copy_corpus.py``.
"""

from __future__ import annotations

from engine.answers.copy_corpus import check_copies
from engine.core.model import Card
from tests.card_data import parsed_card

# Creatures whose copies are fully determined, and ones whose copies depend on what a board can't show.
DETERMINED = (
    "Grizzly Bears",
    "Serra Angel",
    "Tarmogoyf",
    "Primordial Hydra",
    "Juggernaut",  # restriction-only statics change no characteristic
    "Indomitable Archangel",  # a Metalcraft grant read with its condition
)
UNKNOWN = {
    "Master of Etherium": "defines them from a count this engine doesn't evaluate",
    "Wildwood Geist": "depends on whether it's your turn",
    "Primal Clay": "the board doesn't give the choice",
    "Shapeshifter": "the number chosen for it, which the board doesn't give",
    # Not given isn't "not done": what it exiled, or which side the coin came up, is unknown (issue 21).
    "Sutured Ghoul": "the board lists no card as exiled with it",
    "Molten Sentry": "the board doesn't give the coin flip's result",
    "Hammer Jammer": "the board doesn't give its result",
}


def _cards(names: tuple[str, ...]) -> list[Card]:
    return [parsed_card(name) for name in names]


def test_determined_copies_have_no_unknowns() -> None:
    found = check_copies(_cards(DETERMINED), parsed_card("Clone"))
    assert (found.determined, found.with_unknowns, found.errors) == (len(DETERMINED), 0, {})


def test_undetermined_copies_name_each_reason() -> None:
    found = check_copies(_cards(tuple(UNKNOWN)), parsed_card("Clone"))
    assert (found.determined, found.with_unknowns, found.errors) == (0, len(UNKNOWN), {})
    reasons = " | ".join(found.reasons)
    for wording in UNKNOWN.values():
        assert wording in reasons
    assert "Master of Etherium" not in reasons  # the card's name counts as ~, so equal wordings group
    assert found.unexplained == []


def test_top_reasons_are_most_frequent_first() -> None:
    found = check_copies(
        _cards(("Master of Etherium", "Master of Etherium", "Wildwood Geist")), parsed_card("Clone")
    )
    top = found.top_reasons()
    assert top[0][1] == 2
    assert "count this engine doesn't evaluate" in top[0][0]
    assert [count for _, count in top] == sorted((count for _, count in top), reverse=True)
