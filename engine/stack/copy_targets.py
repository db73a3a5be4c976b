"""The targets of a copy on the stack (CR 707.10c, 707.10d): the original's, new ones its controller may
choose, or the ones the copy effect sets ("copy it for each other …").
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.messages import Param, card, msg, series
from engine.core.model import Card, CopyEffect
from engine.core.results import Explanation
from engine.oracle.spell_text import SetTargets, Targetable, TargetRequirement, is_legal_target, untargetable
from engine.stack.copies import item_name
from engine.stack.items import (
    DECISIONS,
    FIXED_NOT_CREATED,
    FIXED_TARGET,
    FOR_EACH,
    FOR_EACH_SAME,
    FOR_EACH_SKIPPED,
    ILLEGAL_ON_RESOLUTION,
    KEPT_ILLEGAL,
    MODE_TARGETS,
    MODES,
    NEW_TARGETS,
    PLAYERS,
    TARGETS,
    UNCHANGED,
    UNTARGETABLE,
    Player,
    StackItem,
    color_words,
    explain,
    lookup_target,
    refuse,
    requirement_for_slot,
    requirement_param,
    requirements_of,
    target_param,
    targets_unknown,
    untargetable_message,
)


def set_targets(
    original: StackItem,
    rule: SetTargets,
    via: Card,
    new_targets: tuple[str, ...] | None,
    controller: Player,
    objects: Mapping[str, Targetable],
) -> tuple[tuple[str, ...], list[Explanation], tuple[str, ...]]:
    """The copy's targets when the effect sets them; also every target a copy is made for (707.10d)."""
    old, name = original.choices.targets, item_name(original)
    same = FOR_EACH_SAME if rule.for_each else FIXED_TARGET
    if targets_unknown(original):
        raise refuse(
            msg(
                "{card} copies a spell by its targets, and the board doesn't give {spell}'s (targets: [...] "
                "says).",
                card=card(via.name),
                spell=name,
            ),
            same,
            TARGETS,
        )
    if len(set(old)) != 1:
        raise refuse(
            msg(
                "{card} copies only a spell whose targets are all one player or object.", card=card(via.name)
            ),
            same,
        )
    pool = {**PLAYERS, **objects}
    wanted = TargetRequirement(phrase=rule.phrase)
    fits = [h for h, t in pool.items() if h != old[0] and is_legal_target(wanted, t, controller)]
    requirements = requirements_of(original)
    legal = [h for h in fits if _legal_for_each_target(requirements, len(old), pool[h], controller)]
    described = series([target_param(h, objects) for h in legal]) if legal else msg("none")
    if not rule.for_each:
        chosen = new_targets[0] if new_targets and len(set(new_targets)) == 1 else None
        if chosen is None:
            raise refuse(
                msg(
                    "{card}'s copy targets the {phrase} its ability chose (possible here: {possible}); "
                    "describe the board in a file and give it as new_targets: [handle].",
                    card=card(via.name),
                    phrase=rule.phrase,
                    possible=described,
                ),
                FIXED_TARGET,
            )
        if chosen not in legal:
            raise refuse(
                msg(
                    "{target} can't be the copy's target: it isn't another {phrase} that is a legal target "
                    "for {spell}, so the copy isn't created. Possible: {possible}.",
                    target=card(lookup_target(chosen, objects).name),
                    phrase=rule.phrase,
                    spell=name,
                    possible=described,
                ),
                FIXED_TARGET,
                FIXED_NOT_CREATED,
            )
        step = explain(
            msg(
                "{via} sets the copy's target: the chosen {phrase}, {target}, for each instance of the word "
                '"target"; it is a legal target.',
                via=card(via.name),
                phrase=rule.phrase,
                target=target_param(chosen, objects),
            ),
            FIXED_TARGET,
        )
        return (chosen,) * len(old), [step], ()
    if not legal:
        raise refuse(
            msg(
                "{card} creates no copy: no other {phrase} is a legal target for {spell}.",
                card=card(via.name),
                phrase=rule.phrase,
                spell=name,
            ),
            FOR_EACH,
            FOR_EACH_SKIPPED,
        )
    chosen = new_targets[0] if new_targets else legal[0]
    if new_targets and (set(new_targets) != {chosen} or chosen not in legal):
        raise refuse(
            msg(
                "new_targets picks which of {card}'s copies to show: one of {legal}.",
                card=card(via.name),
                legal=str(legal),
            ),
            FOR_EACH,
        )
    chooser = msg("you choose") if controller == "you" else msg("your opponent chooses")
    steps = [
        explain(
            msg(
                "{via} creates one copy of {spell} for each other {phrase} it could target: {targets}. Each "
                "copy "
                'targets only that one, for each instance of the word "target"; they go on the stack in the '
                "order {chooser}. This answer is the copy that targets {target}.",
                via=card(via.name),
                spell=name,
                phrase=rule.phrase,
                targets=series([target_param(h, objects) for h in legal]),
                chooser=chooser,
                target=target_param(chosen, objects),
            ),
            FOR_EACH,
            FOR_EACH_SAME,
        )
    ]
    skipped = [target_param(h, objects) for h in fits if h not in legal]
    if skipped:
        steps.append(
            explain(
                msg(
                    "No copy for {targets}: not a legal target for {spell}.",
                    targets=series(skipped),
                    spell=name,
                ),
                FOR_EACH_SKIPPED,
            )
        )
    return (chosen,) * len(old), steps, tuple(legal)


def _kept_illegal(
    original: StackItem, controller: Player, objects: Mapping[str, Targetable], may_change: bool
) -> list[Explanation]:
    """A kept target the copy's controller couldn't choose stays, but it is illegal for the copy."""
    requirements = requirements_of(original)
    targets = original.choices.targets
    illegal: list[Param] = []
    for slot, handle in enumerate(targets):
        requirement = requirement_for_slot(requirements, slot)
        candidate = PLAYERS.get(handle) or objects.get(handle)
        if requirement and candidate and not is_legal_target(requirement, candidate, controller):
            illegal.append(target_param(handle, objects))
    if not illegal:
        return []
    if len(set(illegal)) != len(set(targets)):
        consequence = msg("the copy won't affect it")
    elif may_change:
        consequence = msg("so unless it gets legal new targets the copy won't resolve")
    else:
        consequence = msg("so the copy won't resolve")
    return [
        explain(
            msg(
                "The copy keeps {targets} as target even though that isn't a legal target for a spell its "
                "controller controls; {consequence}.",
                targets=series(illegal),
                consequence=consequence,
            ),
            KEPT_ILLEGAL,
            ILLEGAL_ON_RESOLUTION,
        )
    ]


def _legal_for_each_target(
    requirements: tuple[TargetRequirement, ...], count: int, candidate: Targetable, controller: Player
) -> bool:
    slots = [requirement_for_slot(requirements, slot) for slot in range(count)]
    return all(r is not None and is_legal_target(r, candidate, controller) for r in slots)


def allows_new_targets(effect: CopyEffect) -> bool:
    """Whether the copy effect lets the copy's controller choose new targets (CR 707.10c)."""
    return "new target" in effect.text.casefold()


def targets_for_copy(
    original: StackItem,
    effect: CopyEffect,
    via: Card,
    new_targets: tuple[str, ...] | None,
    controller: Player,
    objects: Mapping[str, Targetable],
) -> tuple[tuple[str, ...], list[Explanation]]:
    """The copy's targets, the original's unless new ones are given and the effect lets its controller
    choose them (CR 707.10c), with the steps saying why each is legal."""
    old = original.choices.targets
    if targets_unknown(original):
        return _replacing_unknown(original, effect, via, new_targets, controller, objects)
    if new_targets is None or new_targets == old:
        illegal = _kept_illegal(original, controller, objects, allows_new_targets(effect))
        if old and allows_new_targets(effect):
            keep = explain(
                msg(
                    "{via} lets the copy's controller choose new targets; any changed target must be legal. "
                    "Here the copy keeps the original's targets (they may stay even if now illegal).",
                    via=card(via.name),
                ),
                NEW_TARGETS,
                UNCHANGED,
            )
            return old, [keep, *illegal]
        return old, illegal
    if not allows_new_targets(effect):
        raise refuse(
            msg(
                "{card} doesn't let you choose new targets; the copy keeps {targets}.",
                card=card(via.name),
                targets=str(list(old)),
            ),
            DECISIONS,
        )
    if len(new_targets) != len(old):
        raise refuse(
            msg(
                "The copy has exactly {count} target(s), like the original; give {count} new_targets.",
                count=len(old),
            ),
            TARGETS,
            DECISIONS,
        )
    requirements = requirements_of(original)
    steps: list[Explanation] = []
    for slot, (before, after) in enumerate(zip(old, new_targets, strict=True)):
        if before == after:
            continue
        requirement = _legal_new_target(original, requirements, slot, after, controller, objects)
        steps.append(
            explain(
                msg(
                    "New target {new} instead of {old}: it is a legal target ({requirement}).",
                    new=target_param(after, objects),
                    old=target_param(before, objects),
                    requirement=requirement_param(requirement),
                ),
                NEW_TARGETS,
                UNCHANGED,
            )
        )
    return new_targets, steps


def _legal_new_target(
    original: StackItem,
    requirements: tuple[TargetRequirement, ...],
    slot: int,
    after: str,
    controller: Player,
    objects: Mapping[str, Targetable],
) -> TargetRequirement:
    """The requirement the new ``slot``-th target meets; an error when it doesn't (CR 707.10c)."""
    requirement = requirement_for_slot(requirements, slot)
    candidate = lookup_target(after, objects)
    if requirement is not None:
        stopped = untargetable(candidate, controller, color_words(original))
        if stopped is not None:
            raise refuse(
                untargetable_message(candidate, stopped), NEW_TARGETS, UNTARGETABLE[stopped.split()[0]]
            )
    if requirement is None or not is_legal_target(requirement, candidate, controller):
        wanted: Param = requirement.phrase if requirement else msg("nothing")
        rules = (NEW_TARGETS, MODES, MODE_TARGETS) if original.choices.modes else (NEW_TARGETS,)
        raise refuse(
            msg(
                "{card} isn't a legal new target: that target must be {wanted}.",
                card=card(candidate.name),
                wanted=wanted,
            ),
            *rules,
        )
    return requirement


def _replacing_unknown(
    original: StackItem,
    effect: CopyEffect,
    via: Card,
    new_targets: tuple[str, ...] | None,
    controller: Player,
    objects: Mapping[str, Targetable],
) -> tuple[tuple[str, ...], list[Explanation]]:
    """The copy's targets when the board doesn't give the original's: the same unknown ones, unless the
    effect lets its controller choose new ones and ``new_targets`` replaces every one (CR 707.10c)."""
    may_change = allows_new_targets(effect)
    if new_targets is None:
        if not may_change:
            return (), []
        keep = explain(
            msg(
                "{via} lets the copy's controller choose new targets; any changed target must be legal. The "
                "board doesn't say they did (new_targets: [...] says), so the copy keeps the original's "
                "targets, whatever they are.",
                via=card(via.name),
            ),
            NEW_TARGETS,
            UNCHANGED,
        )
        return (), [keep]
    if not may_change:
        raise refuse(
            msg(
                "{card} doesn't let you choose new targets; the copy keeps the original's, which the board "
                "doesn't give (targets: [...] says).",
                card=card(via.name),
            ),
            DECISIONS,
        )
    requirements = requirements_of(original)
    if not requirements or any(r.variable for r in requirements) or len(new_targets) != len(requirements):
        raise refuse(
            msg(
                "The board doesn't give {spell}'s targets (targets: [...] says), so new_targets can't say "
                "which of them changed: give the original's targets (and its modes) too.",
                spell=item_name(original),
            ),
            TARGETS,
            DECISIONS,
            NEW_TARGETS,
        )
    steps = []
    for slot, after in enumerate(new_targets):
        requirement = _legal_new_target(original, requirements, slot, after, controller, objects)
        steps.append(
            explain(
                msg(
                    "New target {new} instead of the original's (which the board doesn't give): it is a "
                    "legal target ({requirement}).",
                    new=target_param(after, objects),
                    requirement=requirement_param(requirement),
                ),
                NEW_TARGETS,
            )
        )
    return new_targets, steps
