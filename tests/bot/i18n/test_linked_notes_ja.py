"""The linked-abilities report's notes in Japanese (issue 15): an ability in more than one linked pair
(CR 607.4), an ability of another card that does what this card's abilities refer to but isn't linked
to them (607.1, 607.5) and the linked view of an exchanged text box (612.5), worded through
``localized`` with the cards' printed names; English unchanged."""

from __future__ import annotations

from bot.i18n import use_language
from bot.i18n.engine_text import localized
from engine.linked.links import LinkedReport
from engine.state.board import ObjectSpec
from tests.engine.layers.test_text_change import board, exchange, linked
from tests.engine.linked.test_linked import report_for

NAMES = {
    "Nightveil Specter": "夜帷の死霊",
    "Kaldra Compleat": "完成化したカルドラ",
    "Voidstone Gargoyle": "虚空石のガーゴイル",
    "Meddling Mage": "翻弄する魔導士",
    "Profane Procession": "冒涜の行進",
}


def notes(report: LinkedReport, rule: str) -> list[tuple[str, str]]:
    """The English and the Japanese of each of ``report``'s notes that cite ``rule``."""
    chosen = [note for note in report.notes if rule in note.rules]
    assert all(note.message is not None for note in chosen)
    with use_language("ja"):
        return [(note.text, localized(note, NAMES)) for note in chosen]


def test_an_ability_in_several_pairs() -> None:
    assert notes(report_for("Paradise Plume"), "607.4") == [
        (
            "Ability 1 belongs to more than one linked pair.",
            "能力1は2つ以上の関連付けられた能力の組に属している。",
        )
    ]
    assert notes(report_for("Profane Procession"), "607.4") == [
        (
            "Ability 1 of Profane Procession belongs to more than one linked pair.",
            "冒涜の行進/Profane Processionの能力1は2つ以上の関連付けられた能力の組に属している。",
        )
    ]


def test_several_abilities_each_in_several_pairs() -> None:
    assert notes(report_for("Duplicity"), "607.4") == [
        (
            "Ability 1, ability 2 and ability 4 each belong to more than one linked pair.",
            "能力1、能力2と能力4はそれぞれ2つ以上の関連付けられた能力の組に属している。",
        )
    ]


def test_a_granted_ability_of_another_card_is_not_linked() -> None:
    note = not_linked_note("Nightveil Specter", "Kaldra Compleat")
    assert note == (
        'Not linked: Kaldra Compleat grants the ability "Whenever this creature deals combat damage to a '
        'creature, exile that creature." (its ability 3), which is not printed on Nightveil Specter. Even '
        "when Nightveil Specter has that ability, its ability 3 refers only to what Nightveil Specter's own "
        "linked abilities did, never to what that ability exiled.",
        "関連付けられていない：完成化したカルドラ/Kaldra Compleatが与える能力「Whenever this creature deals "
        "combat damage to a creature, exile that creature.」（その能力3）は夜帷の死霊/Nightveil Specterに印刷"
        "されていない。夜帷の死霊/Nightveil Specterがその能力を持っていても、夜帷の死霊/Nightveil Specterの"
        "能力3が参照するのは自身の関連付けられた能力が行ったことだけであり、その能力が追放したものでは決してない。",
    )


def test_another_cards_ability_is_not_linked_to_two_of_its_abilities() -> None:
    note = not_linked_note("Voidstone Gargoyle", "Meddling Mage")
    assert note == (
        "Not linked: ability 1 of Meddling Mage is not printed on Voidstone Gargoyle. Even when Voidstone "
        "Gargoyle has that ability, its abilities 3 and 4 refer only to what Voidstone Gargoyle's own linked "
        "abilities did, never to what that ability chose.",
        "関連付けられていない：翻弄する魔導士/Meddling Mageの能力1は虚空石のガーゴイル/Voidstone Gargoyleに"
        "印刷されていない。虚空石のガーゴイル/Voidstone Gargoyleがその能力を持っていても、虚空石のガーゴイル/"
        "Voidstone Gargoyleの能力3と4が参照するのは自身の関連付けられた能力が行ったことだけであり、その能力が"
        "選んだものでは決してない。",
    )


def test_the_linked_view_of_an_exchanged_text_box() -> None:
    built, _ = board(
        ObjectSpec(card="Sutured Ghoul", id="ghoul"), ObjectSpec(card="Grizzly Bears", id="bears")
    )
    view, found = linked(exchange(built, "ghoul", "bears"), "ghoul")
    assert view.links == ()
    (note,) = [note for note in found if note.text.startswith("Exchange of Words exchanged")]
    with use_language("ja"):
        japanese = localized(note, {"Grizzly Bears": "灰色熊"})
    assert japanese == (
        "Exchange of Wordsがghoulとbearsの文章欄を交換した。その関連付けられた能力は、bearsがその時点で持って"
        "いた灰色熊/Grizzly Bearsのルール・テキストのものであり、それ自身の印刷されたテキストのものではない。"
    )


def not_linked_note(*names: str) -> tuple[str, str]:
    """The one "Not linked" note (CR 607.5) of the report on ``names``, in English and in Japanese."""
    (note,) = [n for n in notes(report_for(*names), "607.5") if n[0].startswith("Not linked")]
    return note
