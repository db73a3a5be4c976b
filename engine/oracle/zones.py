"""Zone-change wordings: graveyard replacements, leaves-the-battlefield and card-to-graveyard triggers, and
"enter as a copy" replacements (CR 603.6c, 603.10a, 614.1a, 614.12, 700.4).

Each reader takes a reasoning text or trigger condition (self-references already
:data:`engine.core.model.SELF`) and returns what the wording says, or None when it doesn't say it.
"""

from __future__ import annotations

import re

from engine.core.model import SELF, Frozen
from engine.oracle.text import or_list

_S = re.escape(SELF)
_GRAVEYARD_REPLACEMENT = re.compile(
    r"^If a card(?P<tokens> or token)? would be put into (?P<whose>a|your|an opponent's|enchanted player's) "
    r"graveyard from anywhere, (?P<rest>.+)$"
)
# "If another creature would die, exile it instead." (Void Maw), "If ~ would die, exile it instead.": a
# replacement of a creature's being put into a graveyard from the battlefield (CR 700.4, 614.1a). Older
# Oracle text said "would be put into a graveyard from the battlefield"; "this creature" is already ``~``.
_DIES_REPLACEMENT = re.compile(
    rf"^If (?:(?P<self>{_S})|(?P<det>another|a)(?P<nontoken> nontoken)? creature"
    r"(?P<ctrl> you control| an opponent controls| you don't control)?)"
    r" would (?:die|be put into a graveyard from the battlefield), "
    r"(?P<rest>exile it instead|instead exile that card(?: and (?P<also>[^.]+))?)\.?$"
)
_LEAVING = re.compile(
    rf"^When(?:ever)? (?:(?P<self>{_S})|(?P<self_or>{_S} or )?(?P<det>another|an?|enchanted|equipped)"
    r"(?P<nontoken> nontoken)? (?P<what>creature|permanent)"
    r"(?P<ctrl> you control| an opponent controls| you don't control)?)"
    r" (?P<event>dies|leaves the battlefield|is put into a graveyard from the battlefield)$"
)
_CARD_TO_GRAVEYARD = re.compile(
    r"^Whenever (?:another|an?) (?P<creature>creature )?card is put into (?P<whose>a|your|an opponent's) "
    r"graveyard from anywhere$"
)
_NEXT_ENTERS = re.compile(
    r"The next time one or more (?P<what>[a-z ,]+?) enter(?: the battlefield)? this turn, they enter"
    r"(?: the battlefield)? as copies of (?P<of>[^.]+)\.",
    re.IGNORECASE,
)
_STANDING_COPY = re.compile(
    r"^(?P<nontoken>Nontoken )?[Cc]reatures you control enter(?: the battlefield)? as a copy of "
    r"(?P<of>~|enchanted creature)\.$"
)
# "exile another target creature or artifact until ~ leaves the battlefield" (Hostage Taker, Banisher Priest):
# the card returns as a second one-shot effect right after ~ leaves (CR 610.3), not by a triggered ability.
_EXILE_UNTIL_LEAVES = re.compile(rf"\b[Ee]xile\b[^.]*? until {_S} leaves the battlefield\b")
_CHOSEN = re.compile(r"Choose (?P<chosen>target [^.]+?)\.")


class GraveyardReplacementWording(Frozen):
    """ "If a card [or token] would be put into WHOSE graveyard from anywhere, REST" (Leyline of the Void)."""

    tokens: bool  # "a card or token": tokens too (Rest in Peace)
    whose: str  # "a", "your", "an opponent's" or "enchanted player's"
    rest: str  # what happens instead ("exile it instead", "put it on the bottom of …")
    # "If another creature would die, …" (Void Maw): only a creature put into a graveyard from the
    # battlefield (CR 700.4), never the source itself ("another") or only the source ("~"), only a nontoken
    # one, or one whose controller it says.
    dies: bool = False
    another: bool = False
    itself: bool = False
    nontoken: bool = False
    ctrl: str | None = None  # " you control", " an opponent controls" or " you don't control"
    also: str | None = None  # what else it does: "create a tapped 2/2 black Zombie creature token" (Kalitas)


class LeavingTrigger(Frozen):
    """A leaves-the-battlefield trigger condition ("Whenever another nontoken creature you control dies")."""

    itself: bool  # "When ~ dies": only this object
    self_or: bool  # "~ or another creature"
    det: str | None  # "another", "a", "an", "enchanted" or "equipped"
    nontoken: bool
    what: str | None  # "creature" or "permanent"
    ctrl: str | None  # " you control", " an opponent controls" or " you don't control"
    event: str  # "dies", "leaves the battlefield" or "is put into a graveyard from the battlefield"


class CardToGraveyardTrigger(Frozen):
    """ "Whenever a [creature] card is put into WHOSE graveyard from anywhere" (CR 603.6c)."""

    creature: bool
    whose: str  # "a", "your" or "an opponent's"


class NextEntersAsCopies(Frozen):
    """ "The next time one or more WHAT enter this turn, they enter as copies of OF." (Mirror March-like)."""

    what: str  # "creatures", "artifacts or creatures", as printed
    words: tuple[str, ...]  # the plural nouns of ``what``, one each


class StandingCopy(Frozen):
    """ "[Nontoken] creatures you control enter as a copy of ~ / enchanted creature." (CR 614.1c)."""

    nontoken: bool
    of: str  # SELF or "enchanted creature"


def graveyard_replacement(text: str) -> GraveyardReplacementWording | None:
    """The graveyard replacement a static ability's text says, or None: "If a card would be put into a
    graveyard from anywhere, …" or "If another creature would die, exile it instead" (a creature dying)."""
    match = _GRAVEYARD_REPLACEMENT.match(text)
    if match is not None:
        return GraveyardReplacementWording(
            tokens=bool(match["tokens"]), whose=match["whose"], rest=match["rest"]
        )
    dies = _DIES_REPLACEMENT.match(text)
    if dies is None:
        return None
    return GraveyardReplacementWording(
        tokens=not dies["nontoken"],
        whose="a",
        rest=dies["rest"],
        dies=True,
        another=dies["det"] == "another",
        itself=bool(dies["self"]),
        nontoken=bool(dies["nontoken"]),
        ctrl=dies["ctrl"],
        also=dies["also"],
    )


def leaving_trigger(trigger: str) -> LeavingTrigger | None:
    """The leaves-the-battlefield condition a trigger condition says, or None (CR 603.6c, 700.4)."""
    match = _LEAVING.match(trigger)
    if match is None:
        return None
    return LeavingTrigger(
        itself=bool(match["self"]),
        self_or=bool(match["self_or"]),
        det=match["det"],
        nontoken=bool(match["nontoken"]),
        what=match["what"],
        ctrl=match["ctrl"],
        event=match["event"],
    )


def card_to_graveyard_trigger(trigger: str) -> CardToGraveyardTrigger | None:
    """The "card is put into a graveyard from anywhere" condition a trigger condition says, or None."""
    match = _CARD_TO_GRAVEYARD.match(trigger)
    if match is None:
        return None
    return CardToGraveyardTrigger(creature=bool(match["creature"]), whose=match["whose"])


def next_enters_as_copies(text: str) -> NextEntersAsCopies | None:
    """The "the next time one or more … enter this turn, they enter as copies of …" a text says, or None."""
    match = _NEXT_ENTERS.search(text)
    if match is None:
        return None
    return NextEntersAsCopies(what=match["what"], words=tuple(or_list(match["what"])))


def chosen_target(text: str) -> str | None:
    """What "Choose target nonlegendary creature." chooses ("target nonlegendary creature"), or None."""
    match = _CHOSEN.search(text)
    return match["chosen"] if match else None


def standing_copy(text: str) -> StandingCopy | None:
    """The "creatures you control enter as a copy of …" replacement a static ability says, or None."""
    match = _STANDING_COPY.search(text)
    if match is None:
        return None
    return StandingCopy(nontoken=bool(match["nontoken"]), of=match["of"])


def exiles_until_it_leaves(text: str) -> bool:
    """Whether the ability exiles something "until ~ leaves the battlefield" (CR 610.3): what it exiled
    returns right after its source leaves the battlefield."""
    return _EXILE_UNTIL_LEAVES.search(text) is not None
