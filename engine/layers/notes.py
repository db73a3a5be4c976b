"""The layer system's notes on what it doesn't apply, never silently (CR 604.2, 611.3a, 613): static
abilities whose wording it doesn't read or whose choice or condition the board doesn't give, what depends on
them made unknown, and what makes an attachment illegal (301.5, 303.4)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from engine.core.characteristics import (
    Characteristics,
    GameAbility,
)
from engine.core.citations import Citation, cite
from engine.core.effects import EffectKind, EffectSpec, Player
from engine.core.messages import Message, Param, card, listing, msg
from engine.core.model import SELF, AbilityKind
from engine.core.results import Explanation, Unknown
from engine.layers.described import (
    described_effect,
    described_pt,
)
from engine.layers.statics import (
    ACTIVE_PLAYER,
    AURA_CREATURE,
    CHOSEN_VALUE,
    EQUIPMENT_CREATURE,
    ILLEGAL_AURA,
    ILLEGAL_EQUIPMENT,
    LIFE_TOTALS,
    NOT_LOCKED_IN,
    STATIC_ABILITIES,
    Seen,
    affected,
    applies_to,
    attachment_issue,
    chosen_color,
    controllers_choice,
    could_name,
    decided,
    life_x,
    qualifies,
    requirement_state,
    unknown_subject_reads,
    would_affect,
)
from engine.layers.timestamps import INTRINSIC_MANA
from engine.oracle.abilities import ENTERS_REPLACEMENT
from engine.oracle.entering import (
    as_enters_choices,
    choice_key,
)
from engine.oracle.static_conditions import Requirement, opponents_life_condition
from engine.oracle.static_effects import layers_of
from engine.oracle.statics import (
    CHOSEN_CREATURE_TYPE,
    StaticAbility,
    applied_by_layers,
    changes_characteristics,
    evaluated_by_zone_changes,
    parse_static,
    restricts_only,
    self_referencing,
)
from engine.oracle.text import strip_reminder
from engine.oracle.wording import (
    characteristics_worded,
)
from engine.state.designations import SOLVED_DESIGNATION

_Unapplied = tuple[Explanation, Unknown | None]  # a note, and the unknown it makes, if any
ATTACKING = cite("508.1k", "becomes an attacking creature")
BLOCKING = cite("509.1g", "becomes a blocking creature")


def unknown_note(
    characteristics: tuple[str, ...], reason: str | Message, *citations: Citation
) -> tuple[Explanation, Unknown]:
    """A note saying which characteristics are unknown because of ``reason``, and that unknown."""
    words = list(dict.fromkeys(characteristics))
    shown = listing([characteristic_word(w) for w in words])
    if words == ["tapped"]:
        sentence = msg("Whether it is tapped is unknown, because {reason}.", reason=reason)
    elif len(words) > 1 or words[0].endswith("s"):
        sentence = msg(
            "Its {characteristics} are unknown, because {reason}.", characteristics=shown, reason=reason
        )
    else:
        sentence = msg(
            "Its {characteristics} is unknown, because {reason}.", characteristics=shown, reason=reason
        )
    return Explanation.of(sentence, *citations), Unknown.of(characteristics, reason, *citations)


def characteristic_word(name: str) -> Param:
    """A characteristic's name (CR 109.3) as the current language words it."""
    return _CHARACTERISTIC_WORDS.get(name, name)


_CHARACTERISTIC_WORDS: dict[str, Param] = {
    m.template: m
    for m in (
        *(msg("name"), msg("mana cost"), msg("mana value"), msg("colors"), msg("color indicator")),
        *(msg("types"), msg("subtypes"), msg("supertypes"), msg("abilities"), msg("power"), msg("toughness")),
        *(msg("loyalty"), msg("defense"), msg("hand modifier"), msg("life modifier")),
        *(msg("counters"), msg("controller")),
    )
}
"""The characteristics (CR 109.3) an unknown names, which a language words its own way."""
_CHARACTERISTIC_WORDS["tapped"] = msg("tapped status")  # a status (110.5), named with the characteristics


_SUBTYPES_ONLY = frozenset({EffectKind.ADD_SUBTYPES, EffectKind.SET_SUBTYPES})


def spec_characteristics(spec: EffectSpec) -> tuple[str, ...]:
    """The characteristics an effect part changes, by its layers (CR 613.1d-g)."""
    by_layer = {"4": ("types", "subtypes"), "5": ("colors",), "6": ("abilities",)}
    if spec.kind in _SUBTYPES_ONLY:  # a creature type added or set leaves the card types as they are
        by_layer["4"] = ("subtypes",)
    found = [name for layer in layers_of(spec) for name in by_layer.get(layer, ("power", "toughness"))]
    return tuple(dict.fromkeys(name for name in found if layers_of(spec) != ("2",)))


def land_abilities_unknown(
    values: Characteristics, unknowns: tuple[Unknown, ...]
) -> Iterator[tuple[Explanation, Unknown]]:
    """A land whose subtypes are unknown has unknown abilities too: each basic land type it has gives it
    that type's mana ability (CR 305.6), so what it taps for is open with them."""
    unknown = {name for u in unknowns for name in u.characteristics}
    if "subtypes" not in unknown or "abilities" in unknown:
        return
    if not values.is_a("Land") and "types" not in unknown:
        return
    yield unknown_note(
        ("abilities",),
        msg(
            "its land types are unknown, and each basic land type it has gives it that type's mana ability "
            "(a Mountain has “{{T}}: Add {{R}}.”)"
        ),
        INTRINSIC_MANA,
    )


def open_targets(
    ability: StaticAbility, source: Seen, world: Mapping[str, Seen], label: Param
) -> Iterator[tuple[str, Explanation, Unknown]]:
    """Each object whether ``ability`` of ``source`` names depends on an unknown characteristic (an Elf
    anthem and an object of unknown creature types), with the note and the unknown of what it would change:
    whichever way its unknown turns out, the ability applies to it or it doesn't (CR 604.2, 613.1)."""
    changed = tuple(dict.fromkeys(c for part in ability.parts for c in spec_characteristics(part)))
    for seen in world.values():
        read = unknown_subject_reads(ability.subject, source, seen)
        if ability.named and "name" in seen.unknown and not (ability.subject.other and seen.id == source.id):
            read = (*read, "name")  # "each other creature named ~" (CR 201.2)
        if not read or set(changed) <= seen.unknown:
            continue
        note, unknown = unknown_note(
            changed,
            msg(
                "whether {effect} applies to it depends on its {read}, which are unknown: it applies if they "
                "are what it names, and it doesn't if they aren't",
                effect=label,
                read=listing([characteristic_word(name) for name in read]),
            ),
            STATIC_ABILITIES,
        )
        yield seen.id, note, unknown


def unrecognised_note(ability: GameAbility, source: Seen, final: FinalWorld, handle: str) -> list[_Unapplied]:
    """A note when ``ability`` of ``source`` could change ``handle``'s characteristics but isn't applied, with
    what that makes unknown (nothing, for an ability a board without combat decides)."""
    world = final.world
    parsed = parse_static(ability.rules_text)
    if parsed is not None and source.undefined_choices and (parsed.chosen_type or parsed.chosen_color):
        return []  # an undefined choice: that part does nothing, as the copy's own note says (CR 607.5a)
    uses_type = parsed is not None and (parsed.chosen_type or parsed.subject.chosen_subtype)
    if parsed is not None and uses_type and not source.choices.get(CHOSEN_CREATURE_TYPE):
        subject = parsed.subject.model_copy(update={"chosen_subtype": False})  # "of the chosen type": any
        if not qualifies(subject, source, world[handle]):
            return []
        changed = tuple(name for spec in parsed.parts for name in spec_characteristics(spec))
        return [
            unknown_note(
                changed or characteristics_worded(ability.rules_text),
                msg(
                    "{source}'s “{ability}” uses the creature type chosen as {source} entered, and the board "
                    "doesn't give it (choices: {{creature type: …}})",
                    source=card(source.id),
                    ability=strip_reminder(ability.text),
                ),
                STATIC_ABILITIES,
            )
        ]
    if parsed is not None and parsed.chosen_color and chosen_color(source) is None:
        if handle not in final.would_affect(parsed.model_copy(update={"chosen_color": False}), source):
            return []
        changed = tuple(name for spec in parsed.parts for name in spec_characteristics(spec))
        return [
            unknown_note(
                changed,
                msg(
                    "{source}'s “{ability}” uses the color chosen as {source} entered, and the board doesn't "
                    "give it (choices: {{color: …}})",
                    source=card(source.id),
                    ability=strip_reminder(ability.text),
                ),
                STATIC_ABILITIES,
                CHOSEN_VALUE,
            )
        ]
    if parsed is not None and parsed.per_life and life_x(source) is None:
        if handle not in final.would_affect(parsed.model_copy(update={"per_life": False}), source):
            return []
        return [
            unknown_note(
                ("power", "toughness"),
                msg(
                    "{source}'s “{ability}” uses the life total of its controller ({player}), which the "
                    "board doesn't give (life: {{{player}: N}})",
                    source=card(source.id),
                    ability=strip_reminder(ability.text),
                    player=source.controller.value,
                ),
                STATIC_ABILITIES,
                LIFE_TOTALS,
            )
        ]
    if parsed is not None and parsed.subject.controller_chose:
        return _unchosen_note(ability, parsed, source, world[handle])
    if parsed is not None and parsed.parts:
        requirement = parsed.requirement
        if (
            requirement is not None
            and not decided(requirement, source)
            and handle in final.would_affect(parsed, source)
        ):
            return [_undecided_note(ability, parsed, source, requirement, handle)]
        if parsed.unrecognised and handle in final.affected(parsed, source):
            return [
                unknown_note(
                    characteristics_worded(parsed.unrecognised),
                    msg(
                        "{source}'s “{ability}”: “{part}” isn't modelled on a board (only the rest of it is "
                        "applied)",
                        source=card(source.id),
                        ability=ability.text,
                        part=parsed.unrecognised,
                    ),
                    STATIC_ABILITIES,
                )
            ]
        return []
    if _restricts_only(ability.rules_text):
        return []
    text = ability.rules_text
    if evaluated_by_zone_changes(text) or not changes_characteristics(text):
        return []
    could = (
        handle in final.would_affect(parsed, source) if parsed else _could_affect(text, source, world[handle])
    )
    if not could:
        return []
    return [
        unknown_note(
            characteristics_worded(text),
            msg(
                "{source}'s static ability “{ability}” could change them, but this engine doesn't recognise "
                "that wording, so it isn't applied",
                source=card(source.id),
                ability=ability.text,
            ),
            STATIC_ABILITIES,
        )
    ]


def _unchosen_note(ability: GameAbility, parsed: StaticAbility, source: Seen, seen: Seen) -> list[_Unapplied]:
    """ "Creatures controlled by players who chose war get +3/+0" when the board doesn't give what ``seen``'s
    controller chose for ``source`` (CR 614.1c): both outcomes, and what they change is unknown."""
    anyone = parsed.model_copy(update={"subject": parsed.subject.model_copy(update={"controller_chose": ""})})
    if controllers_choice(source, seen.controller) is not None or applies_to(anyone, source, seen) is None:
        return []
    effects = listing(
        [described_pt(spec) or described_effect(spec, layers_of(spec)[0]) for spec in parsed.parts]
    )
    changed = tuple(name for spec in parsed.parts for name in spec_characteristics(spec))
    keys = [choice_key(wanted.what) for wanted in as_enters_choices(source.values.abilities)]
    return [
        unknown_note(
            changed,
            msg(
                "{source}'s “{ability}” depends on what its controller ({player}) chose as {source} entered, "
                "which the board doesn't give (choices: {{{key} by {player}: …}}): if {choice}, it "
                "{effects}; if not, it doesn't apply",
                source=card(source.id),
                ability=strip_reminder(ability.text),
                key=keys[0] if keys else "…",
                player=seen.controller.value,
                choice=parsed.subject.controller_chose,
                effects=effects,
            ),
            STATIC_ABILITIES,
            ENTERS_REPLACEMENT,
        )
    ]


@cache
def _restricts_only(text: str) -> bool:
    """Whether the static ability worded ``text`` only restricts (asked for every object on the board)."""
    parsed = parse_static(text)
    return parsed is not None and restricts_only(parsed)


def _undecided_note(
    ability: GameAbility, parsed: StaticAbility, source: Seen, requirement: Requirement, handle: str
) -> _Unapplied:
    """CR 604.2, 611.3a: the board doesn't say whether the condition is true, so give both answers; what it
    would change is unknown, except for combat, which a board never has."""
    effects = listing(
        [described_pt(spec) or described_effect(spec, layers_of(spec)[0]) for spec in parsed.parts]
    )
    partly: Param = (
        msg(" (“{part}” isn't modelled in either case)", part=parsed.unrecognised)
        if parsed.unrecognised
        else ""
    )
    if requirement.combat:
        attacking = requirement.combat == "attacking"
        template = (
            msg(
                "{source}'s “{ability}” applies only to attacking creatures, and a board has no combat: "
                "while {handle} is attacking, it {effects}{partly}. The power and toughness shown are "
                "outside combat, where it doesn't apply.",
                source=card(source.id),
                ability=strip_reminder(ability.text),
                handle=card(handle),
                effects=effects,
                partly=partly,
            )
            if attacking
            else msg(
                "{source}'s “{ability}” applies only to blocking creatures, and a board has no combat: while "
                "{handle} is blocking, it {effects}{partly}. The power and toughness shown are outside "
                "combat, where it doesn't apply.",
                source=card(source.id),
                ability=strip_reminder(ability.text),
                handle=card(handle),
                effects=effects,
                partly=partly,
            )
        )
        return Explanation.of(
            template,
            STATIC_ABILITIES,
            NOT_LOCKED_IN,
            ATTACKING if attacking else BLOCKING,
        ), None
    changed = tuple(name for spec in parsed.parts for name in spec_characteristics(spec))
    turn = requirement.your_turn is not None
    given: Param = msg(" (give turn: you or turn: opponent)") if turn else ""
    if requirement.life:
        given = msg(" (give the life totals: life: {{you: N, opponent: N}})")
    if requirement.solved is not None:
        given = msg(" (give solved: true or solved: false)")
    note, unknown = unknown_note(
        changed,
        msg(
            "{source}'s “{ability}” depends on whether {condition}, which this board doesn't show{given}: if "
            "so, it {effects}{partly}; if not, it doesn't apply",
            source=card(source.id),
            ability=strip_reminder(ability.text),
            condition=_worded(requirement, source),
            given=given,
            effects=effects,
            partly=partly,
        ),
        STATIC_ABILITIES,
        NOT_LOCKED_IN,
        *((ACTIVE_PLAYER,) if turn else ()),
        *((LIFE_TOTALS,) if requirement.life else ()),
        *((SOLVED_DESIGNATION,) if requirement.solved is not None else ()),
    )
    gained = tuple(a for spec in parsed.parts if spec.kind in _GRANTING for a in spec.abilities)
    return note, unknown.model_copy(update={"may_add": gained})


_GRANTING = frozenset({EffectKind.ADD_ABILITIES, EffectKind.ANIMATE})


def _worded(requirement: Requirement, source: Seen) -> Param:
    """The condition as printed (the self marker back to the object's name); "your turn" said from the
    asker's side, since "your" on an opponent's permanent means that opponent."""
    if requirement.your_turn is not None and source.controller is Player.OPPONENT:
        theirs = msg("it's your opponent's turn")
        return theirs if requirement.your_turn else msg("it's not your opponent's turn")
    if requirement.life and source.controller is Player.OPPONENT:
        return opponents_life_condition(requirement.text)
    return requirement.text.replace(SELF, source.values.name or source.id)


def requirement_steps(handle: str, final: FinalWorld) -> list[Explanation]:
    """Why each "as long as" ability that could apply to ``handle`` does or doesn't (CR 604.2, 611.3a)."""
    steps = []
    for source in (seen for seen in final.world.values() if seen.on_battlefield):
        for ability in statics_of(source.values):
            parsed = parse_static(ability.rules_text)
            requirement = parsed.requirement if parsed is not None else None
            if parsed is None or requirement is None or not decided(requirement, source) or not parsed.parts:
                continue
            if handle not in final.would_affect(parsed, source):
                continue
            met, reason = final.requirement_state(parsed, requirement, source)
            outcome = msg("met, so it applies") if met else msg("not met, so it doesn't apply")
            steps.append(
                Explanation.of(
                    msg(
                        "{source}'s “{ability}”: “{condition}” is checked on the board as it is now "
                        "({reason}): {outcome}.",
                        source=card(source.id),
                        ability=strip_reminder(ability.text),
                        condition=_worded(requirement, source),
                        reason=reason,
                        outcome=outcome,
                    ),
                    STATIC_ABILITIES,
                    NOT_LOCKED_IN,
                    *((ACTIVE_PLAYER,) if requirement.your_turn is not None else ()),
                    *((LIFE_TOTALS,) if requirement.life else ()),
                )
            )
    return steps


def _could_affect(text: str, source: Seen, seen: Seen) -> bool:
    """Whether an unrecognised static ability might apply to ``seen``: by whom its wording names.

    Only its subject decides ("Each noncreature artifact is an artifact creature …" names noncreature
    artifacts, whatever its predicate would make them), checked against controllers after layer 2.
    """
    if self_referencing(text):
        return seen.id == source.id
    lowered = text.casefold()
    if any(role in lowered for role in ("equipped ", "enchanted ", "fortified ")):
        return source.attached_to == seen.id
    return could_name(text, source, seen)


def attachment_notes(attached: Seen, world: dict[str, Seen]) -> list[Explanation]:
    """CR 704.5m/n: an Aura or Equipment attached illegally doesn't stay; its abilities aren't applied."""
    host = world.get(attached.attached_to or "")
    problem: Param | None = (
        attachment_issue(attached, host)
        if host is not None
        else msg(
            "{attached} is attached to {host}, which isn't on the battlefield.",
            attached=card(attached.id),
            host=card(attached.attached_to or ""),
        )
    )
    if problem is None:
        return []
    aura = "Aura" in attached.values.subtypes
    fate = (
        msg("is put into its owner's graveyard")
        if aura
        else msg("becomes unattached and stays on the battlefield")
    )
    rules: tuple[Citation, ...] = (ILLEGAL_AURA,) if aura else (ILLEGAL_EQUIPMENT,)
    if attached.values.is_a("Creature"):
        rules += (AURA_CREATURE,) if aura else (EQUIPMENT_CREATURE,)
    return [
        Explanation.of(
            msg(
                "{problem} It is attached illegally: it {fate} the next time state-based actions are "
                "checked, so its abilities about the permanent it's attached to aren't applied.",
                problem=problem,
                fate=fate,
            ),
            *rules,
        )
    ]


class FinalWorld:
    """The objects as static abilities see them once the layers are applied, and what each ability applies
    to there: the notes ask it for every object, so it is worked out once per ability of each source."""

    def __init__(self, world: dict[str, Seen]) -> None:
        self.world = world
        self.found: dict[tuple[str, str, bool], dict[str, tuple[EffectSpec, ...]]] = {}
        self.states: dict[tuple[str, str], tuple[bool, Message]] = {}

    def affected(self, ability: StaticAbility, source: Seen) -> dict[str, tuple[EffectSpec, ...]]:
        """:func:`affected` on the final board."""
        return self._targets(ability, source, required=True)

    def would_affect(self, ability: StaticAbility, source: Seen) -> dict[str, tuple[EffectSpec, ...]]:
        """:func:`would_affect` on the final board."""
        return self._targets(ability, source, required=False)

    def requirement_state(
        self, ability: StaticAbility, requirement: Requirement, source: Seen
    ) -> tuple[bool, Message]:
        """:func:`requirement_state` of ``ability``'s ``requirement`` on the final board."""
        key = (source.id, ability.text)
        if key not in self.states:
            self.states[key] = requirement_state(requirement, source, self.world)
        return self.states[key]

    def _targets(
        self, ability: StaticAbility, source: Seen, *, required: bool
    ) -> dict[str, tuple[EffectSpec, ...]]:
        key = (source.id, ability.text, required)
        if key not in self.found:
            self.found[key] = (affected if required else would_affect)(ability, source, self.world)
        return self.found[key]


def statics_of(values: Characteristics) -> list[GameAbility]:
    """Static abilities that may affect other objects: not copy effects and not the CDAs layers handle."""
    return [
        a
        for a in values.abilities
        if a.kind is AbilityKind.STATIC and a.copy_effect is None and not applied_by_layers(a.rules_text)
    ]
