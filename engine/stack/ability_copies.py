"""Copying an activated or triggered ability on the stack (CR 707.10, 707.10b): :func:`copy_ability` puts a
copy of it on the stack under its new controller, with the same source, and says what it has and why.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.messages import card, msg
from engine.core.model import AbilityKind, Card, CopyScope
from engine.core.results import Explanation
from engine.oracle.spell_text import Targetable, exiles, refers_to_exiled
from engine.stack.copies import (
    PLAYER_WORDS,
    NotCopied,
    StackCopyResult,
    choices_view,
    control_words,
    copied_items,
    copied_steps,
    copy_effect_for,
    item_name,
    resolution_items,
)
from engine.stack.copy_targets import targets_for_copy
from engine.stack.items import (
    COPY_MEANS,
    INDEPENDENT,
    MANY_EXILED,
    OWNER,
    SAME_SOURCE,
    Player,
    StackAbility,
    ability_characteristics,
    ability_texts,
    explain,
    rule_numbers,
)


def copy_ability(
    original: StackAbility,
    via: Card,
    *,
    handle: str,
    controller: Player = "you",
    new_targets: tuple[str, ...] | None = None,
    objects: Mapping[str, Targetable] | None = None,
) -> StackCopyResult:
    """Put a copy of an activated or triggered ability on the stack (CR 707.10, 707.10b)."""
    effect = copy_effect_for(via, CopyScope.COPY_ABILITY, original, controller)
    targets, target_steps = targets_for_copy(original, effect, via, new_targets, controller, objects or {})
    copy = original.model_copy(
        update={
            "handle": handle,
            "controller": controller,
            "is_copy": True,
            "choices": original.choices.model_copy(
                update={"targets": targets, "targets_given": original.choices.targets_given or bool(targets)}
            ),
        }
    )
    activated = original.ability.kind is not AbilityKind.TRIGGERED
    steps = [
        explain(
            msg(
                "{via} puts a copy of {original} onto the stack under {control}; its source is still "
                "{source}.",
                via=card(via.name),
                original=item_name(original),
                control=control_words(controller),
                source=card(original.source.name),
            ),
            COPY_MEANS,
            SAME_SOURCE,
        ),
        *copied_steps(original, targets != original.choices.targets, objects or {}),
        *target_steps,
    ]
    return StackCopyResult(
        id=handle,
        copy_of=original.handle,
        via=via.name,
        kind="ability",
        characteristics=ability_characteristics(original),
        choices=choices_view(copy),
        cast=False,
        owner=None,
        controller=controller,
        source=original.source.handle,
        copied=copied_items(original, targets != original.choices.targets),
        not_copied=_not_copied_ability(original, activated),
        outcomes=(),
        resolves_as=None,
        steps=tuple(steps),
        notes=tuple(_ability_notes(original)),
        item=copy,
    )


def _not_copied_ability(original: StackAbility, activated: bool) -> tuple[NotCopied, ...]:
    what = (
        msg(
            "being activated: its costs aren't paid again and abilities that trigger on activation don't "
            "see it"
        )
        if activated
        else msg("having triggered: abilities that trigger when an ability triggers don't see it")
    )
    return (
        NotCopied.of(what, rule_numbers(COPY_MEANS)),
        *resolution_items(ability_texts(original)),
        NotCopied.of(
            msg("the original's controller ({player})", player=PLAYER_WORDS[original.controller]),
            rule_numbers(OWNER),
        ),
    )


def _ability_notes(original: StackAbility) -> list[Explanation]:
    notes = [explain(msg("The copy resolves even if its source has left the battlefield."), INDEPENDENT)]
    text = original.ability.rules_text
    others = [
        a for face in original.source_card.faces for a in face.abilities if a.index != original.ability.index
    ]
    if exiles(text) and (refers_to_exiled(text) or any(refers_to_exiled(a.rules_text) for a in others)):
        notes.append(
            explain(
                msg(
                    "Cards exiled by the copy are exiled by {source}'s linked ability too: an ability that "
                    "refers "
                    'to "the exiled card" refers to each of them, and a duration like "until ~ leaves the '
                    'battlefield" uses the same source.',
                    source=card(original.source.name),
                ),
                MANY_EXILED,
                SAME_SOURCE,
            )
        )
    return notes
