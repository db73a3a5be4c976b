"""A copy of a spell and the optional costs paid for the original other than kicker (CR 707.10): buyback
(702.27a), squad (702.157a) and offspring (702.175a) are decisions made as it was cast, so the copy has
them too — even though a copy wasn't cast (707.10). What they do for the copy follows from what a copy is:
a copy of a spell isn't a card, so a paid buyback puts nothing into a hand (707.10a); a copy of a permanent
spell becomes a token as it resolves (707.10f), whose squad or offspring ability triggers on the payments
copied. Not given for a card that has the cost: unknown, both outcomes named, when the answer depends on it.
"""

from __future__ import annotations

from engine.core.citations import Citation, cite
from engine.core.messages import Message, msg
from engine.core.results import Explanation
from engine.oracle.paid_costs import BUYBACK, CLEAVE, OFFSPRING, SQUAD, cleaved_text, cost_of, has_brackets
from engine.oracle.wording import prototype_of
from engine.stack.items import (
    CEASES,
    DECISIONS,
    TOKEN_SPELL,
    StackItem,
    StackSpell,
    explain,
    printed_face,
    rule_numbers,
)

Item = tuple[Message, int | bool, tuple[str, ...]]


def paid_cost_items(original: StackItem) -> list[Item]:
    """The optional costs of ``original`` (other than kicker and entwine) that its copy has, with rules."""
    choices = original.choices
    items: list[Item] = []
    if choices.buyback:
        items.append((msg("buyback cost paid"), True, rule_numbers(DECISIONS, BUYBACK)))
    if choices.squad:
        items.append((msg("squad cost paid (times)"), choices.squad, rule_numbers(DECISIONS, SQUAD)))
    if choices.offspring:
        items.append((msg("offspring cost paid"), True, rule_numbers(DECISIONS, OFFSPRING)))
    if choices.cleaved:
        items.append((msg("cast for its cleave cost"), True, rule_numbers(DECISIONS, CLEAVE)))
    if choices.prototyped:
        items.append((msg("cast as a prototyped spell"), True, rule_numbers(PROTOTYPED_COPY)))
    return items


def paid_cost_steps(original: StackItem) -> list[Explanation]:
    """What the copied buyback, squad and offspring payments mean for the copy, or that they aren't given."""
    if not isinstance(original, StackSpell):
        return []
    abilities = original.card.front.abilities
    choices = original.choices
    steps: list[Explanation] = []
    if cost_of(abilities, "buyback"):
        said = (
            msg("Its buyback cost was paid for the original, so the copy has it paid too")
            if choices.buyback
            else msg(
                "The board doesn't say whether the original's buyback cost was paid; the copy has the same"
            )
            if choices.buyback is None
            else msg("Its buyback cost wasn't paid for the original, nor for the copy")
        )
        steps.append(
            explain(
                msg(
                    "{said}. But a copy isn't a card: as it resolves it isn't put into a hand but "
                    "ceases to exist, so nothing comes back.",
                    said=said,
                ),
                DECISIONS,
                BUYBACK,
                CEASES,
            )
        )
    if cost_of(abilities, "cleave"):
        steps.append(_cleave_step(original))
    if prototype_of(printed_face(original).abilities) is not None:
        steps.append(_prototype_step(original.choices.prototyped))
    for keyword, count, rule in (
        ("squad", choices.squad, SQUAD),
        ("offspring", choices.offspring, OFFSPRING),
    ):
        if cost_of(abilities, keyword):
            steps.append(_token_trigger(keyword, count, rule))
    return steps


def _token_trigger(keyword: str, count: int | bool | None, rule: Citation) -> Explanation:
    """A copied creature spell with squad or offspring becomes a token as it resolves (707.10f); its
    trigger uses the payments the copy copied (707.10)."""
    if count is None:
        example = "squad: N" if keyword == "squad" else "offspring: true"
        return explain(
            msg(
                "Whether the original's {keyword} cost was paid is unknown, because the board doesn't say "
                "({example}); the copy has the same payments: if they were made, the token it becomes as it "
                "resolves triggers its {keyword} ability; if not, it doesn't.",
                keyword=keyword,
                example=example,
            ),
            DECISIONS,
            TOKEN_SPELL,
            rule,
        )
    if count is False or count == 0:
        return explain(
            msg(
                "The original's {keyword} cost wasn't paid, so the copy's wasn't either: the token it "
                "becomes doesn't trigger its {keyword} ability.",
                keyword=keyword,
            ),
            DECISIONS,
            rule,
        )
    made = (
        msg("{n} token(s) that are copies of it", n=int(count))
        if keyword == "squad"
        else msg("a 1/1 token copy of it")
    )
    return explain(
        msg(
            "The copy has the original's {keyword} payments; as it resolves it becomes a token, whose "
            "{keyword} ability triggers: it creates {made}.",
            keyword=keyword,
            made=made,
        ),
        DECISIONS,
        TOKEN_SPELL,
        rule,
    )


def _cleave_step(original: StackSpell) -> Explanation:
    """Casting it for its cleave cost is a decision the copy copies (707.10): the copy's text is the
    original's, the bracketed words removed or kept alike (702.148a); not given, both texts are named."""
    spell = next((a for a in printed_face(original).abilities if has_brackets(a.text)), None)
    printed = spell.text if spell else ""
    cleaved, kept = cleaved_text(printed, cleaved=True), cleaved_text(printed, cleaved=False)
    if original.choices.cleaved is None:
        return explain(
            msg(
                "Whether the original was cast for its cleave cost is unknown, because the board doesn't say "
                "(cleaved: true or false); the copy has the same text as it: cast for it, “{cleaved}”; not, "
                "“{kept}” (its targets must be legal for that text).",
                cleaved=cleaved,
                kept=kept,
            ),
            DECISIONS,
            CLEAVE,
        )
    return explain(
        msg(
            "The original was cast for its cleave cost, and the copy copies that decision: its text too is "
            "“{text}”, without the words in square brackets.",
            text=cleaved,
        )
        if original.choices.cleaved
        else msg(
            "The original wasn't cast for its cleave cost, nor is the copy: its text keeps the words in "
            "square brackets, “{text}”.",
            text=kept,
        ),
        DECISIONS,
        CLEAVE,
    )


def _prototype_step(prototyped: bool | None) -> Explanation:
    """A copy of a prototyped spell is a prototyped spell, with the prototype's mana cost, colors, power and
    toughness (CR 718.3c); not given whether the original was cast prototyped, those are unknown."""
    if prototyped is None:
        return explain(
            msg(
                "Whether the original was cast as a prototyped spell is unknown, because the board doesn't "
                "say (prototyped: true or false): if it was, it and the copy have only its prototype's mana "
                "cost, colors, power and toughness; if not, the card's own. Those characteristics are "
                "unknown here."
            ),
            PROTOTYPED_COPY,
            NOT_PROTOTYPED,
        )
    return explain(
        msg(
            "The original was cast as a prototyped spell, so the copy is a prototyped spell too: it has the "
            "prototype's mana cost, colors, power and toughness, not the card's own."
        )
        if prototyped
        else msg(
            "The original wasn't cast as a prototyped spell, so neither is the copy: it has the card's own "
            "mana cost, colors, power and toughness."
        ),
        PROTOTYPED_COPY if prototyped else NOT_PROTOTYPED,
    )


PROTOTYPED_COPY = cite("718.3c", "If a prototyped spell is copied, the copy is also a prototyped spell.")
NOT_PROTOTYPED = cite("718.4", "when not cast as a prototyped spell, a prototype card has only its normal")
