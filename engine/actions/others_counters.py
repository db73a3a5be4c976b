"""Another permanent's "Each other [Warrior] creature you control [of the chosen type] enters with an
additional +1/+1 counter on it" (Metallic Mimic, Bramblewood Paragon, Renata): a replacement effect on the
entering creature, which checks it as it would exist on the battlefield (CR 614.1c, 614.12), continuous
effects such as Conspiracy's included. Its chosen type is the one chosen as its source entered; not given,
or a wording this doesn't read, leaves the counters unknown, never none."""

from __future__ import annotations

from engine.actions.standing_copies import AS_IT_WOULD_EXIST
from engine.core.characteristics import Characteristics, GameAbility
from engine.core.known import Unsure
from engine.core.messages import card, counter_count, msg
from engine.core.results import Explanation, Unknown
from engine.layers.control import current_controller
from engine.layers.copiable import copiable_values
from engine.layers.statics import names_subtype
from engine.oracle.abilities import ENTERS_REPLACEMENT
from engine.oracle.entering import EnteringCounters, OthersEnterWith, gives_others_counters, others_enter_with
from engine.state.board import Board, GameObject, Zone

_Given = tuple[EnteringCounters, Explanation]


def others_giving(board: Board, obj: GameObject) -> tuple[tuple[GameObject, GameAbility], ...]:
    """The other permanents of ``obj``'s controller with such an ability, each with that ability."""
    found: list[tuple[GameObject, GameAbility]] = []
    for source in board.in_zone(Zone.BATTLEFIELD):
        if source.id == obj.id or source.phased_out or current_controller(source) is not obj.controller:
            continue
        abilities = copiable_values(source).abilities
        found += [(source, a) for a in abilities if gives_others_counters(a.rules_text)]
    return tuple(found)


def others_counters(
    board: Board, obj: GameObject, values: Characteristics
) -> tuple[list[_Given], Unsure | None]:
    """The counters the other permanents' abilities give ``obj`` (``values``: what it would be on the
    battlefield), each with its step; or why that isn't known."""
    given: list[_Given] = []
    for source, ability in others_giving(board, obj):
        read = others_enter_with(ability.rules_text)
        if read is None or (read.chosen_type and not _chosen(source)):
            return [], _unknown(source, ability.text, read)
        if _applies(read, source, values):
            counters = EnteringCounters(kind=read.kind, count=1, text=ability.text)
            given.append((counters, _step(source, ability.text, read)))
    return given, None


def _unknown(source: GameObject, text: str, read: OthersEnterWith | None) -> Unsure:
    if read is None:
        reason = msg(
            "{source}'s “{ability}” may give it an additional counter as it enters, and this engine doesn't "
            "read who it gives one to (give the counters it entered with: counters: {{…}})",
            source=card(source.id),
            ability=text,
        )
    else:
        reason = msg(
            "{source}'s “{ability}” gives one to a creature of the type chosen as {source} entered, which "
            "the board doesn't give (choices: {{creature type: …}})",
            source=card(source.id),
            ability=text,
        )
    return Unsure(
        (Unknown.of(("counters", "power", "toughness"), reason, ENTERS_REPLACEMENT, AS_IT_WOULD_EXIST),)
    )


def _chosen(source: GameObject) -> str | None:
    return source.choices.get("creature type")


def _applies(read: OthersEnterWith, source: GameObject, values: Characteristics) -> bool:
    if not values.is_a("Creature"):
        return False
    wanted = _chosen(source) if read.chosen_type else read.subtype
    if wanted is None:
        return True
    return names_subtype(wanted, values.subtypes) is not read.excluded


def _step(source: GameObject, text: str, read: OthersEnterWith) -> Explanation:
    return Explanation.of(
        msg(
            "{source}'s “{ability}” applies as it enters: it would be a creature {kind} on the battlefield, "
            "so it enters with {counters}.",
            source=card(source.id),
            ability=text,
            kind=msg("of the chosen type ({chosen})", chosen=_chosen(source) or "")
            if read.chosen_type
            else msg("that qualifies"),
            counters=counter_count(1, read.kind),
        ),
        ENTERS_REPLACEMENT,
        AS_IT_WOULD_EXIST,
    )
