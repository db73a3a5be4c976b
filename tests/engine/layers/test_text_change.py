"""Text-changing effects (CR 612, layer 3 613.1c) and linked abilities after a text change (607.1, 612.5).

Word changes (Mind Bend, Sleight of Mind, Artificial Evolution, Crystal Spray: 612.2) and an exchange of
text boxes (Exchange of Words: 612.5, 701.10h) on boards built from the shared card data: P/T, types,
abilities, protection, landwalk, lords, intrinsic mana, the linked "cards exiled with ~", a copy (707.2),
granted abilities (612.3), durations (514.2) and the errors.
"""

from __future__ import annotations

import pytest

from data.boards import BoardFormatError, load_board
from data.rules.parser import RulesDocument
from engine.actions.events import apply_event, board_from_spec, event_of
from engine.actions.imprint import exiled_by_other_abilities, exiled_with, other_abilities_reasons
from engine.actions.text_changes import (
    change_text,
    exchange_text,
    text_change_ends,
    text_changes_end_in_cleanup,
)
from engine.answers.copy_result import LinkedView, answer_board, describe_linked
from engine.core.characteristics import Characteristics
from engine.core.effects import EffectKind, EffectSpec
from engine.core.known import Unsure
from engine.core.model import Card
from engine.core.results import Explanation
from engine.layers.computed import Computed
from engine.layers.system import current_characteristics
from engine.oracle import parse_card
from engine.oracle.text_change import CREATURE_TYPES, WordChange, WordKind, changed_text, word_kind
from engine.state.actions import (
    ChangeTextAction,
    CleanupAction,
    EndsAction,
    EntersAction,
    ExchangeTextAction,
    LeavesAction,
)
from engine.state.board import (
    Board,
    BoardError,
    BoardSpec,
    Event,
    MoveSpec,
    ObjectSpec,
    TextChangeSpec,
    Zone,
)
from tests.card_data import parsed_card, rules_keyword_vocabulary
from tests.engine.copy_cards import cards_for
from tests.known import current_values

# A Sutured Ghoul whose linked exile ability uses a color word (a card written for this test).
BONE_COLLECTOR = {
    "name": "Bone Collector",
    "mana_cost": "{4}{B}",
    "type_line": "Creature — Zombie",
    "oracle_text": (
        "As Bone Collector enters the battlefield, exile any number of black creature cards from your "
        "graveyard.\nBone Collector's power is equal to the total power of the exiled cards and its "
        "toughness is equal to their total toughness."
    ),
    "power": "*",
    "toughness": "*",
}


_END_FIRST_TEXT_CHANGE = EndsAction(target="bears", text_change_number=1)


def cards(*names: str) -> dict[str, Card]:
    found = {name: parsed_card(name) for name in names}
    found["Bone Collector"] = parse_card(BONE_COLLECTOR, rules_keyword_vocabulary())
    return found


def board(*objects: ObjectSpec) -> tuple[Board, dict[str, Card]]:
    catalogue = cards(
        *{o.card for o in objects if o.card != "Bone Collector"}, "Clone", "Llanowar Elves", "Hill Giant"
    )
    return board_from_spec(BoardSpec(objects=objects), catalogue), catalogue


def change(
    board: Board,
    handle: str,
    kind: WordKind,
    old: str,
    new: str,
    via: str,
    *,
    until_end_of_turn: bool = False,
) -> Board:
    board, stamp = board.tick()
    spec = TextChangeSpec(
        word=WordChange(kind=kind, old=old, new=new), via=via, until_end_of_turn=until_end_of_turn
    )
    action = ChangeTextAction(target=handle, text_change=spec)
    return change_text(board, Event(action=action, timestamp=stamp, object_id=handle), action)


def exchange(board: Board, first: str, second: str) -> Board:
    board, stamp = board.tick()
    spec = TextChangeSpec(exchange_with=second, via="Exchange of Words")
    action = ExchangeTextAction(target=first, text_change=spec)
    return exchange_text(board, Event(action=action, timestamp=stamp, object_id=first), action)


def now(board: Board, handle: str) -> Computed:
    return current_characteristics(board.get(handle), board)


def value(board: Board, handle: str) -> Characteristics:
    return current_values(board.get(handle), board)


def pt(board: Board, handle: str) -> tuple[int | None, int | None]:
    values = value(board, handle)
    return (
        values.power.value if values.power else None,
        values.toughness.value if values.toughness else None,
    )


def texts(board: Board, handle: str) -> list[str]:
    return [a.rules_text for a in value(board, handle).abilities]


def rules(board: Board, handle: str) -> set[str]:
    """Every rule the reasoning about ``handle`` cites: the board's log and the layer system's."""
    values = now(board, handle)
    logged = [e.explanation for e in board.log if e.object_id == handle]
    cited = {rule for item in (*logged, *values.steps, *values.notes) for rule in item.rules}
    return cited | {rule for unknown in values.unknowns for rule in unknown.rules}


def test_artificial_evolution_turns_a_goblin_lord_into_an_elf_lord() -> None:
    """CR 612.2, 613.1c: "Goblin" in Goblin King's rules text and type line becomes "Elf"; its name stays."""
    built, _ = board(
        ObjectSpec(card="Goblin King", id="king"),
        ObjectSpec(card="Llanowar Elves", id="elf"),
        ObjectSpec(card="Raging Goblin", id="goblin"),
    )
    assert pt(built, "elf") == (1, 1)
    assert pt(built, "goblin") == (2, 2)
    built = change(built, "king", WordKind.CREATURE_TYPE, "Goblin", "Elf", "Artificial Evolution")
    king = value(built, "king")
    assert king.name == "Goblin King"
    assert king.subtypes == ("Elf",)
    assert texts(built, "king") == ["Other Elf creatures get +1/+1 and have mountainwalk."]
    assert pt(built, "elf") == (2, 2)
    assert "Mountainwalk" in [a.text for a in value(built, "elf").abilities]
    assert pt(built, "goblin") == (1, 1)
    assert {"612.2", "613.1c", "612.1"} <= rules(built, "king")


def test_sleight_of_mind_changes_protection_from_white_to_black() -> None:
    """CR 612.2: the color word of a protection keyword changes ("Protection from white" → "from black")."""
    built, _ = board(ObjectSpec(card="Black Knight", id="knight"))
    built = change(built, "knight", WordKind.COLOR, "white", "black", "Sleight of Mind")
    protection = value(built, "knight").abilities[1]
    assert protection.rules_text == "Protection from black"
    assert (protection.keyword, protection.keyword_parameter) == ("Protection", "from black")
    assert value(built, "knight").name == "Black Knight"
    assert {"612.2", "613.1c"} <= rules(built, "knight")


def test_mind_bend_changes_swampwalk_to_islandwalk() -> None:
    """CR 612.2 (Mind Bend's own example: "forestwalk" to "islandwalk")."""
    built, _ = board(ObjectSpec(card="Bog Wraith", id="wraith"))
    built = change(built, "wraith", WordKind.BASIC_LAND_TYPE, "Swamp", "Island", "Mind Bend")
    walk = value(built, "wraith").abilities[0]
    assert (walk.rules_text, walk.keyword, walk.keyword_parameter) == ("Islandwalk", "Landwalk", "Island")
    assert "612.2" in rules(built, "wraith")


def test_mind_bend_on_an_island_makes_it_a_swamp_that_taps_for_black() -> None:
    """CR 612.1 (the type line's text), 305.6: the intrinsic mana ability follows the land type."""
    built, _ = board(ObjectSpec(card="Island", id="island"))
    built = change(built, "island", WordKind.BASIC_LAND_TYPE, "Island", "Swamp", "Mind Bend")
    assert value(built, "island").subtypes == ("Swamp",)
    assert texts(built, "island") == ["{T}: Add {B}."]
    assert {"612.1", "613.1c"} <= rules(built, "island")


def test_sleight_of_mind_on_circle_of_protection_black_changes_the_source_not_the_name() -> None:
    """CR 612.2: "a black source" becomes "a white source"; the name "Circle of Protection: Black" stays."""
    built, _ = board(ObjectSpec(card="Circle of Protection: Black", id="circle"))
    built = change(built, "circle", WordKind.COLOR, "black", "white", "Sleight of Mind")
    values = value(built, "circle")
    assert values.name == "Circle of Protection: Black"
    assert texts(built, "circle") == [
        "{1}: The next time a white source of your choice would deal damage to you this turn, prevent that "
        "damage."
    ]
    assert "612.2" in rules(built, "circle")


def test_mind_bend_on_nightveil_specter_changes_nothing_linked() -> None:
    """CR 607.2a, 612.2: Nightveil Specter's text has no color word or land type; its exiled card stays
    exiled with it, and nothing is unknown."""
    built, _ = board(
        ObjectSpec(card="Nightveil Specter", id="specter"),
        ObjectSpec(card="Grizzly Bears", id="exiled", zone=Zone.EXILE, exiled_by="specter"),
    )
    before = texts(built, "specter")
    built = change(built, "specter", WordKind.COLOR, "black", "white", "Mind Bend")
    assert texts(built, "specter") == before
    assert [o.id for o in exiled_with(built, built.get("specter"))] == ["exiled"]
    assert now(built, "specter").unknowns == ()
    assert "it uses it nowhere, so nothing changes" in now(built, "specter").steps[0].text


def test_exchange_of_words_between_sutured_ghoul_and_a_vanilla_creature() -> None:
    """CR 612.5, 701.10h, 607.1, 607.2b, 604.3a: each gets the other's rules text. The Ghoul has no
    characteristic-defining ability any more (its */* is 0/0, 208.5); the Bears have the Ghoul's, which
    totals the cards exiled with *their* ability: none, so 0/0. The cards the Ghoul's old text exiled are
    exiled with none of its abilities now."""
    built, _ = board(
        ObjectSpec(card="Sutured Ghoul", id="ghoul"),
        ObjectSpec(card="Grizzly Bears", id="bears"),
        ObjectSpec(card="Llanowar Elves", id="elves", zone=Zone.EXILE, exiled_by="ghoul"),
        ObjectSpec(card="Hill Giant", id="giant", zone=Zone.EXILE, exiled_by="ghoul"),
    )
    assert pt(built, "ghoul") == (4, 4)
    built = exchange(built, "ghoul", "bears")
    assert texts(built, "ghoul") == []
    assert pt(built, "ghoul") == (0, 0)
    assert len(texts(built, "bears")) == 3
    assert texts(built, "bears")[0] == "Trample"
    assert (
        value(built, "bears").abilities[1].worded_for("Grizzly Bears").startswith("As Grizzly Bears enters")
    )
    assert pt(built, "bears") == (0, 0)
    ghoul = built.get("ghoul")
    assert exiled_with(built, ghoul) == ()
    others = exiled_by_other_abilities(built, ghoul)
    assert [o.id for o in others] == ["elves", "giant"]
    reasons, cited = other_abilities_reasons(ghoul, others)
    assert "before Exchange of Words exchanged its text box" in reasons[0].english
    assert {"607.1", "607.2a", "612.5"} <= {c.number for c in cited}
    assert {"612.5", "701.10h", "613.1c"} <= rules(built, "bears")


def linked(built: Board, handle: str) -> tuple[LinkedView, tuple[Explanation, ...]]:
    """The linked view of ``handle`` on ``built`` and the answer's notes."""
    answer = describe_linked(built, handle, "test").result
    assert answer.linked is not None
    return answer.linked, answer.notes


def test_the_linked_view_of_an_exchanged_text_is_the_text_it_got() -> None:
    """CR 612.5, 607.1: while the exchange applies, the Ghoul's linked pairs are the Bears' text's (none),
    not its printed 2-3 pair, and the Bears' are the Ghoul's text's; a note says why."""
    built, _ = board(
        ObjectSpec(card="Sutured Ghoul", id="ghoul"), ObjectSpec(card="Grizzly Bears", id="bears")
    )
    assert [link.abilities for link in linked(built, "ghoul")[0].links] == [(2, 3)]
    built = exchange(built, "ghoul", "bears")
    (ghoul, notes), (bears, _) = linked(built, "ghoul"), linked(built, "bears")
    assert (ghoul.text_of, ghoul.links) == ("Grizzly Bears", ())
    assert bears.text_of == "Sutured Ghoul"
    assert [(link.abilities, link.rule) for link in bears.links] == [((2, 3), "607.2b")]
    (note,) = [note for note in notes if note.text.startswith("Exchange of Words exchanged")]
    assert note.text == (
        "Exchange of Words exchanged the text boxes of ghoul and bears: its linked abilities are those of "
        "the rules text of Grizzly Bears that bears had then, none of its own printed text's."
    )
    assert note.rules == ("612.5", "607.1")


def test_the_linked_view_of_a_text_exchanged_with_a_departed_permanent_is_unknown() -> None:
    """CR 612.5: the other permanent left the battlefield, so the text the Ghoul has isn't known: no pairs
    are listed, and the note says its linked abilities aren't known."""
    built, catalogue = board(
        ObjectSpec(card="Sutured Ghoul", id="ghoul"), ObjectSpec(card="Grizzly Bears", id="bears")
    )
    built = exchange(built, "ghoul", "bears")
    leaves = event_of(LeavesAction(target="bears", move=MoveSpec(to=Zone.GRAVEYARD)))
    built = apply_event(built, leaves, catalogue)
    ghoul, notes = linked(built, "ghoul")
    assert (ghoul.text_of, ghoul.links) == (None, ())
    (note,) = [note for note in notes if note.text.startswith("Exchange of Words exchanged")]
    assert "which isn't known here, so neither are its linked abilities" in note.text


def test_an_exchange_that_ends_gives_the_printed_text_back_to_both() -> None:
    """CR 613.5 (the layers applied again), 607.1: the Ghoul's printed pair counts its cards again."""
    built, _ = board(
        ObjectSpec(card="Sutured Ghoul", id="ghoul"),
        ObjectSpec(card="Grizzly Bears", id="bears"),
        ObjectSpec(card="Hill Giant", id="giant", zone=Zone.EXILE, exiled_by="ghoul"),
    )
    built = exchange(built, "ghoul", "bears")
    built, stamp = built.tick()
    ends = EndsAction(target="bears", text_change_number=1)
    built = text_change_ends(built, Event(action=ends, timestamp=stamp, object_id="bears"), ends)
    assert built.get("ghoul").text_changes == ()
    assert built.get("bears").text_changes == ()
    assert pt(built, "ghoul") == (3, 3)
    assert pt(built, "bears") == (2, 2)
    assert "613.5" in rules(built, "ghoul")


def test_what_an_exchanged_text_exiled_counts_for_none_after_the_exchange_ends() -> None:
    """CR 612.5, 607.1: the Bears' exchanged Ghoul text exiled a card; once the exchange ends, the Bears'
    printed text has no pair it could be linked to, and the answer says it came from the ended exchange."""
    built, catalogue = board(
        ObjectSpec(card="Sutured Ghoul", id="ghoul"),
        ObjectSpec(card="Grizzly Bears", id="bears"),
        ObjectSpec(card="Hill Giant", id="giant"),
    )
    built = exchange(built, "ghoul", "bears")
    exiling = event_of(LeavesAction(target="giant", move=MoveSpec(to=Zone.EXILE, by="bears")))
    built = apply_event(built, exiling, catalogue)
    assert pt(built, "bears") == (3, 3)
    ends = event_of(EndsAction(target="ghoul", text_change_number=1))
    built = apply_event(built, ends, catalogue)
    bears = built.get("bears")
    assert exiled_with(built, bears) == ()
    others = exiled_by_other_abilities(built, bears)
    reasons, cited = other_abilities_reasons(bears, others)
    assert (
        reasons[0].english
        == "Hill Giant by an ability of the rules text an exchange of text boxes gave it, which has ended"
    )
    assert {"607.1", "612.5"} <= {c.number for c in cited}


def test_exchange_partner_leaving_makes_the_text_unknown() -> None:
    """CR 612.5, 701.10h: the text came from a permanent that is gone; the rules don't say what stays."""
    built, catalogue = board(
        ObjectSpec(card="Black Knight", id="knight"), ObjectSpec(card="Grizzly Bears", id="bears")
    )
    built = exchange(built, "knight", "bears")
    assert texts(built, "bears") == ["First strike", "Protection from white"]
    leaves = event_of(LeavesAction(target="knight", move=MoveSpec(to=Zone.GRAVEYARD)))
    built = apply_event(built, leaves, catalogue)
    unknown = now(built, "bears").unknowns
    assert [u.characteristics for u in unknown] == [("abilities",)]
    assert set(unknown[0].rules) == {"612.5", "701.10h"}


def test_a_clone_of_a_mind_bent_creature_gets_the_printed_text() -> None:
    """CR 707.2: text-changing effects aren't copied."""
    built, catalogue = board(ObjectSpec(card="Black Knight", id="knight"))
    built = change(built, "knight", WordKind.COLOR, "white", "red", "Sleight of Mind")
    entering = ObjectSpec(card="Clone", id="clone", copy_of="knight")
    built = apply_event(built, event_of(EntersAction(entering=entering)), catalogue)
    assert texts(built, "clone")[1] == "Protection from white"
    assert texts(built, "knight")[1] == "Protection from red"
    assert "707.2" in rules(built, "knight")


def test_abilities_an_effect_grants_are_not_changed() -> None:
    """CR 612.3: a granted "Protection from black" isn't text the object has."""
    granted = EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=("Protection from black",))
    built, _ = board(ObjectSpec(card="Grizzly Bears", id="bears", effects=(granted,)))
    built = change(built, "bears", WordKind.COLOR, "black", "white", "Sleight of Mind")
    assert texts(built, "bears") == ["Protection from black"]
    assert "612.3" in rules(built, "bears")


def test_crystal_spray_ends_in_the_cleanup_step_and_mind_bend_does_not() -> None:
    """CR 514.2: "until end of turn" text changes end in cleanup; Mind Bend's lasts indefinitely."""
    built, _ = board(ObjectSpec(card="Bog Wraith", id="wraith"), ObjectSpec(card="Black Knight", id="knight"))
    built = change(
        built, "wraith", WordKind.BASIC_LAND_TYPE, "Swamp", "Forest", "Crystal Spray", until_end_of_turn=True
    )
    built = change(built, "knight", WordKind.COLOR, "white", "green", "Mind Bend")
    assert texts(built, "wraith") == ["Forestwalk"]
    built = text_changes_end_in_cleanup(built)
    assert texts(built, "wraith") == ["Swampwalk"]
    assert texts(built, "knight")[1] == "Protection from green"
    assert "514.2" in rules(built, "wraith")


def test_a_word_change_in_a_linked_exile_pair_leaves_earlier_cards_unknown() -> None:
    """CR 607.1, 612.2: a word change inside the linked pair (a color word in "exile … black creature
    cards"): the rules don't say whether the changed ability is still the one that exiled the earlier cards,
    so they count neither as exiled with it nor as exiled by another ability, and the P/T their total defines
    is unknown; a card its changed ability exiles afterwards is exiled with it either way."""
    built, catalogue = board(
        ObjectSpec(card="Bone Collector", id="collector"),
        ObjectSpec(card="Hill Giant", id="giant", zone=Zone.EXILE, exiled_by="collector"),
    )
    assert pt(built, "collector") == (3, 3)
    built = change(built, "collector", WordKind.COLOR, "black", "white", "Sleight of Mind")
    collector = built.get("collector")
    assert exiled_with(built, collector) == ()
    assert exiled_by_other_abilities(built, collector) == ()
    values = now(built, "collector")
    assert isinstance(values.power, Unsure)  # unknown, never stated as none
    assert isinstance(values.toughness, Unsure)
    assert {"power", "toughness", "exiled cards"} <= {c for u in values.unknowns for c in u.characteristics}
    assert {"607.1", "612.2", "607.2b"} <= rules(built, "collector")
    later = ObjectSpec(card="Llanowar Elves", id="elves", zone=Zone.EXILE, exiled_by="collector")
    built = apply_event(built, event_of(EntersAction(entering=later)), catalogue)
    assert [o.id for o in exiled_with(built, built.get("collector"))] == ["elves"]


def test_what_a_changed_linked_ability_exiled_stays_unknown_after_the_change_ends() -> None:
    """CR 607.1, 612.2, 514.2: a card exiled while Crystal Spray-style changed words of the linked exile pair
    applied is undecided once the change ends; a card exiled before it is linked to the printed pair again."""
    built, catalogue = board(
        ObjectSpec(card="Bone Collector", id="collector"),
        ObjectSpec(card="Hill Giant", id="giant", zone=Zone.EXILE, exiled_by="collector"),
    )
    built = change(
        built, "collector", WordKind.COLOR, "black", "white", "Sleight of Mind", until_end_of_turn=True
    )
    during = ObjectSpec(card="Llanowar Elves", id="elves", zone=Zone.EXILE, exiled_by="collector")
    built = apply_event(built, event_of(EntersAction(entering=during)), catalogue)
    built = apply_event(built, event_of(CleanupAction()), catalogue)
    collector = built.get("collector")
    assert collector.text_changes == ()
    assert [o.id for o in exiled_with(built, collector)] == ["giant"]
    values = now(built, "collector")
    assert isinstance(values.power, Unsure)  # unknown, never stated as none
    assert "Llanowar Elves were exiled with it while a text-changing effect" in values.unknowns[-1].reason
    assert {"607.1", "612.2"} <= set(values.unknowns[-1].rules)


@pytest.mark.parametrize(
    ("act", "message"),
    [
        (lambda b: exchange(b, "bears", "bears"), "with itself"),
        (lambda b: exchange(b, "bears", "nobody"), "no object nobody"),
        (
            lambda b: change(b, "dead", WordKind.COLOR, "black", "white", "Mind Bend"),
            "isn.t on the battlefield",
        ),
        (
            lambda b: text_change_ends(b, event_of(_END_FIRST_TEXT_CHANGE), _END_FIRST_TEXT_CHANGE),
            "no text change 1",
        ),
    ],
)
def test_impossible_text_changes_are_refused(act: object, message: str) -> None:
    """A board can't exchange a text box with itself (612.5 needs two objects), name a missing object, change
    the text of a card in a graveyard here, or end a text change the object doesn't have."""
    built, _ = board(
        ObjectSpec(card="Grizzly Bears", id="bears"),
        ObjectSpec(card="Hill Giant", id="dead", zone=Zone.GRAVEYARD),
    )
    with pytest.raises(BoardError, match=message):
        act(built)  # type: ignore[operator]


def test_word_forms_follow_rule_612_2() -> None:
    """CR 612.2, 612.2a: only words used as that kind of word change; never a name, never a mana symbol."""
    black = WordChange(kind=WordKind.COLOR, old="black", new="white")
    assert changed_text("Nonblack creatures; non-black; Black; {B}; Blacksmith", black) == (
        "Nonwhite creatures; non-white; White; {B}; Blacksmith"
    )
    goblin = WordChange(kind=WordKind.CREATURE_TYPE, old="Goblin", new="Elf")
    assert changed_text("Goblins and non-Goblin; a 1/1 red Goblin creature token; goblin", goblin) == (
        "Elves and non-Elf; a 1/1 red Elf creature token; goblin"
    )
    assert changed_text("Goblin King gets it", goblin, ["Goblin King"]) == "Goblin King gets it"
    assert changed_text("Sacrifice a Goblin: A Goblin", goblin) == "Sacrifice an Elf: An Elf"
    swamp = WordChange(kind=WordKind.BASIC_LAND_TYPE, old="Swamp", new="Plains")
    assert changed_text("Swampwalk, swampcycling, Swamps", swamp) == "Plainswalk, plainscycling, Plains"
    assert word_kind("Black") == (WordKind.COLOR, "black")
    assert word_kind("time lord") == (WordKind.CREATURE_TYPE, "Time Lord")
    assert word_kind("Artifact") is None


def test_creature_types_are_rule_205_3m(rules_document: RulesDocument) -> None:
    """The creature types a text change knows are exactly CR 205.3m's list."""
    rule = rules_document.rule("205.3m")
    assert rule is not None
    text = rule.text
    listed = text.split("one word long: ")[1].rstrip(".").replace(", and ", ", ").split(", ")
    assert set(CREATURE_TYPES) == {"Time Lord", *listed}


_BOARD = """
battlefield:
  - {card: Black Knight, id: knight}
  - {card: Grizzly Bears, id: bears}
actions:
  - """


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("change_text: {object: knight, from: white, to: Island}", "one of the same kind .CR 612.2."),
        ("change_text: {object: knight, from: purple, to: white}", "'purple' is not a color word"),
        ("change_text: {object: knight, from: white, to: white}", "two different words"),
        ("change_text: {object: knight, from: white}", "change_text needs to:"),
        ("change_text: {object: ghost, from: white, to: black}", "refers to 'ghost', which is not defined"),
        (
            "change_text: {object: knight, from: white, to: black, until: next turn}",
            "until must be end of turn",
        ),
        ("change_text: {object: knight, from: white, to: black, color: 1}", "unknown key 'color'"),
        ("exchange_text: {objects: [knight, knight]}", "knight is named twice"),
        ("exchange_text: {objects: [knight]}", r"needs objects: \[HANDLE, HANDLE\]"),
        ("ends: {object: knight, text_change: 1, effect: 1}", "text_change: N"),
        (f"change_text: {{object: knight, from: white, to: black, via: {'x' * 300}}}", "via is too long"),
    ],
)
def test_board_syntax_errors_name_the_line(action: str, message: str) -> None:
    """The board format refuses each misuse of change_text / exchange_text with its reason and line."""
    with pytest.raises(BoardFormatError, match=f"line 6: .*{message}"):
        load_board(_BOARD + action + "\n")


def test_board_text_changes_read_and_answer() -> None:
    """CR 612.2, 612.5: the board syntax builds the same effects; the linked answer of an exchanged Sutured
    Ghoul lists no card exiled with it and says why (607.1, 607.2a, 612.5)."""
    spec = load_board(
        """
battlefield:
  - {card: Sutured Ghoul, id: ghoul}
  - {card: Black Knight, id: knight}
exile:
  - {card: Hill Giant, id: giant, exiled_by: ghoul}
actions:
  - change_text: {object: knight, from: White, to: green, via: Sleight of Mind, until: end of turn}
  - exchange_text: {objects: [ghoul, knight], via: Exchange of Words}
query: {linked: ghoul}
"""
    )
    change, exchanged = (
        a.text_change for a in spec.actions if isinstance(a, ChangeTextAction | ExchangeTextAction)
    )
    assert change is not None
    assert change.word == WordChange(kind=WordKind.COLOR, old="white", new="green")
    assert change.until_end_of_turn
    assert exchanged is not None
    assert exchanged.exchange_with == "knight"
    answer = answer_board(spec, cards_for(spec), "test").result
    assert answer.current.abilities == (
        "First strike (This creature deals combat damage before creatures without first strike.)",
        "Protection from green (This creature can't be blocked, targeted, dealt damage, or enchanted by "
        "anything green.)",
    )
    assert answer.linked is not None
    assert answer.linked.exiled == ()
    assert (answer.linked.text_of, answer.linked.links) == ("Black Knight", ())
    why = next(n for n in answer.notes if n.text.startswith("Also exiled with"))
    assert {"607.1", "607.2a", "612.5"} <= set(why.rules)
