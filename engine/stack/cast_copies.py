"""Casting a copy of a card (CR 707.12): :func:`cast_copy` makes a new spell that is cast, owned by its
caster, with every choice made anew.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.messages import Message, msg
from engine.core.messages import card as card_name
from engine.core.model import Card, CopyScope
from engine.oracle.spell_text import Targetable
from engine.stack.copies import (
    PLAYER_WORDS,
    CopiedItem,
    NotCopied,
    StackCopyResult,
    choices_view,
    copy_effects_of,
)
from engine.stack.items import (
    ANNOUNCE,
    CARD_COPY_CEASES,
    CAST_A_COPY,
    CAST_OWNER,
    CAST_TRIGGERS,
    X_FREE,
    Choices,
    Payment,
    Player,
    StackSpell,
    characteristics_of,
    check_targets,
    explain,
    is_permanent_spell,
    refuse,
    rule_numbers,
    validate_choices,
)
from engine.stack.outcomes import spell_outcomes


def cast_copy(
    card: Card,
    via: Card,
    *,
    handle: str,
    copy_of: str,
    controller: Player = "you",
    choices: Choices | None = None,
    payment: Payment | None = None,
    objects: Mapping[str, Targetable] | None = None,
) -> StackCopyResult:
    """Cast a copy of ``card`` with ``via`` (CR 707.12): a new spell with its own, new choices."""
    effect = copy_effects_of(via, CopyScope.CAST_COPY)[0]
    choices = validate_choices(card, choices or Choices())
    payment = payment or Payment(cast_from=None)
    free = "without paying" in (payment.alternative_cost or "") or "without paying" in effect.text.casefold()
    if free and choices.x not in (None, 0):
        raise refuse(
            msg(
                "{card}'s copy is cast without paying its mana cost, so X must be 0.",
                card=card_name(card.name),
            ),
            X_FREE,
        )
    if free and any("{X}" in s for s in card.front.mana_cost):
        choices = choices.model_copy(update={"x": 0})
    spell = StackSpell(
        handle=handle,
        card=card,
        controller=controller,
        owner=controller,
        choices=choices,
        payment=payment,
        is_copy=True,
        cast=True,
    )
    check_targets(spell, objects or {})
    steps = [
        explain(
            msg(
                "{via} creates a copy of {card} and {who} it: it follows the rules for casting spells, so it "
                "is cast and every choice is made anew.",
                via=card_name(via.name),
                card=card_name(card.name),
                who=_who(controller),
            ),
            CAST_A_COPY,
            ANNOUNCE,
        ),
        explain(msg("The copy is owned by {player}.", player=PLAYER_WORDS[controller]), CAST_OWNER),
    ]
    if free and choices.x == 0:
        steps.append(explain(msg("Cast without paying its mana cost, its X is 0."), X_FREE))
    outcomes = spell_outcomes(spell, spell)
    return StackCopyResult(
        id=handle,
        copy_of=copy_of,
        via=via.name,
        kind="spell",
        characteristics=characteristics_of(spell),
        choices=choices_view(spell),
        cast=True,
        owner=controller,
        controller=controller,
        copied=(CopiedItem.of(msg("characteristics"), card.name, rule_numbers(CAST_A_COPY)),),
        not_copied=(
            NotCopied.of(
                msg("choices: modes, targets, X and costs are chosen as it is cast"),
                rule_numbers(CAST_A_COPY, ANNOUNCE),
            ),
        ),
        outcomes=outcomes,
        resolves_as="token" if is_permanent_spell(spell) else None,
        steps=tuple(steps),
        notes=(
            explain(
                msg('It is cast, so "whenever you cast" abilities (storm, prowess, Mirari) trigger.'),
                CAST_A_COPY,
                CAST_TRIGGERS,
            ),
            explain(
                msg(
                    "A copy of a card that isn't cast, or that later goes anywhere but the stack or the "
                    "battlefield (a graveyard after it resolves), ceases to exist."
                ),
                CARD_COPY_CEASES,
            ),
        ),
        item=spell,
    )


def _who(player: str) -> Message:
    return msg("you cast") if player == "you" else msg("your opponent casts")
