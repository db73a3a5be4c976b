"""A board: the description a user gives (``BoardSpec``) and the game state it builds (``Board``).

The spec is board format version 1 (see ``data.boards``): objects in timestamp order, then actions.
Card names stay names here; the engine receives the parsed :class:`~engine.core.model.Card` for each name
in a separate catalogue, so this module does no I/O. The state is immutable: every change is a frozen
:class:`Event` appended to ``Board.events``, and replaying the events rebuilds the same board.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from pydantic import Field

from engine.core.characteristics import CopiableText

# Re-exported (``as``) for tests/data, which import them from here; the engine imports them from core.
from engine.core.effects import EffectKind as EffectKind
from engine.core.effects import EffectSpec as EffectSpec
from engine.core.effects import Player as Player
from engine.core.game import Game
from engine.core.messages import Param
from engine.core.model import Card, CopyEffect, Frozen, PrintedNumber
from engine.core.results import Explanation, Unknown
from engine.errors import UserError
from engine.oracle.kicker import Kicked
from engine.oracle.text_change import WordChange
from engine.state.merges import Merge, MergedSpec
from engine.state.stack_spec import StackEntrySpec, stack_card_names
from engine.state.zone_records import TriggerHit, ZoneMove

if TYPE_CHECKING:
    from engine.state.actions import Action


class BoardError(ValueError, UserError):
    """A board the rules or the format don't allow (an impossible action, a handle used twice); says why.

    :class:`~engine.copy.effects.CopyError` is the copy-specific kind: a copy the rules don't allow.
    """


class Zone(StrEnum):
    """Zones a board describes (the stack is reserved for spell and ability copies, CR 707.10)."""

    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    STACK = "stack"
    HAND = "hand"  # only as where a card goes (``leaves``/``returns``)
    LIBRARY = "library"


class FaceDownKind(StrEnum):
    """How a permanent came to be face down: morph, manifest, disguise or cloak (CR 702.37, 701.34)."""

    MORPH = "morph"
    MANIFEST = "manifest"
    DISGUISE = "disguise"
    CLOAK = "cloak"
    PLAIN = "plain"


class DayNight(StrEnum):
    """The game's day/night designation (CR 728.1); ``NEITHER`` as a game starts. A board that doesn't give
    one leaves it unknown (``None``), unless its permanents say which it is (engine.actions.day_night)."""

    DAY = "day"
    NIGHT = "night"
    NEITHER = "neither"


class ObjectSpec(Frozen):
    """One object as the board describes it (an entry of ``battlefield``, ``graveyard`` or ``exile``)."""

    card: str
    id: str
    line: int = 0
    zone: Zone = Zone.BATTLEFIELD
    controller: Player = Player.YOU
    copy_of: str | None = None
    then_copy_of: tuple[str, ...] = ()  # copied in turn through the copy ability it got (CR 707.5, 707.9e)
    via: str | None = None
    tapped: bool | None = None  # None: as it entered (untapped unless an ability says, CR 110.5b)
    phased_out: bool = False  # treated as though it doesn't exist (CR 702.26b)
    flipped: bool = False
    transformed: bool = False
    back_face: bool = False  # a modal double-faced card with its back face up (``face: back``, CR 712.8f)
    face_down: FaceDownKind | None = None
    token: bool = False
    counters: tuple[tuple[str, int], ...] | None = None  # None: whatever entering gives it (CR 614.1c)
    given_counters: tuple[tuple[str, int], ...] = ()  # what the effect putting it there gives too (122.6)
    choices: tuple[tuple[str, str], ...] = ()
    kicked: Kicked = None  # None: not given (engine.oracle.kicker); False for a card without kicker
    squad: int | None = None  # times its squad cost was paid as it was cast (CR 702.157a); None: not given
    protector: Player | None = None  # a battle's protector, chosen as it enters (CR 310.8a, 310.11a)
    offspring: bool | None = None  # whether its offspring cost was paid (CR 702.175a); None: not given
    evoked: bool | None = None  # whether it was cast for its evoke cost (CR 702.74a); None: not given
    prototyped: bool | None = None  # cast as a prototyped spell (CR 718.3b); None: not given
    x: int | None = None  # the X of the spell that became it; None: not given
    class_level: int = 1  # a Class's level (CR 716.2d: one that has none is treated as level 1)
    # A Case's solved designation (CR 719.3b: not copiable); None: not given (engine.state.designations)
    solved: bool | None = None
    attached_to: str | None = None
    effects: tuple[EffectSpec, ...] = ()
    exiled_by: str | None = None
    exiled_by_ability: int | None = None
    exiled_text: int = 0  # set by the engine, not the board format: see GameObject.exiled_text
    # Its owner's commander: an attribute of the card, not a characteristic (903.3); None when it is one of
    # the two cards of a melded permanent that was the commander, and which of them is isn't known (903.3b).
    commander: bool | None = False
    random_result: str | None = None  # the coin flip or die roll its copy effect depends on (``random:``)
    # The order its controller applies the replacement effects that change how many counters it enters
    # with, by the handles of their sources (CR 616.1); needed only when the order changes the result.
    replacement_order: tuple[str, ...] = ()
    # The cards and tokens merged with it, in the order they merged, each on top or under (CR 727.2, 702.140c)
    merged: tuple[MergedSpec, ...] = ()
    unknowns: tuple[Unknown, ...] = ()  # set by the engine, not the board format: what entering left open


class ActionKind(StrEnum):
    """Things that happen to the board after it is set up, in order."""

    ENTERS = "enters"
    BECOMES_COPY = "becomes_copy"
    CREATE_TOKEN_COPY = "create_token_copy"
    CREATE_TOKEN = "create_token"  # a token whose characteristics the effect defines (CR 111.3)
    ENDS = "ends"  # one of the object's effects ends (its ``effect``-th, or ``copy``-th copy effect)
    CLEANUP = "cleanup"  # the cleanup step: "until end of turn" and "this turn" effects end (CR 514.2)
    TURN_FACE_UP = "turn_face_up"
    TURN_FACE_DOWN = "turn_face_down"
    TRANSFORM = "transform"
    RESOLVES = "resolves"  # a permanent spell resolves (CR 608.3a, 712.13; engine.actions.resolving)
    NEXT_ENTERS_AS_COPY = "next_enters_as_copy"  # Mystic Reflection's pending replacement (CR 614.1c)
    DAY_NIGHT = "day_night"  # it becomes day or night (CR 728.1a, 702.145)
    PUT_ONTO_BATTLEFIELD = "put_onto_battlefield"  # a card in another zone is put onto it (CR 712.14)
    FLIP = "flip"  # a flip card flips (CR 710.4)
    LEAVES = "leaves"  # a permanent leaves the battlefield (CR 400.7, 712.21); see ``MoveSpec``
    RETURNS = "returns"  # the card(s) a permanent became move on, found again (CR 712.21c)
    ATTACH = "attach"  # an Aura, Equipment or Fortification becomes attached to ``to`` (CR 301.5, 613.7e)
    CHANGE_TEXT = "change_text"  # a text-changing effect replaces one word by another (CR 612.2, layer 3)
    EXCHANGE_TEXT = "exchange_text"  # two permanents' text boxes are exchanged (CR 612.5, 701.10h)
    MUTATES = "mutates"  # a mutating creature spell resolves: it merges, or enters (CR 702.140b-c, 727.2)


class TextChangeSpec(Frozen):
    """A text-changing effect (CR 612, layer 3 613.1c): one word replaced by another wherever it is used as
    that kind of word (``word``), or the rules text exchanged with another permanent's (``exchange_with``)."""

    line: int = 0
    word: WordChange | None = None
    exchange_with: str | None = None  # the other permanent's handle (on each of the two, the other's)
    via: str | None = None  # the card whose spell or ability created it ("Mind Bend")
    until_end_of_turn: bool = False  # else it lasts indefinitely ("This effect lasts indefinitely")


class MoveSpec(Frozen):
    """Where a ``leaves``/``returns`` action puts the card(s), and the choices made (``actions.zones``)."""

    to: Zone
    by: str | None = None  # the handle of the object whose ability moves it (Duplicant's imprint)
    replacement: str | None = None  # which replacement effect the affected player applies (CR 616.1)
    last: str | None = None  # exiling a melded permanent: the card the player puts last (CR 712.21b)
    ids: tuple[tuple[str, str], ...] = ()  # card name → handle of the card in its new zone
    counters: tuple[tuple[str, int], ...] = ()  # returns: counters each card enters with
    controller: Player | None = None  # returns: under whose control (None: its owner's)


class BoardSpec(Frozen):
    """A whole board description (format version 1)."""

    version: int = 1
    objects: tuple[ObjectSpec, ...] = ()
    actions: tuple[Action, ...] = ()  # engine.state.actions: one model per kind
    query: str | None = None
    query_line: int = Field(default=0, exclude=True)  # where the query is written (errors name it)
    query_linked: str | None = None
    stack: tuple[StackEntrySpec, ...] = ()  # bottom first: spells, abilities and their copies (CR 707.10)
    day_night: DayNight | None = None  # it is day or night as the board starts (CR 728.1)
    game: Game = Game()  # whose turn it is (CR 102.1) and the life totals (CR 119) the board gives
    # The board's own card definitions (``cards:``), each a Scryfall-shaped card object as JSON text: the
    # caller uses them for their names before its card data (the engine only ever sees parsed cards).
    cards: tuple[str, ...] = ()

    def card_names(self) -> tuple[str, ...]:
        """Every card name the board mentions (objects, entering objects and ``via`` cards), deduplicated."""
        names: list[str] = []
        for obj in self.objects:
            names += [obj.card, *([obj.via] if obj.via else []), *(part.card for part in obj.merged)]
        for action in self.actions:
            names += action.card_names()
        names += stack_card_names(self.stack)
        return tuple(dict.fromkeys(names))


class AppliedCopy(Frozen):
    """A copy effect in layer 1a: the copiable values it grants, fixed when it began (CR 707.2b, 707.2c)."""

    timestamp: int
    of_id: str
    via: str  # the card whose ability created the effect
    effect: CopyEffect | None  # None for an unconditional "create a token that's a copy"
    values: CopiableText
    text_card: Card | None = None  # the card whose printed text ``values`` derive from (None: face down)


class AsEntersSetting(Frozen):
    """An "as enters / as turned face up" effect that sets P/T, so it's copiable (CR 613.2a, 707.2)."""

    timestamp: int
    option: str
    power: PrintedNumber
    toughness: PrintedNumber
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()


class TimedEffect(Frozen):
    """A non-copy continuous effect with its timestamp (CR 613.7)."""

    timestamp: int
    spec: EffectSpec
    listed: bool = False  # listed under the object's ``effects:`` (what ``ends`` counts)
    source: Param | None = None  # what generated it, as each layer's step names it (a card, a message)


class TextChange(Frozen):
    """A text-changing effect applying to an object, with its timestamp (CR 613.7); an exchange is one effect
    on both permanents, with the same timestamp."""

    timestamp: int
    spec: TextChangeSpec


class EndedTextChange(Frozen):
    """A text-changing effect that ended, and when: an exchange of text boxes (what the abilities of the
    text it gave exiled is exiled with none of the object's abilities now, CR 612.5, 607.1), or a word change
    that changed the words of its linked exile abilities (what those exiled while it applied is linked to
    them only if a changed ability is the same ability, which the rules don't say: 607.1, 612.2)."""

    change: TextChange
    ended: int


class GameObject(Frozen):
    """An object on the board. ``card`` is None for a token defined only by a copy effect (CR 111.3)."""

    id: str
    card: Card | None
    zone: Zone = Zone.BATTLEFIELD
    owner: Player = Player.YOU
    controller: Player = Player.YOU
    timestamp: int = 0
    token: bool = False
    tapped: bool = False
    tapped_given: bool = False  # the board says whether it is tapped: what entering did to it doesn't decide
    phased_out: bool = False
    flipped: bool = False
    transformed: bool = False
    back_face: bool = False
    # A transforming token's two faces as the copy effect that made it modified them (707.8a, 707.9): its
    # copiable values are the face that's up; () for any other object.
    excepted_faces: tuple[CopiableText, ...] = ()
    face_down: FaceDownKind | None = None
    counters: dict[str, int] = Field(default_factory=dict)
    choices: dict[str, str] = Field(default_factory=dict)
    kicked: Kicked = False  # as its card was cast, checked against its kicker (engine.oracle.kicker)
    squad: int | None = None  # as its card was cast (engine.actions.paid_triggers); None: not given
    protector: Player | None = None  # a battle's (CR 310.8; engine.actions.protectors)
    offspring: bool | None = None
    evoked: bool | None = None
    prototyped: bool | None = None  # its prototype characteristics apply (CR 718.3b, 718.3d)
    x: int | None = None  # the X of the spell that became it (CR 107.3m: 0 if not cast); None: not given
    class_level: int = 1  # its level as a Class: a designation, not copiable (CR 716.2b, 716.2d)
    attached_to: str | None = None
    copies: tuple[AppliedCopy, ...] = ()
    settings: tuple[AsEntersSetting, ...] = ()
    effects: tuple[TimedEffect, ...] = ()
    text_changes: tuple[TextChange, ...] = ()  # layer 3 (CR 613.1c), in timestamp order
    ended_text_changes: tuple[EndedTextChange, ...] = ()
    exiled_by: str | None = None
    exiled_by_ability: int | None = None
    # Which text of ``exiled_by`` had the ability that exiled it: the timestamp of the copy effect that gave
    # that text, 0 for the printed one (CR 607.1, 707.7: a copy's abilities are new ones).
    exiled_text: int = 0
    # CR 903.3: kept by the card, never copied (not a copiable value, 707.2); None: unknown (ObjectSpec's).
    commander: bool | None = False
    came_from: str | None = None  # the handle of the permanent whose card(s) this became (CR 400.7)
    merge: Merge | None = None  # a merged permanent's components (CR 727.2; engine.state.merges)
    unknowns: tuple[Unknown, ...] = ()  # what the board doesn't decide about it (how many counters, 616.1)

    def with_unknowns(self, *unknowns: Unknown) -> GameObject:
        """This object with more that the board leaves undecided about it (each record once)."""
        return self.model_copy(update={"unknowns": tuple(dict.fromkeys((*self.unknowns, *unknowns)))})

    @property
    def kicked_text(self) -> Kicked:
        """How the kicker of the text it has was paid: only its own card's, as it was cast. A permanent
        that entered as a copy wasn't cast with the copied text, so "if ~ was kicked" is false for it
        (CR 607.2i, 702.33e)."""
        return False if self.copies else self.kicked


class Event(Frozen):
    """One recorded change: the action (the frozen model of its kind, ``engine.state.actions``), when it
    happened and the object it is about ("" for none); ``Board.events`` replayed in order rebuild the board.
    The engine dispatches on the action's type (``engine.actions.events``)."""

    action: Action
    timestamp: int = 0
    object_id: str = ""

    @property
    def kind(self) -> ActionKind:
        """The action's kind (what its model's ``kind`` says)."""
        return self.action.kind


class LogEntry(Frozen):
    """A step or a note of the reasoning, about one object."""

    object_id: str
    explanation: Explanation
    note: bool = False


class PendingCopy(Frozen):
    """ "The next time one or more creatures or planeswalkers enter this turn, they enter as copies of …"."""

    of_id: str  # the chosen object
    via: str  # the card whose effect this is
    types: tuple[str, ...]  # the card types an entering permanent must have for it to apply
    action: int | None = None  # once applied: the action (index in Board.events) it applied in


class GoneToken(Frozen):
    """A token that left the battlefield and ceased to exist (CR 111.7, 111.8), kept as its last known
    information: the token and the board's objects and reasoning just before it left, and where it went."""

    obj: GameObject
    objects: tuple[GameObject, ...]
    log: tuple[LogEntry, ...]
    to: Zone


class Board(Frozen):
    """The game state: objects in timestamp order, the events that built it, and the reasoning so far."""

    objects: tuple[GameObject, ...] = ()
    events: tuple[Event, ...] = ()
    log: tuple[LogEntry, ...] = ()
    clock: int = 0
    moves: tuple[ZoneMove, ...] = ()  # zone changes, in order (engine.actions.zones)
    triggers: tuple[TriggerHit, ...] = ()  # what those zone changes triggered
    day_night: DayNight | None = None  # CR 728.1
    game: Game = Game()  # whose turn it is (CR 102.1) and the life totals (CR 119), as far as given
    pending_copies: tuple[PendingCopy, ...] = ()  # replacement effects waiting for a permanent to enter
    used_copies: tuple[PendingCopy, ...] = ()  # applied ones: what enters in the same action shares them
    considered: tuple[str, ...] = ()  # entering objects whose "enter as a copy" replacements were applied
    gone_tokens: tuple[GoneToken, ...] = ()  # tokens that left the battlefield, as they last existed there

    def get(self, object_id: str) -> GameObject:
        """The object with handle ``object_id``; KeyError naming it when absent."""
        for obj in self.objects:
            if obj.id == object_id:
                return obj
        raise KeyError(f"no object {object_id!r} on the board")

    def has(self, object_id: str) -> bool:
        """Whether an object with this handle exists."""
        return any(obj.id == object_id for obj in self.objects)

    def in_zone(self, zone: Zone) -> tuple[GameObject, ...]:
        """Objects in ``zone``, in timestamp order."""
        return tuple(obj for obj in self.objects if obj.zone is zone)

    def tick(self) -> tuple[Board, int]:
        """The next timestamp, and the board that has used it (CR 613.7)."""
        return self.model_copy(update={"clock": self.clock + 1}), self.clock + 1

    def replace(self, obj: GameObject) -> Board:
        """The board with ``obj`` replacing the object with the same handle (or appended)."""
        if not self.has(obj.id):
            return self.model_copy(update={"objects": (*self.objects, obj)})
        objects = tuple(obj if o.id == obj.id else o for o in self.objects)
        return self.model_copy(update={"objects": objects})

    def explain(self, object_id: str, explanation: Explanation, *, note: bool = False) -> Board:
        """The board with one more step (or note) of reasoning about ``object_id``."""
        entry = LogEntry(object_id=object_id, explanation=explanation, note=note)
        return self.model_copy(update={"log": (*self.log, entry)})

    def record(self, event: Event) -> Board:
        """The board with ``event`` appended to its history."""
        return self.model_copy(update={"events": (*self.events, event)})


def text_timestamp(obj: GameObject) -> int:
    """When ``obj`` got the rules text its abilities now come from: the latest exchange of text boxes that
    applies to it (layer 3 replaces whatever text layer 1 gave, CR 612.5), else its latest copy effect's
    timestamp, 0 for the text printed on it (CR 707.7: a copy's abilities are new, linked only to each
    other). A word change (612.2) keeps the text it changes."""
    exchange = latest_exchange(obj)
    if exchange is not None:
        return exchange.timestamp
    return obj.copies[-1].timestamp if obj.copies else 0


def choices_for_its_text(obj: GameObject) -> bool:
    """Whether the choices ``obj`` made as it entered were made for the text it has now: its printed text or
    a copy effect it entered with. A copy effect applied later (it became a copy) gives it "choose" abilities
    for which no choice was made: what refers to them refers to an undefined choice (CR 607.5a)."""
    return text_timestamp(obj) <= obj.timestamp


def latest_exchange(obj: GameObject) -> TextChange | None:
    """The last exchange of text boxes applying to ``obj`` (CR 612.5): its rules text is the other's."""
    return next((c for c in reversed(obj.text_changes) if c.spec.exchange_with is not None), None)


def exiled_with_text(board: Board, source: GameObject, abilities: int) -> tuple[GameObject, ...]:
    """The cards in exile that an ability of ``source``'s copiable text, as it is now, exiled (CR 607.1).

    ``abilities`` is how many abilities that text has (the layer system works it out). A card counts when
    an ability of that very text exiled it with ``source`` (``exiled_text``) and the board's ``ability:``
    number, when given, is one of that text's. Cards that an ability of another text (before it became a
    copy, or a copy effect that ended) or an ability an effect gave it exiled are linked to none of them
    (707.7, 607.5), and neither are cards exiled before it last changed zones (:func:`became_object_at`:
    that was another object, 400.7).
    """
    text, since = text_timestamp(source), became_object_at(board, source)
    return tuple(
        o
        for o in board.in_zone(Zone.EXILE)
        if o.exiled_by == source.id
        and o.exiled_text == text
        and (o.exiled_by_ability or 1) <= abilities
        and o.timestamp > since
    )


# The events by which an object enters a zone: each makes it a new object (CR 400.7).
_NEW_OBJECT_EVENTS = frozenset(
    {
        ActionKind.ENTERS,
        ActionKind.RESOLVES,
        ActionKind.PUT_ONTO_BATTLEFIELD,
        ActionKind.LEAVES,
        ActionKind.RETURNS,
    }
)


def became_object_at(board: Board, obj: GameObject) -> int:
    """The timestamp of the event by which ``obj`` last moved to a zone, becoming the object it is now with
    no relation to its previous existence (CR 400.7); 0 when no event moved it. Cards exiled with it before
    then were exiled by an object it no longer is."""
    return max(
        (e.timestamp for e in board.events if e.object_id == obj.id and e.kind in _NEW_OBJECT_EVENTS),
        default=0,
    )


# The action models build on ObjectSpec and the specs above; importing them completes BoardSpec (whichever
# of the two modules is imported first).
import engine.state.actions  # noqa: E402, F401
