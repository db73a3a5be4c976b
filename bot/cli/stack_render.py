"""Rendering of a copy on the stack (``mtg-judge board`` with a ``stack:`` section) as a judge's answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

if TYPE_CHECKING:
    from engine import CopyChoices, Explanation, StackCopyAnswer, Value

_PLAYERS = {"player:you": "you", "player:opponent": "your opponent"}


def stack_copy_panel(answer: StackCopyAnswer, rules_version: str) -> Panel:
    """The copy first (what it is, who owns and controls it), then its choices, what was and wasn't
    copied and why, the card's questions answered for original and copy, and the reasoning."""
    parts: list[Any] = [Text(_headline(answer), style="bold"), *_choice_lines(answer.choices)]
    if answer.outcomes:
        parts.append(Text("\nOriginal → copy", style="bold"))
        parts.extend(
            _ruled(f"{o.question}: {_say(o.on_original)} → {_say(o.on_copy)}", o.rules)
            for o in answer.outcomes
        )
    parts.append(Text("\nCopied", style="bold"))
    parts.extend(_ruled(f"{c.item}: {_say(c.value)}", c.rules) for c in answer.copied)
    parts.append(Text("\nNot copied", style="bold"))
    parts.extend(_ruled(n.item, n.rules) for n in answer.not_copied)
    parts.append(Text("\nWhy", style="bold"))
    parts.extend(_explained(e) for e in (*answer.steps, *answer.notes))
    title = Text(f"{answer.copiable.name} — copy via {answer.via}")
    subtitle = Text(f"CR 707.10–707.12 · rules of {rules_version}", style="dim")
    return Panel(Group(*parts), title=title, subtitle=subtitle, expand=False)


def _headline(answer: StackCopyAnswer) -> str:
    what = "a copy of an ability" if answer.kind == "ability" else "a copy of a spell"
    cast = "cast (CR 707.12)" if answer.cast else "not cast"
    if answer.kind == "ability":
        cast = "not activated or triggered (CR 707.10)"
    owner = f", owned by {answer.owner}" if answer.owner else ""
    resolves = f"; it resolves as a {answer.resolves_as}" if answer.resolves_as else ""
    who = f"controlled by {answer.controller}{owner}"
    return f"{answer.id}: {what} ({answer.copiable.name}), {cast}, {who}{resolves}."


def _choice_lines(choices: CopyChoices) -> list[Text]:
    shown = {
        "modes": "; ".join(choices.modes),
        "targets": ", ".join(_PLAYERS.get(t, t) for t in choices.targets),
        "X": "" if choices.x is None else str(choices.x),
        "kicked": "" if choices.kicked is False else _say(choices.kicked),
        "entwined": "yes" if choices.entwined else "",
        "spliced": ", ".join(choices.spliced),
        "division": ", ".join(map(str, choices.division)),
        "paid with": ", ".join(f"{o.how} {o.card}" for o in choices.paid.objects),
    }
    return [Text.assemble((f"  {label}: ", "cyan"), value) for label, value in shown.items() if value]


def _say(value: Value | tuple[str, ...]) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ", ".join(value) or "none"
    return "unknown" if value is None else str(value)


def _ruled(text: str, rules: tuple[str, ...]) -> Text:
    return Text.assemble("• ", text, (f"  (CR {', '.join(rules)})", "dim") if rules else "")


def _explained(explanation: Explanation) -> Text:
    return _ruled(explanation.text, explanation.rules)
