"""Exceptions to the copying process (CR 707.9): what a copy effect's "except …" changes in the copiable
values it grants, each kind of exception by its own handler."""

from __future__ import annotations

from engine.core.characteristics import (
    CARD_TYPE_WORDS,
    Characteristics,
    CopiableText,
    GameAbility,
    merged,
    merged_types,
)
from engine.core.citations import Citation, cite
from engine.core.known import Unsure, explained
from engine.core.messages import Param, indefinite, msg, type_words
from engine.core.messages import card as card_name
from engine.core.model import (
    SELF,
    AbilityKind,
    CopyEffect,
    CopyException,
    CopyScope,
    ExceptionKind,
    PrintedNumber,
)
from engine.core.results import Explanation
from engine.layers.copiable import layer_one_text
from engine.oracle.copy_effects import LINKED_TRIGGER, becomes_copy_of, quoted_abilities, supertype_condition
from engine.oracle.copy_effects import NOT_COPIED as RETAIN
from engine.oracle.types import gainable_subtypes, subtypes_not_gained
from engine.state.board import GameObject

GAIN_ABILITY = cite("707.9a", "cause the copy to gain an ability as part of the copying process")
MODIFY = cite("707.9b", "The final set of values for that characteristic becomes part of the copiable values")
NO_CDA = cite("707.9d", "any characteristic-defining ability (see rule 604.3) of the object being copied")
ADDITIONAL = cite("707.9e", "an exception that’s an additional effect rather than a modification")
CONDITION = cite("707.9f", "Some exceptions to the copying process apply only if the copy is or has")


def exception_rules(effect: CopyEffect | None) -> tuple[Citation, ...]:
    """The 707.9 rules by which the exceptions of ``effect`` became copiable values."""
    kinds = {e.kind for e in effect.exceptions} if effect else set()
    rules = [
        (GAIN_ABILITY, {ExceptionKind.GAIN_ABILITY}),
        (MODIFY, {ExceptionKind.ADD_TYPES, ExceptionKind.SET_TYPES, ExceptionKind.SET_POWER_TOUGHNESS}),
        (RETAIN, {ExceptionKind.NOT_COPIED}),
    ]
    return tuple(rule for rule, wanted in rules if kinds & wanted)


def apply_exception(
    values: CopiableText,
    exception: CopyException,
    copier: GameObject,
    effect: CopyEffect | None,
    original: GameObject,
) -> tuple[CopiableText, list[Explanation]]:
    """One exception of a copy effect (CR 707.9a-g)."""
    condition = exception.condition
    types_unknown = tuple(u for u in original.unknowns if u.copiable and "types" in u.characteristics)
    if condition and types_unknown and condition.casefold() in CARD_TYPE_WORDS:
        why = Unsure(types_unknown)
        text = msg(
            "The exception “{text}” applies only if the copy is {condition}, and the card types it copies "
            "aren't known ({reason}): if it is, the exception applies; if not, it doesn't.",
            text=exception.text,
            condition=indefinite(type_words((condition,))),
            reason=why.reason,
        )
        return values, [explained(text, why, CONDITION)]
    if condition and not values.main.is_a(condition) and condition.casefold() in CARD_TYPE_WORDS:
        return values, [
            Explanation.of(
                msg(
                    "The exception “{text}” applies only if the copy is {condition}; it wouldn't be, so it "
                    "doesn't apply.",
                    text=exception.text,
                    condition=indefinite(type_words((condition,))),
                ),
                CONDITION,
            )
        ]
    required = supertype_condition(condition)
    if required is not None and exception.kind is ExceptionKind.REMOVE_SUPERTYPE:
        return _if_supertype(values, exception, copier, effect, original, required)
    handler = _EXCEPTION_HANDLERS.get(exception.kind)
    if handler is None:
        return values, []
    return handler(values, exception, copier, effect)


def _if_supertype(
    values: CopiableText,
    exception: CopyException,
    copier: GameObject,
    effect: CopyEffect | None,
    original: GameObject,
    required: str,
) -> tuple[CopiableText, list[Explanation]]:
    """ "it isn't legendary if that permanent is legendary" (Spark Double, Echoing Equation): it applies only
    if what is copied has that supertype (CR 707.9f). The values are the same either way, since removing a
    supertype the copy doesn't have changes nothing; what the answer says of the exception isn't."""
    changed, _ = _supertype(values, exception, copier, effect)
    said: dict[str, Param] = {
        "text": _quoted(exception, copier),
        "condition": exception.condition or "",
        "original": card_name(
            original.id
            if any(u.copiable and "name" in u.characteristics for u in original.unknowns)
            else values.main.name or original.id
        ),
        "supertype": _SUPERTYPE_WORD.get(required, required.casefold()),
    }
    unknown = tuple(
        u for u in original.unknowns if u.copiable and {"supertypes", "types"} & set(u.characteristics)
    )
    if unknown:
        why = Unsure(unknown)
        text = msg(
            "The exception “{text}” applies only if {condition}, and whether {original} is {supertype} isn't "
            "known ({reason}): if it is, the copy isn't {supertype}; if not, the exception changes nothing.",
            **said,
            reason=why.reason,
        )
        return changed, [explained(text, why, CONDITION, MODIFY)]
    if required in values.main.supertypes:
        text = msg(
            "The exception “{text}” applies only if {condition}: {original} is {supertype}, so it applies, "
            "and the copy isn't {supertype}; that is part of its copiable values.",
            **said,
        )
        return changed, [Explanation.of(text, CONDITION, MODIFY)]
    text = msg(
        "The exception “{text}” applies only if {condition}: {original} isn't {supertype}, so it doesn't "
        "apply.",
        **said,
    )
    return values, [Explanation.of(text, CONDITION)]


_SUPERTYPE_WORD: dict[str, Param] = {
    "Legendary": msg("legendary"),
    "Snow": msg("snow"),
    "Basic": msg("basic"),
}


def exception_wording(text: str, copier: GameObject) -> str:
    """``text`` with an exception's self-references ("~") naming the copier's card."""
    return text.replace(SELF, copier.card.name if copier.card else "this permanent")


def _quoted(exception: CopyException, copier: GameObject) -> str:
    """The exception's text as an explanation quotes it, its self-references naming the copier's card."""
    return exception_wording(exception.text, copier)


def _set_pt(
    values: CopiableText, exception: CopyException, copier: GameObject, effect: CopyEffect | None
) -> tuple[CopiableText, list[Explanation]]:
    def number(printed: str | None) -> PrintedNumber | None:
        return (
            PrintedNumber(printed=printed, value=int(printed) if printed.isdigit() else None)
            if printed
            else None
        )

    had_cda = any(_defines(a, "power") for a in values.main.abilities)
    values = values.mapped(
        lambda v: v.model_copy(
            update={
                "power": number(exception.power),
                "toughness": number(exception.toughness),
                "abilities": tuple(a for a in v.abilities if not _defines(a, "power")),
            }
        )
    )
    why = [
        Explanation.of(
            msg(
                "Exception “{text}”: {power}/{toughness} is part of the copiable values.",
                text=_quoted(exception, copier),
                power=exception.power or "",
                toughness=exception.toughness or "",
            ),
            MODIFY,
        )
    ]
    if had_cda:
        why.append(
            Explanation.of(
                msg(
                    "The ability that defined the original's power and toughness isn't copied, because the "
                    "copy effect provides its own values for them."
                ),
                NO_CDA,
            )
        )
    return values, why


def _defines(ability: GameAbility, characteristic: str) -> bool:
    """Whether a characteristic-defining ability defines ``characteristic`` (power/toughness, color, type)."""
    if ability.kind is not AbilityKind.CHARACTERISTIC_DEFINING and ability.keyword != "Changeling":
        return False
    text = ability.rules_text.casefold()
    if characteristic == "power":
        return "power" in text or "toughness" in text
    if characteristic == "color":
        return "color" in text
    return ability.keyword == "Changeling" or "type" in text


def _add_types(
    values: CopiableText, exception: CopyException, copier: GameObject, effect: CopyEffect | None
) -> tuple[CopiableText, list[Explanation]]:
    def added_to(v: Characteristics) -> Characteristics:
        types = merged_types(v.types, exception.types)
        subtypes = merged(v.subtypes, gainable_subtypes(types, exception.subtypes))
        supertypes = merged(v.supertypes, exception.supertypes)
        return v.model_copy(update={"supertypes": supertypes, "types": types, "subtypes": subtypes})

    values = values.mapped(added_to)
    gained = gainable_subtypes(values.main.types, exception.subtypes)
    added = (*exception.supertypes, *exception.types, *gained)
    text = _quoted(exception, copier)
    why = [
        Explanation.of(
            msg(
                "Exception “{text}”: it is also {added}, as part of its copiable values; abilities that "
                "define types are still copied (“in addition to its other types”).",
                text=text,
                added=type_words(added),
            ),
            MODIFY,
            NO_CDA,
        )
        if added
        else Explanation.of(
            msg("Exception “{text}”: it adds nothing to its copiable values.", text=text), MODIFY
        )
    ]
    not_gained = subtypes_not_gained(values.main.types, exception.subtypes)
    return values, why + ([not_gained] if not_gained else [])


def _set_types(
    values: CopiableText, exception: CopyException, copier: GameObject, effect: CopyEffect | None
) -> tuple[CopiableText, list[Explanation]]:
    values = values.mapped(
        lambda v: v.model_copy(
            update={
                "types": exception.types or v.types,
                "subtypes": (
                    gainable_subtypes(exception.types, exception.subtypes) if exception.types else v.subtypes
                ),
                "abilities": tuple(a for a in v.abilities if not _defines(a, "type")),
            }
        )
    )
    not_gained = subtypes_not_gained(values.main.types, exception.subtypes if exception.types else ())
    return values, [
        Explanation.of(
            msg(
                "Exception “{text}”: these types replace the copied ones; an ability defining types isn't "
                "copied.",
                text=_quoted(exception, copier),
            ),
            MODIFY,
            NO_CDA,
        ),
        *([not_gained] if not_gained else []),
    ]


def _supertype(
    values: CopiableText, exception: CopyException, copier: GameObject, effect: CopyEffect | None
) -> tuple[CopiableText, list[Explanation]]:
    remove = exception.kind is ExceptionKind.REMOVE_SUPERTYPE
    values = values.mapped(
        lambda v: v.model_copy(
            update={
                "supertypes": (
                    tuple(s for s in v.supertypes if s not in exception.supertypes)
                    if remove
                    else merged(v.supertypes, exception.supertypes)
                )
            }
        )
    )
    return values, [
        Explanation.of(
            msg(
                "Exception “{text}” changes its supertypes as part of its copiable values.",
                text=_quoted(exception, copier),
            ),
            MODIFY,
        )
    ]


def _gain_ability(
    values: CopiableText, exception: CopyException, copier: GameObject, effect: CopyEffect | None
) -> tuple[CopiableText, list[Explanation]]:
    quoted = quoted_abilities(exception.text)
    wordings = quoted if len(quoted) == len(exception.abilities) else [None] * len(exception.abilities)
    gained = tuple(
        _granted(text, effect, wording) for text, wording in zip(exception.abilities, wordings, strict=True)
    )
    if exception.copier_abilities and copier.card:
        own = layer_one_text(copier).main.abilities
        gained += tuple(a for a in own if effect is None or a.copy_effect != effect)
    values = values.mapped(lambda v: v.model_copy(update={"abilities": v.abilities + gained}))
    shown = [exception_wording(a.worded_for(values.main.name), copier) for a in gained]
    return values, [
        Explanation.of(
            msg("Exception: it has {abilities} as part of its copiable values.", abilities=_quotes(shown)),
            GAIN_ABILITY,
        )
    ]


def _quotes(texts: list[str]) -> Param:
    """Quoted abilities separated by semicolons (“A”; “B”)."""
    first = msg("“{text}”", text=texts[0])
    return first if len(texts) == 1 else msg("{first}; {rest}", first=first, rest=_quotes(texts[1:]))


def _granted(text: str, effect: CopyEffect | None, wording: str | None) -> GameAbility:
    """A gained ability, shown in the quoted wording when there is one.

    One that itself makes the object become a copy keeps a copy effect (Cryptoplasm, Vesuvan Doppelganger).
    """
    inner = text.strip().strip('"“”')
    nested = becomes_copy_of(inner)
    copy_effect = None
    if effect is not None and nested is not None:
        copy_effect = effect
        if effect.scope is not CopyScope.BECOME_COPY:
            # Vesuvan Doppelganger grants a "become a copy" ability with the same exceptions as its own.
            copy_effect = effect.model_copy(
                update={"scope": CopyScope.BECOME_COPY, "copyable": nested, "text": inner}
            )
    return GameAbility.granted(inner, copy_effect=copy_effect, wording=wording)


def _not_copied(
    values: CopiableText, exception: CopyException, copier: GameObject, effect: CopyEffect | None
) -> tuple[CopiableText, list[Explanation]]:
    characteristic = (exception.characteristic or "").casefold()
    before = layer_one_text(copier).main
    if characteristic == "color":
        values = values.mapped(
            lambda v: v.model_copy(
                update={
                    "colors": before.colors,
                    "color_indicator": before.color_indicator,
                    "abilities": tuple(a for a in v.abilities if not _defines(a, "color")),
                }
            )
        )
        shown = ", ".join(before.colors)
        return values, [
            Explanation.of(
                msg(
                    "Exception “{text}”: it keeps its own color ({colors}); the original's color indicator "
                    "and any color-defining ability aren't copied.",
                    text=_quoted(exception, copier),
                    colors=shown if shown else msg("colorless"),
                ),
                RETAIN,
                NO_CDA,
            )
        ]
    if characteristic == "name":
        values = values.mapped(lambda v: v.model_copy(update={"name": before.name}))
    return values, [
        Explanation.of(
            msg(
                "Exception “{text}”: that characteristic keeps its own value.",
                text=_quoted(exception, copier),
            ),
            RETAIN,
        )
    ]


def _set_color(
    values: CopiableText, exception: CopyException, copier: GameObject, effect: CopyEffect | None
) -> tuple[CopiableText, list[Explanation]]:
    letters = tuple(k for k, v in _COLOR_WORDS.items() if v in (exception.value or "").casefold())
    values = values.mapped(
        lambda v: v.model_copy(
            update={
                "colors": letters,
                "color_indicator": (),
                "abilities": tuple(a for a in v.abilities if not _defines(a, "color")),
            }
        )
    )
    return values, [
        Explanation.of(
            msg("Exception “{text}” sets its color.", text=_quoted(exception, copier)), MODIFY, NO_CDA
        )
    ]


def _set_name(
    values: CopiableText, exception: CopyException, copier: GameObject, effect: CopyEffect | None
) -> tuple[CopiableText, list[Explanation]]:
    values = values.mapped(lambda v: v.model_copy(update={"name": exception.value}))
    return values, [
        Explanation.of(
            msg(
                "Exception “{text}”: its name is {name}, as part of its copiable values.",
                text=_quoted(exception, copier),
                name=card_name(exception_wording(exception.value or "", copier)),
            ),
            MODIFY,
        )
    ]


def _additional(
    values: CopiableText, exception: CopyException, copier: GameObject, effect: CopyEffect | None
) -> tuple[CopiableText, list[Explanation]]:
    return values, [
        Explanation.of(
            msg(
                "“{text}” is an additional effect, not a copiable value; if another copy effect is applied "
                "to it afterwards, it doesn't happen.",
                text=_quoted(exception, copier),
            ),
            ADDITIONAL,
        )
    ]


def _linked_trigger(
    values: CopiableText, exception: CopyException, copier: GameObject, effect: CopyEffect | None
) -> tuple[CopiableText, list[Explanation]]:
    return values, [
        Explanation.of(
            msg(
                "“{text}” is linked to this copy effect; it won't trigger if another copy effect is applied "
                "to the object later.",
                text=_quoted(exception, copier),
            ),
            LINKED_TRIGGER,
        )
    ]


_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_EXCEPTION_HANDLERS = {
    ExceptionKind.SET_POWER_TOUGHNESS: _set_pt,
    ExceptionKind.ADD_TYPES: _add_types,
    ExceptionKind.SET_TYPES: _set_types,
    ExceptionKind.ADD_SUPERTYPE: _supertype,
    ExceptionKind.REMOVE_SUPERTYPE: _supertype,
    ExceptionKind.GAIN_ABILITY: _gain_ability,
    ExceptionKind.NOT_COPIED: _not_copied,
    ExceptionKind.SET_COLOR: _set_color,
    ExceptionKind.SET_NAME: _set_name,
    ExceptionKind.ADDITIONAL_EFFECT: _additional,
    ExceptionKind.LINKED_TRIGGER: _linked_trigger,
}
