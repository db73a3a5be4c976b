"""Standing "enter as a copy" effects (Essence of the Wild, Infinite Reflection; CR 614.1c, 614.12, 707.5):
which permanents' abilities make an entering creature a copy, the order when several apply (616.1c), and
the unknown when whether one applies isn't known — the entering object's card types, or whether the source
still has the ability (its abilities unknown, 613.1f)."""

from __future__ import annotations

from engine.core.characteristics import GameAbility
from engine.core.citations import cite
from engine.core.known import Known, Unsure, explained, is_true
from engine.core.messages import Message, Param, msg
from engine.core.messages import card as card_name
from engine.core.model import SELF
from engine.core.results import Explanation, Unknown
from engine.layers.computed import Computed
from engine.layers.control import current_controller
from engine.layers.copiable import copiable_values
from engine.layers.system import current_characteristics
from engine.oracle.abilities import ENTERS_REPLACEMENT
from engine.oracle.wording import ALL_CHARACTERISTICS
from engine.oracle.zones import standing_copy
from engine.state.board import Board, GameObject, ObjectSpec, PendingCopy, Zone

AS_IT_WOULD_EXIST = cite(
    "614.12", "check the characteristics of the permanent as it would exist on the battlefield"
)
ENTERS_AS_COPY = cite("707.5", "becomes a copy as it enters the battlefield")
COPY_EFFECTS_ORDERED = cite("616.1c", "would cause an object to become a copy of another object as it enters")
REPEATED_UNTIL_NONE = cite("616.1f", "this process is repeated")


def battlefield_permanents(board: Board) -> list[GameObject]:
    return [obj for obj in board.in_zone(Zone.BATTLEFIELD) if not obj.phased_out]


def standing_for(
    board: Board, spec: ObjectSpec, values: Computed
) -> tuple[Board, PendingCopy | Unknown | None]:
    """The standing "enter as a copy" effect that applies to ``spec`` entering with ``values``, explained;
    an :class:`Unknown` when whether it is a creature, and so whether one applies, isn't known."""
    found = _standing_sources(board, spec)
    creature = values.is_a("Creature")
    unsure = _unsure_sources(board, spec)
    if unsure and not isinstance(creature, Unsure) and creature.value:
        return _unsure_source(board, spec.id, *unsure[0])
    if found and isinstance(creature, Unsure):
        via = found[0][0].card.name if found[0][0].card else found[0][0].id
        return unsure_replacement(board, spec.id, via, found[0][1], msg("a creature"), creature)
    if not found or not is_true(creature):
        return board, None
    source, of_id = found[0]
    via = source.card.name if source.card else source.id
    board = _other_orders(board, spec, found) if len(found) > 1 else board
    board = board.explain(
        spec.id,
        Explanation.of(
            msg(
                "As it would exist on the battlefield it is a creature entering under the control of "
                "{source}'s controller, so {via}'s replacement effect applies: it enters as a copy of "
                "{original}.",
                source=card_name(source.id),
                via=card_name(via),
                original=card_name(of_id),
            ),
            AS_IT_WOULD_EXIST,
            ENTERS_REPLACEMENT,
            ENTERS_AS_COPY,
        ),
    )
    return board, PendingCopy(of_id=of_id, via=via, types=("Creature",))


def _other_orders(board: Board, spec: ObjectSpec, found: list[tuple[GameObject, str]]) -> Board:
    """Several standing copy effects apply: the controller orders them and the last applied decides."""
    options = [
        msg(
            "{source} applied last: a copy of {original}",
            source=card_name(source.id),
            original=card_name(of_id),
        )
        for source, of_id in found
    ]
    return board.explain(
        spec.id,
        Explanation.of(
            msg(
                "Several effects would make it enter as a copy; its controller chooses their order and the "
                "one applied last decides ({options}). This answer shows {shown}'s.",
                options=_alternatives(options),
                shown=card_name(found[0][0].id),
            ),
            COPY_EFFECTS_ORDERED,
            REPEATED_UNTIL_NONE,
        ),
        note=True,
    )


def _alternatives(options: list[Message]) -> Param:
    """Alternatives separated by semicolons ("A; B; C")."""
    if len(options) == 1:
        return options[0]
    return msg("{first}; {rest}", first=options[0], rest=_alternatives(options[1:]))


def standing_source(board: Board, spec: ObjectSpec) -> tuple[GameObject, str] | None:
    """The first permanent whose "enter as a copy" effect applies to ``spec``, and what it copies."""
    found = _standing_sources(board, spec)
    return found[0] if found else None


def _standing_sources(board: Board, spec: ObjectSpec) -> list[tuple[GameObject, str]]:
    """The permanents whose "enter as a copy" abilities apply to ``spec``, and what each copies."""
    found: list[tuple[GameObject, str]] = []
    for source in battlefield_permanents(board):
        if source.id == spec.id or current_controller(source) is not spec.controller:
            continue
        abilities = current_characteristics(source, board).abilities
        if isinstance(abilities, Known):
            found += [(source, of_id) for of_id in _copied_by(board, source, abilities.value, spec)]
    return found


def _unsure_sources(board: Board, spec: ObjectSpec) -> list[tuple[GameObject, str, GameAbility, Unsure]]:
    """The permanents whose abilities aren't known and whose copiable values have an "enter as a copy"
    ability that would apply to ``spec``: whether they still have it isn't known (CR 613.1f)."""
    found: list[tuple[GameObject, str, GameAbility, Unsure]] = []
    for source in battlefield_permanents(board):
        if source.id == spec.id or current_controller(source) is not spec.controller:
            continue
        abilities = current_characteristics(source, board).abilities
        if isinstance(abilities, Unsure):
            for ability in copiable_values(source).abilities:
                found += [
                    (source, of_id, ability, abilities)
                    for of_id in _copied_by(board, source, (ability,), spec)
                ]
    return found


def _copied_by(
    board: Board, source: GameObject, abilities: tuple[GameAbility, ...], spec: ObjectSpec
) -> list[str]:
    """What ``source``'s "enter as a copy" abilities among ``abilities`` make ``spec`` a copy of."""
    found: list[str] = []
    for ability in abilities:
        standing = standing_copy(ability.rules_text)
        if standing is None or (standing.nontoken and spec.token):
            continue
        of_id = source.id if standing.of == SELF else source.attached_to
        if of_id and board.has(of_id):
            found.append(of_id)
    return found


def _unsure_source(
    board: Board, handle: str, source: GameObject, of_id: str, ability: GameAbility, why: Unsure
) -> tuple[Board, Unknown]:
    """Whether ``source`` still has its "enter as a copy" ability isn't known: both outcomes are named, and
    every characteristic ``handle`` enters with is unknown."""
    reason = msg(
        "whether {source} still has “{ability}” isn't known ({reason})",
        source=card_name(source.id),
        ability=ability.text,
        reason=why.reason,
    )
    said = msg(
        "Whether it enters as a copy of {original} is unknown, because {reason}. If it has that ability, "
        "it enters as a copy of {original}; otherwise it enters as it would have.",
        original=card_name(of_id),
        reason=reason,
    )
    return _copy_unknown(board, handle, said, reason, why)


def unsure_replacement(
    board: Board, handle: str, via: str, of_id: str, wanted: Param, why: Unsure
) -> tuple[Board, Unknown]:
    """Whether ``via``'s "enter as a copy" replacement effect applies to ``handle`` rests on its card types,
    which aren't known: both outcomes are named, and every characteristic it enters with is unknown."""
    reason = msg(
        "whether {via}'s replacement effect applies isn't known: it applies only if, as it would exist on "
        "the battlefield, it is {wanted}, and its card types aren't known ({reason})",
        via=card_name(via),
        wanted=wanted,
        reason=why.reason,
    )
    said = msg(
        "Whether it enters as a copy of {original} is unknown, because {reason}. If it is {wanted}, it "
        "enters as a copy of {original}; otherwise it enters as it would have.",
        original=card_name(of_id),
        reason=reason,
        wanted=wanted,
    )
    return _copy_unknown(board, handle, said, reason, why)


def _copy_unknown(
    board: Board, handle: str, said: Message, reason: Message, why: Unsure
) -> tuple[Board, Unknown]:
    """The note ``said`` on ``handle`` and the unknown of every characteristic it enters with; whether it
    is a copy decides its copiable values too (CR 707.2), so a copy of it copies the unknown."""
    note = explained(said, why, AS_IT_WOULD_EXIST, ENTERS_REPLACEMENT)
    unknown = Unknown.of(ALL_CHARACTERISTICS, reason, AS_IT_WOULD_EXIST).model_copy(update={"copiable": True})
    return board.explain(handle, note, note=True), unknown
