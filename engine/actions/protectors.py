"""A battle's protector (CR 310.8, 310.10, 310.11): chosen as it enters, from among its controller's
opponents for a Siege (310.11a); its controller for a battle with no battle type (310.8a).

A board has two players, so a Siege's protector is its controller's one opponent: ``protector:`` may say
so, and any other player is refused (only an opponent can protect a Siege). A permanent that becomes a
copy of a battle without entering keeps the protector it had (310.8g); if it had none, its controller
chooses one as a state-based action (310.10) — again the one opponent.
"""

from __future__ import annotations

from engine.core.citations import cite
from engine.core.messages import card as card_name
from engine.core.messages import msg
from engine.core.results import Explanation
from engine.layers.control import current_controller
from engine.layers.copiable import copiable_values
from engine.state.board import Board, BoardError, GameObject, ObjectSpec

PROTECTOR = cite(
    "310.8a", "As a battle enters the battlefield, its controller chooses a player to be its protector"
)
SIEGE_PROTECTOR = cite("310.11a", "its controller must choose its protector from among their opponents")
KEEPS_PROTECTOR = cite(
    "310.8g", "doesn’t change if it stops being a battle or it becomes a copy of another battle"
)
NO_PROTECTOR = cite("310.10", "its controller chooses an appropriate player to be its protector")


def check_protector(spec: ObjectSpec, obj: GameObject) -> None:
    """``protector:`` given for what doesn't enter as a Siege, or naming its own controller: refused,
    naming the line (CR 310.8, 310.11a)."""
    if spec.protector is None:
        return
    where = msg("line {line}: ", line=spec.line) if spec.line else ""
    if not _is_battle(obj):
        raise BoardError(
            msg(
                "{where}{card} isn't a battle, so it has no protector (CR 310.8); protector: is for a battle",
                where=where,
                card=card_name(spec.id),
            )
        )
    if _is_siege(obj) and spec.protector is current_controller(obj):
        raise BoardError(
            msg(
                "{where}{card} is a Siege: only an opponent of its controller ({player}) can be its "
                "protector (CR 310.11a), so protector: {player} can't be",
                where=where,
                card=card_name(spec.id),
                player=spec.protector.value,
            )
        )


def protector_chosen(board: Board, obj: GameObject, spec: ObjectSpec) -> tuple[Board, GameObject]:
    """As a battle enters: its protector, the board's ``protector`` or the one player the rules allow."""
    check_protector(spec, obj)
    if not _is_battle(obj):
        return board, obj
    controller = current_controller(obj)
    if not _is_siege(obj):
        if not copiable_values(obj).subtypes:
            step = Explanation.of(
                msg("It is a battle with no battle type: its controller ({player}) becomes its protector."),
                PROTECTOR,
            )
            return board.explain(obj.id, step), obj.model_copy(update={"protector": controller})
        return board, obj
    protector = controller.opponent
    given = spec.protector is not None
    step = Explanation.of(
        msg(
            "As this Siege entered, its controller ({player}) chose its protector from among their "
            "opponents: {protector}{how}.",
            player=controller.value,
            protector=protector.value,
            how=msg(", as the board says") if given else msg(", the only opponent on a two-player board"),
        ),
        SIEGE_PROTECTOR,
    )
    return board.explain(obj.id, step), obj.model_copy(update={"protector": protector})


def protector_after_copy(board: Board, obj: GameObject) -> tuple[Board, GameObject]:
    """A permanent that became a copy without entering: a battle keeps its protector (310.8g); one that
    has none now that it is a Siege gets one as a state-based action (310.10, 310.11a)."""
    if not _is_battle(obj):
        return board, obj
    if obj.protector is not None:
        step = Explanation.of(
            msg(
                "Its protector doesn't change as it becomes a copy: still {protector}.",
                protector=obj.protector.value,
            ),
            KEEPS_PROTECTOR,
        )
        return board.explain(obj.id, step), obj
    if not _is_siege(obj):
        return board, obj
    protector = current_controller(obj).opponent
    note = Explanation.of(
        msg(
            "It became a Siege without entering, so no protector was chosen for it: as a state-based action "
            "its controller chooses one of their opponents — on a two-player board, {protector}.",
            protector=protector.value,
        ),
        NO_PROTECTOR,
        SIEGE_PROTECTOR,
    )
    return board.explain(obj.id, note, note=True), obj.model_copy(update={"protector": protector})


def _is_battle(obj: GameObject) -> bool:
    return "Battle" in copiable_values(obj).types


def _is_siege(obj: GameObject) -> bool:
    return "Siege" in copiable_values(obj).subtypes
