"""Conditional copy exceptions in newer wordings (issue 25 item 3; CR 707.9f, 707.9b, 707.9a, 601.2h).

"except it isn't legendary if the spell is legendary" (Double Major), "… if that permanent is legendary"
(Spark Double, 2019 wording and newer), "except those creatures aren't legendary if the chosen creature is
legendary" (Echoing Equation) are never said unconditionally: the condition known, the exception is applied or
not; not known, both outcomes are named. Mythos of Illuna's "If {R}{G} was spent to cast this spell, instead
…" is unknown when the mana spent isn't given, and decided when it is.
"""

from __future__ import annotations

from typing import Any

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec
from engine.answers.copy_result import BoardAnswer, answer_board
from engine.answers.stack_answer import StackCopyAnswer, answer_stack_board
from engine.copy.effects import apply_copy, card_copy_effect
from engine.core.model import Card, CopyScope
from engine.oracle import parse_card
from engine.oracle.copy_effects import mana_spent_alternative, supertype_condition
from tests.card_data import _by_name_2022, card_json, parsed_card, rules_keyword_vocabulary
from tests.engine.copy_cards import cards_for

FIGHT = (
    "When this permanent enters, if it's a creature, it fights up to one target creature you don't control."
)


def _card_2022(name: str) -> Card:
    """The card as the shared 2022 Gatherer file words it (newer than the 2019 bulk or our own fixtures)."""
    return parse_card(_by_name_2022()[name.casefold()], rules_keyword_vocabulary())


def _board(text: str, **cards: Card) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec) | cards, "test")


def _stack(text: str, **cards: Card) -> StackCopyAnswer:
    spec = load_board(text)
    catalogue = {name: parsed_card(name) for name in spec.card_names()} | cards
    return answer_stack_board(spec, spec.stack, catalogue, "test").result


def _legendary_steps(steps: Any) -> list[Any]:
    return [s for s in steps if "legendary" in s.text]


# --- the wording --------------------------------------------------------------------------------------


def test_the_conditions_name_a_supertype_of_what_is_copied() -> None:
    assert supertype_condition("that permanent is legendary") == "Legendary"
    assert supertype_condition("the spell is legendary") == "Legendary"
    assert supertype_condition("the chosen creature is legendary") == "Legendary"
    assert supertype_condition("creature") is None
    assert supertype_condition(None) is None


def test_echoing_equation_reads_those_creatures_arent_legendary_as_a_supertype_exception() -> None:
    equation = _card_2022("Augmenter Pugilist // Echoing Equation")
    (effect,) = [e for face in equation.faces for e in face.copy_effects]
    assert effect.scope is CopyScope.BECOME_COPY
    (exception,) = effect.exceptions
    assert (exception.kind.value, exception.supertypes, exception.condition) == (
        "remove-supertype",
        ("Legendary",),
        "the chosen creature is legendary",
    )


def test_mythos_of_illuna_names_the_mana_and_the_ability_of_its_other_copy() -> None:
    mythos = parsed_card("Mythos of Illuna")
    first = mythos.front.copy_effects[0]
    alternative = mana_spent_alternative(first.text)
    assert alternative is not None
    assert alternative.mana == ("{R}", "{G}")
    assert alternative.abilities == (FIGHT,)
    assert mana_spent_alternative(parsed_card("Clone").front.copy_effects[0].text) is None


# --- Spark Double -------------------------------------------------------------------------------------

SPARK_DOUBLE_BOARD = """
battlefield:
  - {card: "%s", id: original}
  - {card: Spark Double, id: double, copy_of: original}
query: double
"""
NEWER_SPARK_DOUBLE = card_json("Spark Double") | {
    "oracle_text": "You may have Spark Double enter as a copy of a creature or planeswalker you control, "
    "except it enters with an additional +1/+1 counter on it if it's a creature, it enters with an "
    "additional loyalty counter on it if it's a planeswalker, and it isn't legendary if that permanent is "
    "legendary."
}


def test_spark_double_copying_a_legendary_creature_isnt_legendary() -> None:
    answer = _board(SPARK_DOUBLE_BOARD % "Krenko, Mob Boss")
    result = answer.result
    assert result.copiable.supertypes == ()
    assert result.current.name == "Krenko, Mob Boss"
    (step,) = _legendary_steps(result.steps)
    assert step.text == (
        "The exception “it isn't legendary” applies only if that permanent is legendary: Krenko, Mob Boss is "
        "legendary, so it applies, and the copy isn't legendary; that is part of its copiable values."
    )
    assert step.rules == ("707.9f", "707.9b")
    assert not any("legendary permanents named" in n.text for n in result.notes)  # no legend rule


def test_spark_double_copying_a_nonlegendary_creature_doesnt_apply_the_exception() -> None:
    result = _board(SPARK_DOUBLE_BOARD % "Grizzly Bears").result
    (step,) = _legendary_steps(result.steps)
    assert step.text == (
        "The exception “it isn't legendary” applies only if that permanent is legendary: Grizzly Bears isn't "
        "legendary, so it doesn't apply."
    )
    assert step.rules == ("707.9f",)
    assert not any("changes its supertypes" in s.text for s in result.steps)


def test_the_newer_spark_double_wording_reads_the_same() -> None:
    newer = parse_card(NEWER_SPARK_DOUBLE, rules_keyword_vocabulary())
    assert "enter as a copy" in newer.front.abilities[0].text
    result = _board(SPARK_DOUBLE_BOARD % "Krenko, Mob Boss", **{"Spark Double": newer}).result
    assert result.copiable.supertypes == ()
    assert result.current.counters == {"+1/+1": 1}
    (step,) = _legendary_steps(result.steps)
    assert "Krenko, Mob Boss is legendary, so it applies" in step.text


def test_spark_double_copying_unknown_values_names_both_outcomes() -> None:
    text = """
battlefield:
  - Chancy Reflection
  - {card: Grizzly Bears, id: bear}
actions:
  - create_token_copy: {of: bear, via: Chancy Reflection, id: token}
  - enters: {card: Spark Double, id: double, copy_of: token}
query: double
"""
    result = _board(text).result
    (step,) = _legendary_steps(result.steps)
    assert step.text == (
        "The exception “it isn't legendary” applies only if that permanent is legendary, and whether token "
        "is legendary isn't known (the result of the coin flip wasn't given, and what Chancy Reflection's "
        "copy effect does depends on it (give it as random: …)): if it is, the copy isn't legendary; if not, "
        "the exception changes nothing."
    )
    assert set(step.rules) == {"707.9f", "707.9b", "705.1"}
    assert "supertypes" in result.current.unknown


# --- Echoing Equation ---------------------------------------------------------------------------------

ECHOING_EQUATION = """
battlefield:
  - {card: "%s", id: chosen}
  - {card: Grizzly Bears, id: bears}
stack:
  - {card: Augmenter Pugilist // Echoing Equation, id: equation, face: back, targets: [chosen]}
actions:
  - becomes_copy: {object: bears, of: chosen, via: equation}
query: bears
"""


def test_echoing_equation_copies_of_a_legendary_creature_arent_legendary() -> None:
    equation = {
        "Augmenter Pugilist // Echoing Equation": _card_2022("Augmenter Pugilist // Echoing Equation")
    }
    result = _board(ECHOING_EQUATION % "Krenko, Mob Boss", **equation).result
    assert (result.copiable.name, result.copiable.supertypes) == ("Krenko, Mob Boss", ())
    (step,) = _legendary_steps(result.steps)
    assert step.text.startswith(
        "The exception “those creatures aren't legendary” applies only if the chosen creature is legendary: "
        "Krenko, Mob Boss is legendary, so it applies"
    )
    assert step.rules == ("707.9f", "707.9b")
    # both are named Krenko, Mob Boss, but only one is legendary: no legend rule (CR 704.5j)
    assert not any("legendary permanents named" in n.text for n in result.notes)


def test_echoing_equation_copying_a_nonlegendary_creature_doesnt_apply_the_exception() -> None:
    equation = {
        "Augmenter Pugilist // Echoing Equation": _card_2022("Augmenter Pugilist // Echoing Equation")
    }
    result = _board(ECHOING_EQUATION % "Llanowar Elves", **equation).result
    assert result.copiable.name == "Llanowar Elves"
    (step,) = _legendary_steps(result.steps)
    assert "Llanowar Elves isn't legendary, so it doesn't apply" in step.text
    assert step.rules == ("707.9f",)


# --- Double Major -------------------------------------------------------------------------------------

DOUBLE_MAJOR = """
stack:
  - {card: "%s", id: spell, paid: {mana: "{2}{R}{R}", from: hand}}
  - {copy_of: spell, via: Double Major, id: major}
query: major
"""


def test_double_major_copy_of_a_legendary_creature_spell_isnt_legendary() -> None:
    result = _stack(DOUBLE_MAJOR % "Krenko, Mob Boss", **{"Double Major": _card_2022("Double Major")})
    assert result.copiable.supertypes == ()
    assert result.resolves_as == "token"
    (step,) = _legendary_steps(result.steps)
    assert step.text == (
        "The exception “it isn't legendary” applies only if the spell is legendary: Krenko, Mob Boss is "
        "legendary, so it applies, and the copy isn't legendary."
    )
    assert step.rules == ("707.9f", "707.9b")


def test_double_major_copy_of_a_nonlegendary_creature_spell_doesnt_apply_the_exception() -> None:
    result = _stack(DOUBLE_MAJOR % "Grizzly Bears", **{"Double Major": _card_2022("Double Major")})
    assert result.copiable.supertypes == ()
    (step,) = _legendary_steps(result.steps)
    assert step.text == (
        "The exception “it isn't legendary” applies only if the spell is legendary: Grizzly Bears isn't "
        "legendary, so it doesn't apply."
    )
    assert step.rules == ("707.9f",)


def test_an_unconditional_wording_says_so() -> None:
    """Our own fixture's shorter wording ("except it isn't legendary") has no condition."""
    result = _stack(DOUBLE_MAJOR % "Krenko, Mob Boss")
    (step,) = _legendary_steps(result.steps)
    assert step.text == "The copy effect makes an exception: the copy isn't legendary (“it isn't legendary”)."
    assert step.rules == ("707.9b",)


# --- Mythos of Illuna ---------------------------------------------------------------------------------

MYTHOS = """
battlefield:
  - {card: Grizzly Bears, id: bears}
actions:
  - create_token_copy: {of: bears, via: Mythos of Illuna, id: token}
%s
"""


def test_mythos_token_without_the_mana_spent_names_both_outcomes() -> None:
    result = _board(MYTHOS % "query: token").result
    assert result.copiable.name == "Grizzly Bears"
    assert "abilities" in result.current.unknown
    (unknown,) = [u for u in result.unknowns if "abilities" in u.characteristics]
    assert unknown.reason == (
        "what mana was spent to cast Mythos of Illuna isn't known here: if {R}{G} was spent, the token also "
        f"has “{FIGHT}”; if not, it doesn't"
    )
    assert unknown.rules == ("707.9a", "601.2h")


def test_a_copy_of_the_mythos_token_doesnt_know_either() -> None:
    text = MYTHOS % "  - enters: {card: Clone, id: clone, copy_of: token}\nquery: clone"
    result = _board(text).result
    assert result.copiable.name == "Grizzly Bears"
    assert "abilities" in result.current.unknown


def _mythos_copy(mana: tuple[str, ...]) -> tuple[tuple[str, ...], list[str]]:
    spec = load_board(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n  - {card: Llanowar Elves, id: elves}\n"
    )
    cards = cards_for(spec)
    board = board_from_spec(spec, cards)
    effect = card_copy_effect(parsed_card("Mythos of Illuna"), (CopyScope.TOKEN_COPY,))
    copier, why = apply_copy(
        board, board.get("elves"), board.get("bears"), effect, "Mythos of Illuna", 99, mana_spent=mana
    )
    assert not copier.unknowns
    abilities = tuple(a.rules_text for a in copier.copies[-1].values.main.abilities)
    return abilities, [w.text for w in why]


def test_mythos_with_red_and_green_spent_has_the_fight_ability() -> None:
    abilities, why = _mythos_copy(("{R}", "{G}", "{U}", "{U}"))
    assert abilities == (FIGHT,)
    assert any(
        w.startswith("“If {R}{G} was spent to cast Mythos of Illuna”: {R}{G}{U}{U} was spent") for w in why
    )


def test_mythos_without_green_spent_has_no_fight_ability() -> None:
    abilities, why = _mythos_copy(("{R}", "{U}", "{U}", "{U}"))
    assert abilities == ()
    assert any("only {R}{U}{U}{U} was spent" in w for w in why)


def test_a_copy_of_the_mythos_spell_had_no_mana_spent() -> None:
    """The official ruling: a copy of the Mythos spell had no mana spent to cast it, so no bonus (707.10)."""
    text = """
battlefield:
  - {card: Grizzly Bears, id: bears, controller: opponent}
stack:
  - {card: Mythos of Illuna, id: mythos, targets: [bears], paid: {mana: "{R}{G}{U}{U}", from: hand}}
  - {copy_of: mythos, via: Twincast, id: twin}
"""
    result = _stack(text)
    (outcome,) = result.outcomes
    assert (outcome.question, outcome.on_original, outcome.on_copy) == (
        "If {R}{G} was spent to cast this spell",
        True,
        False,
    )


_MYTHOS_RESOLVES = """
battlefield:
  - {card: Grizzly Bears, id: bears, controller: opponent}
stack:
  - {card: Mythos of Illuna, id: mythos, targets: [bears]%s}
  - {copy_of: mythos, via: Twincast, id: twin}
actions:
  - create_token_copy: {of: bears, via: %s, id: token}
query: token
"""


@pytest.mark.parametrize(
    ("paid", "via", "fights"),
    [
        (', paid: {mana: "{R}{G}{U}{U}", from: hand}', "mythos", True),
        (', paid: {mana: "{2}{U}{U}", from: hand}', "mythos", False),
        (', paid: {mana: "{R}{G}{U}{U}", from: hand}', "twin", False),  # a copy isn't cast (707.10)
    ],
)
def test_mythos_resolving_from_the_stack_uses_the_mana_its_entry_says_was_spent(
    paid: str, via: str, fights: bool
) -> None:
    result = _board(_MYTHOS_RESOLVES % (paid, via)).result
    assert "abilities" not in result.current.unknown
    assert (FIGHT in result.current.abilities) is fights
    if via == "twin":
        [step] = [s for s in result.steps if "which isn't cast, so no mana was spent" in s.text]
        assert "707.10" in step.rules


def test_mythos_resolving_from_an_entry_without_its_payment_names_both_outcomes() -> None:
    result = _board(_MYTHOS_RESOLVES % ("", "mythos")).result
    assert "abilities" in result.current.unknown


def test_echoing_equation_cast_as_the_back_face_is_named_by_that_face() -> None:
    """CR 712.8f: the spell has only the back face's characteristics, so its name is Echoing Equation."""
    equation = {
        "Augmenter Pugilist // Echoing Equation": _card_2022("Augmenter Pugilist // Echoing Equation")
    }
    result = _board(ECHOING_EQUATION % "Llanowar Elves", **equation).result
    texts = " ".join(step.text for step in result.steps)
    assert "through Echoing Equation's ability" in texts
    assert "with Echoing Equation's text" in texts
    assert "Augmenter Pugilist" not in texts
