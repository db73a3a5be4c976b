"""The board answer about a copy on the stack: the board's CH views plus the stack copy's own fields.

``mtg-judge board`` prints ``result`` as :class:`StackCopyAnswer` when the board has a ``stack:``
section: ``id``, ``copiable``, ``current``, ``steps`` and ``notes`` as for a permanent, and ``choices``,
``cast``, ``owner``, ``controller``, ``copied``, ``not_copied``, ``outcomes`` and ``resolves_as``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Literal

from pydantic import Field

from engine.actions.events import board_from_spec
from engine.answers.copy_result import (
    Answer,
    CharacteristicsView,
    CurrentView,
    ObjectSummary,
    Status,
    object_summary,
    one_question,
)
from engine.answers.copy_triggers import CopyTrigger, being_cast_item, copy_triggers
from engine.answers.stack_board import BoardObject, build_stack
from engine.core.budget import QuestionBudget
from engine.core.effects import Player
from engine.core.known import Known, Unsure, is_true
from engine.core.messages import Message, card, msg
from engine.core.model import Ability, AbilityKind, Card, CopyScope, Frozen
from engine.core.results import UNKNOWN, Explanation
from engine.layers.computed import Computed
from engine.layers.control import current_controller
from engine.layers.copiable import copiable_values
from engine.layers.system import current_characteristics
from engine.oracle.spell_text import (
    Targetable,
    TargetKind,
    TargetRequirement,
    protection_colors,
    set_targets_of,
    target_requirements,
)
from engine.stack.copies import CopiedItem, CopyChoices, NotCopied, Outcome, StackCopyResult, copy_effect_for
from engine.stack.items import (
    COPY_MEANS,
    StackAbility,
    StackCharacteristics,
    StackError,
    StackSpell,
    refuse,
    requirements_of,
)
from engine.stack.spell_copies import BEING_CAST
from engine.state.board import Board, BoardError, BoardSpec, GameObject, ObjectSpec, Zone
from engine.state.stack_spec import StackEntrySpec


class StackCopyAnswer(Answer):
    """The ``result`` of a board whose query is a copy on the stack."""

    id: str
    copiable: CharacteristicsView
    current: CurrentView
    steps: tuple[Explanation, ...]
    notes: tuple[Explanation, ...]
    copy_of: str
    via: str
    kind: Literal["spell", "ability"]
    source: str | None
    choices: CopyChoices
    cast: bool
    owner: str | None
    controller: str
    copied: tuple[CopiedItem, ...]
    not_copied: tuple[NotCopied, ...]
    outcomes: tuple[Outcome, ...]
    resolves_as: str | None
    triggers: tuple[CopyTrigger, ...] = ()
    """The board's "whenever you cast or copy" abilities the copy triggers, or doesn't (CR 603.2, 707.10)."""
    label: Message | None = Field(default=None, exclude=True)
    """How a front end names the copy when its ``id`` is the one a copy question made up ("Twincast's
    copy"), in the answer's language; not in the JSON."""


class StackBoardAnswer(Answer):
    """Everything ``board`` prints for a board with a ``stack:`` section (``BoardAnswer``'s shape)."""

    rules_version: str
    objects: tuple[ObjectSummary, ...]
    result: StackCopyAnswer


def answer_stack_board(
    spec: BoardSpec,
    entries: tuple[StackEntrySpec, ...],
    cards: Mapping[str, Card],
    rules_version: str,
    budget: QuestionBudget | None = None,
) -> StackBoardAnswer:
    """Build the board, then its stack (bottom first), and answer about the queried copy, within ``budget``
    (default: the engine's limits)."""
    with one_question(budget):
        board = board_from_spec(spec, cards)
        return StackBoardAnswer(
            rules_version=rules_version,
            objects=tuple(object_summary(obj) for obj in board.objects),
            result=answer_stack(entries, board, cards, spec.query),
        )


def answer_stack(
    entries: tuple[StackEntrySpec, ...], board: Board, cards: Mapping[str, Card], query: str | None
) -> StackCopyAnswer:
    """Build the stack over ``board`` and answer about the copy ``query`` (default: the last copy)."""
    named = _named_by(entries)
    if any(_enumerates_targets(cards.get(entry.via or "")) for entry in entries):
        named = frozenset(obj.id for obj in board.objects)  # "a copy for each …": every object counts
    scenario = build_stack(entries, cards, board_objects(board, cards, named))
    result = scenario.answer(query)
    answer = stack_copy_answer(result)
    hits = copy_triggers(board, result)
    if not hits:
        return answer
    being_cast = being_cast_item(hits)
    not_copied = tuple(
        said
        for item in answer.not_copied
        for said in ((item, being_cast) if being_cast and item.message == BEING_CAST else (item,))
    )
    notes = (*answer.notes, *(hit.explanation for hit in hits if not hit.not_cast))
    return answer.model_copy(update={"triggers": hits, "notes": notes, "not_copied": not_copied})


def board_objects(board: Board, cards: Mapping[str, Card], named: frozenset[str]) -> dict[str, BoardObject]:
    """The board's objects as the stack sees them: current types and controller, and their abilities' card.
    One whose name or card types aren't known is left out unless a stack entry names it (``named``): then
    the question is refused, since what it can be targeted by rests on them."""
    found: dict[str, BoardObject] = {}
    for obj in board.objects:
        seen = _board_object(obj, board, cards, refuse=obj.id in named)
        if seen is not None:
            found[obj.id] = seen
    return found


def _enumerates_targets(via: Card | None) -> bool:
    """Whether ``via`` copies a spell with targets it sets from the board ("a copy for each other …")."""
    return via is not None and any(set_targets_of(e) for face in via.faces for e in face.copy_effects)


def _named_by(entries: tuple[StackEntrySpec, ...]) -> frozenset[str]:
    """Every string a stack entry gives (targets, source, copy_of, paid objects …): the handles it names."""

    def strings(value: object) -> Iterator[str]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, Mapping):
            for item in value.values():
                yield from strings(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                yield from strings(item)

    return frozenset(text for entry in entries for text in strings(entry.model_dump()))


def _board_object(
    obj: GameObject, board: Board, cards: Mapping[str, Card], *, refuse: bool
) -> BoardObject | None:
    on_battlefield = obj.zone is Zone.BATTLEFIELD
    values = (
        current_characteristics(obj, board).known_for("name", "types")
        if on_battlefield
        else Known(copiable_values(obj))
    )
    if isinstance(values, Unsure) and not refuse:
        return None
    if isinstance(values, Unsure):
        raise BoardError(
            msg(
                "A stack question needs what each permanent is to say what can be targeted, and {object}'s "
                "name or card types are unknown, because {reason}.",
                object=card(obj.id),
                reason=values.reason,
            )
        )
    values_now = current_characteristics(obj, board)
    target = Targetable(
        handle=obj.id,
        name=values.value.name or "a face-down permanent",
        kind=TargetKind.PERMANENT if on_battlefield else TargetKind.CARD,
        types=values.value.types,
        controller=current_controller(obj).value,
        hexproof=on_battlefield and is_true(values_now.has_keyword("hexproof")),
        shroud=on_battlefield and is_true(values_now.has_keyword("shroud")),
        protection_from=_protection(values_now) if on_battlefield else (),
    )
    # a copy has the abilities of what it copies (CR 707.2): use that card when the catalogue has it
    text_card = cards.get(copiable_values(obj).name or "", obj.card)
    return BoardObject(target=target, card=text_card, zone=obj.zone.value)


def _protection(values: Computed) -> tuple[str, ...]:
    """The colors its known protection abilities name (CR 702.16a)."""
    abilities = values.abilities
    if isinstance(abilities, Unsure):
        return ()
    protections = (
        a.keyword_parameter or "" for a in abilities.value if (a.keyword or "").casefold() == "protection"
    )
    return tuple(color for parameter in protections for color in protection_colors(parameter))


def stack_copy_answer(result: StackCopyResult) -> StackCopyAnswer:
    """The JSON-ready answer for one copy on the stack."""
    values = result.characteristics
    return StackCopyAnswer(
        id=result.id,
        copiable=CharacteristicsView(**_view(values, numbers=False)),
        current=CurrentView(
            **_view(values, numbers=True),
            counters={},
            token=False,
            status=Status(tapped=False, flipped=False, face_down=None, transformed=False),
        ),
        steps=result.steps,
        notes=result.notes,
        copy_of=result.copy_of,
        via=result.via,
        kind=result.kind,
        source=result.source,
        choices=result.choices,
        cast=result.cast,
        owner=result.owner,
        controller=result.controller,
        copied=result.copied,
        not_copied=result.not_copied,
        outcomes=result.outcomes,
        resolves_as=result.resolves_as,
        label=msg("{card}'s copy", card=card(result.via)) if result.id == _copy_handle(result.via) else None,
    )


def _copy_handle(via: str) -> str:
    """The handle :func:`stack_copy_question` gives the copy it asks about."""
    return f"{via}'s copy"


def _view(values: StackCharacteristics, *, numbers: bool) -> dict[str, object]:
    def shown(printed: str | None) -> str | int | None:
        if printed is None:
            return None
        return int(printed) if numbers and printed.lstrip("-").isdigit() else printed

    view: dict[str, object] = {
        **values.model_dump(exclude={"power", "toughness", "loyalty", "mana_value", "unknown"}),
        "mana_value": UNKNOWN if values.mana_value is None else int(values.mana_value),
        "power": shown(values.power),
        "toughness": shown(values.toughness),
        "loyalty": shown(values.loyalty),
    }
    if "mana cost" in values.unknown:
        view.update(mana_cost=UNKNOWN, mana_value=UNKNOWN)
    view.update({number: UNKNOWN for number in ("power", "toughness") if number in values.unknown})
    if "colors" in values.unknown:
        view["colors"] = ()  # a list shows only what is known to apply
    return {**view, "unknown": values.unknown}


_DEFAULT_TARGETS = (
    ("creature", "Grizzly Bears"),
    ("artifact", "Ornithopter"),
    ("enchantment", "Glorious Anthem"),
    ("land", "Forest"),
    ("planeswalker", "Jace Beleren"),
    ("permanent", "Grizzly Bears"),
)
_STACK_SCOPES = (CopyScope.CAST_COPY, CopyScope.COPY_ABILITY, CopyScope.COPY_SPELL)


class StackQuestion(Frozen):
    """The default board of "COPIER copies ORIGINAL" for a COPIER that copies spells or abilities."""

    objects: tuple[ObjectSpec, ...]
    stack: tuple[StackEntrySpec, ...]
    query: str


def copies_on_the_stack(copier: Card, original: Card) -> bool:
    """Whether ``copier`` copies ``original`` as a spell or ability on the stack (or casts a copy of it)."""
    return stack_copy_scope(copier, original) is not None


def stack_copy_scope(copier: Card, original: Card) -> CopyScope | None:
    """How ``copier`` copies ``original`` on the stack, or None when it can't."""
    scopes = [s for s in _STACK_SCOPES if any(e.scope is s for f in copier.faces for e in f.copy_effects)]
    controller = Player.YOU if _needs_your_own(copier) else Player.OPPONENT
    for scope in scopes:
        if scope is CopyScope.CAST_COPY:
            if "Land" not in original.front.type_line.types:
                return scope
            continue
        try:
            item = _ability_item(copier, original, controller) if scope is CopyScope.COPY_ABILITY else None
            copy_effect_for(
                copier,
                scope,
                item or StackSpell(handle="original", card=original, controller=controller.value),
                "you",
            )
        except StackError:
            continue
        return scope
    return None


def _ability_item(copier: Card, original: Card, controller: Player) -> StackAbility:
    source = Targetable(
        handle=original.name, name=original.name, kind=TargetKind.PERMANENT, controller=controller.value
    )
    return StackAbility(
        handle="original",
        source=source,
        source_card=original,
        ability=_copied_ability(copier, original),
        controller=controller.value,
    )


def stack_copy_question(copier: Card, original: Card) -> StackQuestion:
    """ORIGINAL on the stack (cast by the opponent, or by you when COPIER copies only your own spells or
    abilities), its targets the other player or a default permanent, and COPIER's copy of it; for
    "cast a copy" effects ORIGINAL is in exile. Choices like modes, X and kicker need a board file.
    """
    scope = stack_copy_scope(copier, original)
    if scope is None:
        raise refuse(
            msg(
                "{copier} can't copy {original} on the stack.",
                copier=card(copier.name),
                original=card(original.name),
            ),
            COPY_MEANS,
        )
    controller: Player = Player.YOU if _needs_your_own(copier) else Player.OPPONENT
    copy_id = _copy_handle(copier.name)
    if scope is CopyScope.CAST_COPY:
        targets, objects = _default_targets(_spell_requirements(original), Player.YOU)
        exiled = ObjectSpec(card=original.name, id=original.name, zone=Zone.EXILE)
        entry = StackEntrySpec(id=copy_id, copy_of=original.name, via=copier.name, **_given(targets))
        return StackQuestion(objects=(exiled, *objects), stack=(entry,), query=copy_id)
    if scope is CopyScope.COPY_ABILITY:
        ability = _copied_ability(copier, original)
        requirements = target_requirements(ability.effect or ability.rules_text)
        targets, objects = _default_targets(requirements, controller)
        source = ObjectSpec(card=original.name, id=original.name, controller=controller)
        entries = (
            StackEntrySpec(
                id="ability",
                source=original.name,
                ability=ability.index,
                controller=controller.value,
                **_given(targets),
            ),
            StackEntrySpec(id=copy_id, copy_of="ability", via=copier.name),
        )
        return StackQuestion(objects=(source, *objects), stack=entries, query=copy_id)
    targets, objects = _default_targets(_spell_requirements(original), controller)
    entries = (
        StackEntrySpec(id=original.name, card=original.name, controller=controller.value, **_given(targets)),
        StackEntrySpec(id=copy_id, copy_of=original.name, via=copier.name),
    )
    return StackQuestion(objects=objects, stack=entries, query=copy_id)


def _given(targets: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """``targets`` as an entry's, when there are any: none found leaves them not given, so the answer says
    they are unknown where a mode the question doesn't choose may target (CR 700.2c), never "none"."""
    return {"targets": targets} if targets else {}


def _needs_your_own(copier: Card) -> bool:
    effects = [e for face in copier.faces for e in face.copy_effects if e.scope in _STACK_SCOPES]
    triggers = " ".join(a.trigger or "" for face in copier.faces for a in face.abilities).casefold()
    return any("you control" in e.copyable.casefold() for e in effects) or "whenever you " in triggers


def _spell_requirements(card: Card) -> tuple[TargetRequirement, ...]:
    return requirements_of(StackSpell(handle=card.name, card=card))


def _copied_ability(copier: Card, original: Card) -> Ability:
    wanted = " ".join(e.copyable for f in copier.faces for e in f.copy_effects).casefold()
    kinds = {AbilityKind.TRIGGERED} if "triggered" in wanted and "activated" not in wanted else set()
    kinds |= {AbilityKind.ACTIVATED, AbilityKind.LOYALTY} if "activated" in wanted or not kinds else set()
    ability = next((a for f in original.faces for a in f.abilities if a.kind in kinds), None)
    if ability is None:
        raise refuse(
            msg(
                "{original} has no ability {copier} can copy.",
                original=card(original.name),
                copier=card(copier.name),
            ),
            COPY_MEANS,
        )
    return ability


def _default_targets(
    requirements: tuple[TargetRequirement, ...], controller: Player
) -> tuple[tuple[str, ...], tuple[ObjectSpec, ...]]:
    other = controller.opponent
    targets: list[str] = []
    objects: list[ObjectSpec] = []
    for requirement in requirements[:1] if requirements and requirements[0].variable else requirements:
        phrase = requirement.phrase
        kind = phrase.removesuffix(" you control").removesuffix(" an opponent controls")
        nouns = kind.removesuffix(" you don't control").split()
        if phrase == "any" or "player" in nouns or "opponent" in nouns:
            targets.append(f"player:{other.value}")
            continue
        card = next((name for word, name in _DEFAULT_TARGETS if word in phrase.split()), None)
        if card is None:
            raise refuse(
                msg(
                    "This question needs a target that is {phrase}: describe it in a board file.",
                    phrase=phrase,
                )
            )
        handle = f"{card} (target {len(targets) + 1})"
        owner = controller if "you control" in phrase else other
        objects.append(ObjectSpec(card=card, id=handle, controller=owner))
        targets.append(handle)
    return tuple(targets), tuple(objects)
