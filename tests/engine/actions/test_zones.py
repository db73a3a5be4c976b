"""Zone changes of permanents (engine.actions.zones): new objects (CR 400.7), melded permanents (CR 712.21),
tokens (CR 111.7), triggers (CR 603.10a, 603.6c, 712.21e), replacements (CR 616.1) and Duplicant."""

from __future__ import annotations

import pytest

from data.boards import load_board
from engine.actions.events import board_from_spec, replay
from engine.actions.imprint import exiled_with
from engine.actions.zones import cards_of, found_object, meld_parts_needed
from engine.answers.copy_result import BoardAnswer, answer_board
from engine.core.effects import Player
from engine.oracle.zones import graveyard_replacement
from engine.state.board import Board, BoardError, Zone
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for
from tests.known import current_values


def _board(text: str) -> Board:
    spec = load_board(text)
    return board_from_spec(spec, cards_for(spec))


def _answer(text: str) -> BoardAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test")


def _times(board: Board) -> dict[str, int | None]:
    return {hit.source: hit.times for hit in board.triggers}


def test_a_meld_result_knows_its_meld_parts() -> None:
    assert parsed_card("Chittering Host").meld_parts == ("Graf Rats", "Midnight Scavengers")
    assert parsed_card("Graf Rats").meld_parts == ()
    assert parsed_card("Grizzly Bears").meld_parts == ()


def test_meld_parts_needed_lists_only_missing_parts() -> None:
    host = parsed_card("Chittering Host")
    assert meld_parts_needed({"Chittering Host": host}) == ("Graf Rats", "Midnight Scavengers")
    rats = parsed_card("Graf Rats")
    assert meld_parts_needed({"Chittering Host": host, "Graf Rats": rats}) == ("Midnight Scavengers",)


def test_cards_of_a_melded_permanent_a_card_and_a_token() -> None:
    board = _board(
        "battlefield: [{card: Chittering Host, id: host}, {card: Grizzly Bears, id: bears}]\n"
        "actions: [{create_token: {name: Soldier, power: 1, toughness: 1, id: soldier}}]\n"
    )
    cards = {n: parsed_card(n) for n in ("Graf Rats", "Midnight Scavengers")}
    assert [c.name for c in cards_of(board.get("host"), cards)] == ["Graf Rats", "Midnight Scavengers"]
    assert [c.name for c in cards_of(board.get("bears"), cards)] == ["Grizzly Bears"]
    assert cards_of(board.get("soldier"), cards) == ()
    with pytest.raises(BoardError, match="weren't looked up"):
        cards_of(board.get("host"), {})


def test_the_card_is_a_new_object_without_counters_effects_or_status() -> None:
    board = _board(
        "battlefield:\n"
        '  - {card: Grizzly Bears, id: bears, tapped: true, counters: {"+1/+1": 2},'
        " effects: [{pump: [3, 3]}]}\n"
        "actions: [{leaves: {object: bears, to: hand}}]\n"
    )
    bears = board.get("bears")
    assert (bears.zone, bears.tapped, bears.counters, bears.effects) == (Zone.HAND, False, {}, ())
    assert bears.came_from == "bears"
    assert bears.timestamp > 1
    assert board.moves[-1].rules[:1] == ("400.7",)


def test_a_copy_that_dies_is_its_own_card_in_the_graveyard() -> None:
    board = _board(
        "battlefield: [{card: Grizzly Bears, id: bears}, {card: Clone, id: clone, copy_of: bears}]\n"
        "actions: [{leaves: {object: clone, to: graveyard}}]\n"
    )
    clone = board.get("clone")
    assert clone.copies == ()
    assert current_values(clone, board).name == "Clone"


def test_a_token_that_leaves_ceases_to_exist_but_its_dies_triggers_see_it() -> None:
    board = _board(
        "battlefield: [{card: Blood Artist, id: artist}, {card: Planar Void, id: void}]\n"
        "actions:\n  - create_token: {name: Soldier, power: 1, toughness: 1, id: soldier}\n"
        "  - leaves: {object: soldier, to: graveyard}\n"
    )
    assert not board.has("soldier")
    assert _times(board) == {"artist": 1}
    assert (board.moves[-1].objects_moved, board.moves[-1].cards_moved) == (1, 0)
    assert {"111.7", "108.2b"} <= set(board.moves[-1].rules)


def test_leaves_the_battlefield_triggers_for_any_zone_dies_only_for_the_graveyard() -> None:
    board = _board(
        "battlefield: [{card: Grizzly Bears, id: bears}, {card: Extractor Demon, id: demon},"
        " {card: Blood Artist, id: artist}]\nactions: [{leaves: {object: bears, to: hand}}]\n"
    )
    assert _times(board) == {"demon": 1}


def test_when_this_dies_and_another_nontoken_creature_you_control() -> None:
    board = _board(
        "battlefield: [{card: Doomed Traveler, id: traveler}, {card: Grim Haruspex, id: haruspex},"
        " {card: Grizzly Bears, id: theirs, controller: opponent}]\n"
        "actions: [{leaves: {object: traveler, to: graveyard}}, {leaves: {object: theirs, to: graveyard}}]\n"
    )
    hits = [(hit.source, hit.event) for hit in board.triggers]
    assert hits == [("traveler", "traveler"), ("haruspex", "traveler")]


def test_an_aura_on_the_leaving_permanent_is_noted_and_unattached() -> None:
    answer = _answer(
        "battlefield: [{card: Grizzly Bears, id: bears}, {card: Pacifism, id: aura, attached_to: bears},"
        " {card: Bonesplitter, id: gear, attached_to: bears}]\n"
        "actions: [{leaves: {object: bears, to: exile}}]\nquery: aura\n"
    )
    assert "704.5m" in {rule for step in answer.result.steps for rule in step.rules}
    assert [(move.object, move.to) for move in answer.zone_moves] == [
        ("bears", Zone.EXILE),
        ("aura", Zone.GRAVEYARD),
    ]
    gear = _answer(
        "battlefield: [{card: Grizzly Bears, id: bears},"
        " {card: Bonesplitter, id: gear, attached_to: bears}]\n"
        "actions: [{leaves: {object: bears, to: exile}}]\nquery: gear\n"
    )
    assert "301.5c" in {rule for note in gear.result.notes for rule in note.rules}


def test_leyline_spares_its_controllers_own_cards() -> None:
    board = _board(
        "battlefield: [{card: Leyline of the Void, id: leyline}, {card: Grizzly Bears, id: bears}]\n"
        "actions: [{leaves: {object: bears, to: graveyard}}]\n"
    )
    assert board.get("bears").zone is Zone.GRAVEYARD


def test_two_exile_replacements_exile_it_but_which_applied_is_unknown() -> None:
    """616.1: the affected player chooses; not given, it is exiled either way, but never "with" one of them
    as if that player had chosen it (issue 21)."""
    board = _board(
        "battlefield: [{card: Leyline of the Void, id: leyline}, {card: Rest in Peace, id: rip},"
        " {card: Grizzly Bears, id: bears, controller: opponent}]\n"
        "actions: [{leaves: {object: bears, to: graveyard}}]\n"
    )
    move = board.moves[-1]
    assert (board.get("bears").zone, move.replacement, move.options) == (Zone.EXILE, None, ("leyline", "rip"))
    assert board.get("bears").exiled_by is None
    assert {"616.1", "614.6"} <= set(move.rules)
    [why] = [s.text for s in move.steps if s.text.startswith("Several replacement effects")]
    assert "Which one was applied isn't given" in why
    assert "which of them it is exiled with is unknown" in why
    assert "chose this one" not in " ".join(s.text for s in move.steps)
    chosen = _board(
        "battlefield: [{card: Leyline of the Void, id: leyline}, {card: Rest in Peace, id: rip},"
        " {card: Grizzly Bears, id: bears, controller: opponent}]\n"
        "actions: [{leaves: {object: bears, to: graveyard, replacement: rip}}]\n"
    )
    assert chosen.moves[-1].replacement == "rip"


def test_wheel_needs_to_know_whom_it_enchants() -> None:
    board = _board(
        "battlefield: [{card: Wheel of Sun and Moon, id: wheel}, {card: Grizzly Bears, id: bears}]\n"
        "actions: [{leaves: {object: bears, to: graveyard}}]\n"
    )
    # Not given is not "not applied" (CR 614.1a): the card goes to the graveyard or the bottom of the library.
    assert board.get("bears").zone is Zone.BATTLEFIELD
    move = board.moves[-1]
    assert move.to is None
    assert move.options == ("wheel",)
    assert "Where bears goes is unknown" in move.steps[-1].text
    assert "wheel (to the bottom of its owner's library)" in move.steps[-1].text
    assert "otherwise its owner's graveyard" in move.steps[-1].text
    assert "isn't applied" not in " ".join(step.text for step in move.steps)
    wheel = _board(
        "battlefield: [{card: Wheel of Sun and Moon, id: wheel, choices: {enchanted player: you}},"
        " {card: Grizzly Bears, id: bears}]\nactions: [{leaves: {object: bears, to: graveyard}}]\n"
    )
    assert wheel.get("bears").zone is Zone.LIBRARY


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (
            "[{leaves: {object: bears, to: graveyard}}, {leaves: {object: bears, to: exile}}]",
            "not on the battlefield",
        ),
        ("[{returns: {cards_of: bears}}]", "no card that bears became"),
        (
            "[{leaves: {object: bears, to: exile, last: Grizzly Bears}}]",
            "last: Grizzly Bears is for exiling a melded",
        ),
        ("[{leaves: {object: host, to: graveyard, last: Graf Rats}}]", "has no such choice"),
        ("[{leaves: {object: bears, to: graveyard, replacement: bears}}]", "no replacement effect applies"),
        ("[{leaves: {object: host, to: exile, ids: {Grizzly Bears: x}}}]", "isn't a card host becomes"),
    ],
)
def test_impossible_moves_are_clear_errors(actions: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        _board(
            "battlefield: [{card: Grizzly Bears, id: bears}, {card: Chittering Host, id: host}]\n"
            f"actions: {actions}\n"
        )


def test_duplicant_takes_a_normal_creatures_values() -> None:
    board = _board(
        "battlefield: [{card: Grizzly Bears, id: bears, controller: opponent}]\n"
        "actions: [{enters: {card: Duplicant, id: dup}}, {leaves: {object: bears, to: exile, by: dup}}]\n"
    )
    dup = current_values(board.get("dup"), board)
    assert dup.power is not None
    assert dup.toughness is not None
    assert (dup.power.value, dup.toughness.value, dup.subtypes) == (2, 2, ("Bear", "Shapeshifter"))
    assert (board.get("bears").exiled_by, board.get("bears").exiled_by_ability) == ("dup", 1)


def test_duplicants_static_is_applied_not_reported_as_unrecognised() -> None:
    answer = _answer(
        "battlefield: [{card: Grizzly Bears, id: bears, controller: opponent}]\n"
        "actions: [{enters: {card: Duplicant, id: dup}}, {leaves: {object: bears, to: exile, by: dup}}]\n"
        "query: dup\n"
    )
    notes = " ".join(note.text for note in answer.result.notes)
    assert "doesn't recognise" not in notes
    assert (answer.result.current.power, answer.result.current.subtypes) == (2, ("Bear", "Shapeshifter"))


def test_a_melded_permanent_counts_once_as_an_object_twice_as_cards() -> None:
    board = _board(
        "battlefield: [{card: Chittering Host, id: host}, {card: Zulaport Cutthroat, id: zulaport},"
        " {card: Planar Void, id: void}]\nactions: [{leaves: {object: host, to: graveyard}}]\n"
    )
    assert _times(board) == {"zulaport": 1, "void": 2}
    assert (board.moves[-1].objects_moved, board.moves[-1].cards_moved) == (1, 2)
    assert found_object(board, "host") == "Graf Rats"
    with pytest.raises(KeyError):
        found_object(board, "nothing")


def test_duplicant_loses_the_values_when_the_card_leaves_exile() -> None:
    board = _board(
        "battlefield: [{card: Grizzly Bears, id: bears, controller: opponent}]\n"
        "actions: [{enters: {card: Duplicant, id: dup}}, {leaves: {object: bears, to: exile, by: dup}},"
        " {returns: {cards_of: bears}}]\n"
    )
    dup = current_values(board.get("dup"), board)
    assert dup.toughness is not None
    assert (dup.toughness.value, dup.subtypes) == (4, ("Shapeshifter",))
    assert board.get("bears").zone is Zone.BATTLEFIELD
    dup_log = [entry.explanation.text for entry in board.log if entry.object_id == "dup"]
    assert any("is in exile any more" in text for text in dup_log)


def test_querying_a_token_that_left_answers_with_its_last_known_information() -> None:
    answer = _answer(
        "actions:\n  - create_token: {name: Soldier, power: 1, toughness: 1, id: soldier}\n"
        "  - leaves: {object: soldier, to: exile}\n"
    )
    assert (answer.result.id, answer.result.zone, answer.result.current.token) == ("soldier", "exile", True)
    assert any("ceased to exist" in str(note.text) for note in answer.result.notes)


def test_replaying_zone_changes_rebuilds_the_same_board() -> None:
    spec = load_board(
        "battlefield: [{card: Chittering Host, id: host}, {card: Blood Artist, id: artist}]\n"
        "actions: [{leaves: {object: host, to: exile}},"
        " {returns: {cards_of: host, counters: {'+1/+1': 1}}}]\n"
    )
    cards = cards_for(spec)
    board = board_from_spec(spec, cards)
    again = replay(board.events, cards)
    assert (again.objects, again.moves, again.triggers) == (board.objects, board.moves, board.triggers)
    assert [o.counters for o in board.in_zone(Zone.BATTLEFIELD)][1:] == [{"+1/+1": 1}, {"+1/+1": 1}]


def test_returns_also_moves_a_card_listed_in_exile() -> None:
    board = _board(
        "exile: [{card: Grizzly Bears, id: bears}]\n"
        "actions: [{returns: {cards_of: bears, controller: opponent}}]\n"
    )
    bears = board.get("bears")
    assert (bears.zone, bears.owner, bears.controller) == (Zone.BATTLEFIELD, Player.YOU, Player.OPPONENT)


def test_an_aura_copy_effect_follows_the_aura_to_its_new_host() -> None:
    board = _board(
        "battlefield:\n  - {card: Serra Angel, id: angel}\n  - {card: Grizzly Bears, id: bears}\n"
        "  - {card: Llanowar Elves, id: elves}\n"
        "  - {card: Metamorphic Alteration, id: alteration, attached_to: bears}\n"
        "actions:\n  - becomes_copy: {object: bears, of: angel, via: Metamorphic Alteration}\n"
        "  - attach: {object: alteration, to: elves}\n"
    )
    assert current_values(board.get("bears"), board).name == "Grizzly Bears"
    assert current_values(board.get("elves"), board).name == "Serra Angel"


# Void Maw's "If another creature would die, exile it instead" (CR 614.1a, 700.4): a card it exiles is
# exiled with it, for its "Put a card exiled with ~ into its owner's graveyard" (607.2a).
VOID_MAW = (
    "battlefield: [{card: Void Maw, id: maw}, {card: Grizzly Bears, id: bears, controller: opponent},"
    " {card: Sol Ring, id: ring}]\n"
)


def test_a_creature_that_would_die_with_void_maw_is_exiled_with_it() -> None:
    board = _board(VOID_MAW + "actions: [{leaves: {object: bears, to: graveyard}}]\n")
    bears = board.get("bears")
    assert (bears.zone, bears.exiled_by, bears.exiled_by_ability) == (Zone.EXILE, "maw", 2)
    assert [o.id for o in exiled_with(board, board.get("maw"))] == ["bears"]
    assert {"614.1a", "614.6"} <= set(board.moves[-1].rules)


@pytest.mark.parametrize(
    "text",
    [
        "If another creature would die, exile it instead.",
        "If another creature would be put into a graveyard from the battlefield, exile it instead.",
        "If ~ would die, exile it instead.",
        "If a nontoken creature an opponent controls would die, exile it instead.",
    ],
)
def test_dies_replacements_are_read_across_wordings(text: str) -> None:
    wording = graveyard_replacement(text)
    assert wording is not None
    assert (wording.dies, wording.rest) == (True, "exile it instead")


def test_a_dies_replacement_says_whom_it_covers() -> None:
    maw = graveyard_replacement("If another creature would die, exile it instead.")
    itself = graveyard_replacement("If ~ would die, exile it instead.")
    theirs = graveyard_replacement("If a nontoken creature an opponent controls would die, exile it instead.")
    assert maw is not None
    assert itself is not None
    assert theirs is not None
    assert (maw.another, maw.itself, maw.tokens) == (True, False, True)
    assert (itself.another, itself.itself) == (False, True)
    assert (theirs.nontoken, theirs.tokens, theirs.ctrl) == (True, False, " an opponent controls")
    assert (
        graveyard_replacement("If a creature dealt damage by ~ this turn would die, exile it instead.")
        is None
    )


@pytest.mark.parametrize("dying", ["maw", "ring"])
def test_void_maw_itself_and_a_noncreature_go_to_the_graveyard(dying: str) -> None:
    # "another creature would die" (CR 700.4: dies means is put into a graveyard from the battlefield): Void
    # Maw itself isn't another creature, and Sol Ring isn't a creature.
    board = _board(VOID_MAW + f"actions: [{{leaves: {{object: {dying}, to: graveyard}}}}]\n")
    assert board.get(dying).zone is Zone.GRAVEYARD


# CR 903.3: the commander designation is the card's, so the new object a zone change makes keeps it.
COMMANDER = (
    "battlefield: [{card: Grizzly Bears, id: bear, commander: true}, {card: Serra Angel, id: angel}]\n"
)


def test_a_commander_that_dies_and_returns_is_still_the_commander() -> None:
    died = _board(COMMANDER + "actions: [{leaves: {object: bear, to: graveyard}}]\n")
    assert (died.get("bear").zone, died.get("bear").commander) == (Zone.GRAVEYARD, True)
    assert "903.3" in died.moves[-1].rules
    back = _answer(
        COMMANDER + "actions: [{leaves: {object: bear, to: exile}},"
        " {returns: {cards_of: bear, to: battlefield}}, {leaves: {object: angel, to: graveyard}}]\n"
        "query: bear\n"
    )
    commanders = {o.id: o.commander for o in back.objects}
    assert commanders == {"bear": True, "angel": False}
    assert back.model_dump(mode="json")["objects"][0]["commander"] is True


def test_kalitas_is_one_of_the_replacements_and_its_zombie_isnt_made_up() -> None:
    """616.1 with Kalitas, Traitor of Ghet ("instead exile that card and create … Zombie"): read as a dies
    replacement; chosen, its Zombie is said, not made up; not chosen, whether it is made is unknown."""
    board = (
        "battlefield: [{card: Grizzly Bears, id: bears, controller: opponent},"
        " {card: 'Kalitas, Traitor of Ghet', id: kalitas}, {card: Rest in Peace, id: rip}]\n"
        "actions: [{leaves: {object: bears, to: graveyard%s}}]\n"
    )
    unchosen = _board(board % "").moves[-1]
    assert (unchosen.to, unchosen.options) == ("exile", ("kalitas", "rip"))
    assert any("whether kalitas's effect also does this: “create" in s.text for s in unchosen.steps)
    chosen = _board(board % ", replacement: kalitas").moves[-1]
    assert chosen.replacement == "kalitas"
    assert any("It also does this, which the board doesn't do" in s.text for s in chosen.steps)


@pytest.mark.parametrize(
    ("card", "double_faced"), [("Scarwood Treefolk", False), ("Delver of Secrets", True)]
)
def test_only_a_double_faced_card_is_said_to_enter_front_face_up(card: str, double_faced: bool) -> None:
    """CR 712.14 is about double-faced cards; any card put onto the battlefield is a new object (400.7)."""
    answer = _answer(
        f"graveyard:\n  - {{card: {card}, id: it}}\n"
        "actions:\n  - put_onto_battlefield: {object: it}\nquery: it\n"
    )
    [put] = [s for s in answer.result.steps if s.text.startswith("It is put onto the battlefield")]
    assert "400.7" in put.rules
    assert ("712.14" in put.rules) is double_faced
    assert ("front face" in put.text) is double_faced
