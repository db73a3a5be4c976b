"""The ``stack:`` section of a board (bottom first) and the copies it asks about.

:class:`~engine.state.stack_spec.StackEntrySpec` validates one entry as the user wrote it (card names stay
names); :func:`build_stack` turns the entries into :class:`~engine.stack.items.StackSpell` /
:class:`~engine.stack.items.StackAbility` objects and applies every ``copy_of`` entry in order, given the
parsed cards by name and the board's objects.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.mana import mana_symbols
from engine.core.messages import Message, msg
from engine.core.messages import card as card_name
from engine.core.model import AbilityKind, Card, CopyScope, Frozen
from engine.core.results import Explanation
from engine.oracle.spell_text import Targetable, TargetKind, casualty_of, mana_rider
from engine.stack.ability_copies import copy_ability
from engine.stack.cast_copies import cast_copy
from engine.stack.copies import StackCopyResult
from engine.stack.items import (
    Choices,
    ManaSource,
    PaidObject,
    Payment,
    StackAbility,
    StackError,
    StackItem,
    StackSpell,
    as_targetable,
    check_targets,
    spell_face,
    validate_choices,
)
from engine.stack.spell_copies import copy_spell
from engine.state.stack_spec import MAX_STACK, PaidObjectSpec, PaidSpec, StackEntrySpec


class BoardObject(Frozen):
    """A board object the stack can refer to: as a target, and the card whose abilities it has."""

    target: Targetable
    card: Card | None = None
    zone: str = "battlefield"


def board_object(handle: str, card: Card, controller: str = "you", zone: str = "battlefield") -> BoardObject:
    """A board object whose characteristics are ``card``'s front face (a permanent, or a card elsewhere)."""
    kind = TargetKind.PERMANENT if zone == "battlefield" else TargetKind.CARD
    target = Targetable(
        handle=handle,
        name=card.front.name,
        kind=kind,
        types=card.front.type_line.types,
        controller=controller,
    )
    return BoardObject(target=target, card=card, zone=zone)


class StackScenario(Frozen):
    """The stack built from the entries, bottom first, and one answer per copy entry."""

    items: tuple[StackItem, ...]
    copies: tuple[StackCopyResult, ...]

    def answer(self, query: str | None = None) -> StackCopyResult:
        """The copy named ``query`` (default: the last copy)."""
        if not self.copies:
            raise _error(msg("the stack has no copy_of entry to answer about"))
        if query is None:
            return self.copies[-1]
        for result in self.copies:
            if result.id == query:
                return result
        raise _error(
            msg(
                "query {query} is not a copy on the stack; copies: {copies}",
                query=repr(query),
                copies=str([c.id for c in self.copies]),
            )
        )


def _error(problem: str | Message, line: int = 0, rules: tuple[str, ...] = ()) -> StackError:
    """A stack entry's problem, naming its line when it is known."""
    if isinstance(problem, str):  # a message only English has
        return StackError(Explanation(text=f"line {line}: {problem}" if line else problem, rules=rules))
    said = msg("line {line}: {problem}", line=line, problem=problem) if line else problem
    return StackError(Explanation(text=said.english, rules=rules, message=said))


def stack_handles(entries: tuple[StackEntrySpec, ...]) -> tuple[str, ...]:
    """Each entry's handle: its ``id``, else the card name, "<source> ability N" or "<original> copy"."""
    used: set[str] = set()
    handles: list[str] = []
    for entry in entries:
        handle = entry.id or _default_handle(entry, used)
        if handle in used:
            raise _error(
                msg("handle {handle} is already used; give this entry another id", handle=repr(handle)),
                entry.line,
            )
        used.add(handle)
        handles.append(handle)
    return tuple(handles)


def _default_handle(entry: StackEntrySpec, used: set[str]) -> str:
    if entry.copy_of:
        base = f"{entry.copy_of} copy"
    elif entry.ability is not None:
        base = f"{entry.source or entry.card} ability {entry.ability}"
    else:
        base = entry.card or "spell"
    handle, n = base, 1
    while handle in used:
        n += 1
        handle = f"{base} {n}"
    return handle


def build_stack(
    entries: tuple[StackEntrySpec, ...],
    catalogue: Mapping[str, Card],
    objects: Mapping[str, BoardObject] | None = None,
) -> StackScenario:
    """Build the stack bottom first and apply each copy entry (CR 707.10–707.12)."""
    if len(entries) > MAX_STACK:
        raise _error(msg("the stack may have at most {limit} entries", limit=MAX_STACK))
    board = dict(objects or {})
    items: dict[str, StackItem] = {}
    copies: list[StackCopyResult] = []
    for entry, handle in zip(entries, stack_handles(entries), strict=True):
        if handle in board:
            raise _error(
                msg(
                    "handle {handle} is already used by a board object; give this entry an id",
                    handle=repr(handle),
                ),
                entry.line,
            )
        try:
            if entry.copy_of:
                result = _copy(entry, handle, catalogue, board, items)
                copies.append(result)
                item: StackItem = result.item
            elif entry.ability is not None:
                item = _ability(entry, handle, catalogue, board)
            else:
                item = _spell(entry, handle, catalogue, board, items)
        except StackError as error:
            raise _error(error.wording or str(error), entry.line, error.explanation.rules) from error
        items[handle] = item
    return StackScenario(items=tuple(items.values()), copies=tuple(copies))


def _card(name: str, catalogue: Mapping[str, Card]) -> Card:
    if name not in catalogue:
        raise _error(msg("unknown card {card}", card=repr(name)))
    return catalogue[name]


def _targets(items: Mapping[str, StackItem], board: Mapping[str, BoardObject]) -> dict[str, Targetable]:
    found = {handle: obj.target for handle, obj in board.items()}
    found.update({handle: as_targetable(item) for handle, item in items.items()})
    return found


def _choices(entry: StackEntrySpec, catalogue: Mapping[str, Card]) -> Choices:
    return Choices(
        modes=entry.modes,
        targets=entry.targets,
        targets_given=_targets_given(entry),
        x=entry.x,
        kicked=entry.kicked,
        entwined=entry.entwined,
        buyback=entry.buyback,
        squad=entry.squad,
        offspring=entry.offspring,
        cleaved=entry.cleaved,
        prototyped=entry.prototyped,
        spliced=tuple(_card(name, catalogue) for name in entry.spliced),
        division=entry.division,
    )


def _targets_given(entry: StackEntrySpec) -> bool:
    """Whether the entry says its targets (``targets: []`` says it has none; no ``targets:`` doesn't)."""
    return "targets" in entry.model_fields_set


def _payment(paid: PaidSpec | None, catalogue: Mapping[str, Card]) -> Payment:
    if paid is None:
        return Payment(cast_from=None)  # where it was cast from isn't given
    objects = tuple(
        _paid_object(spec, how, catalogue)
        for how, specs in (
            ("sacrificed", paid.sacrificed),
            ("discarded", paid.discarded),
            ("exiled", paid.exiled),
            ("tapped", paid.tapped),
        )
        for spec in specs
    )
    sources = tuple(_mana_source(_card(name, catalogue)) for name in paid.with_sources)
    return Payment(
        objects=objects,
        mana=mana_symbols(paid.mana),
        cast_from=paid.cast_from if "cast_from" in paid.model_fields_set else None,
        mana_sources=sources,
        alternative_cost=paid.alternative,
    )


def _paid_object(spec: PaidObjectSpec, how: str, catalogue: Mapping[str, Card]) -> PaidObject:
    """The paid object's last known values: as given, else as printed when the card fixes them."""
    front = _card(spec.card, catalogue).front
    printed_power = front.power.value if front.power else None
    printed_toughness = front.toughness.value if front.toughness else None
    return PaidObject(
        card=front.name,
        how=how,
        power=spec.power if spec.power is not None else printed_power,
        toughness=spec.toughness if spec.toughness is not None else printed_toughness,
        mana_value=spec.mana_value if spec.mana_value is not None else front.mana_value,
    )


def _mana_source(card: Card) -> ManaSource:
    riders = (mana_rider(a.rules_text) for face in card.faces for a in face.abilities)
    return ManaSource(name=card.name, rider=next((r for r in riders if r), None))


def _spell(
    entry: StackEntrySpec,
    handle: str,
    catalogue: Mapping[str, Card],
    board: Mapping[str, BoardObject],
    items: Mapping[str, StackItem],
) -> StackSpell:
    if not entry.card:
        raise _error(msg("a stack entry needs card:, copy_of: or source: with ability:"))
    card = _card(entry.card, catalogue)
    _check_face(entry, card)
    up = entry.transformed or entry.face in ("back", "adventure")
    choices = validate_choices(card, _choices(entry, catalogue), back_face_up=up)
    spell = StackSpell(
        handle=handle,
        card=card,
        controller=entry.controller,
        owner=entry.controller,
        choices=choices,
        payment=_payment(entry.paid, catalogue),
        back_face_up=up,
    )
    check_targets(spell, _targets(items, board))
    _check_casualty(spell)
    return spell


_FACES = {"back": ("modal_dfc", "transform"), "adventure": ("adventure",)}


def _check_face(entry: StackEntrySpec, card: Card) -> None:
    """``face: back`` is for a double-faced card, ``face: adventure`` for an adventurer card (CR 712.11b,
    715.3): any other card has no such face to cast."""
    if entry.face in _FACES and card.layout not in _FACES[entry.face]:
        raise _error(
            msg(
                "{card} has no {face} face to cast (face: back is for a double-faced card, face: adventure "
                "for an adventurer card).",
                card=card_name(card.name),
                face=entry.face,
            )
        )


def _check_casualty(spell: StackSpell) -> None:
    """Casualty N is paid by sacrificing a creature with power N or greater (CR 702.153a): a sacrifice the
    board gives with less power can't have paid it."""
    n = casualty_of(a.rules_text for a in spell_face(spell).abilities)
    needed = spell.choices.x if n == "X" else int(n) if n is not None else None
    powers = [o.power for o in spell.payment.objects if o.how == "sacrificed"]
    if needed is None or not powers or any(p is None or p >= needed for p in powers):
        return
    raise _error(
        msg(
            "{card}'s casualty {n} needs a sacrificed creature with power {needed} or greater (CR 702.153a); "
            "the board's has power {power}",
            card=card_name(spell.card.name),
            n=n or "",
            needed=needed,
            power=max(p for p in powers if p is not None),
        ),
        rules=("702.153a",),
    )


def _ability(
    entry: StackEntrySpec, handle: str, catalogue: Mapping[str, Card], board: Mapping[str, BoardObject]
) -> StackAbility:
    source, card = _ability_source(entry, catalogue, board)
    abilities = [a for face in card.faces for a in face.abilities]
    ability = next((a for a in abilities if a.index == entry.ability), None)
    if ability is None or ability.kind not in (
        AbilityKind.TRIGGERED,
        AbilityKind.ACTIVATED,
        AbilityKind.LOYALTY,
    ):
        listed = "; ".join(
            f"{a.index}: {a.text}"
            for a in abilities
            if a.kind in (AbilityKind.TRIGGERED, AbilityKind.ACTIVATED, AbilityKind.LOYALTY)
        )
        raise _error(
            msg(
                "{card} has no activated or triggered ability {number}; it has: {listed}",
                card=card_name(card.name),
                number=str(entry.ability),
                listed=listed or msg("none"),
            )
        )
    item = StackAbility(
        handle=handle,
        source=source,
        source_card=card,
        ability=ability,
        controller=entry.controller,
        choices=Choices(
            modes=entry.modes, targets=entry.targets, targets_given=_targets_given(entry), x=entry.x
        ),
    )
    check_targets(item, _targets({}, board))
    return item


def _ability_source(
    entry: StackEntrySpec, catalogue: Mapping[str, Card], board: Mapping[str, BoardObject]
) -> tuple[Targetable, Card]:
    if entry.source:
        obj = board.get(entry.source)
        if obj is None or obj.card is None:
            raise _error(msg("source {source} is not an object defined earlier", source=repr(entry.source)))
        return obj.target, obj.card
    if not entry.card:
        raise _error(msg("an ability entry needs source: (an object handle) or card:"))
    card = _card(entry.card, catalogue)
    return Targetable(
        handle=card.name, name=card.name, kind=TargetKind.CARD, controller=entry.controller
    ), card


def _copy(
    entry: StackEntrySpec,
    handle: str,
    catalogue: Mapping[str, Card],
    board: Mapping[str, BoardObject],
    items: Mapping[str, StackItem],
) -> StackCopyResult:
    if not entry.via:
        raise _error(msg("a copy_of entry needs via: (the card whose effect copies)"))
    via = _card(entry.via, catalogue)
    candidates = _targets(items, board)
    if _casts_copy(via):
        card = _cast_copy_card(entry.copy_of or "", items, board, catalogue)
        return cast_copy(
            card,
            via,
            handle=handle,
            copy_of=entry.copy_of or card.name,
            controller=entry.controller,
            choices=_choices(entry, catalogue),
            payment=_payment(entry.paid, catalogue).model_copy(
                update={"cast_from": _copy_zone(entry, items, board)}
            ),
            objects=candidates,
        )
    original = items.get(entry.copy_of or "")
    if original is None:
        raise _error(
            msg("copy_of {handle} is not a spell or ability lower on the stack", handle=repr(entry.copy_of))
        )
    if isinstance(original, StackAbility):
        return copy_ability(
            original,
            via,
            handle=handle,
            controller=entry.controller,
            new_targets=entry.new_targets,
            objects=candidates,
        )
    return copy_spell(
        original,
        via,
        handle=handle,
        controller=entry.controller,
        new_targets=entry.new_targets,
        objects=candidates,
        via_mana=mana_symbols(entry.paid.mana) if entry.paid else (),
    )


def _casts_copy(via: Card) -> bool:
    return any(e.scope is CopyScope.CAST_COPY for face in via.faces for e in face.copy_effects)


def _cast_copy_card(
    copy_of: str,
    items: Mapping[str, StackItem],
    board: Mapping[str, BoardObject],
    catalogue: Mapping[str, Card],
) -> Card:
    item = items.get(copy_of)
    if isinstance(item, StackSpell):
        return item.card
    obj = board.get(copy_of)
    if obj is not None and obj.card is not None:
        return obj.card
    return _card(copy_of, catalogue)


def _copy_zone(
    entry: StackEntrySpec, items: Mapping[str, StackItem], board: Mapping[str, BoardObject]
) -> str | None:
    """A cast copy is created in the zone the copied object is in (CR 707.12)."""
    if entry.paid and "cast_from" in entry.paid.model_fields_set:
        return entry.paid.cast_from
    if (entry.copy_of or "") in items:
        return "stack"
    obj = board.get(entry.copy_of or "")
    return obj.zone if obj else None
