"""Unknown is a value (issue 21 §2): what rests on an unknown characteristic is unknown with the same reason.

Chancy Reflection (a card made for these tests: its token is a copy or a 1/1 Frog by a coin flip, CR 705.1)
without the flip's result makes a token with every characteristic unknown; a Clone of it copies those
unknown values (CR 707.2), a "whenever a creature dies" ability doesn't know whether the token's death
triggers it (CR 603.6c, 700.4), and Clone's own "creature" restriction can't be checked. Three-valued
logic: false and unknown is false, true or unknown is true.
"""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.answers.copy_result import BoardAnswer, answer_board
from engine.core.known import Known, Unsure, all_of, any_of, combined, is_false, is_true, negated
from engine.core.results import Unknown
from engine.layers.computed import Computed
from engine.layers.system import current_characteristics
from tests.engine.copy_cards import cards_for
from tests.known import current_values, known

WHY = Unknown(characteristics=("types",), reason="the coin flip wasn't given", rules=("705.1",))
UNSURE = Unsure((WHY,))
MAKE_TOKEN = "  - create_token_copy: {of: bear, via: Chancy Reflection, id: token}\n"


def _board_text(more: str = "", actions: str = "", *, token: bool = True) -> str:
    """Chancy Reflection and a Grizzly Bears, ``more`` permanents, the token copy (unless not ``token``) and
    ``actions``."""
    made = MAKE_TOKEN if token else ""
    bears = "  - {card: Grizzly Bears, id: bear}\n"
    return f"battlefield:\n  - Chancy Reflection\n{bears}{more}actions:\n{made}{actions}"


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test")


@pytest.mark.parametrize(
    ("facts", "every", "one"),
    [
        ((Known(True), Known(True)), Known(True), Known(True)),
        ((Known(True), Known(False)), Known(False), Known(True)),
        ((Known(False), UNSURE), Known(False), UNSURE),
        ((Known(True), UNSURE), UNSURE, Known(True)),
        ((UNSURE, UNSURE), UNSURE, UNSURE),
    ],
)
def test_truth_values_follow_three_valued_logic(
    facts: tuple[Known[bool] | Unsure, ...], every: Known[bool] | Unsure, one: Known[bool] | Unsure
) -> None:
    assert all_of(*facts) == every
    assert any_of(*facts) == one


def test_what_is_derived_from_an_unknown_keeps_its_reason() -> None:
    assert negated(UNSURE) == UNSURE
    assert combined((Known(1), UNSURE, Known(2))) == UNSURE
    assert combined((Known(1), Known(2))) == Known((1, 2))
    assert UNSURE.rules == ("705.1",)
    assert not is_true(UNSURE)
    assert not is_false(UNSURE)
    assert is_true(Known(True))
    assert is_false(Known(False))


def test_the_token_without_its_coin_flips_has_every_characteristic_unknown() -> None:
    spec = load_board(_board_text())
    board = board_from_spec(spec, cards_for(spec))
    current = current_characteristics(board.get("token"), board)
    for fact in (current.name, current.types, current.power, current.abilities, current.legendary):
        assert isinstance(fact, Unsure)
        assert "coin flip" in fact.because[0].reason
    assert isinstance(current.is_a("Creature"), Unsure)


def test_a_clone_of_it_copies_values_nobody_knows() -> None:
    """CR 707.2: the copy copies the token's copiable values, which aren't known; Clone copies only a
    creature, so whether it could copy the token is unknown too, and it is named by its handle."""
    clone = "  - enters: {card: Clone, id: clone, copy_of: token}\n"
    result = _answer(_board_text(actions=clone)).result
    current = result.current
    assert (current.name, current.power, current.toughness, current.mana_cost) == ("unknown",) * 4
    assert {"types", "abilities", "supertypes", "mana cost"} <= set(current.unknown)
    steps = [s.text for s in result.steps]
    assert steps[0].startswith("clone enters as a copy of token through Clone's ability")
    assert any(
        s.startswith("It copies token's copiable values, and what they are isn't known") for s in steps
    )
    assert not any("Grizzly Bears;" in s for s in steps)  # the layer-1 step doesn't name a guess
    [legal] = [n for n in result.notes if n.text.startswith("Whether token is")]
    assert "which is all Clone can copy, is unknown, because the result of the coin flip" in legal.text
    assert set(legal.rules) == {"707.2", "705.1"}


def test_a_dies_trigger_on_an_object_of_unknown_types_is_unknown_not_once() -> None:
    """CR 700.4, 603.6c: "another creature dies" triggers only if the token was a creature; and the token's
    own abilities, which aren't known, may trigger on its death too."""
    answer = _answer(
        _board_text(
            more="  - {card: Blood Artist, id: artist}\n",
            actions="  - leaves: {object: token, to: graveyard}\nquery: artist\n",
        )
    )
    hits = {hit.source: hit for hit in answer.triggers}
    assert hits["artist"].times is None
    assert "it does if token is a creature, which isn't known" in hits["artist"].explanation.text
    assert {"603.6c", "700.4", "705.1"} <= set(hits["artist"].explanation.rules)
    assert hits["token"].times is None
    assert hits["token"].explanation.text.startswith(
        "Whether token has an ability that token's move triggers"
    )


def test_a_dies_trigger_on_a_known_creature_still_triggers_once() -> None:
    answer = _answer(
        _board_text(
            more="  - {card: Blood Artist, id: artist}\n",
            actions="  - leaves: {object: bear, to: graveyard}\nquery: artist\n",
            token=False,
        )
    )
    assert [(hit.source, hit.times) for hit in answer.triggers] == [("artist", 1)]


def test_a_copy_exception_for_creatures_is_open_when_the_copied_types_are_unknown() -> None:
    """CR 707.9f: Spark Double's "if it's a creature" and "if it's a planeswalker" exceptions apply only
    if the copy is one; copying values nobody knows, neither is judged, and its counters are unknown."""
    double = "  - enters: {card: Spark Double, id: double, copy_of: token}\n"
    result = _answer(_board_text(actions=double)).result
    open_exceptions = [s for s in result.steps if s.text.startswith("The exception “it enters with an")]
    assert len(open_exceptions) == 2
    assert all("the card types it copies aren't known" in s.text for s in open_exceptions)
    assert all(set(s.rules) == {"707.9f", "705.1"} for s in open_exceptions)
    assert result.current.counters is None  # unknown: not shown as none
    assert "counters" in result.current.unknown
    assert any(n.text.startswith("Which counters it enters with is unknown") for n in result.notes)


def _mimic_board(choice: str = "") -> str:
    chosen = f", choices: {{creature type: {choice}}}" if choice else ""
    return (
        "battlefield:\n"
        f"  - {{card: Metallic Mimic, id: mimic{chosen}}}\n"
        "  - {card: Elvish Archdruid, id: druid}\n"
        "query: mimic\n"
    )


def test_an_anthem_for_a_creature_type_is_open_on_an_object_of_unknown_creature_types() -> None:
    """Metallic Mimic is the creature type chosen as it entered (CR 614.12, 613.3); without that choice its
    subtypes are unknown, so whether "Other Elf creatures you control get +1/+1" applies to it is too
    (CR 604.2): it is 2/1 or 3/2, never a plain 2/1."""
    spec = load_board(_mimic_board())
    board = board_from_spec(spec, cards_for(spec))
    current = current_characteristics(board.get("mimic"), board)
    assert isinstance(current.subtypes, Unsure)
    assert "doesn't give that choice (choices: {creature type: …})" in current.subtypes.because[0].reason
    assert isinstance(current.power, Unsure)
    assert isinstance(current.toughness, Unsure)
    [why] = [u for u in current.power.because if "applies to it depends on its subtypes" in u.reason]
    assert "druid's “Other Elf creatures you control get +1/+1.”" in why.reason
    assert why.rules == ("604.2",)
    assert known(current.known_for("types")).types == ("Artifact", "Creature")


@pytest.mark.parametrize(("choice", "power", "toughness"), [("Elf", 3, 2), ("Goblin", 2, 1)])
def test_with_the_choice_given_the_anthem_applies_or_not(choice: str, power: int, toughness: int) -> None:
    spec = load_board(_mimic_board(choice))
    board = board_from_spec(spec, cards_for(spec))
    values = current_values(board.get("mimic"), board)
    assert choice in values.subtypes
    assert values.power is not None
    assert values.toughness is not None
    assert (values.power.value, values.toughness.value) == (power, toughness)


def _bear_beside(card_line: str) -> Computed:
    spec = load_board(f"battlefield:\n  - {card_line}\n  - {{card: Grizzly Bears, id: bear}}\n")
    board = board_from_spec(spec, cards_for(spec))
    return current_characteristics(board.get("bear"), board)


def test_xenograft_without_its_choice_leaves_only_the_creature_types_unknown() -> None:
    """Xenograft gives the chosen type to each creature you control (CR 205.3, 613.1d): not a CDA of its
    own, so the Bears get it; without the choice their subtypes are unknown, their card types aren't."""
    current = _bear_beside("{card: Xenograft, id: x}")
    assert isinstance(current.subtypes, Unsure)
    assert known(current.types) == ("Creature",)
    chosen = _bear_beside("{card: Xenograft, id: x, choices: {creature type: Elf}}")
    assert known(chosen.subtypes) == ("Bear", "Elf")


@pytest.mark.parametrize(
    ("card", "chosen", "pt"),
    [
        ("Adaptive Automaton", "", None),
        ("Adaptive Automaton", "Bear", (3, 3)),
        ("Adaptive Automaton", "Elf", (2, 2)),
        ("Engineered Plague", "", None),
        ("Engineered Plague", "Bear", (1, 1)),
        ("Engineered Plague", "Elf", (2, 2)),
    ],
)
def test_an_effect_on_creatures_of_the_chosen_type_needs_the_choice(
    card: str, chosen: str, pt: tuple[int, int] | None
) -> None:
    """ "Other creatures you control of the chosen type get +1/+1", "All creatures of the chosen type get
    -1/-1": without the choice (CR 614.12) whether it applies to the Bears is unknown."""
    choice = f", choices: {{creature type: {chosen}}}" if chosen else ""
    current = _bear_beside(f"{{card: {card}, id: x{choice}}}")
    if pt is None:
        assert isinstance(current.power, Unsure)
        assert "the creature type chosen as x entered" in current.power.because[0].reason
        return
    power, toughness = known(current.power), known(current.toughness)
    assert power is not None
    assert toughness is not None
    assert (power.value, toughness.value) == pt


def test_a_land_of_unknown_land_types_has_unknown_mana_abilities() -> None:
    """Blood Moon makes Hallowed Fountain a Mountain; Lush Growth's wording isn't read, so its land types
    are unknown, and with them what it taps for (CR 305.6): "{T}: Add {R}." alone is never stated. (Prismatic
    Omen, read since review 7, made this board before.)"""
    spec = load_board(
        "battlefield:\n  - {card: Blood Moon, id: moon}\n"
        "  - {card: Hallowed Fountain, id: fountain, choices: {may: done}}\n"
        "  - {card: Lush Growth, id: growth, attached_to: fountain}\n"
    )
    board = board_from_spec(spec, cards_for(spec))
    current = current_characteristics(board.get("fountain"), board)
    assert isinstance(current.abilities, Unsure)
    assert any("305.6" in u.rules for u in current.abilities.because)


@pytest.mark.parametrize(
    ("keys", "colors"),
    [(", commander: true, choices: {color: blue}", ("U",)), (", commander: true", None), ("", ())],
)
def test_the_prismatic_pipers_chosen_color_works_in_every_zone(
    keys: str, colors: tuple[str, ...] | None
) -> None:
    """CR 607.2p, 604.3: the commander Piper's color chosen before the game, in the graveyard too; not given,
    unknown; not a commander, no color was chosen, so it is colorless."""
    spec = load_board(f"graveyard:\n  - {{card: The Prismatic Piper, id: piper{keys}}}\n")
    board = board_from_spec(spec, cards_for(spec))
    current = current_characteristics(board.get("piper"), board)
    if colors is None:
        assert isinstance(current.colors, Unsure)
        assert "607.2p" in current.colors.rules
    else:
        assert known(current.colors) == colors


@pytest.mark.parametrize(
    ("creature", "pt"),
    [
        ("{card: Grizzly Bears, id: c}", 4),
        ("{card: Serra Angel, id: c}", 4),
        ("{card: Runeclaw Bear, id: c}", 4),
        ("{card: Grizzly Bears, id: c, effects: [{add_abilities: [Flying]}]}", 2),
    ],
)
def test_creatures_with_no_abilities_are_counted_after_layer_6(creature: str, pt: int) -> None:
    """Muraganda Petroglyphs: "Creatures with no abilities get +2/+2" (CR 613.4c), whether a creature has
    abilities read after layer 6: a vanilla Bear is 4/4, a Bear given flying stays 2/2 (Serra Angel is 4/4
    printed, with flying, so unchanged)."""
    spec = load_board(f"battlefield:\n  - {{card: Muraganda Petroglyphs, id: m}}\n  - {creature}\n")
    board = board_from_spec(spec, cards_for(spec))
    power = known(current_characteristics(board.get("c"), board).power)
    assert power is not None
    assert power.value == pt


@pytest.mark.parametrize(("down", "pt"), [("", 0), ("face_down: plain", 1)])
def test_ixidron_counts_the_face_down_creatures_on_the_board(down: str, pt: int) -> None:
    """Ixidron's CDA (CR 604.3, 613.4a): the number of face-down creatures on the battlefield, counted on the
    board as it is (a face-down permanent is a 2/2 creature, 708.2a)."""
    bears = f"{{card: Grizzly Bears, id: b, {down}}}" if down else "{card: Grizzly Bears, id: b}"
    spec = load_board(f"battlefield:\n  - {bears}\n  - {{card: Ixidron, id: x}}\n")
    board = board_from_spec(spec, cards_for(spec))
    power = known(current_characteristics(board.get("x"), board).power)
    assert power is not None
    assert power.value == pt
