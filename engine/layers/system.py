"""The layer system (CR 613): an object's copiable values (layer 1) and its current characteristics.

Layer 1a applies copy effects and P/T-setting "as enters" effects in timestamp order, 1b the face-down
status; the result is the copiable values (613.2c). Layers 4, 5 and 6 apply characteristic-defining
abilities first and then the board's effects in timestamp order (613.3); layer 7 applies 7a CDAs,
7b setting, 7c modifying effects and counters, 7d switching (613.4). Layer 2 gives the current
controller (:func:`current_controller`); layer 3 (text) has no effects a board can describe.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Literal

from engine.core.budget import charge
from engine.core.characteristics import (
    Characteristics,
    GameAbility,
    merged,
)
from engine.core.citations import Citation, cite
from engine.core.effects import EffectKind, EffectSpec, Player
from engine.core.game import Game
from engine.core.identity_cache import ByIdentity
from engine.core.messages import Message, Param, card, listing, msg, semicolon_series, series
from engine.core.model import AbilityKind, PrintedNumber
from engine.core.results import Explanation, Unknown
from engine.layers.changes import (
    LAYER_CHANGES,
    NO_PT,
    as_gained,
    keyword_counters,
    no_pt_note,
    subtypes_not_gained_steps,
)
from engine.layers.computed import Computed
from engine.layers.control import (
    current_controller,
)
from engine.layers.copiable import (
    copiable_values,
)
from engine.layers.counted import (
    creature_cards_in_graveyard,
)
from engine.layers.dependency import DEPENDS_ON, LOOP, WAITS, choose, current_budget
from engine.layers.described import (
    PLAYER_WORDS,
    described_effect,
    signed,
)
from engine.layers.exiled_links import (
    EXILED_WITH,
    text_values,
    undecided_exiled,
)
from engine.layers.notes import (
    FinalWorld,
    attachment_notes,
    requirement_steps,
    statics_of,
    unknown_note,
    unrecognised_note,
)
from engine.layers.numbers import (
    LAYER_7A,
    LAYER_7C,
    base_numbers,
    has_colors,
    permanent,
    undetermined_numbers,
)
from engine.layers.statics import (
    ENCHANTED,
    EQUIPPED_CREATURE,
    NOT_LOCKED_IN,
    Seen,
    affected,
    applies_to,
    counted,
    is_local,
    life_x,
    qualifies,
    reads_abilities,
    without_colors,
)
from engine.layers.text import (
    basic_land_types,
    layer_three,
)
from engine.oracle.static_effects import ForEach, layers_of, pt_modifier
from engine.oracle.statics import (
    ALL_CREATURE_TYPES,
    StaticAbility,
    adds_chosen_type,
    applied_by_layers,
    level_static,
    parse_static,
)
from engine.oracle.text import strip_reminder
from engine.oracle.types import gainable_subtypes, subtypes_not_gained
from engine.oracle.wording import (
    pt_from_exiled_cards,
)
from engine.state.board import (
    Board,
    GameObject,
    TimedEffect,
    Zone,
    exiled_with_text,
)
from engine.state.chosen_modes import chosen_mode

LAYERS = cite("613.1", "all applicable continuous effects are applied in a series of layers")
LAYER_2 = cite("613.1b", "Control-changing effects are applied")
PARTS_IN_THEIR_LAYERS = cite("613.6", "the parts of the effect each apply in their appropriate ones")
LAYER_1A = cite("613.2a", "Copiable effects are applied")
LAYER_1B = cite("613.2b", "Face-down spells and permanents have their characteristics modified")
COPIABLE_AFTER_LAYER_1 = cite("613.2c", "the object’s characteristics are its copiable values")
CDA_FIRST = cite("613.3", "apply effects from characteristic-defining abilities first")
LAYER_7B = cite("613.4b", "Effects that set power and/or toughness to a specific number")
LAYER_7D = cite("613.4d", "Effects that switch a creature’s power and toughness")
TIMESTAMPS = cite("613.7", "An effect with an earlier timestamp is applied before")
DEPENDENCY = cite("613.8", "If a dependency exists, it will override the timestamp system")
LAYER_4 = cite("613.1d", "Type-changing effects are applied")
LAYER_5 = cite("613.1e", "Color-changing effects are applied")
LAYER_6 = cite("613.1f", "Ability-adding effects")
GRANTED_TIMESTAMP = cite(
    "613.7a", "or the timestamp of the effect that created the ability, whichever is later"
)
ATTACHED_TIMESTAMP = cite("613.7e", "receives a new timestamp each time it becomes attached")
FLIP_ALTERNATIVE = cite("710.2", "the alternative versions of those characteristics apply instead")
FLIP_COST_COLOR = cite("710.1c", "A flip card’s color and mana cost don’t change if the permanent is flipped")
BACK_FACE_MANA_VALUE = cite("712.8e", "its mana value is calculated using the mana cost of its front face")
MELDED_MANA_VALUE = cite("712.8g", "its mana value is the sum of the mana values of its front faces")
CHANGELING = cite("702.73a", "This object is every creature type")
NO_VALUE = cite("208.5", "If a creature somehow has no value for its power, its power is 0")
TYPES_SET = cite("205.1a", "Some effects set an object’s card type")
TYPES_KEPT = cite("205.1b", "specify that the object retains a prior card type")
INTRINSIC_MANA = cite("305.6", "has the intrinsic ability")
LAND_TYPES_SET = cite("305.7", "the land no longer has its old land type")

_ATTACHED_ROLE_RULES = {"Equipment": EQUIPPED_CREATURE, "Aura": ENCHANTED}
_LAYER_ORDER = ("2", "4", "5", "6", "7b", "7c", "7d")
_LAYER_RULES = {"4": LAYER_4, "5": LAYER_5, "6": LAYER_6}


def current_characteristics(obj: GameObject, board: Board) -> Computed:
    """The object's characteristics after every layer (CR 613.1), evaluated on ``board``.

    Static abilities of the permanents on ``board`` apply along with the object's own effects; when
    ``obj`` isn't (this version of) a board object, it is evaluated as if it replaced it.
    """
    if not board.has(obj.id) or board.get(obj.id) != obj:
        board = board.replace(obj)
    return board_characteristics(board)[obj.id]


def board_characteristics(board: Board) -> dict[str, Computed]:
    """Every object's current characteristics, the layers applied to the whole board at once (CR 613.1)."""
    return _BOARDS(board)


def _layered(board: Board) -> dict[str, Computed]:
    return _Layering(board).run()


# The layer system reads only the board's objects: boards that differ in their log, events or clock (an
# explanation, a day/night designation, a check that changed nothing) share the layered result.
_BOARDS = ByIdentity(_layered, size=32, part=lambda board: board.objects)


Key = tuple[int, int, int]
Ident = tuple[str, str, str]  # (source, text, "static" / "own"): one continuous effect
# The 613.8a reasons, said of "it" and of a named effect.
EXISTENCE, APPLIES_TO, WHAT_IT_DOES = "existence", "applies to", "does"
_REASON_WORDS: dict[str, tuple[Message, Callable[[Param], Message]]] = {
    EXISTENCE: (msg("its existence"), lambda effect: msg("the existence of {effect}", effect=effect)),
    APPLIES_TO: (msg("what it applies to"), lambda effect: msg("what {effect} applies to", effect=effect)),
    WHAT_IT_DOES: (msg("what it does"), lambda effect: msg("what {effect} does", effect=effect)),
}
_OWN, _PRINTED, _GRANTED = 0, 1, 2  # within one timestamp: an object's own abilities before granted ones


@dataclass(frozen=True)
class _Applied:
    """An effect part applied to an object: its timestamp key, what it does and what generated it."""

    key: Key
    spec: EffectSpec
    label: Param  # what generated it: "anthem's “Creatures you control get +1/+1.”", "the effect listed on …"
    static: bool = False  # generated by a static ability of a permanent (else one of the object's effects)


@dataclass(frozen=True)
class _Candidate:
    """A continuous effect that may apply in the current layer, with the objects it applies to."""

    ident: tuple[str, str, str]
    key: Key
    targets: dict[str, tuple[EffectSpec, ...]]
    label: Param | None = None
    static: StaticAbility | None = None
    source: str | None = None


CLASS_LEVELS = cite("716.2a", "As long as this Class is level N or greater, it has [abilities].")
CLASS_LEVEL_ONE = cite("716.2d", "it is treated as though its level is 1")
LEVEL_NOT_COPIABLE = cite("716.2b", "Levels are not a copiable characteristic.")


@dataclass
class _Work:
    """One object while the layers are applied to the whole board."""

    obj: GameObject
    values: Characteristics
    live: bool
    controller: Player
    steps: list[Explanation] = field(default_factory=list)
    notes: list[Explanation] = field(default_factory=list)
    unknowns: list[Unknown] = field(default_factory=list)
    statics: list[_Applied] = field(default_factory=list)
    dependent_layers: set[str] = field(default_factory=set)
    reordered_layers: set[str] = field(default_factory=set)  # an earlier effect applied after a later one
    last_key: dict[str, Key] = field(default_factory=dict)  # per layer: the key of the last effect applied
    seen: Seen | None = None  # how static abilities see it, while its values are these
    game: Game = field(default_factory=Game)  # whose turn it is and the life totals, as far as given


@dataclass
class _Targets:
    """What one static ability does to each object, as of ``position`` in the log of changed objects."""

    position: int
    parts: dict[str, tuple[EffectSpec, ...] | None]  # every object of the world, None where it doesn't apply
    targets: dict[str, tuple[EffectSpec, ...]]


@dataclass
class _Moved:
    """The objects applying one effect would change, as it would leave them, as of ``position`` in the log."""

    position: int
    targets: dict[str, tuple[EffectSpec, ...]]
    moved: dict[str, Seen]
    tokens: dict[int, str]  # id of each changed object (kept alive in ``moved``) to its handle
    version: int = 0  # unique among all the versions of all effects: a new one each time it changes


@dataclass
class _Waits:
    """What one effect, applying to ``targets`` and with its source seen as ``source``, was found to depend
    on: the version of each other effect when it was checked (:meth:`_Layering._waits`), and those it
    depends on."""

    targets: dict[str, tuple[EffectSpec, ...]]
    source: Seen
    checked: dict[Ident, int] = field(default_factory=dict)
    found: set[Ident] = field(default_factory=set)


@dataclass
class _Sensitivity:
    """What one effect was found to make of changed objects (by the id of each changed object): the reason
    of :data:`_REASON_WORDS` each change gives for a dependency, or None."""

    checked: dict[int, str | None] = field(default_factory=dict)
    found: set[int] = field(default_factory=set)  # the ids whose change changes the effect


class _Layering:
    """Layers 4 to 7 for every object of a board: own effects and static abilities, in timestamp order
    unless a dependency decides (CR 613.3, 613.4, 613.7a, 613.8)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.works = {obj.id: _start(obj, board) for obj in board.objects}
        self.started: dict[tuple[str, str, str], _Candidate] = {}
        self.granted: dict[tuple[str, str], tuple[Key, Param]] = {}
        # By layer and effect: the effects it was first found to depend on, and why (CR 613.8a).
        self.waited: dict[tuple[str, Ident], tuple[_Candidate, ...]] = {}
        self.reasons: dict[tuple[str, Ident, Ident], str] = {}
        self.looped: set[tuple[str, Ident]] = set()
        self.budget = current_budget()  # bounds the dependency checks (CR 613.8a) of the whole question
        # What is worked out once and then kept up to date with the objects whose values change (``log``):
        # each effect's targets, the objects applying it would change and what that does to other effects.
        self.log: list[str] = []
        self.started_layers: dict[Ident, set[str]] = {}
        self.targets: dict[Ident, _Targets] = {}
        self.moved: dict[tuple[str, Ident], _Moved] = {}
        self.after: dict[tuple[str, str, int, tuple[EffectSpec, ...]], tuple[Seen, Seen | None]] = {}
        self.sensitivity: dict[Ident, _Sensitivity] = {}
        self.kept: dict[tuple[int, str], tuple[Seen, bool]] = {}
        self.waits: dict[tuple[str, Ident], _Waits] = {}
        self.versions = itertools.count(1)

    def run(self) -> dict[str, Computed]:
        charge(len(self.works) ** 2)  # objects × effects: each object's notes look at every object's statics
        for layer in ("4", "5", "6"):
            self._layer(layer)
        for work in self.works.values():
            work.values = keyword_counters(work.values, work.obj, work.steps)
        self._layer_seven_statics()
        final = FinalWorld(self.world())
        for work in self.works.values():
            if work.live:
                work.notes += self._unapplied_notes(work, final)
                work.steps += requirement_steps(work.obj.id, final)
        return {handle: self._finish(work) for handle, work in self.works.items()}

    def world(self) -> dict[str, Seen]:
        """The objects as static abilities see them now."""
        return {w.obj.id: _seen(w) for w in self.works.values() if not w.obj.phased_out}

    def _layer(self, layer: str) -> None:
        own = [c for work in self.works.values() for c in _own_candidates(work.obj, layer)]
        done: set[tuple[str, str, str]] = set()
        waiting: dict[Ident, _Candidate] = {}
        while True:
            world = self.world()
            charge(len(world))  # objects × effects: each step of a layer looks at every object again
            pending = [c for c in (*own, *self._static_candidates(layer, world)) if c.ident not in done]
            if not pending:
                self._vanished(layer, [c for c in waiting.values() if c.ident not in done])
                return
            waiting |= {c.ident: c for c in pending}
            choice = choose(pending, lambda c: c.key, self._waits(pending, layer, world), lambda c: c.ident)
            self._note_dependencies(choice.waits, pending, layer)
            self.looped.update((layer, c.ident) for c in choice.loop)
            self._apply(choice.effect, layer, loop=choice.loop)
            done.add(choice.effect.ident)

    def _static_candidates(self, layer: str, world: dict[str, Seen]) -> list[_Candidate]:
        found = [c for c in self.started.values() if layer in self.started_layers[c.ident]]
        for source, ability, key, label in self._static_abilities(world):
            ident = (source.id, ability.text, "static")
            if ability.layers[:1] != (layer,) or ident in self.started:
                continue
            targets = self._targets(ident, ability, source, world)
            if targets:
                found.append(_Candidate(ident, key, targets, label, ability, source.id))
        return found

    def _targets(
        self, ident: Ident, ability: StaticAbility, source: Seen, world: dict[str, Seen]
    ) -> dict[str, tuple[EffectSpec, ...]]:
        """What ``ability`` of ``source`` does to each object it applies to now; for a local ability, only
        the objects whose values changed since the last time are looked at again (CR 611.3a)."""
        if not is_local(ability):
            return affected(ability, source, world)
        known = self.targets.get(ident)
        if known is None:
            parts = {handle: applies_to(ability, source, seen) for handle, seen in world.items()}
            known = self.targets[ident] = _Targets(len(self.log), parts, _applying(parts))
        elif known.position < len(self.log):
            since = self._since(known.position)
            again = {handle: applies_to(ability, source, world[handle]) for handle in since}
            if any(known.parts[handle] != now for handle, now in again.items()):
                known.parts = {**known.parts, **again}
                known.targets = _applying(known.parts)
            known.position = len(self.log)
        return known.targets

    def _since(self, position: int) -> dict[str, None]:
        """The objects whose values changed since ``position`` in the log (each once)."""
        return dict.fromkeys(self.log[position:])

    def _static_abilities(self, world: dict[str, Seen]) -> list[tuple[Seen, StaticAbility, Key, Param]]:
        """Each recognised static ability of a permanent, with its timestamp key (CR 613.7a) and label."""
        found: list[tuple[Seen, StaticAbility, Key, Param]] = []
        for source in (seen for seen in world.values() if seen.on_battlefield):
            stamp = self.works[source.id].obj.timestamp
            for position, ability in enumerate(source.values.abilities):
                parsed = _static_of(ability)
                if parsed is None or not parsed.parts:
                    continue
                grant = self.granted.get((source.id, ability.rules_text))
                if grant is None:
                    key: Key = (stamp, _PRINTED, position)
                else:
                    key = (max(stamp, grant[0][0]), _GRANTED, position)
                found.append((source, parsed, key, _label(source.id, ability, grant)))
        return found

    def _waits(
        self, pending: list[_Candidate], layer: str, world: dict[str, Seen]
    ) -> dict[Hashable, tuple[_Candidate, ...]]:
        """What each pending effect depends on (CR 613.8a), in the order of ``pending``. The order is
        reevaluated after each effect applies (613.8c), but a pair is checked again only when one of the two
        effects changed: the objects it applies to, its source or the objects the other would change."""
        # What applying each pending effect would change is worked out once per step, not per pair.
        changes: dict[Ident, dict[str, Seen]] = {}
        versions = {c.ident: self._moved(c, layer, world).version for c in pending}
        waits: dict[Hashable, tuple[_Candidate, ...]] = {}
        for effect in pending:
            found = self._waited_for(effect, pending, versions, layer, world, changes)
            waits[effect.ident] = tuple(c for c in pending if c.ident in found) if found else ()
        return waits

    def _waited_for(
        self,
        effect: _Candidate,
        pending: list[_Candidate],
        versions: Mapping[Ident, int],
        layer: str,
        world: dict[str, Seen],
        changes: dict[Ident, dict[str, Seen]],
    ) -> set[Ident]:
        """The pending effects ``effect`` depends on; for a local effect, from what it was found to depend on
        before, checking again only the effects that changed since."""
        if effect.static is None or effect.ident in self.started or effect.source is None:
            return set()
        if not is_local(effect.static):  # its targets are worked out again at each step: check every pair
            return {
                o.ident
                for o in pending
                if o is not effect and self._depends(effect, o, layer, world, changes)
            }
        source = world[effect.source]
        known = self.waits.get((layer, effect.ident))
        if known is None or known.targets is not effect.targets or known.source is not source:
            known = self.waits[(layer, effect.ident)] = _Waits(effect.targets, source)
        for other in pending:
            version = versions[other.ident]
            if other is effect or known.checked.get(other.ident) == version:
                continue
            known.checked[other.ident] = version
            self.budget.spend(1)  # each pair compared again counts (the others count the objects they test)
            if self._depends(effect, other, layer, world, changes):
                known.found.add(other.ident)
            else:
                known.found.discard(other.ident)
        return known.found

    def _depends(
        self,
        effect: _Candidate,
        other: _Candidate,
        layer: str,
        world: dict[str, Seen],
        changes: dict[Ident, dict[str, Seen]],
    ) -> bool:
        """CR 613.8a: whether ``effect`` depends on ``other``; the reason is kept for the steps. ``changes``
        caches, by effect, the objects as applying it would leave them (``world`` is the same for all)."""
        reason = self._dependency_reason(effect, other, layer, world, changes)
        if reason is not None:
            self.reasons.setdefault((layer, effect.ident, other.ident), reason)
        return reason is not None

    def _dependency_reason(
        self,
        effect: _Candidate,
        other: _Candidate,
        layer: str,
        world: dict[str, Seen],
        changes: dict[Ident, dict[str, Seen]],
    ) -> str | None:
        """How applying ``other`` changes ``effect`` (CR 613.8a): its existence, what it applies to or what it
        does (one of :data:`_REASON_WORDS`); None when it doesn't."""
        static, source = effect.static, effect.source
        if static is None or effect.ident in self.started or source is None:
            return None
        local = is_local(static)
        read = None if local else _read_by(static, world[source])
        if read is not None and not read & other.targets.keys():
            return None
        if source in other.targets or static.requirement is not None:
            left = (
                self._after(layer, world[source], other.targets[source]) if source in other.targets else None
            )
            if not self._keeps(left or world[source], static):
                return EXISTENCE
        if layer == "6" and not reads_abilities(static):
            return None  # layer 6 changes only abilities, and nothing else of the effect depends on them
        if local:
            return self._local_reason(effect, static, source, other, layer, world)
        changed = changes.get(other.ident)
        if changed is None:
            changed = changes[other.ident] = {
                handle: replace(world[handle], values=_changed(world[handle].values, specs, layer))
                for handle, specs in other.targets.items()
            }
        if source in changed or static.requirement is not None:
            self.budget.spend(len(world))
            as_left = changed.get(source, world[source])
            return _targets_change(effect.targets, affected(static, as_left, {**world, **changed}))
        # Whether an object qualifies depends only on it and the source: test just the changed ones.
        self.budget.spend(len(changed))
        now = affected(static, world[source], changed)
        before = {handle: specs for handle, specs in effect.targets.items() if handle in changed}
        return _targets_change(before, now)

    def _local_reason(
        self,
        effect: _Candidate,
        static: StaticAbility,
        source: str,
        other: _Candidate,
        layer: str,
        world: dict[str, Seen],
    ) -> str | None:
        """Whether applying ``other`` changes what the local ``effect`` (:func:`is_local`) applies to or what
        it does: what it does to an object depends on that object alone, so only the objects applying
        ``other`` would change are looked at, and each change only once (many effects that would change an
        object the same way change it into the same values)."""
        moved = self._moved(other, layer, world)
        if not moved.tokens:
            return None
        known = self.sensitivity.setdefault(effect.ident, _Sensitivity())
        for token in moved.tokens.keys() - known.checked.keys():
            handle = moved.tokens[token]
            self.budget.spend(1)
            now = applies_to(static, world[source], moved.moved[handle])
            reason = _targets_change(_only(effect.targets, handle), {} if now is None else {handle: now})
            known.checked[token] = reason
            if reason is not None:
                known.found.add(token)
        reasons = {known.checked[token] for token in known.found if token in moved.tokens}
        return APPLIES_TO if APPLIES_TO in reasons else next(iter(reasons), None)

    def _moved(self, other: _Candidate, layer: str, world: dict[str, Seen]) -> _Moved:
        """The objects applying ``other`` in ``layer`` would change, as it would leave them; kept up to date
        with the log while ``other`` applies to the same objects in the same way."""
        known = self.moved.get((layer, other.ident))
        if known is not None and known.targets is other.targets and known.position == len(self.log):
            return known
        if known is None or known.targets is not other.targets:
            known = self.moved[(layer, other.ident)] = _Moved(len(self.log), other.targets, {}, {})
            again = dict.fromkeys(other.targets)
        else:
            again = {handle: None for handle in self._since(known.position) if handle in other.targets}
        for handle in again:
            after = self._after(layer, world[handle], other.targets[handle])
            known.moved.pop(handle, None)
            if after is not None:
                known.moved[handle] = after
        if again or not known.version:
            known.tokens = {id(seen): handle for handle, seen in known.moved.items()}
            known.version = next(self.versions)
        known.position = len(self.log)
        return known

    def _keeps(self, source: Seen, static: StaticAbility) -> bool:
        """Whether ``source`` (as it is, or as an effect would leave it) still has ``static`` (CR 613.8a)."""
        key = (id(source), static.text)
        cached = self.kept.get(key)
        if cached is None or cached[0] is not source:
            cached = self.kept[key] = (
                source,
                any(a.rules_text == static.text for a in statics_of(source.values)),
            )
        return cached[1]

    def _after(self, layer: str, seen: Seen, specs: tuple[EffectSpec, ...]) -> Seen | None:
        """``seen`` as ``specs`` would leave it in ``layer``, the same object for the same change; None when
        they wouldn't change it."""
        key = (layer, seen.id, id(seen), specs)
        cached = self.after.get(key)
        if cached is not None and cached[0] is seen:
            return cached[1]
        values = _changed(seen.values, specs, layer)
        after = None if values == seen.values else replace(seen, values=values)
        self.after[key] = (seen, after)
        return after

    def _note_dependencies(
        self, waits: Mapping[object, tuple[_Candidate, ...]], pending: list[_Candidate], layer: str
    ) -> None:
        """Remember, for each pending effect, the first effects it was found to depend on (CR 613.8a)."""
        for candidate in pending:
            others = waits.get(candidate.ident, ())
            if others and (layer, candidate.ident) not in self.waited:
                self.waited[(layer, candidate.ident)] = others

    def _vanished(self, layer: str, gone: list[_Candidate]) -> None:
        """Steps for dependent effects that never applied: the effects they waited for took away their
        existence or everything they applied to (CR 613.8a, 613.8b; Blood Moon and Urborg, 305.7)."""
        for candidate in gone:
            # Within a dependency loop timestamps decide, and the loop's own step says so (613.8b).
            looped = (layer, candidate.ident) in self.looped
            others = tuple(
                o
                for o in self.waited.get((layer, candidate.ident), ())
                if not (looped and (layer, o.ident) in self.looped)
            )
            if not others:
                continue
            because = self._because(layer, candidate, others)
            exists = any(self.reasons[(layer, candidate.ident, o.ident)] == EXISTENCE for o in others)
            outcome = (
                msg("its source no longer has the ability, so the effect doesn't exist")
                if exists
                else msg("it no longer applies to this object")
            )
            earlier = (
                msg(" (though its timestamp is earlier: dependency overrides timestamps)")
                if any(o.key > candidate.key for o in others)
                else ""
            )
            for handle in candidate.targets:
                work = self.works[handle]
                work.dependent_layers.add(layer)
                work.steps.append(
                    Explanation.of(
                        msg(
                            "Layer {layer}: {effect} depends on {because}, so it waits until after "
                            "{them}{earlier}; after that, {outcome}.",
                            layer=layer,
                            effect=_named(candidate),
                            because=because,
                            them=_them(others),
                            earlier=earlier,
                            outcome=outcome,
                        ),
                        DEPENDENCY,
                        DEPENDS_ON,
                        WAITS,
                    )
                )

    def _dependency_step(self, candidate: _Candidate, layer: str) -> Explanation | None:
        """Why ``candidate`` waits for other effects (CR 613.8a, 613.8b); none for the effects of a loop it
        is in, which apply in timestamp order instead."""
        looped = (layer, candidate.ident) in self.looped
        others = [
            o
            for o in self.waited.get((layer, candidate.ident), ())
            if not (looped and (layer, o.ident) in self.looped)
        ]
        if not others:
            return None
        earlier = any(o.key > candidate.key for o in others)
        order = (
            msg("though its timestamp is earlier: dependency overrides timestamps")
            if earlier
            else msg("as its timestamp would also have it: the dependency decides the order anyway")
        )
        return Explanation.of(
            msg(
                "Layer {layer}: {effect} depends on {because}, so it applies after {them}, {order}.",
                layer=layer,
                effect=_named(candidate),
                because=self._because(layer, candidate, others),
                them=_them(others),
                order=order,
            ),
            DEPENDENCY,
            DEPENDS_ON,
            WAITS,
        )

    def _reason(self, layer: str, effect: _Candidate, other: _Candidate, *, named: bool = False) -> Message:
        """What applying ``other`` changes of ``effect`` (CR 613.8a), said of "it" or of the named effect."""
        of_it, of_named = _REASON_WORDS[self.reasons[(layer, effect.ident, other.ident)]]
        return of_named(_named(effect)) if named else of_it

    def _because(
        self, layer: str, effect: _Candidate, others: tuple[_Candidate, ...] | list[_Candidate]
    ) -> Param:
        """The effects ``effect`` depends on, each with what applying it changes (CR 613.8a)."""
        return listing(
            [
                msg(
                    "{effect} (applying that changes {change})",
                    effect=_named(o),
                    change=self._reason(layer, effect, o),
                )
                for o in others
            ]
        )

    def _loop_step(self, loop: tuple[_Candidate, ...], layer: str) -> Explanation:
        """The dependency loop the next effect was chosen from, and why each of its effects is in it."""
        members = {c.ident for c in loop}
        why = semicolon_series(
            [
                msg(
                    "applying {effect} changes {change}",
                    effect=_named(o),
                    change=self._reason(layer, c, o, named=True),
                )
                for c in loop
                for o in self.waited.get((layer, c.ident), ())
                if o.ident in members
            ]
        )
        first = min(loop, key=lambda c: c.key)
        return Explanation.of(
            msg(
                "Layer {layer}: these effects depend on each other in a loop ({why}), so the dependencies "
                "are ignored and they apply in timestamp order: {first} first.",
                layer=layer,
                why=why,
                first=_named(first),
            ),
            DEPENDS_ON,
            LOOP,
        )

    def _apply(self, candidate: _Candidate, layer: str, *, loop: tuple[_Candidate, ...]) -> None:
        first = candidate.static is not None and candidate.ident not in self.started
        if first:
            self.started[candidate.ident] = candidate
            self.started_layers[candidate.ident] = _candidate_layers(candidate)
        dependency = self._dependency_step(candidate, layer)
        looped = [self._loop_step(loop, layer)] if loop else []
        said: dict[tuple[tuple[EffectSpec, ...], str], list[Explanation]] = {}  # the same for many objects
        for handle, specs in candidate.targets.items():
            work = self.works[handle]
            if work.last_key.get(layer, candidate.key) > candidate.key:
                work.reordered_layers.add(layer)
            work.last_key[layer] = max(candidate.key, work.last_key.get(layer, candidate.key))
            gained = as_gained(work.values, specs) if layer == "4" else specs
            values = _changed(work.values, specs, layer)
            if values != work.values:
                work.values = values
                self.log.append(handle)
            self._remember_grants(handle, candidate, specs, layer)
            name = work.values.name or handle
            if (gained, name) not in said:
                said[(gained, name)] = _layer_steps(candidate, gained, layer, self.board, name)
            work.steps += said[(gained, name)]
            work.steps += subtypes_not_gained_steps(work.values, specs, gained)
            if candidate.static is None:
                continue
            if first:
                work.statics += [
                    _Applied(candidate.key, spec, _named(candidate), static=True) for spec in specs
                ]
            if dependency is not None:
                work.steps.append(dependency)
                work.dependent_layers.add(layer)
            work.steps += looped

    def _remember_grants(
        self, handle: str, candidate: _Candidate, specs: tuple[EffectSpec, ...], layer: str
    ) -> None:
        """Abilities an effect grants get that effect's timestamp if later than the object's (613.7a)."""
        if layer != "6":
            return
        granter = card(candidate.source) if candidate.source else _named(candidate)
        for spec in specs:
            for text in spec.abilities if spec.kind in (EffectKind.ADD_ABILITIES, EffectKind.ANIMATE) else ():
                self.granted[(handle, GameAbility.granted(text).rules_text)] = (candidate.key, granter)

    def _layer_seven_statics(self) -> None:
        """Static abilities that only change power and toughness apply to what they name after layer 6."""
        world = self.world()
        for source, ability, key, label in self._static_abilities(world):
            ident = (source.id, ability.text, "static")
            if ability.layers[0] not in ("7b", "7c") or ident in self.started:
                continue
            targets = affected(ability, source, world)
            for handle, specs in targets.items():
                named = (
                    _counted_label(label, ability.per, source, world[handle], world)
                    if ability.per is not None
                    else _life_label(label, source)
                    if ability.per_life
                    else _chose_label(label, ability, world[handle])
                    if ability.subject.controller_chose
                    else label
                )
                self.works[handle].statics += [_Applied(key, spec, named, static=True) for spec in specs]
            if ability.subject.colors:
                for seen in world.values():
                    if seen.id not in targets and qualifies(without_colors(ability.subject), source, seen):
                        has_colors(seen.values, ability.subject.colors, self.works[seen.id].steps, label)

    def _unapplied_notes(self, work: _Work, final: FinalWorld) -> list[Explanation]:
        """Notes for static abilities that could affect ``work`` but aren't applied (never silently); what
        they could change is unknown."""
        notes = []
        world = final.world
        for source in (seen for seen in world.values() if seen.on_battlefield):
            for ability in statics_of(source.values):
                for note, unknown in unrecognised_note(ability, source, final, work.obj.id):
                    notes.append(note)
                    work.unknowns += [unknown] if unknown else []
        attached = world.get(work.obj.id)
        if attached is not None and work.obj.attached_to is not None:
            notes += attachment_notes(attached, world)
        for source in (seen for seen in world.values() if seen.on_battlefield):
            if source.attached_to == work.obj.id and source.id != work.obj.id:
                notes += attachment_notes(source, world)
        return notes

    def _finish(self, work: _Work) -> Computed:
        obj = work.obj
        own = [
            _Applied((e.timestamp, _OWN, i), e.spec, _own_label(e)) for i, e in enumerate(_own_effects(obj))
        ]
        applied = sorted((*own, *work.statics), key=lambda a: a.key)
        steps, notes, unknowns = list(work.steps), list(work.notes), list(work.unknowns)
        undecided = undecided_exiled(self.board, obj) if obj.text_changes or obj.ended_text_changes else None
        if undecided is not None:
            notes.append(
                Explanation.of(
                    msg(
                        "Which cards are exiled with it is unknown, because {reason}.",
                        reason=undecided.reason,
                    ),
                    *undecided.rules,
                )
            )
            unknowns.append(Unknown.of(("exiled cards",), undecided.reason, *undecided.rules))
        power, toughness = _layer_seven(work.values, obj, self.board, applied, steps, notes, unknowns)
        notes += _shared_layer_notes(applied, work.dependent_layers, work.reordered_layers)
        notes += _effects_in_several_layers(applied)
        numbers = {"power": power, "toughness": toughness}
        update = {
            k: PrintedNumber(printed=str(v), value=v) if v is not None else None for k, v in numbers.items()
        }
        values = work.values.model_copy(update=update)
        # What the board leaves undecided about the object itself (how it entered) is unknown here too.
        every = tuple(dict.fromkeys((*obj.unknowns, *unknowns)))
        return Computed.of(values, tuple(steps), tuple(notes), every)


def _start(obj: GameObject, board: Board) -> _Work:
    """Layers 1, 2 and 3, and the characteristic-defining abilities that apply first in layer 4 (613.3)."""
    work = _Work(
        obj=obj,
        values=copiable_values(obj),
        live=obj.zone is Zone.BATTLEFIELD and not obj.phased_out,
        controller=current_controller(obj),
        game=board.game,
    )
    effects = _own_effects(obj)
    work.steps += _layer_two(obj, effects)
    text = layer_three(work.values, obj, board, copiable_values)
    work.values = _at_class_level(text.values, obj, work.steps)
    mode = chosen_mode(work.values, obj)  # anchor words: only the chosen one's abilities (CR 614.12b)
    work.values, work.unknowns = mode.values, [*work.unknowns, *mode.unknowns]
    work.steps += [*mode.steps, *text.steps]
    work.notes += mode.notes
    for characteristics, reason, rules in text.unknowns:
        note, unknown = unknown_note(characteristics, reason, *rules)
        work.notes.append(note)
        work.unknowns.append(unknown)
    work.values = _layer_four_cdas(work.values, obj, effects, work)
    return work


def _at_class_level(values: Characteristics, obj: GameObject, steps: list[Explanation]) -> Characteristics:
    """A Class has the abilities of its level bars' sections only up to its level (CR 716.2a); its level
    is its own, never copied (716.2b), and 1 when the board gives none (716.2d)."""
    if not any(a.kind is AbilityKind.CLASS_LEVEL for a in values.abilities):
        return values
    above = [
        a
        for a in values.abilities
        if a.level is not None and a.level > obj.class_level and a.kind is not AbilityKind.CLASS_LEVEL
    ]
    if not above:
        return values
    steps.append(
        Explanation.of(
            msg(
                "It is a Class at level {level}{given}: “As long as this Class is level N or greater, it "
                "has [abilities]”, so it doesn't have the abilities of its higher levels ({abilities}); its "
                "level bars' activated abilities it always has.",
                level=obj.class_level,
                given="" if obj.class_level > 1 else msg(" (the board gives no level: level 1)"),
                abilities=series([msg("“{text}”", text=strip_reminder(a.text)) for a in above]),
            ),
            CLASS_LEVELS,
            CLASS_LEVEL_ONE,
            *((LEVEL_NOT_COPIABLE,) if obj.copies else ()),
        )
    )
    return values.model_copy(update={"abilities": tuple(a for a in values.abilities if a not in above)})


def _seen(work: _Work) -> Seen:
    """The object as static abilities see it now (the same object while its values are the same)."""
    if work.seen is None or work.seen.values is not work.values:
        work.seen = Seen(
            id=work.obj.id,
            values=work.values,
            controller=work.controller,
            attached_to=work.obj.attached_to,
            token=work.obj.token,
            choices=work.obj.choices,
            on_battlefield=work.live,
            counters=work.obj.counters,
            tapped=work.obj.tapped,
            game=work.game,
        )
    return work.seen


def _applying(parts: Mapping[str, tuple[EffectSpec, ...] | None]) -> dict[str, tuple[EffectSpec, ...]]:
    """The objects an ability applies to, with what it does to each, from what it does to every object."""
    return {handle: specs for handle, specs in parts.items() if specs is not None}


def _only(targets: Mapping[str, tuple[EffectSpec, ...]], handle: str) -> dict[str, tuple[EffectSpec, ...]]:
    return {handle: targets[handle]} if handle in targets else {}


def _own_effects(obj: GameObject) -> list[TimedEffect]:
    return sorted(obj.effects, key=lambda e: e.timestamp)


def _own_candidates(obj: GameObject, layer: str) -> list[_Candidate]:
    return [
        _Candidate((obj.id, str(i), "own"), (e.timestamp, _OWN, i), {obj.id: (e.spec,)}, _own_label(e))
        for i, e in enumerate(_own_effects(obj))
        if layer in layers_of(e.spec)
    ]


def _own_label(effect: TimedEffect) -> Param:
    """What generated one of the object's own effects, as its steps name it."""
    return effect.source or msg("an effect")


def _named(candidate: _Candidate) -> Param:
    return candidate.label or msg("an effect")


def _them(others: tuple[_Candidate, ...] | list[_Candidate]) -> Message:
    return msg("them") if len(others) > 1 else msg("it")


def _targets_change(
    before: Mapping[str, tuple[EffectSpec, ...]], now: Mapping[str, tuple[EffectSpec, ...]]
) -> str | None:
    """How an effect's targets change (CR 613.8a): other objects, or other parts for the same ones."""
    if before.keys() != now.keys():
        return APPLIES_TO
    return WHAT_IT_DOES if before != now else None


def _candidate_layers(candidate: _Candidate) -> set[str]:
    return {layer for specs in candidate.targets.values() for spec in specs for layer in layers_of(spec)}


def _read_by(ability: StaticAbility, source: Seen) -> set[str] | None:
    """The objects whose characteristics decide what ``ability`` does (None: any object may)."""
    requirement = ability.requirement
    if requirement is not None and (requirement.you_control is not None or requirement.attached):
        return None
    if ability.subject.attached:
        return {source.id, source.attached_to or ""}
    if ability.subject.itself:
        return {source.id}
    return None


def _counted_label(
    label: Param, per: ForEach, source: Seen, target: Seen, world: Mapping[str, Seen]
) -> Message:
    """A "for each" ability's label with what it counts for ``target`` after layer 6 (CR 611.3a, 613.4c)."""
    found = counted(per, source, target, world)
    return msg(
        "{label} (for each {per}: {count}, {found}, counted after layer 6)",
        label=label,
        per=per.text,
        count=len(found),
        found=series([card(f) for f in found]) if found else msg("none"),
    )


def _life_label(label: Param, source: Seen) -> Message:
    """A "where X is your life total" ability's label with X on this board (CR 119, 611.3a)."""
    return msg("{label} (X is its controller's life total: {life})", label=label, life=life_x(source) or 0)


def _chose_label(label: Param, ability: StaticAbility, target: Seen) -> Message:
    """A "controlled by players who chose war" ability's label with the choice of ``target``'s controller."""
    return msg(
        "{label} (its controller, {player}, chose {choice})",
        label=label,
        player=target.controller.value,
        choice=ability.subject.controller_chose,
    )


def _static_of(ability: GameAbility) -> StaticAbility | None:
    return _STATIC_OF(ability)


def _parsed_static(ability: GameAbility) -> StaticAbility | None:
    # Each step of a layer looks at every ability on the board again: worked out once per ability.
    if ability.band is not None:
        return level_static(ability.band, ability.rules_text)
    if ability.kind is not AbilityKind.STATIC or ability.copy_effect is not None:
        return None
    if applied_by_layers(ability.rules_text):
        return None  # a characteristic-defining ability this module applies itself
    return parse_static(ability.rules_text)


_STATIC_OF = ByIdentity(_parsed_static, size=1024)


def _label(source: str, ability: GameAbility, grant: tuple[Key, Param] | None) -> Message:
    wording = strip_reminder(ability.text)
    if grant is None:
        return msg("{source}'s “{ability}”", source=card(source), ability=wording)
    return msg(
        "“{ability}” (which {granter} gives {source})", ability=wording, granter=grant[1], source=card(source)
    )


def _changed(values: Characteristics, specs: tuple[EffectSpec, ...], layer: str) -> Characteristics:
    """``values`` with the parts of ``specs`` that apply in ``layer`` applied."""
    for spec in specs:
        if layer in layers_of(spec):
            values = LAYER_CHANGES[layer](values, spec)
    return values


def _layer_steps(
    candidate: _Candidate, specs: tuple[EffectSpec, ...], layer: str, board: Board, name: str
) -> list[Explanation]:
    """The step for what ``candidate`` does to one object (named ``name`` where an ability it gains names
    itself, CR 201.5) in layer 4, 5 or 6, naming what generated it."""
    parts = [spec for spec in specs if layer in layers_of(spec)]
    if not parts:
        return []
    described = listing([described_effect(spec, layer, name) for spec in parts])
    when, rules = (
        _static_reason(candidate, board)
        if candidate.static
        else (msg(" (timestamp {timestamp})", timestamp=candidate.key[0]), ())
    )
    return [
        Explanation.of(
            msg(
                "Layer {layer}: {effect} {described}{when}.",
                layer=layer,
                effect=_named(candidate),
                described=described,
                when=when,
            ),
            _LAYER_RULES[layer],
            *_type_rules(parts, layer),
            *rules,
        )
    ]


def _static_reason(candidate: _Candidate, board: Board) -> tuple[Message, tuple[Citation, ...]]:
    """A static ability's timestamp and the rules that make it apply to the object (CR 611.3a, 613.7a)."""
    when, rules = _timestamp_reason(candidate, board.get(candidate.source or ""))
    role = candidate.static.subject.attached if candidate.static else None
    attached = (_ATTACHED_ROLE_RULES[role],) if role in _ATTACHED_ROLE_RULES else ()
    return when, (NOT_LOCKED_IN, *attached, *rules)


def _type_rules(parts: list[EffectSpec], layer: str) -> tuple[Citation, ...]:
    """CR 205.1a when a layer 4 part replaces types, 205.1b when it keeps the others."""
    if layer != "4":
        return ()
    replaces = any(_replaces_types(spec) for spec in parts)
    keeps = any(not _replaces_types(spec) for spec in parts)
    lands = (LAND_TYPES_SET, INTRINSIC_MANA) if any(basic_land_types(s.subtypes) for s in parts) else ()
    return (*((TYPES_SET,) if replaces else ()), *((TYPES_KEPT,) if keeps else ()), *lands)


def _replaces_types(spec: EffectSpec) -> bool:
    return spec.kind in (EffectKind.SET_TYPES, EffectKind.SET_SUBTYPES) or (
        spec.kind is EffectKind.ANIMATE and not spec.keep_types
    )


def _timestamp_reason(candidate: _Candidate, source: GameObject) -> tuple[Message, tuple[Citation, ...]]:
    """Why the static ability's effect has the timestamp it has (CR 613.7a, 613.7e)."""
    stamp, source_id = candidate.key[0], card(source.id)
    if candidate.key[1] == _GRANTED and candidate.key[0] > source.timestamp:
        return (
            msg(
                " (timestamp {timestamp}: that of the effect that gave {source} the ability, later than "
                "{source}'s own)",
                timestamp=stamp,
                source=source_id,
            ),
            (GRANTED_TIMESTAMP,),
        )
    if candidate.key[1] == _GRANTED:
        return (
            msg(
                " (timestamp {timestamp}: {source} got a new timestamp after the ability was given to it, so "
                "each of its static abilities did too, in the same order as before)",
                timestamp=stamp,
                source=source_id,
            ),
            (GRANTED_TIMESTAMP, ATTACHED_TIMESTAMP),
        )
    if source.attached_to is not None:
        return (
            msg(
                " (timestamp {timestamp}: {source}'s, which it got when it became attached)",
                timestamp=stamp,
                source=source_id,
            ),
            (GRANTED_TIMESTAMP, ATTACHED_TIMESTAMP),
        )
    return msg(" (timestamp {timestamp}, {source}'s)", timestamp=stamp, source=source_id), (
        GRANTED_TIMESTAMP,
    )


def _layer_two(obj: GameObject, effects: list[TimedEffect]) -> list[Explanation]:
    return [
        Explanation.of(
            msg(
                "Layer 2: {effect} gives control of {object} to {player} (timestamp {timestamp}).",
                effect=_own_label(e),
                object=card(obj.id),
                player=PLAYER_WORDS[e.spec.controller] if e.spec.controller else "",
                timestamp=e.timestamp,
            ),
            LAYER_2,
        )
        for e in effects
        if e.spec.kind is EffectKind.GAIN_CONTROL
    ]


def _effects_in_several_layers(applied: list[_Applied]) -> list[Explanation]:
    """Notes for each effect whose parts (one timestamp) apply in different layers (CR 613.6)."""
    layers_by_key: dict[Key, list[str]] = {}
    for effect in applied:
        layers = layers_by_key.setdefault(_effect_key(effect), [])
        layers += [layer for layer in layers_of(effect.spec) if layer not in layers]
        layers.sort(key=_LAYER_ORDER.index)
    return [_several_layers(tuple(layers)) for layers in layers_by_key.values() if len(layers) > 1]


@cache
def _several_layers(layers: tuple[str, ...]) -> Explanation:
    return Explanation.of(
        msg(
            "One effect has parts in layers {layers}: each part applies in its own layer, to the same "
            "object.",
            layers=listing(layers),
        ),
        PARTS_IN_THEIR_LAYERS,
    )


def _effect_key(effect: _Applied) -> Key:
    """One key per effect: a static ability's, or the timestamp all parts of one listed effect share."""
    return effect.key if effect.static else (effect.key[0], _OWN, 0)


def _shared_layer_notes(
    applied: list[_Applied], dependent_layers: set[str], reordered_layers: set[str]
) -> list[Explanation]:
    """Notes for each (sub)layer several effects share: timestamp order decides, no dependency (613.8a), or
    an earlier effect began to apply only after a later one changed the object."""
    effects: dict[str, set[Key]] = {}
    for effect in applied:
        for layer in layers_of(effect.spec):
            effects.setdefault(layer, set()).add(_effect_key(effect))
    return [
        _shared_layer_note(layer, len(keys), reordered=layer in reordered_layers)
        for layer, keys in effects.items()
        if len(keys) > 1 and layer not in dependent_layers
    ]


def _shared_layer_note(layer: str, count: int, *, reordered: bool) -> Explanation:
    if reordered:
        return Explanation.of(
            msg(
                "Layer {layer}: {count} effects apply, not in timestamp order: one with an earlier timestamp "
                "began to apply to it only after a later one had changed it into something the earlier one "
                "names (it depends on the later one: applying that changes what it applies to).",
                layer=layer,
                count=count,
            ),
            TIMESTAMPS,
            DEPENDENCY,
        )
    return Explanation.of(
        msg(
            "Layer {layer}: {count} effects apply in timestamp order. None of them changes the existence of "
            "another, what it applies to or what it does, so no dependency reorders them.",
            layer=layer,
            count=count,
        ),
        TIMESTAMPS,
        DEPENDENCY,
    )


def _layer_four_cdas(
    values: Characteristics, obj: GameObject, effects: list[TimedEffect], work: _Work
) -> Characteristics:
    """Changeling and "is the chosen type": characteristic-defining, applied first in layer 4 (613.3)."""
    changeling = any(a.keyword == "Changeling" for a in values.abilities)
    if changeling and gainable_subtypes(values.types, [ALL_CREATURE_TYPES]):
        values = values.model_copy(update={"subtypes": merged(values.subtypes, [ALL_CREATURE_TYPES])})
        work.steps.append(
            Explanation.of(
                msg(
                    "Layer 4: its changeling, a characteristic-defining ability applied first, makes it "
                    "every creature type."
                ),
                LAYER_4,
                CDA_FIRST,
                CHANGELING,
            )
        )
    chosen = obj.choices.get("creature type")
    if chosen and any(adds_chosen_type(a.rules_text) for a in values.abilities):
        not_gained = subtypes_not_gained(values.types, [chosen])
        if not_gained:
            work.steps.append(not_gained)
            return values
        values = values.model_copy(update={"subtypes": merged(values.subtypes, [chosen])})
        work.steps.append(
            Explanation.of(
                msg("Layer 4: its own ability makes it the chosen type, {type}.", type=chosen),
                LAYER_4,
                CDA_FIRST,
            )
        )
        if any(e.spec.kind in (EffectKind.SET_SUBTYPES, EffectKind.SET_TYPES) for e in effects):
            work.notes.append(
                Explanation.of(
                    msg(
                        "Its own ability adding the chosen creature type and an effect setting its types "
                        "apply in the same layer; if one depends on the other, dependency decides the order."
                    ),
                    DEPENDENCY,
                )
            )
    return values


def _layer_seven(
    values: Characteristics,
    obj: GameObject,
    board: Board,
    effects: list[_Applied],
    steps: list[Explanation],
    notes: list[Explanation],
    unknowns: list[Unknown],
) -> tuple[int | None, int | None]:
    """Layer 7 (CR 613.4); a number the engine can't determine is None with its reason in ``unknowns``."""
    if not values.is_a("Creature") and (values.power is None or values.toughness is None or permanent(obj)):
        types_unknown = [u for u in (*unknowns, *obj.unknowns) if "types" in u.characteristics]
        if not types_unknown:
            notes += no_pt_note(values, obj)
        elif not any({"power", "toughness"} & set(u.characteristics) for u in (*unknowns, *obj.unknowns)):
            # Whether it is a creature is unknown, so whether it has power and toughness is too (CR 208.3).
            unknowns.append(
                Unknown.of(("power", "toughness"), types_unknown[0].message or types_unknown[0].reason, NO_PT)
            )
        return None, None
    power, toughness = base_numbers(values, obj, board, steps)
    # A text change can give a creature with printed numbers Sutured Ghoul's CDA (604.3a): it defines them.
    way = next((w for a in values.abilities if (w := pt_from_exiled_cards(a.rules_text))), None)
    if way is not None:
        undecided = undecided_exiled(board, obj)
        if undecided is None and any("exiled cards" in u.characteristics for u in obj.unknowns):
            return None, None  # which cards it exiled as it entered is unknown: its entering note says why
        if undecided is not None:
            note, unknown = unknown_note(("power", "toughness"), undecided.reason, *undecided.rules)
            notes.append(note)
            unknowns.append(unknown)
            return None, None
        power, toughness = _exiled_totals(obj, board, notes, way)
    for effect in effects:
        spec = effect.spec
        if spec.kind not in (EffectKind.SET_PT, EffectKind.ANIMATE) or (
            spec.power is None and not spec.pt_count
        ):
            continue
        power, toughness = spec.power, spec.toughness
        counted: Param = ""
        if spec.pt_count:
            power = toughness = creature_cards_in_graveyard(board, obj)
            counted = msg(" (the number of {what}, counted now)", what=spec.pt_count)
        steps.append(
            Explanation.of(
                msg(
                    "Layer 7b: {effect} sets its power and toughness to {power}/{toughness}{counted}.",
                    effect=effect.label,
                    power=str(power),
                    toughness=str(toughness),
                    counted=counted,
                ),
                LAYER_7B,
            )
        )
    if power is None or toughness is None:
        undetermined = undetermined_numbers(values, obj, power, toughness)
        if undetermined is not None:
            note, unknown = undetermined
            notes.append(note)
            unknowns.append(unknown)
            return None, None
        if any({"power", "toughness"} & set(u.characteristics) for u in (*unknowns, *obj.unknowns)):
            return None, None  # what defines them is unknown, and the note about it says why: never 0
        if values.power is not None:
            notes.append(
                Explanation.of(
                    msg("Nothing defines its printed */* on this board, so each undefined number is 0."),
                    LAYER_7A,
                    NO_VALUE,
                )
            )
        power, toughness = power or 0, toughness or 0
    for effect in effects:
        spec = effect.spec
        if spec.kind is not EffectKind.PUMP or not has_colors(values, spec.if_colors, steps, effect.label):
            continue
        power += spec.power or 0
        toughness += spec.toughness or 0
        steps.append(
            Explanation.of(
                msg(
                    "Layer 7c: {effect} gives it {power}/{toughness}.",
                    effect=effect.label,
                    power=signed(spec.power),
                    toughness=signed(spec.toughness),
                ),
                LAYER_7C,
            )
        )
    for kind, count in obj.counters.items():
        modifier = pt_modifier(kind)
        if modifier and count:
            power += modifier[0] * count
            toughness += modifier[1] * count
            counters = (
                msg("Layer 7c: {count} {kind} counter.", count=count, kind=kind)
                if count == 1
                else msg("Layer 7c: {count} {kind} counters.", count=count, kind=kind)
            )
            steps.append(Explanation.of(counters, LAYER_7C))
    for effect in (e for e in effects if e.spec.kind is EffectKind.SWITCH_PT):
        steps.append(
            Explanation.of(
                msg(
                    "Layer 7d: {effect} switches its power and toughness: {power}/{toughness} becomes "
                    "{toughness}/{power}.",
                    effect=effect.label,
                    power=power,
                    toughness=toughness,
                ),
                LAYER_7D,
            )
        )
        power, toughness = toughness, power
    return power, toughness


def _exiled_totals(
    obj: GameObject, board: Board, notes: list[Explanation], way: Literal["totals", "mana value"]
) -> tuple[int | None, int | None]:
    """A CDA defined by the cards exiled with this object (CR 607.2b): Sutured Ghoul's total power and
    toughness, or Living Lore's exiled card's mana value (no card: 0, the ruling says).

    Only the cards an ability of the text it has now exiled count: never those the original's exiled, nor
    those an ability it had before it became a copy exiled (707.7), nor a granted ability's (607.5).
    """
    linked = exiled_with_text(board, obj, len(text_values(obj, board).abilities))
    exiled = [copiable_values(o) for o in linked]
    numbers: list[tuple[int | None, int | None]]
    if way == "mana value":
        numbers = [(c.mana_value, c.mana_value) for c in exiled]
    else:
        numbers = [(c.power.value if c.power else 0, c.toughness.value if c.toughness else 0) for c in exiled]
    if any(p is None or t is None for p, t in numbers):
        return None, None
    power = sum(p or 0 for p, _ in numbers)
    toughness = sum(t or 0 for _, t in numbers)
    names = (
        series([card(c.name) if c.name else msg("a nameless card") for c in exiled])
        if exiled
        else msg("none")
    )
    said = (
        msg(
            "Layer 7a: its characteristic-defining ability totals the cards exiled with it by its own "
            "ability ({names}), so it is {power}/{toughness}; cards another object exiled don't count.",
            names=names,
            power=power,
            toughness=toughness,
        )
        if way == "totals"
        else msg(
            "Layer 7a: its characteristic-defining ability takes the mana value of the card exiled with it "
            "by its own ability ({names}), so it is {power}/{toughness}; cards another object exiled don't "
            "count.",
            names=names,
            power=power,
            toughness=toughness,
        )
    )
    notes.append(Explanation.of(said, LAYER_7A, EXILED_WITH))
    return power, toughness
