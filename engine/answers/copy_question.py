"""The default board for "what is COPIER when it copies ORIGINAL?" (``mtg-judge copy``).

ORIGINAL is put on the battlefield (under the opponent's control, or yours when the copy ability needs
a permanent you control); COPIER enters as a copy with its own ability, becomes a copy (Cryptoplasm,
Thespian's Stage; or a target creature, for spells like True Polymorph), or creates a token copy.
"""

from __future__ import annotations

from engine.actions.refusals import copy_abilities
from engine.copy.effects import CopyError
from engine.core.characteristics import Characteristics
from engine.core.effects import EffectKind, EffectSpec, Player
from engine.core.messages import card as card_name
from engine.core.messages import msg
from engine.core.model import Card, CopyEffect, CopyScope, Frozen
from engine.oracle.entering import OPTION_KEY, pt_option, pt_options, pt_setting_ability, pt_setting_key
from engine.oracle.wording import self_animation
from engine.state.actions import Action, BecomesCopyAction, CreateTokenCopyAction
from engine.state.board import BoardError, BoardSpec, FaceDownKind, ObjectSpec, Zone

_PERMANENT_SCOPES = (CopyScope.ENTER_AS_COPY, CopyScope.BECOME_COPY, CopyScope.TOKEN_COPY)
_SPELL_TYPES = ("Instant", "Sorcery")


class OriginalState(Frozen):
    """How the original is when it's copied (the ``copy`` command's flags)."""

    counters: tuple[tuple[str, int], ...] = ()
    tapped: bool = False
    flipped: bool = False
    transformed: bool = False
    face_down: FaceDownKind | None = None
    pump: tuple[int, int] | None = None
    animated: bool = False
    graveyard: tuple[str, ...] = ()
    choices: tuple[tuple[str, str], ...] = ()  # "as enters" choices made for the original (option=3)
    new_choices: tuple[tuple[str, str], ...] = ()  # those the copier's controller makes as it enters
    copier_x: int | None = None  # X chosen for the copier's spell (Altered Ego); None: not given


def face_state(card: Card, asked_name: str) -> dict[str, bool]:
    """``transformed``/``flipped`` when the name asked for is a transforming back face or a flipped half."""
    if len(card.faces) < 2 or asked_name.casefold() != card.faces[1].name.casefold():
        return {}
    if card.layout == "flip":
        return {"flipped": True}
    return {"transformed": True} if card.layout == "transform" else {}


def copy_question(
    copier: Card, original: Card, state: OriginalState, *, target: Card | None = None
) -> BoardSpec:
    """The board on which ``copier`` copies ``original``; a BoardError naming what it can do if it can't."""
    effect = _permanent_copy_effect(copier)
    if state.face_down is None:
        _require_pt_choice(original, state.choices, "--choice")
    original_id = original.name
    copier_id = copier.name if copier.name != original.name else f"{copier.name} (the copy)"
    effects: list[EffectSpec] = []
    if state.pump:
        effects.append(EffectSpec(kind=EffectKind.PUMP, power=state.pump[0], toughness=state.pump[1]))
    if state.animated:
        effects.append(animation_of(original))
    owner = Player.YOU if "you control" in effect.copyable.casefold() else Player.OPPONENT
    original_spec = ObjectSpec(
        card=original.name,
        id=original_id,
        controller=owner,
        counters=state.counters or None,
        tapped=state.tapped or None,
        flipped=state.flipped,
        transformed=state.transformed,
        face_down=state.face_down,
        effects=tuple(effects),
        choices=state.choices,
    )
    graveyard = tuple(
        ObjectSpec(card=name, id=f"graveyard {i}", zone=Zone.GRAVEYARD)
        for i, name in enumerate(state.graveyard, 1)
    )
    objects: tuple[ObjectSpec, ...] = (original_spec,)
    actions: tuple[Action, ...] = ()
    if effect.scope is CopyScope.ENTER_AS_COPY:
        _require_pt_choice(original, state.new_choices, "--new-choice")
        objects += (
            ObjectSpec(
                card=copier.name,
                id=copier_id,
                copy_of=original_id,
                choices=state.new_choices,
                x=state.copier_x,
            ),
        )
        query = copier_id
    elif effect.scope is CopyScope.TOKEN_COPY:
        actions = (CreateTokenCopyAction(of=original_id, via=copier.name, new_id=copier_id),)
        query = copier_id
    elif _is_spell(copier):
        if target is None:
            raise CopyError(
                msg(
                    "{card} makes another permanent become a copy; name that permanent too.",
                    card=card_name(copier.name),
                )
            )
        target_id = target.name if target.name != original.name else f"{target.name} (the target)"
        objects += (ObjectSpec(card=target.name, id=target_id),)
        actions = (BecomesCopyAction(target=target_id, of=original_id, via=copier.name),)
        query = target_id
    else:
        objects += (ObjectSpec(card=copier.name, id=copier_id),)
        actions = (BecomesCopyAction(target=copier_id, of=original_id),)
        query = copier_id
    return BoardSpec(objects=objects + graveyard, actions=actions, query=query)


def animation_of(card: Card) -> EffectSpec:
    """The card's own "~ becomes a 1/1 Blinkmoth artifact creature with flying until end of turn", else
    "becomes a creature" (a crewed Vehicle, an animated land)."""
    for ability in card.front.abilities:
        what = self_animation(ability.rules_text)
        option = pt_option(what) if what else None
        if option is not None:
            return EffectSpec(
                kind=EffectKind.ANIMATE,
                types=option.types or ("Creature",),
                subtypes=option.subtypes,
                power=option.power.value,
                toughness=option.toughness.value,
                abilities=option.abilities,
            )
    return EffectSpec(kind=EffectKind.ANIMATE, types=("Creature",))


def _require_pt_choice(card: Card, choices: tuple[tuple[str, str], ...], flag: str) -> None:
    """A "becomes your choice of" permanent always made its choice as it entered: it must be given."""
    if any(key == "option" for key, _ in choices) or pt_setting_ability(card.front.abilities) is None:
        return  # the printed abilities are the grouped ones' texts: without one, none of them is it
    ability = pt_setting_ability(Characteristics.of_face(card.front).abilities)
    if ability is None or pt_setting_key(ability) != OPTION_KEY:
        return  # a coin flip is a result, not a choice: not given, what depends on it is unknown
    listed = "; ".join(f"{i}: {o.text}" for i, o in enumerate(pt_options(ability), 1))
    whose = (
        msg("the original") if flag == "--choice" else msg("the copy, as it enters (a new choice, CR 707.6)")
    )
    raise BoardError(
        msg(
            "{card} becomes one of several things as it enters; say which for {whose} with "
            "{flag} option=N ({listed}).",
            card=card_name(card.name),
            whose=whose,
            flag=flag,
            listed=listed,
        )
    )


def _permanent_copy_effect(copier: Card) -> CopyEffect:
    effects = [e for face in copier.faces for e in face.copy_effects]
    usable = next((e for e in effects if e.scope in _PERMANENT_SCOPES), None)
    if usable is None:
        raise CopyError(
            msg(
                "{card} can't copy a permanent; {abilities}",
                card=card_name(copier.name),
                abilities=copy_abilities(copier),
            )
        )
    return usable


def _is_spell(card: Card) -> bool:
    return any(t in _SPELL_TYPES for t in card.front.type_line.types)
