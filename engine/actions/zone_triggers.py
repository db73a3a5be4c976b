"""Triggered abilities on the board that a permanent's leaving the battlefield triggers, and how often.

Two families, matched on the trigger condition's wording:

* leaves-the-battlefield abilities ("Whenever a creature dies", "When enchanted creature dies", "When ~
  leaves the battlefield"): they look back in time (CR 603.10a), so they are read from the board as it
  was just before the event, the leaving permanent included, and they trigger once per object;
* "Whenever a card is put into a graveyard from anywhere": never a leaves-the-battlefield ability
  (CR 603.6c), read from the board after the event, and triggering once per card — twice for a melded
  permanent, never for a token (CR 712.21e, 603.2c, 108.2b).
"""

from __future__ import annotations

from engine.actions.zone_replacements import NOT_A_CARD
from engine.core.characteristics import GameAbility
from engine.core.citations import cite
from engine.core.known import Fact, Known, Unsure, explained, is_false
from engine.core.messages import Param, card, msg
from engine.core.model import AbilityKind, Card
from engine.core.results import Explanation
from engine.layers.control import current_controller
from engine.layers.system import current_characteristics
from engine.oracle.zones import LeavingTrigger, card_to_graveyard_trigger, leaving_trigger
from engine.state.board import Board, GameObject, Zone
from engine.state.zone_records import TriggerHit

DIES = cite("700.4", "The term dies means “is put into a graveyard from the battlefield.”")
LOOK_BACK = cite("603.10a", "These are leaves-the-battlefield abilities")
LEAVES_TRIGGER = cite(
    "603.6c", "Leaves-the-battlefield abilities trigger when a permanent moves from the battlefield"
)
FROM_ANYWHERE = cite("603.6c", "is never treated as a leaves-the-battlefield ability")
REPEATEDLY = cite("603.2c", "it can trigger repeatedly if one event contains multiple occurrences")
ONE_OBJECT = cite("712.21e", "a melded permanent among those objects counts as one object that moved")
TWO_CARDS = cite("712.21e", "that melded permanent counts as two cards that moved")


def zone_triggers(
    before: Board, after: Board, obj: GameObject, to: Zone, cards: tuple[Card, ...], *, melded: bool
) -> tuple[TriggerHit, ...]:
    """What ``obj`` leaving the battlefield for ``to`` (as ``cards``) triggers on the board."""
    hits = _leaving_hits(before, obj, to, melded=melded)
    if to is Zone.GRAVEYARD:
        hits += _card_hits(after, obj, cards, melded=melded)
    return tuple(hits)


def _triggered(source: GameObject, board: Board) -> Fact[list[GameAbility]]:
    abilities = current_characteristics(source, board).abilities
    return abilities.map(lambda found: [a for a in found if a.kind is AbilityKind.TRIGGERED and a.trigger])


def _leaving_hits(before: Board, obj: GameObject, to: Zone, *, melded: bool) -> list[TriggerHit]:
    hits: list[TriggerHit] = []
    for source in before.in_zone(Zone.BATTLEFIELD):
        if source.phased_out:
            continue
        triggered = _triggered(source, before)
        if isinstance(triggered, Unsure):
            hits.append(_unknown_abilities_hit(source, obj, triggered))
            continue
        for ability in triggered.value:
            leaving = leaving_trigger(ability.trigger or "")
            matches = _leaving_matches(leaving, before, source, obj, to) if leaving else Known(False)
            if leaving and not is_false(matches):
                hit = _leaving_hit(before, source, ability, obj, leaving.event, melded=melded)
                hits.append(hit if isinstance(matches, Known) else _unknown_hit(hit, obj, matches))
    return hits


def _unknown_abilities_hit(source: GameObject, obj: GameObject, abilities: Unsure) -> TriggerHit:
    """A permanent whose abilities aren't known may have one that this move triggers: said, not dropped."""
    sentence = msg(
        "Whether {source} has an ability that {object}'s move triggers is unknown, because {reason}.",
        source=card(source.id),
        object=card(obj.id),
        reason=abilities.reason,
    )
    return TriggerHit(
        source=source.id,
        source_name=None,
        ability="",
        event=obj.id,
        times=None,
        explanation=explained(sentence, abilities, LEAVES_TRIGGER),
    )


def _unknown_hit(hit: TriggerHit, obj: GameObject, matches: Unsure) -> TriggerHit:
    """``hit`` when whether its condition holds isn't known: it triggers if it does (never stated as done)."""
    sentence = msg(
        "Whether {source}'s “{text}” triggers is unknown: it does if {object} is a creature, which isn't "
        "known, because {reason}.",
        source=card(hit.source),
        text=hit.ability,
        object=card(obj.id),
        reason=matches.reason,
    )
    return hit.model_copy(
        update={"times": None, "explanation": explained(sentence, matches, LEAVES_TRIGGER, DIES)}
    )


def _leaving_matches(
    leaving: LeavingTrigger, before: Board, source: GameObject, obj: GameObject, to: Zone
) -> Fact[bool]:
    """Whether the leaving ``obj`` is what the trigger condition names; unknown when that rests on its card
    types and they aren't known."""
    if leaving.event != "leaves the battlefield" and to is not Zone.GRAVEYARD:
        return Known(False)
    if leaving.itself:
        return Known(source.id == obj.id)
    if leaving.nontoken and obj.token:
        return Known(False)
    if not (_who_matches(leaving, source, obj) and _controller_matches(leaving.ctrl, source, obj)):
        return Known(False)
    if leaving.what != "creature":
        return Known(True)
    return current_characteristics(obj, before).is_a("Creature")


def _who_matches(leaving: LeavingTrigger, source: GameObject, obj: GameObject) -> bool:
    if leaving.det in ("enchanted", "equipped"):
        return source.attached_to == obj.id
    return leaving.det != "another" or leaving.self_or or source.id != obj.id


def _controller_matches(ctrl: str | None, source: GameObject, obj: GameObject) -> bool:
    if not ctrl:
        return True
    same = current_controller(source) is current_controller(obj)
    return same if ctrl == " you control" else not same


def _leaving_hit(
    before: Board, source: GameObject, ability: GameAbility, obj: GameObject, event: str, *, melded: bool
) -> TriggerHit:
    name = _name(source, before)
    text = ability.worded_for(name)
    what = msg("died") if event != "leaves the battlefield" else msg("left the battlefield")
    rules = [LEAVES_TRIGGER, LOOK_BACK, *((DIES,) if event != "leaves the battlefield" else ())]
    once: Param = ""
    if melded:
        once = msg(" A melded permanent is one permanent, though two cards: it triggers once, not twice.")
        rules.append(ONE_OBJECT)
    sentence = msg(
        "{source}'s “{text}” triggers once: {object} is one object that {what}. It is a "
        "leaves-the-battlefield ability, so the game looks back in time: the abilities and the objects as "
        "they were just before the event count.{melded}",
        source=card(source.id),
        text=text,
        object=card(obj.id),
        what=what,
        melded=once,
    )
    return TriggerHit(
        source=source.id,
        source_name=name,
        ability=text,
        event=obj.id,
        times=1,
        explanation=Explanation.of(sentence, *rules),
    )


def _card_hits(after: Board, obj: GameObject, cards: tuple[Card, ...], *, melded: bool) -> list[TriggerHit]:
    hits: list[TriggerHit] = []
    for source in after.in_zone(Zone.BATTLEFIELD):
        if source.phased_out or source.id == obj.id:
            continue
        triggered = _triggered(source, after)
        if isinstance(triggered, Unsure):
            hits.append(_unknown_abilities_hit(source, obj, triggered))
            continue
        for ability in triggered.value:
            wording = card_to_graveyard_trigger(ability.trigger or "")
            if wording is None or not _graveyard_matches(wording.whose, source, obj):
                continue
            counted = [c for c in cards if not wording.creature or "Creature" in c.front.type_line.types]
            hit = _card_hit(after, source, ability, obj, len(counted), melded=melded)
            hits += [hit] if hit.times else []
    return hits


def _graveyard_matches(whose: str, source: GameObject, obj: GameObject) -> bool:
    if whose == "a":
        return True
    same = current_controller(source) is obj.owner
    return same if whose == "your" else not same


def _card_hit(
    after: Board, source: GameObject, ability: GameAbility, obj: GameObject, times: int, *, melded: bool
) -> TriggerHit:
    name = _name(source, after)
    text = ability.worded_for(name)
    count = msg("once") if times == 1 else msg("{times} times", times=times)
    rules = [FROM_ANYWHERE, REPEATEDLY]
    two: Param = ""
    if melded:
        two = msg(" {object} was a melded permanent: one object, but two cards moved.", object=card(obj.id))
        rules.append(TWO_CARDS)
    sentence = msg(
        "{source}'s “{text}” triggers {count}: one for each card put into a graveyard. It is never a "
        "leaves-the-battlefield ability, even for a card coming from the battlefield.{melded}",
        source=card(source.id),
        text=text,
        count=count,
        melded=two,
    )
    return TriggerHit(
        source=source.id,
        source_name=name,
        ability=text,
        event=obj.id,
        times=times,
        explanation=Explanation.of(sentence, *rules),
    )


def _name(source: GameObject, board: Board) -> str | None:
    """The trigger's source's name to word its ability with; its handle when its name isn't known."""
    name = current_characteristics(source, board).name
    return name.value if isinstance(name, Known) else source.id


def token_not_a_card(obj: GameObject) -> Explanation:
    """Why a token put into a graveyard triggers no "card is put into a graveyard" ability."""
    return Explanation.of(
        msg(
            "{object} is a token, not a card: abilities that trigger on a card being put into a graveyard "
            "don't trigger for it.",
            object=card(obj.id),
        ),
        NOT_A_CARD,
    )
