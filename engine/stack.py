"""Spells and abilities on the stack and their copies (CR 707.10–707.12, 111.13, 608.3f).

A :class:`StackSpell` records a spell with every decision made while casting it (modes, targets, X,
kicker, entwine, splice, division) and how its costs were paid (objects, mana and its sources, the
zone it was cast from). :func:`copy_spell`, :func:`copy_ability` and :func:`cast_copy` apply a copying
card's :class:`~engine.model.CopyEffect` and answer with what the copy has, what it doesn't, and why.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

from engine.citations import Citation, cite
from engine.model import SELF, Ability, AbilityKind, Card, CopyEffect, CopyScope, ExceptionKind, Face, Frozen
from engine.results import Explanation
from engine.stack_text import (
    Condition,
    ConditionKind,
    Targetable,
    TargetKind,
    TargetRequirement,
    cast_conditions,
    exiles,
    is_legal_target,
    mana_includes,
    paid_references,
    refers_to_exiled,
    resolution_choices,
    says_cannot_be_countered,
    stack_copy_effects,
    target_requirements,
)

Player = Literal["you", "opponent"]
Value = bool | int | str | None

COPY_MEANS = cite(
    "707.10", "To copy a spell, activated ability, or triggered ability means to put a copy of it"
)
NOT_CAST = cite("707.10", "a copy of a spell isn’t cast")
DECISIONS = cite("707.10", "all decisions made for it, including modes, targets, the value of X")
RESOLUTION = cite("707.10", "Choices that are normally made on resolution are not copied")
PAID_OBJECTS = cite("707.10", "uses the objects used to pay the costs of the original spell or ability")
OWNER = cite("707.10", "A copy of a spell is owned by the player under whose control it was put on the stack")
CEASES = cite("707.10a", "If a copy of a spell is in a zone other than the stack, it ceases to exist")
SAME_SOURCE = cite("707.10b", "A copy of an ability has the same source as the original ability")
NEW_TARGETS = cite("707.10c", "the new targets must be legal")
UNCHANGED = cite("707.10c", "The player may leave any number of the targets unchanged")
TOKEN_SPELL = cite("707.10f", "it ceases being a copy of a spell and becomes a token permanent")
TRANSFORMING = cite("707.10g", "the copy is also a transforming permanent spell")
CAST_A_COPY = cite("707.12", "follows the rules for casting spells")
TOKEN_RULE = cite("111.13", "A copy of a permanent spell becomes a token as it resolves")
NOT_CREATED = cite("608.3f", "will become a token permanent")
CAST_OWNER = cite("112.2a", "the owner of that copy is the player who is instructed to create it")
MODES = cite("700.2g", "A copy of a modal spell or ability copies the mode(s) chosen for it")
MODE_TARGETS = cite(
    "700.2f", "Modal spells and abilities may have different targeting requirements for each mode"
)
ANNOUNCE = cite("601.2b", "the player announces the mode choice")
SPLICE_ANNOUNCE = cite("601.2b", "If the player wishes to splice any cards onto the spell")
TARGETS = cite("601.2c", "announces their choice of an appropriate object or player for each target")
DIVISION = cite("601.2d", "the player announces the division")
PAYS = cite("601.2h", "The player pays the total cost")
CAST_TRIGGERS = cite(
    "601.2i", "Any abilities that trigger when a spell is cast or put onto the stack trigger"
)
X_ON_STACK = cite("107.3a", "While a spell is on the stack, any X in its mana cost")
X_FREE = cite("107.3b", "then the only legal choice for X is 0")
MANA_RIDER = cite(
    "106.6", "have an additional effect that affects the spell or ability that mana is spent on"
)
KICKER = cite("702.33a", "You may pay an additional [cost] as you cast this spell")
KICKER_LINKED = cite("702.33e", "These abilities are linked to the kicker or multikicker abilities")
ENTWINE = cite("702.42a", "You may choose all modes of this spell instead of just the number specified")
SPLICE = cite("702.47c", "plus the rules text of each of the spliced cards")
LAST_KNOWN = cite("608.2h", "last known information")
SPELL_INFO = cite("400.7d", "including what costs were paid to cast that spell or what mana was spent")
LINKED_EXILE = cite("607.3", "the ability refers to each of the exiled cards")
INDEPENDENT = cite(
    "113.7a", "Once activated or triggered, an ability exists on the stack independently of its source"
)

_PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Planeswalker", "Land"})
_STACK_SCOPES = frozenset({CopyScope.COPY_SPELL, CopyScope.COPY_ABILITY, CopyScope.CAST_COPY})
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


class StackError(ValueError):
    """A stack scenario the rules don't allow, with the explanation to show the user."""

    def __init__(self, explanation: Explanation) -> None:
        super().__init__(explanation.text)
        self.explanation = explanation


def _refuse(text: str, *citations: Citation) -> StackError:
    return StackError(_explain(text, *citations))


class PaidObject(Frozen):
    """An object used to pay a cost, with its last known values ("sacrificed: Grizzly Bears, power 3")."""

    card: str
    how: str = "sacrificed"  # sacrificed | discarded | exiled | tapped
    power: int | None = None
    toughness: int | None = None
    mana_value: float | None = None


class ManaSource(Frozen):
    """A source of mana spent on the spell and the rider that mana carries (CR 106.6)."""

    name: str
    rider: str | None = None


class Payment(Frozen):
    """How a spell's costs were paid and where it was cast from."""

    objects: tuple[PaidObject, ...] = ()
    mana: tuple[str, ...] = ()  # symbols spent, with their colors: ("{W}", "{U}", "{U}")
    cast_from: str | None = "hand"  # None for a copy that wasn't cast
    mana_sources: tuple[ManaSource, ...] = ()
    alternative_cost: str | None = None  # "flashback", "overload", "without paying its mana cost"


Kicked = bool | int | tuple[str, ...]


class Choices(Frozen):
    """Decisions made as a spell was cast or an ability put on the stack (CR 601.2b–d)."""

    modes: tuple[str, ...] = ()  # chosen modes in the card's wording
    targets: tuple[str, ...] = ()  # "player:you", "player:opponent" or object handles
    x: int | None = None
    kicked: Kicked = False  # True, times kicked (multikicker) or which kicker costs ("first", "{1}{U}")
    entwined: bool = False
    spliced: tuple[Card, ...] = ()
    division: tuple[int, ...] = ()  # damage or counters divided among the targets, in target order


class StackSpell(Frozen):
    """A spell (or a copy of one) on the stack."""

    handle: str
    card: Card
    controller: Player = "you"
    owner: Player = "you"
    choices: Choices = Choices()
    payment: Payment = Payment()
    back_face_up: bool = False
    is_copy: bool = False
    cast: bool = True


class StackAbility(Frozen):
    """An activated or triggered ability (or a copy of one) on the stack."""

    handle: str
    source: Targetable  # the object whose ability it is (CR 113.7)
    source_card: Card
    ability: Ability
    controller: Player = "you"
    choices: Choices = Choices()
    is_copy: bool = False


StackItem = StackSpell | StackAbility


class Characteristics(Frozen):
    """The characteristics of a spell or ability on the stack, in the board's CH shape."""

    name: str
    mana_cost: str = ""
    mana_value: float = 0
    colors: tuple[str, ...] = ()
    color_indicator: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    abilities: tuple[str, ...] = ()


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

    item: str
    value: Value | tuple[str, ...] = None
    rules: tuple[str, ...]


class NotCopied(Frozen):
    """Something the original has that the copy doesn't, and the rules that say so."""

    item: str
    rules: tuple[str, ...]


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
    characteristics: Characteristics
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


PLAYERS: Mapping[str, Targetable] = {
    f"player:{p}": Targetable(handle=f"player:{p}", name=p, kind=TargetKind.PLAYER, controller=p)
    for p in ("you", "opponent")
}


# --- reading the card --------------------------------------------------------------------------


def spell_face(spell: StackSpell) -> Face:
    """The face of the spell that is up on the stack."""
    card = spell.card
    return card.faces[1] if spell.back_face_up and len(card.faces) > 1 else card.front


def _normal(text: str) -> str:
    return text.strip().lstrip("•").strip().rstrip(".").casefold()


def _modal_ability(face: Face) -> Ability | None:
    return next((a for a in face.abilities if a.modes), None)


def _keyword(face: Face, *names: str) -> tuple[Ability, ...]:
    wanted = {n.casefold() for n in names}
    return tuple(a for a in face.abilities if a.keyword and a.keyword.casefold() in wanted)


def validate_choices(card: Card, choices: Choices, *, back_face_up: bool = False) -> Choices:
    """``choices`` checked against the card: modes as printed, kicker and entwine only if it has them.

    Returns the choices with modes in the card's wording (all of them when entwined).
    """
    face = card.faces[1] if back_face_up and len(card.faces) > 1 else card.front
    modal = _modal_ability(face)
    if choices.entwined:
        if not _keyword(face, "Entwine") or modal is None:
            raise _refuse(f"{face.name} has no entwine ability.", ENTWINE)
        return choices.model_copy(update={"modes": modal.modes})
    if choices.modes:
        if modal is None:
            raise _refuse(f"{face.name} isn't modal; it has no modes to choose.", ANNOUNCE)
        printed = {_normal(m): m for m in modal.modes}
        unknown = [m for m in choices.modes if _normal(m) not in printed]
        if unknown:
            raise _refuse(
                f"{face.name} has no mode {unknown[0]!r}; its modes are: " + "; ".join(modal.modes), ANNOUNCE
            )
        choices = choices.model_copy(update={"modes": tuple(printed[_normal(m)] for m in choices.modes)})
    if choices.kicked is not False and choices.kicked != 0:
        _check_kicker(face, choices.kicked)
    return choices


def _check_kicker(face: Face, kicked: Kicked) -> None:
    kickers = _keyword(face, "Kicker", "Multikicker")
    if not kickers:
        raise _refuse(f"{face.name} has no kicker; it can't be kicked.", KICKER)
    if isinstance(kicked, tuple):
        costs = [a.keyword_parameter or "" for a in kickers]
        for name in kicked:
            if name not in ("first", "second") and name not in costs:
                raise _refuse(f"{face.name}'s kicker costs are {', '.join(costs)}; not {name!r}.", KICKER)
        if "second" in kicked and len(kickers) < 2:
            raise _refuse(f"{face.name} has only one kicker cost.", KICKER)


def spell_texts(spell: StackSpell) -> tuple[str, ...]:
    """The spell's rules texts as it resolves: chosen modes only, then each spliced card's text."""
    texts: list[str] = []
    for ability in spell_face(spell).abilities:
        if ability.modes:
            chosen = {_normal(m) for m in spell.choices.modes}
            texts.extend(m for m in ability.modes if _normal(m) in chosen)
        elif ability.kind is not AbilityKind.KEYWORD:
            texts.append(ability.rules_text)
    for spliced in spell.choices.spliced:
        texts.extend(a.rules_text for a in spliced.front.abilities if a.kind is AbilityKind.SPELL)
    return tuple(texts)


def _ability_texts(item: StackItem) -> tuple[str, ...]:
    if isinstance(item, StackSpell):
        return spell_texts(item)
    if item.ability.modes:
        chosen = {_normal(m) for m in item.choices.modes}
        return tuple(m for m in item.ability.modes if _normal(m) in chosen)
    return (item.ability.effect or item.ability.rules_text,)


def requirements_of(item: StackItem) -> tuple[TargetRequirement, ...]:
    """The target requirements of the spell's or ability's text, one per instance of "target"."""
    return tuple(r for text in _ability_texts(item) for r in target_requirements(text))


def characteristics_of(spell: StackSpell) -> Characteristics:
    """The spell's characteristics on the stack, spliced text included (CR 702.47c)."""
    face = spell_face(spell)
    spliced = tuple(
        a.text for card in spell.choices.spliced for a in card.front.abilities if a.kind is AbilityKind.SPELL
    )
    return Characteristics(
        name=face.name,
        mana_cost="".join(face.mana_cost),
        mana_value=spell.card.mana_value,
        colors=face.colors,
        color_indicator=face.color_indicator,
        supertypes=face.type_line.supertypes,
        types=face.type_line.types,
        subtypes=face.type_line.subtypes,
        power=face.power.printed if face.power else None,
        toughness=face.toughness.printed if face.toughness else None,
        loyalty=face.loyalty.printed if face.loyalty else None,
        abilities=tuple(a.text for a in face.abilities) + spliced,
    )


def _ability_characteristics(item: StackAbility) -> Characteristics:
    return Characteristics(
        name=f"{item.source.name}, ability {item.ability.index}", abilities=(item.ability.text,)
    )


def as_targetable(item: StackItem) -> Targetable:
    """The stack object as something a copy effect can target."""
    if isinstance(item, StackSpell):
        types = tuple(t.casefold() for t in spell_face(item).type_line.types)
        return Targetable(
            handle=item.handle,
            name=item.card.name,
            kind=TargetKind.SPELL,
            types=types,
            controller=item.controller,
        )
    kind = "triggered" if item.ability.kind is AbilityKind.TRIGGERED else "activated"
    return Targetable(
        handle=item.handle,
        name=item.source.name,
        kind=TargetKind.ABILITY,
        types=(kind,),
        controller=item.controller,
    )


# --- the copy effect ---------------------------------------------------------------------------


def copy_effects_of(via: Card, scope: CopyScope) -> tuple[CopyEffect, ...]:
    """The copy effects of ``via`` with ``scope``; a clear error naming what ``via`` copies when none."""
    effects = [e for face in via.faces for e in face.copy_effects]
    if not any(e.scope in _STACK_SCOPES for e in effects):
        effects += [e for face in via.faces for e in stack_copy_effects(face.abilities)]
    found = tuple(e for e in effects if e.scope is scope)
    if not found:
        can = ", ".join(f"{e.scope.value} ({e.copyable})" for e in effects) or "nothing"
        raise _refuse(f"{via.name} can't do that ({scope.value}); it can: {can}.", COPY_MEANS)
    return found


def _matching_effect(via: Card, scope: CopyScope, original: StackItem, controller: Player) -> CopyEffect:
    """The first copy effect of ``via`` that can copy ``original`` (Lithoform Engine has three)."""
    problems: list[StackError] = []
    for effect in copy_effects_of(via, scope):
        try:
            _check_copyable(effect, via, original, controller)
        except StackError as problem:
            problems.append(problem)
        else:
            return effect
    raise problems[0]


_CAST_TRIGGER = re.compile(r"\bcasts? an? ([a-z ]+? spell)", re.IGNORECASE)


def _copyable_requirement(effect: CopyEffect, via: Card) -> TargetRequirement | None:
    requirements = target_requirements(effect.copyable)
    if requirements:
        return requirements[0]
    trigger = next(
        (a.trigger for face in via.faces for a in face.abilities if a.index == effect.ability_index), None
    )
    match = _CAST_TRIGGER.search(trigger or "")
    return TargetRequirement(phrase=match.group(1).casefold()) if match else None


def _check_copyable(effect: CopyEffect, via: Card, original: StackItem, controller: Player) -> None:
    requirement = _copyable_requirement(effect, via)
    candidate = as_targetable(original)
    if requirement and not is_legal_target(requirement, candidate, controller):
        raise _refuse(f"{via.name} copies {requirement.phrase}; {candidate.name} isn't one.", COPY_MEANS)
    trigger_text = " ".join(a.trigger or "" for face in via.faces for a in face.abilities).casefold()
    if "you cast" in trigger_text and isinstance(original, StackSpell):
        if not original.cast:
            raise _refuse(
                f"{via.name} triggers only when a spell is cast; "
                f"{original.card.name} is a copy that wasn't cast.",
                NOT_CAST,
                CAST_TRIGGERS,
            )
        if original.controller != controller:
            raise _refuse(f"{via.name} triggers only on its controller's own spells.", CAST_TRIGGERS)


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
        return old, []
    if not allows_new_targets(effect):
        raise _refuse(
            f"{via.name} doesn't let you choose new targets; the copy keeps {list(old)}.", DECISIONS
        )
    if len(new_targets) != len(old):
        raise _refuse(
            f"The copy has exactly {len(old)} target(s), like the original; give {len(old)} new_targets.",
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
            wanted = requirement.phrase if requirement else "nothing"
            rules = (NEW_TARGETS, MODES, MODE_TARGETS) if original.choices.modes else (NEW_TARGETS,)
            raise _refuse(f"{candidate.name} isn't a legal new target: that target must be {wanted}.", *rules)
        steps.append(
            _explain(
                f"New target {candidate.name} instead of {before}: "
                f"it is a legal target ({requirement.phrase}).",
                NEW_TARGETS,
                UNCHANGED,
            )
        )
    return new_targets, steps


def requirement_for_slot(requirements: tuple[TargetRequirement, ...], slot: int) -> TargetRequirement | None:
    """The requirement the ``slot``-th target must meet ("any number of targets" covers the rest)."""
    if slot < len(requirements):
        return requirements[slot]
    variable = [r for r in requirements if r.variable]
    return variable[-1] if variable else None


def lookup_target(handle: str, objects: Mapping[str, Targetable]) -> Targetable:
    """The player or object named by a target handle; a clear error when unknown."""
    found = PLAYERS.get(handle) or objects.get(handle)
    if found is None:
        raise _refuse(
            f"Unknown target {handle!r}: use player:you, player:opponent or a handle defined earlier."
        )
    return found


def check_targets(item: StackItem, objects: Mapping[str, Targetable]) -> None:
    """Each target must exist and fit its instance of the word "target" (CR 601.2c)."""
    requirements = requirements_of(item)
    for slot, handle in enumerate(item.choices.targets):
        requirement = requirement_for_slot(requirements, slot)
        candidate = lookup_target(handle, objects)
        if requirement is None:
            raise _refuse(
                f"{handle!r} is one target too many: the text has {len(requirements)} target(s).", TARGETS
            )
        if not is_legal_target(requirement, candidate, item.controller):
            raise _refuse(
                f"{candidate.name} isn't a legal target: that target must be {requirement.phrase}.", TARGETS
            )


# --- outcomes ----------------------------------------------------------------------------------


def _kicked_for(condition: Condition, kicked: Kicked) -> bool:
    if isinstance(kicked, tuple):
        return condition.needs is None or condition.needs in kicked or _kicker_position(condition, kicked)
    return bool(kicked)


def _kicker_position(condition: Condition, kicked: tuple[str, ...]) -> bool:
    # "kicked with its {1}{U} kicker" when the board names costs by position
    return bool(kicked) and condition.needs is not None and any(k in ("first", "second") for k in kicked)


def _condition_outcome(condition: Condition, original: StackSpell, copy: StackSpell) -> Outcome:
    if condition.kind is ConditionKind.KICKED:
        return Outcome(
            question=condition.text,
            on_original=_kicked_for(condition, original.choices.kicked),
            on_copy=_kicked_for(condition, copy.choices.kicked),
            rules=_rules(DECISIONS, KICKER_LINKED),
        )
    if condition.kind is ConditionKind.MANA_SPENT:
        return Outcome(
            question=condition.text,
            on_original=_mana_spent(condition, original.payment),
            on_copy=_mana_spent(condition, copy.payment),
            rules=_rules(NOT_CAST, PAYS),
        )
    zone = (condition.needs or "").casefold()
    return Outcome(
        question=condition.text,
        on_original=_cast_from(zone, original),
        on_copy=_cast_from(zone, copy),
        rules=_rules(NOT_CAST),
    )


def _mana_spent(condition: Condition, payment: Payment) -> bool | None:
    needs = condition.needs or ""
    if not needs.startswith("{"):
        return None if payment.mana else False
    return mana_includes(payment.mana, needs)


def _cast_from(zone: str, spell: StackSpell) -> bool:
    return spell.cast and (spell.payment.cast_from or "").casefold() == zone


def _rules(*citations: Citation) -> tuple[str, ...]:
    return tuple(dict.fromkeys(str(c) for c in citations))


def _explain(text: str, *citations: Citation) -> Explanation:
    return Explanation(text=text, rules=_rules(*citations))


def _who(player: str) -> str:
    return "you cast" if player == "you" else "your opponent casts"


def _control(player: str) -> str:
    return "your control" if player == "you" else "your opponent's control"


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
                rules=_rules(PAID_OBJECTS, LAST_KNOWN),
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
    rules = _rules(DECISIONS) if printed else _rules(MANA_RIDER, NOT_CAST, PAYS)
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
    effect = _matching_effect(via, CopyScope.COPY_SPELL, original, controller)
    targets, target_steps = _targets_for_copy(original, effect, via, new_targets, controller, objects or {})
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
    characteristics = _apply_exceptions(characteristics_of(original), effect)
    steps = [
        _explain(
            f"{via.name} puts a copy of {_name(original)} onto the stack under {_control(controller)}. "
            "The copy isn't cast; it is a spell with no card, owned and controlled by that player.",
            COPY_MEANS,
            NOT_CAST,
            OWNER,
        ),
        *_copied_steps(original, targets != original.choices.targets),
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
        copied=_copied_items(original, targets != original.choices.targets),
        not_copied=_not_copied_spell(original),
        outcomes=spell_outcomes(original, copy),
        resolves_as=_resolves_as(copy),
        steps=tuple(steps),
        notes=tuple(_spell_notes(original, copy)) + _via_mana_note(via, via_mana),
        item=copy,
    )


def _apply_exceptions(characteristics: Characteristics, effect: CopyEffect) -> Characteristics:
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


def _copied_items(original: StackItem, retargeted: bool) -> tuple[CopiedItem, ...]:
    choices = original.choices
    items = [CopiedItem(item="characteristics", value=_name(original), rules=_rules(DECISIONS))]
    if choices.modes:
        rules = _rules(DECISIONS, MODES, ENTWINE) if choices.entwined else _rules(DECISIONS, MODES)
        items.append(CopiedItem(item="modes", value=choices.modes, rules=rules))
    target_rules = _rules(DECISIONS, NEW_TARGETS) if retargeted else _rules(DECISIONS, TARGETS)
    items.append(
        CopiedItem(item="number of targets", value=len(choices.targets), rules=target_rules)
        if retargeted
        else CopiedItem(item="targets", value=choices.targets, rules=target_rules)
    )
    if choices.division:
        items.append(
            CopiedItem(
                item="division among targets",
                value=tuple(str(d) for d in choices.division),
                rules=_rules(DECISIONS, DIVISION),
            )
        )
    if choices.x is not None:
        items.append(CopiedItem(item="X", value=choices.x, rules=_rules(DECISIONS, X_ON_STACK)))
    if choices.kicked is not False and choices.kicked != 0:
        kicked = choices.kicked if not isinstance(choices.kicked, tuple) else ", ".join(choices.kicked)
        items.append(CopiedItem(item="kicked", value=kicked, rules=_rules(DECISIONS, KICKER)))
    if choices.entwined:
        items.append(CopiedItem(item="entwine cost paid", value=True, rules=_rules(DECISIONS, ENTWINE)))
    if choices.spliced:
        items.append(
            CopiedItem(
                item="spliced text",
                value=tuple(c.name for c in choices.spliced),
                rules=_rules(DECISIONS, SPLICE_ANNOUNCE, SPLICE),
            )
        )
    if isinstance(original, StackSpell):
        if original.payment.alternative_cost:
            items.append(
                CopiedItem(
                    item="alternative cost paid",
                    value=original.payment.alternative_cost,
                    rules=_rules(DECISIONS),
                )
            )
        for paid in original.payment.objects:
            items.append(
                CopiedItem(
                    item=f"{paid.how} object", value=_paid_text(paid), rules=_rules(PAID_OBJECTS, LAST_KNOWN)
                )
            )
    return tuple(items)


def _name(item: StackItem) -> str:
    return (
        spell_face(item).name
        if isinstance(item, StackSpell)
        else f"{item.source.name}, ability {item.ability.index}"
    )


def _paid_text(paid: PaidObject) -> str:
    values = [
        f"{label} {v:g}" if isinstance(v, float) else f"{label} {v}"
        for label, v in (
            ("power", paid.power),
            ("toughness", paid.toughness),
            ("mana value", paid.mana_value),
        )
        if v is not None
    ]
    return ", ".join([paid.card, *values])


def _not_copied_spell(original: StackSpell) -> tuple[NotCopied, ...]:
    payment = original.payment
    mana = "".join(payment.mana) or "none recorded"
    items = [NotCopied(item=f"mana spent to cast it ({mana})", rules=_rules(DECISIONS, PAYS))]
    for source in payment.mana_sources:
        rider = f": {source.rider}" if source.rider else ""
        items.append(NotCopied(item=f"mana source {source.name}{rider}", rules=_rules(MANA_RIDER, PAYS)))
    items.append(
        NotCopied(
            item="being cast (cast triggers such as storm, prowess or Mirari don't see the copy)",
            rules=_rules(NOT_CAST, CAST_TRIGGERS),
        )
    )
    if original.cast and payment.cast_from:
        items.append(
            NotCopied(item=f"the zone it was cast from ({payment.cast_from})", rules=_rules(NOT_CAST))
        )
    items.extend(_resolution_items(spell_texts(original)))
    items.append(NotCopied(item=f"owner and controller ({original.controller})", rules=_rules(OWNER)))
    return tuple(items)


def _resolution_items(texts: tuple[str, ...]) -> list[NotCopied]:
    return [
        NotCopied(item=f"choice made on resolution: {sentence}", rules=_rules(RESOLUTION))
        for sentence in resolution_choices(texts)
    ]


def _copied_steps(original: StackItem, retargeted: bool) -> list[Explanation]:
    choices = original.choices
    steps: list[Explanation] = []
    if choices.modes:
        steps.append(
            _explain(
                f"The copy has the same mode(s): {'; '.join(m.rstrip('.') for m in choices.modes)}. "
                "Its controller can't choose a different mode.",
                DECISIONS,
                MODES,
            )
        )
    if choices.targets and not retargeted:
        steps.append(_explain(f"The copy has the same targets: {', '.join(choices.targets)}.", DECISIONS))
    if choices.x is not None:
        steps.append(_explain(f"X is {choices.x} for the copy too.", DECISIONS, X_ON_STACK))
    if choices.kicked is not False and choices.kicked != 0:
        steps.append(_explain("The copy is kicked, like the original.", DECISIONS, KICKER_LINKED))
    if choices.entwined:
        steps.append(_explain("The entwine cost was paid, so the copy has all modes.", DECISIONS, ENTWINE))
    for spliced in choices.spliced:
        steps.append(_explain(f"The copy has the text spliced from {spliced.name}.", DECISIONS, SPLICE))
    if isinstance(original, StackSpell):
        for paid in original.payment.objects:
            steps.append(
                _explain(
                    f"The copy refers to the same {paid.how} object: {_paid_text(paid)}.",
                    PAID_OBJECTS,
                    LAST_KNOWN,
                )
            )
    return steps


def _is_permanent_spell(spell: StackSpell) -> bool:
    return bool(_PERMANENT_TYPES & set(spell_face(spell).type_line.types))


def _resolves_as(copy: StackSpell) -> str | None:
    if not _is_permanent_spell(copy):
        return None
    return "transforming token" if copy.card.layout == "transform" else "token"


def _spell_notes(original: StackSpell, copy: StackSpell) -> list[Explanation]:
    notes: list[Explanation] = []
    if _is_permanent_spell(copy):
        notes.append(
            _explain(
                f'As it resolves, the copy becomes a token {spell_face(copy).name}; it isn\'t "created", so '
                "effects that care about creating tokens don't apply.",
                TOKEN_SPELL,
                TOKEN_RULE,
                NOT_CREATED,
            )
        )
        if copy.choices.kicked is not False or copy.choices.x is not None:
            notes.append(
                _explain(
                    "The token's abilities see the copy's kicker and X as it was on the stack.",
                    SPELL_INFO,
                    KICKER_LINKED,
                )
            )
        if copy.card.layout == "transform":
            up = "back" if copy.back_face_up else "front"
            notes.append(
                _explain(
                    f"The copy has both faces, {up} face up; it becomes a transforming token.", TRANSFORMING
                )
            )
    else:
        notes.append(_explain("If the copy leaves the stack, it ceases to exist.", CEASES))
    for outcome in spell_outcomes(original, copy):
        if outcome.on_original != outcome.on_copy:
            notes.append(
                Explanation(
                    text=f"{outcome.question}: original {_say(outcome.on_original)}, "
                    f"copy {_say(outcome.on_copy)}.",
                    rules=outcome.rules,
                )
            )
    return notes


def _via_mana_note(via: Card, via_mana: tuple[str, ...]) -> tuple[Explanation, ...]:
    if not via_mana:
        return ()
    return (
        _explain(
            f"The {''.join(via_mana)} paid for {via.name} was spent on {via.name}, not on the copy: "
            "the copy is put onto the stack without being cast, so no mana was spent to cast it.",
            NOT_CAST,
            PAYS,
        ),
    )


def _say(value: Value) -> str:
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "yes" if value else "no"
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
    effect = _matching_effect(via, CopyScope.COPY_ABILITY, original, controller)
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
        _explain(
            f"{via.name} puts a copy of {_name(original)} onto the stack under {_control(controller)}; "
            f"its source is still {original.source.name}.",
            COPY_MEANS,
            SAME_SOURCE,
        ),
        *_copied_steps(original, targets != original.choices.targets),
        *target_steps,
    ]
    return StackCopyResult(
        id=handle,
        copy_of=original.handle,
        via=via.name,
        kind="ability",
        characteristics=_ability_characteristics(original),
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
        "being activated: its costs aren't paid again and abilities that trigger on activation don't see it"
        if activated
        else "having triggered: abilities that trigger when an ability triggers don't see it"
    )
    return (
        NotCopied(item=what, rules=_rules(COPY_MEANS)),
        *_resolution_items(_ability_texts(original)),
        NotCopied(item=f"controller ({original.controller})", rules=_rules(OWNER)),
    )


def _ability_notes(original: StackAbility) -> list[Explanation]:
    notes = [_explain("The copy resolves even if its source has left the battlefield.", INDEPENDENT)]
    text = original.ability.rules_text
    others = [
        a for face in original.source_card.faces for a in face.abilities if a.index != original.ability.index
    ]
    if exiles(text) and (refers_to_exiled(text) or any(refers_to_exiled(a.rules_text) for a in others)):
        notes.append(
            _explain(
                f"Cards exiled by the copy are exiled by {original.source.name}'s linked ability too: "
                'an ability that refers to "the exiled card" refers to each of them, and a duration like '
                '"until ~ leaves the battlefield" uses the same source.',
                LINKED_EXILE,
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
        raise _refuse(f"{card.name}'s copy is cast without paying its mana cost, so X must be 0.", X_FREE)
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
        _explain(
            f"{via.name} creates a copy of {card.name} and {_who(controller)} it: it follows the rules "
            "for casting spells, so it is cast and every choice is made anew.",
            CAST_A_COPY,
            ANNOUNCE,
        ),
        _explain(f"The copy is owned by {controller}.", CAST_OWNER),
    ]
    if free and choices.x == 0:
        steps.append(_explain("Cast without paying its mana cost, its X is 0.", X_FREE))
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
        copied=(CopiedItem(item="characteristics", value=card.name, rules=_rules(CAST_A_COPY)),),
        not_copied=(
            NotCopied(
                item="choices: modes, targets, X and costs are chosen as it is cast",
                rules=_rules(CAST_A_COPY, ANNOUNCE),
            ),
        ),
        outcomes=outcomes,
        resolves_as="token" if _is_permanent_spell(spell) else None,
        steps=tuple(steps),
        notes=(
            _explain(
                'It is cast, so "whenever you cast" abilities (storm, prowess, Mirari) trigger.',
                CAST_A_COPY,
                CAST_TRIGGERS,
            ),
        ),
        item=spell,
    )
