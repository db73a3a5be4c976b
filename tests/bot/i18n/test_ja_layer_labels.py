"""The layer steps' names for what generated an effect, the board states an "as long as" condition is
checked against, and the notes on abilities gained from different effects, worded in Japanese through
bot.i18n (issue 15): no English left in them, the English ``text`` and the rule numbers unchanged."""

from __future__ import annotations

import pytest

from bot.i18n import use_language
from bot.i18n.engine_text import localized
from data.boards import load_board
from engine.answers.copy_result import ObjectAnswer, answer_board
from engine.core.results import Explanation
from engine.linked.gained import effect_grant, gained_links, text_grant
from tests.engine.copy_cards import cards_for
from tests.locations import BOARDS

BOARDS = BOARDS
NAMES = {"Grizzly Bears": "灰色熊"}
EXILE = "{B}{G}: Exile target creature blocking or blocked by this creature."
RETURN = "{2}{B}: Put a creature card exiled with this creature onto the battlefield under your control."


def _answer(board: str) -> ObjectAnswer:
    text = (BOARDS / board).read_text(encoding="utf-8") if board.endswith(".yaml") else board
    spec = load_board(text.split("\n---\n")[0])
    return answer_board(spec, cards_for(spec), "test").result


def _step(result: ObjectAnswer, rules: tuple[str, ...], english: str) -> Explanation:
    """The one step or note citing ``rules`` whose English text contains ``english``."""
    (found,) = [e for e in (*result.steps, *result.notes) if e.rules == rules and english in e.text]
    return found


def _japanese(item: Explanation) -> str:
    with use_language("ja"):
        return localized(item, NAMES)


# --- 1. What generated an effect, as each layer's step names it (TimedEffect.source) -----------------------


def test_an_effect_listed_on_the_board_is_named_in_japanese() -> None:
    step = _step(_answer("cr613-act-of-treason.yaml"), ("613.1b",), "Layer 2")
    assert step.text == (
        "Layer 2: the effect listed on bears (effects: entry 1) gives control of bears to you (timestamp 2)."
    )
    assert _japanese(step) == (
        "第2種：bearsに挙げられた効果（effects: の1番目）はbearsのコントロールをあなたに与える"
        "（タイムスタンプ2）。"
    )


def test_an_enters_with_replacement_effect_is_named_in_japanese() -> None:
    # CR 614.1c: a kicked Kavu Titan enters with three +1/+1 counters and with trample (layer 6, 613.1f).
    step = _step(
        _answer("battlefield: [{card: Kavu Titan, id: titan, kicked: true}]"), ("613.1f",), "Trample"
    )
    assert step.text.startswith("Layer 6: the “enters with” replacement effect of titan's own ability gives")
    assert _japanese(step) == (
        "第6種：titan自身の能力による「〜状態で戦場に出る」置換効果はそれにTrampleを与える（タイムスタンプ2）。"
    )


def test_a_copy_effects_follow_up_is_named_in_japanese() -> None:
    # CR 707.2: Mimic Vat's "It gains haste" is an effect after the copy, applied in layer 6.
    step = _step(_answer("cr111-mimic-vat-copies-exiled-card.yaml"), ("613.1f",), "Haste")
    assert step.text.startswith("Layer 6: the copy effect's “It gains haste” gives it Haste")
    assert (
        _japanese(step) == "第6種：コピー効果の「It gains haste」はそれにHasteを与える（タイムスタンプ4）。"
    )


def test_a_last_exiled_creature_cards_ability_is_named_in_japanese() -> None:
    # CR 607.2a, 613.1d: Duplicant's creature types come from its own static ability, named by its text.
    step = _step(_answer("linked-607-2a-duplicant-listed-exiled-card.yaml"), ("613.1d", "205.1a"), "Layer 4")
    assert step.text.startswith("Layer 4: dup's “As long as a card exiled with Duplicant is a creature card,")
    japanese = _japanese(step)
    assert japanese.startswith("第4種：dupの「As long as a card exiled with Duplicant is a creature card,")
    assert japanese.endswith("」はそのクリーチャー・タイプをWurm・Shapeshifterにする（タイムスタンプ1）。")


# --- 2. What an "as long as" condition is checked against (requirement_state) ------------------------------

CHECKED = ("604.2", "611.3a")


@pytest.mark.parametrize(
    ("board", "english", "japanese"),
    [
        (
            "self-static-primordial-hydra-ten-counters.yaml",
            "(hydra has 10 +1/+1 counters): met, so it applies.",
            "（hydraには+1/+1カウンター10個が置かれている）。満たされているので、それは適用される。",
        ),
        (
            "self-static-paradise-druid-tapped.yaml",
            "(druid is tapped): not met, so it doesn't apply.",
            "（druidはタップ状態である）。満たされていないので、それは適用されない。",
        ),
        (
            "self-static-river-marshal-controls-island.yaml",
            "(its controller controls 1 (island)): met, so it applies.",
            "（そのコントローラーは1個コントロールしている（island））。満たされているので、それは適用される。",
        ),
        (
            "self-static-river-marshal-no-island.yaml",
            "(its controller controls 0 (none)): not met, so it doesn't apply.",
            "（そのコントローラーは0個コントロールしている（なし））。満たされていないので、それは適用されない。",
        ),
        (
            "self-static-glaivemaster-equipped.yaml",
            "(attached to glaivemaster: splitter): met, so it applies.",
            "（glaivemasterにつけられているもの：splitter）。満たされているので、それは適用される。",
        ),
        (
            "battlefield: [{card: Auriok Glaivemaster, id: gm}]",
            "(attached to gm: no Equipment): not met, so it doesn't apply.",
            "（gmにつけられているもの：Equipmentなし）。満たされていないので、それは適用されない。",
        ),
        (
            "battlefield: [{card: Mistform Wall, id: wall}]",
            "(wall is Wall): met, so it applies.",
            "（wallはWallである）。満たされているので、それは適用される。",
        ),
        (
            "battlefield: [{card: Mistform Wall, id: wall, effects: [{set_subtypes: [Elf]}]}]",
            "(wall is not Wall): not met, so it doesn't apply.",
            "（wallはWallではない）。満たされていないので、それは適用されない。",
        ),
    ],
)
def test_a_conditions_board_state_is_worded_in_japanese(board: str, english: str, japanese: str) -> None:
    step = _step(_answer(board), CHECKED, "is checked on the board as it is now")
    assert step.text.endswith(english)
    worded = _japanese(step)
    assert worded.endswith(japanese)
    assert "」は現在の盤面でチェックされる（" in worded


# --- 3. Abilities gained from different effects (engine.linked.gained) ------------------------------------


def test_abilities_from_two_effects_are_not_linked_in_japanese() -> None:
    # CR 607.5: Sisters of Stone Death's halves, each granted by its own effect, aren't linked.
    report = gained_links("Grizzly Bears", [effect_grant(2, (EXILE,)), effect_grant(3, (RETURN,))])
    assert report.links == ()
    (note,) = report.notes
    assert note.text.startswith(f"Not linked: Grizzly Bears got “{EXILE}” from the effect with timestamp 2")
    assert set(note.rules) == {"607.1", "607.5", "707.7"}
    assert _japanese(note) == (
        f"関連付けられていない：灰色熊/Grizzly Bearsはタイムスタンプ2の効果から「{EXILE}」を、"
        f"タイムスタンプ3の効果から「{RETURN}」を得た。オブジェクトが異なる効果から得た能力どうしは決して関連付けられないので、"
        "最初の能力が追放したものは、もう一方の能力が参照するものではない。それが参照するのは、タイムスタンプ3の"
        "効果からそれと一緒に得た能力によるものだけである。"
    )


def test_a_pair_one_effect_gave_names_the_effect_in_japanese() -> None:
    report = gained_links(
        "Grizzly Bears",
        [text_grant((), (), copied=False, copied_from=None), effect_grant(2, (EXILE, RETURN))],
    )
    (link,) = report.links
    assert [(a.effect, a.index) for a in link.abilities] == [
        ("the effect with timestamp 2", 1),
        ("the effect with timestamp 2", 2),
    ]
    assert link.rules[:2] == ("607.2a", "607.5")
    with use_language("ja"):
        japanese = localized(link, NAMES)
    assert japanese.startswith(
        "どちらもタイムスタンプ2の効果によるものなので、元のカード上と同様に、その上でも関連している："
    )


def test_a_copied_text_is_named_in_japanese() -> None:
    sisters = ("Sisters of Stone Death",)
    grant = text_grant((EXILE,), sisters, copied=True, copied_from=sisters[0])
    report = gained_links("Grizzly Bears", [grant, effect_grant(2, (RETURN,))])
    (note,) = report.notes
    assert "from the copy effect (Sisters of Stone Death's text)" in note.text
    assert "コピー効果（Sisters of Stone Deathのテキスト）から" in _japanese(note)


def test_a_board_answers_gained_abilities_are_not_linked_in_japanese() -> None:
    result = _answer(
        f"""
battlefield:
  - {{card: Grizzly Bears, id: bears,
      effects: [{{add_abilities: ["{EXILE}"]}}, {{add_abilities: ["{RETURN}"]}}]}}
query: {{linked: bears}}
"""
    )
    (note,) = [n for n in result.notes if n.text.startswith("Not linked: Grizzly Bears got")]
    assert "タイムスタンプ2の効果から" in _japanese(note)
    assert "the effect with timestamp" not in _japanese(note)


# --- Counters that can't be put on a permanent as it enters (engine/actions/counters.py) -------------------


def test_a_counter_ban_is_worded_in_japanese() -> None:
    # CR 101.2, 122.6: Solemnity stops the three +1/+1 counters a kicked Kavu Titan would enter with.
    step = _step(_answer("counters-101-2-solemnity-kicked-kavu-titan.yaml"), ("101.2", "122.6"), "solemnity")
    assert _japanese(step) == (
        "solemnityの「Counters can't be put on artifacts, creatures, enchantments, or lands.」が、"
        "それが戦場に出るに際して適用される。それには+1/+1カウンターは置かれない。"
    )
