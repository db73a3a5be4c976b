"""The answer about one object of a board: its copiable values, current characteristics and the reasoning.

The JSON shape (``BoardAnswer.model_dump(mode="json")``) is the stable output of ``mtg-judge board``
and ``mtg-judge copy``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import partial
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.actions.events import board_from_spec
from engine.actions.imprint import exiled_by_other_abilities, exiled_with, other_abilities_reasons
from engine.actions.queried import queried_object
from engine.answers.linked_views import (
    CrossLink,
    cross_links,
    exiled_by_name,
    gained_report,
    links_unknown_note,
)
from engine.answers.outcomes import named_outcomes
from engine.answers.state_based import state_based_notes
from engine.copy.effects import WARDED_RULES
from engine.core.budget import QuestionBudget, question_budget
from engine.core.characteristics import WARDED_FACE_DOWN, Characteristics, GameAbility
from engine.core.citations import cite
from engine.core.known import Known, Unsure, is_false, is_true
from engine.core.messages import Param, msg, semicolon_series
from engine.core.messages import card as card_name
from engine.core.model import Card, ExceptionKind, LevelBand, PrintedNumber
from engine.core.results import CHARACTERISTICS, UNKNOWN, Explanation, Unknown
from engine.layers.computed import Computed
from engine.layers.control import current_controller
from engine.layers.copiable import copiable_values
from engine.layers.counted import copiable_unknowns
from engine.layers.dependency import one_question_bound
from engine.layers.exiled_links import (
    NAMED_CARDS,
    earlier_object_note,
    named_exiled_note,
)
from engine.layers.layer_rules import LAYER_1B
from engine.layers.statics import LEVEL_OR_MORE, LEVEL_RANGE
from engine.layers.system import COPIABLE_AFTER_LAYER_1, current_characteristics
from engine.layers.text import EXCHANGED, source_label
from engine.linked.gained import (
    GainedLink,
    exiled_note,
)
from engine.linked.links import LINKED, Link, find_links, no_links_note
from engine.linked.pairs import LINKED_TO_ITSELF, TOKEN_OR_EMBLEM
from engine.state.board import AppliedCopy, Board, BoardSpec, GameObject, TextChange, Zone, latest_exchange
from engine.state.zone_records import TriggerHit, ZoneMove

_SHOWN_ORDER = (*CHARACTERISTICS, "counters", "controller", "tapped")
LINKED_COPIED = cite(
    "707.7", "those abilities will be similarly linked to one another on the object that copied them"
)
LOYALTY_IS_COUNTERS = cite(
    "306.5c", "The loyalty of a planeswalker on the battlefield is equal to the number of loyalty counters"
)
BELOW_FIRST_LEVEL = cite(
    "711.5", "it has the power and toughness denoted by its uppermost power/toughness box"
)


class Answer(BaseModel):
    """Base of the answer models: frozen, and serialised with the field names as written."""

    model_config = ConfigDict(frozen=True)


class CharacteristicsView(Answer):
    """CH: one set of characteristics as shown to the user (numbers printed, or current)."""

    name: str | None
    mana_cost: str
    mana_value: int | str  # "unknown" with its mana cost
    colors: tuple[str, ...]
    color_indicator: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: str | int | None
    toughness: str | int | None
    loyalty: str | int | None
    abilities: tuple[str, ...]
    unknown: tuple[str, ...] = ()
    """The characteristics not known (a number among them shows as "unknown"; a list shows only what is
    known to apply)."""


class Status(Answer):
    """A permanent's status, all four categories of CR 110.5 (tapped, flipped, face down, phased out), and
    whether a transforming permanent has its back face up (``transformed``, which 110.5 doesn't list as a
    status)."""

    tapped: bool | None  # None: not known (the answer's unknowns say why)
    flipped: bool
    face_down: str | None
    transformed: bool
    phased_out: bool = False  # treated as though it doesn't exist (CR 702.26b)


class CurrentView(CharacteristicsView):
    """CH as it is now, with counters, token-ness and status."""

    counters: dict[str, int] | None  # None: not known (the answer's unknowns say why)
    token: bool
    status: Status


class ExiledCard(Answer):
    """A card in exile that the board says one of the object's abilities exiled."""

    id: str
    name: str | None
    ability: int | None


class LinkedView(Answer):
    """For ``query: {linked: handle}``: the linked pairs the object's copiable text has (CR 607, 707.7)."""

    text_of: str | None  # the card whose printed text its copiable values come from (None: face down)
    links: tuple[Link, ...]
    exiled: tuple[ExiledCard, ...]  # only cards an ability of that text exiled (CR 607.1)
    gained: tuple[GainedLink, ...] = ()  # pairs linked because one effect gave both (607.5)
    across: tuple[CrossLink, ...] = ()  # links with the object that created it or that it created (607.1d)


class ObjectAnswer(Answer):
    """The result about the queried object (``linked`` only when the board asks about linked abilities)."""

    id: str
    zone: str | None = None  # only when not on the battlefield (a spell put into the graveyard, 712.13a)
    copiable: CharacteristicsView
    current: CurrentView
    steps: tuple[Explanation, ...]
    notes: tuple[Explanation, ...]
    unknowns: tuple[Unknown, ...] = ()  # each: the characteristics it leaves unknown and why
    linked: LinkedView | None = None


class ObjectSummary(Answer):
    """One object of the board, for context; ``status`` only for a permanent (cards in other zones have
    none, CR 110.5d)."""

    id: str
    name: str | None
    zone: str
    controller: str
    token: bool
    copy_of: str | None
    status: Status | None = None
    # Its owner's commander: the card's designation, kept across zones (CR 903.3); "unknown" for each card
    # of a melded commander that left the battlefield, the board not saying which is the commander (903.3b).
    commander: bool | Literal["unknown"] = False


class BoardAnswer(Answer):
    """Everything ``board`` and ``copy`` print."""

    rules_version: str
    objects: tuple[ObjectSummary, ...]
    result: ObjectAnswer
    zone_moves: tuple[ZoneMove, ...] = ()  # zone changes of the board's actions, in order (actions.zones)
    triggers: tuple[TriggerHit, ...] = ()  # abilities those zone changes triggered, with how many times


def _view(
    values: Characteristics, *, numbers: bool, unknown: frozenset[str] = frozenset()
) -> dict[str, object]:
    def shown(number: PrintedNumber | None, name: str) -> str | int | None:
        if name in unknown:
            return UNKNOWN
        if number is None:
            return None
        return number.value if numbers and number.value is not None else number.printed

    return {
        "name": UNKNOWN if "name" in unknown else values.name,
        "mana_cost": UNKNOWN if "mana cost" in unknown else "".join(values.mana_cost),
        "mana_value": UNKNOWN if "mana cost" in unknown else values.mana_value,
        "colors": values.colors,
        "color_indicator": values.color_indicator,
        "supertypes": values.supertypes,
        "types": values.types,
        "subtypes": values.subtypes,
        "power": shown(values.power, "power"),
        "toughness": shown(values.toughness, "toughness"),
        "loyalty": shown(values.loyalty, "loyalty"),
        "abilities": tuple(a.worded_for(values.name) for a in values.abilities),
    }


def answer_board(
    spec: BoardSpec, cards: Mapping[str, Card], rules_version: str, budget: QuestionBudget | None = None
) -> BoardAnswer:
    """Build the board ``spec`` describes and answer about its query (default: the last object created),
    within ``budget`` (default: the engine's limits)."""
    with one_question(budget):
        board = board_from_spec(spec, cards)
        if spec.query_linked:
            return describe_linked(board, spec.query_linked, rules_version)
        query = spec.query or default_query(spec)

        def answering(given: BoardSpec) -> BoardAnswer:
            return describe(board_from_spec(given, cards), query, rules_version, spec.query_line)

        return named_outcomes(spec, describe(board, query, rules_version, spec.query_line), answering)


@contextmanager
def one_question(budget: QuestionBudget | None) -> Iterator[QuestionBudget]:
    """The bounds of one question: its work budget (a new one when none is given: a budget is never
    shared between questions) and its dependency checks."""
    with one_question_bound(), question_budget(budget or QuestionBudget()) as bound:
        yield bound


def default_query(spec: BoardSpec) -> str:
    """The last object the board creates: the last action's object, else the last permanent listed."""
    for action in reversed(spec.actions):
        created = action.handle()
        if created:
            return created
    permanents = [o for o in spec.objects if o.zone is Zone.BATTLEFIELD] or list(spec.objects)
    return permanents[-1].id


def describe_linked(board: Board, object_id: str, rules_version: str) -> BoardAnswer:
    """The answer about ``object_id`` with the linked pairs of its copiable text (CR 707.7)."""
    answer = describe(board, object_id, rules_version)
    obj = queried_object(board, object_id).obj
    exchange = latest_exchange(obj)
    card = _exchanged_text_card(board, obj, exchange) if exchange else _text_card(obj)
    report = find_links(card) if card else None
    by_name = exiled_by_name(board, obj, card, report)
    listed = {o.id: o for o in (*exiled_with(board, obj), *(by_name or ()))}
    exiled = tuple(
        ExiledCard(id=o.id, name=o.card.name if o.card else None, ability=o.exiled_by_ability)
        for o in listed.values()
    )
    gained = gained_report(board, obj, card)
    notes = list(answer.result.notes)
    notes += [named_exiled_note(obj, card.name, by_name)] if by_name is not None and card else []
    if exchange:
        copied = [_exchanged_text_note(obj, exchange, card)]
    else:
        copied = [_linked_copied_note(obj, card)] if obj.copies and card is not None else []
    paired = {handle for link in (gained.links if gained else ()) for handle in link.exiled}
    paired |= set(gained.undecided if gained else ())
    others = _other_abilities_note(
        obj, tuple(o for o in exiled_by_other_abilities(board, obj) if o.id not in paired)
    )
    earlier = earlier_object_note(board, obj, [o.id for o in by_name or ()])
    others += [earlier] if earlier else []
    printed = list(report.notes) if report and card else []
    across = cross_links(board, obj)
    if card and ((gained and (gained.links or gained.links_unknown)) or across):  # other abilities may link
        printed = [n for n in printed if n != no_links_note(card)]
    elif card and "abilities" in answer.result.current.unknown and no_links_note(card) in printed:
        printed = [n if n != no_links_note(card) else links_unknown_note(card.name) for n in printed]
    others += [Explanation.of(link.message or link.explanation, TOKEN_OR_EMBLEM) for link in across]
    others += [
        exiled_note(
            obj.id, link, [o.card.name if o.card else o.id for o in board.objects if o.id in link.exiled]
        )
        for link in (gained.links if gained else ())
        if link.exiled
    ]
    found = (*copied, *printed, *others, *(gained.notes if gained else ()))
    notes += [note for note in found if note not in notes]
    linked = LinkedView(
        text_of=card.name if card else None,
        links=report.links if report else (),
        exiled=exiled,
        gained=gained.links if gained else (),
        across=across,
    )
    result = answer.result.model_copy(update={"linked": linked, "notes": tuple(notes)})
    return answer.model_copy(update={"result": result})


def _text_card(obj: GameObject, before: int | None = None) -> Card | None:
    """The card whose printed text ``obj``'s copiable text comes from (just before the timestamp ``before``,
    if given): its latest copy effect's (CR 707.7), else its own; None while it is face down."""
    copies = [c for c in obj.copies if before is None or c.timestamp < before]
    return None if obj.face_down else (copied_text(copies[-1]) if copies else obj.card)


def copied_text(copy: AppliedCopy) -> Card | None:
    """The card whose text ``copy`` copied, as much of it as it copied: of a double-faced permanent, only
    the face that was up (CR 707.8, 712.8d-g), so no link to the other face's abilities comes with it."""
    card = copy.text_card
    if card is None or card.layout not in _DOUBLE_FACED or len(card.faces) < 2:
        return card
    face = next((f for f in card.faces if f.name == copy.values.main.name), None)
    if face is None:  # a copy effect renamed it: which face it copied is the card's, as a whole
        return card
    return card.model_copy(update={"name": face.name, "layout": "normal", "faces": (face,)})


_DOUBLE_FACED = frozenset({"transform", "modal_dfc", "meld"})


def _exchanged_text_card(board: Board, obj: GameObject, exchange: TextChange) -> Card | None:
    """The card whose text the other permanent of ``exchange`` had when the text boxes were exchanged
    (CR 612.5, 701.10h); None when that isn't known (that permanent is gone or face down, or its own text
    came from an earlier exchange)."""
    handle = exchange.spec.exchange_with or ""
    other = board.get(handle) if board.has(handle) else None
    if other is None or other.zone is not Zone.BATTLEFIELD or other.timestamp > exchange.timestamp:
        return None
    if any(c.spec.exchange_with and c.timestamp < exchange.timestamp for c in other.text_changes):
        return None
    return _text_card(other, exchange.timestamp)


def _exchanged_text_note(obj: GameObject, exchange: TextChange, card: Card | None) -> Explanation:
    """While an exchange of text boxes applies, ``obj``'s linked abilities are those of the text it got
    (``card``'s, when known), none of its own printed text's (CR 612.5, 607.1)."""
    other = card_name(exchange.spec.exchange_with or "")
    source = source_label(exchange.spec)
    if card is None:
        return Explanation.of(
            msg(
                "{source} exchanged the text boxes of {object} and {other}: its abilities are those of the "
                "rules text {other} had then, which isn't known here, so neither are its linked abilities; "
                "none of its own printed abilities are linked on it.",
                source=source,
                object=card_name(obj.id),
                other=other,
            ),
            EXCHANGED,
            LINKED,
        )
    return Explanation.of(
        msg(
            "{source} exchanged the text boxes of {object} and {other}: its linked abilities are those of "
            "the rules text of {card} that {other} had then, none of its own printed text's.",
            source=source,
            object=card_name(obj.id),
            other=other,
            card=card_name(card.name),
        ),
        EXCHANGED,
        LINKED,
    )


def _other_abilities_note(obj: GameObject, others: tuple[GameObject, ...]) -> list[Explanation]:
    """Cards exiled with ``obj`` by an ability not of the text it has now are exiled with none of the
    abilities it has now (CR 607.1, 707.7, 607.5)."""
    if not others:
        return []
    reasons, rules = other_abilities_reasons(obj, others)
    return [
        Explanation.of(
            msg(
                "Also exiled with {object}: {reasons}. Abilities are linked only to each other, so that card "
                "is exiled with none of the abilities it has now.",
                object=card_name(obj.id),
                reasons=semicolon_series(list(reasons)),
            )
            if len(others) == 1
            else msg(
                "Also exiled with {object}: {reasons}. Abilities are linked only to each other, so those "
                "cards are exiled with none of the abilities it has now.",
                object=card_name(obj.id),
                reasons=semicolon_series(list(reasons)),
            ),
            *rules,
        )
    ]


def _linked_copied_note(obj: GameObject, card: Card) -> Explanation:
    if any(link.rule == NAMED_CARDS.number for link in find_links(card).links):
        return Explanation.of(
            msg(
                "{object} copies the text of {card}: each copied pair of linked abilities is linked on it as "
                "on the original, and only to each other; what the original's abilities did doesn't count "
                "for the copy's, except where its ability refers to cards by name (exiled with cards named "
                "{card}), which means what every card of that name exiled before the game began.",
                object=card_name(obj.id),
                card=card_name(card.name),
            ),
            LINKED_COPIED,
            NAMED_CARDS,
        )
    return Explanation.of(
        msg(
            "{object} copies the text of {card}: each copied pair of linked abilities is linked on it as on "
            "the original, and only to each other; what the original's abilities did doesn't count for the "
            "copy's.",
            object=card_name(obj.id),
            card=card_name(card.name),
        ),
        LINKED_COPIED,
    )


def _copied_link_notes(obj: GameObject) -> list[Explanation]:
    """A copy's linked abilities (CR 707.7), each one linked to itself named with its rule (607.1c)."""
    card = copied_text(obj.copies[-1]) if obj.copies and not obj.face_down else None
    links = find_links(card).links if card else ()
    if card is None or not links:
        return []
    itself = [link.abilities[0] for link in links if LINKED_TO_ITSELF.number in link.rules]
    return [_linked_copied_note(obj, card)] + [
        Explanation.of(
            msg(
                "Its copied ability {index} is linked to itself, on it as on {card}: it uses only what this "
                "object's ability did, on earlier resolutions too, never what the original's did.",
                index=index,
                card=card_name(card.name),
            ),
            LINKED_TO_ITSELF,
            LINKED_COPIED,
        )
        for index in itself
    ]


def describe(board: Board, object_id: str, rules_version: str, line: int = 0) -> BoardAnswer:
    """The answer about ``object_id`` on ``board`` (a permanent that left: the first card it became; a
    token that left: its last known information), ``line`` the query's."""
    shown, queried = board, queried_object(board, object_id, line)
    board, obj = queried.board, queried.obj
    copiable, unset = copiable_values(obj), copiable_unknowns(obj)
    current = _counted_loyalty(obj, current_characteristics(obj, board))
    steps = [e.explanation for e in board.log if e.object_id == obj.id and not e.note]
    steps += [_after_layer_one(obj, copiable, unset), *_level_steps(obj, copiable, current), *current.steps]
    notes = [e.explanation for e in board.log if e.object_id == obj.id and e.note]
    notes += list(current.notes)
    notes += state_based_notes(obj, board, current)
    notes += _copied_link_notes(obj)
    unknown = frozenset(name for u in current.unknowns for name in u.characteristics)
    return BoardAnswer(
        rules_version=rules_version,
        objects=tuple(object_summary(o) for o in shown.objects),
        result=ObjectAnswer(
            id=obj.id,
            zone=queried.gone_to or (None if obj.zone is Zone.BATTLEFIELD else obj.zone.value),
            copiable=CharacteristicsView(
                **_view(copiable, numbers=False, unknown=frozenset(unset)), unknown=unset
            ),
            current=CurrentView(
                **_view(current.displayed(), numbers=True, unknown=unknown),
                unknown=tuple(name for name in _SHOWN_ORDER if name in unknown),
                counters=None if "counters" in unknown else {k: v for k, v in obj.counters.items() if v},
                token=obj.token,
                status=_status_shown(obj, unknown),
            ),
            steps=tuple(steps),
            notes=tuple(notes),
            unknowns=current.unknowns,
        ),
        zone_moves=shown.moves,
        triggers=shown.triggers,
    )


def _counted_loyalty(obj: GameObject, current: Computed) -> Computed:
    """A planeswalker on the battlefield has as much loyalty as it has loyalty counters (CR 306.5c)."""
    planeswalker = current.is_a("Planeswalker")
    if obj.zone is not Zone.BATTLEFIELD or is_false(planeswalker) or isinstance(current.loyalty, Unsure):
        return current
    counters = current.unknown("counters")
    if isinstance(planeswalker, Unsure) or counters:
        because = (planeswalker.because if isinstance(planeswalker, Unsure) else ()) + counters
        reason = msg(
            "a planeswalker's loyalty is its loyalty counters, and {reason}", reason=Unsure(because).reason
        )
        return current.with_unknowns((Unknown.of(("loyalty",), reason, LOYALTY_IS_COUNTERS),))
    count = obj.counters.get("loyalty", 0)
    step = Explanation.of(
        msg(
            "It is a planeswalker on the battlefield: its loyalty is the number of loyalty counters on it, "
            "{count}.",
            count=count,
        ),
        LOYALTY_IS_COUNTERS,
    )
    loyalty = PrintedNumber(printed=str(count), value=count)
    return current.with_loyalty(loyalty, step)


def _level_steps(obj: GameObject, copiable: Characteristics, current: Computed) -> list[Explanation]:
    """Which level symbol of a leveler applies, by its level counters (CR 711.2a/b, 711.5): never said to
    apply when a layer 6 effect removed it (613.1f) or whether it still has it is unknown."""
    bands = [a.band for a in copiable.abilities if a.band is not None]
    if not bands or obj.zone is not Zone.BATTLEFIELD:
        return []
    have = obj.counters.get("level", 0)
    counters = (
        msg("It has {count} level counter", count=have)
        if have == 1
        else msg("It has {count} level counters", count=have)
    )
    for band in bands:
        if have >= band.low and (band.high is None or have <= band.high):
            symbol = f"LEVEL {band.low}{f'-{band.high}' if band.high is not None else '+'}"
            has = current.abilities.map(partial(_has_band, band))
            if not is_true(has):
                rule = LEVEL_OR_MORE if band.high is None else LEVEL_RANGE
                text = (
                    msg(
                        "{counters}: its counters meet its {symbol} level symbol, but it no longer has that "
                        "static ability (see layer 6), so it doesn't apply.",
                        counters=counters,
                        symbol=symbol,
                    )
                    if isinstance(has, Known)
                    else msg(
                        "{counters}: its counters meet its {symbol} level symbol; whether it still has that "
                        "static ability is unknown (see the notes), so whether it applies is too.",
                        counters=counters,
                        symbol=symbol,
                    )
                )
                return [Explanation.of(text, rule)]
            return [
                Explanation.of(
                    msg(
                        "{counters}: its {symbol} static ability applies — its striation's base power and "
                        "toughness and abilities; the other level symbols' don't.",
                        counters=counters,
                        symbol=symbol,
                    ),
                    LEVEL_OR_MORE if band.high is None else LEVEL_RANGE,
                )
            ]
    return [
        Explanation.of(
            msg(
                "{counters}, fewer than its first level symbol needs ({low}): no level ability applies, and "
                "it has the power and toughness of its uppermost power/toughness box.",
                counters=counters,
                low=bands[0].low,
            ),
            BELOW_FIRST_LEVEL,
            LEVEL_RANGE,
        )
    ]


def _has_band(band: LevelBand, abilities: tuple[GameAbility, ...]) -> bool:
    """Whether ``abilities`` still include the level symbol ``band`` stands for (CR 711.2)."""
    return any(a.band == band for a in abilities)


def _after_layer_one(obj: GameObject, copiable: Characteristics, unset: tuple[str, ...]) -> Explanation:
    if obj.face_down in WARDED_FACE_DOWN:
        return Explanation.of(
            msg(
                "Layer 1b: {object} is face down ({kind}), so its characteristics are those of a nameless "
                "colorless 2/2 creature with ward {{2}} (what the rules for its face-down status list); "
                "after layer 1 these are its copiable values, and later layers apply the other effects.",
                object=card_name(obj.id),
                kind=str(obj.face_down),
            ),
            LAYER_1B,
            WARDED_RULES[str(obj.face_down)],
            COPIABLE_AFTER_LAYER_1,
        )
    if obj.face_down:
        return Explanation.of(
            msg(
                "Layer 1b: {object} is face down, so its characteristics are those of a nameless colorless "
                "2/2 creature with no abilities (what the rules for its face-down status list); after layer "
                "1 these are its copiable values, and later layers apply the other effects.",
                object=card_name(obj.id),
            ),
            LAYER_1B,
            COPIABLE_AFTER_LAYER_1,
        )
    if "name" in unset:
        return Explanation.of(
            msg(
                "After layer 1, the copiable values of {object} aren't all known (see Notes); later layers "
                "apply the other effects.",
                object=card_name(obj.id),
            ),
            COPIABLE_AFTER_LAYER_1,
        )
    name: Param = card_name(copiable.name) if copiable.name else msg("a nameless object")
    renamed_from = _renamed_copy_of(obj)
    if renamed_from:
        name = msg(
            "{card}, as the copy effect's exceptions modify them (its name is {name})",
            card=card_name(renamed_from),
            name=name,
        )
    return Explanation.of(
        msg(
            "After layer 1, the copiable values of {object} are those of {name}; later layers apply the "
            "other effects.",
            object=card_name(obj.id),
            name=name,
        ),
        COPIABLE_AFTER_LAYER_1,
    )


def _renamed_copy_of(obj: GameObject) -> str | None:
    """The card ``obj`` last copied when that copy effect also set its name (Lazav, the Multifarious)."""
    last = obj.copies[-1] if obj.copies else None
    if last is None or last.effect is None or last.text_card is None:
        return None
    renames = any(e.kind is ExceptionKind.SET_NAME for e in last.effect.exceptions)
    return last.text_card.name if renames else None


def object_summary(obj: GameObject) -> ObjectSummary:
    """One board object in the answer's ``objects`` list."""
    return ObjectSummary(
        id=obj.id,
        name=copiable_values(obj).name,
        zone=obj.zone.value,
        controller=current_controller(obj).value,
        token=obj.token,
        copy_of=obj.copies[-1].of_id if obj.copies else None,
        status=status_of(obj) if obj.zone is Zone.BATTLEFIELD else None,
        commander="unknown" if obj.commander is None else obj.commander,
    )


def _status_shown(obj: GameObject, unknown: frozenset[str]) -> Status:
    """Its status as the answer shows it: whether it is tapped is null when the answer says it's unknown."""
    status = status_of(obj)
    return status.model_copy(update={"tapped": None}) if "tapped" in unknown else status


def status_of(obj: GameObject) -> Status:
    """Every status of ``obj`` (CR 110.5) and whether its back face is up, as the board left them."""
    return Status(
        tapped=obj.tapped,
        flipped=obj.flipped,
        face_down=obj.face_down.value if obj.face_down else None,
        transformed=obj.transformed,
        phased_out=obj.phased_out,
    )
