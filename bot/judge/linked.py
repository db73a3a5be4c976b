"""Linked abilities (CR 607) as the Judge answers them, and their stable JSON."""

from __future__ import annotations

from bot.judge.answers import Framed
from bot.judge.cards import PrintedView
from bot.judge.payload import JsonObject, JsonValue
from bot.judge.rules import ImportSummary
from engine import LinkedReport


class LinkedAnswer(Framed):
    """The report for the first card (the others are asked about with it) and the rules it was built on."""

    report: LinkedReport
    rules_version: str
    downloaded: ImportSummary | None = None  # the rules were downloaded for this question (say so)
    rules_note: str | None = None  # the loaded rules changed a rule this answer cites
    cache_only: bool = False
    """Scryfall couldn't be reached to confirm a partial or misspelt name: a card came from the cache."""
    printed: PrintedView | None = None
    """The first card as printed in the language asked in, when that is not English and the cache has it."""

    def cited_rules(self) -> set[str]:
        """Every rule number the answer cites."""
        report = self.report
        return {rule for link in report.links for rule in link.rules} | {
            rule for note in report.notes for rule in note.rules
        }


def linked_json(answer: LinkedAnswer) -> JsonObject:
    """The stable JSON of a linked-abilities answer; each link names the ``faces`` of its two abilities
    when the card has abilities on several faces (an index alone would be ambiguous)."""
    report = answer.report
    notes: list[JsonValue] = [{"text": note.text, "rules": list(note.rules)} for note in report.notes]
    if answer.rules_note is not None:
        notes.append({"text": answer.rules_note, "rules": []})
    return {
        "card": report.card,
        "rules_version": answer.rules_version,
        "abilities": [
            {"index": ability.index, "face": ability.face, "text": ability.text, "kind": ability.kind}
            for ability in report.abilities
        ],
        "links": [
            {
                "abilities": list(link.abilities),
                "rule": link.rule,
                "explanation": link.explanation,
                **({"faces": list(link.faces)} if report.several_faces else {}),
            }
            for link in report.links
        ],
        "notes": notes,
    }
