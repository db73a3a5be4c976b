"""What judge scenarios need from a board: cards it defines (``cards:``), copy effects that end
(``ends: {copy_effect}``, ``cleanup``), ``via`` a spell or ability on the stack, the result of a coin flip
or die roll (``random:``) and the commander — read with line-numbered errors, then built by the engine."""

from __future__ import annotations

import json

import pytest

from data.board_format import MAX_CARDS
from data.boards import BoardFormatError, load_board
from engine import BoardError, answer_board
from engine.answers.copy_result import BoardAnswer
from engine.oracle.copy_effects import CopyDuration, RandomResult, copy_duration, random_result
from engine.state.actions import BecomesCopyAction, CreateTokenCopyAction
from engine.state.board import ActionKind
from tests.card_data import parsed_card

BEAR_AND_ANGEL = "battlefield:\n  - {card: Grizzly Bears, id: bear}\n  - {card: Serra Angel, id: angel}\n"


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, {name: parsed_card(name) for name in spec.card_names()}, "test")


def _rules(answer: BoardAnswer) -> set[str]:
    return {rule for step in (*answer.result.steps, *answer.result.notes) for rule in step.rules}


# -- cards: ------------------------------------------------------------------------------------------


def test_a_card_definition_is_kept_as_scryfall_json_with_printed_numbers_as_text() -> None:
    spec = load_board(
        "cards:\n"
        "  - {name: Odd Bear, type_line: Creature — Bear, power: 2, toughness: '*', loyalty: 3}\n"
        "  - name: Day // Night\n"
        "    layout: transform\n"
        "    faces:\n"
        "      - {name: Day, type_line: Creature — Human, power: 1, toughness: 1}\n"
        "      - {name: Night, type_line: Creature — Werewolf, power: 3, toughness: 3}\n"
        "battlefield: [Odd Bear]\n"
    )
    odd, day = (json.loads(text) for text in spec.cards)
    assert (odd["power"], odd["toughness"], odd["loyalty"]) == ("2", "*", "3")
    assert [face["power"] for face in day["card_faces"]] == ["1", "3"]
    assert "faces" not in day


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ("Plain Text", "a card definition is a mapping of Scryfall's card fields"),
        ("{type_line: Creature}", "the card definition without a name is malformed: name: 'Field required'"),
        ("{name: X, type_line: Creature, power: [1]}", "the card definition 'X' is malformed: power"),
        ("{name: X, type_line: Creature, mana_cost: 3}", "'X' is malformed: mana_cost"),
        (
            "{name: X, type_line: Creature, faces: [{name: Y}], card_faces: []}",
            "faces or card_faces, not both",
        ),
        ("{name: X, faces: [{name: Y, type_line: Creature}, {name: Z}]}", "'X' needs type_line"),
        ("{name: X, oracle_text: Flying}", "'X' needs type_line"),
        ("{name: X, type_line: Creature, released_at: 2024-01-05}", "unknown card field 'released_at'"),
        ("{name: X, faces: [{name: Y, type_line: Creature, color_indicator: 5}]}", "field 'color_indicator'"),
        ("{name: X, type_line: Creature, faces: 5}", "'X' is malformed: card_faces"),
        ("{name: X, type_line: Creature, power: lots}", "power must be printed as Scryfall prints it"),
        ("{name: X, faces: [{name: Y, type_line: Creature, toughness: big}]}", "toughness must be printed"),
    ],
)
def test_a_malformed_card_definition_names_its_line(card: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=r"^line 3: ") as error:
        load_board(f"battlefield: [Grizzly Bears]\ncards:\n  - {card}\n")
    assert message in str(error.value)


def test_two_definitions_of_one_name_are_refused_with_the_first_line() -> None:
    board = (
        "cards:\n  - {name: Mirror Pup, type_line: Creature}\n"
        "  - {name: Pup // Mirror Pup, faces: [{name: Pup, type_line: Creature}, "
        "{name: mirror pup, type_line: Creature}]}\nbattlefield: [Mirror Pup]\n"
    )
    with pytest.raises(
        BoardFormatError, match=r"^line 3: the card 'mirror pup' is already defined on line 2"
    ):
        load_board(board)


def test_a_board_defines_a_bounded_number_of_cards() -> None:
    cards = "".join(f"  - {{name: Card {n}, type_line: Creature}}\n" for n in range(MAX_CARDS + 1))
    with pytest.raises(BoardFormatError, match=f"at most {MAX_CARDS} definitions"):
        load_board(f"cards:\n{cards}battlefield: [Card 1]\n")


# -- ending a copy effect ----------------------------------------------------------------------------


def test_the_cleanup_step_ends_an_until_end_of_turn_copy_and_the_creature_is_itself_again() -> None:
    actions = "actions:\n  - becomes_copy: {object: bear, of: angel, via: Cytoshape}\n"
    during = _answer(BEAR_AND_ANGEL + actions + "query: bear\n")
    assert (during.result.current.name, during.result.current.power) == ("Serra Angel", 4)
    after = _answer(BEAR_AND_ANGEL + actions + "  - cleanup: {}\nquery: bear\n")
    current = after.result.current
    assert (current.name, current.power, current.toughness, current.abilities) == ("Grizzly Bears", 2, 2, ())
    assert after.result.copiable.name == "Grizzly Bears"
    ended = [step for step in after.result.steps if "copy effect ends" in step.text]
    assert len(ended) == 1
    assert {"514.2", "611.2a", "707.2"} <= set(ended[0].rules)


def test_until_your_next_turn_outlasts_cleanup_and_ends_when_the_board_says() -> None:
    actions = "actions:\n  - becomes_copy: {object: bear, of: angel, via: Shapesharer}\n  - cleanup: {}\n"
    kept = _answer(BEAR_AND_ANGEL + actions + "query: bear\n")
    assert kept.result.current.name == "Serra Angel"
    ended = _answer(BEAR_AND_ANGEL + actions + "  - ends: {object: bear, copy_effect: 1}\nquery: bear\n")
    assert (ended.result.current.name, ended.result.current.power) == ("Grizzly Bears", 2)
    step = next(step for step in ended.result.steps if "copy effect ends" in step.text)
    assert "“until your next turn”" in step.text
    assert "611.2a" in step.rules
    assert "514.2" not in step.rules


def test_cleanup_ends_only_the_until_end_of_turn_copy_and_the_other_copy_stays() -> None:
    board = (
        BEAR_AND_ANGEL
        + "  - {card: Llanowar Elves, id: elf}\nactions:\n"
        + "  - becomes_copy: {object: bear, of: elf, via: Shapesharer}\n"
        + "  - becomes_copy: {object: bear, of: angel, via: Cytoshape}\n"
        + "  - cleanup: {}\nquery: bear\n"
    )
    current = _answer(board).result.current
    assert (current.name, current.power, current.toughness) == ("Llanowar Elves", 1, 1)


def test_cleanup_leaves_listed_effects_and_says_they_have_no_duration() -> None:
    board = "battlefield:\n  - {card: Grizzly Bears, effects: [{pump: [3, 3]}]}\nactions:\n  - cleanup: {}\n"
    answer = _answer(board)
    assert (answer.result.current.power, answer.result.current.toughness) == (5, 5)
    assert any("no duration for its listed effects" in note.text for note in answer.result.notes)


def test_cleanup_ends_a_next_enters_as_copy_effect_that_hasnt_applied() -> None:
    board = (
        BEAR_AND_ANGEL
        + "actions:\n  - next_enters_as_copy: {of: angel, via: Mystic Reflection}\n  - cleanup: {}\n"
        + "  - enters: {card: Llanowar Elves, id: elf}\nquery: elf\n"
    )
    assert _answer(board).result.current.name == "Llanowar Elves"


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ("  - enters: {card: Clone, id: clone, copy_of: angel}\n  - ends: {object: clone, copy_effect: 1}\n",
         r"states no duration, so it doesn't end while clone stays on the battlefield \(CR 611.2a\)"),
        ("  - ends: {object: bear, copy_effect: 1}\n", "bear has 0 copy effects applied to it"),
        ("  - enters: {card: Metamorphic Alteration, id: alt, attached_to: bear}\n"
         "  - becomes_copy: {object: bear, of: angel, via: Metamorphic Alteration}\n"
         "  - ends: {object: bear, copy_effect: 1}\n",
         r"comes from Metamorphic Alteration's static ability: it applies as long as that ability does "
         r"\(CR 611.3a\)"),
    ],
)  # fmt: skip
def test_ending_a_copy_effect_that_cant_end_is_refused(actions: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        _answer(BEAR_AND_ANGEL + "actions:\n" + actions)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("ends: {object: bear, effect: 1, copy_effect: 1}", "ends needs effect: N .* or copy_effect: N"),
        ("ends: {object: bear}", "ends needs effect: N"),
        (
            "becomes_copy: {object: bear, of: angel, via: Cytoshape, copy_effect: 1}",
            "ends needs .* only ends takes them",
        ),
        ("cleanup: {now: true}", r"cleanup takes nothing \(write cleanup: \{\}\)"),
    ],
)
def test_misused_ends_and_cleanup_name_the_line(action: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=rf"^line 5: {message}"):
        load_board(BEAR_AND_ANGEL + f"actions:\n  - {action}\n")


# -- via a spell or ability on the stack --------------------------------------------------------------


def test_via_names_a_spell_on_the_stack() -> None:
    board = (
        BEAR_AND_ANGEL
        + "stack:\n  - {card: Cytoshape, id: cyto, targets: [bear]}\n"
        + "  - {copy_of: cyto, via: Twincast, id: twin}\n"
        + "  - {source: angel, ability: 1, id: angel ability}\n"
        + "actions:\n  - becomes_copy: {object: bear, of: angel, via: twin}\n"
        + "  - create_token_copy: {of: bear, via: angel ability}\nquery: bear\n"
    )
    become, token = load_board(board).actions
    assert isinstance(become, BecomesCopyAction)
    assert isinstance(token, CreateTokenCopyAction)
    assert (become.kind, become.via, become.via_stack) == (ActionKind.BECOMES_COPY, "Cytoshape", "twin")
    assert (token.via, token.via_stack) == ("Serra Angel", "angel ability")


def test_a_copy_from_a_spell_on_the_stack_says_it_is_resolving() -> None:
    board = (
        BEAR_AND_ANGEL
        + "stack:\n  - {card: Cytoshape, id: cyto, targets: [bear]}\n"
        + "actions:\n  - becomes_copy: {object: bear, of: angel, via: cyto}\nquery: bear\n"
    )
    answer = _answer(board)
    assert (answer.result.current.name, answer.result.current.power) == ("Serra Angel", 4)
    step = answer.result.steps[0]
    assert step.text.startswith(
        "The effect is that of cyto on the stack as it resolves, with Cytoshape's text"
    )
    assert step.rules == ("608.2n",)


def test_via_an_ability_of_a_copy_on_the_stack_needs_the_card_named() -> None:
    board = (
        BEAR_AND_ANGEL
        + "  - {card: Clone, id: clone, copy_of: angel}\n"
        + "stack:\n  - {source: clone, ability: 1, id: ability}\n"
        + "actions:\n  - create_token_copy: {of: bear, via: ability}\n"
    )
    with pytest.raises(
        BoardFormatError, match=r"^line 8: via names 'ability' on the stack, an ability of an"
    ):
        load_board(board)


def test_via_a_spell_on_the_stack_that_targets_another_creature_is_refused() -> None:
    # Review 7, board 06: the spell may target what is copied (Mirrorweave), so only a spell targeting
    # neither the permanent becoming a copy nor what it copies is refused here.
    board = (
        BEAR_AND_ANGEL
        + "  - {card: Llanowar Elves, id: elf}\n"
        + "stack:\n  - {card: Cytoshape, id: cyto, targets: [elf]}\n"
        + "actions:\n  - becomes_copy: {object: bear, of: angel, via: cyto}\n"
    )
    with pytest.raises(
        BoardFormatError,
        match=r"^line 8: 'cyto' on the stack targets elf: neither 'bear', which becomes a copy, nor 'angel'",
    ):
        load_board(board)


# -- random results ------------------------------------------------------------------------------------


MIRROR_MARCH = (
    "battlefield:\n  - Mirror March\n  - {card: Grizzly Bears, id: bear}\n"
    "actions:\n  - create_token_copy: {of: bear, via: Mirror March, id: token"
)


def test_without_the_coin_flips_result_how_many_tokens_is_open_never_what_they_are() -> None:
    """Mirror March's flips decide how many tokens it makes (CR 705.2), not what each one is."""
    answer = _answer(MIRROR_MARCH + "}\n")
    current = answer.result.current
    assert (current.name, current.power, current.toughness) == ("Grizzly Bears", 2, 2)
    assert not answer.result.unknowns
    [note] = [n for n in answer.result.notes if n.text.startswith("How many tokens Mirror March created")]
    assert note.rules == ("705.2",)


def test_with_the_coin_flips_result_the_copy_is_made() -> None:
    answer = _answer(MIRROR_MARCH + ", random: won 1}\n")
    current = answer.result.current
    assert (current.name, current.power, current.toughness) == ("Grizzly Bears", 2, 2)
    assert "Haste" in current.abilities
    assert not answer.result.unknowns
    assert any("won 1 coin flips before one was lost" in step.text for step in answer.result.steps)


def test_a_random_result_for_a_copy_effect_without_one_is_refused() -> None:
    with pytest.raises(BoardError, match="Clone's copy effect has none"):
        _answer(BEAR_AND_ANGEL + "  - {card: Clone, copy_of: angel, random: heads}\n")
    with pytest.raises(BoardFormatError, match=r"^line 4: random .* is for an object with copy_of"):
        load_board(BEAR_AND_ANGEL + "  - {card: Clone, random: heads}\n")
    with pytest.raises(
        BoardFormatError, match=r"^line 5: random .* is for becomes_copy and create_token_copy"
    ):
        load_board(BEAR_AND_ANGEL + "actions:\n  - ends: {object: bear, effect: 1, random: heads}\n")


# -- the commander ---------------------------------------------------------------------------------------


def test_a_copy_of_a_commander_is_not_a_commander() -> None:
    board = (
        "battlefield:\n  - {card: Grizzly Bears, id: bear, commander: true}\n  - {card: Clone, copy_of: bear}"
    )
    answer = _answer(board)
    assert answer.result.current.name == "Grizzly Bears"
    note = next(note for note in answer.result.notes if "commander" in note.text)
    assert note.text.endswith("Clone is not a commander.")
    assert note.rules == ("903.3", "707.2")


def test_a_commander_that_becomes_a_copy_stays_the_commander() -> None:
    board = (
        "battlefield:\n  - {card: Grizzly Bears, id: bear, commander: true}\n"
        "  - {card: Serra Angel, id: angel}\n"
        "actions:\n  - becomes_copy: {object: bear, of: angel, via: Cytoshape}\nquery: bear\n"
    )
    assert any("still its owner's commander" in note.text for note in _answer(board).result.notes)


def test_a_token_commander_is_refused() -> None:
    with pytest.raises(BoardFormatError, match=r"^line 2: a token can't be a commander: .*\(CR 903.3\)"):
        load_board("battlefield:\n  - {card: Grizzly Bears, token: true, commander: true}\n")


# -- the Oracle readers of a copy effect's duration and random result ------------------------------------


@pytest.mark.parametrize(
    ("card", "duration"),
    [
        ("Cytoshape", CopyDuration.UNTIL_END_OF_TURN),
        ("Mirror of the Forebears", CopyDuration.UNTIL_END_OF_TURN),  # "Until end of turn, ~ becomes …"
        ("Shapesharer", CopyDuration.UNTIL_YOUR_NEXT_TURN),
        ("Clone", None),
    ],
)
def test_a_copy_effects_stated_duration_is_read_in_engine_oracle(card: str, duration: object) -> None:
    [effect] = parsed_card(card).front.copy_effects
    assert copy_duration(effect) is duration


def test_mirror_of_the_forebears_copy_ends_in_the_cleanup_step() -> None:
    # CR 514.2: its sentence starts with "Until end of turn", which the cleanup step ends too.
    answer = _answer(
        BEAR_AND_ANGEL + "  - {card: Mirror of the Forebears, id: mirror}\n"
        "actions:\n  - becomes_copy: {object: mirror, of: bear}\n  - cleanup: {}\nquery: mirror\n"
    )
    assert answer.result.current.name == "Mirror of the Forebears"
    assert {"514.2", "611.2a"} <= _rules(answer)


def test_a_copy_effects_random_result_is_read_in_engine_oracle() -> None:
    [march] = parsed_card("Mirror March").front.copy_effects
    [clone] = parsed_card("Clone").front.copy_effects
    rolled = clone.model_copy(update={"text": "Roll a d20. You may have ~ enter as a copy of a creature."})
    assert (random_result(march), random_result(rolled), random_result(clone)) == (
        RandomResult.COIN_FLIP,
        RandomResult.DIE_ROLL,
        None,
    )


# -- per-player choices ------------------------------------------------------------------------------------


def _texts(answer: BoardAnswer) -> list[str]:
    return [e.text for e in (*answer.result.steps, *answer.result.notes)]


def test_an_opponents_as_enters_choice_is_said_as_the_opponents() -> None:
    # Callous Oppressor: "As ~ enters, an opponent chooses a creature type." (CR 614.1c)
    answer = _answer("battlefield:\n  - {card: Callous Oppressor, id: co, choices: {creature type: Elf}}\n")
    assert "As it enters, its controller's opponent chooses a creature type: Elf." in _texts(answer)
    assert "614.1c" in _rules(answer)
    assert not any("nothing was" in text for text in _texts(answer))


ARCHANGEL = "battlefield:\n  - {{card: Archangel of Strife, id: arch, choices: {{{choices}}}}}\n"


def test_each_players_choice_is_given_per_player() -> None:
    answer = _answer(ARCHANGEL.format(choices="war or peace by you: war, war or peace by opponent: peace"))
    assert (
        "As it enters, each player chooses war or peace: you chose war, the opponent chose peace."
        in _texts(answer)
    )


def test_a_missing_players_choice_is_named() -> None:
    answer = _answer(ARCHANGEL.format(choices="war or peace by you: war"))
    note = next(text for text in _texts(answer) if text.startswith("As it enters, each player chooses"))
    assert note.endswith("(give it as choices: {war or peace by opponent: …}).")


def test_one_choice_for_each_players_choice_is_refused() -> None:
    with pytest.raises(BoardError, match=r"one choice per player \(choices: \{war or peace by you: …"):
        _answer(ARCHANGEL.format(choices="war or peace: war"))


def test_a_stack_entrys_via_by_handle_is_refused_saying_what_via_is() -> None:
    board = (
        'stack:\n  - {card: Lightning Bolt, id: bolt, targets: ["player:opponent"]}\n'
        "  - {copy_of: bolt, via: {id: bolt}, id: twin}\n"
    )
    with pytest.raises(BoardFormatError, match=r"line 3: a stack entry.s via is the card whose spell"):
        load_board(board)
