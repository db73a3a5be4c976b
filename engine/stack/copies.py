"""Copying spells and abilities on the stack, and casting copies (CR 707.10–707.12, 111.13, 608.3f).

:func:`copy_spell`, :func:`copy_ability` and :func:`cast_copy` apply a copying card's
:class:`~engine.core.model.CopyEffect` to an object of :mod:`engine.stack.items` and answer with what the
copy has, what it doesn't, the answers the card's own conditions get for the original and for the copy,
and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field

from engine.core.messages import Message, Param, card, english, msg, series
from engine.core.messages import card as card_name
from engine.core.model import SELF, AbilityKind, Card, CopyEffect, CopyScope, ExceptionKind, Frozen
from engine.core.results import Explanation
from engine.oracle.kicker import KICKED_TIMES, KICKER, Kicked
from engine.oracle.spell_text import (
    CastCondition,
    ConditionKind,
    SetTargets,
    Targetable,
    TargetRequirement,
    cast_conditions,
    cast_trigger_spell,
    exiles,
    is_legal_target,
    mana_includes,
    paid_references,
    refers_to_exiled,
    resolution_choices,
    says_cannot_be_countered,
    set_targets_of,
    target_requirements,
)
from engine.oracle.text import sentences
from engine.stack.faces import spell_face_explanation
from engine.stack.items import (
    ANNOUNCE,
    BACK_FACE_VALUE,
    CARD_COPY_CEASES,
    CAST_A_COPY,
    CAST_OWNER,
    CAST_TRIGGERS,
    CEASES,
    COPY_MEANS,
    DECISIONS,
    DIVISION,
    ENTWINE,
    FIXED_NOT_CREATED,
    FIXED_TARGET,
    FOR_EACH,
    FOR_EACH_SAME,
    FOR_EACH_SKIPPED,
    ILLEGAL_ON_RESOLUTION,
    INDEPENDENT,
    KEPT_ILLEGAL,
    KICKER_LINKED,
    LAST_KNOWN,
    MANA_RIDER,
    MANY_EXILED,
    MODE_TARGETS,
    MODES,
    NEW_TARGETS,
    NOT_CAST,
    NOT_CREATED,
    OWNER,
    PAID_OBJECTS,
    PAYS,
    PLAYERS,
    RESOLUTION,
    SAME_SOURCE,
    SPELL_INFO,
    SPLICE,
    SPLICE_ANNOUNCE,
    STORM,
    TARGETS,
    TOKEN_RULE,
    TOKEN_SPELL,
    TRANSFORMING,
    UNCHANGED,
    X_ENTERS,
    X_FREE,
    X_MANA_VALUE,
    X_ON_STACK,
    Choices,
    PaidObject,
    Payment,
    Player,
    StackAbility,
    StackCharacteristics,
    StackError,
    StackItem,
    StackSpell,
    Value,
    ability_characteristics,
    ability_texts,
    as_targetable,
    characteristics_of,
    check_targets,
    explain,
    is_permanent_spell,
    lookup_target,
    refuse,
    requirement_for_slot,
    requirement_param,
    requirements_of,
    rule_numbers,
    spell_face,
    spell_texts,
    stack_mana_value,
    target_param,
    validate_choices,
)

_ITSELF = frozenset({"it", SELF, "this spell"})
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


class PaidView(Frozen):
    """What the copy has of the original's payment: its objects, never its mana (CR 707.10)."""

    objects: tuple[PaidObject, ...] = ()
    mana: str = ""
    cast_from: str | None = None


class CopyChoices(Frozen):
    """The copy's decisions (the ``choices`` of the JSON result)."""

    modes: tuple[str, ...]
    targets: tuple[str, ...]
    x: int | None
    kicked: Kicked
    entwined: bool = False
    spliced: tuple[str, ...] = ()
    division: tuple[int, ...] = ()
    paid: PaidView


class CopiedItem(Frozen):
    """Something the copy has because it was copied, and the rules that say so."""

    item: str  # in English
    value: Value | tuple[str, ...] = None
    rules: tuple[str, ...]
    message: Message | None = Field(default=None, exclude=True)
    """What ``item`` was worded from, for another language; not in the JSON."""

    @classmethod
    def of(cls, item: Message, value: Value | tuple[str, ...], rules: tuple[str, ...]) -> CopiedItem:
        """The copied ``item`` (a message) with its value."""
        return cls(item=item.english, value=value, rules=rules, message=item)


class NotCopied(Frozen):
    """Something the original has that the copy doesn't, and the rules that say so."""

    item: str  # in English
    rules: tuple[str, ...]
    message: Message | None = Field(default=None, exclude=True)
    """What ``item`` was worded from, for another language; not in the JSON."""

    @classmethod
    def of(cls, item: Message, rules: tuple[str, ...]) -> NotCopied:
        """What isn't copied (a message)."""
        return cls(item=item.english, rules=rules, message=item)


class Outcome(Frozen):
    """A question the card's text asks, answered for the original and for the copy."""

    question: str
    on_original: Value
    on_copy: Value
    rules: tuple[str, ...]


class StackCopyResult(Frozen):
    """The answer to "what does this copy on the stack do?"."""

    id: str
    copy_of: str
    via: str
    kind: Literal["spell", "ability"]
    characteristics: StackCharacteristics
    choices: CopyChoices
    cast: bool
    owner: Player | None
    controller: Player
    source: str | None = None  # an ability copy's source (CR 707.10b)
    copied: tuple[CopiedItem, ...]
    not_copied: tuple[NotCopied, ...]
    outcomes: tuple[Outcome, ...]
    resolves_as: str | None  # "token", "transforming token", None for instants, sorceries, abilities
    steps: tuple[Explanation, ...]
    notes: tuple[Explanation, ...]
    item: StackSpell | StackAbility  # the copy as a stack object (so it can be copied in turn)


# --- the copy effect ---------------------------------------------------------------------------


def copy_effects_of(via: Card, scope: CopyScope) -> tuple[CopyEffect, ...]:
    """The copy effects of ``via`` with ``scope``; a clear error naming what ``via`` copies when none."""
    effects = [e for face in via.faces for e in face.copy_effects]
    found = tuple(e for e in effects if e.scope is scope)
    if not found:
        can = ", ".join(f"{e.scope.value} ({e.copyable})" for e in effects)
        raise refuse(
            msg(
                "{card} can't do that ({scope}); it can: {can}.",
                card=card(via.name),
                scope=scope.value,
                can=can or msg("nothing"),
            ),
            COPY_MEANS,
        )
    return found


def copy_effect_for(via: Card, scope: CopyScope, original: StackItem, controller: Player) -> CopyEffect:
    """The first copy effect of ``via`` that can copy ``original`` (Lithoform Engine has three);
    a StackError saying why when none can."""
    problems: list[StackError] = []
    for effect in copy_effects_of(via, scope):
        try:
            _check_copyable(effect, via, original, controller)
        except StackError as problem:
            problems.append(problem)
        else:
            return effect
    raise problems[0]


def _copyable_requirement(effect: CopyEffect, via: Card) -> TargetRequirement | None:
    # "copy that spell twice instead" refers back to the same ability's "target … spell"
    same_ability = [
        e for face in via.faces for e in face.copy_effects if e.ability_index == effect.ability_index
    ]
    requirements = [r for e in (effect, *same_ability) for r in target_requirements(e.copyable)]
    if requirements:
        return requirements[0]
    trigger = next(
        (a.trigger for face in via.faces for a in face.abilities if a.index == effect.ability_index), None
    )
    spell = cast_trigger_spell(trigger or "")
    return TargetRequirement(phrase=spell) if spell else None


def _check_copyable(effect: CopyEffect, via: Card, original: StackItem, controller: Player) -> None:
    requirement = _copyable_requirement(effect, via)
    candidate = as_targetable(original)
    if (
        effect.copyable.casefold() in _ITSELF
        and isinstance(original, StackSpell)
        and original.card.name != via.name
    ):
        raise refuse(msg("{card}'s ability copies only {card} itself.", card=card(via.name)), COPY_MEANS)
    if requirement and not is_legal_target(requirement, candidate, controller):
        raise refuse(
            msg(
                "{card} copies {phrase}; {candidate} isn't one.",
                card=card(via.name),
                phrase=requirement.phrase,
                candidate=card(candidate.name),
            ),
            COPY_MEANS,
        )
    trigger_text = " ".join(a.trigger or "" for face in via.faces for a in face.abilities).casefold()
    if "you cast" in trigger_text and isinstance(original, StackSpell):
        if not original.cast:
            raise refuse(
                msg(
                    "{card} triggers only when a spell is cast; {original} is a copy that wasn't cast.",
                    card=card(via.name),
                    original=card(original.card.name),
                ),
                NOT_CAST,
                CAST_TRIGGERS,
            )
        if original.controller != controller:
            raise refuse(
                msg("{card} triggers only on its controller's own spells.", card=card(via.name)),
                CAST_TRIGGERS,
            )


def _set_targets(
    original: StackItem,
    rule: SetTargets,
    via: Card,
    new_targets: tuple[str, ...] | None,
    controller: Player,
    objects: Mapping[str, Targetable],
) -> tuple[tuple[str, ...], list[Explanation], tuple[str, ...]]:
    """The copy's targets when the effect sets them; also every target a copy is made for (707.10d)."""
    old, name = original.choices.targets, _name(original)
    same = FOR_EACH_SAME if rule.for_each else FIXED_TARGET
    if len(set(old)) != 1:
        raise refuse(
            msg(
                "{card} copies only a spell whose targets are all one player or object.", card=card(via.name)
            ),
            same,
        )
    pool = {**PLAYERS, **objects}
    wanted = TargetRequirement(phrase=rule.phrase)
    fits = [h for h, t in pool.items() if h != old[0] and is_legal_target(wanted, t, controller)]
    requirements = requirements_of(original)
    legal = [h for h in fits if _legal_for_each_target(requirements, len(old), pool[h], controller)]
    described = series([target_param(h, objects) for h in legal]) if legal else msg("none")
    if not rule.for_each:
        chosen = new_targets[0] if new_targets and len(set(new_targets)) == 1 else None
        if chosen is None:
            raise refuse(
                msg(
                    "{card}'s copy targets the {phrase} its ability chose (possible here: {possible}); "
                    "describe the board in a file and give it as new_targets: [handle].",
                    card=card(via.name),
                    phrase=rule.phrase,
                    possible=described,
                ),
                FIXED_TARGET,
            )
        if chosen not in legal:
            raise refuse(
                msg(
                    "{target} can't be the copy's target: it isn't another {phrase} that is a legal target "
                    "for {spell}, so the copy isn't created. Possible: {possible}.",
                    target=card(lookup_target(chosen, objects).name),
                    phrase=rule.phrase,
                    spell=name,
                    possible=described,
                ),
                FIXED_TARGET,
                FIXED_NOT_CREATED,
            )
        step = explain(
            msg(
                "{via} sets the copy's target: the chosen {phrase}, {target}, for each instance of the word "
                '"target"; it is a legal target.',
                via=card(via.name),
                phrase=rule.phrase,
                target=target_param(chosen, objects),
            ),
            FIXED_TARGET,
        )
        return (chosen,) * len(old), [step], ()
    if not legal:
        raise refuse(
            msg(
                "{card} creates no copy: no other {phrase} is a legal target for {spell}.",
                card=card(via.name),
                phrase=rule.phrase,
                spell=name,
            ),
            FOR_EACH,
            FOR_EACH_SKIPPED,
        )
    chosen = new_targets[0] if new_targets else legal[0]
    if new_targets and (set(new_targets) != {chosen} or chosen not in legal):
        raise refuse(
            msg(
                "new_targets picks which of {card}'s copies to show: one of {legal}.",
                card=card(via.name),
                legal=str(legal),
            ),
            FOR_EACH,
        )
    chooser = msg("you choose") if controller == "you" else msg("your opponent chooses")
    steps = [
        explain(
            msg(
                "{via} creates one copy of {spell} for each other {phrase} it could target: {targets}. Each "
                "copy "
                'targets only that one, for each instance of the word "target"; they go on the stack in the '
                "order {chooser}. This answer is the copy that targets {target}.",
                via=card(via.name),
                spell=name,
                phrase=rule.phrase,
                targets=series([target_param(h, objects) for h in legal]),
                chooser=chooser,
                target=target_param(chosen, objects),
            ),
            FOR_EACH,
            FOR_EACH_SAME,
        )
    ]
    skipped = [target_param(h, objects) for h in fits if h not in legal]
    if skipped:
        steps.append(
            explain(
                msg(
                    "No copy for {targets}: not a legal target for {spell}.",
                    targets=series(skipped),
                    spell=name,
                ),
                FOR_EACH_SKIPPED,
            )
        )
    return (chosen,) * len(old), steps, tuple(legal)


def _kept_illegal(
    original: StackItem, controller: Player, objects: Mapping[str, Targetable], may_change: bool
) -> list[Explanation]:
    """A kept target the copy's controller couldn't choose stays, but it is illegal for the copy."""
    requirements = requirements_of(original)
    targets = original.choices.targets
    illegal: list[Param] = []
    for slot, handle in enumerate(targets):
        requirement = requirement_for_slot(requirements, slot)
        candidate = PLAYERS.get(handle) or objects.get(handle)
        if requirement and candidate and not is_legal_target(requirement, candidate, controller):
            illegal.append(target_param(handle, objects))
    if not illegal:
        return []
    if len(set(illegal)) != len(set(targets)):
        consequence = msg("the copy won't affect it")
    elif may_change:
        consequence = msg("so unless it gets legal new targets the copy won't resolve")
    else:
        consequence = msg("so the copy won't resolve")
    return [
        explain(
            msg(
                "The copy keeps {targets} as target even though that isn't a legal target for a spell its "
                "controller controls; {consequence}.",
                targets=series(illegal),
                consequence=consequence,
            ),
            KEPT_ILLEGAL,
            ILLEGAL_ON_RESOLUTION,
        )
    ]


def _legal_for_each_target(
    requirements: tuple[TargetRequirement, ...], count: int, candidate: Targetable, controller: Player
) -> bool:
    slots = [requirement_for_slot(requirements, slot) for slot in range(count)]
    return all(r is not None and is_legal_target(r, candidate, controller) for r in slots)


def allows_new_targets(effect: CopyEffect) -> bool:
    """Whether the copy effect lets the copy's controller choose new targets (CR 707.10c)."""
    return "new target" in effect.text.casefold()


def _targets_for_copy(
    original: StackItem,
    effect: CopyEffect,
    via: Card,
    new_targets: tuple[str, ...] | None,
    controller: Player,
    objects: Mapping[str, Targetable],
) -> tuple[tuple[str, ...], list[Explanation]]:
    old = original.choices.targets
    if new_targets is None or new_targets == old:
        illegal = _kept_illegal(original, controller, objects, allows_new_targets(effect))
        if old and allows_new_targets(effect):
            keep = explain(
                msg(
                    "{via} lets the copy's controller choose new targets; any changed target must be legal. "
                    "Here the copy keeps the original's targets (they may stay even if now illegal).",
                    via=card(via.name),
                ),
                NEW_TARGETS,
                UNCHANGED,
            )
            return old, [keep, *illegal]
        return old, illegal
    if not allows_new_targets(effect):
        raise refuse(
            msg(
                "{card} doesn't let you choose new targets; the copy keeps {targets}.",
                card=card(via.name),
                targets=str(list(old)),
            ),
            DECISIONS,
        )
    if len(new_targets) != len(old):
        raise refuse(
            msg(
                "The copy has exactly {count} target(s), like the original; give {count} new_targets.",
                count=len(old),
            ),
            TARGETS,
            DECISIONS,
        )
    requirements = requirements_of(original)
    steps: list[Explanation] = []
    for slot, (before, after) in enumerate(zip(old, new_targets, strict=True)):
        if before == after:
            continue
        requirement = requirement_for_slot(requirements, slot)
        candidate = lookup_target(after, objects)
        if requirement is None or not is_legal_target(requirement, candidate, controller):
            wanted: Param = requirement.phrase if requirement else msg("nothing")
            rules = (NEW_TARGETS, MODES, MODE_TARGETS) if original.choices.modes else (NEW_TARGETS,)
            raise refuse(
                msg(
                    "{card} isn't a legal new target: that target must be {wanted}.",
                    card=card(candidate.name),
                    wanted=wanted,
                ),
                *rules,
            )
        steps.append(
            explain(
                msg(
                    "New target {new} instead of {old}: it is a legal target ({requirement}).",
                    new=target_param(after, objects),
                    old=target_param(before, objects),
                    requirement=requirement_param(requirement),
                ),
                NEW_TARGETS,
                UNCHANGED,
            )
        )
    return new_targets, steps


# --- outcomes ----------------------------------------------------------------------------------


def _kicked_for(condition: CastCondition, kicked: Kicked) -> bool:
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


def _cast_from(zone: str, spell: StackSpell) -> bool:
    return spell.cast and (spell.payment.cast_from or "").casefold() == zone


def _who(player: str) -> Message:
    return msg("you cast") if player == "you" else msg("your opponent casts")


def _control(player: str) -> Message:
    return msg("your control") if player == "you" else msg("your opponent's control")


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
    name = spell_face(original).name
    return tuple(o.model_copy(update={"question": o.question.replace(SELF, name)}) for o in outcomes)


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


# --- copying -----------------------------------------------------------------------------------


def copy_spell(
    original: StackSpell,
    via: Card,
    *,
    handle: str,
    controller: Player = "you",
    new_targets: tuple[str, ...] | None = None,
    objects: Mapping[str, Targetable] | None = None,
    via_mana: tuple[str, ...] = (),
) -> StackCopyResult:
    """Put a copy of ``original`` on the stack with ``via``'s copy effect (CR 707.10).

    ``via_mana`` is the mana paid for the copying spell or ability itself (Twincast's {U}{U}): it is
    never mana spent to cast the copy.
    """
    effect = copy_effect_for(via, CopyScope.COPY_SPELL, original, controller)
    set_by_effect = set_targets_of(effect)
    copies_for: tuple[str, ...] = ()
    if set_by_effect is None:
        targets, target_steps = _targets_for_copy(
            original, effect, via, new_targets, controller, objects or {}
        )
    else:
        targets, target_steps, copies_for = _set_targets(
            original, set_by_effect, via, new_targets, controller, objects or {}
        )
    copy = StackSpell(
        handle=handle,
        card=original.card,
        controller=controller,
        owner=controller,
        choices=original.choices.model_copy(update={"targets": targets}),
        payment=Payment(objects=original.payment.objects, cast_from=None),
        back_face_up=original.back_face_up,
        is_copy=True,
        cast=False,
    )
    characteristics = _apply_exceptions(characteristics_of(copy), effect)
    steps = [
        explain(
            msg(
                "{via} puts a copy of {original} onto the stack under {control}. The copy isn't cast; it is "
                "a spell with no card, owned and controlled by that player.",
                via=card(via.name),
                original=_name(original),
                control=_control(controller),
            ),
            COPY_MEANS,
            NOT_CAST,
            OWNER,
        ),
        *_storm_steps(via),
        *_face_steps(original),
        *_copied_steps(original, targets != original.choices.targets, objects or {}),
        *target_steps,
    ]
    return StackCopyResult(
        id=handle,
        copy_of=original.handle,
        via=via.name,
        kind="spell",
        characteristics=characteristics,
        choices=_choices_view(copy),
        cast=False,
        owner=controller,
        controller=controller,
        copied=_copied_items(original, targets != original.choices.targets, set_by_effect, copies_for),
        not_copied=_not_copied_spell(original),
        outcomes=spell_outcomes(original, copy),
        resolves_as=_resolves_as(copy),
        steps=tuple(steps),
        notes=tuple(_spell_notes(original, copy)) + _via_mana_note(via, via_mana),
        item=copy,
    )


def _apply_exceptions(characteristics: StackCharacteristics, effect: CopyEffect) -> StackCharacteristics:
    update: dict[str, object] = {}
    for exception in effect.exceptions:
        if exception.kind is ExceptionKind.SET_COLOR and exception.value:
            update["colors"] = tuple(_COLOR_LETTERS.get(c.casefold(), c) for c in exception.value.split())
        elif exception.kind is ExceptionKind.REMOVE_SUPERTYPE:
            removed = set(exception.supertypes)
            update["supertypes"] = tuple(t for t in characteristics.supertypes if t not in removed)
        elif exception.kind is ExceptionKind.SET_NAME and exception.value:
            update["name"] = exception.value
    return characteristics.model_copy(update=update)


def _choices_view(item: StackItem) -> CopyChoices:
    choices = item.choices
    payment = item.payment if isinstance(item, StackSpell) else Payment(cast_from=None)
    return CopyChoices(
        modes=choices.modes,
        targets=choices.targets,
        x=choices.x,
        kicked=choices.kicked,
        entwined=choices.entwined,
        spliced=tuple(c.name for c in choices.spliced),
        division=choices.division,
        paid=PaidView(
            objects=payment.objects,
            mana="".join(payment.mana),
            cast_from=payment.cast_from if getattr(item, "cast", False) else None,
        ),
    )


def _copied_items(
    original: StackItem,
    retargeted: bool,
    set_by_effect: SetTargets | None = None,
    copies_for: tuple[str, ...] = (),
) -> tuple[CopiedItem, ...]:
    choices = original.choices
    items = [CopiedItem.of(msg("characteristics"), english(_name(original)), rule_numbers(DECISIONS))]
    if copies_for:
        items.append(CopiedItem.of(msg("one copy targeting each of"), copies_for, rule_numbers(FOR_EACH)))
    if choices.modes:
        rules = (
            rule_numbers(DECISIONS, MODES, ENTWINE) if choices.entwined else rule_numbers(DECISIONS, MODES)
        )
        items.append(CopiedItem.of(msg("modes"), choices.modes, rules))
    target_rules = rule_numbers(DECISIONS, NEW_TARGETS) if retargeted else rule_numbers(DECISIONS, TARGETS)
    if set_by_effect is not None:
        target_rules = rule_numbers(DECISIONS, FOR_EACH_SAME if set_by_effect.for_each else FIXED_TARGET)
    items.append(
        CopiedItem.of(msg("number of targets"), len(choices.targets), target_rules)
        if retargeted
        else CopiedItem.of(msg("targets"), choices.targets, target_rules)
    )
    if choices.division:
        items.append(
            CopiedItem.of(
                msg("division among targets"),
                tuple(str(d) for d in choices.division),
                rule_numbers(DECISIONS, DIVISION),
            )
        )
    if choices.x is not None:
        items.append(CopiedItem.of(msg("X"), choices.x, rule_numbers(DECISIONS, X_ON_STACK)))
    if choices.kicked is not False and choices.kicked != 0:
        kicked = choices.kicked if not isinstance(choices.kicked, tuple) else ", ".join(choices.kicked)
        several = isinstance(choices.kicked, tuple) and len(choices.kicked) > 1
        several = several or (type(choices.kicked) is int and choices.kicked > 1)
        rules = rule_numbers(DECISIONS, KICKER, KICKED_TIMES) if several else rule_numbers(DECISIONS, KICKER)
        items.append(CopiedItem.of(msg("kicked"), kicked, rules))
    if choices.entwined:
        items.append(CopiedItem.of(msg("entwine cost paid"), True, rule_numbers(DECISIONS, ENTWINE)))
    if choices.spliced:
        items.append(
            CopiedItem.of(
                msg("spliced text"),
                tuple(c.name for c in choices.spliced),
                rule_numbers(DECISIONS, SPLICE_ANNOUNCE, SPLICE),
            )
        )
    if isinstance(original, StackSpell):
        if original.payment.alternative_cost:
            items.append(
                CopiedItem.of(
                    msg("alternative cost paid"),
                    original.payment.alternative_cost,
                    rule_numbers(DECISIONS),
                )
            )
        for paid in original.payment.objects:
            items.append(
                CopiedItem.of(
                    msg("{how} object", how=_HOW.get(paid.how, paid.how)),
                    english(_paid_text(paid)),
                    rule_numbers(PAID_OBJECTS, LAST_KNOWN),
                )
            )
    return tuple(items)


def _name(item: StackItem) -> Param:
    if isinstance(item, StackSpell):
        return card(spell_face(item).name)
    return msg("{source}, ability {index}", source=card(item.source.name), index=item.ability.index)


def _paid_text(paid: PaidObject) -> Param:
    values = [
        label(f"{v:g}" if isinstance(v, float) else str(v))
        for label, v in (
            (_power, paid.power),
            (_toughness, paid.toughness),
            (_mana_value, paid.mana_value),
        )
        if v is not None
    ]
    return series([card(paid.card), *values])


def _power(value: str) -> Message:
    return msg("power {value}", value=value)


def _toughness(value: str) -> Message:
    return msg("toughness {value}", value=value)


def _mana_value(value: str) -> Message:
    return msg("mana value {value}", value=value)


def _not_copied_spell(original: StackSpell) -> tuple[NotCopied, ...]:
    payment = original.payment
    mana: Param = "".join(payment.mana) or msg("none recorded")
    items = [NotCopied.of(msg("mana spent to cast it ({mana})", mana=mana), rule_numbers(DECISIONS, PAYS))]
    for source in payment.mana_sources:
        said = (
            msg("mana source {source}: {rider}", source=card(source.name), rider=source.rider)
            if source.rider
            else msg("mana source {source}", source=card(source.name))
        )
        items.append(NotCopied.of(said, rule_numbers(MANA_RIDER, PAYS)))
    items.append(
        NotCopied.of(
            msg("being cast (cast triggers such as storm, prowess or Mirari don't see the copy)"),
            rule_numbers(NOT_CAST, CAST_TRIGGERS),
        )
    )
    if original.cast and payment.cast_from:
        items.append(
            NotCopied.of(
                msg(
                    "the zone it was cast from ({zone})",
                    zone=_CAST_FROM.get(payment.cast_from, payment.cast_from),
                ),
                rule_numbers(NOT_CAST),
            )
        )
    items.extend(_resolution_items(spell_texts(original)))
    items.append(
        NotCopied.of(
            msg("the original's owner and controller ({player})", player=_PLAYERS[original.controller]),
            rule_numbers(OWNER),
        )
    )
    return tuple(items)


def _resolution_items(texts: tuple[str, ...]) -> list[NotCopied]:
    return [
        NotCopied.of(
            msg("choice made on resolution: {sentence}", sentence=sentence), rule_numbers(RESOLUTION)
        )
        for sentence in resolution_choices(texts)
    ]


def _copied_steps(
    original: StackItem, retargeted: bool, objects: Mapping[str, Targetable]
) -> list[Explanation]:
    choices = original.choices
    steps: list[Explanation] = []
    if choices.modes:
        steps.append(
            explain(
                msg(
                    "The copy has the same mode(s): {modes}. Its controller can't choose a different mode.",
                    modes="; ".join(m.rstrip(".") for m in choices.modes),
                ),
                DECISIONS,
                MODES,
            )
        )
    if choices.targets and not retargeted:
        described = series([target_param(t, objects) for t in choices.targets])
        steps.append(explain(msg("The copy has the same targets: {targets}.", targets=described), DECISIONS))
    if choices.x is not None and isinstance(original, StackSpell):
        value = f"{stack_mana_value(original):g}"
        steps.append(
            explain(
                msg(
                    "X is {x} for the copy too, so its mana value on the stack is {value}.",
                    x=choices.x,
                    value=value,
                ),
                DECISIONS,
                X_ON_STACK,
                X_MANA_VALUE,
            )
        )
    elif choices.x is not None:
        steps.append(explain(msg("X is {x} for the copy too.", x=choices.x), DECISIONS, X_ON_STACK))
    if choices.kicked is not False and choices.kicked != 0:
        kicked_texts = _sentences_with(original, "kicked") if isinstance(original, StackSpell) else ()
        steps.append(explain(_kicked_copy(kicked_texts), DECISIONS, KICKER_LINKED))
    if choices.entwined:
        steps.append(
            explain(msg("The entwine cost was paid, so the copy has all modes."), DECISIONS, ENTWINE)
        )
    for spliced in choices.spliced:
        steps.append(
            explain(
                msg("The copy has the text spliced from {card}.", card=card(spliced.name)), DECISIONS, SPLICE
            )
        )
    if isinstance(original, StackSpell):
        for paid in original.payment.objects:
            steps.append(
                explain(
                    msg(
                        "The copy refers to the same {how} object: {paid}.",
                        how=_HOW.get(paid.how, paid.how),
                        paid=_paid_text(paid),
                    ),
                    PAID_OBJECTS,
                    LAST_KNOWN,
                )
            )
    return steps


def _kicked_copy(kicked_texts: tuple[str, ...]) -> Message:
    """ "The copy is kicked", with each of its kicked texts quoted."""
    if not kicked_texts:
        return msg("The copy is kicked, like the original.")
    return msg(
        "{kicked} Its kicked text applies to it too: “{text}”",
        kicked=_kicked_copy(kicked_texts[:-1]),
        text=kicked_texts[-1],
    )


def _sentences_with(spell: StackSpell, words: str) -> tuple[str, ...]:
    """The sentences of the spell's text containing ``words``, in the card's own wording."""
    name = spell_face(spell).name
    return tuple(
        sentence
        for text in spell_texts(spell)
        for sentence in sentences(text.replace(SELF, name))
        if words.casefold() in sentence.casefold()
    )


def _outcome_note(outcome: Outcome, original: StackSpell) -> Explanation:
    """Why the original's and the copy's answers differ, quoting the text that applies to only one."""
    sentence = next(iter(_sentences_with(original, str(outcome.question))), None)
    question = (
        msg("can't be countered") if outcome.question == "can't be countered" else str(outcome.question)
    )
    text = msg(
        "{question}: original {original}, copy {copy}.",
        question=question,
        original=_say(outcome.on_original),
        copy=_say(outcome.on_copy),
    )
    if sentence and outcome.on_original is True and outcome.on_copy is False:
        text = msg("{answer} So this doesn't apply to the copy: “{sentence}”", answer=text, sentence=sentence)
    sources = [card(s.name) for s in original.payment.mana_sources if s.rider]
    if outcome.question == "can't be countered" and sources and not sentence:
        text = msg(
            "{answer} Only the mana from {sources} makes the original uncounterable; which mana was spent "
            "isn't copied, and no mana was spent to cast the copy.",
            answer=text,
            sources=series(sources),
        )
    return Explanation(text=text.english, rules=outcome.rules, message=text)


def _resolves_as(copy: StackSpell) -> str | None:
    if not is_permanent_spell(copy):
        return None
    return "transforming token" if copy.card.layout == "transform" else "token"


def _spell_notes(original: StackSpell, copy: StackSpell) -> list[Explanation]:
    notes: list[Explanation] = []
    if is_permanent_spell(copy):
        notes.append(
            explain(
                msg(
                    'As it resolves, the copy becomes a token {card}; it isn\'t "created", so effects that '
                    "care about creating tokens don't apply.",
                    card=card(spell_face(copy).name),
                ),
                TOKEN_SPELL,
                TOKEN_RULE,
                NOT_CREATED,
            )
        )
        if copy.choices.kicked is not False and copy.choices.kicked != 0:
            notes.append(
                explain(msg("The token's abilities see that the copy was kicked."), SPELL_INFO, KICKER_LINKED)
            )
        if copy.choices.x is not None:
            notes.append(
                explain(
                    msg(
                        "An enters ability or replacement of the token that refers to X uses {x}, the copy's "
                        "X; the token's own X is 0.",
                        x=copy.choices.x,
                    ),
                    SPELL_INFO,
                    X_ENTERS,
                )
            )
        if copy.card.layout == "transform":
            notes.append(_transforming_note(copy))
    else:
        notes.append(explain(msg("If the copy leaves the stack, it ceases to exist."), CEASES))
    for outcome in spell_outcomes(original, copy):
        if outcome.on_original != outcome.on_copy:
            notes.append(_outcome_note(outcome, original))
        elif outcome.question == "can't be countered" and outcome.on_copy is True:
            notes.append(
                explain(msg("The copy has the original's text, so it can't be countered either."), DECISIONS)
            )
    return notes


def _face_steps(original: StackSpell) -> list[Explanation]:
    """Which face of a double-faced original is up: the copy has the same one (CR 712.8b, 712.8c, 712.8f)."""
    face = spell_face_explanation(original)
    return [face] if face else []


def _transforming_note(copy: StackSpell) -> Explanation:
    if not copy.back_face_up:
        return explain(
            msg("The copy has both faces, front face up; it becomes a transforming token."), TRANSFORMING
        )
    return explain(
        msg(
            "The copy has both faces, back face up; it becomes a transforming token. As a copy of a back "
            "face, its mana value is 0."
        ),
        TRANSFORMING,
        BACK_FACE_VALUE,
    )


def _storm_steps(via: Card) -> tuple[Explanation, ...]:
    if not any(a.keyword == "Storm" for face in via.faces for a in face.abilities):
        return ()
    return (
        explain(
            msg(
                "Storm is a cast trigger of {via}: it copies the spell once for each other spell cast before "
                "it this turn, and you may choose new targets for any of the copies.",
                via=card(via.name),
            ),
            STORM,
        ),
    )


def _via_mana_note(via: Card, via_mana: tuple[str, ...]) -> tuple[Explanation, ...]:
    if not via_mana:
        return ()
    return (
        explain(
            msg(
                "The {mana} paid for {via} was spent on {via}, not on the copy: the copy is put onto the "
                "stack without being cast, so no mana was spent to cast it.",
                mana="".join(via_mana),
                via=card(via.name),
            ),
            NOT_CAST,
            PAYS,
        ),
    )


_HOW = {
    "sacrificed": msg("sacrificed"),
    "discarded": msg("discarded"),
    "exiled": msg("exiled"),
    "tapped": msg("tapped"),
}
_PLAYERS = {"you": msg("you"), "opponent": msg("opponent")}
_CAST_FROM: dict[str, Param] = {
    "hand": msg("hand"),
    "graveyard": msg("graveyard"),
    "exile": msg("exile"),
    "library": msg("library"),
}
"""The zones a spell is cast from, after "cast from" (others, like "the command zone", as written)."""


def _say(value: Value) -> Param:
    if value is None:
        return msg("unknown")
    if isinstance(value, bool):
        return msg("yes") if value else msg("no")
    return str(value)


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
    targets, target_steps = _targets_for_copy(original, effect, via, new_targets, controller, objects or {})
    copy = original.model_copy(
        update={
            "handle": handle,
            "controller": controller,
            "is_copy": True,
            "choices": original.choices.model_copy(update={"targets": targets}),
        }
    )
    activated = original.ability.kind is not AbilityKind.TRIGGERED
    steps = [
        explain(
            msg(
                "{via} puts a copy of {original} onto the stack under {control}; its source is still "
                "{source}.",
                via=card(via.name),
                original=_name(original),
                control=_control(controller),
                source=card(original.source.name),
            ),
            COPY_MEANS,
            SAME_SOURCE,
        ),
        *_copied_steps(original, targets != original.choices.targets, objects or {}),
        *target_steps,
    ]
    return StackCopyResult(
        id=handle,
        copy_of=original.handle,
        via=via.name,
        kind="ability",
        characteristics=ability_characteristics(original),
        choices=_choices_view(copy),
        cast=False,
        owner=None,
        controller=controller,
        source=original.source.handle,
        copied=_copied_items(original, targets != original.choices.targets),
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
        *_resolution_items(ability_texts(original)),
        NotCopied.of(
            msg("the original's controller ({player})", player=_PLAYERS[original.controller]),
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
        explain(msg("The copy is owned by {player}.", player=_PLAYERS[controller]), CAST_OWNER),
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
        choices=_choices_view(spell),
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
