"""The questions a spell's own text asks, answered for the original and for its copy (CR 707.10): kicked,
mana spent, the zone it was cast from, the objects paid with, "can't be countered".
"""

from __future__ import annotations

from engine.oracle.card_wording import in_card_wording
from engine.oracle.kicker import Kicked
from engine.oracle.spell_text import (
    CastCondition,
    ConditionKind,
    cast_conditions,
    mana_includes,
    paid_references,
    says_cannot_be_countered,
)
from engine.stack.copies import Outcome
from engine.stack.items import (
    DECISIONS,
    KICKER_LINKED,
    LAST_KNOWN,
    MANA_RIDER,
    NOT_CAST,
    PAID_OBJECTS,
    PAYS,
    Payment,
    StackSpell,
    printed_wording,
    rule_numbers,
    spell_face,
    spell_texts,
)


def _kicked_for(condition: CastCondition, kicked: Kicked) -> bool | None:
    if kicked is None:
        return None  # not given: the condition is unknown for the original and for its copy alike
    if isinstance(kicked, tuple):
        return bool(kicked) and (condition.needs is None or condition.needs in kicked)
    return bool(kicked)


def _condition_outcome(condition: CastCondition, original: StackSpell, copy: StackSpell) -> Outcome:
    if condition.kind is ConditionKind.KICKED:
        return Outcome(
            question=condition.text,
            on_original=_kicked_for(condition, original.choices.kicked),
            on_copy=_kicked_for(condition, copy.choices.kicked),
            rules=rule_numbers(DECISIONS, KICKER_LINKED),
        )
    if condition.kind is ConditionKind.MANA_SPENT:
        return Outcome(
            question=condition.text,
            on_original=_mana_spent(condition, original.payment),
            on_copy=_mana_spent(condition, copy.payment),
            rules=rule_numbers(NOT_CAST, PAYS),
        )
    zone = (condition.needs or "").casefold()
    return Outcome(
        question=condition.text,
        on_original=_cast_from(zone, original),
        on_copy=_cast_from(zone, copy),
        rules=rule_numbers(NOT_CAST),
    )


def _mana_spent(condition: CastCondition, payment: Payment) -> bool | None:
    needs = condition.needs or ""
    if not needs.startswith("{"):
        return None if payment.mana else False
    return mana_includes(payment.mana, needs)


def _cast_from(zone: str, spell: StackSpell) -> bool | None:
    if spell.cast and spell.payment.cast_from is None:
        return None  # cast, from a zone the board doesn't give
    return spell.cast and (spell.payment.cast_from or "").casefold() == zone


def spell_outcomes(original: StackSpell, copy: StackSpell) -> tuple[Outcome, ...]:
    """The original's and the copy's answers to each question the spell's text asks."""
    text = " ".join(spell_texts(original))
    outcomes = [_condition_outcome(c, original, copy) for c in cast_conditions(text)]
    for reference in paid_references(text):
        outcomes.append(
            Outcome(
                question=reference.text,
                on_original=_paid_value(reference.how, reference.characteristic, original.payment),
                on_copy=_paid_value(reference.how, reference.characteristic, copy.payment),
                rules=rule_numbers(PAID_OBJECTS, LAST_KNOWN),
            )
        )
    uncounterable = _uncounterable(original, copy, text)
    if uncounterable.on_original or uncounterable.on_copy:
        outcomes.append(uncounterable)
    name, printed = spell_face(original).name, printed_wording(original)
    return tuple(
        o.model_copy(update={"question": in_card_wording(o.question, printed, name)}) for o in outcomes
    )


def _paid_value(how: str, characteristic: str, payment: Payment) -> int | None:
    for paid in payment.objects:
        if paid.how == how:
            value = {"power": paid.power, "toughness": paid.toughness, "mana value": paid.mana_value}[
                characteristic
            ]
            return None if value is None else int(value)
    return None


def _uncounterable(original: StackSpell, copy: StackSpell, text: str) -> Outcome:
    printed = says_cannot_be_countered(text)
    riders = [s.rider for s in original.payment.mana_sources if s.rider and says_cannot_be_countered(s.rider)]
    applies = bool(riders) and original.card.front.type_line.types[0] in ("Instant", "Sorcery")
    copy_riders = [
        s.rider for s in copy.payment.mana_sources if s.rider and says_cannot_be_countered(s.rider)
    ]
    rules = rule_numbers(DECISIONS) if printed else rule_numbers(MANA_RIDER, NOT_CAST, PAYS)
    return Outcome(
        question="can't be countered",
        on_original=printed or applies,
        on_copy=printed or bool(copy_riders),
        rules=rules,
    )
