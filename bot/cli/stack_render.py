"""Rendering of a copy on the stack (``mtg-judge board`` with a ``stack:`` section) as a judge's answer,
its fixed words in the answer's language and its cards with their printed names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from bot.i18n import N_, _
from bot.i18n.engine_text import localized, localized_handle, localized_item
from bot.i18n.names import NO_NAMES, card_label

if TYPE_CHECKING:
    from engine import CopyChoices, StackCopyAnswer, Value

_PLAYERS = {"player:you": N_("you"), "player:opponent": N_("your opponent")}
_RESOLVES_AS = {"token": N_("a token"), "transforming token": N_("a transforming token")}


def stack_copy_panel(
    answer: StackCopyAnswer, rules_version: str, names: Mapping[str, str] = NO_NAMES
) -> Panel:
    """The copy first (what it is, who owns and controls it), then its choices, what was and wasn't
    copied and why, the card's questions answered for original and copy, and the reasoning."""
    parts: list[Any] = [Text(_headline(answer, names), style="bold"), *_choice_lines(answer.choices, names)]
    if answer.outcomes:
        parts.append(Text("\n" + _("Original → copy"), style="bold"))
        parts.extend(
            _ruled(f"{o.question}: {_say(o.on_original)} → {_say(o.on_copy)}", o.rules)
            for o in answer.outcomes
        )
    parts.append(Text("\n" + _("Copied"), style="bold"))
    parts.extend(_ruled(f"{localized_item(c, names)}: {_say(c.value)}", c.rules) for c in answer.copied)
    parts.append(Text("\n" + _("Not copied"), style="bold"))
    parts.extend(_ruled(localized_item(n, names), n.rules) for n in answer.not_copied)
    parts.append(Text("\n" + _("Why"), style="bold"))
    parts.extend(_ruled(localized(e, names), e.rules) for e in (*answer.steps, *answer.notes))
    title = Text(
        _("{copied} — copy via {via}").format(
            copied=_copied(answer, names), via=card_label(answer.via, names)
        )
    )
    subtitle = Text(_("CR 707.10–707.12 · rules of {version}").format(version=rules_version), style="dim")
    return Panel(Group(*parts), title=title, subtitle=subtitle, expand=False)


def _headline(answer: StackCopyAnswer, names: Mapping[str, str]) -> str:
    what = _("a copy of an ability") if answer.kind == "ability" else _("a copy of a spell")
    cast = _("cast (CR 707.12)") if answer.cast else _("not cast")
    if answer.kind == "ability":
        cast = _("not activated or triggered (CR 707.10)")
    who = _("controlled by {controller}").format(controller=_(answer.controller))
    if answer.owner:
        who = _("controlled by {controller}, owned by {owner}").format(
            controller=_(answer.controller), owner=_(answer.owner)
        )
    resolves = ""
    if answer.resolves_as:
        resolves_as = _(_RESOLVES_AS.get(answer.resolves_as, answer.resolves_as))
        resolves = _("; it resolves as {what}").format(what=resolves_as)
    return _("{id}: {what} ({copied}), {cast}, {who}{resolves}.").format(
        id=localized_handle(answer, names),
        what=what,
        copied=_copied(answer, names),
        cast=cast,
        who=who,
        resolves=resolves,
    )


def _copied(answer: StackCopyAnswer, names: Mapping[str, str]) -> str:
    """The name of what was copied, with its printed name (a spell copied face down has none)."""
    return card_label(answer.copiable.name, names) if answer.copiable.name else _("a copy")


def _choice_lines(choices: CopyChoices, names: Mapping[str, str]) -> list[Text]:
    shown = {
        N_("modes"): "; ".join(choices.modes),
        N_("targets"): ", ".join(_(_PLAYERS[t]) if t in _PLAYERS else t for t in choices.targets or ()),
        "X": "" if choices.x is None else str(choices.x),
        N_("kicked"): "" if choices.kicked is False else _say(choices.kicked),
        N_("entwined"): "" if choices.entwined is False else _say(choices.entwined),
        N_("spliced"): ", ".join(card_label(card, names) for card in choices.spliced),
        N_("division"): ", ".join(map(str, choices.division)),
        N_("paid with"): ", ".join(f"{o.how} {card_label(o.card, names)}" for o in choices.paid.objects),
    }
    return [Text.assemble((f"  {_(label)}: ", "cyan"), value) for label, value in shown.items() if value]


def _say(value: Value | tuple[str, ...]) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, tuple):
        return ", ".join(value) or _("none")
    return _("unknown") if value is None else str(value)


def _ruled(text: str, rules: tuple[str, ...]) -> Text:
    return Text.assemble("• ", text, (f"  (CR {', '.join(rules)})", "dim") if rules else "")
