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
from dataclasses import replace

from engine.core.budget import charge
from engine.core.characteristics import (
    Characteristics,
    GameAbility,
)
from engine.core.citations import cite
from engine.core.effects import EffectKind, EffectSpec
from engine.core.identity_cache import ByIdentity
from engine.core.messages import Message, Param, card, listing, msg, semicolon_series
from engine.core.model import AbilityKind, PrintedNumber
from engine.core.results import Explanation, Unknown
from engine.layers.changes import (
    LAYER_CHANGES,
    as_gained,
    keyword_counters,
    subtypes_not_gained_steps,
)
from engine.layers.computed import Computed
from engine.layers.dependency import DEPENDENCY, DEPENDS_ON, LOOP, WAITS, choose, current_budget
from engine.layers.described import (
    chose_label,
    counted_label,
    life_label,
)
from engine.layers.exiled_links import (
    undecided_exiled,
)
from engine.layers.first_layers import (
    start_layering,
)
from engine.layers.notes import (
    FinalWorld,
    attachment_notes,
    land_abilities_unknown,
    open_targets,
    requirement_steps,
    statics_of,
    unrecognised_note,
)
from engine.layers.numbers import (
    has_colors,
)
from engine.layers.power_toughness import (
    layer_seven,
)
from engine.layers.records import (
    GRANTED,
    OWN,
    PRINTED,
    Applied,
    Candidate,
    Ident,
    Key,
    Moved,
    Sensitivity,
    Targets,
    Waits,
    Work,
    candidate_layers,
    effect_label,
    own_candidates,
    own_effects,
    own_label,
)
from engine.layers.statics import (
    Seen,
    affected,
    applies_to,
    is_local,
    qualifies,
    reads_abilities,
    without_colors,
)
from engine.layers.timestamps import (
    effects_in_several_layers,
    layer_steps,
    shared_layer_notes,
)
from engine.oracle.static_effects import layers_of
from engine.oracle.statics import (
    StaticAbility,
    applied_by_layers,
    level_static,
    parse_printed_static,
)
from engine.oracle.text import strip_reminder
from engine.state.board import (
    Board,
    GameObject,
    choices_for_its_text,
)

COPIABLE_AFTER_LAYER_1 = cite("613.2c", "the object’s characteristics are its copiable values")
FLIP_ALTERNATIVE = cite("710.2", "the alternative versions of those characteristics apply instead")
FLIP_COST_COLOR = cite("710.1c", "A flip card’s color and mana cost don’t change if the permanent is flipped")
BACK_FACE_MANA_VALUE = cite("712.8e", "its mana value is calculated using the mana cost of its front face")
MELDED_MANA_VALUE = cite("712.8g", "its mana value is the sum of the mana values of its front faces")


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


# The 613.8a reasons, said of "it" and of a named effect.
EXISTENCE, APPLIES_TO, WHAT_IT_DOES = "existence", "applies to", "does"
_REASON_WORDS: dict[str, tuple[Message, Callable[[Param], Message]]] = {
    EXISTENCE: (msg("its existence"), lambda effect: msg("the existence of {effect}", effect=effect)),
    APPLIES_TO: (msg("what it applies to"), lambda effect: msg("what {effect} applies to", effect=effect)),
    WHAT_IT_DOES: (msg("what it does"), lambda effect: msg("what {effect} does", effect=effect)),
}


class _Layering:
    """Layers 4 to 7 for every object of a board: own effects and static abilities, in timestamp order
    unless a dependency decides (CR 613.3, 613.4, 613.7a, 613.8)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.works = {obj.id: start_layering(obj, board) for obj in board.objects}
        self.started: dict[tuple[str, str, str], Candidate] = {}
        self.granted: dict[tuple[str, str], tuple[Key, Param]] = {}
        # By layer and effect: the effects it was first found to depend on, and why (CR 613.8a).
        self.waited: dict[tuple[str, Ident], tuple[Candidate, ...]] = {}
        self.reasons: dict[tuple[str, Ident, Ident], str] = {}
        self.looped: set[tuple[str, Ident]] = set()
        self.budget = current_budget()  # bounds the dependency checks (CR 613.8a) of the whole question
        # What is worked out once and then kept up to date with the objects whose values change (``log``):
        # each effect's targets, the objects applying it would change and what that does to other effects.
        self.log: list[str] = []
        self.started_layers: dict[Ident, set[str]] = {}
        self.targets: dict[Ident, Targets] = {}
        self.moved: dict[tuple[str, Ident], Moved] = {}
        self.after: dict[tuple[str, str, int, tuple[EffectSpec, ...]], tuple[Seen, Seen | None]] = {}
        self.sensitivity: dict[Ident, Sensitivity] = {}
        self.kept: dict[tuple[int, str], tuple[Seen, bool]] = {}
        self.waits: dict[tuple[str, Ident], Waits] = {}
        self.versions = itertools.count(1)
        self.opened: set[tuple[Ident, str]] = set()  # an effect that may apply to an object with unknowns

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
        own = [c for work in self.works.values() for c in own_candidates(work.obj, layer)]
        done: set[tuple[str, str, str]] = set()
        waiting: dict[Ident, Candidate] = {}
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

    def _static_candidates(self, layer: str, world: dict[str, Seen]) -> list[Candidate]:
        found = [c for c in self.started.values() if layer in self.started_layers[c.ident]]
        for source, ability, key, label in self._static_abilities(world):
            ident = (source.id, ability.text, "static")
            if ability.layers[:1] != (layer,) or ident in self.started:
                continue
            targets = self._targets(ident, ability, source, world)
            self._open_targets(ident, ability, source, world, label)
            if targets:
                found.append(Candidate(ident, key, targets, label, ability, source.id))
        return found

    def _open_targets(
        self, ident: Ident, ability: StaticAbility, source: Seen, world: dict[str, Seen], label: Param
    ) -> None:
        """Mark unknown what ``ability`` would change of each object it may or may not name (CR 604.2)."""
        for handle, note, unknown in open_targets(ability, source, world, label):
            if (ident, handle) not in self.opened:
                self.opened.add((ident, handle))
                self.works[handle].notes.append(note)
                self.works[handle].unknowns.append(unknown)

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
            known = self.targets[ident] = Targets(len(self.log), parts, _applying(parts))
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
                    key: Key = (stamp, PRINTED, position)
                else:
                    key = (max(stamp, grant[0][0]), GRANTED, position)
                found.append((source, parsed, key, _label(source.id, ability, grant)))
        return found

    def _waits(
        self, pending: list[Candidate], layer: str, world: dict[str, Seen]
    ) -> dict[Hashable, tuple[Candidate, ...]]:
        """What each pending effect depends on (CR 613.8a), in the order of ``pending``. The order is
        reevaluated after each effect applies (613.8c), but a pair is checked again only when one of the two
        effects changed: the objects it applies to, its source or the objects the other would change."""
        # What applying each pending effect would change is worked out once per step, not per pair.
        changes: dict[Ident, dict[str, Seen]] = {}
        versions = {c.ident: self._moved(c, layer, world).version for c in pending}
        waits: dict[Hashable, tuple[Candidate, ...]] = {}
        for effect in pending:
            found = self._waited_for(effect, pending, versions, layer, world, changes)
            waits[effect.ident] = tuple(c for c in pending if c.ident in found) if found else ()
        return waits

    def _waited_for(
        self,
        effect: Candidate,
        pending: list[Candidate],
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
            known = self.waits[(layer, effect.ident)] = Waits(effect.targets, source)
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
        effect: Candidate,
        other: Candidate,
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
        effect: Candidate,
        other: Candidate,
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
        effect: Candidate,
        static: StaticAbility,
        source: str,
        other: Candidate,
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
        known = self.sensitivity.setdefault(effect.ident, Sensitivity())
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

    def _moved(self, other: Candidate, layer: str, world: dict[str, Seen]) -> Moved:
        """The objects applying ``other`` in ``layer`` would change, as it would leave them; kept up to date
        with the log while ``other`` applies to the same objects in the same way."""
        known = self.moved.get((layer, other.ident))
        if known is not None and known.targets is other.targets and known.position == len(self.log):
            return known
        if known is None or known.targets is not other.targets:
            known = self.moved[(layer, other.ident)] = Moved(len(self.log), other.targets, {}, {})
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
        self, waits: Mapping[object, tuple[Candidate, ...]], pending: list[Candidate], layer: str
    ) -> None:
        """Remember, for each pending effect, the first effects it was found to depend on (CR 613.8a)."""
        for candidate in pending:
            others = waits.get(candidate.ident, ())
            if others and (layer, candidate.ident) not in self.waited:
                self.waited[(layer, candidate.ident)] = others

    def _vanished(self, layer: str, gone: list[Candidate]) -> None:
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
                            effect=effect_label(candidate),
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

    def _dependency_step(self, candidate: Candidate, layer: str) -> Explanation | None:
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
                effect=effect_label(candidate),
                because=self._because(layer, candidate, others),
                them=_them(others),
                order=order,
            ),
            DEPENDENCY,
            DEPENDS_ON,
            WAITS,
        )

    def _reason(self, layer: str, effect: Candidate, other: Candidate, *, named: bool = False) -> Message:
        """What applying ``other`` changes of ``effect`` (CR 613.8a), said of "it" or of the named effect."""
        of_it, of_named = _REASON_WORDS[self.reasons[(layer, effect.ident, other.ident)]]
        return of_named(effect_label(effect)) if named else of_it

    def _because(
        self, layer: str, effect: Candidate, others: tuple[Candidate, ...] | list[Candidate]
    ) -> Param:
        """The effects ``effect`` depends on, each with what applying it changes (CR 613.8a)."""
        return listing(
            [
                msg(
                    "{effect} (applying that changes {change})",
                    effect=effect_label(o),
                    change=self._reason(layer, effect, o),
                )
                for o in others
            ]
        )

    def _loop_step(self, loop: tuple[Candidate, ...], layer: str) -> Explanation:
        """The dependency loop the next effect was chosen from, and why each of its effects is in it."""
        members = {c.ident for c in loop}
        why = semicolon_series(
            [
                msg(
                    "applying {effect} changes {change}",
                    effect=effect_label(o),
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
                first=effect_label(first),
            ),
            DEPENDS_ON,
            LOOP,
        )

    def _apply(self, candidate: Candidate, layer: str, *, loop: tuple[Candidate, ...]) -> None:
        first = candidate.static is not None and candidate.ident not in self.started
        if first:
            self.started[candidate.ident] = candidate
            self.started_layers[candidate.ident] = candidate_layers(candidate)
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
                said[(gained, name)] = layer_steps(candidate, gained, layer, self.board, name)
            work.steps += said[(gained, name)]
            work.steps += subtypes_not_gained_steps(work.values, specs, gained)
            if candidate.static is None:
                continue
            if first:
                work.statics += [
                    Applied(candidate.key, spec, effect_label(candidate), static=True) for spec in specs
                ]
            if dependency is not None:
                work.steps.append(dependency)
                work.dependent_layers.add(layer)
            work.steps += looped

    def _remember_grants(
        self, handle: str, candidate: Candidate, specs: tuple[EffectSpec, ...], layer: str
    ) -> None:
        """Abilities an effect grants get that effect's timestamp if later than the object's (613.7a)."""
        if layer != "6":
            return
        granter = card(candidate.source) if candidate.source else effect_label(candidate)
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
            self._open_targets(ident, ability, source, world, label)
            for handle, specs in targets.items():
                named = (
                    counted_label(label, ability.per, source, world[handle], world)
                    if ability.per is not None
                    else life_label(label, source)
                    if ability.per_life
                    else chose_label(label, ability, world[handle])
                    if ability.subject.controller_chose
                    else label
                )
                self.works[handle].statics += [Applied(key, spec, named, static=True) for spec in specs]
            if ability.subject.colors:
                for seen in world.values():
                    if seen.id not in targets and qualifies(without_colors(ability.subject), source, seen):
                        has_colors(seen.values, ability.subject.colors, self.works[seen.id].steps, label)

    def _unapplied_notes(self, work: Work, final: FinalWorld) -> list[Explanation]:
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

    def _finish(self, work: Work) -> Computed:
        obj = work.obj
        own = [Applied((e.timestamp, OWN, i), e.spec, own_label(e)) for i, e in enumerate(own_effects(obj))]
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
        power, toughness = layer_seven(work.values, obj, self.board, applied, steps, notes, unknowns)
        notes += shared_layer_notes(applied, work.dependent_layers, work.reordered_layers)
        notes += effects_in_several_layers(applied)
        numbers = {"power": power, "toughness": toughness}
        update = {
            k: PrintedNumber(printed=str(v), value=v) if v is not None else None for k, v in numbers.items()
        }
        values = work.values.model_copy(update=update)
        # What the board leaves undecided about the object itself (how it entered) is unknown here too.
        every = tuple(dict.fromkeys((*obj.unknowns, *unknowns)))
        for note, unknown in land_abilities_unknown(values, every):
            notes.append(note)
            every += (unknown,)
        return Computed.of(values, tuple(steps), tuple(notes), every)


def _seen(work: Work) -> Seen:
    """The object as static abilities see it now (the same object while its values are the same)."""
    unknown = frozenset(name for u in (*work.obj.unknowns, *work.unknowns) for name in u.characteristics)
    own_choices = choices_for_its_text(work.obj)
    if work.seen is None or work.seen.values is not work.values or work.seen.unknown != unknown:
        work.seen = Seen(
            id=work.obj.id,
            values=work.values,
            controller=work.controller,
            attached_to=work.obj.attached_to,
            token=work.obj.token,
            choices=work.obj.choices if own_choices else {},
            undefined_choices=not own_choices,
            on_battlefield=work.live,
            counters=work.obj.counters,
            tapped=work.obj.tapped,
            game=work.game,
            unknown=unknown,
            exiled=work.exiled,
            solved=work.solved,
        )
    return work.seen


def _applying(parts: Mapping[str, tuple[EffectSpec, ...] | None]) -> dict[str, tuple[EffectSpec, ...]]:
    """The objects an ability applies to, with what it does to each, from what it does to every object."""
    return {handle: specs for handle, specs in parts.items() if specs is not None}


def _only(targets: Mapping[str, tuple[EffectSpec, ...]], handle: str) -> dict[str, tuple[EffectSpec, ...]]:
    return {handle: targets[handle]} if handle in targets else {}


def _them(others: tuple[Candidate, ...] | list[Candidate]) -> Message:
    return msg("them") if len(others) > 1 else msg("it")


def _targets_change(
    before: Mapping[str, tuple[EffectSpec, ...]], now: Mapping[str, tuple[EffectSpec, ...]]
) -> str | None:
    """How an effect's targets change (CR 613.8a): other objects, or other parts for the same ones."""
    if before.keys() != now.keys():
        return APPLIES_TO
    return WHAT_IT_DOES if before != now else None


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


def _parsed_static(ability: GameAbility) -> StaticAbility | None:
    # Each step of a layer looks at every ability on the board again: worked out once per ability.
    if ability.band is not None:
        return level_static(ability.band, ability.rules_text)
    if ability.kind is not AbilityKind.STATIC or ability.copy_effect is not None:
        return None
    if applied_by_layers(ability.rules_text):
        return None  # a characteristic-defining ability this module applies itself
    return parse_printed_static(ability.rules_text, ability.text)


_static_of = ByIdentity(_parsed_static, size=1024)


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
