"""The ``attach`` board action: an Aura, Equipment or Fortification becomes attached to a permanent.

An effect that tries to attach it to something it can't legally be attached to, to what it is already
attached to, or to attach something that isn't an Aura, Equipment or Fortification does nothing (CR 701.3b,
301.5b, 301.5c, 303.4j). When it does become attached it gets a new timestamp (613.7e), and so do the
effects of its static abilities, the ones other effects gave it included, in the same order (613.7a).
"""

from __future__ import annotations

from engine.actions.zones import TOKEN_GONE, static_copy_ends
from engine.core.characteristics import Characteristics
from engine.core.citations import cite
from engine.core.known import Unsure, all_of, explained, is_false, is_true, unsure_of
from engine.core.messages import Message, Param, card, listing, msg
from engine.core.results import Explanation, Unknown
from engine.layers.control import current_controller
from engine.layers.statics import EQUIPMENT_CREATURE, Seen, attachment_issue
from engine.layers.system import current_characteristics
from engine.layers.timestamps import ATTACHED_TIMESTAMP, GRANTED_TIMESTAMP
from engine.oracle.wording import ALL_CHARACTERISTICS
from engine.state.board import Board, BoardError, Event, GameObject, Zone

EQUIPMENT_DOESNT_MOVE = cite("301.5b", "the Equipment doesn’t move")
AURA_DOESNT_MOVE = cite("303.4j", "the Aura doesn’t move")
ATTACH_DOES_NOTHING = cite("701.3b", "the effect does nothing")
NEW_HOST_TIMESTAMP = cite("701.3c", "to a different object or player causes")
ONE_ROLE = cite("704.5y", "except the one with the most recent timestamp is put into its owner’s graveyard")
ATTACHABLE = ("Aura", "Equipment", "Fortification")


def attach(board: Board, event: Event, to: str) -> Board:
    """The board after ``event.object_id`` becomes attached to ``to`` (or doesn't, with the reason)."""
    obj = board.get(event.object_id)
    host = board.get(to)
    if obj.zone is not Zone.BATTLEFIELD or host.zone is not Zone.BATTLEFIELD:
        raise BoardError(
            msg(
                "{card} and {host} must both be on the battlefield to attach one to the other.",
                card=card(obj.id),
                host=card(host.id),
            )
        )
    source_values = current_characteristics(obj, board).known_for("types", "subtypes", "abilities", "name")
    host_values = current_characteristics(host, board).known_for("types", "subtypes", "supertypes", "colors")
    if isinstance(source_values, Unsure) or isinstance(host_values, Unsure):
        return _maybe_attached(board, obj, host, unsure_of(source_values, host_values))
    values = source_values.value
    if not set(ATTACHABLE) & set(values.subtypes):
        return _does_nothing(
            board,
            obj,
            msg(
                "{object} ({name}) isn't an Aura, Equipment or Fortification: the effect does nothing and it "
                "doesn't move.",
                object=card(obj.id),
                name=card(values.name or ""),
            ),
        )
    if obj.attached_to == host.id:
        return _does_nothing(
            board,
            obj,
            msg(
                "{object} is already attached to {host}: the effect does nothing, and it gets no new "
                "timestamp.",
                object=card(obj.id),
                host=card(host.id),
            ),
        )
    problem = attachment_issue(_seen(obj, values, board), _seen(host, host_values.value, board))
    if problem is not None:
        rule = AURA_DOESNT_MOVE if "Aura" in values.subtypes else EQUIPMENT_DOESNT_MOVE
        extra = (EQUIPMENT_CREATURE,) if "Equipment" in values.subtypes and values.is_a("Creature") else ()
        return board.explain(
            obj.id,
            Explanation.of(
                msg(
                    "{problem} It can't become attached to {host}: it doesn't move.",
                    problem=problem,
                    host=card(host.id),
                ),
                rule,
                *extra,
            ),
            note=True,
        )
    moved = obj.model_copy(update={"attached_to": host.id, "timestamp": event.timestamp})
    board = static_copy_ends(
        board, obj, msg("{object} moved to {host}", object=card(obj.id), host=card(host.id))
    )
    board = _one_role_per_player(board.replace(moved), moved, host)
    return board.explain(
        obj.id,
        Explanation.of(
            msg(
                "It becomes attached to {host} and gets a new timestamp ({timestamp}); the effects of its "
                "static abilities, those other effects gave it included, get new timestamps in the same "
                "order.",
                host=card(host.id),
                timestamp=event.timestamp,
            ),
            ATTACHED_TIMESTAMP,
            NEW_HOST_TIMESTAMP,
            GRANTED_TIMESTAMP,
        ),
    )


def _maybe_attached(board: Board, obj: GameObject, host: GameObject, why: Unsure) -> Board:
    """Whether ``obj`` can become attached to ``host`` rests on characteristics that aren't known: both
    outcomes are named, and what ``host`` is with or without it is unknown."""
    reason = msg(
        "whether {object} became attached to it isn't known ({reason})",
        object=card(obj.id),
        reason=why.reason,
    )
    note = explained(
        msg(
            "Whether {object} becomes attached to {host} is unknown, because {reason}: if it can legally be "
            "attached to {host}, it moves there and gets a new timestamp; otherwise it doesn't move.",
            object=card(obj.id),
            host=card(host.id),
            reason=why.reason,
        ),
        why,
        ATTACHED_TIMESTAMP,
        ATTACH_DOES_NOTHING,
    )
    unknown = Unknown.of(ALL_CHARACTERISTICS, reason, ATTACH_DOES_NOTHING)
    board = board.replace(host.with_unknowns(unknown))
    return board.explain(obj.id, note, note=True)


def _seen(obj: GameObject, values: Characteristics, board: Board) -> Seen:
    return Seen(
        id=obj.id,
        values=values,
        controller=current_controller(obj),
        attached_to=obj.attached_to,
        token=obj.token,
        choices=obj.choices,
        game=board.game,
    )


def _does_nothing(board: Board, obj: GameObject, why: Message) -> Board:
    return board.explain(obj.id, Explanation.of(why, ATTACH_DOES_NOTHING), note=True)


def _one_role_per_player(board: Board, role: GameObject, host: GameObject) -> Board:
    """CR 704.5y: of the Roles one player controls on a permanent, only the newest stays; a Role token put
    into a graveyard then ceases to exist (111.7). Whether an attachment is a Role may be unknown: then
    whether the older one stays is unknown too, and so is what it gives the host."""
    is_role = current_characteristics(role, board).has_subtype("Role")
    if is_false(is_role):
        return board
    controller = current_controller(role)
    facts = [
        (other, current_characteristics(other, board).has_subtype("Role"))
        for other in board.in_zone(Zone.BATTLEFIELD)
        if other.id != role.id and other.attached_to == host.id and current_controller(other) is controller
    ]
    unsure = [
        (other, fact) for other, fact in facts if not is_false(fact) and not is_true(all_of(is_role, fact))
    ]
    if unsure:
        return _maybe_one_role(
            board, host, [other for other, _ in unsure], unsure_of(*(f for _, f in unsure))
        )
    older = [other for other, fact in facts if is_true(fact)]
    for other in older:
        board = board.model_copy(update={"objects": tuple(o for o in board.objects if o.id != other.id)})
        board = board.explain(
            host.id,
            Explanation.of(
                msg(
                    "{role} is an older Role its controller has on {host}: as a state-based action it is put "
                    "into its owner's graveyard, where the token ceases to exist.",
                    role=card(other.id),
                    host=card(host.id),
                )
                if other.token
                else msg(
                    "{role} is an older Role its controller has on {host}: as a state-based action it is put "
                    "into its owner's graveyard.",
                    role=card(other.id),
                    host=card(host.id),
                ),
                ONE_ROLE,
                *((TOKEN_GONE,) if other.token else ()),
            ),
        )
    return board


def _maybe_one_role(board: Board, host: GameObject, others: list[GameObject], why: Unsure) -> Board:
    """Whether ``others`` and the newest attachment are Roles isn't known: whether the older ones are put
    into the graveyard (704.5y) is unknown, both outcomes named, and so is what ``host`` is."""
    reason = msg(
        "whether {roles} stayed attached to it isn't known ({reason})",
        roles=_named(others),
        reason=why.reason,
    )
    note = explained(
        msg(
            "Whether {roles} stays on {host} is unknown, because {reason}: if it and the newest attachment "
            "are Roles its controller controls, it is put into its owner's graveyard as a state-based "
            "action; otherwise it stays.",
            roles=_named(others),
            host=card(host.id),
            reason=why.reason,
        ),
        why,
        ONE_ROLE,
    )
    board = board.replace(host.with_unknowns(Unknown.of(ALL_CHARACTERISTICS, reason, ONE_ROLE)))
    return board.explain(host.id, note, note=True)


def _named(objects: list[GameObject]) -> Param:
    return listing([card(obj.id) for obj in objects])
