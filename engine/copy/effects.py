"""The copy engine (CR 707): apply copy effects, with their exceptions, to objects on a board.

:func:`copy_values` builds the copiable values one copy effect grants (707.2, 707.3, 707.8, 707.9);
:func:`apply_copy` puts that effect on the copier in layer 1a. Events (entering, becoming a copy,
token copies, turning face up, transforming) live in ``engine.actions.events``.
"""

from __future__ import annotations

from typing import Literal

from engine.copy.exceptions import (
    apply_exception,
    exception_rules,
)
from engine.copy.mana_spent import if_mana_spent
from engine.core.characteristics import (
    FACE_DOWN_RULE,
    WARDED_FACE_DOWN,
    Characteristics,
    CopiableText,
    GameAbility,
    mana_value_of,
)
from engine.core.citations import cite
from engine.core.effects import Player
from engine.core.known import Fact, Known, Unsure, any_of, explained, is_true
from engine.core.messages import Param, counter_count, msg, series, type_words
from engine.core.messages import card as card_name
from engine.core.model import (
    SELF,
    Card,
    CopyEffect,
    CopyScope,
    ExceptionKind,
)
from engine.core.results import Explanation, Unknown
from engine.layers.control import current_controller
from engine.layers.copiable import copiable_values, is_melded, text_for_copying
from engine.layers.described import effect_name
from engine.layers.system import FLIP_ALTERNATIVE, current_characteristics
from engine.oracle.copy_effects import (
    EnteringStatus,
    copyable_types,
    entering_status,
)
from engine.oracle.entering import COIN_KEY, OPTION_KEY, coin_outcomes
from engine.oracle.linked import names_cards, refers_to_itself
from engine.state.board import AppliedCopy, Board, BoardError, GameObject, Zone

COPIABLE = cite("707.2", "the copy acquires the copiable values of the original object’s characteristics")
NOT_COPIED = cite(
    "707.2", "Other effects (including type-changing and text-changing effects), status, counters"
)
COLOR_AND_ABILITIES = cite("707.2a", "A copy acquires the color of the object it’s copying")
COPY_OF_COPY = cite("707.3", "Objects that copy the object will use the new copiable values")
FACE_UP_FACE = cite("707.8", "use the copiable values of the face that’s currently up")
WARDED_RULES = {
    "cloak": cite("701.56a", "It becomes a 2/2 face-down creature card with ward {2}, no name"),
    "disguise": cite("702.168b", "These values are the copiable values of that object’s characteristics"),
}
FACE_DOWN_COPY = cite(
    "708.2", "Any listed characteristics are the copiable values of that object’s characteristics"
)
STATUS = cite("110.5", "A permanent’s status is its physical state")
COPY_STATUS = cite("707.3", "The copy’s copiable values become the copied information, as modified by the")
COPIABLE_SETTING = cite("613.2a", "generate copiable effects if they set power and toughness")
TOKEN_TEXT = cite("111.3", "they define the token’s copiable values")
BACK_FACE_COPY = cite(
    "712.8e", "If a permanent is copying the back face of a transforming double-faced permanent"
)
MODAL_FACE = cite("712.8f", "it has only the characteristics of the face that’s up")
NAMES_ITSELF = cite("201.5", "Text that refers to the object it’s on by name means just that particular")
TRACKS_BY_NAME = cite("707.11", "the effect still tracks that permanent even if it changes names")
NAMED_CARDS = cite(
    "607.2n", "the first ability of any objects that had the specified name before the game began"
)
PHASED_OUT = cite("702.26b", "a phased-out permanent is treated as though it does not exist")
MELDED_COPY = cite("712.8g", "If a permanent is copying a melded permanent, the mana value of the copy is 0")
ENTERS_UNTAPPED = cite(
    "110.5b", "Permanents enter the battlefield untapped, unflipped, face up, and phased in"
)
KEEPS_STATUS = cite("110.5c", "A permanent retains its status until a spell, ability, or turn-based action")
ENTERS_AS_REPLACEMENT = cite("614.1c", "[This permanent] enters as")
MODIFIES_ENTERING = cite("614.12", "Some replacement effects modify how a permanent enters the battlefield")
PUT_ATTACKING = cite("508.4", "Such creatures are “attacking” but, for the purposes of trigger events")
PUT_BLOCKING = cite("509.4", "it never “blocked.”")
ONLY_CREATURES_IN_COMBAT = cite("506.3a", "it’s never considered to be an attacking or blocking permanent")
PHASED_OUT_UNAFFECTED = cite(
    "702.26e", "a phased-out permanent won’t be included in the set of affected objects"
)


class CopyError(BoardError):
    """A copy the rules don't allow, or a card that has no ability to make it; the message says why."""


def copy_effect_of(abilities: tuple[GameAbility, ...], scopes: tuple[CopyScope, ...]) -> CopyEffect | None:
    """The first copy effect among ``abilities`` with one of ``scopes``."""
    for ability in abilities:
        if ability.copy_effect and ability.copy_effect.scope in scopes:
            return ability.copy_effect
    return None


def card_copy_effect(card: Card, scopes: tuple[CopyScope, ...]) -> CopyEffect | None:
    """The first copy effect parsed from ``card``'s faces with one of ``scopes``."""
    return next((e for face in card.faces for e in face.copy_effects if e.scope in scopes), None)


def check_copyable(
    effect: CopyEffect, via: str, copier: GameObject, original: GameObject, board: Board
) -> list[Explanation]:
    """Raise :class:`CopyError` unless ``original`` may be something ``effect`` copies ("any artifact …");
    the notes say what of that is unknown (its types or supertypes not known: the copy is answered as the
    board says it was made, and whether it could be is left open)."""
    wording = effect.copyable.casefold()
    current = current_characteristics(original, board)
    wanted = copyable_types(wording)
    label, by, copyable = original_param(original), card_name(via), effect.copyable
    if original.phased_out:
        raise CopyError(
            msg(
                "{original} is phased out: it is treated as though it doesn't exist, so {via} can't copy it "
                "(CR {rule}).",
                original=label,
                via=by,
                rule=str(PHASED_OUT),
            )
        )
    if copier.phased_out and effect.scope is CopyScope.BECOME_COPY:
        raise CopyError(
            msg(
                "{copier} is phased out: an effect doesn't include it among the objects it affects, so it "
                "can't become a copy through {via} (CR {rule}, {unaffected}).",
                copier=card_name(copier.id),
                via=by,
                rule=str(PHASED_OUT),
                unaffected=str(PHASED_OUT_UNAFFECTED),
            )
        )
    if original.zone is not Zone.BATTLEFIELD and "battlefield" in wording:
        raise CopyError(
            msg(
                "{via} copies {copyable}; {original} isn't on the battlefield.",
                via=by,
                copyable=copyable,
                original=label,
            )
        )
    if copies_its_target(effect):
        _check_targetable(original, copier, board, by, label)
    if original.zone is not Zone.GRAVEYARD and "graveyard" in wording:
        raise CopyError(
            msg(
                "{via} copies {copyable}; {original} isn't in a graveyard.",
                via=by,
                copyable=copyable,
                original=label,
            )
        )
    unsure: list[Unsure] = []
    of_type = any_of(*(current.is_a(t) for t in wanted)) if wanted else Known(True)
    if isinstance(of_type, Unsure):
        unsure.append(of_type)
    elif not of_type.value:
        types = current.types
        shown = type_words(types.value) if isinstance(types, Known) and types.value else msg("no card type")
        raise CopyError(
            msg(
                "{via} can copy only {copyable}; {original} is {types}.",
                via=by,
                copyable=copyable,
                original=label,
                types=shown,
            )
        )
    if "you control" in wording and current_controller(original) is not current_controller(copier):
        raise CopyError(
            msg(
                "{via} can copy only {copyable}; {original} is controlled by the other player.",
                via=by,
                copyable=copyable,
                original=label,
            )
        )
    if ("another" in wording or "other" in wording.split()) and original.id == copier.id:
        raise CopyError(msg("{via} can't copy itself ({copyable}).", via=by, copyable=copyable))
    legendary = current.legendary if "nonlegendary" in wording else Known(False)
    if isinstance(legendary, Unsure):
        unsure.append(legendary)
    elif legendary.value:
        raise CopyError(
            msg(
                "{via} can copy only {copyable}; {original} is legendary.",
                via=by,
                copyable=copyable,
                original=label,
            )
        )
    return [_copyable_unknown(fact, by, copyable, label) for fact in unsure]


Untargetable = Literal["shroud", "hexproof"]
"""What stops a permanent being targeted, whatever the spell's text asks for."""


def copies_its_target(effect: CopyEffect) -> bool:
    """Whether what ``effect`` copies is its target ("a copy of target creature", CR 115.1)."""
    return "target" in effect.copyable.casefold().split()


def targeting_stopped(target: GameObject, chooser: Player, board: Board) -> Untargetable | None:
    """What stops a spell or ability ``chooser`` controls from targeting ``target`` as far as its known
    keywords say: shroud (CR 702.18a), or hexproof when ``chooser`` is an opponent (702.11b); else None."""
    values = current_characteristics(target, board)
    if is_true(values.has_keyword("shroud")):
        return "shroud"
    if is_true(values.has_keyword("hexproof")) and current_controller(target) is not chooser:
        return "hexproof"
    return None


def _check_targetable(
    original: GameObject, copier: GameObject, board: Board, by: Param, label: Param
) -> None:
    """What the copy effect copies is its target, which the copier's controller (who controls the ability)
    must be able to target (CR 702.18a, 702.11b): else the copy couldn't have been made."""
    stopped = targeting_stopped(original, current_controller(copier), board)
    if stopped is not None:
        shroud = stopped == "shroud"
        raise CopyError(
            msg(
                "{via} copies its target, and {original} can't be targeted: it has {keyword}{whose} "
                "(CR {rule}).",
                via=by,
                original=label,
                keyword="shroud" if shroud else "hexproof",
                whose="" if shroud else msg(" and its controller is an opponent of the copy's"),
                rule="702.18a" if shroud else "702.11b",
            )
        )


def _copyable_unknown(fact: Unsure, via: Param, copyable: str, original: Param) -> Explanation:
    """Whether ``original`` is something ``via`` can copy is unknown: the board's copy is answered as given,
    and if it isn't, the copy couldn't have been made (CR 707.2 copies only what the effect names)."""
    return explained(
        msg(
            "Whether {original} is {copyable}, which is all {via} can copy, is unknown, because {reason}: "
            "if it isn't, {via} couldn't have copied it, and this answer is for the copy the board says was "
            "made.",
            original=original,
            copyable=copyable,
            via=via,
            reason=fact.reason,
        ),
        fact,
        COPIABLE,
    )


def original_param(obj: GameObject, values: Characteristics | None = None) -> Param:
    """An object's name as a message parameter: its name, or which face-down permanent it is; its handle
    when its copiable name isn't known."""
    if any(u.copiable and "name" in u.characteristics for u in obj.unknowns):
        return card_name(obj.id)
    name = (values or copiable_values(obj)).name
    return card_name(name) if name else msg('the face-down permanent "{id}"', id=obj.id)


def copy_values(
    copier: GameObject, original: GameObject, effect: CopyEffect | None, board: Board
) -> tuple[CopiableText, list[Explanation]]:
    """The copiable values the copy effect grants, fixed now (CR 707.2b-c), and why."""
    source = text_for_copying(original)
    why = _why_these_values(original, board)
    back = _copies_back_face(original)
    values = source.mapped(
        lambda v: v.model_copy(update={"mana_value": 0 if back else mana_value_of(v.mana_cost)})
    )
    if back:
        why.append(
            Explanation.of(
                msg(
                    "{card} is the back face of a transforming double-faced card, so the copy has mana value "
                    "0.",
                    card=card_name(source.main.name or ""),
                ),
                FACE_UP_FACE,
                BACK_FACE_COPY,
            )
        )
    elif original.back_face and not original.copies and not original.face_down:
        why.append(
            Explanation.of(
                msg(
                    "{card} is the face that's up of a modal double-faced permanent: the copy uses that "
                    "face's values, mana cost and mana value included (the mana value 0 rule is only for "
                    "back faces of transforming cards).",
                    card=card_name(source.main.name or ""),
                ),
                FACE_UP_FACE,
                MODAL_FACE,
            )
        )
    elif original.card and is_melded(original.card) and not original.copies:
        why.append(
            Explanation.of(
                msg(
                    "{card} is a melded permanent, so the copy has mana value 0.",
                    card=card_name(source.main.name or ""),
                ),
                FACE_UP_FACE,
                MELDED_COPY,
            )
        )
    for exception in effect.exceptions if effect else ():
        values, because = apply_exception(values, exception, copier, effect, original)
        why += because
    why += _names_itself(values.main, copier)
    return values, why


def _names_itself(values: Characteristics, copier: GameObject) -> list[Explanation]:
    """Copied abilities that name the card they came from mean the copy itself (CR 201.5, 707.11)."""
    name = values.name
    # "cards named ~" names every card with the name, not this object (CR 607.2n): no example of it
    naming = [a.text.replace(SELF, name) for a in values.abilities if name and refers_to_itself(a.rules_text)]
    if not naming or not name:
        return []
    naming.sort(key=lambda text: name not in text)  # an example that says the name, when one does
    if any(names_cards(a.rules_text) for a in values.abilities):
        return [
            Explanation.of(
                msg(
                    "Where a copied ability says “{name}” of itself, it means this object ({object}) and no "
                    "other (e.g. “{example}”); an effect of such an ability keeps tracking this permanent "
                    "even if it later changes its name or stops being a copy. “Cards named {name}” is no "
                    "such reference: it means every card with that name.",
                    name=card_name(name),
                    object=card_name(copier.id),
                    example=naming[0],
                ),
                NAMES_ITSELF,
                TRACKS_BY_NAME,
                NAMED_CARDS,
            )
        ]
    return [
        Explanation.of(
            msg(
                "Where a copied ability says “{name}”, it means this object ({object}) and no other (e.g. "
                "“{example}”); an effect of such an ability keeps tracking this permanent even if it later "
                "changes its name or stops being a copy.",
                name=card_name(name),
                object=card_name(copier.id),
                example=naming[0],
            ),
            NAMES_ITSELF,
            TRACKS_BY_NAME,
        )
    ]


def apply_copy(
    board: Board,
    copier: GameObject,
    original: GameObject,
    effect: CopyEffect | None,
    via: str,
    timestamp: int,
    mana_spent: tuple[str, ...] | None = None,
) -> tuple[GameObject, list[Explanation]]:
    """``copier`` with a new layer-1a copy effect of ``original`` (the last one wins, CR 613.2a).
    ``mana_spent``: the mana spent to cast the spell whose effect it is, when given (Mythos of Illuna's
    "If {R}{G} was spent to cast this spell, instead …"; not given, what that decides is unknown)."""
    values, why = copy_values(copier, original, _named_by(effect, via), board)
    values, spent_why, spent_unknowns = if_mana_spent(values, effect, copier, original, via, mana_spent)
    why += spent_why
    text_card = (
        None if original.face_down else (original.copies[-1].text_card if original.copies else original.card)
    )
    applied = AppliedCopy(
        timestamp=timestamp,
        of_id=original.id,
        via=via,
        effect=effect,
        values=values,
        text_card=text_card,
    )
    inherited = tuple(u for u in original.unknowns if u.copied and u not in copier.unknowns)
    copier = copier.model_copy(
        update={
            "copies": (*copier.copies, applied),
            "unknowns": (*copier.unknowns, *inherited, *spent_unknowns),
        }
    )
    copied, status_why = status_as_copy(board, copier, effect, via)
    return copied, why + status_why + [_inherited_note(original, u) for u in inherited]


def _inherited_note(original: GameObject, unknown: Unknown) -> Explanation:
    """The copied values include what isn't known about them (CR 707.2: a copy copies them as they are)."""
    why = Unsure((unknown,))
    text = msg(
        "It copies {original}'s copiable values, and what they are isn't known, because {reason}: its own "
        "are unknown with them.",
        original=card_name(original.id),
        reason=why.reason,
    )
    return explained(text, why, COPIABLE)


def status_as_copy(
    board: Board, copy: GameObject, effect: CopyEffect | None, via: str
) -> tuple[GameObject, list[Explanation]]:
    """``copy`` with the status its copy ``effect`` gives it as it enters ("enter tapped as a copy",
    "that's tapped and attacking", CR 110.5b), or keeping the status it has (110.5c), and why."""
    status = entering_status(effect) if effect else None
    if status is not None:
        tapped = copy.model_copy(update={"tapped": copy.tapped or status.tapped})
        creature = current_characteristics(tapped, board).is_a("Creature")
        return tapped, _entering_status(status, effect, via, creature=creature)
    if not copy.tapped:
        return copy, []
    return copy, [
        Explanation.of(
            msg(
                "{object} is tapped and stays tapped: a copy effect gives it copiable values, not status.",
                object=card_name(copy.id),
            ),
            KEEPS_STATUS,
            NOT_COPIED,
        )
    ]


def _entering_status(
    status: EnteringStatus, effect: CopyEffect | None, via: str, *, creature: Fact[bool]
) -> list[Explanation]:
    """The copy enters as its copy effect says ("enter tapped as a copy", "that's tapped and attacking"):
    its status comes from that effect, never from the original (CR 110.5b, 707.2)."""
    why: list[Explanation] = []
    if status.tapped:
        replacement = effect is not None and effect.scope is CopyScope.ENTER_AS_COPY
        how = (
            msg("the replacement effect that makes it enter as a copy also makes it enter tapped")
            if replacement
            else msg("the effect creates the token tapped")
        )
        why.append(
            Explanation.of(
                msg(
                    "{via}'s “{wording}”: {how}, so it is tapped — its status comes from that effect, not "
                    "from the object it copies.",
                    via=card_name(via),
                    wording=status.wording,
                    how=how,
                ),
                ENTERS_UNTAPPED,
                *((ENTERS_AS_REPLACEMENT, MODIFIES_ENTERING) if replacement else ()),
                NOT_COPIED,
            )
        )
    if not (status.attacking or status.blocking):
        return why
    if isinstance(creature, Unsure):
        why.append(explained(_COMBAT_UNKNOWN[status.attacking], creature, ONLY_CREATURES_IN_COMBAT))
        return why
    if not creature.value:
        why.append(Explanation.of(_NOT_IN_COMBAT[status.attacking], ONLY_CREATURES_IN_COMBAT))
        return why
    why.append(
        Explanation.of(_IN_COMBAT[status.attacking], PUT_ATTACKING if status.attacking else PUT_BLOCKING)
    )
    return why


_NOT_IN_COMBAT = {
    True: msg(
        "It would be put onto the battlefield attacking, but it isn't a creature: it enters and is never "
        "considered an attacking permanent."
    ),
    False: msg(
        "It would be put onto the battlefield blocking, but it isn't a creature: it enters and is never "
        "considered a blocking permanent."
    ),
}
"""Put onto the battlefield attacking (True) or blocking (False) though it isn't a creature."""
_COMBAT_UNKNOWN = {
    True: msg(
        "It would be put onto the battlefield attacking; whether it is attacking is unknown, because whether "
        "it is a creature is: a creature enters attacking, anything else is never an attacking permanent."
    ),
    False: msg(
        "It would be put onto the battlefield blocking; whether it is blocking is unknown, because whether "
        "it is a creature is: a creature enters blocking, anything else is never a blocking permanent."
    ),
}
"""Put onto the battlefield attacking (True) or blocking (False), its card types unknown."""
_IN_COMBAT = {
    True: msg(
        "It enters attacking (what it's attacking is what the effect names, else its controller's choice as "
        "it enters); it is attacking, but it never attacked, so abilities that trigger when a creature "
        "attacks don't trigger for it."
    ),
    False: msg(
        "It enters blocking (what it's blocking is what the effect names, else its controller's choice as it "
        "enters); it is blocking, but it never blocked, so abilities that trigger when a creature blocks "
        "don't trigger for it."
    ),
}
"""A creature put onto the battlefield attacking (True) or blocking (False)."""


def _named_by(effect: CopyEffect | None, via: str) -> CopyEffect | None:
    """``effect`` with "except its name is ~" naming ``via``, the card whose ability says it (Lazav, the
    Multifarious keeps its own name, never the placeholder; CR 201.5, 707.9b)."""
    if effect is None:
        return None
    exceptions = tuple(
        e.model_copy(update={"value": e.value.replace(SELF, via)})
        if e.kind is ExceptionKind.SET_NAME and e.value
        else e
        for e in effect.exceptions
    )
    return effect.model_copy(update={"exceptions": exceptions})


def _copies_back_face(original: GameObject) -> bool:
    card = original.card
    return bool(
        card
        and card.layout == "transform"
        and original.transformed
        and not original.copies
        and not original.face_down
    )


ANEW_AS_ENTERS = cite(
    "707.6", "the object’s controller will get to make any “as [this] enters the battlefield”"
)


PROTOTYPE_COPIED = cite("718.3d", "If a permanent that was a prototyped spell is copied, the copy has")


def _why_these_values(original: GameObject, board: Board) -> list[Explanation]:
    """Explain what of the original is copied and what isn't (CR 707.2, 707.3, 708.2, 111.3)."""
    label = original_param(original)
    why: list[Explanation] = []
    if original.face_down:
        return [
            Explanation.of(
                msg(
                    'The face-down permanent "{id}" is face down: its copiable values are those of a '
                    "face-down permanent — a nameless, colorless 2/2 creature with ward {{2}}, no subtypes "
                    "and no mana cost. The copy is face up, and it can't be turned face up for the hidden "
                    "card's cost.",
                    id=original.id,
                )
                if original.face_down in WARDED_FACE_DOWN
                else msg(
                    'The face-down permanent "{id}" is face down: its copiable values are those of a '
                    "face-down permanent — a nameless, colorless 2/2 creature with no text, no subtypes and "
                    "no mana cost. The copy is face up, and it can't be turned face up for the hidden card's "
                    "cost.",
                    id=original.id,
                ),
                FACE_DOWN_COPY,
                WARDED_RULES.get(original.face_down, FACE_DOWN_RULE),
                COPIABLE,
            ),
            *_not_copied_state(original, board, label),
        ]
    if original.copies:
        last = original.copies[-1]
        # What it copied is the card its values came from, not the name an exception gave it (707.9b).
        name = last.text_card.name if last.text_card else last.values.main.name
        copied = card_name(name) if name else msg("a face-down permanent")
        why.append(
            Explanation.of(
                msg(
                    "{object} is itself a copy (of {original}, through {via}); its copiable values are the "
                    "values that copy effect gave it, exceptions included.",
                    object=card_name(original.id),
                    original=copied,
                    via=card_name(last.via),
                ),
                COPY_OF_COPY,
                *exception_rules(last.effect),
            )
        )
    if original.token:
        why.append(
            Explanation.of(
                msg(
                    "{label} is a token: the values its creator defined are its copiable values, but being a "
                    "token is not, so a card copying it isn't a token.",
                    label=label,
                ),
                TOKEN_TEXT,
                COPIABLE,
            )
        )
    for setting in original.settings:
        made = (
            msg("The coin flipped as {label} entered made it {option}.", label=label, option=setting.option)
            if setting.option in coin_outcomes(copiable_values(original).abilities)
            else msg(
                "The choice made for {label}'s “becomes your choice of” ability made it {option}.",
                label=label,
                option=setting.option,
            )
        )
        why.append(
            Explanation.of(
                msg(
                    "{made} That ability sets power and toughness, so what it did (types and abilities "
                    "included) is part of its copiable values: a copy has that result, unless it is entering "
                    "the battlefield, when it applies the ability anew with its own result.",
                    made=made,
                ),
                COPIABLE,
                COPIABLE_SETTING,
                ANEW_AS_ENTERS,
            )
        )
    if original.prototyped and not original.copies:
        why.append(
            Explanation.of(
                msg(
                    "{label} was a prototyped spell: a copy of it has its prototype's mana cost, colors, "
                    "power and toughness, not the card's own.",
                    label=label,
                ),
                PROTOTYPE_COPIED,
            )
        )
    if original.flipped:
        why.append(
            Explanation.of(
                msg(
                    "{label} is flipped, but being flipped is status, which isn't copied: the copy gets the "
                    "whole flip card's text, and the copy's own status decides which half applies.",
                    label=label,
                ),
                COPY_STATUS,
                STATUS,
                FLIP_ALTERNATIVE,
            )
        )
    if original.attached_to:
        why.append(
            Explanation.of(
                msg(
                    "{label} is attached to {host}, but what a permanent is attached to isn't one of the "
                    "copiable values (name, mana cost, color indicator, types, rules text, power, toughness, "
                    "loyalty): the copy isn't attached to anything.",
                    label=label,
                    host=card_name(original.attached_to),
                ),
                COPIABLE,
            )
        )
    return why + _not_copied_state(original, board, label)


def _not_copied_state(original: GameObject, board: Board, label: Param) -> list[Explanation]:
    ignored = _ignored_state(original, board)
    chosen = _ignored_choices(original)
    why = (
        [
            Explanation.of(
                msg(
                    "Not copied from {label}: {ignored} — other effects, status and counters aren't copiable "
                    "values.",
                    label=label,
                    ignored=series(ignored),
                ),
                NOT_COPIED,
                STATUS,
            )
        ]
        if ignored
        else []
    )
    if chosen:
        why.append(
            Explanation.of(
                msg(
                    "Not copied from {label}: {chosen} — choices made for a permanent aren't copied; a copy "
                    "that enters gets its own “as [this] enters” choices.",
                    label=label,
                    chosen=series(chosen),
                ),
                ANEW_AS_ENTERS,
            )
        )
    return why


def _ignored_state(original: GameObject, board: Board) -> list[Param]:
    ignored: list[Param] = [counter_count(n, kind) for kind, n in original.counters.items() if n]
    ignored += [effect_name(e.spec) for e in original.effects]
    ignored += [msg("being tapped")] if original.tapped else []
    return ignored


def _ignored_choices(original: GameObject) -> list[Param]:
    """The choices made for ``original`` as it entered, which a copy doesn't get (CR 707.6)."""
    return [
        msg("its choice of {key} ({value})", key=key, value=value)
        for key, value in original.choices.items()
        if key not in (OPTION_KEY, COIN_KEY)  # what they gave is copied: see the settings' step
    ]
