"""Linked abilities (CR 607) for the CLI and the Discord cogs: resolve names, parse, analyse, render JSON."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.config import Settings
from bot.services.context import open_services
from bot.services.parse import find_parsed_card
from bot.services.rules import ImportSummary, load_rules, outdated_citation_note
from engine import Explanation, LinkedReport, find_links

MAX_CARDS = 5


class InvalidLinkedQuery(ValueError):  # noqa: N818 -- reads better than ...Error
    """No card name, or more names than one question may hold."""


@dataclass(frozen=True, slots=True)
class LinkedAnswer:
    """The report for the first card (the others are asked about with it) and the rules it was built on."""

    report: LinkedReport
    rules_version: str
    downloaded: ImportSummary | None  # the rules were downloaded for this question (say so)


def checked_names(names: Sequence[str]) -> list[str]:
    """The names to look up: at least one, at most :data:`MAX_CARDS`, none blank."""
    cleaned = [name.strip() for name in names]
    if not cleaned or any(not name for name in cleaned):
        raise InvalidLinkedQuery("Give at least one card name (and no empty names).")
    if len(cleaned) > MAX_CARDS:
        raise InvalidLinkedQuery(f"Ask about at most {MAX_CARDS} cards at once (got {len(cleaned)}).")
    return cleaned


async def linked_abilities(settings: Settings, names: Sequence[str]) -> LinkedAnswer:
    """Linked abilities of the first named card; the other named cards are asked about together with it.

    Raises InvalidLinkedQuery, a CardLookupError (CardNotFound, AmbiguousCardName …), RulesUnavailable,
    RulesDownloadError or RulesParseError.
    """
    wanted = checked_names(names)
    async with open_services(settings) as services:
        rules = await load_rules(services)
        cards = [await find_parsed_card(services, name, rules) for name in wanted]
        report = find_links(cards[0], also=cards[1:])
        outdated = outdated_citation_note(services.rules, _cited(report))
    if outdated is not None:
        report = report.model_copy(update={"notes": (*report.notes, Explanation(text=outdated, rules=()))})
    return LinkedAnswer(report=report, rules_version=rules.version, downloaded=rules.downloaded)


def _cited(report: LinkedReport) -> set[str]:
    return {rule for link in report.links for rule in link.rules} | {
        rule for note in report.notes for rule in note.rules
    }


def linked_json(answer: LinkedAnswer) -> dict[str, Any]:
    """The stable JSON of a linked-abilities answer; each link names the ``faces`` of its two abilities
    when the card has abilities on several faces (an index alone would be ambiguous)."""
    report = answer.report
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
        "notes": [{"text": note.text, "rules": list(note.rules)} for note in report.notes],
    }
