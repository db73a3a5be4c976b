"""Copying a spell on the stack (CR 707.10, 707.10a, 111.13): :func:`copy_spell` puts a copy of it on the
stack with a copying card's copy effect and says what the copy has, what it doesn't, and why.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.citations import cite
from engine.core.messages import Message, Param, card, msg, series
from engine.core.model import Card, CopyEffect, CopyScope, ExceptionKind
from engine.core.results import Explanation
from engine.oracle.copy_effects import CONDITIONAL_EXCEPTION, MODIFIED_CHARACTERISTIC, supertype_condition
from engine.oracle.kicker import was_kicked
from engine.oracle.spell_text import Targetable, set_targets_of
from engine.stack.copies import (
    PLAYER_WORDS,
    NotCopied,
    Outcome,
    StackCopyResult,
    choices_view,
    control_words,
    copied_items,
    copied_steps,
    copy_effect_for,
    item_name,
    resolution_items,
    sentences_with,
)
from engine.stack.copy_targets import set_targets, targets_for_copy
from engine.stack.faces import spell_face_explanation
from engine.stack.items import (
    BACK_FACE_VALUE,
    CAST_TRIGGERS,
    CEASES,
    COPY_MEANS,
    DECISIONS,
    KICKER_LINKED,
    MANA_RIDER,
    NOT_CAST,
    NOT_CREATED,
    OWNER,
    PAYS,
    SPELL_INFO,
    STORM,
    TOKEN_RULE,
    TOKEN_SPELL,
    TRANSFORMING,
    X_ENTERS,
    Payment,
    Player,
    StackCharacteristics,
    StackSpell,
    Value,
    characteristics_of,
    explain,
    is_permanent_spell,
    rule_numbers,
    spell_face,
    spell_texts,
)
from engine.stack.outcomes import spell_outcomes

BEING_CAST = msg("being cast (cast triggers such as storm, prowess or Mirari don't see the copy)")
"""What a copy of a spell doesn't have of the original (CR 707.10, 601.2i); a board answer names the cast
triggers it has that don't trigger instead."""
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


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
        targets, target_steps = targets_for_copy(
            original, effect, via, new_targets, controller, objects or {}
        )
    else:
        targets, target_steps, copies_for = set_targets(
            original, set_by_effect, via, new_targets, controller, objects or {}
        )
    copy = StackSpell(
        handle=handle,
        card=original.card,
        controller=controller,
        owner=controller,
        choices=original.choices.model_copy(
            update={"targets": targets, "targets_given": original.choices.targets_given or bool(targets)}
        ),
        payment=Payment(objects=original.payment.objects, cast_from=None),
        back_face_up=original.back_face_up,
        is_copy=True,
        cast=False,
    )
    copied_values = characteristics_of(copy)
    characteristics = _apply_exceptions(copied_values, effect, copy.choices.x)
    steps = [
        explain(
            msg(
                "{via} puts a copy of {original} onto the stack under {control}. The copy isn't cast; it is "
                "a spell with no card, owned and controlled by that player.",
                via=card(via.name),
                original=item_name(original),
                control=control_words(controller),
            ),
            COPY_MEANS,
            NOT_CAST,
            OWNER,
        ),
        *_storm_steps(via),
        *_face_steps(original),
        *copied_steps(original, targets != original.choices.targets, objects or {}),
        *target_steps,
        *_exception_steps(effect, characteristics),
        *_supertype_steps(effect, copied_values),
    ]
    return StackCopyResult(
        id=handle,
        copy_of=original.handle,
        via=via.name,
        kind="spell",
        characteristics=characteristics,
        choices=choices_view(copy),
        cast=False,
        owner=controller,
        controller=controller,
        copied=copied_items(original, targets != original.choices.targets, set_by_effect, copies_for),
        not_copied=_not_copied_spell(original),
        outcomes=spell_outcomes(original, copy),
        resolves_as=_resolves_as(copy),
        steps=tuple(steps),
        notes=tuple(_spell_notes(original, copy)) + _via_mana_note(via, via_mana),
        item=copy,
        copies_for=copies_for,
    )


def _apply_exceptions(
    characteristics: StackCharacteristics, effect: CopyEffect, x: int | None
) -> StackCharacteristics:
    update: dict[str, object] = {}
    for exception in effect.exceptions:
        if exception.kind is ExceptionKind.SET_COLOR and exception.value:
            update["colors"] = tuple(_COLOR_LETTERS.get(c.casefold(), c) for c in exception.value.split())
        elif exception.kind is ExceptionKind.REMOVE_SUPERTYPE:
            removed = set(exception.supertypes)
            update["supertypes"] = tuple(t for t in characteristics.supertypes if t not in removed)
        elif exception.kind is ExceptionKind.SET_NAME and exception.value:
            update["name"] = exception.value
        elif exception.kind is ExceptionKind.SET_LOYALTY and exception.value:
            # "X": the value chosen for casualty X as the original was cast (CR 702.153a, 107.3)
            given = str(x) if x is not None else "unknown"
            update["loyalty"] = given if exception.value == "X" else exception.value
    return characteristics.model_copy(update=update)


CASUALTY = cite("702.153a", "if a casualty cost was paid for it, copy it")
_STATED = (ExceptionKind.REMOVE_SUPERTYPE, ExceptionKind.SET_LOYALTY)


def _exception_steps(effect: CopyEffect, characteristics: StackCharacteristics) -> list[Explanation]:
    """The copy effect's own exceptions to what is copied: casualty's "The copy isn't legendary and has
    starting loyalty X" (CR 702.153a, 707.9b)."""
    if not any(e.kind is ExceptionKind.SET_LOYALTY for e in effect.exceptions):
        return []
    stated = [e.text for e in effect.exceptions if e.kind in _STATED]
    if characteristics.loyalty == "unknown":
        loyalty: Message = msg(
            "its starting loyalty is X, the value chosen for X as the original was cast, which the board "
            "doesn't give (x: N says), so it is unknown"
        )
    else:
        loyalty = msg("its starting loyalty is {loyalty}", loyalty=characteristics.loyalty or "")
    return [
        explain(
            msg(
                "The copy effect makes exceptions to what is copied ({text}): {loyalty}.",
                text="; ".join(stated),
                loyalty=loyalty,
            ),
            CASUALTY,
            MODIFIED_CHARACTERISTIC,
        )
    ]


def _supertype_steps(effect: CopyEffect, copied: StackCharacteristics) -> list[Explanation]:
    """Double Major's "except it isn't legendary if the spell is legendary": applied only if the spell copied
    is legendary (CR 707.9f, 707.9b); one without a condition always (a casualty copy's is said with its
    loyalty)."""
    if any(e.kind is ExceptionKind.SET_LOYALTY for e in effect.exceptions):
        return []
    steps: list[Explanation] = []
    for exception in (e for e in effect.exceptions if e.kind is ExceptionKind.REMOVE_SUPERTYPE):
        words = series([_SUPERTYPE_WORD.get(t, t.casefold()) for t in exception.supertypes] or [""])
        required = supertype_condition(exception.condition)
        said: dict[str, Param] = {"text": exception.text, "supertype": words}
        if required is None and exception.condition:
            text = msg(
                "The exception “{text}” applies only if {condition}, which the engine doesn't check: if it "
                "holds, the copy isn't {supertype}; if not, the exception changes nothing.",
                **said,
                condition=exception.condition,
            )
            steps.append(explain(text, CONDITIONAL_EXCEPTION, MODIFIED_CHARACTERISTIC))
        elif required is None:
            text = msg("The copy effect makes an exception: the copy isn't {supertype} (“{text}”).", **said)
            steps.append(explain(text, MODIFIED_CHARACTERISTIC))
        elif required in copied.supertypes:
            text = msg(
                "The exception “{text}” applies only if {condition}: {spell} is {supertype}, so it applies, "
                "and the copy isn't {supertype}.",
                **said,
                condition=exception.condition or "",
                spell=card(copied.name),
            )
            steps.append(explain(text, CONDITIONAL_EXCEPTION, MODIFIED_CHARACTERISTIC))
        else:
            text = msg(
                "The exception “{text}” applies only if {condition}: {spell} isn't {supertype}, so it "
                "doesn't apply.",
                **said,
                condition=exception.condition or "",
                spell=card(copied.name),
            )
            steps.append(explain(text, CONDITIONAL_EXCEPTION))
    return steps


_SUPERTYPE_WORD: dict[str, Param] = {
    "Legendary": msg("legendary"),
    "Snow": msg("snow"),
    "Basic": msg("basic"),
}


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
    items.append(NotCopied.of(BEING_CAST, rule_numbers(NOT_CAST, CAST_TRIGGERS)))
    if original.cast:
        zone: Param = (
            _CAST_FROM.get(payment.cast_from, payment.cast_from)
            if payment.cast_from
            else msg("not given: paid: {{from: hand}} says")
        )
        items.append(
            NotCopied.of(msg("the zone it was cast from ({zone})", zone=zone), rule_numbers(NOT_CAST))
        )
    if not is_permanent_spell(original):  # a permanent spell's text makes no choice as it resolves (608.3)
        items.extend(resolution_items(spell_texts(original)))
    items.append(
        NotCopied.of(
            msg("the original's owner and controller ({player})", player=PLAYER_WORDS[original.controller]),
            rule_numbers(OWNER),
        )
    )
    return tuple(items)


def _outcome_note(outcome: Outcome, original: StackSpell) -> Explanation:
    """Why the original's and the copy's answers differ, quoting the text that applies to only one."""
    sentence = next(iter(sentences_with(original, str(outcome.question))), None)
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
        if copy.choices.kicked is None:
            notes.append(
                explain(
                    msg(
                        "The token's abilities see whether the copy was kicked, which is unknown: kicked, "
                        "its “if it was kicked” abilities apply; not kicked, they don't."
                    ),
                    SPELL_INFO,
                    KICKER_LINKED,
                )
            )
        elif was_kicked(copy.choices.kicked):
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
