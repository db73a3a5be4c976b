"""Loading board files: format version 1, line numbers in errors, handles defined before use, bounds."""

from __future__ import annotations

import json

import pytest

from data.boards import MAX_TEXT, BoardFormatError, load_board
from engine.core.game import Game
from engine.state.actions import CreateTokenAction, CreateTokenCopyAction, EntersAction
from engine.state.board import ActionKind, EffectKind, FaceDownKind, Player, Zone

FULL = """\
battlefield:
  - card: Runeclaw Bear
    id: bear
    controller: opponent
  - card: Clone
    id: clone1
    copy_of: bear
    via: Clone
  - card: Grizzly Bears
    tapped: true
    face_down: morph
    token: true
    counters: {"+1/+1": 3}
    choices: {creature type: Elf, option: 3}
    kicked: true
    x: 2
    attached_to: bear
    effects:
      - pump: [2, 2]
      - set_pt: [1, 1]
      - switch_pt: true
      - add_abilities: [Flying]
      - remove_abilities: all
      - add_types: [artifact]
      - set_colors: [blue]
      - animate: {types: [Artifact, Creature], subtypes: [Blinkmoth], power: 1, toughness: 1,
                  abilities: [Flying], colors: [], keep_types: true}
graveyard: [Lightning Bolt, Forest]
exile:
  - {card: Swords to Plowshares, exiled_by: bear, ability: 1}
actions:
  - enters: {card: Clone, id: clone2, copy_of: clone1}
  - create_token_copy: {of: clone1, via: Cackling Counterpart, id: tok}
  - becomes_copy: {object: tok, of: bear, via: True Polymorph}
  - turn_face_up: {object: Grizzly Bears}
  - transform: {object: bear}
query: clone2
"""


def test_full_example_of_the_issue_loads() -> None:
    spec = load_board(FULL)
    bear, clone, bears, bolt, forest, swords = spec.objects
    assert (bear.id, bear.controller, bear.line) == ("bear", Player.OPPONENT, 2)
    assert (clone.copy_of, clone.via, clone.controller) == ("bear", "Clone", Player.YOU)
    assert bears.id == "Grizzly Bears"
    assert (bears.tapped, bears.face_down, bears.token, bears.kicked, bears.x) == (
        True,
        FaceDownKind.MORPH,
        True,
        True,
        2,
    )
    assert bears.counters == (("+1/+1", 3),)
    assert bears.choices == (("creature type", "Elf"), ("option", "3"))
    assert [e.kind for e in bears.effects] == [
        EffectKind.PUMP,
        EffectKind.SET_PT,
        EffectKind.SWITCH_PT,
        EffectKind.ADD_ABILITIES,
        EffectKind.REMOVE_ABILITIES,
        EffectKind.ADD_TYPES,
        EffectKind.SET_COLORS,
        EffectKind.ANIMATE,
    ]
    assert bears.effects[5].types == ("Artifact",)
    assert bears.effects[6].colors == ("U",)
    assert bears.effects[7].colors == ()
    assert bears.effects[4].all_abilities
    assert (bolt.zone, forest.zone, swords.zone) == (Zone.GRAVEYARD, Zone.GRAVEYARD, Zone.EXILE)
    assert (swords.exiled_by, swords.exiled_by_ability) == ("bear", 1)
    assert [a.kind for a in spec.actions] == [
        ActionKind.ENTERS,
        ActionKind.CREATE_TOKEN_COPY,
        ActionKind.BECOMES_COPY,
        ActionKind.TURN_FACE_UP,
        ActionKind.TRANSFORM,
    ]
    assert isinstance(spec.actions[0], EntersAction)
    assert isinstance(spec.actions[1], CreateTokenCopyAction)
    entering = spec.actions[0].entering
    assert entering is not None
    assert entering.copy_of == "clone1"
    assert spec.actions[1].new_id == "tok"
    assert spec.query == "clone2"
    assert spec.card_names() == (
        "Runeclaw Bear",
        "Clone",
        "Grizzly Bears",
        "Lightning Bolt",
        "Forest",
        "Swords to Plowshares",
        "Cackling Counterpart",
        "True Polymorph",
    )


@pytest.mark.parametrize(
    ("given", "kicked"),
    [("true", True), ("{times: 3}", 3), ('["{1}{U}", first]', ("{1}{U}", "first")), ("false", False)],
)
def test_kicked_says_how_and_how_often(given: str, kicked: object) -> None:
    """CR 702.33d, 702.33f: kicked, how many times, or with which kicker costs."""
    (volver,) = load_board(f"battlefield:\n  - {{card: Anavolver, kicked: {given}}}\n").objects
    assert volver.kicked == kicked


def test_json_is_accepted_too() -> None:
    text = json.dumps(
        {"battlefield": [{"card": "Tarmogoyf", "id": "goyf"}, {"card": "Clone", "copy_of": "goyf"}]}
    )
    spec = load_board(text)
    assert [o.id for o in spec.objects] == ["goyf", "Clone"]


def test_life_totals_and_starting_life() -> None:
    spec = load_board("battlefield: [Clone]\nturn: opponent\nlife: {you: -3, starting: 40}\n")
    assert spec.game == Game(turn=Player.OPPONENT, life=((Player.YOU, -3),), starting_life=40)
    assert spec.game.life_of(Player.OPPONENT) is None
    assert load_board("battlefield: [Clone]\n").game == Game(starting_life=20)


def test_linked_query() -> None:
    spec = load_board("battlefield: [Nightveil Specter]\nquery: {linked: Nightveil Specter}\n")
    assert (spec.query, spec.query_linked) == (None, "Nightveil Specter")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            "battlefield:\n  - card: Clone\n    copy_of: bear\n",
            2,
            "copy_of refers to 'bear', which is not defined",
        ),
        (
            "battlefield:\n  - Forest\n  - card: Clone\n    copy_of: Forest\n  - card: Clone\n",
            5,
            "already defined on line 3",
        ),
        (
            "battlefield:\n  - card: Clone\nactions:\n  - transform: {object: nobody}\n",
            4,
            "not defined earlier",
        ),
        ("battlefield:\n  - card: Clone\n    controler: you\n", 2, "unknown key 'controler'"),
        ("battlefield:\n  - card: Clone\n    face_down: sideways\n", 2, "face_down must be one of"),
        ("battlefield:\n  - card: Clone\n    x: -1\n", 2, "x must be a whole number"),
        ("battlefield:\n  - card: Clone\n    effects:\n      - grow: 3\n", 2, "unknown effect 'grow'"),
        (
            "battlefield:\n  - card: Clone\n    effects:\n      - set_colors: [mauve]\n",
            2,
            "unknown color 'mauve'",
        ),
        ("battlefield:\n  - card: Clone\nstack:\n  - Lightning Bolt\n", 4, "a stack entry is a mapping"),
        (
            "battlefield:\n  - card: Clone\nactions:\n  - becomes_copy: {object: Clone}\n",
            4,
            "needs of: HANDLE",
        ),
        (
            "battlefield:\n  - card: Clone\n    effects:\n      - gain_control: everyone\n",
            2,
            "gain_control must be one of you, opponent",
        ),
        ("battlefield:\n  - card: Clone\n    effects:\n      - {}\n", 2, "an effect is one or more of"),
        ("battlefield: [Clone]\nquery: nobody\n", 2, "query refers to 'nobody'"),
        ("battlefield: [Clone]\nturn: mine\n", 2, "turn must be one of you, opponent"),
        ("battlefield: [Clone]\nlife: 20\n", 2, "life must be a mapping like"),
        ("battlefield:\n  - {card: Druid Class, level: 0}\n", 2, "level must be a whole number from 1"),
        ("battlefield: [Clone]\nlife: {me: 20}\n", 2, "life must be a mapping like"),
        ("battlefield: [Clone]\nlife: {you: lots}\n", 2, "life of you must be a whole number"),
        ("battlefield: [Clone]\nlife: {opponent: 1000001}\n", 2, "from -1000000 to 1000000"),
        ("battlefield: [Clone]\nlife: {starting: -5}\n", 2, "starting life must be a whole number from 0"),
        ("battlefield:\n  - {card: Kavu Titan, kicked: maybe}\n", 2, "kicked must be true or false"),
        ("battlefield:\n  - {card: Kavu Titan, kicked: {times: -1}}\n", 2, "kicked times must be a whole"),
        ("battlefield:\n  - {card: Kavu Titan, kicked: []}\n", 2, "kicked must be true or false"),
        ("battlefield: [Clone\n", 2, "not valid YAML or JSON"),
    ],
)
def test_errors_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message) as raised:
        load_board(text)
    assert raised.value.line == line
    assert str(raised.value).startswith(f"line {line}: ")


def test_input_is_bounded() -> None:
    with pytest.raises(BoardFormatError, match="too long"):
        load_board("#" * (MAX_TEXT + 1))
    many = "battlefield:\n" + "".join(f"  - {{card: Forest, id: f{i}}}\n" for i in range(101))
    with pytest.raises(BoardFormatError, match="too many objects"):
        load_board(many)


def test_empty_board_is_an_error() -> None:
    with pytest.raises(BoardFormatError, match="no objects"):
        load_board("battlefield: []\n")
    with pytest.raises(BoardFormatError, match="a board is a mapping"):
        load_board("- Clone\n")


def test_copy_of_a_list_copies_in_turn() -> None:
    spec = load_board(
        "battlefield:\n  - {card: Grizzly Bears, id: bears}\n  - {card: Clone, id: clone}\n"
        "  - {card: Altered Ego, x: 2, copy_of: [clone, bears]}\n"
    )
    ego = spec.objects[-1]
    assert (ego.copy_of, ego.then_copy_of, ego.x) == ("clone", ("bears",), 2)


def test_copy_of_a_list_needs_defined_handles() -> None:
    with pytest.raises(BoardFormatError, match="line 3: copy_of refers to 'nobody'"):
        load_board(
            "battlefield:\n  - {card: Clone, id: clone}\n  - {card: Altered Ego, copy_of: [clone, nobody]}\n"
        )


def test_face_back_is_a_modal_double_faced_card_played_as_its_back_face() -> None:
    spec = load_board("battlefield:\n  - {card: Blackbloom Rogue, face: back}\n  - Grizzly Bears\n")
    assert [o.back_face for o in spec.objects] == [True, False]
    with pytest.raises(BoardFormatError, match="face"):
        load_board("battlefield:\n  - {card: Blackbloom Rogue, face: sideways}\n")


def test_a_second_document_is_not_read() -> None:
    spec = load_board("battlefield: [Grizzly Bears]\n---\nerror: anything\n")
    assert [o.card for o in spec.objects] == ["Grizzly Bears"]


def test_an_effect_entry_with_several_keys_is_one_effect_in_parts() -> None:
    spec = load_board(
        "battlefield:\n  - card: Grizzly Bears\n    controller: opponent\n    effects:\n"
        "      - pump: [1, 1]\n      - {gain_control: you, add_abilities: [Haste]}\n"
    )
    effects = spec.objects[0].effects
    assert [(e.kind.value, e.with_previous) for e in effects] == [
        ("pump", False),
        ("gain_control", False),
        ("add_abilities", True),
    ]
    assert (effects[1].controller, effects[2].abilities) == (Player.YOU, ("Haste",))


def test_a_predefined_token_is_read_by_kind_in_any_case() -> None:
    spec = load_board("actions:\n  - create_token: {predefined: treasure, id: t, controller: opponent}\n")
    action = spec.actions[0]
    assert isinstance(action, CreateTokenAction)
    assert action.token is not None
    assert (action.token.predefined, action.token.types, action.token.subtypes) == (
        "Treasure",
        ("Artifact",),
        ("Treasure",),
    )
    assert (action.new_id, action.controller) == ("t", Player.OPPONENT)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("{predefined: Incubator}", "line 2: unknown predefined token 'Incubator'; known: Treasure, Food"),
        (
            "{predefined: Food, power: 3}",
            "line 2: a predefined token takes only id and controller, not 'power'",
        ),
    ],
)
def test_predefined_token_errors(body: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message):
        load_board(f"actions:\n  - create_token: {body}\n")
