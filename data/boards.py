"""Load a board file (YAML, or the same as JSON) into an :class:`~engine.board.BoardSpec`, with line numbers.

Board format version 1::

    cards: [Scryfall-shaped card objects]   # {name, mana_cost, type_line, oracle_text, power, toughness,
                   # loyalty, defense, colors, layout, faces: [{name, type_line, …}]}: cards the data lacks,
                   # checked by data.cards.records (at most MAX_CARDS); the caller uses them before its data
    battlefield: [objects, in timestamp order]   # {card, id, controller, copy_of, via, tapped, …}
                   # commander: true (CR 903.3); random: RESULT with copy_of (a coin flip or die roll)
                   # squad: N, offspring: true|false, evoked: true|false (paid as it was cast, CR 702.157a,
                   # 702.175a, 702.74a);
                   # protector: you|opponent (a battle's, CR 310.8a, 310.11a)
                   # choices: {KEY: VALUE}; a choice "an opponent"/"each player" makes is given per
                   # player: {KEY by you: VALUE, KEY by opponent: VALUE} (CR 614.1c)
                   # effects: [{pump: [2, 2]} | {gain_control: you, add_abilities: [Haste]} | …]:
                   # several keys in one entry are the parts of one effect (one timestamp, CR 613.6)
                   # attached_to: HANDLE: an Aura/Equipment/Fortification attached as it enters. Static
                   # abilities of permanents (Equipment, Auras, anthems …) apply by themselves
                   # (engine.statics): list under effects only what resolved spells and abilities did.
    graveyard: [card names or objects]
    exile: [objects, e.g. {card, exiled_by, ability}]
    actions: [{enters: {…}} | {becomes_copy: {object, of, via}} | {create_token_copy: {of, via, id}}
              | {create_token: {name, supertypes, types, subtypes, colors, power, toughness, abilities, id}}
              | {create_token: {predefined: Treasure, id}}   # a token the rules define (CR 111.10)
              | {turn_face_up: {object}} | {turn_face_down: {object}} | {transform: {object}}
              | {create_token_copy: {exiled_with, via, id}} | {ends: {object, effect}}
              | {ends: {object, copy_effect}} | {cleanup: {}}   # a copy effect with a duration ends
              #   (CR 611.2a); cleanup ends "until end of turn" ones (CR 514.2)
              | {attach: {object, to}}   # an Aura/Equipment/Fortification becomes attached (new timestamp)
              | {change_text: {object, from, to, via, until}} | {exchange_text: {objects: [A, B], via}}
              | {ends: {object, text_change}}
              | {leaves: {object, to, by, replacement, last, ids}}
              | {returns: {cards_of, to, counters, controller, by}}]
             # leaves: a permanent leaves the battlefield for to: graveyard|exile|hand|library and becomes
             #   a new object (a melded one: its two cards; a token: nothing). by: HANDLE of the object whose
             #   ability moves it (cards exiled with it, e.g. Duplicant); replacement: HANDLE of the
             #   replacement effect its controller applies when several do (Leyline of the Void …);
             #   last: CARD, the card of a melded permanent exiled last; ids: {CARD: HANDLE}, the new cards.
             # returns: the card(s) the permanent cards_of became move to to: (battlefield by default), each
             #   with counters: {"+1/+1": 1}, under controller: you|opponent (default: its owner).
             # change_text: a text-changing effect (layer 3, CR 612.2) replaces the word from: by to: wherever
             #   the permanent's rules text and type line use it as that kind of word: a color word (black),
             #   a basic land type (Swamp: also "swampwalk") or a creature type (Goblin: also "Goblins"); both
             #   words of one kind, never in a name. via: the card whose effect it is, as the steps name it
             #   (Mind Bend); until: end of turn (Crystal Spray; the cleanup step ends it), else it lasts
             #   indefinitely. exchange_text: each of two permanents gets the rules text the other had
             #   (Exchange of Words, CR 612.5). ends: {object, text_change: N} ends its Nth text change (an
             #   exchange on both). A copy never copies a text change (CR 707.2).
    # resolves: {card, id, …} a permanent spell resolves (its effects: ones that already apply to it);
    # next_enters_as_copy: {of, via} (Mystic Reflection); day_night: day|night (it becomes so);
    # put_onto_battlefield: {object, transformed}; flip: {object}   — see engine.resolving, engine.faces
    day_night: day | night   # the game's designation as the board starts (CR 728.1)
    turn: you | opponent     # whose turn it is (CR 102.1): decides "as long as it's your turn"
    life: {you: 25, opponent: 8, starting: 20}   # life totals (CR 119), each optional; starting: 20 unless
             # a variant's (Commander's 40): decide "as long as you have 30 or more life" and the like
    stack: [bottom first: {card, targets, modes, x, kicked, buyback, squad, offspring, paid, …}
            | {source, ability} | {copy_of, via, new_targets}]   # see engine.stack_board.StackEntrySpec
    query: handle | {linked: handle}   # a token that left: its last known information (CR 111.7, 608.2h)
    # via / made_by: a card name, or the handle of an earlier object (its ability) or of a stack entry;
    #   {id: HANDLE} names a handle only (data.board_handles)
    # via in an action may be a stack entry's handle (looked up once the stack is read, wherever it is
    #   written): the spell or ability resolving, with its card's text;
    # random: heads | won 2 | 17 on becomes_copy / create_token_copy: the result its copy effect needs

Every handle must be defined earlier in the file; errors name the line. Card names stay names: the
caller resolves them (``bot.judge.board``), the ``cards:`` definitions first. The YAML itself is read by
``data.board_yaml``, which refuses a key given twice, an alias inside its own anchor and unreadable scalars.
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from pydantic import TypeAdapter, ValidationError

from data import board_values as check
from data.board_format import (
    MAX_ACTIONS,
    MAX_CARDS,
    MAX_OBJECTS,
)
from data.board_format import MAX_TEXT as MAX_TEXT  # re-exported: the reader's callers check it too
from data.board_format import BoardFormatError as BoardFormatError  # re-exported: what load_board raises
from data.board_handles import read_via, stack_via
from data.board_yaml import compose_board, line_of, pairs, plain
from data.cards.names import card_names, normalize_name
from data.excerpts import excerpt
from engine import (
    KIND_WORDS,
    PREDEFINED_TOKENS,
    Action,
    ActionKind,
    AttachAction,
    BoardSpec,
    ChangeTextAction,
    CleanupAction,
    CreateTokenAction,
    DayNight,
    DayNightAction,
    EntersAction,
    ExchangeTextAction,
    FaceDownKind,
    FlipAction,
    Game,
    LeavesAction,
    Message,
    MoveSpec,
    NextEntersAsCopyAction,
    ObjectSpec,
    Player,
    PutOntoBattlefieldAction,
    ResolvesAction,
    ReturnsAction,
    StackEntrySpec,
    StackError,
    TextChangeSpec,
    TokenSpec,
    WordChange,
    Zone,
    msg,
    stack_handles,
)

_OBJECT_KEYS = frozenset(
    {
        "card",
        "id",
        "controller",
        "copy_of",
        "via",
        "tapped",
        "phased_out",
        "flipped",
        "transformed",
        "face",
        "face_down",
        "token",
        "counters",
        "choices",
        "kicked",
        "squad",
        "offspring",
        "evoked",
        "prototyped",
        "protector",
        "x",
        "level",
        "attached_to",
        "effects",
        "exiled_by",
        "ability",
        "replacement_order",
        "commander",
        "random",
    }
)
_TOKEN_KEYS = frozenset(
    {
        "name",
        "supertypes",
        "types",
        "subtypes",
        "colors",
        "power",
        "toughness",
        "abilities",
        "id",
        "controller",
    }
)
_LEAVES_KEYS = frozenset({"object", "to", "by", "replacement", "last", "ids"})
_RETURNS_KEYS = frozenset({"cards_of", "to", "by", "counters", "controller"})
_TOP_KEYS = (
    "version",
    "cards",
    "battlefield",
    "graveyard",
    "exile",
    "actions",
    "stack",
    "query",
    "day_night",
    "turn",
    "life",
)
# Scryfall prints these as text ("2", "*"); a board may write a number plainly (YAML reads ``power: 2`` as 2).
# The Scryfall fields a card definition may have: the ones the card import's schema checks and the engine
# reads (any other would reach the engine unchecked).
# The keys of becomes_copy, create_token_copy, turn_face_up/down, transform and ends, and the fields they fill
# (each kind's model takes some of them: Reader.caused).
_CAUSED_KEYS = frozenset(
    {
        "object",
        "of",
        "via",
        "id",
        "controller",
        "exiled_with",
        "effect",
        "copy_effect",
        "text_change",
        "random",
    }
)
_CAUSED_FIELDS = {
    "object": "target",
    "id": "new_id",
    "text_change": "text_change_number",
    "random": "random_result",
}
_NUMBERS = ("effect", "copy_effect", "text_change")
_KEY_OF_FIELD = {field: key for key, field in _CAUSED_FIELDS.items()} | {"via_object": "via"}
_ACTIONS: TypeAdapter[Action] = TypeAdapter(Action)
_FACE_ACTIONS = (
    ActionKind.NEXT_ENTERS_AS_COPY,
    ActionKind.PUT_ONTO_BATTLEFIELD,
    ActionKind.FLIP,
)


def load_board(text: str) -> BoardSpec:
    """Parse board text (YAML or JSON) into a validated :class:`BoardSpec`."""
    if len(text) > MAX_TEXT:
        raise BoardFormatError(
            msg(
                "the board is too long ({length} characters; at most {limit})",
                length=len(text),
                limit=MAX_TEXT,
            )
        )
    root = compose_board(text)
    if not isinstance(root, yaml.MappingNode):
        raise BoardFormatError(
            msg("a board is a mapping with battlefield/graveyard/exile/actions/query"), line_of(root)
        )
    return _Reader().read(root)


def _caused_problem(kind: ActionKind, fields: dict[str, Any], error: ValidationError) -> Message:
    """What a ``becomes_copy``, ``create_token_copy``, … action that its model refuses lacks or has too much,
    in the reader's words (each YAML key named as written)."""
    problem = error.errors()[0]
    field = str(problem["loc"][1]) if len(problem["loc"]) > 1 else ""  # loc: (kind, field), or (kind,)
    if problem["type"] == "missing" and field == "target":
        return msg("{action} needs object: HANDLE", action=kind.value)
    if problem["type"] == "missing":  # becomes_copy's of
        return msg("{action} needs of: HANDLE", action=kind.value)
    if field == "random_result":
        return msg("random (a coin flip's or die roll's result) is for becomes_copy and create_token_copy")
    if field in ("effect", "copy_effect", "text_change_number") or (kind is ActionKind.ENDS and not field):
        return msg(
            "ends needs effect: N (the object's Nth listed effect), text_change: N (its Nth text-changing "
            "effect) or copy_effect: N (the Nth copy effect applied to it); only ends takes them"
        )
    if field == "exiled_with" or (kind is ActionKind.CREATE_TOKEN_COPY and "of" in fields):
        return msg("exiled_with is for create_token_copy, instead of of:")
    if kind is ActionKind.CREATE_TOKEN_COPY:
        return msg("{action} needs of: HANDLE (or exiled_with: HANDLE)", action=kind.value)
    return msg("unknown key {key} in {part}", key=excerpt(_KEY_OF_FIELD.get(field, field)), part=kind.value)


class _Reader:
    """Reads the nodes in file order, remembering which handles are defined and where."""

    def __init__(self) -> None:
        self.defined: dict[str, int] = {}
        # The card whose text each object has, when that is its own card's (for ``via`` a stack ability).
        self.card_of: dict[str, str] = {}
        # ``via: {id: HANDLE}`` not yet defined as the actions are read: a stack entry's, checked after it.
        self.explicit_via: set[tuple[int, str]] = set()

    def read(self, root: yaml.MappingNode) -> BoardSpec:
        sections = dict(pairs(root))
        unknown = [key for key in sections if key not in _TOP_KEYS]
        if unknown:
            where = next(line_of(k) for k, _ in root.value if str(plain(k)) == unknown[0])
            raise BoardFormatError(
                msg(
                    "unknown section {key}; expected one of {keys}",
                    key=excerpt(unknown[0]),
                    keys=", ".join(_TOP_KEYS),
                ),
                where,
            )
        version = plain(sections["version"]) if "version" in sections else 1
        if version != 1:
            raise BoardFormatError(
                msg(
                    "unsupported board version {version} (this reader knows version 1)",
                    version=excerpt(version),
                ),
                line_of(sections["version"]),
            )
        cards = self.cards(self._items(sections.get("cards"), "cards"))
        objects: list[ObjectSpec] = []
        for zone in (Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE):
            if zone.value in sections:
                objects += [self.object(item, zone) for item in self._items(sections[zone.value], zone.value)]
        actions = [self.action(item) for item in self._items(sections.get("actions"), "actions")]
        if len(objects) + len(actions) > MAX_OBJECTS or len(actions) > MAX_ACTIONS:
            raise BoardFormatError(
                msg(
                    "too many objects or actions (at most {objects} and {actions})",
                    objects=MAX_OBJECTS,
                    actions=MAX_ACTIONS,
                )
            )
        stack = self.stack(self._items(sections.get("stack"), "stack"))
        actions = [self.via_stack(action, stack) for action in actions]
        query, linked = self.query(sections.get("query"))
        query_line = line_of(sections["query"]) if "query" in sections else None
        if not objects and not actions and not stack:
            raise BoardFormatError(msg("the board has no objects"))
        designation = sections.get("day_night")
        day_night = None
        if designation is not None:
            day_night = check.enum_value(DayNight, plain(designation), line_of(designation), "day_night")
        whose = sections.get("turn")
        turn = None if whose is None else check.enum_value(Player, plain(whose), line_of(whose), "turn")
        totals = sections.get("life")
        game = Game(turn=turn) if totals is None else check.game(turn, plain(totals), line_of(totals))
        return BoardSpec(
            objects=tuple(objects),
            actions=tuple(actions),
            query=query,
            query_line=query_line or 0,
            query_linked=linked,
            stack=stack,
            day_night=day_night,
            game=game,
            cards=cards,
        )

    def _items(self, node: yaml.Node | None, what: str) -> list[yaml.Node]:
        if node is None or (isinstance(node, yaml.ScalarNode) and plain(node) is None):
            return []
        if not isinstance(node, yaml.SequenceNode):
            raise BoardFormatError(msg("{what} must be a list", what=what), line_of(node))
        return list(node.value)

    def cards(self, nodes: list[yaml.Node]) -> tuple[str, ...]:
        """The ``cards:`` section: cards the board defines itself, each checked as the card import checks a
        Scryfall record (``data.cards.records``), as JSON text; no two may answer to the same name."""
        if len(nodes) > MAX_CARDS:
            too_many = msg("cards is too long (at most {limit} definitions)", limit=MAX_CARDS)
            raise BoardFormatError(too_many, line_of(nodes[MAX_CARDS]))
        defined: dict[str, int] = {}
        records: list[str] = []
        for node in nodes:
            line = line_of(node)
            record = check.card_record(plain(node), line)
            for key, name in {normalize_name(name): name for name, _ in card_names(record)}.items():
                if key in defined:
                    already = msg(
                        "the card {card} is already defined on line {line}",
                        card=excerpt(name),
                        line=defined[key],
                    )
                    raise BoardFormatError(already, line)
                defined[key] = line or 0
            records.append(json.dumps(record, ensure_ascii=False, sort_keys=True))
        return tuple(records)

    def ref(self, value: Any, line: int | None, what: str) -> str:
        """A handle that must already be defined."""
        handle = check.text(value, line, what)
        if handle not in self.defined:
            raise BoardFormatError(
                msg(
                    "{what} refers to {handle}, which is not defined earlier in the board",
                    what=what,
                    handle=excerpt(handle),
                ),
                line,
            )
        return handle

    def define(self, handle: str, line: int | None) -> None:
        if handle in self.defined:
            raise BoardFormatError(
                msg(
                    "the handle {handle} is already defined on line {line}; give this object an id",
                    handle=excerpt(handle),
                    line=self.defined[handle],
                ),
                line,
            )
        self.defined[handle] = line or 0

    def object(self, node: yaml.Node, zone: Zone) -> ObjectSpec:
        line = line_of(node)
        raw = plain(node)
        if isinstance(raw, str):
            raw = {"card": raw}
        if not isinstance(raw, dict):
            raise BoardFormatError(msg("an object is a card name or a mapping with card:"), line)
        unknown = sorted(set(map(str, raw)) - _OBJECT_KEYS)
        if unknown:
            raise BoardFormatError(
                msg(
                    "unknown key {key}; expected one of {keys}",
                    key=excerpt(unknown[0]),
                    keys=", ".join(sorted(_OBJECT_KEYS)),
                ),
                line,
            )
        if "card" not in raw:
            raise BoardFormatError(msg("an object needs card: NAME"), line)
        card = check.text(raw["card"], line, "card")
        refs = {key: self.ref(raw[key], line, key) for key in ("attached_to", "exiled_by") if key in raw}
        # copy_of: [clone, bears] enters as a copy of clone, then uses the copy ability it got (CR 707.9e).
        copied = raw.get("copy_of", [])
        chain = [self.ref(h, line, "copy_of") for h in (copied if isinstance(copied, list) else [copied])]
        if "copy_of" in raw and not chain:
            raise BoardFormatError(msg("copy_of needs a handle (or a list of handles)"), line)
        if "random" in raw and not chain:
            raise BoardFormatError(
                msg("random (a coin flip's or die roll's result) is for an object with copy_of"), line
            )
        handle = check.text(raw.get("id", card), line, "id")
        self.define(handle, line)
        if not chain and not raw.get("face_down"):  # a copy's or face-down object's text isn't its card's
            self.card_of[handle] = card
        return ObjectSpec(
            card=card,
            id=handle,
            line=line or 0,
            zone=zone,
            controller=check.enum_value(Player, raw.get("controller", "you"), line, "controller"),
            copy_of=chain[0] if chain else None,
            then_copy_of=tuple(chain[1:]),
            via=self.via(raw, line)[0],
            tapped=check.flag(raw, "tapped", line) if "tapped" in raw else None,
            phased_out=check.flag(raw, "phased_out", line),
            flipped=check.flag(raw, "flipped", line),
            transformed=check.flag(raw, "transformed", line),
            back_face=check.back_face(raw.get("face", "front"), line),
            token=check.flag(raw, "token", line),
            face_down=check.enum_value(FaceDownKind, raw["face_down"], line, "face_down")
            if raw.get("face_down")
            else None,
            counters=check.counters(raw["counters"], line) if "counters" in raw else None,
            choices=check.choices(raw.get("choices", {}), line),
            kicked=check.kicked(raw["kicked"], line) if "kicked" in raw else None,
            squad=check.number(raw["squad"], line, "squad") if "squad" in raw else None,
            offspring=check.flag(raw, "offspring", line) if "offspring" in raw else None,
            evoked=check.flag(raw, "evoked", line) if "evoked" in raw else None,
            prototyped=check.flag(raw, "prototyped", line) if "prototyped" in raw else None,
            protector=check.enum_value(Player, raw["protector"], line, "protector")
            if "protector" in raw
            else None,
            x=check.number(raw["x"], line, "x") if "x" in raw else None,
            class_level=check.class_level(raw.get("level", 1), line),
            attached_to=refs.get("attached_to"),
            effects=tuple(
                part
                for e in check.listed(raw.get("effects", []), line, "effects")
                for part in check.effect(e, line)
            ),
            exiled_by=refs.get("exiled_by"),
            exiled_by_ability=check.number(raw["ability"], line, "ability") if "ability" in raw else None,
            commander=check.commander(raw, line),
            random_result=check.text(raw["random"], line, "random") if "random" in raw else None,
            replacement_order=tuple(
                self.ref(h, line, "replacement_order")
                for h in check.listed(raw.get("replacement_order", []), line, "replacement_order")
            ),
        )

    def action(self, node: yaml.Node) -> Action:
        line = line_of(node)
        if not isinstance(node, yaml.MappingNode) or len(node.value) != 1:
            raise BoardFormatError(
                msg("an action is one of {kinds}: {{…}}", kinds=", ".join(k.value for k in ActionKind)), line
            )
        ((key, body),) = pairs(node)
        kind = check.enum_value(ActionKind, key, line, "action")
        if kind in (ActionKind.ENTERS, ActionKind.RESOLVES):
            entering = self.object(body, Zone.BATTLEFIELD)
            if kind is ActionKind.ENTERS:
                return EntersAction(line=line or 0, entering=entering)
            return ResolvesAction(line=line or 0, entering=entering)
        if kind is ActionKind.DAY_NIGHT:
            day_night = check.enum_value(DayNight, plain(body), line, "day_night")
            return DayNightAction(line=line or 0, day_night=day_night)
        if kind is ActionKind.CLEANUP:
            if plain(body) not in (None, {}):
                raise BoardFormatError(
                    msg("cleanup takes nothing (write {example})", example="cleanup: {}"), line
                )
            return CleanupAction(line=line or 0)
        raw = plain(body)
        if not isinstance(raw, dict):
            raise BoardFormatError(msg("{action} needs a mapping", action=kind.value), line)
        if kind is ActionKind.CREATE_TOKEN:
            return self.token(raw, line)
        if kind in (ActionKind.LEAVES, ActionKind.RETURNS):
            return self.zone_move(kind, raw, line)
        if kind in _FACE_ACTIONS:
            return self.face_action(kind, raw, line)
        if kind is ActionKind.ATTACH:
            return self.attach(raw, line)
        if kind is ActionKind.CHANGE_TEXT:
            return self.change_text(raw, line)
        if kind is ActionKind.EXCHANGE_TEXT:
            return self.exchange_text(raw, line)
        return self.caused(kind, raw, line)

    def caused(self, kind: ActionKind, raw: dict[str, Any], line: int | None) -> Action:
        """``becomes_copy``, ``create_token_copy``, ``turn_face_up``, ``turn_face_down``, ``transform`` or
        ``ends``: each key read as its field, and the model of ``kind`` says which it takes and needs."""
        check.check_keys(raw, _CAUSED_KEYS, set(), kind.value, line)
        fields: dict[str, Any] = {
            _CAUSED_FIELDS.get(key, key): self.ref(raw[key], line, key)
            for key in ("object", "of", "exiled_with")  # exiled_with: a copy of a card exiled with it
            if key in raw
        }
        fields |= {
            _CAUSED_FIELDS.get(key, key): check.number(raw[key], line, key) for key in _NUMBERS if key in raw
        }
        if "via" in raw:  # the ability is the object's as it was (before this action)
            fields["via"], fields["via_object"] = self.via(raw, line)
        if kind in (ActionKind.BECOMES_COPY, ActionKind.TURN_FACE_DOWN) and "target" in fields:
            self.card_of.pop(fields["target"], None)
        if "controller" in raw:
            fields["controller"] = check.enum_value(Player, raw["controller"], line, "controller")
            fields["controller_given"] = True
        if "random" in raw:
            fields["random_result"] = check.text(raw["random"], line, "random")
        if kind is ActionKind.CREATE_TOKEN_COPY:
            of, exiled = fields.get("of"), fields.get("exiled_with")
            default = f"token of {of}" if of else f"token of a card exiled with {exiled}"
            fields["new_id"] = check.text(raw.get("id", default), line, "id")
            self.define(fields["new_id"], line)
        elif "id" in raw:
            fields["new_id"] = raw["id"]  # only create_token_copy takes it: its model refuses it
        try:
            return _ACTIONS.validate_python({**fields, "kind": kind, "line": line or 0})
        except ValidationError as error:
            raise BoardFormatError(_caused_problem(kind, fields, error), line) from None

    def change_text(self, raw: dict[str, Any], line: int | None) -> ChangeTextAction:
        """``change_text: {object, from, to, via, until}``: one word replaced by another (CR 612.2)."""
        check.check_keys(
            raw, {"object", "from", "to", "via", "until"}, {"object", "from", "to"}, "change_text", line
        )
        old, new = check.word(raw["from"], line, "from"), check.word(raw["to"], line, "to")
        if old[0] is not new[0]:
            raise BoardFormatError(
                msg(
                    "change_text replaces a word by one of the same kind (CR 612.2): {old} is a {old_kind}, "
                    "{new} a {new_kind}",
                    old=old[1],
                    old_kind=KIND_WORDS[old[0]],
                    new=new[1],
                    new_kind=KIND_WORDS[new[0]],
                ),
                line,
            )
        if old[1] == new[1]:
            raise BoardFormatError(
                msg("change_text needs two different words (from: {word})", word=old[1]), line
            )
        change = TextChangeSpec(
            line=line or 0,
            word=WordChange(kind=old[0], old=old[1], new=new[1]),
            via=self.via(raw, line)[0],
            until_end_of_turn=check.until(raw, line),
        )
        target = self.ref(raw["object"], line, "object")
        return ChangeTextAction(line=line or 0, target=target, text_change=change)

    def exchange_text(self, raw: dict[str, Any], line: int | None) -> ExchangeTextAction:
        """``exchange_text: {objects: [A, B], via, until}``: two text boxes exchanged (CR 612.5)."""
        check.check_keys(raw, {"objects", "via", "until"}, {"objects"}, "exchange_text", line)
        objects = check.listed(raw["objects"], line, "objects")
        if len(objects) != 2:
            raise BoardFormatError(msg("exchange_text needs objects: [HANDLE, HANDLE], two permanents"), line)
        first, second = (self.ref(handle, line, "objects") for handle in objects)
        if first == second:
            raise BoardFormatError(
                msg("exchange_text needs two different objects; {object} is named twice", object=first), line
            )
        change = TextChangeSpec(
            line=line or 0,
            exchange_with=second,
            via=self.via(raw, line)[0],
            until_end_of_turn=check.until(raw, line),
        )
        return ExchangeTextAction(line=line or 0, target=first, text_change=change)

    def attach(self, raw: dict[str, Any], line: int | None) -> AttachAction:
        """``attach: {object: hammer, to: bear}``: an Aura, Equipment or Fortification becomes attached."""
        if set(map(str, raw)) != {"object", "to"}:
            raise BoardFormatError(msg("attach needs exactly object: HANDLE and to: HANDLE"), line)
        return AttachAction(
            line=line or 0,
            target=self.ref(raw["object"], line, "object"),
            to=self.ref(raw["to"], line, "to"),
        )

    def token(self, raw: dict[str, Any], line: int | None) -> CreateTokenAction:
        """``create_token: {name, supertypes, types, subtypes, colors, power, toughness, abilities, id}``."""
        check.check_keys(raw, {*_TOKEN_KEYS, "predefined", "made_by"}, set(), "create_token", line)
        token = (
            self.predefined_token(raw, line)
            if "predefined" in raw
            else TokenSpec(
                name=check.text(raw["name"], line, "name") if "name" in raw else None,
                supertypes=tuple(
                    t.capitalize() for t in check.texts(raw.get("supertypes", []), line, "supertypes")
                ),
                types=tuple(
                    t.capitalize() for t in check.texts(raw.get("types", ["Creature"]), line, "types")
                ),
                subtypes=check.texts(raw.get("subtypes", []), line, "subtypes"),
                colors=check.colors(raw.get("colors", []), line),
                power=check.number(raw["power"], line, "power") if "power" in raw else None,
                toughness=check.number(raw["toughness"], line, "toughness") if "toughness" in raw else None,
                abilities=check.texts(raw.get("abilities", []), line, "abilities"),
            )
        )
        new_id = check.text(raw.get("id", token.token_name), line, "id")
        made_by, made_by_object = self.via(raw, line, "made_by")
        self.define(new_id, line)
        return CreateTokenAction(
            line=line or 0,
            new_id=new_id,
            controller=check.enum_value(Player, raw.get("controller", "you"), line, "controller"),
            controller_given="controller" in raw,
            token=token,
            via=made_by,
            via_object=made_by_object,
        )

    def predefined_token(self, raw: dict[str, Any], line: int | None) -> TokenSpec:
        """``create_token: {predefined: Treasure}``: a token the rules define (CR 111.10), nothing else."""
        kind = check.text(raw["predefined"], line, "predefined")
        extra = sorted(set(map(str, raw)) - {"predefined", "id", "controller", "made_by"})
        if extra:
            raise BoardFormatError(
                msg("a predefined token takes only id and controller, not {key}", key=excerpt(extra[0])),
                line,
            )
        known = {name.casefold(): name for name in PREDEFINED_TOKENS}
        if kind.casefold() not in known:
            raise BoardFormatError(
                msg(
                    "unknown predefined token {token}; known: {known}",
                    token=excerpt(kind),
                    known=", ".join(PREDEFINED_TOKENS),
                ),
                line,
            )
        return PREDEFINED_TOKENS[known[kind.casefold()]][1]

    def zone_move(self, kind: ActionKind, raw: dict[str, Any], line: int | None) -> Action:
        """``leaves: {object, to, by, replacement, last, ids}`` or ``returns: {cards_of, to, …}``."""
        leaves = kind is ActionKind.LEAVES
        allowed = _LEAVES_KEYS if leaves else _RETURNS_KEYS
        unknown = sorted(set(map(str, raw)) - allowed)
        if unknown:
            expected = ", ".join(sorted(allowed))
            raise BoardFormatError(
                msg(
                    "unknown key {key} in {part}; expected {keys}",
                    key=excerpt(unknown[0]),
                    part=kind.value,
                    keys=expected,
                ),
                line,
            )
        handle_key = "object" if leaves else "cards_of"
        if handle_key not in raw or (leaves and "to" not in raw):
            needed = "object: HANDLE and to: ZONE" if leaves else "cards_of: HANDLE"
            raise BoardFormatError(msg("{action} needs {keys}", action=kind.value, keys=needed), line)
        target = self.ref(raw[handle_key], line, handle_key)
        move = MoveSpec(
            to=check.destination(raw.get("to", "battlefield"), line, leaves=leaves),
            by=self.ref(raw["by"], line, "by") if "by" in raw else None,
            replacement=self.ref(raw["replacement"], line, "replacement") if "replacement" in raw else None,
            last=check.text(raw["last"], line, "last") if "last" in raw else None,
            ids=self.new_handles(raw.get("ids", {}), line),
            counters=check.counters(raw["counters"], line) if "counters" in raw else (),
            controller=check.enum_value(Player, raw["controller"], line, "controller")
            if "controller" in raw
            else None,
        )
        if leaves:
            return LeavesAction(line=line or 0, target=target, move=move)
        return ReturnsAction(line=line or 0, target=target, move=move)

    def new_handles(self, value: Any, line: int | None) -> tuple[tuple[str, str], ...]:
        """``ids: {Graf Rats: rats}``: the handle each card gets in its new zone (defined from here on)."""
        if not isinstance(value, dict):
            raise BoardFormatError(
                msg("ids must be a mapping {example}", example="{CARD NAME: HANDLE}"), line
            )
        pairs = tuple(
            (check.text(k, line, "ids card"), check.text(v, line, "ids handle")) for k, v in value.items()
        )
        for card, handle in pairs:
            self.define(handle, line)
            self.card_of[handle] = card
        return pairs

    def face_action(self, kind: ActionKind, raw: dict[str, Any], line: int | None) -> Action:
        """``next_enters_as_copy: {of, via}``, ``put_onto_battlefield: {object, transformed}`` or ``flip``."""
        copy = kind is ActionKind.NEXT_ENTERS_AS_COPY
        needed = {"of", "via"} if copy else {"object"}
        allowed = needed | ({"transformed"} if kind is ActionKind.PUT_ONTO_BATTLEFIELD else set())
        unknown = sorted(set(map(str, raw)) - allowed)
        if unknown or not needed <= set(raw):
            keys = ", ".join(sorted(allowed))
            takes = msg(
                "{action} takes {keys} ({required} required)",
                action=kind.value,
                keys=keys,
                required=", ".join(sorted(needed)),
            )
            raise BoardFormatError(takes, line)
        if copy:
            of = self.ref(raw["of"], line, "of")
            return NextEntersAsCopyAction(line=line or 0, of=of, via=self.via(raw, line)[0] or "")
        target = self.ref(raw["object"], line, "object")
        if kind is ActionKind.FLIP:
            return FlipAction(line=line or 0, target=target)
        transformed = check.flag(raw, "transformed", line)
        return PutOntoBattlefieldAction(line=line or 0, target=target, transformed=transformed)

    def via(self, raw: dict[str, Any], line: int | None, key: str = "via") -> tuple[str | None, str | None]:
        """``via`` (or ``made_by``): the card and the board object's handle (``data.board_handles``)."""
        return read_via(raw, line, key, self.defined, self.card_of, self.explicit_via)

    def stack(self, nodes: list[yaml.Node]) -> tuple[StackEntrySpec, ...]:
        """The ``stack:`` entries, bottom first; each handle they name must be defined earlier."""
        entries: list[StackEntrySpec] = []
        for node in nodes:
            line = line_of(node)
            raw = plain(node)
            if not isinstance(raw, dict):
                raise BoardFormatError(
                    msg(
                        "a stack entry is a mapping: {card}, {ability} or {copy}",
                        card="{card: …}",
                        ability="{source: …, ability: N}",
                        copy="{copy_of: …, via: …}",
                    ),
                    line,
                )
            for key in ("copy_of", "source"):
                if key in raw:
                    self.ref(raw[key], line, key)
            for key in ("targets", "new_targets"):
                for handle in check.texts(raw.get(key) or [], line, key):
                    if not handle.startswith("player:"):
                        self.ref(handle, line, key)
            try:
                entries.append(StackEntrySpec.model_validate({**raw, "line": line or 0}))
                handle = stack_handles(tuple(entries))[-1]
            except ValidationError as error:
                problem = error.errors()[0]
                where = ".".join(str(part) for part in problem["loc"])
                entry = msg("stack entry {where}: {problem}", where=where, problem=problem["msg"])
                raise BoardFormatError(entry, line) from None
            except StackError as error:  # its message names the line
                raise BoardFormatError(error.wording or str(error)) from None
            self.define(handle, line)
        return tuple(entries)

    def via_stack(self, action: Action, stack: tuple[StackEntrySpec, ...]) -> Action:
        """An action whose ``via`` names a stack entry (``data.board_handles.stack_via``)."""
        return stack_via(action, stack, self.card_of, self.explicit_via)

    def query(self, node: yaml.Node | None) -> tuple[str | None, str | None]:
        if node is None:
            return None, None
        raw, line = plain(node), line_of(node)
        if isinstance(raw, dict) and set(raw) == {"linked"}:
            return None, self.ref(raw["linked"], line, "query")
        return self.ref(raw, line, "query"), None
