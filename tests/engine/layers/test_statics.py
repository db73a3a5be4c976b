"""Static abilities of other permanents in the layer system (CR 604, 613.7a, 613.7e, 613.8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from data.boards import BoardFormatError, load_board
from engine.actions.events import board_from_spec, replay
from engine.core.characteristics import Characteristics, GameAbility
from engine.core.effects import EffectKind, Player
from engine.core.known import Known, Unsure
from engine.core.messages import Message, english
from engine.core.model import AbilityKind, PrintedNumber
from engine.layers.dependency import next_effect
from engine.layers.statics import Seen, affected, attachment_issue, could_name, would_affect
from engine.layers.system import board_characteristics, current_characteristics
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from engine.oracle.statics import parse_static, restricts_only
from engine.state.board import Board
from tests.card_data import all_cards
from tests.engine.copy_cards import cards_for
from tests.known import board_values, current_values, settled


def _seen(
    handle: str,
    types: tuple[str, ...],
    *,
    controller: Player = Player.YOU,
    subtypes: tuple[str, ...] = (),
    mana_value: int = 0,
    abilities: tuple[GameAbility, ...] = (),
    attached_to: str | None = None,
) -> Seen:
    values = Characteristics(
        name=handle,
        types=types,
        subtypes=subtypes,
        mana_value=mana_value,
        power=PrintedNumber(printed="2", value=2) if "Creature" in types else None,
        abilities=abilities,
    )
    return Seen(id=handle, values=values, controller=controller, attached_to=attached_to)


def test_anthem_applies_to_its_controllers_creatures_and_others_excludes_itself() -> None:
    lord = _seen("lord", ("Creature",), subtypes=("Elf",))
    world = {
        "lord": lord,
        "elf": _seen("elf", ("Creature",), subtypes=("Elf",)),
        "their elf": _seen("their elf", ("Creature",), subtypes=("Elf",), controller=Player.OPPONENT),
        "bear": _seen("bear", ("Creature",), subtypes=("Bear",)),
    }
    elves = parse_static("Other Elf creatures you control get +1/+1.")
    anthem = parse_static("Creatures you control get +1/+1.")
    assert elves
    assert anthem
    assert list(affected(elves, lord, world)) == ["elf"]
    assert sorted(affected(anthem, lord, world)) == ["bear", "elf", "lord"]


def test_march_sets_each_objects_own_mana_value() -> None:
    march = parse_static(
        "Each noncreature artifact is an artifact creature with power and toughness each equal to its "
        "mana value."
    )
    assert march is not None
    source = _seen("march", ("Enchantment",))
    world = {
        "march": source,
        "staff": _seen("staff", ("Artifact",), mana_value=4),
        "ox": _seen("ox", ("Artifact", "Creature")),
    }
    found = affected(march, source, world)
    assert list(found) == ["staff"]
    assert (found["staff"][1].power, found["staff"][1].toughness) == (4, 4)


def test_attached_subject_and_condition() -> None:
    rune = parse_static(
        'As long as enchanted permanent is an Equipment, it has "Equipped creature has flying."'
    )
    assert rune is not None
    hammer = _seen("hammer", ("Artifact",), subtypes=("Equipment",))
    aura = _seen("rune", ("Enchantment",), subtypes=("Aura",), attached_to="hammer")
    bear = _seen("bear", ("Creature",))
    assert list(affected(rune, aura, {"hammer": hammer, "rune": aura})) == ["hammer"]
    on_bear = Seen(id="rune", values=aura.values, controller=Player.YOU, attached_to="bear")
    assert affected(rune, on_bear, {"bear": bear, "rune": on_bear}) == {}


def test_illegal_attachments() -> None:
    equipment = _seen("splitter", ("Artifact", "Creature"), subtypes=("Equipment",))
    assert "can't equip" in _said(attachment_issue(equipment, _seen("bear", ("Creature",))))
    plain = _seen("splitter", ("Artifact",), subtypes=("Equipment",))
    assert "isn't a creature" in _said(attachment_issue(plain, _seen("forest", ("Land",))))
    enchant = GameAbility(
        text="Enchant creature",
        rules_text="Enchant creature",
        kind=AbilityKind.KEYWORD,
        keyword="Enchant",
        keyword_parameter="creature",
    )
    aura = _seen("rancor", ("Enchantment",), subtypes=("Aura",), abilities=(enchant,))
    assert "Enchant creature" in _said(attachment_issue(aura, _seen("forest", ("Land",))))
    assert attachment_issue(aura, _seen("bear", ("Creature",))) is None


def _said(issue: Message | None) -> str:
    """An attachment issue in English, or "" for none."""
    return "" if issue is None else issue.english


def test_dependency_overrides_timestamps_and_loops_fall_back_to_them() -> None:
    def key(e: str) -> tuple[int, ...]:
        return (int(e[-1]),)

    waits = next_effect(["march1", "lattice2"], key, lambda a, b: a.startswith("march"), lambda e: e)
    assert waits.effect == "lattice2"
    assert waits.waits["march1"] == ("lattice2",)
    assert not waits.loop
    loop = next_effect(["a2", "b1"], key, lambda a, b: True, lambda e: e)
    assert loop.effect == "b1"
    assert loop.loop == ("a2", "b1")


def test_an_effect_waiting_for_a_loop_is_not_in_it() -> None:
    """CR 613.8b: "c0" depends on "a2", which forms a loop with "b1": the loop applies first (timestamps)."""

    def key(e: str) -> tuple[int, ...]:
        return (int(e[-1]),)

    waits = {"a2": {"b1"}, "b1": {"a2"}, "c0": {"a2"}}
    chosen = next_effect(["a2", "b1", "c0"], key, lambda a, b: b in waits[a], lambda e: e)
    assert (chosen.effect, chosen.loop) == ("b1", ("a2", "b1"))


_RUNE_FIRST = """
battlefield:
  - {card: Colossus Hammer, id: hammer}
  - {card: Rune of Flight, id: rune, attached_to: hammer}
  - {card: Grizzly Bears, id: bears}
actions:
  - attach: {object: hammer, to: bears}
"""


def _board(text: str) -> Board:
    spec = load_board(text)
    return board_from_spec(spec, cards_for(spec))


def test_attaching_gives_new_timestamps_and_replays() -> None:
    board = _board(_RUNE_FIRST)
    hammer = board.get("hammer")
    assert hammer.attached_to == "bears"
    assert hammer.timestamp > board.get("rune").timestamp
    bears = current_values(board.get("bears"), board)
    assert (bears.power and bears.power.value, [a.text for a in bears.abilities]) == (12, ["Flying"])
    again = replay(board.events, cards_for(load_board(_RUNE_FIRST)))
    assert current_values(again.get("bears"), again).abilities == bears.abilities


def test_hammer_alone_removes_flying_and_equipment_keeps_granted_ability() -> None:
    board = _board(_RUNE_FIRST.replace("  - {card: Rune of Flight, id: rune, attached_to: hammer}\n", ""))
    bears = current_values(board.get("bears"), board)
    assert bears.power
    assert bears.power.value == 12
    assert bears.abilities == ()
    with_rune = _board(_RUNE_FIRST)
    hammer = board_values(with_rune)["hammer"]
    assert "Equipped creature has flying." in [a.text for a in hammer.abilities]


def test_results_are_cached_per_board_and_objects_off_the_board_still_work() -> None:
    board = _board(_RUNE_FIRST)
    assert board_characteristics(board) is board_characteristics(board)
    lone = board.get("bears").model_copy(update={"attached_to": None})
    assert current_values(lone, Board()).power == PrintedNumber(printed="2", value=2)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("attach: {object: hammer}", "exactly object: HANDLE and to: HANDLE"),
        ("attach: {object: hammer, to: nobody}", "not defined earlier"),
    ],
)
def test_attach_action_format(action: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message):
        load_board(f"battlefield:\n  - {{card: Colossus Hammer, id: hammer}}\nactions:\n  - {action}\n")


def _attached_statics(prefix: str, keywords: KeywordVocabulary) -> list[str]:
    """Static abilities of the 2019 cards that start with ``prefix`` ("Equipped creature")."""
    found = []
    for raw in all_cards():
        if prefix in raw.get("oracle_text", "") and raw.get("layout") not in ("token", "emblem"):
            card = parse_card(raw, keywords)
            found += [
                a.rules_text
                for face in card.faces
                for a in face.abilities
                if a.kind is AbilityKind.STATIC and a.rules_text.startswith(prefix)
            ]
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("prefix", "share"), [("Equipped creature", 0.78), ("Enchanted creature", 0.6)])
def test_corpus_share_of_equipment_and_aura_statics_recognised(
    prefix: str, share: float, keyword_vocabulary: KeywordVocabulary
) -> None:
    texts = _attached_statics(prefix, keyword_vocabulary)
    recognised = [t for t in texts if (p := parse_static(t)) is not None and p.parts and not p.unrecognised]
    assert len(texts) > 200
    assert len(recognised) / len(texts) >= share, len(recognised)


def test_aura_on_an_illegal_permanent_is_noted_not_applied() -> None:
    board = _board(
        "battlefield:\n  - {card: Forest, id: forest}\n  - {card: Rancor, id: rancor, attached_to: forest}\n"
        "  - {card: Grizzly Bears, id: bears}\n"
    )
    forest = current_characteristics(board.get("forest"), board)
    assert [a.text for a in settled(forest).abilities] == ["{T}: Add {G}."]  # not Rancor's trample
    assert settled(forest).power is None
    assert any("704.5m" in note.rules for note in forest.notes)


@pytest.mark.parametrize(
    ("text", "subject_is_itself", "requirement"),
    [
        (
            "~ has trample as long as it has ten or more +1/+1 counters on it.",
            True,
            {"counters": ("+1/+1", 10)},
        ),
        (
            "As long as ~ has five or more quest counters on it, creatures you control get +2/+0.",
            False,
            {"counters": ("quest", 5)},
        ),
        (
            "~ has indestructible as long as it has a divinity counter on it.",
            True,
            {"counters": ("divinity", 1)},
        ),
        ("~ has double strike as long as you control three or more artifacts.", True, {"at_least": 3}),
        ("As long as ~ is equipped, it gets +1/+1 and has first strike.", True, {"attached": ("Equipment",)}),
        ("As long as ~ is enchanted or equipped, it gets +2/+2.", True, {"attached": ("Aura", "Equipment")}),
        ("~ gets +0/+3 as long as it's untapped.", True, {"tapped": False}),
        ("~ has defender as long as it's a Wall.", True, {"type_word": "Wall"}),
        ("As long as ~ is red, it gets +1/+0.", True, {"type_word": "red"}),
        ("~ gets +2/+2 as long as it's your turn.", True, {"decided": False, "your_turn": True}),
        ("~ has hexproof as long as it's not your turn.", True, {"decided": False, "your_turn": False}),
        ("~ has first strike as long as it's attacking.", True, {"decided": False}),
        (
            "As long as you have seven or more cards in hand, ~ gets +2/+1 and has first strike.",
            True,
            {"decided": False},
        ),
        ("As long as ~ is untapped, noncreature artifacts have shroud.", False, {"tapped": False}),
    ],
)
def test_self_referencing_conditions_are_parsed(
    text: str, subject_is_itself: bool, requirement: dict[str, object]
) -> None:
    parsed = parse_static(text)
    assert parsed is not None
    assert parsed.parts, parsed
    assert not parsed.unrecognised, parsed
    assert parsed.subject.itself is subject_is_itself
    assert parsed.requirement is not None
    assert parsed.requirement.decided is requirement.pop("decided", True)
    for name, value in requirement.items():
        assert getattr(parsed.requirement, name) == value, name


def test_you_control_requirement_has_its_subject() -> None:
    parsed = parse_static("~ gets +1/+1 as long as you control another red creature.")
    assert parsed is not None
    assert parsed.requirement is not None
    control = parsed.requirement.you_control
    assert control is not None
    assert (control.other, control.colors, control.types, control.controller) == (
        True,
        ("R",),
        ("Creature",),
        "you",
    )


@pytest.mark.parametrize(
    ("text", "restriction"),
    [
        ("~ can't block.", True),
        ("~ can't block unless you have four or more cards in hand.", True),
        ("~ doesn't untap during your untap step if it has a depletion counter on it.", True),
        ("~ has trample as long as you control a Beast, haste as long as you control a Goblin.", False),
        ("~ gets +1/+1 for each artifact you control.", False),
    ],
)
def test_restrictions_of_the_object_itself_are_not_characteristics(text: str, restriction: bool) -> None:
    parsed = parse_static(text)
    assert parsed is not None
    assert restricts_only(parsed) is restriction


def test_requirement_on_counters_the_board_and_undecided_ones() -> None:
    hydra = parse_static("~ has trample as long as it has ten or more +1/+1 counters on it.")
    marshal = parse_static("~ gets +1/+1 as long as you control an Island.")
    geist = parse_static("~ gets +2/+2 as long as it's your turn.")
    assert hydra is not None
    assert marshal is not None
    assert geist is not None
    nine = replace(_seen("hydra", ("Creature",)), counters={"+1/+1": 9})
    ten = replace(nine, counters={"+1/+1": 10})
    assert affected(hydra, nine, {"hydra": nine}) == {}
    assert list(affected(hydra, ten, {"hydra": ten})) == ["hydra"]
    soldier = _seen("marshal", ("Creature",))
    island = _seen("island", ("Land",), subtypes=("Island",))
    theirs = replace(island, controller=Player.OPPONENT)
    assert list(affected(marshal, soldier, {"marshal": soldier, "island": island})) == ["marshal"]
    assert affected(marshal, soldier, {"marshal": soldier, "island": theirs}) == {}
    spirit = _seen("geist", ("Creature",))
    assert affected(geist, spirit, {"geist": spirit}) == {}
    assert list(would_affect(geist, spirit, {"geist": spirit})) == ["geist"]


def _note_texts(board: Board, handle: str) -> list[str]:
    return [note.text for note in current_characteristics(board.get(handle), board).notes]


def test_own_condition_replaces_the_unrecognised_note() -> None:
    board = _board("battlefield:\n  - {card: Primordial Hydra, id: hydra, counters: {'+1/+1': 9}}\n")
    assert not any("doesn't recognise" in text for text in _note_texts(board, "hydra"))
    geist = _board("battlefield:\n  - {card: Wildwood Geist, id: geist}\n")
    notes = _note_texts(geist, "geist")
    assert any("if so, it gives it +2/+2; if not, it doesn't apply" in text for text in notes), notes


def test_own_condition_is_checked_after_earlier_layers() -> None:
    wall = "battlefield:\n  - {card: Mistform Wall, id: wall"
    printed = current_values(_board(wall + "}\n").get("wall"), _board(wall + "}\n"))
    board = _board(wall + ", effects: [{set_subtypes: [Bird]}]}\n")
    bird = current_values(board.get("wall"), board)
    assert "Defender" in [a.text for a in printed.abilities]
    assert "Defender" not in [a.text for a in bird.abilities]


@pytest.mark.slow
def test_corpus_self_referencing_statics_recognised(keyword_vocabulary: KeywordVocabulary) -> None:
    """The 2019 cards' own conditional statics ("~ has trample as long as …"): most are applied or noted."""
    texts = []
    for raw in all_cards():
        wording = raw.get("oracle_text", "").casefold()
        if "as long as" in wording and raw.get("layout") not in ("token", "emblem"):
            card = parse_card(raw, keyword_vocabulary)
            texts += [
                a.rules_text
                for face in card.faces
                for a in face.abilities
                if a.kind is AbilityKind.STATIC
                and "~" in a.rules_text
                and "as long as" in a.rules_text.casefold()
            ]
    parsed = [p for t in texts if (p := parse_static(t)) is not None and p.parts and not p.unrecognised]
    decided = [p for p in parsed if p.requirement is not None and p.requirement.decided]
    assert len(texts) > 300
    assert len(parsed) >= 300, len(parsed)
    assert len(decided) >= 130, len(decided)


def test_combat_subjects_apply_only_in_combat_to_what_they_name() -> None:
    pack = parse_static("Attacking creatures you control get +3/+0.")
    assert pack is not None
    assert pack.requirement is not None
    assert (pack.requirement.combat, pack.requirement.decided) == ("attacking", False)
    source = _seen("pack", ("Creature",), controller=Player.OPPONENT)
    world = {"pack": source, "clone": _seen("clone", ("Creature",)), "ox": replace(source, id="ox")}
    assert affected(pack, source, world) == {}
    assert sorted(would_affect(pack, source, world)) == ["ox", "pack"]


_CLONE_OF_PACK = """
battlefield:
  - {card: Instigator Gang, id: pack, controller: opponent, transformed: true}
  - {card: Clone, copy_of: pack}
"""


def test_attacking_anthem_is_noted_once_on_what_it_could_apply_to() -> None:
    board = _board(_CLONE_OF_PACK)
    notes = {
        handle: [t for t in _note_texts(board, handle) if "Attacking" in t] for handle in ("Clone", "pack")
    }
    assert [t.split("'s “")[0] for t in notes["Clone"]] == ["Clone"]
    assert [t.split("'s “")[0] for t in notes["pack"]] == ["pack"]
    assert "applies only to attacking creatures, and a board has no combat" in notes["Clone"][0]
    assert "gives it +3/+0" in notes["Clone"][0]
    clone = current_characteristics(board.get("Clone"), board)
    assert "508.1k" in {rule for note in clone.notes for rule in note.rules}


@pytest.mark.parametrize(
    ("text", "seen", "could"),
    [
        # The subject decides, not what the predicate makes it (a noncreature artifact becomes a creature).
        ("Each noncreature artifact with mana value 3 or less is an artifact creature.", ("Artifact",), True),
        (
            "Each noncreature artifact with mana value 3 or less is an artifact creature.",
            ("Creature",),
            False,
        ),
        ("Creatures your opponents control with flying get -1/-1.", ("Creature",), False),
        ("Creatures you control with flying get +1/+1.", ("Creature",), True),
        ("All Forests you control and all Saprolings you control are 1/1 creatures.", ("Land",), True),
        ("All Forests you control and all Saprolings you control are 1/1 creatures.", ("Creature",), False),
    ],
)
def test_unparsed_subjects_are_checked_against_what_they_name(
    text: str, seen: tuple[str, ...], could: bool
) -> None:
    assert parse_static(text) is None
    source = _seen("source", ("Enchantment",))
    subtypes = ("Forest",) if "Land" in seen else ()
    assert could_name(text, source, _seen("x", seen, subtypes=subtypes)) is could


def test_unparsed_creature_making_wording_is_noted_on_the_noncreatures_it_names() -> None:
    board = _board(
        "battlefield:\n  - {card: Mountain, id: mountain}\n"
        "  - {card: Awaken the Ancient, id: awaken, attached_to: mountain}\n"
        "  - {card: Grizzly Bears, id: bears}\n"
    )
    assert any("awaken's static ability" in t for t in _note_texts(board, "mountain"))
    assert not any("awaken's" in t for t in _note_texts(board, "bears"))
    # whether it is a creature is unknown, so no note may say it isn't one (CR 208.3)
    assert not any("isn't a creature" in t for t in _note_texts(board, "mountain"))


_CONSPIRACY_TEXT = (
    "Creatures you control are the chosen type{}. The same is true for creature spells you control and "
    "creature cards you own that aren't on the battlefield."
)


@pytest.mark.parametrize(
    ("keep", "kind"),
    [("", EffectKind.SET_SUBTYPES), (" in addition to their other types", EffectKind.ADD_SUBTYPES)],
)
def test_the_chosen_type_for_all_your_creatures_is_filled_in_from_the_source(
    keep: str, kind: EffectKind
) -> None:
    """Conspiracy sets the creature types (CR 205.1a), Arcane Adaptation adds one (205.1b); the type is the
    source's choice, and its cards outside the battlefield are included."""
    parsed = parse_static(_CONSPIRACY_TEXT.format(keep))
    assert parsed is not None
    assert (parsed.chosen_type, parsed.subject.everywhere, parsed.unrecognised) == (True, True, "")
    assert [part.kind for part in parsed.parts] == [kind]
    source = _seen("source", ("Enchantment",))
    chosen = replace(source, choices={"creature type": "Elf"})
    mine = replace(_seen("bears", ("Creature",)), on_battlefield=False)
    theirs = replace(_seen("theirs", ("Creature",)), controller=Player.OPPONENT)
    world = {seen.id: seen for seen in (chosen, mine, theirs)}
    assert {h: [p.subtypes for p in parts] for h, parts in affected(parsed, chosen, world).items()} == {
        "bears": [("Elf",)]
    }
    assert affected(parsed, source, {**world, "source": source}) == {}


_CONSPIRACY_BOARD = """
battlefield:
  - {{card: Conspiracy, id: conspiracy{}}}
  - {{card: Changeling Outcast, id: outcast}}
graveyard:
  - {{card: Grizzly Bears, id: dead}}
"""


def test_conspiracy_makes_a_changeling_and_a_card_in_the_graveyard_only_the_chosen_type() -> None:
    """CR 613.3: changeling applies first in layer 4, then Conspiracy sets the creature types to Elf."""
    board = _board(_CONSPIRACY_BOARD.format(", choices: {creature type: Elf}"))
    computed = board_values(board)
    assert (computed["outcast"].subtypes, computed["dead"].subtypes) == (("Elf",), ("Elf",))


def test_no_chosen_type_on_the_board_is_a_note_not_a_guess() -> None:
    board = _board(_CONSPIRACY_BOARD.format(""))
    computed = board_characteristics(board)
    assert computed["dead"].subtypes == Known(("Bear",))
    outcast = computed["outcast"].subtypes  # gets the chosen type: which one is unknown, not the known part
    assert isinstance(outcast, Unsure)
    assert "the board doesn't give it" in english(outcast.reason)
    assert any("the board doesn't give it" in note for note in _note_texts(board, "outcast"))


@pytest.mark.parametrize(
    ("text", "counted_text", "unrecognised"),
    [
        ("Enchanted creature gets +1/+1 for each Forest you control.", "Forest you control", ""),
        (
            "Each creature gets +1/+1 for each other creature on the battlefield that shares at least one "
            "creature type with it.",
            "other creature on the battlefield that shares at least one creature type with it",
            "",
        ),
        ("Equipped creature gets +1/+0 for each other attacking creature.", None, "attacking"),
        ("Enchanted creature gets +1/+1 for each card in your hand.", None, "card in your hand"),
        ("Creatures you control get +1/+1 for each other Elf you control.", None, "other Elf"),
    ],
)
def test_for_each_amounts_are_parsed_only_when_the_board_can_count_them(
    text: str, counted_text: str | None, unrecognised: str
) -> None:
    """Counts of permanents are evaluated (CR 611.3a); combat, hands and an ambiguous "other" stay notes."""
    parsed = parse_static(text)
    assert parsed is not None
    assert (parsed.per.text if parsed.per else None) == counted_text
    assert unrecognised in parsed.unrecognised
    assert bool(parsed.parts) is (counted_text is not None)


_COAT = """
battlefield:
  - {card: Coat of Arms, id: coat}
  - {card: Llanowar Elves, id: elves}
  - {card: Elvish Archdruid, id: druid}
  - {card: Changeling Outcast, id: outcast}
  - {card: Grizzly Bears, id: bears, controller: opponent}
  - {card: Bravado, id: bravado, attached_to: elves}
  - {card: Ancestral Mask, id: mask, attached_to: elves}
"""


def test_for_each_amounts_are_counted_per_object_after_layer_6() -> None:
    """Coat of Arms counts other creatures sharing a creature type with each one (changeling shares
    every type); Bravado's "other creature" isn't the enchanted one; Ancestral Mask's "other enchantment"
    isn't the Mask."""
    built = _board(_COAT)
    computed = board_characteristics(built)
    values = board_values(built)
    pt = {h: (c.power.value, c.toughness.value) for h, c in values.items() if c.power and c.toughness}
    # The opponent's Bear shares a type only with the changeling; the Archdruid pumps only "other" Elves.
    assert pt["bears"] == (3, 3)
    assert pt["druid"] == (4, 4)
    # outcast (1/1, every creature type): elves, druid and bears +3/+3, the Archdruid's +1/+1 (an Elf).
    assert pt["outcast"] == (5, 5)
    # elves 1/1: coat +2 (druid, outcast), Archdruid +1, Bravado +2 (druid, outcast), Mask +2 (bravado:
    # Coat of Arms is an artifact, and the Mask isn't "other").
    assert pt["elves"] == (8, 8)
    step = next(s.text for s in computed["elves"].steps if "Bravado" in s.text or "bravado's" in s.text)
    assert "2, druid, outcast, counted after layer 6" in step
