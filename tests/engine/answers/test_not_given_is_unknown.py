"""Not given is not "not done" (issue 21): an "as enters" action always happens (CR 614.1c); what the board
doesn't give of its result is unknown, with each outcome named, and a result the board gives is used.

Molten Sentry's coin (CR 705.1) sets its power and toughness, so it is part of its copiable values (CR 707.2,
whose own example it is); a shock land's "you may pay 2 life" is a choice (``choices: {may: done|not done}``);
Sutured Ghoul's exile is known only from the cards the board lists, or ``choices: {exiled: none}``.
"""

from __future__ import annotations

import functools
import re

import pytest

from bot.i18n import catalog
from data.boards import load_board
from engine.answers.copy_corpus import clone_board
from engine.answers.copy_result import BoardAnswer, ObjectAnswer, answer_board
from engine.core.model import Card
from engine.core.results import Explanation, Unknown
from engine.errors import JudgeError
from engine.state.board import BoardError, BoardSpec
from tests.bot.i18n.test_engine_messages import corpus, english, explained
from tests.card_data import creature_cards, parsed_card
from tests.engine.copy_cards import cards_for

NOTHING_DONE = ("so nothing was", "nothing was done")
NOTHING_DONE_JA = "何も行われなかった"
SENTRY = "As Molten Sentry enters the battlefield, flip a coin."


def answer_of(text: str) -> ObjectAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test").result


def sentry_board(copy_choices: str = "", original_choices: str = "") -> str:
    return (
        "battlefield:\n"
        f"  - {{card: Molten Sentry, id: sentry, controller: opponent{original_choices}}}\n"
        f"  - {{card: Clone, id: clone, copy_of: sentry{copy_choices}}}\n"
        "query: clone\n"
    )


def abilities(answer: ObjectAnswer) -> list[str]:
    return [a for a in answer.current.abilities if not a.startswith("As ")]


def test_a_clone_of_molten_sentry_without_the_coin_is_one_of_two_unknown_which() -> None:
    answer = answer_of(sentry_board())
    assert (answer.current.power, answer.current.toughness) == ("unknown", "unknown")
    assert set(answer.current.unknown) == {"power", "toughness", "abilities"}
    [flip] = [n for n in answer.notes if "flips a coin as it enters" in n.text]
    assert (
        "heads, it enters as a 5/2 creature with haste; tails, as a 2/5 creature with defender" in flip.text
    )
    assert {"614.1c", "705.1"} <= set(flip.rules)
    assert not any("704.5f" in n.rules and "graveyard the next time" in n.text for n in answer.notes)


@pytest.mark.parametrize(
    ("side", "numbers", "ability"), [("heads", (5, 2), "Haste"), ("Tails", (2, 5), "Defender")]
)
def test_the_coin_the_board_gives_sets_it(side: str, numbers: tuple[int, int], ability: str) -> None:
    answer = answer_of(sentry_board(copy_choices=f", choices: {{coin: {side}}}"))
    assert (answer.current.power, answer.current.toughness) == numbers
    assert abilities(answer) == [ability]
    assert answer.unknowns == ()
    assert any(f"the coin comes up {side.casefold()}" in s.text and "705.1" in s.rules for s in answer.steps)


def test_becoming_a_copy_of_a_flipped_sentry_copies_the_result() -> None:
    """707.2: the values an "as enters" ability that sets power and toughness gave are copiable."""
    answer = answer_of(
        "battlefield:\n"
        "  - {card: Molten Sentry, id: sentry, controller: opponent, choices: {coin: tails}}\n"
        "  - {card: Cryptoplasm, id: crypto}\n"
        "actions:\n  - becomes_copy: {object: crypto, of: sentry}\nquery: crypto\n"
    )
    assert (answer.current.power, answer.current.toughness) == (2, 5)
    assert "Defender" in answer.current.abilities
    assert "Haste" not in answer.current.abilities
    assert any(
        s.text.startswith("The coin flipped as Molten Sentry entered made it a 2/5") for s in answer.steps
    )
    assert not any("its choice of coin" in s.text for s in answer.steps)  # it is copied, not "not copied"


def test_the_copy_cli_question_needs_no_coin() -> None:
    from engine import OriginalState, copy_question

    spec = copy_question(parsed_card("Clone"), parsed_card("Molten Sentry"), OriginalState())
    answer = answer_board(spec, cards_for(spec), "test").result
    assert answer.current.power == "unknown"


SHOCK = "battlefield:\n  - {{card: Blood Crypt, id: crypt{choices}}}\nquery: crypt\n"


def test_a_shock_land_without_the_choice_is_tapped_or_not_unknown_which() -> None:
    answer = answer_of(SHOCK.format(choices=""))
    assert "tapped" in answer.current.unknown
    [unknown] = answer.unknowns
    assert unknown.characteristics == ("tapped",)
    assert "doesn't say whether it was done" in unknown.reason
    assert "done, it enters untapped; not done, tapped" in unknown.reason


@pytest.mark.parametrize(("given", "tapped"), [("done", False), ("not done", True)])
def test_the_shock_lands_choice_the_board_gives_is_used(given: str, tapped: bool) -> None:
    answer = answer_of(SHOCK.format(choices=f", choices: {{may: {given}}}"))
    assert answer.current.status.tapped is tapped
    assert answer.unknowns == ()
    assert any("you may pay 2 life" in s.text and "614.1c" in s.rules for s in answer.steps)


def test_an_optional_counter_is_not_assumed_done() -> None:
    """Rescuer Sphinx: "you may return … If you do, it enters with a +1/+1 counter" was taken as done."""
    answer = answer_of("battlefield:\n  - {card: Rescuer Sphinx, id: sphinx}\nquery: sphinx\n")
    assert answer.current.counters is None  # unknown: not shown as none
    assert {"counters", "power", "toughness"} <= set(answer.current.unknown)
    given = answer_of(
        "battlefield:\n  - {card: Rescuer Sphinx, id: sphinx, counters: {+1/+1: 1}}\nquery: sphinx\n"
    )
    assert (given.current.power, given.current.toughness, given.unknowns) == (4, 3, ())


def test_a_die_roll_for_counters_leaves_them_unknown() -> None:
    answer = answer_of("battlefield:\n  - {card: Jumbo Imp, id: imp}\nquery: imp\n")
    assert {"counters", "power", "toughness"} <= set(answer.current.unknown)
    assert "the board doesn't give its result" in answer.unknowns[0].reason


def test_an_action_that_changes_nothing_shown_still_happens() -> None:
    """Lich's life loss isn't on a board: the answer says it happens, and nothing it states rests on it."""
    answer = answer_of("battlefield:\n  - {card: Lich, id: lich}\nquery: lich\n")
    [note] = [n for n in answer.notes if n.text.startswith("“As Lich enters")]
    assert "the board doesn't give its result" in note.text
    assert note.text.endswith("whatever it does to other objects or players isn't on this board.")
    assert answer.unknowns == ()


@functools.cache
def _clone_answers() -> tuple[BoardAnswer, ...]:
    clone = parsed_card("Clone")
    found: list[BoardAnswer] = []
    for card in creature_cards():
        try:
            found.append(answer_board(clone_board(card.name), {card.name: card, clone.name: clone}, ""))
        except JudgeError:
            continue
    return tuple(found)


def test_no_clone_of_any_creature_says_nothing_was_done() -> None:
    answers = _clone_answers()
    assert len(answers) > 10_000
    said = [english(item) for answer in answers for item in explained(answer)]
    assert [text for text in said if any(phrase in text for phrase in NOTHING_DONE)] == []
    sentry = next(a for a in answers if a.result.current.name == "Molten Sentry")
    assert sentry.result.current.power == "unknown"


def test_no_fixture_board_says_nothing_was_done() -> None:
    said = [english(item) for answer in corpus() for item in explained(answer)]
    assert len(said) > 1_000
    assert [text for text in said if any(phrase in text for phrase in NOTHING_DONE)] == []


def test_the_japanese_catalog_never_says_nothing_was_done() -> None:
    assert [s for s in catalog("ja", "engine").values() if NOTHING_DONE_JA in s] == []


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (
            "battlefield:\n  - {card: Minion of the Wastes, id: minion, choices: {life: 3}}\n",
            r"minion has no ability that uses choices: life \(nothing it has takes a choice\)",
        ),
        (
            "battlefield:\n  - {card: Primal Clay, id: clay, choices: {option: 1, colour: red}}\n",
            r"clay has no ability that uses choices: colour \(the choices it takes: option\)",
        ),
        (
            "battlefield:\n  - {card: Primal Clay, id: clay}\n"
            "  - {card: Clone, copy_of: clay, choices: {coin: heads}}\n",
            r"Clone has no ability that uses choices: coin \(the choices it takes: may, option\)",
        ),
        ("graveyard:\n  - {card: Grizzly Bears, id: bears, choices: {color: red}}\n", "bears has no ability"),
    ],
)
def test_a_choice_nothing_uses_is_refused_not_shown_and_ignored(board: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        answer_of(board)


def test_the_choices_an_object_uses_are_accepted() -> None:
    answer = answer_of(
        "battlefield:\n  - {card: Primal Clay, id: clay, controller: opponent, choices: {option: 3}}\n"
        "  - {card: Clone, id: clone, copy_of: clay, choices: {option: 1}}\nquery: clone\n"
    )
    assert (answer.current.power, answer.current.toughness) == (3, 3)


_FINAL_NUMBERS = re.compile(r"so it is -?\d+/-?\d+|each undefined number is 0|Its toughness is -?\d+:")


_DIES_OF_TOUGHNESS = re.compile(r"graveyard for having toughness|dies as a 0/0|toughness 0 or less, so")


def contradictions(answer: BoardAnswer) -> list[str]:
    """What an answer states as fact while the same answer marks what it rests on unknown: a final power
    or toughness, a legend-rule note without a known name, a counter-state trigger without known counters,
    a number shown for a characteristic it calls unknown."""
    result = answer.result
    unknown = {name for u in result.unknowns for name in u.characteristics}
    texts = [e.text for e in (*result.steps, *result.notes)]
    found: list[str] = []
    if unknown & {"power", "toughness"}:
        found += [t for t in texts if _FINAL_NUMBERS.search(t)]
    if unknown & {"name", "supertypes"}:
        found += [t for t in texts if "are legendary permanents named" in t]
    if "counters" in unknown:
        found += [t for t in texts if re.match(r"It has no \S+ counters, so", t)]
    if "types" in unknown:
        found += [t for t in texts if re.search(r"\bisn't an? (?:creature|artifact|land|enchantment)\b", t)]
    if "abilities" in unknown:
        found += [t for t in texts if re.search(r"\bhas no (?:linked )?abilities\b|no linked abilities", t)]
    if unknown & {"power", "toughness"}:
        found += [t for t in texts if _DIES_OF_TOUGHNESS.search(t) and not _over_outcomes(t)]
    for name in ("power", "toughness"):
        shown = getattr(result.current, name)
        if name in unknown and shown not in ("unknown", None):
            found.append(f"{name} shown as {shown} while the answer says it is unknown")
    return found


def _over_outcomes(text: str) -> bool:
    """Whether a 704.5f sentence says it is open, or what it is in each outcome named (answers.outcomes)."""
    return "doesn't say" in text or text.startswith(("In each of these outcomes", "With "))


def test_no_clone_answer_states_what_it_marks_unknown() -> None:
    found = {a.result.current.name: contradictions(a) for a in _clone_answers()}
    assert {name: said for name, said in found.items() if said} == {}


def test_no_fixture_answer_states_what_it_marks_unknown() -> None:
    answers = [a for a in corpus() if isinstance(a, BoardAnswer)]
    assert len(answers) > 200
    assert {a.result.id: contradictions(a) for a in answers if contradictions(a)} == {}


def test_a_copy_of_a_flipped_sentry_flips_its_own_coin() -> None:
    """The Molten Sentry rulings: the copy entering flips its own coin; it is what that coin makes it."""
    heads = answer_of(
        sentry_board(copy_choices=", choices: {coin: heads}", original_choices=", choices: {coin: tails}")
    )
    assert (heads.current.power, heads.current.toughness) == (5, 2)
    assert abilities(heads) == ["Haste"]
    unflipped = answer_of(sentry_board(original_choices=", choices: {coin: heads}"))
    assert (unflipped.current.power, unflipped.current.toughness) == ("unknown", "unknown")
    assert {"power", "toughness", "abilities"} <= set(unflipped.current.unknown)


@pytest.mark.parametrize(
    ("given", "numbers", "counters"), [("done", (4, 3), {"+1/+1": 1}), ("not done", (3, 2), {})]
)
def test_the_optional_counter_choice_the_board_gives_is_used(
    given: str, numbers: tuple[int, int], counters: dict[str, int]
) -> None:
    answer = answer_of(f"battlefield:\n  - {{card: Rescuer Sphinx, id: sphinx, choices: {{may: {given}}}}}\n")
    assert (answer.current.power, answer.current.toughness, answer.current.counters) == (*numbers, counters)
    assert answer.unknowns == ()
    assert any(f"(choices: {{may: {given}}})" in s.text for s in answer.steps)


def test_the_counters_a_board_gives_decide_a_die_roll() -> None:
    answer = answer_of("battlefield:\n  - {card: Jumbo Imp, id: imp, counters: {+1/+1: 4}}\n")
    assert (answer.current.power, answer.current.toughness, answer.unknowns) == (4, 4, ())  # a 0/0
    assert any("the board gives the counters it entered with" in s.text for s in answer.steps)
    rolled = answer_of("battlefield:\n  - {card: Jumbo Imp, id: imp}\n")
    assert "give the counters it entered with: counters: {…}" in rolled.unknowns[0].reason
    assert "706.1" in rolled.unknowns[0].rules


@pytest.mark.parametrize(
    ("unknown", "said"),
    [
        ("types", "It isn't a creature, so it has no power or toughness."),
        ("abilities", "It has no linked abilities."),
        ("toughness", "It is put into its owner's graveyard for having toughness 0 or less."),
        ("power", "Layer 7a: … so it is 2/2; cards another object exiled don't count."),
    ],
)
def test_the_consistency_check_finds_a_fact_stated_about_an_unknown(unknown: str, said: str) -> None:
    """The check above can fail: a note asserting what the answer marks unknown is reported."""
    answer = answer_board(*_bears(), "test")
    result = answer.result.model_copy(
        update={
            "unknowns": (Unknown(characteristics=(unknown,), reason="test", rules=()),),
            "notes": (Explanation(text=said, rules=()),),
        }
    )
    assert contradictions(answer.model_copy(update={"result": result})) != []
    assert contradictions(answer) == []


def _bears() -> tuple[BoardSpec, dict[str, Card]]:
    spec = load_board("battlefield: [{card: Grizzly Bears, id: bears}]\n")
    return spec, cards_for(spec)


def test_a_primal_clay_that_isnt_a_copy_is_unknown_for_its_choice_not_for_being_a_copy() -> None:
    # Review 5, board 43: the reason was "it entered as a copy" (CR 707.6) for a Primal Clay that didn't.
    spec = load_board("battlefield:\n  - {card: Primal Clay, id: clay}\n")
    result = answer_board(spec, cards_for(spec), "test").result
    assert (result.current.power, result.current.toughness) == ("unknown", "unknown")
    texts = [n.text for n in result.notes]
    assert not any("entered as a copy" in t for t in texts)
    assert not any("707.6" in n.rules for n in result.notes)
    assert any("needs a choice as it enters and none was given" in t for t in texts)


_BEARS_AND_CLONE = "battlefield:\n  - {card: Grizzly Bears, id: bears}\n  - {card: Clone, id: clone"


def test_a_clone_not_said_to_copy_or_not_is_unknown_never_a_0_0_that_dies() -> None:
    # Review 5, board 29: "You may have Clone enter as a copy" not settled by the board (CR 707.5).
    spec = load_board(_BEARS_AND_CLONE + "}\nquery: clone\n")
    result = answer_board(spec, cards_for(spec), "test").result
    assert (result.current.name, result.current.toughness, result.copiable.name) == ("unknown",) * 3
    [note] = [n for n in result.notes if "is optional and the board doesn't say" in n.text]
    assert "choices: {may: not done} says it didn't" in note.text
    assert "707.5" in note.rules
    assert not any("is put into its owner's graveyard the next" in n.text for n in result.notes)


def test_a_clone_that_declined_is_a_0_0_and_one_that_copied_is_the_copy() -> None:
    declined = load_board(_BEARS_AND_CLONE + ", choices: {may: not done}}\nquery: clone\n")
    result = answer_board(declined, cards_for(declined), "test").result
    assert (result.current.name, result.current.toughness, result.unknowns) == ("Clone", 0, ())
    copied = load_board(_BEARS_AND_CLONE + ", copy_of: bears}\nquery: clone\n")
    assert answer_board(copied, cards_for(copied), "test").result.current.name == "Grizzly Bears"
    said_done = load_board(_BEARS_AND_CLONE + ", choices: {may: done}}\nquery: clone\n")
    with pytest.raises(BoardError, match="copy_of names of what"):
        answer_board(said_done, cards_for(said_done), "test")


def test_an_entering_land_under_dryad_then_blood_moon_has_no_enters_ability() -> None:
    # Review 6, boards 40/41: beside Blood Moon, Steam Vents' "you may pay 2 life" was applied as done while
    # Dryad of the Ilysian Grove was unread. Read now (review 7, boards 17/18), Dryad's types come first and
    # Blood Moon's later "are Mountains" takes the ability away: it doesn't apply as it enters (CR 614.12).
    spec = load_board(
        "battlefield:\n  - {card: Dryad of the Ilysian Grove, id: dryad}\n  - {card: Blood Moon, id: moon}\n"
        "  - {card: Steam Vents, id: vents, choices: {may: done}}\nquery: vents\n"
    )
    result = answer_board(spec, cards_for(spec), "test").result
    assert not any("so it doesn't enter tapped" in s.text for s in (*result.steps, *result.notes))
    [step] = [s for s in result.steps if "don't apply as it enters" in s.text]
    assert "614.12" in step.rules
    assert "tapped" not in result.current.unknown
