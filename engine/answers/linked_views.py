"""What a linked question about a board object adds to its card's pairs (CR 607): the pairs one effect
gave it and the cards they exiled (607.5), the cards its ability refers to by name (607.2n), and the links
between it and the object that created it or that it created (607.1d)."""

from __future__ import annotations

from engine.core.effects import EffectKind
from engine.core.known import Known
from engine.core.messages import english
from engine.core.model import Card
from engine.layers.control import current_controller
from engine.layers.copiable import copiable_values
from engine.layers.exiled_links import (
    NAMED_CARDS,
    exiled_by_granted,
    exiled_with_cards_named,
    granted_positions,
)
from engine.layers.system import current_characteristics
from engine.linked.gained import GainedLink, GainedReport, effect_grant, gained_links, text_grant
from engine.linked.links import LinkedReport
from engine.state.board import Board, GameObject

_EXILE_LINKS = frozenset({"607.2a", "607.2b"})  # the kinds of link whose acting ability exiles cards


def gained_report(board: Board, obj: GameObject, card: Card | None) -> GainedReport | None:
    """The pairs among the abilities effects gave ``obj`` (one group for its card text, one per granting
    effect by timestamp), linked only within a group, each with the cards in exile one of them exiled
    (CR 607.5); None when no effect gave it abilities."""
    granted: dict[int, list[str]] = {}
    for effect in obj.effects:
        if effect.spec.kind in (EffectKind.ADD_ABILITIES, EffectKind.ANIMATE) and effect.spec.abilities:
            granted.setdefault(effect.timestamp, []).extend(effect.spec.abilities)
    if not granted:
        return None
    values = copiable_values(obj)
    name = values.name or obj.id
    text = text_grant(
        tuple(a.text for a in values.abilities),
        (card.name,) if card else (),
        copied=bool(obj.copies),
        copied_from=card.name if obj.copies and card else None,
    )
    grants = [text, *(effect_grant(stamp, tuple(texts)) for stamp, texts in sorted(granted.items()))]
    report = gained_links(name, grants, types=values.types)
    own = tuple(link for link in report.links if link.abilities[0].effect != english(text.effect))
    abilities = current_characteristics(obj, board).abilities
    found = granted_positions(obj, abilities.value, granted) if isinstance(abilities, Known) else None
    if found:
        stamps = {
            english(grant.effect): stamp for stamp, grant in zip(sorted(granted), grants[1:], strict=True)
        }
        own = tuple(_with_exiled(board, obj, link, stamps, found) for link in own)
    return report.model_copy(update={"links": own})


def _with_exiled(
    board: Board, obj: GameObject, link: GainedLink, stamps: dict[str, int], found: dict[int, tuple[int, ...]]
) -> GainedLink:
    """``link`` with the cards one of its abilities exiled on ``obj`` since its effect began (CR 607.5)."""
    stamp = stamps[link.abilities[0].effect]
    positions = [found[stamp][a.index - 1] for a in link.abilities]
    exiled = exiled_by_granted(board, obj, positions, stamp) if link.rule in _EXILE_LINKS else ()
    return link.model_copy(update={"exiled": tuple(o.id for o in exiled)})


def exiled_by_name(
    board: Board, obj: GameObject, card: Card | None, report: LinkedReport | None
) -> list[GameObject] | None:
    """The cards ``obj``'s controller exiled before the game with cards named as ``card`` (CR 607.2n), which
    its ability "exiled with cards named ~" refers to; None when its text has no such ability."""
    named = [link for link in report.links if link.rule == NAMED_CARDS.number] if report else []
    if card is None or not named:
        return None
    player = current_controller(obj)
    return [o for link in named for o in exiled_with_cards_named(board, card.name, player, link.abilities[0])]
