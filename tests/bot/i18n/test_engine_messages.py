"""The engine's explanations in Japanese: every template the engine marks has a Japanese entry, the English
``text`` of every explanation is its template worded in English, and a Japanese answer keeps its rule
numbers and shows card names as ``printed/Oracle``; a missing translation is English, never a message id."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

import pytest
from babel.messages.extract import extract_from_dir
from pydantic import BaseModel

from bot.i18n import LOCALES, catalog, use_language
from bot.i18n.engine_text import localized
from data.boards import load_board
from engine import OriginalState, copy_question
from engine.answers.copy_result import answer_board
from engine.answers.stack_answer import answer_stack_board
from engine.core.messages import Message, card, indefinite, listing, msg, type_words
from engine.core.results import Explanation, Unknown
from engine.linked.links import find_links
from engine.state.board import BoardError
from tests.card_data import parsed_card
from tests.engine.copy_cards import cards_for
from tests.locations import ROOT

BOARDS = ROOT / "tests" / "fixtures" / "boards"
NAMES = {
    "Clone": "クローン",
    "Tarmogoyf": "タルモゴイフ",
    "Twincast": "双つ術",
    "Hull Breach": "船体破壊",
    "Glorious Anthem": "栄光の頌歌",
    "Bird Admirer": "鳥の賞賛者",
    "Nightveil Specter": "夜帷の死霊",
}
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_FIELD = re.compile(r"\{[^}]*\}")
Explained = Explanation | Unknown


MARKED = ("engine", "data", "bot/judge")
"""Where ``msg`` templates are: the engine's explanations and errors, the board reader's and the Judge's
errors."""


@functools.cache
def engine_templates() -> frozenset[str]:
    """Every template :data:`MARKED` marks with ``msg`` (as ``pybabel extract -k msg`` finds them)."""
    found = set()
    for folder in MARKED:
        for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT / folder, method_map=[("**.py", "python")], keywords={"msg": None}
        ):
            found.add(message if isinstance(message, str) else message[0])
    return frozenset(found)


@functools.cache
def corpus() -> tuple[BaseModel, ...]:
    """The answers of every board fixture (a board the rules forbid gives none)."""
    answers: list[BaseModel] = []
    for path in sorted(BOARDS.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        spec = load_board(text if path.name.startswith("stack") else text.split("\n---\n")[0])
        try:
            if spec.stack:
                cards = {name: parsed_card(name) for name in spec.card_names()}
                answers.append(answer_stack_board(spec, spec.stack, cards, "test"))
            else:
                answers.append(answer_board(spec, cards_for(spec), "test"))
        except (BoardError, ValueError):
            continue
    return tuple(answers)


def explained(value: object) -> Iterator[Explained]:
    """Every explanation and unknown inside an answer."""
    if isinstance(value, Explanation | Unknown):
        yield value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from explained(getattr(value, name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from explained(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from explained(item)


def corpus_items() -> list[Explained]:
    return [item for answer in corpus() for item in explained(answer)]


def templates_of(message: Message) -> Iterator[str]:
    """The template of ``message`` and of every message nested in its parameters."""
    yield message.template
    for _name, value in message.params:
        if isinstance(value, Message):
            yield from templates_of(value)


def english(item: Explained) -> str:
    return item.text if isinstance(item, Explanation) else item.reason


def test_every_engine_template_has_a_japanese_entry() -> None:
    templates = engine_templates()
    assert len(templates) > 100
    missing = sorted(templates - catalog("ja", "engine").keys())
    assert missing == [], f"add these to {LOCALES}/ja/LC_MESSAGES/engine.po: {missing}"


def test_every_japanese_entry_is_a_template_the_engine_marks() -> None:
    assert sorted(catalog("ja", "engine").keys() - engine_templates()) == []


def test_the_english_text_is_the_template_worded_in_english() -> None:
    items = corpus_items()
    worded = [item for item in items if item.message is not None]
    assert len(corpus()) > 200
    assert len(worded) > 100
    assert [english(item) for item in worded] == [item.message.english for item in worded if item.message]
    used = {template for item in worded if item.message for template in templates_of(item.message)}
    assert sorted(used - engine_templates()) == []  # Babel finds every template the engine words


def test_in_english_every_explanation_is_its_text() -> None:
    items = corpus_items()
    assert [localized(item) for item in items] == [english(item) for item in items]


def _stack_answer(name: str) -> BaseModel:
    spec = load_board((BOARDS / f"stack_{name}.yaml").read_text(encoding="utf-8"))
    return answer_stack_board(spec, spec.stack, {n: parsed_card(n) for n in spec.card_names()}, "test")


def test_a_stack_copy_is_explained_in_japanese_with_the_same_rules() -> None:
    items = list(explained(_stack_answer("hull_breach")))
    with use_language("ja"):
        japanese = [localized(item, NAMES) for item in items]
    assert all(_JAPANESE.search(sentence) for sentence in japanese), japanese
    assert not any(_FIELD.search(sentence.replace("{U}", "")) for sentence in japanese)
    assert japanese[0].startswith(
        "双つ術/Twincastは船体破壊/Hull Breachのコピーをあなたのコントロール下でスタックに置く。"
    )
    assert "コピーは同じ対象を持つ：栄光の頌歌/Glorious Anthem（anthem）。" in japanese
    assert english(items[0]).startswith(
        "Twincast puts a copy of Hull Breach onto the stack under your control."
    )
    assert [item.rules for item in items] == [
        ("707.10",),
        ("707.10", "700.2g"),
        ("707.10",),
        ("707.10c",),
        ("707.10a",),
        ("707.10", "601.2h"),
    ]


def test_a_resolving_permanent_is_explained_in_japanese() -> None:
    text = (BOARDS / "rules-702-145b-bird-admirer-resolves-at-night.yaml").read_text(encoding="utf-8")
    spec = load_board(text.split("\n---\n")[0])
    answer = answer_board(spec, cards_for(spec), "test")
    steps = [step for step in answer.result.steps if step.message is not None]
    with use_language("ja"):
        japanese = [localized(step, NAMES) for step in steps]
    assert any(s.startswith("鳥の賞賛者/Bird Admirerが解決される。") for s in japanese), japanese
    assert any("日暮" in s and "第2面" in s for s in japanese), japanese
    assert all(_JAPANESE.search(s) and "Bird Admirer resolves" not in s for s in japanese)
    assert {"608.3a", "712.13", "702.145b"} <= {rule for step in steps for rule in step.rules}


def _clone_copying_tarmogoyf() -> tuple[Explanation, ...]:
    clone, goyf = parsed_card("Clone"), parsed_card("Tarmogoyf")
    spec = copy_question(clone, goyf, OriginalState(), target=parsed_card("Grizzly Bears"))
    result = answer_board(spec, cards_for(spec), "test").result
    return (*result.steps, *result.notes)


def test_clone_copying_tarmogoyf_keeps_its_rules_in_japanese() -> None:
    items = _clone_copying_tarmogoyf()
    with use_language("ja"):
        japanese = [localized(item, NAMES) for item in items]
    assert len(japanese) == len(items) >= 3
    assert [item.rules for item in items] == [item.rules for item in _clone_copying_tarmogoyf()]
    assert {"707.2", "707.5", "613.4a"} <= {rule for item in items for rule in item.rules}
    assert not any(_FIELD.search(sentence) for sentence in japanese)


def test_clone_copying_tarmogoyf_is_explained_in_japanese() -> None:
    with use_language("ja"):
        japanese = [localized(item, NAMES) for item in _clone_copying_tarmogoyf()]
    assert all(_JAPANESE.search(sentence) for sentence in japanese), japanese
    assert any("クローン/Clone" in sentence and "タルモゴイフ/Tarmogoyf" in sentence for sentence in japanese)
    assert not any(_FIELD.search(sentence) for sentence in japanese)
    by_rule = {
        item.rules: sentence for item, sentence in zip(_clone_copying_tarmogoyf(), japanese, strict=True)
    }
    assert by_rule[("707.2", "707.2a", "707.5")].startswith(
        "クローン/Cloneはクローン/Cloneの能力によってタルモゴイフ/Tarmogoyfのコピーとして戦場に出る。"
    )
    assert by_rule[("613.2c",)] == (
        "第1種の後、クローン/Cloneのコピー可能な値はタルモゴイフ/Tarmogoyfのものである。以降の種別で他の効果が適用される。"
    )
    assert by_rule[("613.4a",)].startswith("第7a種：その特性定義能力は")
    assert "Clone enters as a copy" not in " ".join(japanese)


def test_nightveil_specters_linked_abilities_are_explained_in_japanese() -> None:
    (link,) = find_links(parsed_card("Nightveil Specter")).links
    assert link.message is not None
    assert link.text == link.explanation == link.message.english
    assert link.explanation.startswith("Ability 3 refers only to cards in exile that ability 2 exiled;")
    with use_language("ja"):
        japanese = localized(link, NAMES)
    assert japanese == (
        "能力3は、追放領域にあるカードのうち能力2が追放したカードのみを参照する。他の能力やオブジェクトによって"
        "追放されたカードは、夜帷の死霊/Nightveil Specterの別の能力によるものであっても使えない。"
    )
    assert (link.rule, link.rules) == ("607.2a", ("607.2a",))
    assert "explanation" in link.model_dump()
    assert "message" not in link.model_dump()


def test_sub_phrases_are_worded_in_the_language() -> None:
    enters = msg(
        "It is put onto the battlefield from {zone} with {up} up; it is a new object.",
        zone=msg("the graveyard"),
        up=msg("its back face ({face})", face=card("Tarmogoyf")),
    )
    kinds = msg(
        "It doesn't gain {subtypes}: an object can't gain a subtype that doesn't correspond to one of its "
        "types, and it is {kinds}.",
        subtypes=listing(["Goblin", "Elf", msg("every creature type")]),
        kinds=indefinite(type_words(("Artifact", "Enchantment"))),
    )
    assert Explanation.of(kinds).text == (
        "It doesn't gain Goblin, Elf and every creature type: an object can't gain a subtype that doesn't "
        "correspond to one of its types, and it is an Artifact Enchantment."
    )
    with use_language("ja"):
        assert localized(Explanation.of(enters), NAMES) == (
            "それは第2面（タルモゴイフ/Tarmogoyf）を表にして墓地から戦場に出る。それは新しいオブジェクトである。"
        )
        assert localized(Explanation.of(kinds)) == (
            "それはGoblin、Elfとすべてのクリーチャー・タイプを得ない。オブジェクトは自身のタイプのいずれにも対応しない"
            "サブタイプを得ることはできず、それはアーティファクト・エンチャントである。"
        )


def test_a_missing_translation_falls_back_to_english_never_to_the_id(monkeypatch: pytest.MonkeyPatch) -> None:
    untranslated = msg("{card} does something no catalog has.", card=card("Tarmogoyf"))
    plain = Explanation.of("A sentence without a template.")
    unknown = Unknown.of(("power",), msg("{count} {kind} counters", count=2, kind=msg("oil")))
    with use_language("ja"):
        assert (
            localized(Explanation.of(untranslated), NAMES)
            == "タルモゴイフ/Tarmogoyf does something no catalog has."
        )
        assert localized(plain, NAMES) == "A sentence without a template."
        assert localized(unknown) == "油カウンター2個"
        broken = {"{count} {kind} counters": "{number}個の{kind}"}  # a translation whose fields don't match
        monkeypatch.setattr("bot.i18n.engine_text.catalog", lambda language, domain: broken)
        assert localized(unknown) == "2 oil counters"
    assert localized(unknown) == unknown.reason == "2 oil counters"
