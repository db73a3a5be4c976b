"""Load a board file (YAML, or the same as JSON) into an :class:`~engine.board.BoardSpec`, with line numbers.

Board format version 1::

    cards: [Scryfall-shaped card objects]   # {name, mana_cost, type_line, oracle_text, power, toughness,
                   # loyalty, defense, colors, layout, faces: [{name, type_line, …}]}: cards the data lacks,
                   # checked by data.cards.records (at most MAX_CARDS); the caller uses them before its data
    battlefield: [objects, in timestamp order]   # {card, id, controller, copy_of, via, tapped, …}
                   # commander: true (CR 903.3); random: RESULT with copy_of (a coin flip or die roll)
                   # merged: [{card: Gemrazer, on_top: true}, …] the cards merged with it, in order (CR 727)
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
              | {mutates: {card, id, onto, on_top, controller, token}}   # CR 702.140b-c, 727.2
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
from pydantic import ValidationError

from data import board_values as check
from data.board_actions import ActionReader
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
    Action,
    BoardSpec,
    DayNight,
    FaceDownKind,
    Game,
    ObjectSpec,
    Player,
    StackEntrySpec,
    StackError,
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
        "solved",
        "attached_to",
        "effects",
        "exiled_by",
        "ability",
        "replacement_order",
        "commander",
        "random",
        "merged",
    }
)
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
        # Read the graveyard first, so that a permanent can copy a card in it (Body Double); the objects
        # keep the board's order, battlefield first.
        read: dict[Zone, list[ObjectSpec]] = {}
        for zone in (Zone.GRAVEYARD, Zone.BATTLEFIELD, Zone.EXILE):
            if zone.value in sections:
                read[zone] = [
                    self.object(item, zone) for item in self._items(sections[zone.value], zone.value)
                ]
        objects = [
            obj for zone in (Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE) for obj in read.get(zone, [])
        ]
        reading = ActionReader(self)
        actions = [reading.action(item) for item in self._items(sections.get("actions"), "actions")]
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
            solved=check.flag(raw, "solved", line) if "solved" in raw else None,
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
            merged=self.merged(raw, line, zone),
        )

    def merged(self, raw: dict[str, Any], line: int | None, zone: Zone) -> tuple[Any, ...]:
        """``merged:``, the cards merged with a permanent (CR 727.2): only a permanent is merged."""
        if "merged" not in raw:
            return ()
        if zone is not Zone.BATTLEFIELD:
            raise BoardFormatError(
                msg("merged is for a permanent: a merged permanent that leaves becomes its cards (CR 727.3)"),
                line,
            )
        return check.merged(raw["merged"], line)

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
            if isinstance(raw.get("via"), dict):  # only an action's via may be {id: …}: a copy's is a card
                raise BoardFormatError(
                    msg(
                        "a stack entry's via is the card whose spell or ability makes the copy (via: "
                        "Twincast); via: {{id: …}} names a board object only in an action"
                    ),
                    line,
                )
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
