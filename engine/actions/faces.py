"""Rules of double-faced, flip and face-down objects (CR 701.28, 708, 710, 712) that change a board.

Transforming (:func:`transform`), the checks that stop turning a permanent face down
(:func:`cannot_turn_face_down`) or flipping it again (:func:`flip`), the face a turned-up double-faced
permanent shows, the names a player may choose for "choose a card name" (:func:`choosable_names`).
Pure: each function takes and returns immutable values.
"""

from __future__ import annotations

from engine.copy.effects import FACE_UP_FACE, PHASED_OUT
from engine.core.citations import Citation, cite
from engine.core.known import Fact, Unsure, explained, is_true
from engine.core.messages import Message, Param, card, indefinite, listing, msg, type_words
from engine.core.model import Card, Frozen
from engine.core.results import Explanation, Unknown
from engine.layers.copiable import is_melded, layer_one_text
from engine.layers.system import FLIP_ALTERNATIVE, FLIP_COST_COLOR, current_characteristics
from engine.oracle.wording import ALL_CHARACTERISTICS
from engine.state.board import Board, FaceDownKind, GameObject

TRANSFORMS = cite("701.28a", "turn it over so that its other face is up")
ONLY_DFC_TRANSFORM = cite(
    "712.9", "Only transforming tokens and permanents represented by transforming double-faced"
)
NOT_A_TDFC = cite(
    "701.28c", "that isn’t represented by a transforming token or a transforming double-faced card"
)
INSTANT_SORCERY_FACE = cite("712.10", "is represented by an instant or sorcery card face")
INSTANT_SORCERY_FACE_ACTION = cite("701.28d", "represented by an instant or sorcery card face")
FACE_DOWN_NO_TRANSFORM = cite(
    "712.15a", "While face down, a transforming double-faced permanent can’t transform"
)
TRANSFORM_KEEPS_EFFECTS = cite("712.18", "Any effects that applied to that permanent will continue to apply")
TRANSFORM_TIMESTAMP = cite("613.7g", "receives a new timestamp each time it transforms or converts")
TRANSFORMING_COPY = cite("712.9", "permanents represented by transforming double-faced cards can transform")
DAYBOUND = cite("702.145b", "This permanent can’t transform except due to its daybound ability")
DAYBOUND_AT_NIGHT = cite("702.145b", "As it becomes night, if this permanent is front face up, transform it")
NIGHTBOUND = cite("702.145e", "This permanent can’t transform except due to its nightbound ability")
NIGHTBOUND_AT_DAY = cite("702.145e", "As it becomes day, if this permanent is back face up, transform it")
NO_FACE_DOWN_DFC = cite(
    "712.16", "Melded permanents and other double-faced permanents can’t be turned face down"
)
FLIP_ONE_WAY = cite("710.4", "Flipping a permanent is a one-way process")
FLIP_NO_MEMORY = cite("710.4", "it retains no memory of its status")
FLIP_CARD_HALVES = cite(
    "710.1a", "The text box usually contains an ability that causes the permanent to “flip”"
)
FLIP_NAME_CHOICE = cite("710.5", "the player wants to choose a flip card’s alternative name")
DFC_NAME_CHOICE = cite(
    "712.19", "may choose the name of either face of a transforming or modal double-faced card"
)
# Manifest and cloak (CR 701.34, 701.56): the same two rules, each kind citing its own.
REVEALED_STAYS_FACE_DOWN = {
    FaceDownKind.MANIFEST: cite("701.34g", "its controller reveals it and leaves it face down"),
    FaceDownKind.CLOAK: cite("701.56g", "its controller reveals it and leaves it face down"),
}
_NOT_THIS_WAY = "it doesn’t have a mana cost, it can’t be turned face up this way"
SPECIAL_ACTION_NEEDS_CREATURE = {
    FaceDownKind.MANIFEST: cite("701.34b", _NOT_THIS_WAY),
    FaceDownKind.CLOAK: cite("701.56b", _NOT_THIS_WAY),
}
_PAY_THAT_COST = "what that card’s mana cost is, pay that cost, then turn the permanent face up"
PAY_CARD_COST = {
    FaceDownKind.MANIFEST: cite("701.34b", _PAY_THAT_COST),
    FaceDownKind.CLOAK: cite("701.56b", _PAY_THAT_COST),
}
_KIND_WORDS = {FaceDownKind.MANIFEST: msg("manifested"), FaceDownKind.CLOAK: msg("cloaked")}
_TURNING_KEYWORDS = frozenset({"Morph", "Megamorph", "Disguise"})
MELD_PAIRS = cite("712.5", "There are six specific meld pairs")

DOUBLE_FACED_LAYOUTS = ("transform", "modal_dfc", "meld")
NONPERMANENT_TYPES = ("Instant", "Sorcery")
# The meld pairs of CR 712.5: each meld card's name and the name of the combined back face.
MELD_RESULTS = {
    "Midnight Scavengers": "Chittering Host",
    "Graf Rats": "Chittering Host",
    "Hanweir Garrison": "Hanweir, the Writhing Township",
    "Hanweir Battlements": "Hanweir, the Writhing Township",
    "Bruna, the Fading Light": "Brisela, Voice of Nightmares",
    "Gisela, the Broken Blade": "Brisela, Voice of Nightmares",
    "Phyrexian Dragon Engine": "Mishra, Lost to Phyrexia",
    "Mishra, Claimed by Gix": "Mishra, Lost to Phyrexia",
    "The Mightstone and Weakstone": "Urza, Planeswalker",
    "Urza, Lord Protector": "Urza, Planeswalker",
    "Argoth, Sanctum of Nature": "Titania, Gaea Incarnate",
    "Titania, Voice of Gaea": "Titania, Gaea Incarnate",
}


def is_transforming_card(obj: GameObject) -> bool:
    """Whether ``obj`` is represented by a transforming double-faced card (or is a transforming token)."""
    return obj.card is not None and obj.card.layout == "transform" and len(obj.card.faces) > 1


def is_double_faced_card(card: Card) -> bool:
    """Whether ``card`` is a double-faced card: transforming, modal or meld (CR 712.1; melded ones too)."""
    return card.layout in DOUBLE_FACED_LAYOUTS


def has_keyword(obj: GameObject, board: Board, keyword: str) -> Fact[bool]:
    """Whether ``obj`` has the keyword ability ``keyword`` now (after every layer)."""
    abilities = current_characteristics(obj, board).abilities
    return abilities.map(lambda found: any(a.keyword == keyword for a in found))


def transform(board: Board, object_id: str, timestamp: int, *, by_day_night: bool = False) -> Board:
    """``object_id`` transforms (CR 701.28a), or the board says why nothing happens.

    ``by_day_night`` is the transform daybound or nightbound makes as it becomes night or day (702.145b, e).
    """
    obj = board.get(object_id)
    bound = _bound_unknown(board, obj, by_day_night=by_day_night)
    if bound is not None:
        return _maybe_transformed(board, obj, bound)
    refusal = _why_no_transform(board, obj, by_day_night=by_day_night)
    if refusal is not None:
        return board.explain(obj.id, refusal, note=True)
    obj = obj.model_copy(update={"transformed": not obj.transformed, "timestamp": timestamp})
    what = (
        msg("a transforming token") if obj.token else msg("represented by a transforming double-faced card")
    )
    still: Param = (
        msg(
            " It is {what}, so it can transform although it is a copy; it is still a copy: the copy effect "
            "overrides the face that's up, whichever it is.",
            what=what,
        )
        if obj.copies
        else ""
    )
    cause = _day_night_cause(obj) if by_day_night else ()
    explanation = Explanation.of(
        msg("It transforms and is the same object; effects on it continue to apply.{still}", still=still),
        *cause,
        TRANSFORMS,
        TRANSFORM_KEEPS_EFFECTS,
        TRANSFORM_TIMESTAMP,
        *((TRANSFORMING_COPY,) if obj.copies else ()),
    )
    return board.replace(obj).explain(obj.id, explanation)


def _copied_double_faced(obj: GameObject) -> str | None:
    """The name of the transforming double-faced card's face that ``obj`` last copied, if it did."""
    last = obj.copies[-1] if obj.copies else None
    card = last.text_card if last else None
    if last is None or card is None or card.layout != "transform" or len(card.faces) < 2:
        return None
    return last.values.main.name


def _day_night_cause(obj: GameObject) -> tuple[Citation, ...]:
    return (DAYBOUND_AT_NIGHT,) if obj.transformed else (NIGHTBOUND_AT_DAY,)


def _phased_out_unchanged(obj: GameObject) -> Explanation | None:
    """Why nothing happens to a phased-out permanent (CR 702.26b), or None when it is phased in."""
    if not obj.phased_out:
        return None
    return Explanation.of(
        msg(
            "It is phased out: it is treated as though it doesn't exist and can't be affected, so nothing "
            "happens to it."
        ),
        PHASED_OUT,
    )


def _bound_rule(obj: GameObject, board: Board) -> tuple[Citation]:
    """The daybound or nightbound rule that tried to transform ``obj``: worked out only then, as it needs
    the layer system."""
    return (NIGHTBOUND_AT_DAY if is_true(has_keyword(obj, board, "Nightbound")) else DAYBOUND_AT_NIGHT,)


def _bound_unknown(board: Board, obj: GameObject, *, by_day_night: bool) -> Unsure | None:
    """Why whether ``obj`` has daybound or nightbound, which only lets it transform by day and night
    (CR 702.145b, 702.145e), isn't known; None when it is known or it can't transform anyway."""
    if by_day_night or obj.phased_out or obj.face_down or not is_transforming_card(obj):
        return None
    for keyword in ("Daybound", "Nightbound"):
        has = has_keyword(obj, board, keyword)
        if isinstance(has, Unsure):
            return has
    return None


def _maybe_transformed(board: Board, obj: GameObject, why: Unsure) -> Board:
    """Whether the instruction transforms ``obj`` rests on abilities that aren't known: so does every
    characteristic it has afterwards (which face is up)."""
    note = explained(
        msg(
            "Whether it transforms is unknown, because whether it has daybound or nightbound isn't known "
            "({reason}): with one of them this instruction does nothing, otherwise it transforms. Its "
            "characteristics are unknown with it.",
            reason=why.reason,
        ),
        why,
        DAYBOUND,
        NIGHTBOUND,
    )
    unknown = Unknown.of(
        ALL_CHARACTERISTICS, msg("whether it transformed isn't known ({reason})", reason=why.reason), DAYBOUND
    )
    board = board.replace(obj.with_unknowns(unknown))
    return board.explain(obj.id, note, note=True)


def _why_no_transform(board: Board, obj: GameObject, *, by_day_night: bool) -> Explanation | None:
    if obj.phased_out:
        return _phased_out_unchanged(obj)
    if not is_transforming_card(obj):
        bound: Param = (
            msg(" Its daybound or nightbound ability can't transform it either.") if by_day_night else ""
        )
        copied = _copied_double_faced(obj)
        face: Param = (
            msg(
                " It is a copy of {card}, a face of a transforming double-faced card, but it copied only the "
                "face that was up: it has no other face to turn over.",
                card=card(copied),
            )
            if copied
            else ""
        )
        return Explanation.of(
            msg(
                "It isn't represented by a transforming double-faced card and isn't a transforming token, so "
                "it can't transform: nothing happens.{face}{bound}",
                face=face,
                bound=bound,
            ),
            ONLY_DFC_TRANSFORM,
            NOT_A_TDFC,
            *((FACE_UP_FACE,) if copied else ()),
            *(_bound_rule(obj, board) if by_day_night else ()),
        )
    if obj.face_down:
        return Explanation.of(
            msg(
                "It is a face-down transforming double-faced permanent: it can't transform while face down; "
                "nothing happens."
            ),
            FACE_DOWN_NO_TRANSFORM,
        )
    represented = obj.card
    assert represented is not None  # is_transforming_card checked it
    other = represented.faces[0] if obj.transformed else represented.faces[1]
    if set(NONPERMANENT_TYPES) & set(other.type_line.types):
        kinds = [type_words((t.lower(),)) for t in other.type_line.types if t in NONPERMANENT_TYPES]
        return Explanation.of(
            msg(
                "The face it would transform into, {face}, is {kind} card face: nothing happens.",
                face=card(other.name),
                kind=indefinite(listing(kinds)),
            ),
            INSTANT_SORCERY_FACE,
            INSTANT_SORCERY_FACE_ACTION,
        )
    if not by_day_night:
        for keyword, rule in (("Daybound", DAYBOUND), ("Nightbound", NIGHTBOUND)):
            if is_true(has_keyword(obj, board, keyword)):  # unknown: _bound_unknown said so first
                return Explanation.of(_ONLY_BY_KEYWORD[keyword], rule)
    return None


_ONLY_BY_KEYWORD = {
    "Daybound": msg(
        "It has daybound: it can't transform except due to its daybound ability, so this transform "
        "instruction does nothing."
    ),
    "Nightbound": msg(
        "It has nightbound: it can't transform except due to its nightbound ability, so this transform "
        "instruction does nothing."
    ),
}
"""A permanent with daybound or nightbound told to transform by something else (CR 702.145b, 702.145e)."""


def cannot_turn_face_down(obj: GameObject) -> Explanation | None:
    """Why a double-faced or melded permanent isn't turned face down (CR 712.16), or None if it can be."""
    if obj.token or obj.card is None or not is_double_faced_card(obj.card):
        return None
    kind = msg("a melded permanent") if is_melded(obj.card) else msg("a double-faced permanent")
    return Explanation.of(
        msg(
            "It is {kind}: it can't be turned face down, so nothing happens — its characteristics and status "
            "don't change.",
            kind=kind,
        ),
        NO_FACE_DOWN_DFC,
    )


def stays_face_down(obj: GameObject) -> Explanation | None:
    """Why a manifested or cloaked permanent represented by an instant or sorcery card isn't turned face up:
    its controller reveals it and it stays face down (CR 701.34g, 701.56g); None when it can be."""
    kind = obj.face_down
    if kind not in REVEALED_STAYS_FACE_DOWN or obj.card is None or not _is_instant_or_sorcery(obj.card):
        return None
    return Explanation.of(
        msg(
            "It is a {kind} permanent represented by an instant or sorcery card ({card}): it can't be turned "
            "face up. Its controller reveals it and it stays face down, a nameless colorless 2/2 creature; "
            "abilities that trigger when a permanent is turned face up don't trigger.",
            kind=_KIND_WORDS[kind],
            card=card(obj.card.name),
        ),
        REVEALED_STAYS_FACE_DOWN[kind],
    )


def no_special_action(obj: GameObject) -> Explanation | None:
    """Turned face up, a manifested or cloaked permanent whose card isn't a creature card with a mana cost
    (and has no morph or disguise, 701.34c/d): its controller couldn't have done it as the special action,
    only an effect could (CR 701.34b, 701.56b). ``obj`` is the permanent as it is turned face up."""
    kind, represented = obj.face_down, obj.card
    if kind not in SPECIAL_ACTION_NEEDS_CREATURE or represented is None:
        return None
    front = represented.front
    if "Creature" in front.type_line.types and front.mana_cost:
        return None
    if any(a.keyword in _TURNING_KEYWORDS for a in front.abilities):
        return None
    return Explanation.of(
        msg(
            "{card} isn't a creature card with a mana cost, so its controller couldn't turn this {kind} "
            "permanent face up as a special action; only an effect that turns it face up can.",
            card=card(represented.name),
            kind=_KIND_WORDS[kind],
        ),
        SPECIAL_ACTION_NEEDS_CREATURE[kind],
    )


def card_cost_turning(obj: GameObject) -> tuple[Message, Citation] | None:
    """A manifested or cloaked permanent whose card is a creature card with a mana cost: its controller may
    turn it face up for that cost (CR 701.34b, 701.56b), whatever it copied; None otherwise."""
    kind, represented = obj.face_down, obj.card
    if kind not in PAY_CARD_COST or represented is None or no_special_action(obj) is not None:
        return None
    if not ("Creature" in represented.front.type_line.types and represented.front.mana_cost):
        return None
    worded = msg(
        "As a {kind} permanent, its controller can turn it face up by showing that its card, {card}, is a "
        "creature card and paying its mana cost, {cost}.",
        kind=_KIND_WORDS[kind],
        card=card(represented.name),
        cost="".join(represented.front.mana_cost),
    )
    return worded, PAY_CARD_COST[kind]


def _is_instant_or_sorcery(represented: Card) -> bool:
    # A split card is an instant or sorcery card if a half is (CR 709.4c: both halves' types).
    return any(t in NONPERMANENT_TYPES for face in represented.faces for t in face.type_line.types)


def turned_up_front_face(obj: GameObject) -> tuple[GameObject, Explanation | None]:
    """A transforming double-faced permanent turned face up has its front face up (CR 712.15a)."""
    if not is_transforming_card(obj):
        return obj, None
    represented = obj.card
    assert represented is not None  # is_transforming_card checked it
    explanation = Explanation.of(
        msg(
            "It is a transforming double-faced card: turned face up, it has its front face ({face}) up.",
            face=card(represented.faces[0].name),
        ),
        FACE_DOWN_NO_TRANSFORM,
    )
    return obj.model_copy(update={"transformed": False}), explanation


def flip(board: Board, object_id: str) -> Board:
    """``object_id`` flips (CR 710.2), unless its text isn't a flip card's or it is already flipped (710.4).

    What it flips to is its copiable text's alternative half, so a copy of a flip card flips too (the
    example of CR 110.5c): the card that represents it doesn't decide.
    """
    obj = board.get(object_id)
    phased = _phased_out_unchanged(obj)
    if phased is not None:
        return board.explain(obj.id, phased, note=True)
    alternative = layer_one_text(obj).flipped
    if alternative is None or obj.face_down:
        return board.explain(
            obj.id,
            Explanation.of(
                msg(
                    "Only a face-up permanent represented by a flip card has an alternative set of "
                    "characteristics to flip to: nothing happens."
                ),
                FLIP_CARD_HALVES,
            ),
            note=True,
        )
    if obj.flipped:
        return board.explain(
            obj.id,
            Explanation.of(
                msg("It is already flipped, and flipping is one way: it stays flipped and nothing changes."),
                FLIP_ONE_WAY,
            ),
            note=True,
        )
    flipped = obj.model_copy(update={"flipped": True})
    explanation = Explanation.of(
        msg(
            "It flips: {card}'s name, text, type line, power and toughness apply instead; its mana cost and "
            "color don't change, and effects on it still apply. It can't become unflipped; if it leaves the "
            "battlefield, the card retains no memory of having flipped.",
            card=card(alternative.name or ""),
        ),
        FLIP_ALTERNATIVE,
        FLIP_COST_COLOR,
        FLIP_ONE_WAY,
        FLIP_NO_MEMORY,
    )
    return board.replace(flipped).explain(obj.id, explanation)


class NameChoice(Frozen):
    """The names a player may choose for a card when told to "choose a card name", and why."""

    names: tuple[str, ...]
    explanation: Explanation | None = None


def choosable_names(named: Card) -> NameChoice:
    """The names of ``card`` a player may choose (CR 710.5, 712.19): one face's name, never both at once."""
    face_names = tuple(face.name for face in named.faces)
    if named.layout == "flip" and len(face_names) > 1:
        return NameChoice(
            names=face_names,
            explanation=Explanation.of(
                msg(
                    "A flip card: the player may choose its normal name ({normal}) or its alternative name "
                    "({alternative}).",
                    normal=card(face_names[0]),
                    alternative=card(face_names[1]),
                ),
                FLIP_NAME_CHOICE,
            ),
        )
    if named.layout in ("transform", "modal_dfc") and len(face_names) > 1:
        return NameChoice(
            names=face_names,
            explanation=Explanation.of(
                msg(
                    "A double-faced card: the player may choose the name of either face ({names}), but not "
                    "both.",
                    names=_either(face_names),
                ),
                DFC_NAME_CHOICE,
            ),
        )
    if named.layout == "meld":
        return _meld_names(named)
    return NameChoice(names=(named.name,))


def _either(names: tuple[str, ...]) -> Param:
    """Card names joined with "or" ("A or B or C")."""
    first = card(names[0])
    return first if len(names) == 1 else msg("{first} or {second}", first=first, second=_either(names[1:]))


def _meld_names(meld: Card) -> NameChoice:
    result = meld.name if is_melded(meld) or meld.meld_parts else MELD_RESULTS.get(meld.name)
    names = (meld.name,) if result in (None, meld.name) else (meld.name, result)
    return NameChoice(
        names=names,
        explanation=Explanation.of(
            msg(
                "A meld card: the player may choose the name of a meld card's front face or of the combined "
                "back face of a meld pair ({names}).",
                names=_either(names),
            ),
            DFC_NAME_CHOICE,
            MELD_PAIRS,
        ),
    )
