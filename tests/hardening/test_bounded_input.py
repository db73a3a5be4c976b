"""Bounded work on any input: boards, layer dependencies, imports and rules files (issue "Hardening")."""

from __future__ import annotations

import json
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.judge.rules import IncompleteRules, import_rules
from data.boards import BoardFormatError, load_board
from data.cards.importer import CardImportError, import_cards
from data.db import open_database
from data.rules.store import RulesStore
from engine import UserError, answer_board
from engine.actions.events import board_from_spec
from engine.layers.dependency import MAX_DEPENDENCY_WORK, TooManyInteractions, one_question_bound
from engine.layers.system import board_characteristics
from tests.card_data import card_json
from tests.data.rules.test_rules_parser import MINI_RULES
from tests.engine.copy_cards import cards_for
from tests.engine.layers.test_layers_scale import alternating

_BOMB = "".join(
    f"{letter}: &{letter} [{', '.join([f'*{previous}'] * 9)}]\n"
    for previous, letter in zip("abcdef", "bcdefg", strict=True)
)


@pytest.mark.parametrize(
    "where",
    ["controller: *g", "face: *g", "day_night: *g", "? *g\n  : x"],
    ids=["controller", "face", "day_night", "key"],
)
def test_yaml_aliases_in_a_rejected_value_are_refused_quickly_and_briefly(where: str) -> None:
    lols = ", ".join(["lol"] * 9)
    text = f"a: &a [{lols}]\n{_BOMB}battlefield:\n  - {{card: Bear, {where}}}\n"
    start = time.perf_counter()
    with pytest.raises(BoardFormatError) as caught:
        load_board(text.replace("{card: Bear, ? *g\n  : x}", "{card: Bear, ? *g : x}"))
    assert time.perf_counter() - start < 1
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 300 + "]" * 300, "nests deeper"),
        ("battlefield: [!!python/object/apply:os.system [ls]]", "tag"),
        ("battlefield:\n  - {card: Bear, ? [a]: b}\n", "unhashable"),
        ("battlefield:\n  - {card: Bear}\n  - {card: Bear, ? {a: 1}: b}\n", "line 3"),
    ],
    ids=["deep", "python-tag", "unhashable-key", "mapping-key"],
)
def test_deep_tagged_and_unhashable_boards_get_a_message(text: str, message: str) -> None:
    with pytest.raises(BoardFormatError, match=message):
        load_board(text)


def test_an_error_message_escapes_control_characters() -> None:
    with pytest.raises(BoardFormatError) as caught:
        load_board('battlefield:\n  - {card: Bear, face: "\\e[31m\\u202eevil"}\n')
    assert "\x1b" not in str(caught.value)
    assert "\u202e" not in str(caught.value)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=400))
def test_any_text_is_a_board_or_a_board_error(text: str) -> None:
    _board_or_short_error(text)


def _board_or_short_error(text: str) -> None:
    message = ""
    try:
        load_board(text)
    except BoardFormatError as error:
        message = str(error)
    assert len(message) < 500


_YAMLISH = st.text(alphabet="[]{}:,-&*!? \n\"'abc1", max_size=300)


@settings(max_examples=200, deadline=None)
@given(_YAMLISH)
def test_yaml_punctuation_soup_is_a_board_or_a_board_error(text: str) -> None:
    _board_or_short_error(text)


def test_99_interacting_static_abilities_are_answered_within_the_work_bound() -> None:
    """99 alternating Humility and Opalescence (a dependency loop in layer 6, CR 613.8b) were refused at
    the bound; each pair of effects is now compared again only when one of them changed."""
    spec = load_board(alternating(99))
    cards = cards_for(spec)
    current = answer_board(spec, cards, "test").result.current
    assert (current.power, current.toughness, current.abilities) == (4, 4, ())


def test_a_board_past_the_work_bound_is_refused_with_the_bound_message() -> None:
    spec = load_board(alternating(99))
    board = board_from_spec(spec, cards_for(spec))
    with one_question_bound(limit=1_000), pytest.raises(TooManyInteractions, match="depend on each other"):
        board_characteristics(board)
    assert issubclass(TooManyInteractions, UserError)


def test_the_work_of_99_interacting_static_abilities_is_well_within_the_bound() -> None:
    spec = load_board(alternating(99))
    board = board_from_spec(spec, cards_for(spec))
    with one_question_bound() as budget:
        board_characteristics(board)
    assert 0 < budget.spent < MAX_DEPENDENCY_WORK // 2


def test_a_few_interacting_static_abilities_are_still_answered() -> None:
    spec = load_board(alternating(20))
    assert answer_board(spec, cards_for(spec), "test") is not None


def test_badly_typed_records_are_skipped_counted_and_named(tmp_path: Path) -> None:
    good = json.dumps(card_json("Opt"))
    path = tmp_path / "cards.jsonl"
    path.write_text(
        "\n".join(
            [
                good,
                '{"name": "Lots", "cmc": "lots", "layout": "normal"}',
                '{"name": "Five", "mana_cost": 5}',
            ]
        )
    )
    db = open_database(tmp_path / "c.db")
    summary = import_cards(db, path)
    assert (summary.cards_read, summary.skipped) == (1, 2)
    assert summary.skipped_names[0].startswith("'Lots' (cmc")
    assert db.execute("SELECT name FROM cards").fetchall() == [("Opt",)]


def test_deeply_nested_json_is_refused_with_flat_memory(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000)
    db = open_database(tmp_path / "c.db")
    tracemalloc.start()
    with pytest.raises(CardImportError, match="nests deeper"):
        import_cards(db, path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 20 * 1024 * 1024


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet='[]{}",:0123456789abnulltrue \n', max_size=300))
def test_any_json_soup_imports_or_is_refused(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    folder = tmp_path_factory.mktemp("soup")
    (folder / "f.json").write_text(text)
    message = ""
    try:
        import_cards(open_database(folder / "c.db"), folder / "f.json")
    except CardImportError as error:
        message = str(error)
    assert len(message) < 500


def test_a_truncated_rules_file_is_refused_unless_forced(tmp_path: Path, rules_path: Path) -> None:
    store = RulesStore(open_database(tmp_path / "c.db"))
    import_rules(store, rules_path)
    whole = len(store.numbers())
    cut = tmp_path / "cut.txt"
    raw = rules_path.read_bytes()
    cut.write_bytes(raw[: raw.rindex(b"\n", 0, len(raw) // 2)])
    with pytest.raises(IncompleteRules, match="no glossary"):
        import_rules(store, cut)
    assert len(store.numbers()) == whole
    import_rules(store, cut, force=True)
    assert len(store.numbers()) < whole


def test_the_mini_rules_still_import_into_an_empty_store(tmp_path: Path) -> None:
    path = tmp_path / "mini.txt"
    path.write_text(MINI_RULES)
    store = RulesStore(open_database(tmp_path / "c.db"))
    import_rules(store, path)
    assert store.is_loaded()
