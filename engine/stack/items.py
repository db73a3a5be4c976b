"""Spells and abilities on the stack and their copies (CR 707.10–707.12, 111.13, 608.3f).

A :class:`StackSpell` records a spell with every decision made while casting it (modes, targets, X,
kicker, entwine, splice, division) and how its costs were paid (objects, mana and its sources, the
zone it was cast from); a :class:`StackAbility` an activated or triggered ability of an object. This
module reads them against the card (modes, kicker costs, splice, targets) and registers the rules the
stack engine cites; :mod:`engine.stack.spell_copies`, :mod:`engine.stack.ability_copies` and
:mod:`engine.stack.cast_copies` copy them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from engine.core.characteristics import colors_of, mana_value_of
from engine.core.citations import Citation, cite
from engine.core.messages import Message, Param, card, english, msg, series
from engine.core.model import SELF, Ability, AbilityKind, Card, Face, Frozen
from engine.core.results import Explanation
from engine.errors import UserError
from engine.oracle.kicker import KICKER, Kicked, KickedRefused, checked_kicked, kicker_of
from engine.oracle.paid_costs import PaidCostRefused, check_paid, cleaved_text, cost_of
from engine.oracle.spell_text import (
    Targetable,
    TargetKind,
    TargetRequirement,
    is_legal_target,
    target_requirements,
    untargetable,
)
from engine.oracle.wording import PROTOTYPE_CHARACTERISTICS, prototype_of

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
CARD_COPY_CEASES = cite(
    "707.10a",
    "If a copy of a card is in any zone other than the stack or the battlefield, it ceases to exist",
)
STORM = cite("702.40a", "copy it for each other spell that was cast before it this turn")
SAME_SOURCE = cite("707.10b", "A copy of an ability has the same source as the original ability")
# the same citation as engine.linked (the registry is idempotent), so the stack needs no linked-ability code
MANY_EXILED = cite("607.3", "the ability refers to each of the exiled cards")
NEW_TARGETS = cite("707.10c", "the new targets must be legal")
FOR_EACH = cite("707.10d", "Some effects copy a spell or ability for each player or object it")
FOR_EACH_SAME = cite("707.10d", "each of its targets must be the same player or object")
FOR_EACH_SKIPPED = cite("707.10d", "a copy isn’t created for that player or object")
FIXED_TARGET = cite("707.10e", "each of the copy’s targets must be that player or object")
FIXED_NOT_CREATED = cite("707.10e", "the copy isn’t created")
UNCHANGED = cite("707.10c", "The player may leave any number of the targets unchanged")
KEPT_ILLEGAL = cite("707.10c", "even if those targets would be illegal")
ILLEGAL_ON_RESOLUTION = cite("608.2b", "are now illegal, the spell or ability doesn’t resolve")
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
TARGETED = cite("115.1", "Some spells and abilities require their controller to choose one or more targets")
MODE_ONLY_TARGETS = cite(
    "700.2c", "its controller will need to choose those targets only if they chose that mode"
)
DIVISION = cite("601.2d", "the player announces the division")
PAYS = cite("601.2h", "The player pays the total cost")
CAST_TRIGGERS = cite(
    "601.2i", "Any abilities that trigger when a spell is cast or put onto the stack trigger"
)
X_ON_STACK = cite("107.3a", "While a spell is on the stack, any X in its mana cost")
X_FREE = cite("107.3b", "then the only legal choice for X is 0")
X_ENTERS = cite("107.3m", "the value of X for that ability is the same as the value of X for that spell")
X_MANA_VALUE = cite("202.3e", "X is treated as the number chosen for it while the object is on the stack")
BACK_FACE_VALUE = cite("202.3b", "the mana value of the copy is 0")
MANA_RIDER = cite(
    "106.6", "have an additional effect that affects the spell or ability that mana is spent on"
)
KICKER_LINKED = cite("702.33e", "These abilities are linked to the kicker or multikicker abilities")
AURA_TARGETS = cite("303.4a", "An Aura spell requires a target, which is defined by its enchant ability")
ENTWINE = cite("702.42a", "You may choose all modes of this spell instead of just the number specified")
SPLICE_RULE = cite("702.47a", "You may reveal this card from your hand as you cast a [quality] spell")
SPLICE = cite("702.47c", "plus the rules text of each of the spliced cards")
LAST_KNOWN = cite("608.2h", "last known information")
SPELL_INFO = cite("400.7d", "including what costs were paid to cast that spell or what mana was spent")
INDEPENDENT = cite(
    "113.7a", "Once activated or triggered, an ability exists on the stack independently of its source"
)

_PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Planeswalker", "Land"})


class StackError(ValueError, UserError):
    """A stack scenario the rules don't allow, with the explanation to show the user."""

    def __init__(self, explanation: Explanation) -> None:
        super().__init__(explanation.message or explanation.text)
        self.explanation = explanation


def refuse(text: str | Message, *citations: Citation) -> StackError:
    """A :class:`StackError` explaining ``text`` with the rules that forbid it."""
    return StackError(explain(text, *citations))


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
    cast_from: str | None = "hand"  # None for a copy that wasn't cast, or a board's spell not saying
    mana_sources: tuple[ManaSource, ...] = ()
    alternative_cost: str | None = None  # "flashback", "overload", "without paying its mana cost"


class Choices(Frozen):
    """Decisions made as a spell was cast or an ability put on the stack (CR 601.2b–d)."""

    modes: tuple[str, ...] = ()  # chosen modes in the card's wording
    targets: tuple[str, ...] = ()  # "player:you", "player:opponent" or object handles
    targets_given: bool = True  # False: a board's spell or ability not saying (engine.answers.stack_board)
    x: int | None = None
    kicked: Kicked = False  # True, times kicked (multikicker) or which kicker costs ("first", "{1}{U}");
    # None: not given (a board's spell, engine.state.stack_spec)
    entwined: bool | None = False  # None: not given, for a spell with entwine (engine.state.stack_spec)
    buyback: bool | None = None  # None: the board doesn't say (CR 702.27a)
    squad: int | None = None  # times its squad cost was paid (702.157a)
    offspring: bool | None = None  # whether its offspring cost was paid (702.175a)
    cleaved: bool | None = None  # whether it was cast for its cleave cost (702.148a); None: not given
    prototyped: bool | None = None  # cast as a prototyped spell (718.3a); None: not given
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


class StackCharacteristics(Frozen):
    """The characteristics of a spell or ability on the stack, in the board's CH shape (as shown: strings).

    A board object's own values are :class:`engine.core.characteristics.Characteristics`.
    """

    name: str
    mana_cost: str = ""
    mana_value: float | None = 0  # None: its X isn't given (CR 202.3e)
    colors: tuple[str, ...] = ()
    color_indicator: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    abilities: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()  # the characteristics the board doesn't decide ("mana cost", "power" …)


PLAYERS: Mapping[str, Targetable] = {
    f"player:{p}": Targetable(handle=f"player:{p}", name=p, kind=TargetKind.PLAYER, controller=p)
    for p in ("you", "opponent")
}


# --- reading the card --------------------------------------------------------------------------


def spell_face(spell: StackSpell) -> Face:
    """The face of the spell that is up on the stack, its text as cleave left it (CR 702.148a): not said
    whether it was cleaved, without the bracketed words, so that no target it may have is missed."""
    face = printed_face(spell)
    if not cost_of(face.abilities, "cleave"):
        return face
    cleaved = spell.choices.cleaved is not False
    abilities = tuple(
        a.model_copy(
            update={"text": cleaved_text(a.text, cleaved), "rules_text": cleaved_text(a.rules_text, cleaved)}
        )
        if a.kind is AbilityKind.SPELL
        else a
        for a in face.abilities
    )
    return face.model_copy(update={"abilities": abilities})


def printed_face(spell: StackSpell) -> Face:
    """The face of the spell that is up on the stack, as printed."""
    card = spell.card
    return card.faces[1] if spell.back_face_up and len(card.faces) > 1 else card.front


def _normal(text: str) -> str:
    return text.strip().lstrip("•").strip().rstrip(".").casefold()


def _worded(modes: tuple[str, ...], name: str) -> tuple[str, ...]:
    """Modes in the card's own wording (the parser writes self-references as SELF)."""
    return tuple(m.replace(SELF, name) for m in modes)


def _modal_ability(face: Face) -> Ability | None:
    return next((a for a in face.abilities if a.modes), None)


def _keyword(face: Face, *names: str) -> tuple[Ability, ...]:
    wanted = {n.casefold() for n in names}
    return tuple(a for a in face.abilities if a.keyword and a.keyword.casefold() in wanted)


def validate_choices(card: Card, choices: Choices, *, back_face_up: bool = False) -> Choices:
    """``choices`` checked against the card (CR 601.2b–d): modes as printed, kicker, entwine and splice
    only if the cards have them, a division for each target.

    Returns the choices with modes in the card's wording (all of them when entwined) and kicker costs
    named by their cost.
    """
    face = card.faces[1] if back_face_up and len(card.faces) > 1 else card.front
    if choices.entwined is None:  # not given: open only for a spell with entwine whose modes aren't given
        open_ = bool(_keyword(face, "Entwine")) and not choices.modes
        choices = choices.model_copy(update={"entwined": None if open_ else False})
    update: dict[str, object] = {"modes": _chosen_modes(face, choices)}
    try:
        update["kicked"] = checked_kicked(face.name, kicker_of(face.abilities), choices.kicked)
    except KickedRefused as refused:
        raise refuse(refused.message, KICKER) from None
    given = [
        k
        for k in ("buyback", "squad", "offspring", "cleaved", "prototyped")
        if getattr(choices, k) is not None
    ]
    try:
        check_paid(face.name, face.abilities, given)
    except PaidCostRefused as refused:
        raise refuse(refused.message, ANNOUNCE) from None
    for spliced in choices.spliced:
        _check_splice(face, spliced)
    if choices.division and (len(choices.division) != len(choices.targets) or min(choices.division) < 1):
        raise refuse(msg("A division gives each target at least 1, one number per target."), DIVISION)
    return choices.model_copy(update=update)


def _chosen_modes(face: Face, choices: Choices) -> tuple[str, ...]:
    modal = _modal_ability(face)
    if choices.entwined:
        if not _keyword(face, "Entwine") or modal is None:
            raise refuse(msg("{card} has no entwine ability.", card=card(face.name)), ENTWINE)
        return _worded(modal.modes, face.name)
    if not choices.modes:
        return ()
    if modal is None:
        raise refuse(msg("{card} isn't modal; it has no modes to choose.", card=card(face.name)), ANNOUNCE)
    printed = {_normal(m): m for m in _worded(modal.modes, face.name)}
    unknown = [m for m in choices.modes if _normal(m) not in printed]
    if unknown:
        raise refuse(
            msg(
                "{card} has no mode {mode}; its modes are: {modes}",
                card=card(face.name),
                mode=repr(unknown[0]),
                modes="; ".join(printed.values()),
            ),
            ANNOUNCE,
        )
    return tuple(printed[_normal(m)] for m in choices.modes)


def _check_splice(face: Face, spliced: Card) -> None:
    """The spliced card must splice onto this kind of spell ("Splice onto Arcane", CR 702.47a)."""
    splices = [a for a in spliced.front.abilities if a.keyword and a.keyword.casefold().startswith("splice")]
    words = {w.casefold() for a in splices for w in f"{a.keyword} {a.keyword_parameter or ''}".split()}
    qualities = {w for w in words if w.isalpha()} - {"splice", "onto"}
    kinds = {t.casefold() for t in (*face.type_line.types, *face.type_line.subtypes)}
    if not qualities & kinds:
        raise refuse(
            msg("{spliced} can't be spliced onto {card}.", spliced=card(spliced.name), card=card(face.name)),
            SPLICE_RULE,
        )


def spell_texts(spell: StackSpell) -> tuple[str, ...]:
    """The spell's rules texts as it resolves: chosen modes only, then each spliced card's text."""
    texts: list[str] = []
    for ability in spell_face(spell).abilities:
        if ability.modes:
            chosen = {_normal(m) for m in spell.choices.modes}
            texts.extend(m for m in _worded(ability.modes, spell_face(spell).name) if _normal(m) in chosen)
        elif ability.kind is not AbilityKind.KEYWORD:
            texts.append(ability.rules_text)
    for spliced in spell.choices.spliced:
        texts.extend(a.rules_text for a in spliced.front.abilities if a.kind is AbilityKind.SPELL)
    return tuple(texts)


def printed_wording(spell: StackSpell) -> tuple[str, ...]:
    """The spell's abilities as the card prints them, then each spliced card's (to quote its wording)."""
    spliced = (a.text for card in spell.choices.spliced for a in card.front.abilities)
    return (*(a.text for a in spell_face(spell).abilities), *spliced)


def ability_texts(item: StackItem) -> tuple[str, ...]:
    """The texts a spell or ability on the stack resolves with (chosen modes only)."""
    if isinstance(item, StackSpell):
        return spell_texts(item)
    if item.ability.modes:
        chosen = {_normal(m) for m in item.choices.modes}
        return tuple(m for m in _worded(item.ability.modes, item.source.name) if _normal(m) in chosen)
    return (item.ability.effect or item.ability.rules_text,)


def requirements_of(item: StackItem) -> tuple[TargetRequirement, ...]:
    """The target requirements of the spell's or ability's text, one per instance of "target".

    A permanent spell targets only if it is an Aura: what its enchant ability names (CR 303.4a).
    """
    if isinstance(item, StackSpell) and is_permanent_spell(item):
        enchant = _keyword(spell_face(item), "Enchant")
        return tuple(TargetRequirement(phrase=(a.keyword_parameter or "").casefold()) for a in enchant)
    return tuple(r for text in ability_texts(item) for r in target_requirements(text))


def targeting_modes(item: StackItem) -> tuple[str, ...]:
    """The modes of ``item`` that target, in the card's wording, when its modes aren't chosen: whether it
    has targets then depends on them (CR 700.2c)."""
    if item.choices.modes:
        return ()
    if isinstance(item, StackSpell):
        if is_permanent_spell(item):
            return ()
        modal, name = _modal_ability(spell_face(item)), spell_face(item).name
    else:
        modal, name = (item.ability if item.ability.modes else None), item.source.name
    if modal is None:
        return ()
    return tuple(m for m in _worded(modal.modes, name) if target_requirements(m))


def targets_unknown(item: StackItem) -> bool:
    """Whether the board doesn't give the targets of ``item`` though its text, or one of its modes when
    they aren't given either, requires some: they are unknown, never "none" (CR 601.2c, 115.1, 700.2c)."""
    return not item.choices.targets_given and bool(requirements_of(item) or targeting_modes(item))


def check_required_targets(item: StackItem) -> None:
    """A spell or ability on the stack has each target its text requires: one given with no targets
    (``targets: []``) though its text, or a mode chosen for it, requires one couldn't have been put on the
    stack (CR 601.2c, 115.1, 700.2c)."""
    if not item.choices.targets_given or item.choices.targets:
        return
    required = tuple(r for r in requirements_of(item) if not r.variable)
    # "up to one target creature" may have none; the oracle parser doesn't mark it (TargetRequirement)
    if not required or any("up to" in text.casefold() for text in ability_texts(item)):
        return
    rules = (TARGETS, TARGETED, MODE_ONLY_TARGETS) if item.choices.modes else (TARGETS, TARGETED)
    raise refuse(
        msg(
            "{item} requires {count} target(s) ({requirements}), so it couldn't have been put on the stack "
            "with none: targets: [] can't be right. Give its targets, or leave targets out if they aren't "
            "known.",
            item=_item_words(item),
            count=len(required),
            requirements=series([target_words(r) for r in required]),
        ),
        *rules,
    )


UNTARGETABLE = {
    "shroud": cite("702.18a", "can’t be the target of spells or abilities"),
    "hexproof": cite("702.11b", "can’t be the target of spells or abilities your opponents control"),
    "protection": cite("702.16b", "can’t be targeted by spells with the stated quality"),
}
_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def color_words(item: StackItem) -> tuple[str, ...]:
    """The colors of a spell on the stack, as words (a copy has the original's, 707.10); an ability has
    its source's, which this doesn't know: none."""
    return tuple(_COLOR_WORDS[c] for c in spell_face(item).colors) if isinstance(item, StackSpell) else ()


def untargetable_message(candidate: Targetable, stopped: str) -> Message:
    """Why ``candidate`` can't be a target: what :func:`untargetable` found."""
    return msg("{card} can't be targeted by it: it has {what}.", card=card(candidate.name), what=stopped)


def target_words(requirement: TargetRequirement) -> Message:
    """One instance of "target" as the card says it: "any target", "target spell"."""
    if requirement.phrase == "any":
        return msg("any target")
    return msg("target {phrase}", phrase=requirement.phrase)


def _item_words(item: StackItem) -> Param:
    if isinstance(item, StackSpell):
        return card(spell_face(item).name)
    return msg("{source}, ability {index}", source=card(item.source.name), index=item.ability.index)


def characteristics_of(spell: StackSpell) -> StackCharacteristics:
    """The spell's characteristics on the stack, spliced text included (CR 702.47c)."""
    face = spell_face(spell) if spell.choices.cleaved is not None else printed_face(spell)
    spliced = tuple(
        a.text for card in spell.choices.spliced for a in card.front.abilities if a.kind is AbilityKind.SPELL
    )
    values = StackCharacteristics(
        name=face.name,
        mana_cost="".join(face.mana_cost),
        mana_value=stack_mana_value(spell),
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
    return _as_prototyped(values, face, spell.choices.prototyped)


def _as_prototyped(values: StackCharacteristics, face: Face, prototyped: bool | None) -> StackCharacteristics:
    """A prototyped spell has only its prototype's mana cost, colors, power and toughness (CR 718.3b), and
    so has a copy of it (718.3c); the board not saying whether it was cast prototyped, those are unknown."""
    found = prototype_of(face.abilities)
    if found is None or prototyped is False:
        return values
    if prototyped is None:
        return values.model_copy(update={"unknown": PROTOTYPE_CHARACTERISTICS})
    cost, power, toughness = found
    return values.model_copy(
        update={
            "mana_cost": "".join(cost),
            "mana_value": mana_value_of(cost),
            "colors": colors_of(cost),
            "power": power,
            "toughness": toughness,
        }
    )


def stack_mana_value(spell: StackSpell) -> float | None:
    """The spell's mana value on the stack: X counts as its announced value (CR 202.3e), None when the
    board doesn't give it; a copy of a transforming card's back face has mana value 0 (CR 202.3b)."""
    if spell.is_copy and spell.back_face_up and spell.card.layout == "transform":
        return 0
    # A modal double-faced spell or an Adventure has only the characteristics of the face cast, its mana
    # cost included (712.8f, 715.3b); any other card's mana value is the whole card's (its front face's).
    chosen = spell.back_face_up and spell.card.layout in ("modal_dfc", "adventure")
    face = spell_face(spell) if chosen else spell.card.front
    x_symbols = sum(symbol == "{X}" for symbol in face.mana_cost)
    if x_symbols and spell.choices.x is None:
        return None
    base = mana_value_of(face.mana_cost) if chosen else spell.card.mana_value
    return base + x_symbols * (spell.choices.x or 0)


def ability_characteristics(item: StackAbility) -> StackCharacteristics:
    """An ability on the stack has no characteristics but its text (and its source's name)."""
    return StackCharacteristics(
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


# --- targets -------------------------------------------------------------------------------------


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
        raise refuse(
            msg(
                "Unknown target {handle}: use player:you, player:opponent or a handle defined earlier.",
                handle=repr(handle),
            )
        )
    return found


def requirement_words(requirement: TargetRequirement) -> str:
    """What a target must be, in words ("any target", "artifact or enchantment")."""
    return english(requirement_param(requirement))


def requirement_param(requirement: TargetRequirement) -> Param:
    """What a target must be, as a message parameter (the Oracle phrase, or "any target")."""
    return msg("any target") if requirement.phrase == "any" else requirement.phrase


def describe_target(handle: str, objects: Mapping[str, Targetable]) -> str:
    """A target as the user reads it: "you", "your opponent", "Grizzly Bears (bears)"."""
    return english(target_param(handle, objects))


def target_param(handle: str, objects: Mapping[str, Targetable]) -> Param:
    """A target as a message parameter: a player, or a permanent's name with its handle when that differs."""
    if handle in PLAYERS:
        return msg("you") if handle == "player:you" else msg("your opponent")
    found = objects.get(handle)
    if found is None or handle.startswith(found.name):
        return card(handle)
    return msg("{name} ({handle})", name=card(found.name), handle=handle)


def check_targets(item: StackItem, objects: Mapping[str, Targetable]) -> None:
    """Each target must exist and fit its instance of the word "target"; a required one must be there
    (CR 601.2c)."""
    check_required_targets(item)
    requirements = requirements_of(item)
    rules = (
        (TARGETS, AURA_TARGETS) if isinstance(item, StackSpell) and is_permanent_spell(item) else (TARGETS,)
    )
    for slot, handle in enumerate(item.choices.targets):
        requirement = requirement_for_slot(requirements, slot)
        candidate = lookup_target(handle, objects)
        if requirement is None:
            raise refuse(
                msg(
                    "{handle} is one target too many: the text has {count} target(s).",
                    handle=repr(handle),
                    count=len(requirements),
                ),
                *rules,
            )
        stopped = untargetable(candidate, item.controller, color_words(item))
        if stopped is not None:
            raise refuse(untargetable_message(candidate, stopped), *rules, UNTARGETABLE[stopped.split()[0]])
        if not is_legal_target(requirement, candidate, item.controller):
            raise refuse(
                msg(
                    "{card} isn't a legal target: it must be {requirement}.",
                    card=card(candidate.name),
                    requirement=requirement_param(requirement),
                ),
                *rules,
            )


def rule_numbers(*citations: Citation) -> tuple[str, ...]:
    """The rule numbers of ``citations``, each once, in order."""
    return tuple(dict.fromkeys(str(c) for c in citations))


def explain(text: str | Message, *citations: Citation) -> Explanation:
    """An explanation citing each rule once."""
    return Explanation.of(text, *citations)


def is_permanent_spell(spell: StackSpell) -> bool:
    """Whether the spell has a permanent card type (CR 110.4a)."""
    return bool(_PERMANENT_TYPES & set(spell_face(spell).type_line.types))
