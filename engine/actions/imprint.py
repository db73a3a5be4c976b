"""Cards exiled with an object, and Duplicant's "the last creature card exiled with ~" (CR 607.2a, 712.21b).

An object's ability that exiles cards is linked to its ability that refers to the cards "exiled with
~". The link follows the ability, not its number: a permanent that becomes a copy has new abilities,
linked only to each other, so the cards its earlier abilities exiled are exiled with none of them
(CR 607.1, 707.7; the seed's Soul Foundry turned into Chrome Mox). Duplicant's static ability gives it
"the power, toughness, and creature types of the last creature card exiled with ~": it is applied here
as two effects with Duplicant's own timestamp (CR 613.7a), a 7b power/toughness setting and a layer 4
creature-type setting ("It's still a Shapeshifter").
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.characteristics import GameAbility
from engine.core.citations import Citation, cite
from engine.core.effects import EffectKind, EffectSpec
from engine.core.known import Fact, Known, Unsure, unsure_of
from engine.core.messages import Message, Param, listing, msg, semicolon_series, series
from engine.core.messages import card as card_name
from engine.core.model import Card, PrintedNumber
from engine.core.results import Explanation, Unknown
from engine.layers.exiled_links import text_values, undecided_exiled
from engine.layers.system import current_characteristics
from engine.layers.text import EXCHANGED
from engine.oracle.linked import says_exile
from engine.oracle.statics import LastExiledWith, last_exiled_with
from engine.oracle.text import strip_reminder
from engine.state.board import (
    Board,
    GameObject,
    TextChange,
    TimedEffect,
    Zone,
    became_object_at,
    exiled_with_text,
    latest_exchange,
    text_timestamp,
)

LINKED_EXILE = cite("607.2a", "The second ability refers only to cards in the exile zone")
CDA_EVERYWHERE = cite("604.3", "Characteristic-defining abilities function in all zones")
STATIC_TIMESTAMP = cite("613.7a", "has the same timestamp as the object the static ability is on")
MELDED_EXILE_ORDER = cite("712.21b", "that player determines the relative timestamp order of the two cards")
LINKED_ONLY = cite("607.1", "and not by any other ability")
GAINED_LINKS = cite("607.5", "They can’t be linked to any other ability")
COPIED_LINKS = cite("707.7", "regardless of what other abilities the copy may currently have or may have had")

_KINDS = (EffectKind.SET_PT, EffectKind.SET_SUBTYPES)


def exiled_with_ability(source: GameObject, board: Board) -> int | None:
    """The number (from 1) of ``source``'s first ability that exiles: "exiled with ~" cards' ability.

    "Cards exiled with ~" and exiling ``source`` itself ("Exile ~: …") don't exile cards with it; None
    too when its abilities aren't known (which ability exiled isn't then numbered)."""
    abilities = current_characteristics(source, board).abilities
    if isinstance(abilities, Unsure):
        return None
    return next((i for i, a in enumerate(abilities.value, 1) if says_exile(a.rules_text.casefold())), None)


def exiled_with(board: Board, source: GameObject) -> tuple[GameObject, ...]:
    """The cards in exile that an ability of ``source``'s copiable text, as it is now, exiled (CR 607.1);
    the rule is :func:`engine.state.board.exiled_with_text`, which the layer system uses too (607.2b).

    Cards that an ability it had before it became a copy (or while a copy effect that ended applied, or
    before an exchange of text boxes) exiled, or one an effect gave it, are
    :func:`exiled_by_other_abilities` (707.7, 607.5, 612.5). Cards exiled before a word change changed
    its linked abilities are neither: whether they count is unknown (``undecided_exiled``, 612.2).
    """
    linked = exiled_with_text(board, source, len(text_values(source, board).abilities))
    undecided = _undecided(board, source)
    return tuple(o for o in linked if o.id not in undecided)


def exiled_by_other_abilities(board: Board, source: GameObject) -> tuple[GameObject, ...]:
    """The cards in exile exiled with ``source`` by an ability not of its copiable text as it has it now:
    one of another text it had (CR 707.7, 612.5), or one an effect gave it (607.5)."""
    linked = {o.id for o in exiled_with(board, source)} | _undecided(board, source)
    return tuple(o for o in _exiled_by(board, source) if o.id not in linked)


def _undecided(board: Board, source: GameObject) -> set[str]:
    found = undecided_exiled(board, source) if source.text_changes or source.ended_text_changes else None
    return {o.id for o in found.cards} if found else set()


def _exiled_by(board: Board, source: GameObject) -> list[GameObject]:
    # what an earlier object with its handle exiled is no relation of it (CR 400.7; exiled_links)
    since = became_object_at(board, source)
    return [o for o in board.in_zone(Zone.EXILE) if o.exiled_by == source.id and o.timestamp > since]


def last_exiled_effects(board: Board, source: GameObject, undecided: tuple[str, ...] = ()) -> Board:
    """``source`` with the effects of its "last creature card exiled with ~" ability, if it has one.

    ``undecided``: the two cards of a melded permanent just exiled with no ``last`` choice; the player
    chooses (CR 712.21b), so no card is taken as last and a note lists the options.
    """
    found = _ability(source, board)
    if isinstance(found, Unsure):
        return _unknown_effects(board, source, found)
    if found.value is None:
        return _stopped(board, source, _ability_gone(source))
    ability, wording = found.value
    if undecided:
        return board.explain(source.id, _choose_last(source, undecided), note=True)
    exiled = [o for o in exiled_with(board, source) if _creature_card(o.card)]
    if not exiled:
        return _stopped(board, source, _none_exiled(board, source))
    last = max(exiled, key=lambda o: o.timestamp)
    if last.card is None:
        return board
    kept = wording.kept
    label = msg("{source}'s “{ability}”", source=card_name(source.id), ability=strip_reminder(ability.text))
    # The card's values in exile, where a characteristic-defining ability still works (CR 604.3).
    current = current_characteristics(last, board)
    power, toughness, subtypes = current.power, current.toughness, current.subtypes
    if isinstance(power, Unsure) or isinstance(toughness, Unsure) or isinstance(subtypes, Unsure):
        return _unknown_effects(board, source, unsure_of(power, toughness, subtypes))
    numbers = (power.value, toughness.value)
    source = _with_effects(source, *numbers, (*subtypes.value, *kept), label)
    return board.replace(source).explain(source.id, _explained(source, last, numbers, kept))


def _unknown_effects(board: Board, source: GameObject, why: Unsure) -> Board:
    """What its "last creature card exiled" ability gives isn't known: its P/T and creature types aren't."""
    reason = msg(
        "what {source}'s ability linked to the exiled cards gives it isn't known ({reason})",
        source=card_name(source.id),
        reason=why.reason,
    )
    unknown = Unknown.of(("power", "toughness", "subtypes"), reason, LINKED_EXILE)
    if unknown in source.unknowns:
        return board
    return board.replace(source.with_unknowns(unknown))


def _stopped(board: Board, source: GameObject, why: Explanation) -> Board:
    """``source`` without the effects its "last creature card exiled" ability applied, said if it had any."""
    remaining = _without_ours(source)
    board = board.replace(source.model_copy(update={"effects": remaining}))
    return board if len(remaining) == len(source.effects) else board.explain(source.id, why)


def _none_exiled(board: Board, source: GameObject) -> Explanation:
    earlier = [o for o in exiled_by_other_abilities(board, source) if _creature_card(o.card)]
    if not earlier:
        return Explanation.of(
            msg(
                "No creature card exiled with {source} is in exile any more, so its static ability no longer "
                "gives it another card's power, toughness and creature types.",
                source=card_name(source.id),
            ),
            LINKED_EXILE,
        )
    reasons, rules = other_abilities_reasons(source, earlier)
    template = (
        msg(
            "Exiled with {source}: {reasons}. That ability is not the one its static ability is linked to: "
            "abilities are linked only to each other, so no creature card is exiled with that ability and it "
            "doesn't get another card's power, toughness and creature types.",
            source=card_name(source.id),
            reasons=semicolon_series(list(reasons)),
        )
        if len(reasons) == 1
        else msg(
            "Exiled with {source}: {reasons}. None of those abilities is the one its static ability is "
            "linked to: abilities are linked only to each other, so no creature card is exiled with that "
            "ability and it doesn't get another card's power, toughness and creature types.",
            source=card_name(source.id),
            reasons=semicolon_series(list(reasons)),
        )
    )
    return Explanation.of(
        template,
        *rules,
        LINKED_EXILE,
    )


def other_abilities_reasons(
    source: GameObject, others: Sequence[GameObject]
) -> tuple[list[Message], tuple[Citation, ...]]:
    """Which ability exiled each of ``others`` (cards :func:`exiled_by_other_abilities` gives) — one of a
    text ``source`` had before it became a copy or of a copy effect that no longer applies (CR 707.7), or
    one an effect gave it (607.5) — worded "CARDS by …", and the rules that say so."""
    text = text_timestamp(source)
    exchange = latest_exchange(source)
    exchanges = {e.change.timestamp for e in source.ended_text_changes if e.change.spec.exchange_with}
    before = [o for o in others if o.exiled_text < text]
    swapped = [o for o in others if o.exiled_text > text and o.exiled_text in exchanges]
    ended = [o for o in others if o.exiled_text > text and o.exiled_text not in exchanges]
    granted = [o for o in others if o.exiled_text == text]
    reasons = [
        *([_before_text(exchange, before)] if before else []),
        *(
            [msg("{cards} by the ability of a copy effect that no longer applies", cards=_names(ended))]
            if ended
            else []
        ),
        *(
            [
                msg(
                    "{cards} by an ability of the rules text an exchange of text boxes gave it, which has "
                    "ended",
                    cards=_names(swapped),
                )
            ]
            if swapped
            else []
        ),
        *([msg("{cards} by an ability an effect gave it", cards=_names(granted))] if granted else []),
    ]
    copied = (COPIED_LINKS,) if (before and not exchange) or ended else ()
    exchanged = (LINKED_EXILE, EXCHANGED) if (before and exchange) or swapped else ()
    return reasons, (LINKED_ONLY, *exchanged, *copied, *((GAINED_LINKS,) if granted else ()))


def _before_text(exchange: TextChange | None, before: Sequence[GameObject]) -> Message:
    """Cards an ability of a text the object no longer has exiled: before an exchange of text boxes
    replaced all its rules text (CR 612.5), or before it became a copy (707.7)."""
    if exchange is None:
        return msg("{cards} by the ability it had before it became a copy", cards=_names(before))
    return msg(
        "{cards} by an ability of the rules text it had before {source} exchanged its text box, which "
        "replaced all of its rules text",
        cards=_names(before),
        source=card_name(exchange.spec.via) if exchange.spec.via else msg("an effect"),
    )


def _names(objects: Sequence[GameObject]) -> Param:
    return series([card_name(o.card.name if o.card else o.id) for o in objects])


def _ability_gone(source: GameObject) -> Explanation:
    return Explanation.of(
        msg(
            "{source} no longer has the ability that gave it the power, toughness and creature types of the "
            "last creature card exiled with it, so that effect stops.",
            source=card_name(source.id),
        ),
        LINKED_ONLY,
    )


def _ability(source: GameObject, board: Board) -> Fact[tuple[GameAbility, LastExiledWith] | None]:
    abilities = current_characteristics(source, board).abilities
    if isinstance(abilities, Unsure):
        return abilities
    for ability in abilities.value:
        wording = last_exiled_with(ability.rules_text)
        if wording:
            return Known((ability, wording))
    return Known(None)


def _creature_card(card: Card | None) -> bool:
    return card is not None and "Creature" in card.front.type_line.types


def _with_effects(
    source: GameObject,
    printed_power: PrintedNumber | None,
    printed_toughness: PrintedNumber | None,
    subtypes: tuple[str, ...],
    label: Message,
) -> GameObject:
    power = printed_power.value if printed_power and printed_power.value is not None else 0
    toughness = printed_toughness.value if printed_toughness and printed_toughness.value is not None else 0
    subtypes = tuple(dict.fromkeys(subtypes))
    others = _without_ours(source)
    added = (
        TimedEffect(
            timestamp=source.timestamp,
            spec=EffectSpec(kind=EffectKind.SET_SUBTYPES, subtypes=subtypes),
            source=label,
        ),
        TimedEffect(
            timestamp=source.timestamp,
            spec=EffectSpec(kind=EffectKind.SET_PT, power=power, toughness=toughness, with_previous=True),
            source=label,
        ),
    )
    return source.model_copy(update={"effects": (*others, *added)})


def _without_ours(source: GameObject) -> tuple[TimedEffect, ...]:
    """``source``'s effects but those its "last creature card exiled" ability applied before."""
    return tuple(
        e for e in source.effects if e.listed or e.spec.kind not in _KINDS or e.timestamp != source.timestamp
    )


def _explained(
    source: GameObject,
    last: GameObject,
    numbers: tuple[PrintedNumber | None, PrintedNumber | None],
    kept: tuple[str, ...],
) -> Explanation:
    name = last.card.name if last.card else last.id
    still: Param = msg(" It's still a {kind}.", kind=kept[0]) if kept else ""
    power, toughness = _shown(numbers[0]), _shown(numbers[1])
    printed = last.card.front.power if last.card else None
    defined = bool(printed and not printed.printed.isdigit())
    cda: Param = (
        msg(
            " {card}'s power and toughness are defined by an ability that works in exile too "
            "({power}/{toughness} now).",
            card=card_name(name),
            power=power,
            toughness=toughness,
        )
        if defined
        else ""
    )
    return Explanation.of(
        msg(
            "The last creature card exiled with {source} is {card} ({id}): {source} has its power and "
            "toughness ({power}/{toughness}) and creature types.{still}{cda} The effect comes from "
            "{source}'s static ability, so it has {source}'s timestamp.",
            source=card_name(source.id),
            card=card_name(name),
            id=last.id,
            power=power,
            toughness=toughness,
            still=still,
            cda=cda,
        ),
        LINKED_EXILE,
        STATIC_TIMESTAMP,
        *((CDA_EVERYWHERE,) if defined else ()),
    )


def _shown(number: PrintedNumber | None) -> str:
    return "0" if number is None or number.value is None else str(number.value)


def _choose_last(source: GameObject, undecided: tuple[str, ...]) -> Explanation:
    return Explanation.of(
        msg(
            "The melded permanent exiled with {source} became two cards, and the player who exiled it "
            "chooses which is the last creature card exiled: {cards} (give it as last: CARD). Until then "
            "{source} doesn't take either one's power, toughness and creature types.",
            source=card_name(source.id),
            cards=listing([card_name(c) for c in undecided], "or"),
        ),
        MELDED_EXILE_ORDER,
        LINKED_EXILE,
    )
