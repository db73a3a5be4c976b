"""What a copy of a spell or ability on the stack has, and the copy effect that makes it (CR 707.10).

The result models (:class:`StackCopyResult` and its parts), the copy effect of the copying card that can
copy an object (:func:`copy_effect_for`), and what a copy has of the original's decisions: its modes,
targets, X, kicker, entwine, splice and the objects paid with (707.10), as items and as steps. The copies
themselves are made in :mod:`engine.stack.spell_copies` (707.10), :mod:`engine.stack.ability_copies`
(707.10b) and :mod:`engine.stack.cast_copies` (707.12); their targets in :mod:`engine.stack.copy_targets`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field

from engine.core.citations import Citation
from engine.core.messages import Message, Param, card, english, msg, semicolon_series, series
from engine.core.model import SELF, Card, CopyEffect, CopyScope, Frozen
from engine.core.results import Explanation
from engine.oracle.card_wording import in_card_wording
from engine.oracle.kicker import KICKED_TIMES, KICKER, Kicked, was_kicked
from engine.oracle.spell_text import (
    SetTargets,
    Targetable,
    TargetRequirement,
    cast_trigger_spell,
    is_legal_target,
    resolution_choices,
    target_requirements,
)
from engine.oracle.text import sentences
from engine.stack.items import (
    CAST_TRIGGERS,
    COPY_MEANS,
    DECISIONS,
    DIVISION,
    ENTWINE,
    FIXED_TARGET,
    FOR_EACH,
    FOR_EACH_SAME,
    KICKER_LINKED,
    LAST_KNOWN,
    MODE_ONLY_TARGETS,
    MODES,
    NEW_TARGETS,
    NOT_CAST,
    PAID_OBJECTS,
    RESOLUTION,
    SPLICE,
    SPLICE_ANNOUNCE,
    TARGETED,
    TARGETS,
    X_MANA_VALUE,
    X_ON_STACK,
    PaidObject,
    Payment,
    Player,
    StackAbility,
    StackCharacteristics,
    StackError,
    StackItem,
    StackSpell,
    Value,
    as_targetable,
    explain,
    printed_wording,
    refuse,
    requirements_of,
    rule_numbers,
    spell_face,
    spell_texts,
    stack_mana_value,
    target_param,
    target_words,
    targeting_modes,
    targets_unknown,
)
from engine.stack.paid_copies import paid_cost_items, paid_cost_steps

_ITSELF = frozenset({"it", SELF, "this spell"})


class PaidView(Frozen):
    """What the copy has of the original's payment: its objects, never its mana (CR 707.10)."""

    objects: tuple[PaidObject, ...] = ()
    mana: str = ""
    cast_from: str | None = None


class CopyChoices(Frozen):
    """The copy's decisions (the ``choices`` of the JSON result)."""

    modes: tuple[str, ...]
    targets: tuple[str, ...] | None  # None: unknown (the board doesn't give them, CR 601.2c)
    x: int | None
    kicked: Kicked
    entwined: bool | None = False
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
    copies_for: tuple[str, ...] = ()  # "a copy for each …" (707.10d): the target of each copy the entry makes


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


def control_words(player: str) -> Message:
    """ "your control" or "your opponent's control": whose control a copy is put onto the stack under."""
    return msg("your control") if player == "you" else msg("your opponent's control")


def choices_view(item: StackItem) -> CopyChoices:
    """The decisions of ``item`` as a copy result shows them (its payment's objects, never its mana)."""
    choices = item.choices
    payment = item.payment if isinstance(item, StackSpell) else Payment(cast_from=None)
    return CopyChoices(
        modes=choices.modes,
        targets=None if targets_unknown(item) else choices.targets,
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


def copied_items(
    original: StackItem,
    retargeted: bool,
    set_by_effect: SetTargets | None = None,
    copies_for: tuple[str, ...] = (),
) -> tuple[CopiedItem, ...]:
    """What a copy of ``original`` has of its decisions, each with the rules that copy it (CR 707.10)."""
    choices = original.choices
    items = [CopiedItem.of(msg("characteristics"), english(item_name(original)), rule_numbers(DECISIONS))]
    if copies_for:
        items.append(CopiedItem.of(msg("one copy targeting each of"), copies_for, rule_numbers(FOR_EACH)))
    if choices.modes:
        rules = (
            rule_numbers(DECISIONS, MODES, ENTWINE) if choices.entwined else rule_numbers(DECISIONS, MODES)
        )
        items.append(CopiedItem.of(msg("modes"), choices.modes, rules))
    elif modes_not_given(original):
        items.append(CopiedItem.of(msg("modes"), None, rule_numbers(DECISIONS, MODES)))
    target_rules = rule_numbers(DECISIONS, NEW_TARGETS) if retargeted else rule_numbers(DECISIONS, TARGETS)
    if set_by_effect is not None:
        target_rules = rule_numbers(DECISIONS, FOR_EACH_SAME if set_by_effect.for_each else FIXED_TARGET)
    if retargeted:
        count = len(choices.targets) if choices.targets_given else len(requirements_of(original))
        items.append(CopiedItem.of(msg("number of targets"), count, target_rules))
    elif targets_unknown(original):
        items.append(CopiedItem.of(msg("targets"), None, unknown_target_rules(original)))
    else:
        items.append(CopiedItem.of(msg("targets"), choices.targets, target_rules))
    if choices.division:
        items.append(
            CopiedItem.of(
                msg("division among targets"),
                tuple(str(d) for d in choices.division),
                rule_numbers(DECISIONS, DIVISION),
            )
        )
    if choices.x is not None or (isinstance(original, StackSpell) and stack_mana_value(original) is None):
        items.append(CopiedItem.of(msg("X"), choices.x, rule_numbers(DECISIONS, X_ON_STACK)))
    if choices.kicked is None:
        items.append(CopiedItem.of(msg("kicked"), None, rule_numbers(DECISIONS, KICKER)))
    elif was_kicked(choices.kicked):
        kicked = choices.kicked if not isinstance(choices.kicked, tuple) else ", ".join(choices.kicked)
        several = isinstance(choices.kicked, tuple) and len(choices.kicked) > 1
        several = several or (type(choices.kicked) is int and choices.kicked > 1)
        rules = rule_numbers(DECISIONS, KICKER, KICKED_TIMES) if several else rule_numbers(DECISIONS, KICKER)
        items.append(CopiedItem.of(msg("kicked"), kicked, rules))
    if choices.entwined is not False:
        items.append(
            CopiedItem.of(msg("entwine cost paid"), choices.entwined, rule_numbers(DECISIONS, ENTWINE))
        )
    items += [CopiedItem.of(label, value, rules) for label, value, rules in paid_cost_items(original)]
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


def item_name(item: StackItem) -> Param:
    """A spell by the name of its face up, an ability as "SOURCE, ability N"."""
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


def resolution_items(texts: tuple[str, ...]) -> list[NotCopied]:
    """The choices the text makes on resolution: not copied, made anew for the copy (CR 707.10)."""
    return [
        NotCopied.of(
            msg("choice made on resolution: {sentence}", sentence=sentence), rule_numbers(RESOLUTION)
        )
        for sentence in resolution_choices(texts)
    ]


def copied_steps(
    original: StackItem, retargeted: bool, objects: Mapping[str, Targetable]
) -> list[Explanation]:
    """The steps saying which of the original's decisions the copy has (CR 707.10)."""
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
    elif targets_unknown(original) and not retargeted:
        steps.append(explain(_targets_not_given(original), *unknown_target_citations(original)))
    if isinstance(original, StackSpell) and choices.x is None and stack_mana_value(original) is None:
        steps.append(
            explain(
                msg(
                    "The board doesn't say what X is (x: N says): the copy has the original's X, whatever it "
                    "is, so its mana value on the stack and what X does in its text are unknown."
                ),
                DECISIONS,
                X_ON_STACK,
                X_MANA_VALUE,
            )
        )
    if choices.x is not None and isinstance(original, StackSpell) and "{X}" in original.card.front.mana_cost:
        value = f"{stack_mana_value(original) or 0:g}"
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
    kicked_texts = sentences_with(original, "kicked") if isinstance(original, StackSpell) else ()
    if choices.kicked is None:
        steps.append(explain(_kicked_not_given(original, kicked_texts), DECISIONS, KICKER_LINKED))
    elif was_kicked(choices.kicked):
        steps.append(explain(_kicked_copy(kicked_texts), DECISIONS, KICKER_LINKED))
    if choices.entwined:
        steps.append(
            explain(msg("The entwine cost was paid, so the copy has all modes."), DECISIONS, ENTWINE)
        )
    elif modes_not_given(original):
        steps.append(
            explain(
                msg(
                    "The board doesn't say which mode(s) {spell} was cast with (modes: [...] says{entwine}): "
                    "the copy has the same ones, whatever they are, so what it does is unknown.",
                    spell=item_name(original),
                    entwine=msg(", or entwined: true") if choices.entwined is None else "",
                ),
                DECISIONS,
                MODES,
                *((ENTWINE,) if choices.entwined is None else ()),
            )
        )
    steps += paid_cost_steps(original)
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


def unknown_target_citations(original: StackItem) -> tuple[Citation, ...]:
    """The rules that make the targets of ``original`` unknown, not "none", when the board doesn't give
    them: its text or one of its (unknown) modes requires a target (CR 707.10, 601.2c, 115.1, 700.2c)."""
    if requirements_of(original):
        return (DECISIONS, TARGETS, TARGETED)
    return (DECISIONS, MODE_ONLY_TARGETS, TARGETS, TARGETED)


def unknown_target_rules(original: StackItem) -> tuple[str, ...]:
    """:func:`unknown_target_citations` as rule numbers."""
    return rule_numbers(*unknown_target_citations(original))


def _targets_not_given(original: StackItem) -> Message:
    """The original's targets, not given: what its text (or its targeting modes) asks for, and that the
    copy has the same ones, whatever they are."""
    requirements = requirements_of(original)
    if requirements and all(r.variable for r in requirements):
        return msg(
            "The board doesn't say what {spell} targets (targets: [...] says): its text lets it have any "
            "number of targets, chosen as it was put on the stack, so which and how many — none among the "
            "possibilities — is unknown. The copy has the same targets, whatever they are.",
            spell=item_name(original),
        )
    if requirements:
        return msg(
            "The board doesn't say what {spell} targets (targets: [...] says), but its text requires a "
            "target for each instance of the word “target” ({wanted}), chosen as it was put on the stack: "
            "it has targets, unknown here, not none. The copy has the same targets, whatever they are.",
            spell=item_name(original),
            wanted=series([target_words(r) for r in requirements]),
        )
    return msg(
        "Whether {spell} has targets is unknown: it depends on its modes, which the board doesn't give. Its "
        "modes that target are {modes}: if one of those was chosen, the original has that target and the "
        "copy has the same one; if not, neither has a target.",
        spell=item_name(original),
        modes=semicolon_series([f"“{mode}”" for mode in targeting_modes(original)]),
    )


def modes_not_given(original: StackItem) -> bool:
    """Whether ``original`` is a modal spell whose modes the board doesn't give (CR 700.2)."""
    if not isinstance(original, StackSpell) or original.choices.modes:
        return False
    return any(a.modes for a in spell_face(original).abilities)


def _kicked_not_given(original: StackItem, kicked_texts: tuple[str, ...]) -> Message:
    """Whether the original was kicked, not given: unknown for the copy too, with both outcomes."""
    texts = series(tuple(f"“{text}”" for text in kicked_texts)) if kicked_texts else msg("its kicked text")
    return msg(
        "Whether {card} was kicked is unknown, because the board doesn't say (kicked: true or false says). "
        "The copy is kicked if and only if the original was: kicked, {texts} applies to both; not kicked, "
        "to neither.",
        card=item_name(original),
        texts=texts,
    )


def _kicked_copy(kicked_texts: tuple[str, ...]) -> Message:
    """ "The copy is kicked", with each of its kicked texts quoted."""
    if not kicked_texts:
        return msg("The copy is kicked, like the original.")
    return msg(
        "{kicked} Its kicked text applies to it too: “{text}”",
        kicked=_kicked_copy(kicked_texts[:-1]),
        text=kicked_texts[-1],
    )


def sentences_with(spell: StackSpell, words: str) -> tuple[str, ...]:
    """The sentences of the spell's text containing ``words``, in the card's own wording."""
    name, printed = spell_face(spell).name, printed_wording(spell)
    worded = (
        in_card_wording(sentence, printed, name)
        for text in spell_texts(spell)
        for sentence in sentences(text)
    )
    return tuple(sentence for sentence in worded if words.casefold() in sentence.casefold())


_HOW = {
    "sacrificed": msg("sacrificed"),
    "discarded": msg("discarded"),
    "exiled": msg("exiled"),
    "tapped": msg("tapped"),
}
PLAYER_WORDS = {"you": msg("you"), "opponent": msg("opponent")}
"""The players a copy result names, as words."""
