"""Read a board's ``actions:`` (``data.boards``, board format version 1) into their models.

Each action is read into the model of its kind (``engine.state.actions``), which pydantic validates: a
key another kind takes, a missing one or none of two alternatives is refused in the reader's words, on the
action's line (:func:`_caused_problem`). What no model can check, the reader does: that each handle is
defined earlier, the values' forms and what the rules refuse (a word changed by one of another kind).
"""

from __future__ import annotations

from typing import Any, Protocol

import yaml
from pydantic import TypeAdapter, ValidationError

from data import board_values as check
from data.board_format import BoardFormatError
from data.board_yaml import line_of, pairs, plain
from data.excerpts import excerpt
from engine import (
    KIND_WORDS,
    PREDEFINED_TOKENS,
    Action,
    ActionKind,
    DayNight,
    Message,
    MoveSpec,
    ObjectSpec,
    Player,
    TextChangeSpec,
    TokenSpec,
    WordChange,
    Zone,
    msg,
)


class Handles(Protocol):
    """What the board reader knows as it reads: the handles defined so far and how ``via`` names one."""

    card_of: dict[str, str]  # the card whose text each object has, when that is its own card's

    def ref(self, value: Any, line: int | None, what: str) -> str:
        """A handle that must already be defined."""

    def define(self, handle: str, line: int | None) -> None:
        """Define a new handle (refused when already defined)."""

    def via(self, raw: dict[str, Any], line: int | None, key: str = "via") -> tuple[str | None, str | None]:
        """``via`` (or ``made_by``): the card and the board object's handle."""

    def object(self, node: yaml.Node, zone: Zone) -> ObjectSpec:
        """One object, as ``battlefield:`` lists it."""


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
_MUTATES_KEYS = frozenset({"card", "id", "onto", "on_top", "controller", "token"})
_LEAVES_KEYS = frozenset({"object", "to", "by", "replacement", "last", "ids"})
_RETURNS_KEYS = frozenset({"cards_of", "to", "by", "counters", "controller"})
# The keys of becomes_copy, create_token_copy, turn_face_up/down, transform and ends, and the fields they fill
# (each kind's model takes some of them: ActionReader.caused).
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


class ActionReader:
    """Reads each action of a board into its model, with the board reader's handles (``Handles``)."""

    def __init__(self, board: Handles) -> None:
        self.board = board

    def action(self, node: yaml.Node) -> Action:
        """One entry of ``actions:``, ``{KIND: {…}}``, as the model of its kind."""
        line = line_of(node)
        if not isinstance(node, yaml.MappingNode) or len(node.value) != 1:
            raise BoardFormatError(
                msg("an action is one of {kinds}: {{…}}", kinds=", ".join(k.value for k in ActionKind)), line
            )
        ((key, body),) = pairs(node)
        kind = check.enum_value(ActionKind, key, line, "action")
        if kind in (ActionKind.ENTERS, ActionKind.RESOLVES):
            return self.model(kind, line, entering=self.board.object(body, Zone.BATTLEFIELD))
        if kind is ActionKind.DAY_NIGHT:
            day_night = check.enum_value(DayNight, plain(body), line, "day_night")
            return self.model(kind, line, day_night=day_night)
        if kind is ActionKind.CLEANUP:
            if plain(body) not in (None, {}):
                raise BoardFormatError(
                    msg("cleanup takes nothing (write {example})", example="cleanup: {}"), line
                )
            return self.model(kind, line)
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
        if kind is ActionKind.MUTATES:
            return self.mutates(raw, line)
        return self.caused(kind, raw, line)

    def mutates(self, raw: dict[str, Any], line: int | None) -> Action:
        """``mutates: {card, id, onto, on_top, controller, token}``: a mutating creature spell resolves
        (CR 702.140b-c): ``onto`` the creature it targets, ``on_top`` whether it is put on top of it or under
        (left out: not given); ``id`` the handle of the creature it is if it enters instead."""
        check.check_keys(raw, _MUTATES_KEYS, {"card", "onto"}, "mutates", line)
        card = check.text(raw["card"], line, "card")
        onto = self.board.ref(raw["onto"], line, "onto")
        handle = check.text(raw.get("id", card), line, "id")
        self.board.define(handle, line)
        spell = ObjectSpec(
            card=card,
            id=handle,
            line=line or 0,
            controller=check.enum_value(Player, raw.get("controller", "you"), line, "controller"),
            token=check.flag(raw, "token", line),
        )
        on_top = check.flag(raw, "on_top", line) if "on_top" in raw else None
        return self.model(ActionKind.MUTATES, line, spell=spell, onto=onto, on_top=on_top)

    def caused(self, kind: ActionKind, raw: dict[str, Any], line: int | None) -> Action:
        """``becomes_copy``, ``create_token_copy``, ``turn_face_up``, ``turn_face_down``, ``transform`` or
        ``ends``: each key read as its field, and the model of ``kind`` says which it takes and needs."""
        check.check_keys(raw, _CAUSED_KEYS, set(), kind.value, line)
        fields: dict[str, Any] = {
            _CAUSED_FIELDS.get(key, key): self.board.ref(raw[key], line, key)
            for key in ("object", "of", "exiled_with")  # exiled_with: a copy of a card exiled with it
            if key in raw
        }
        fields |= {
            _CAUSED_FIELDS.get(key, key): check.number(raw[key], line, key) for key in _NUMBERS if key in raw
        }
        if "via" in raw:  # the ability is the object's as it was (before this action)
            fields["via"], fields["via_object"] = self.board.via(raw, line)
        if kind in (ActionKind.BECOMES_COPY, ActionKind.TURN_FACE_DOWN) and "target" in fields:
            self.board.card_of.pop(fields["target"], None)
        if "controller" in raw:
            fields["controller"] = check.enum_value(Player, raw["controller"], line, "controller")
            fields["controller_given"] = True
        if "random" in raw:
            fields["random_result"] = check.text(raw["random"], line, "random")
        if kind is ActionKind.CREATE_TOKEN_COPY:
            of, exiled = fields.get("of"), fields.get("exiled_with")
            default = f"token of {of}" if of else f"token of a card exiled with {exiled}"
            fields["new_id"] = check.text(raw.get("id", default), line, "id")
            self.board.define(fields["new_id"], line)
        elif "id" in raw:
            fields["new_id"] = raw["id"]  # only create_token_copy takes it: its model refuses it
        return self.model(kind, line, **fields)

    def model(self, kind: ActionKind, line: int | None, **fields: Any) -> Action:
        """The model of ``kind`` with ``fields``, which pydantic validates (``_caused_problem`` words what
        it refuses)."""
        try:
            return _ACTIONS.validate_python({**fields, "kind": kind, "line": line or 0})
        except ValidationError as error:
            raise BoardFormatError(_caused_problem(kind, fields, error), line) from None

    def change_text(self, raw: dict[str, Any], line: int | None) -> Action:
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
            via=self.board.via(raw, line)[0],
            until_end_of_turn=check.until(raw, line),
        )
        target = self.board.ref(raw["object"], line, "object")
        return self.model(ActionKind.CHANGE_TEXT, line, target=target, text_change=change)

    def exchange_text(self, raw: dict[str, Any], line: int | None) -> Action:
        """``exchange_text: {objects: [A, B], via, until}``: two text boxes exchanged (CR 612.5)."""
        check.check_keys(raw, {"objects", "via", "until"}, {"objects"}, "exchange_text", line)
        objects = check.listed(raw["objects"], line, "objects")
        if len(objects) != 2:
            raise BoardFormatError(msg("exchange_text needs objects: [HANDLE, HANDLE], two permanents"), line)
        first, second = (self.board.ref(handle, line, "objects") for handle in objects)
        if first == second:
            raise BoardFormatError(
                msg("exchange_text needs two different objects; {object} is named twice", object=first), line
            )
        change = TextChangeSpec(
            line=line or 0,
            exchange_with=second,
            via=self.board.via(raw, line)[0],
            until_end_of_turn=check.until(raw, line),
        )
        return self.model(ActionKind.EXCHANGE_TEXT, line, target=first, text_change=change)

    def attach(self, raw: dict[str, Any], line: int | None) -> Action:
        """``attach: {object: hammer, to: bear}``: an Aura, Equipment or Fortification becomes attached."""
        if set(map(str, raw)) != {"object", "to"}:
            raise BoardFormatError(msg("attach needs exactly object: HANDLE and to: HANDLE"), line)
        return self.model(
            ActionKind.ATTACH,
            line,
            target=self.board.ref(raw["object"], line, "object"),
            to=self.board.ref(raw["to"], line, "to"),
        )

    def token(self, raw: dict[str, Any], line: int | None) -> Action:
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
        made_by, made_by_object = self.board.via(raw, line, "made_by")
        self.board.define(new_id, line)
        return self.model(
            ActionKind.CREATE_TOKEN,
            line,
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
        target = self.board.ref(raw[handle_key], line, handle_key)
        move = MoveSpec(
            to=check.destination(raw.get("to", "battlefield"), line, leaves=leaves),
            by=self.board.ref(raw["by"], line, "by") if "by" in raw else None,
            replacement=self.board.ref(raw["replacement"], line, "replacement")
            if "replacement" in raw
            else None,
            last=check.text(raw["last"], line, "last") if "last" in raw else None,
            ids=self.new_handles(raw.get("ids", {}), line),
            counters=check.counters(raw["counters"], line) if "counters" in raw else (),
            controller=check.enum_value(Player, raw["controller"], line, "controller")
            if "controller" in raw
            else None,
        )
        return self.model(kind, line, target=target, move=move)

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
            self.board.define(handle, line)
            self.board.card_of[handle] = card
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
            return self.model(
                kind, line, of=self.board.ref(raw["of"], line, "of"), via=self.board.via(raw, line)[0]
            )
        target = self.board.ref(raw["object"], line, "object")
        flags = {"transformed": check.flag(raw, "transformed", line)} if "transformed" in raw else {}
        return self.model(kind, line, target=target, **flags)
