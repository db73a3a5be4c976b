"""Replacement effects of permanents on cards going to a graveyard, and the affected player's choice.

Leyline of the Void ("If a card would be put into an opponent's graveyard from anywhere, exile it
instead"), Rest in Peace (cards or tokens, any graveyard) and Wheel of Sun and Moon (the enchanted
player's graveyard: the bottom of that player's library). When several apply, the affected object's
controller chooses one (CR 616.1); the board gives the choice as ``replacement: HANDLE``, and without it
the move waits, listing the options, unless every option leads to the same zone.
"""

from __future__ import annotations

from engine.core.citations import cite
from engine.core.effects import Player
from engine.core.known import Unsure, explained, is_false
from engine.core.messages import Message, Param, card, msg, semicolon_series
from engine.core.model import Frozen
from engine.core.results import Explanation
from engine.layers.control import current_controller
from engine.layers.system import current_characteristics
from engine.oracle.entering import ENCHANTED_PLAYER
from engine.oracle.zones import GraveyardReplacementWording, graveyard_replacement
from engine.state.board import Board, BoardError, GameObject, MoveSpec, Zone

INSTEAD = cite("614.1a", "Effects that use the word “instead” are replacement effects")
REPLACED = cite("614.6", "If an event is replaced, it never happens")
AFFECTED_CHOOSES = cite("616.1", "chooses one to apply")
ANY_MAY_BE_CHOSEN = cite(
    "616.1e", "Any of the applicable replacement and/or prevention effects may be chosen"
)
OWNERS_GRAVEYARD = cite("400.3", "it goes to its owner’s corresponding zone")
NOT_A_CARD = cite("108.2b", "Tokens aren’t considered cards")
MELDED_REPLACEMENT = cite(
    "712.21d", "applying one of those replacement effects to one of the two cards affects both cards"
)


class GraveyardReplacement(Frozen):
    """One replacement effect that would apply to a card (or token) going to a graveyard."""

    source: str
    text: str
    to: Zone
    also: str | None = None  # what else it does, which a board doesn't do (Kalitas's Zombie)
    unsure_because: Param | None = None  # why it may apply, if not for whom an Aura enchants


class Destination(Frozen):
    """Where the moved object goes after replacement effects; ``zone`` None: the player must choose."""

    zone: Zone | None
    applied: GraveyardReplacement | None = None
    options: tuple[GraveyardReplacement, ...] = ()
    steps: tuple[Explanation, ...] = ()


def destination(board: Board, obj: GameObject, move: MoveSpec) -> Destination:
    """Where ``obj`` goes when it leaves the battlefield for ``move.to``, after replacement effects."""
    if move.to is not Zone.GRAVEYARD:
        return Destination(zone=move.to)
    found, unsure, steps = _replacements(board, obj)
    if unsure and move.replacement not in {r.source for r in found}:
        return _unsure(obj, found, unsure, steps)
    if not found:
        if move.replacement:
            raise BoardError(
                msg("no replacement effect applies to {card} going to a graveyard", card=card(obj.id))
            )
        return Destination(zone=Zone.GRAVEYARD, steps=steps)
    return _choose(obj, found, move, steps)


def _replacements(
    board: Board, obj: GameObject
) -> tuple[tuple[GraveyardReplacement, ...], tuple[GraveyardReplacement, ...], tuple[Explanation, ...]]:
    """The effects that apply to ``obj``, those that may (the board doesn't say whom an Aura enchants),
    and notes."""
    found: list[GraveyardReplacement] = []
    unsure: list[GraveyardReplacement] = []
    notes: list[Explanation] = []
    # The leaving permanent's own effect still applies to its move (Rest in Peace destroyed is exiled).
    for source in board.in_zone(Zone.BATTLEFIELD):
        if source.phased_out:
            continue
        abilities = current_characteristics(source, board).abilities
        if isinstance(abilities, Unsure):
            notes.append(_abilities_unknown(source, obj, abilities))
            continue
        for ability in abilities.value:
            wording = graveyard_replacement(ability.rules_text)
            to = _replaced_zone(wording.rest) if wording else None
            if wording is None or to is None:
                continue
            applies, note = _applies(source, obj, wording, board)
            notes += [note] if note else []
            if applies is not False:
                because = _creature_unknown(obj, board) if applies is None and wording.dies else None
                replacement = GraveyardReplacement(
                    source=source.id, text=ability.text, to=to, also=wording.also, unsure_because=because
                )
                (found if applies else unsure).append(replacement)
    return tuple(found), tuple(unsure), tuple(notes)


def _abilities_unknown(source: GameObject, obj: GameObject, abilities: Unsure) -> Explanation:
    """A permanent whose abilities aren't known may have one replacing the move: said, never assumed away."""
    return explained(
        msg(
            "{source}'s abilities are unknown, because {reason}: if one of them replaces {object}'s move "
            "(“… instead”), {object} goes where that ability says instead.",
            source=card(source.id),
            object=card(obj.id),
            reason=abilities.reason,
        ),
        abilities,
        INSTEAD,
    )


def _creature_unknown(obj: GameObject, board: Board) -> Param | None:
    """Why whether ``obj`` is a creature isn't known ("would die" covers only creatures, CR 700.4)."""
    creature = current_characteristics(obj, board).is_a("Creature")
    return creature.reason if isinstance(creature, Unsure) else None


def _replaced_zone(rest: str) -> Zone | None:
    if rest.startswith(("exile it instead", "instead exile")):
        return Zone.EXILE
    return Zone.LIBRARY if "library" in rest else None


def _applies(
    source: GameObject, obj: GameObject, wording: GraveyardReplacementWording, board: Board
) -> tuple[bool | None, Explanation | None]:
    """Whether the effect covers ``obj`` (None: unknown): a token only for "card or token", whose
    graveyard it is, and for "would die", which creatures."""
    if wording.dies:
        return _covers_dying(source, obj, wording, board), None
    if obj.token and not wording.tokens:
        return False, Explanation.of(
            msg(
                "{source}'s effect is about cards; {object} is a token, not a card, so it doesn't apply.",
                source=card(source.id),
                object=card(obj.id),
            ),
            NOT_A_CARD,
        )
    controller = current_controller(source)
    match wording.whose:
        case "your":
            return obj.owner is controller, None
        case "an opponent's":
            return obj.owner is not controller, None
        case "enchanted player's":
            return _enchanted_player(source, obj)
    return True, None


def _covers_dying(
    source: GameObject, obj: GameObject, wording: GraveyardReplacementWording, board: Board
) -> bool | None:
    """ "If [another] [nontoken] creature [CONTROLLER] would die": a creature going from the battlefield
    (CR 700.4), "another" never the source itself and "~" only it (Void Maw exiles others, not itself);
    None when whether it is a creature isn't known."""
    creature = current_characteristics(obj, board).is_a("Creature")
    if obj.zone is not Zone.BATTLEFIELD or is_false(creature):
        return False
    if (wording.another and obj.id == source.id) or (wording.itself and obj.id != source.id):
        return False
    if wording.nontoken and obj.token:
        return False
    controlled = _controlled_as_said(wording.ctrl, current_controller(obj), current_controller(source))
    return None if controlled and isinstance(creature, Unsure) else controlled


def _controlled_as_said(ctrl: str | None, controller: Player, sources_controller: Player) -> bool:
    """Whether a creature controlled by ``controller`` is one the wording's controller words name."""
    match ctrl:
        case " you control":
            return controller is sources_controller
        case " an opponent controls" | " you don't control":
            return controller is not sources_controller
    return True


def _enchanted_player(source: GameObject, obj: GameObject) -> tuple[bool | None, Explanation | None]:
    """Whether ``obj``'s owner is the player the Aura enchants; None when the board doesn't say whom."""
    chosen = source.choices.get(ENCHANTED_PLAYER)
    if chosen in (Player.YOU.value, Player.OPPONENT.value):
        return obj.owner.value == chosen, None
    return None, None


def _unsure(
    obj: GameObject,
    found: tuple[GraveyardReplacement, ...],
    unsure: tuple[GraveyardReplacement, ...],
    steps: tuple[Explanation, ...],
) -> Destination:
    """An Aura's effect applies only if it enchants the card's owner, which the board doesn't say: where
    the card goes is unknown, and the move waits with each outcome named (never "it isn't applied")."""
    every = (*found, *unsure)
    each = [msg("{source} (to {zone})", source=card(r.source), zone=_zone_words(r.to)) for r in every]
    if found:
        outcomes = msg(
            "if it enchants {object}'s owner, {object}'s controller chooses which effect applies: {options}; "
            "otherwise {zone}",
            object=card(obj.id),
            options=semicolon_series(each),
            zone=_zone_words(found[0].to) if len(found) == 1 else msg("one of the others, as chosen"),
        )
    else:
        outcomes = msg(
            "if it enchants {object}'s owner, {options}; otherwise its owner's graveyard",
            object=card(obj.id),
            options=semicolon_series(each),
        )
    text = msg(
        "Where {object} goes is unknown, because the board doesn't say which player {sources} enchants "
        "(give choices: {{{choice}: you|opponent}}): {outcomes}. Until then the board doesn't move it.",
        object=card(obj.id),
        sources=_listed(unsure),
        choice=ENCHANTED_PLAYER,
        outcomes=outcomes,
    )
    because = next((r.unsure_because for r in unsure if r.unsure_because is not None), None)
    if because is not None:
        text = msg(
            "Where {object} goes is unknown, because whether it is a creature isn't known ({reason}): if it "
            "is, {options}; otherwise its owner's graveyard. Until then the board doesn't move it.",
            object=card(obj.id),
            reason=because,
            options=semicolon_series(each),
        )
    why = Explanation.of(text, INSTEAD, AFFECTED_CHOOSES if found else OWNERS_GRAVEYARD)
    return Destination(zone=None, options=every, steps=(*steps, why))


def _choose(
    obj: GameObject,
    found: tuple[GraveyardReplacement, ...],
    move: MoveSpec,
    steps: tuple[Explanation, ...],
) -> Destination:
    if move.replacement is not None:
        chosen = [r for r in found if r.source == move.replacement]
        if not chosen:
            raise BoardError(
                msg(
                    "replacement: {replacement} doesn't apply to {card} going to a graveyard; the effects "
                    "that apply are those of {sources}",
                    replacement=card(move.replacement),
                    card=card(obj.id),
                    sources=_listed(found),
                )
            )
        return _applied(obj, chosen[0], found, steps)
    if len(found) == 1:
        return _applied(obj, found[0], found, steps)
    if len({r.to for r in found}) == 1:
        return _same_zone(obj, found, steps)
    return Destination(zone=None, options=found, steps=(*steps, _choice_needed(obj, found)))


def _same_zone(
    obj: GameObject, found: tuple[GraveyardReplacement, ...], steps: tuple[Explanation, ...]
) -> Destination:
    """Several effects apply and all send it to one zone: it goes there whichever its controller chooses,
    but which one applied (and so which source it is exiled with) isn't given, so none is named (616.1)."""
    exiled_with: Param = (
        msg(", so which of them it is exiled with is unknown") if found[0].to is Zone.EXILE else ""
    )
    extra = [r for r in found if r.also]
    if extra:
        exiled_with = msg(
            "{exiled_with}, and so is whether {source}'s effect also does this: “{also}”",
            exiled_with=exiled_with,
            source=card(extra[0].source),
            also=extra[0].also or "",
        )
    text = msg(
        "Several replacement effects would apply to {object} going to a graveyard ({sources}); each sends it "
        "to {zone} instead, so it goes there whichever one {object}'s controller chooses, and it never goes "
        "to the graveyard. Which one was applied isn't given (replacement: HANDLE){exiled_with}.",
        object=card(obj.id),
        sources=_listed(found),
        zone=_zone_words(found[0].to),
        exiled_with=exiled_with,
    )
    why = Explanation.of(text, INSTEAD, REPLACED, AFFECTED_CHOOSES, ANY_MAY_BE_CHOSEN)
    return Destination(zone=found[0].to, options=found, steps=(*steps, why))


def _applied(
    obj: GameObject,
    chosen: GraveyardReplacement,
    found: tuple[GraveyardReplacement, ...],
    steps: tuple[Explanation, ...],
) -> Destination:
    several: Param = ""
    rules = [INSTEAD, REPLACED]
    if len(found) > 1:
        several = msg(
            " Several effects applied ({sources}): {object}'s controller chose this one, and once it is "
            "applied the others no longer apply.",
            sources=_listed(found),
            object=card(obj.id),
        )
        rules += [AFFECTED_CHOOSES, ANY_MAY_BE_CHOSEN]
    text = msg(
        "{source}'s replacement effect (“{text}”) applies: instead of the graveyard, it goes to {zone}; it "
        "never goes to the graveyard.{several}{also}",
        source=card(chosen.source),
        text=chosen.text,
        zone=_zone_words(chosen.to),
        several=several,
        also=_also(chosen),
    )
    return Destination(
        zone=chosen.to, applied=chosen, options=found, steps=(*steps, Explanation.of(text, *rules))
    )


def _also(chosen: GraveyardReplacement) -> Param:
    """What else the applied replacement does, which the board doesn't do for it (Kalitas's Zombie)."""
    if not chosen.also:
        return ""
    return msg(
        " It also does this, which the board doesn't do (give what it makes as an object): “{also}”.",
        also=chosen.also,
    )


def _choice_needed(obj: GameObject, found: tuple[GraveyardReplacement, ...]) -> Explanation:
    options = [msg("{source} (to {zone})", source=card(r.source), zone=_zone_words(r.to)) for r in found]
    return Explanation.of(
        msg(
            "Several replacement effects would apply to {object} going to a graveyard: {options}. {object}'s "
            "controller chooses which one applies (give it as replacement: HANDLE); until then the board "
            "doesn't move it.",
            object=card(obj.id),
            options=semicolon_series(options),
        ),
        AFFECTED_CHOOSES,
        ANY_MAY_BE_CHOSEN,
    )


def melded_replacement(applied: GraveyardReplacement) -> Explanation:
    """Why both cards of a melded permanent follow the one replacement its controller applied."""
    return Explanation.of(
        msg(
            "Applying {source}'s effect to one of the two cards of the melded permanent applies it to both: "
            "both cards go to the same zone.",
            source=card(applied.source),
        ),
        MELDED_REPLACEMENT,
    )


def _listed(found: tuple[GraveyardReplacement, ...]) -> str:
    return ", ".join(r.source for r in found)


def _zone_words(zone: Zone) -> Message:
    return _DESTINATIONS.get(zone) or msg("its owner's {zone}", zone=zone.value)


_DESTINATIONS = {
    Zone.EXILE: msg("exile"),
    Zone.LIBRARY: msg("the bottom of its owner's library"),
    Zone.HAND: msg("its owner's hand"),
    Zone.GRAVEYARD: msg("its owner's graveyard"),
}
"""Where a replacement effect sends a card instead of its owner's graveyard."""
