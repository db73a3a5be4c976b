"""The copy question's refusals, an overlong card name and a malformed cached card in Japanese (issue 15):
each is raised with a message id, worded from the ``engine`` catalog, and its English is the sentence."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.i18n import use_language
from bot.i18n.errors import error_message
from data.cards.names import MAX_NAME_LENGTH
from data.cards.resolver import validated_query
from engine import JudgeError
from engine.answers.copy_question import OriginalState, copy_question
from tests.card_data import parsed_card

NAMES = {
    "Grizzly Bears": "灰色熊",
    "True Polymorph": "真の多相",
    "Primal Clay": "原初の土",
    "Clone": "クローン",
}


def worded(call: Callable[[], object]) -> tuple[str, str]:
    """The English and the Japanese of the error ``call`` raises (raised with a message id)."""
    with pytest.raises(JudgeError) as caught:
        call()
    assert caught.value.wording is not None
    with use_language("ja"):
        japanese = error_message(caught.value, names=NAMES)
    return str(caught.value), japanese


def test_a_card_without_a_permanent_copy_ability() -> None:
    bears = parsed_card("Grizzly Bears")
    english, japanese = worded(lambda: copy_question(bears, parsed_card("Clone"), OriginalState()))
    assert english == (
        "Grizzly Bears can't copy a permanent; Grizzly Bears has no ability that copies anything "
        "(it has no abilities)."
    )
    assert japanese == (
        "灰色熊/Grizzly Bearsはパーマネントをコピーできません。"
        "灰色熊/Grizzly Bearsには何かをコピーする能力がありません（能力はありません）。"
    )


def test_a_spell_that_makes_another_permanent_a_copy_needs_that_permanent() -> None:
    polymorph = parsed_card("True Polymorph")
    english, japanese = worded(
        lambda: copy_question(polymorph, parsed_card("Grizzly Bears"), OriginalState())
    )
    assert english == "True Polymorph makes another permanent become a copy; name that permanent too."
    assert (
        japanese
        == "真の多相/True Polymorphは別のパーマネントをコピーにします。そのパーマネントも指定してください。"
    )


def test_a_choice_as_it_enters_for_the_original_and_for_the_copy() -> None:
    clay, clone = parsed_card("Primal Clay"), parsed_card("Clone")
    original, _ = worded(lambda: copy_question(clone, clay, OriginalState()))
    assert original.startswith(
        "Primal Clay becomes one of several things as it enters; say which for the original with "
        "--choice option=N (1: "
    )
    chosen = OriginalState(choices=(("option", "1"),))
    english, japanese = worded(lambda: copy_question(clone, clay, chosen))
    assert english.startswith(
        "Primal Clay becomes one of several things as it enters; say which for the copy, as it enters "
        "(a new choice, CR 707.6) with --new-choice option=N (1: "
    )
    listed = english.split("option=N (", 1)[1]
    assert japanese == (
        "原初の土/Primal Clayは戦場に出るに際していくつかのうちの1つになります。"
        "コピー（戦場に出るに際しての新たな選択、CR 707.6）について --new-choice option=N でどれかを指定して"
        f"ください（{listed[:-2]}）。"
    )


def test_an_overlong_card_name() -> None:
    english, japanese = worded(lambda: validated_query("x" * (MAX_NAME_LENGTH + 1)))
    assert english == f"A card name has at most {MAX_NAME_LENGTH} characters (got {MAX_NAME_LENGTH + 1})."
    assert (
        japanese == f"カード名は{MAX_NAME_LENGTH}文字までです（{MAX_NAME_LENGTH + 1}文字が入力されました）。"
    )
