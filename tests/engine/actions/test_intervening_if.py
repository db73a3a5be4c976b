"""Enters triggers with an intervening "if" (CR 603.4) trigger only when the board's facts make the
condition true; a condition the board doesn't decide leaves the trigger unknown (issue 21)."""

from __future__ import annotations

from data.boards import load_board
from engine.answers.copy_result import ObjectAnswer, answer_board
from engine.core.results import Explanation
from tests.engine.copy_cards import cards_for

AERONAUT = "When Kor Aeronaut enters the battlefield, if it was kicked"


def answer_of(text: str) -> ObjectAnswer:
    spec = load_board(text)
    return answer_board(spec, cards_for(spec), "test").result


def said(answer: ObjectAnswer, start: str) -> list[Explanation]:
    """What the answer says of the trigger that starts ``start`` triggering or not."""
    verdicts = ("When it enters, “", "doesn't trigger as it enters", "whether it triggers is unknown")
    return [
        e for e in (*answer.steps, *answer.notes) if start in e.text and any(v in e.text for v in verdicts)
    ]


def test_a_kicked_aeronaut_triggers() -> None:
    answer = answer_of("battlefield:\n  - {card: Kor Aeronaut, id: kor, kicked: true}\n")
    [step] = said(answer, AERONAUT)
    assert step.text.startswith("When it enters, “When Kor Aeronaut")
    assert "its intervening “if” (it was kicked) is true" in step.text
    assert {"603.4", "603.6a"} <= set(step.rules)


def test_an_aeronaut_not_said_kicked_may_trigger() -> None:
    answer = answer_of("battlefield:\n  - {card: Kor Aeronaut, id: kor}\n")
    [note] = said(answer, AERONAUT)
    assert "doesn't say whether it was kicked (kicked: true or false says)" in note.text
    assert note.text.endswith("kicked that way, it triggers; not, it doesn't.")
    assert {"603.4", "702.33a"} <= set(note.rules)
    assert not any(s.text.startswith("When it enters") for s in answer.steps)


def test_an_aeronaut_not_kicked_doesnt_trigger() -> None:
    answer = answer_of("battlefield:\n  - {card: Kor Aeronaut, id: kor, kicked: false}\n")
    [step] = said(answer, AERONAUT)
    assert "doesn't trigger as it enters" in step.text
    assert step.text.endswith("is false — it wasn't kicked.")
    assert not any(s.text.startswith("When it enters") for s in answer.steps)


def test_a_clone_of_a_kicked_aeronaut_doesnt_trigger() -> None:
    """607.2i / 702.33e: the copy wasn't cast with the copied text, so "if it was kicked" is false."""
    answer = answer_of(
        "battlefield:\n  - {card: Kor Aeronaut, id: kor, kicked: true, controller: opponent}\n"
        "  - {card: Clone, id: clone, copy_of: kor}\nquery: clone\n"
    )
    [step] = said(answer, AERONAUT)
    assert "the kicker of the text it copied wasn't paid" in step.text
    assert "607.2i" in step.rules


def test_which_kicker_cost_not_given_leaves_each_trigger_unknown() -> None:
    answer = answer_of("battlefield:\n  - {card: Ana Battlemage, id: ana, kicked: true}\n")
    unknown = [n for n in answer.notes if "(an intervening “if”)" in n.text]
    assert len(unknown) == 2
    assert all("whether it triggers is unknown" in n.text and "702.33f" in n.rules for n in unknown)
    assert not any(s.text.startswith("When it enters") for s in answer.steps)


def test_how_it_was_cast_is_unknown_for_a_card_and_for_a_copy() -> None:
    """Dread Cacodemon's ruling: a Clone copying it triggers if that Clone spell was cast from hand."""
    stoker = "When Coal Stoker enters the battlefield, if you cast it from your hand"
    [note] = said(answer_of("battlefield:\n  - {card: Coal Stoker, id: stoker}\n"), stoker)
    assert "whether it triggers is unknown" in note.text
    assert note.rules == ("603.4",)
    copied = answer_of(
        "battlefield:\n  - {card: Coal Stoker, id: stoker}\n  - {card: Clone, id: clone, copy_of: stoker}\n"
        "query: clone\n"
    )
    [copy_note] = said(copied, stoker)
    assert "whether it triggers is unknown" in copy_note.text


def test_a_trigger_without_a_condition_triggers() -> None:
    hydra = answer_of("battlefield:\n  - {card: Ulvenwald Hydra, id: hydra}\n")
    assert said(hydra, "When Ulvenwald Hydra enters")[0].text.startswith("When it enters, “When Ulvenwald")


ELITE = "When Dwynen's Elite enters the battlefield, if you control another Elf"


def test_another_elf_is_counted_on_the_board_and_the_elite_itself_doesnt_count() -> None:
    alone = answer_of("battlefield:\n  - {card: Dwynen's Elite, id: elite}\n")
    [step] = said(alone, ELITE)
    assert step.text.endswith("is false — on this board its controller controls fewer than that.")
    with_elf = answer_of(
        "battlefield:\n  - {card: Llanowar Elves, id: elves}\n"
        "  - {card: Dwynen's Elite, id: elite}\nquery: elite\n"
    )
    assert said(with_elf, ELITE)[0].text.startswith("When it enters, “When Dwynen's Elite")
    theirs = answer_of(
        "battlefield:\n  - {card: Llanowar Elves, id: elves, controller: opponent}\n"
        "  - {card: Dwynen's Elite, id: elite}\nquery: elite\n"
    )
    assert "doesn't trigger" in said(theirs, ELITE)[0].text


def test_two_or_more_gates_counts_gates_and_a_colored_permanent_its_colors() -> None:
    gates = "  - {card: Azorius Guildgate, id: g1}\n  - {card: Boros Guildgate, id: g2}\n"
    answer = answer_of(f"battlefield:\n{gates}  - {{card: Saruli Gatekeepers, id: sg}}\nquery: sg\n")
    assert said(answer, "if you control two or more Gates")[0].text.startswith("When it enters")
    one = answer_of(
        "battlefield:\n  - {card: Azorius Guildgate, id: g1}\n  - {card: Saruli Gatekeepers, id: sg}\n"
    )
    assert "doesn't trigger" in said(one, "if you control two or more Gates")[0].text
    strix = answer_of("battlefield:\n  - {card: Parasitic Strix, id: strix}\n")  # it is blue itself
    assert "doesn't trigger" in said(strix, "if you control a black permanent")[0].text
