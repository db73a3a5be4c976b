"""Static abilities of permanents that change other objects' characteristics (CR 604, 611.3, 613).

:func:`affected` evaluates a static ability :func:`engine.oracle.statics.parse_static` recognised against
the permanents as the layer system currently sees them (:class:`Seen`), giving each affected object and
what the ability does to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

from engine.core.characteristics import Characteristics
from engine.core.citations import cite
from engine.core.effects import EffectSpec, Player
from engine.core.game import Game
from engine.core.known import Fact, Known, Unsure, all_of, is_true
from engine.core.messages import Message, Param, card, counter_count, listing, msg, series, type_words
from engine.core.model import SELF
from engine.core.results import Unknown
from engine.oracle.static_conditions import HostCondition, LifeCheck, Requirement
from engine.oracle.static_effects import (
    CHOSEN_COLOR,
    ForEach,
    gets_chosen_color,
    gets_chosen_type,
    sets_mana_value,
)
from engine.oracle.static_subjects import COLOR_WORDS, Subject, enchant_quality_of, named_subject
from engine.oracle.statics import (
    ALL_CREATURE_TYPES,
    CHOSEN_COLOR_KEY,
    CHOSEN_CREATURE_TYPE,
    SUBTYPES_OF,
    StaticAbility,
)

STATIC_ABILITIES = cite("604.2", "These effects are active as long as the permanent with the ability remains")
NOT_LOCKED_IN = cite("611.3a", "it applies at any given moment to whatever its text indicates")
ACTIVE_PLAYER = cite("102.1", "The active player is the player whose turn it is")
CHOSEN_VALUE = cite("607.2d", "the chosen [value]")
LIFE_TOTALS = cite("119.1", "Each player begins the game with a starting life total of 20")
EQUIPPED_CREATURE = cite(
    "301.5a", "The creature an Equipment is attached to is called the “equipped creature.”"
)
ENCHANTED = cite("303.4b", "The object or player an Aura is attached to is called enchanted.")
EQUIPMENT_CREATURE = cite("301.5c", "An Equipment that’s also a creature can’t equip a creature")
AURA_CREATURE = cite("303.4d", "An Aura that’s also a creature can’t enchant anything.")
ILLEGAL_AURA = cite("704.5m", "If an Aura is attached to an illegal object or player")
ILLEGAL_EQUIPMENT = cite("704.5n", "If an Equipment or Fortification is attached to an illegal permanent")

LEVEL_RANGE = cite(
    "711.2a", "As long as this creature has at least N1 level counters on it, but no more than N2"
)
LEVEL_OR_MORE = cite("711.2b", "As long as this creature has N3 or more level counters on it")


COLOR_SHOWN: dict[str, Param] = {
    "W": msg("white"),
    "U": msg("blue"),
    "B": msg("black"),
    "R": msg("red"),
    "G": msg("green"),
}
"""The colors (CR 105.1) by letter, as a step words them."""


@dataclass(frozen=True)
class Seen:
    """A permanent as a static ability sees it at some point of the layer system (CR 613.5)."""

    id: str
    values: Characteristics
    controller: Player
    attached_to: str | None = None
    token: bool = False
    choices: Mapping[str, str] = field(default_factory=dict)
    on_battlefield: bool = True
    counters: Mapping[str, int] = field(default_factory=dict)
    tapped: bool = False
    game: Game = field(default_factory=Game)  # whose turn it is and the life totals, as far as given
    unknown: frozenset[str] = frozenset()  # the characteristics the board leaves unknown, so far
    undefined_choices: bool = False  # its choices were made for another text than its own (CR 607.5a)
    # the cards exiled with it by an ability of its text as it is now (CR 607.1): (ability number, values)
    exiled: tuple[tuple[int | None, Characteristics], ...] = ()
    solved: bool | None = False  # a Case's solved designation (CR 719.3b); None: the board doesn't say


def unknown_subject_reads(subject: Subject, source: Seen, seen: Seen) -> tuple[str, ...]:
    """The unknown characteristics of ``seen`` that decide whether ``subject`` (of ``source``'s ability)
    names it, when everything else about it that the subject reads holds: its zone, who controls it,
    whether it is a token. Empty when they settle it or it has no such unknown."""
    if not seen.unknown or subject.itself or subject.attached:
        return ()
    if not (seen.on_battlefield or subject.everywhere) or (subject.other and seen.id == source.id):
        return ()
    if subject.controller is not None and (seen.controller is source.controller) != (
        subject.controller == "you"
    ):
        return ()
    if subject.token is not None and seen.token is not subject.token:
        return ()
    read = {
        "types": bool(subject.types or subject.not_types),
        "subtypes": bool(subject.subtypes or subject.not_subtypes or subject.chosen_subtype),
        "supertypes": bool(subject.supertypes or subject.not_supertypes),
        "colors": bool(subject.colors),
        "abilities": subject.no_abilities,
    }
    return tuple(name for name, reads in read.items() if reads and name in seen.unknown)


def affected(
    ability: StaticAbility, source: Seen, world: Mapping[str, Seen]
) -> dict[str, tuple[EffectSpec, ...]]:
    """Each object ``ability`` of ``source`` applies to in ``world``, with the effects it gets."""
    if ability.requirement is not None and not requirement_holds(ability.requirement, source, world):
        return {}
    return would_affect(ability, source, world)


def would_affect(
    ability: StaticAbility, source: Seen, world: Mapping[str, Seen]
) -> dict[str, tuple[EffectSpec, ...]]:
    """What :func:`affected` gives when the ability's "as long as" requirement is met."""
    if ability.subject.itself:
        parts = _one(ability, source, source, world)
        return {} if parts is None else {source.id: parts}
    if ability.subject.attached:
        host = world.get(source.attached_to or "")
        if (
            host is None
            or not host.on_battlefield
            or attachment_issue(source, host)
            or not _condition_holds(ability.condition, host)
            or (ability.chosen_type and not source.choices.get(CHOSEN_CREATURE_TYPE))
        ):
            return {}
        return {host.id: _parts_for(ability, host, source, world)}
    found = ((seen.id, _one(ability, source, seen, world)) for seen in world.values())
    return {handle: parts for handle, parts in found if parts is not None}


def is_local(ability: StaticAbility) -> bool:
    """Whether what ``ability`` does to an object depends only on that object and on who its source is
    (its identity, controller and choices), never on other objects or on the source's characteristics:
    no "as long as" requirement, no "for each" count, not about the object its source is attached to."""
    return ability.requirement is None and ability.per is None and not ability.subject.attached


def reads_abilities(ability: StaticAbility) -> bool:
    """Whether what ``ability`` applies to or what it does can depend on abilities: only the legality of
    the attachment whose host it names reads them (Enchant, Reconfigure: CR 301.5c, 303.4); its subject,
    its requirement, its counts and its parts read types, colors, counters and who controls what."""
    return ability.subject.attached is not None or ability.subject.no_abilities


def applies_to(ability: StaticAbility, source: Seen, seen: Seen) -> tuple[EffectSpec, ...] | None:
    """What the :func:`is_local` ``ability`` of ``source`` does to ``seen``: what :func:`affected` gives it,
    None when it doesn't apply to it."""
    return _one(ability, source, seen, {})


def _one(
    ability: StaticAbility, source: Seen, seen: Seen, world: Mapping[str, Seen]
) -> tuple[EffectSpec, ...] | None:
    """What a global or "itself" ``ability`` does to ``seen``, or None when it doesn't apply to it."""
    if ability.chosen_type and not source.choices.get(CHOSEN_CREATURE_TYPE):
        return None  # no creature type was chosen on the board: nothing to apply (the layers note it)
    if ability.per_life and life_x(source) is None:
        return None  # X is a life total the board doesn't give: nothing to apply (the layers note it)
    if ability.chosen_color and chosen_color(source) is None:
        return None  # no color was chosen on the board: nothing to apply (the layers note it)
    if ability.subject.itself:
        applies = seen.id == source.id and source.on_battlefield
    else:
        applies = _qualifies(ability.subject, source, seen) and _has_name(ability, source, seen)
    if applies and ability.exiled_keywords is not None:
        return _exiled_keyword_parts(ability, source)
    return _parts_for(ability, seen, source, world) if applies else None


def _exiled_keyword_parts(ability: StaticAbility, source: Seen) -> tuple[EffectSpec, ...] | None:
    """Soulflayer's keywords: those of its list that a card exiled with its linked ability (its delve
    ability, CR 607.2q) has; None when no such card has one. A copy's ability is linked only to the copy's
    own delve, which exiled nothing (707.7)."""
    wording = ability.exiled_keywords
    if wording is None:
        return None
    via = next(
        (i for i, a in enumerate(source.values.abilities, 1) if (a.keyword or "").casefold() == wording.via),
        None,
    )
    cards = [
        values
        for number, values in source.exiled
        if (not wording.via or (via is not None and number in (None, via)))
        and (not wording.creature or values.is_a("Creature"))
    ]
    have = {(a.keyword or "").casefold() for values in cards for a in values.abilities}
    parts = tuple(
        part.model_copy(update={"abilities": kept})
        for part in ability.parts
        if (kept := tuple(k for k in part.abilities if k.casefold() in have))
    )
    return parts or None


def _has_name(ability: StaticAbility, source: Seen, seen: Seen) -> bool:
    """Whether ``seen`` has the name a "creature named …" subject asks for: at least one name in common
    (CR 201.2a; a nameless object has none). SELF, when the printed name couldn't be read off the text, is
    the name of the object with the text."""
    if not ability.named:
        return True
    wanted = source.values.name if ability.named == SELF else ability.named
    names = (seen.values.name or "").split(" // ")
    return wanted is not None and wanted in names


def _parts_for(
    ability: StaticAbility, target: Seen, source: Seen, world: Mapping[str, Seen]
) -> tuple[EffectSpec, ...]:
    if ability.per is not None:
        count = len(counted(ability.per, source, target, world))
        return tuple(
            part.model_copy(
                update={"power": (part.power or 0) * count, "toughness": (part.toughness or 0) * count}
            )
            for part in ability.parts
        )
    if ability.per_life:
        x = life_x(source) or 0
        return tuple(
            part.model_copy(update={"power": (part.power or 0) * x, "toughness": (part.toughness or 0) * x})
            for part in ability.parts
        )
    if ability.chosen_color:
        return _with_chosen_color(ability.parts, chosen_color(source) or "")
    if ability.chosen_type:
        chosen = (source.choices[CHOSEN_CREATURE_TYPE],)
        return tuple(
            part.model_copy(update={"subtypes": chosen}) if gets_chosen_type(part) else part
            for part in ability.parts
        )
    if not ability.pt_mana_value:
        return ability.parts
    return _with_mana_value(ability.parts, target.values.mana_value)


@cache
def _with_mana_value(parts: tuple[EffectSpec, ...], value: int) -> tuple[EffectSpec, ...]:
    """``parts`` with the P/T each equal to the mana value ``value`` (the same parts for the same value)."""
    return tuple(
        part.model_copy(update={"power": value, "toughness": value}) if sets_mana_value(part) else part
        for part in parts
    )


def chosen_color(source: Seen) -> str | None:
    """The color word chosen for ``source`` as it entered ("As ~ enters, choose a color", CR 607.2d), when
    the board gives one."""
    chosen = source.choices.get(CHOSEN_COLOR_KEY, "").casefold()
    return chosen if chosen in COLOR_WORDS else None


@cache
def _with_chosen_color(parts: tuple[EffectSpec, ...], color: str) -> tuple[EffectSpec, ...]:
    """``parts`` with "the chosen color" replaced by ``color`` ("blue"): the letter in a color part, the word
    in a granted protection (CR 702.16a)."""
    return tuple(
        part.model_copy(
            update={
                "colors": tuple(COLOR_WORDS[color] if c == CHOSEN_COLOR else c for c in part.colors)
                if part.colors
                else part.colors,
                "abilities": tuple(a.replace(CHOSEN_COLOR, color) for a in part.abilities),
            }
        )
        if gets_chosen_color(part)
        else part
        for part in parts
    )


def life_x(source: Seen) -> int | None:
    """X of "where X is your life total": the life total of ``source``'s controller, when the board gives it
    (CR 119)."""
    return source.game.life_of(source.controller)


def counted(per: ForEach, source: Seen, target: Seen, world: Mapping[str, Seen]) -> tuple[str, ...]:
    """The objects a "for each" amount counts for ``target``, as the board is now (CR 611.3a)."""
    subject = per.subject.model_copy(update={"other": False})
    excluded = source.id if _qualifies(subject, source, source) else target.id
    return tuple(
        seen.id
        for seen in world.values()
        if not (per.subject.other and seen.id == excluded)
        and _qualifies(subject, source, seen)
        and (not per.shares_creature_type or _share_creature_type(seen.values, target.values))
    )


def _share_creature_type(one: Characteristics, other: Characteristics) -> bool:
    """Whether two objects share a creature type; changeling's every creature type shares with any."""
    first, second = _creature_types(one), _creature_types(other)
    if not first or not second:
        return False
    return ALL_CREATURE_TYPES in first or ALL_CREATURE_TYPES in second or bool(first & second)


def _creature_types(values: Characteristics) -> set[str]:
    return {s for s in values.subtypes if not _noncreature_subtype(s)}


def requirement_holds(requirement: Requirement, source: Seen, world: Mapping[str, Seen]) -> bool:
    """Whether ``requirement`` is met on the board (never, when the board doesn't decide it)."""
    return decided(requirement, source) and requirement_state(requirement, source, world)[0]


def decided(requirement: Requirement, source: Seen) -> bool:
    """Whether the board decides ``requirement`` of ``source``: its kind of check is one a board shows, it
    is about whose turn it is and the board says (CR 102.1), or it compares life totals the board gives, or
    one comparison the board gives is false: all must hold, and false and unknown is false (CR 119)."""
    if requirement.life:
        return isinstance(_life_holds(requirement.life, source), Known)
    if requirement.counters is not None and "counters" in source.unknown:
        return False  # how many counters it entered with is unknown (CR 122.6)
    if requirement.solved is not None:
        return source.solved is not None  # the board's ``solved`` (CR 719.3b)
    return requirement.decided or (requirement.your_turn is not None and source.game.turn is not None)


def _life_holds(checks: tuple[LifeCheck, ...], source: Seen) -> Fact[bool]:
    """Whether every comparison holds: known false when one the board gives is false, whatever the others."""
    facts: list[Fact[bool]] = []
    for check in checks:
        total = _life_total(check, source)
        facts.append(
            Unsure((Unknown.of(("life",), check.text, LIFE_TOTALS),))
            if total is None
            else Known(check.holds(total, source.game.starting_life))
        )
    return all_of(*facts)


def _life_total(check: LifeCheck, source: Seen) -> int | None:
    """The life total ``check`` compares (of the source's controller or their opponent), when given."""
    return source.game.life_of(_player(check, source))


def _player(check: LifeCheck, source: Seen) -> Player:
    """Whose life total ``check`` compares: the source's controller's, or their opponent's."""
    return source.controller if check.whose == "you" else source.controller.opponent


def requirement_state(
    requirement: Requirement, source: Seen, world: Mapping[str, Seen]
) -> tuple[bool, Message]:
    """Whether the decided ``requirement`` is met on the board, and what on the board says so."""
    active = source.game.turn
    if requirement.your_turn is not None and active is not None:
        whose = msg("it is your turn") if active is Player.YOU else msg("it is your opponent's turn")
        return (active is source.controller) is requirement.your_turn, whose
    if requirement.life:
        return _life_state(requirement.life, source)
    if requirement.counters is not None:
        kind, wanted = requirement.counters
        have = sum(n for k, n in source.counters.items() if k.casefold() == kind.casefold())
        within = have >= wanted and (requirement.at_most is None or have <= requirement.at_most)
        return within, msg(
            "{object} has {counters}", object=card(source.id), counters=counter_count(have, kind)
        )
    if requirement.you_control is not None:
        subject = requirement.you_control
        found = [seen.id for seen in world.values() if _qualifies(subject, source, seen)]
        listed = series([card(handle) for handle in found]) if found else msg("none")
        controls = msg("its controller controls {count} ({listed})", count=len(found), listed=listed)
        return len(found) >= requirement.at_least, controls
    if requirement.tapped is not None:
        name = card(source.id)
        state = (
            msg("{object} is tapped", object=name)
            if source.tapped
            else msg("{object} is untapped", object=name)
        )
        return source.tapped is requirement.tapped, state
    if requirement.attached:
        return _attached_state(requirement.attached, source, world)
    if requirement.solved is not None:
        name = card(source.id)
        if source.solved:
            return requirement.solved is True, msg("{object} is solved", object=name)
        return requirement.solved is False, msg("{object} isn't solved", object=name)
    has = _has_type_word(source.values, requirement.type_word)
    word = _type_word(requirement.type_word)
    if has:
        return True, msg("{object} is {word}", object=card(source.id), word=word)
    return False, msg("{object} is not {word}", object=card(source.id), word=word)


def _life_state(checks: tuple[LifeCheck, ...], source: Seen) -> tuple[bool, Message]:
    """Whether every life-total comparison holds (CR 119), and the totals the board gives."""
    holds = is_true(_life_holds(checks, source))
    players = dict.fromkeys(
        player for check in checks if source.game.life_of(player := _player(check, source)) is not None
    )
    totals = [
        msg("you have {life} life", life=source.game.life_of(player) or 0)
        if player is Player.YOU
        else msg("your opponent has {life} life", life=source.game.life_of(player) or 0)
        for player in players
    ]
    if any(check.starting for check in checks):
        totals.append(msg("the starting life total is {life}", life=source.game.starting_life))
    first, *rest = totals
    return holds, first if not rest else msg("{first}, {rest}", first=first, rest=series(rest))


def _attached_state(roles: tuple[str, ...], source: Seen, world: Mapping[str, Seen]) -> tuple[bool, Message]:
    """Whether an Aura, Equipment … of ``roles`` is attached to ``source``, and which are."""
    on_it = [
        card(seen.id)
        for seen in world.values()
        if seen.on_battlefield
        and seen.attached_to == source.id
        and any(role in seen.values.subtypes for role in roles)
    ]
    what = series(on_it) if on_it else msg("no {roles}", roles=listing(roles, "or"))
    return bool(on_it), msg("attached to {object}: {what}", object=card(source.id), what=what)


def _type_word(word: str) -> Param:
    """A "~ is a Wall", "~ is red" word as a step words it: a color or card type in the language."""
    letter = COLOR_WORDS.get(word.casefold())
    return COLOR_SHOWN[letter] if letter else type_words((word,))


def _condition_holds(condition: HostCondition | None, host: Seen) -> bool:
    return condition is None or _has_type_word(host.values, condition.type_word)


def _has_type_word(values: Characteristics, word: str) -> bool:
    lowered = word.casefold()
    if lowered == "permanent":
        return True
    if lowered in COLOR_WORDS:
        return COLOR_WORDS[lowered] in values.colors
    return lowered in (t.casefold() for t in (*values.types, *values.subtypes))


def _qualifies(subject: Subject, source: Seen, seen: Seen) -> bool:
    values = seen.values
    chosen = source.choices.get(CHOSEN_CREATURE_TYPE) if subject.chosen_subtype else None
    # Cheapest first, each only when the ones before it hold: static abilities ask this of every object.
    return (
        (seen.on_battlefield or subject.everywhere)
        and not (subject.other and seen.id == source.id)
        and (
            subject.controller is None
            or (seen.controller is source.controller) == (subject.controller == "you")
        )
        and (subject.token is None or seen.token is subject.token)
        and all(values.is_a(t) for t in subject.types)
        and not any(values.is_a(t) for t in subject.not_types)
        and (not subject.subtypes or any(names_subtype(s, values.subtypes) for s in subject.subtypes))
        and not any(names_subtype(s, values.subtypes) for s in subject.not_subtypes)
        and all(s in values.supertypes for s in subject.supertypes)
        and not any(s in values.supertypes for s in subject.not_supertypes)
        and (not subject.chosen_subtype or (chosen is not None and names_subtype(chosen, values.subtypes)))
        and all(color in values.colors for color in subject.colors)
        and not (subject.no_abilities and values.abilities)
        and (
            not subject.controller_chose
            or controllers_choice(source, seen.controller) == subject.controller_chose
        )
    )


def controllers_choice(source: Seen, player: Player) -> str | None:
    """What ``player`` chose for ``source`` as it entered ("As ~ enters, each player chooses war or peace",
    given as ``{war or peace by you: war}``, CR 614.1c); None when the board doesn't give it."""
    suffix = f" by {player.value}"
    chosen = [value for key, value in source.choices.items() if key.endswith(suffix)]
    return chosen[0].casefold() if len(chosen) == 1 else None


def could_name(text: str, source: Seen, seen: Seen) -> bool:
    """Whether the subject of a wording :func:`parse_static` doesn't understand (the words before its
    verb) could name ``seen``: "you control" / "your opponents control", "other", and the card types and
    subtypes it names ("noncreature artifact": an artifact that isn't a creature; "Forests and all
    Saprolings"), whatever its predicate would make the object. Words it doesn't know don't exclude."""
    named = named_subject(text)
    if named.theirs and seen.controller is source.controller:
        return False
    if not named.theirs and named.yours and seen.controller is not source.controller:
        return False
    if named.other and seen.id == source.id:
        return False
    values = seen.values
    if any(values.is_a(t) for t in named.not_types):
        return False
    if not named.types and not named.subtypes:
        return True
    return any(values.is_a(t) for t in named.types) or any(
        names_subtype(s, values.subtypes) for s in named.subtypes
    )


def without_colors(subject: Subject) -> Subject:
    """The same subject without its color requirement (to tell why a colored anthem doesn't apply)."""
    return subject.model_copy(update={"colors": ()})


def qualifies(subject: Subject, source: Seen, seen: Seen) -> bool:
    """Whether ``seen`` is one of the objects a global ``subject`` of ``source`` names."""
    return _qualifies(subject, source, seen)


def names_subtype(word: str, subtypes: tuple[str, ...]) -> bool:
    """Whether ``word`` is one of ``subtypes``; a changeling has every creature type (CR 702.73a)."""
    if ALL_CREATURE_TYPES in subtypes and not _noncreature_subtype(word):
        return True
    return word.casefold() in (s.casefold() for s in subtypes)


def _noncreature_subtype(word: str) -> bool:
    return any(word in names for names in SUBTYPES_OF.values())


def enchant_quality(source: Characteristics) -> str | None:
    """What an Aura's enchant ability allows ("creature", "permanent"), from its Enchant keyword."""
    for ability in source.abilities:
        if ability.keyword == "Enchant" and ability.keyword_parameter:
            return ability.keyword_parameter
    return None


def attachment_issue(source: Seen, host: Seen) -> Message | None:
    """Why ``source`` can't legally be attached to ``host`` (CR 301.5, 301.5c, 303.4, 303.4d), or None."""
    values = source.values
    attached, to = card(source.id), card(host.id)
    if host.id == source.id:
        return msg("{attached} can't be attached to itself.", attached=attached)
    if "Aura" in values.subtypes:
        if values.is_a("Creature"):
            return msg(
                "{attached} is an Aura that's also a creature, so it can't enchant anything.",
                attached=attached,
            )
        quality = enchant_quality(values)
        if quality and not _allowed_by(quality, source, host):
            return msg(
                "{attached} has “Enchant {quality}”, and {host} isn't one.",
                attached=attached,
                quality=quality,
                host=to,
            )
        return None
    if "Equipment" in values.subtypes:
        if values.is_a("Creature") and not any(a.keyword == "Reconfigure" for a in values.abilities):
            return msg(
                "{attached} is an Equipment that's also a creature, so it can't equip a creature.",
                attached=attached,
            )
        if not host.values.is_a("Creature"):
            return msg("{attached} is an Equipment and {host} isn't a creature.", attached=attached, host=to)
        return None
    if "Fortification" in values.subtypes:
        if host.values.is_a("Land"):
            return None
        return msg("{attached} is a Fortification and {host} isn't a land.", attached=attached, host=to)
    return msg("{attached} isn't an Aura, Equipment or Fortification any more.", attached=attached)


def _allowed_by(quality: str, source: Seen, host: Seen) -> bool:
    wanted = enchant_quality_of(quality)
    if not _has_type_word(host.values, wanted.type_word):
        return not wanted.known
    if wanted.yours:
        return host.controller is source.controller
    return True
