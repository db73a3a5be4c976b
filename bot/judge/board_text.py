"""A board spec written back as board text: the YAML a user could have typed for the board an answer used.

``/copy`` builds its board (``engine.copy_question``) instead of reading one; :func:`board_yaml` writes that
:class:`~engine.BoardSpec` in board format version 1 (``data.boards``) so a front end can offer it for
editing. It writes the parts a built board has (objects, copy and token-copy actions, the stack, the
query) and checks itself: the text is read back with the board reader and must give the same spec (line
numbers aside), else it returns None and nothing is offered rather than a board that means something else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from data.boards import load_board
from engine import (
    STARTING_LIFE,
    Action,
    BecomesCopyAction,
    BoardSpec,
    CreateTokenCopyAction,
    EffectKind,
    EffectSpec,
    ObjectSpec,
    Player,
    Zone,
)

_ZONES = (Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE)
_FLAGS = ("phased_out", "flipped", "transformed", "token")
_PT_EFFECTS = {EffectKind.PUMP: "pump", EffectKind.SET_PT: "set_pt"}
_ACTION_KEYS = ("becomes_copy", "create_token_copy")
# libyaml's writer when PyYAML has it (eight times faster; the same text, and board_yaml reads it back)
_DUMPER: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_ONE_LINE = 2**30  # no line break inside a value (libyaml takes no infinite width)


class _Unwritable(Exception):
    """A part of the spec this writer doesn't write."""


def board_yaml(spec: BoardSpec) -> str | None:
    """``spec`` as board YAML that :func:`data.boards.load_board` reads back as the same spec (line numbers
    aside), one object, action or stack entry a line; None when it has a part this writer can't write."""
    try:
        sections = _sections(spec)
    except _Unwritable:
        return None
    text = "".join(_section(key, value) for key, value in sections.items())
    try:
        again = load_board(text)
    except ValueError:  # BoardFormatError: a name the reader can't take back
        return None
    return text if _without_lines(again) == _without_lines(spec) else None


def _sections(spec: BoardSpec) -> dict[str, Any]:
    if spec.cards or spec.query_linked or spec.version != 1:
        raise _Unwritable
    sections: dict[str, Any] = {}
    game = spec.game
    if game.turn is not None:
        sections["turn"] = game.turn.value
    if game.life or game.starting_life != STARTING_LIFE:
        life: dict[str, int] = {player.value: total for player, total in game.life}
        sections["life"] = life | (
            {"starting": game.starting_life} if game.starting_life != STARTING_LIFE else {}
        )
    if spec.day_night is not None:
        sections["day_night"] = spec.day_night.value
    for zone in _ZONES:
        objects = [_object(obj) for obj in spec.objects if obj.zone is zone]
        if objects:
            sections[zone.value] = objects
    if spec.actions:
        sections["actions"] = [_action(action) for action in spec.actions]
    if spec.stack:
        sections["stack"] = [
            entry.model_dump(mode="json", exclude_defaults=True, exclude={"line"}, by_alias=True)
            for entry in spec.stack
        ]
    if spec.query is not None:
        sections["query"] = spec.query
    return sections


def _object(obj: ObjectSpec) -> dict[str, Any]:
    if obj.given_counters or obj.exiled_text or obj.zone not in _ZONES:
        raise _Unwritable  # set by the engine, never written in a board
    raw: dict[str, Any] = {"card": obj.card}
    if obj.id != obj.card:
        raw["id"] = obj.id
    if obj.controller is not Player.YOU:
        raw["controller"] = obj.controller.value
    if obj.copy_of is not None:
        raw["copy_of"] = [obj.copy_of, *obj.then_copy_of] if obj.then_copy_of else obj.copy_of
    if obj.via is not None:
        raw["via"] = obj.via
    if obj.tapped is not None:
        raw["tapped"] = obj.tapped
    raw |= {flag: True for flag in _FLAGS if getattr(obj, flag)}
    if obj.back_face:
        raw["face"] = "back"
    if obj.face_down is not None:
        raw["face_down"] = obj.face_down.value
    if obj.counters is not None:
        raw["counters"] = dict(obj.counters)
    if obj.choices:
        raw["choices"] = {key: int(value) if value.isdigit() else value for key, value in obj.choices}
    if obj.kicked is not None:
        raw["kicked"] = list(obj.kicked) if isinstance(obj.kicked, tuple) else obj.kicked
    if obj.x is not None:
        raw["x"] = obj.x
    if obj.class_level != 1:
        raw["level"] = obj.class_level
    if obj.attached_to is not None:
        raw["attached_to"] = obj.attached_to
    if obj.effects:
        raw["effects"] = _effects(obj.effects)
    raw |= {key: value for field, key in _OPTIONAL if (value := getattr(obj, field)) is not None}
    if obj.commander is not False:
        raw["commander"] = obj.commander
    if obj.replacement_order:
        raw["replacement_order"] = list(obj.replacement_order)
    if obj.protector is not None:
        raw["protector"] = obj.protector.value
    return raw


_OPTIONAL = (  # an object's field and its board key, written when given (None: not given)
    ("exiled_by", "exiled_by"),
    ("exiled_by_ability", "ability"),
    ("random_result", "random"),
    ("squad", "squad"),
    ("offspring", "offspring"),
    ("evoked", "evoked"),
    ("prototyped", "prototyped"),
)


def _effects(effects: tuple[EffectSpec, ...]) -> list[dict[str, Any]]:
    """Each effect a mapping; the parts of one effect (``with_previous``) share it (CR 613.6)."""
    written: list[dict[str, Any]] = []
    for effect in effects:
        key, body = _effect(effect)
        if effect.with_previous and written and key not in written[-1]:
            written[-1][key] = body
        elif effect.with_previous:
            raise _Unwritable
        else:
            written.append({key: body})
    return written


def _effect(effect: EffectSpec) -> tuple[str, Any]:
    if effect.kind in _PT_EFFECTS and not effect.if_colors:
        return _PT_EFFECTS[effect.kind], [effect.power, effect.toughness]
    if effect.kind is EffectKind.ADD_ABILITIES:
        return "add_abilities", list(effect.abilities)
    if effect.kind is EffectKind.ANIMATE and effect.pt_count is None:
        body: dict[str, Any] = {"types": list(effect.types or ())}
        for key in ("subtypes", "abilities"):
            if getattr(effect, key):
                body[key] = list(getattr(effect, key))
        for key in ("power", "toughness"):
            if getattr(effect, key) is not None:
                body[key] = getattr(effect, key)
        if effect.colors is not None:
            body["colors"] = list(effect.colors)
        if not effect.keep_types:
            body["keep_types"] = False
        return "animate", body
    raise _Unwritable


def _action(action: Action) -> dict[str, Any]:
    match action:
        case BecomesCopyAction(via_stack=None, random_result=None):
            body: dict[str, Any] = {"object": action.target, "of": action.of}
        case CreateTokenCopyAction(via_stack=None, exiled_with=None, random_result=None):
            body = {"of": action.of}
        case _:
            raise _Unwritable
    if action.via is not None:
        body["via"] = action.via
    if isinstance(action, CreateTokenCopyAction):
        body["id"] = action.new_id
        if action.controller is not Player.YOU:
            body["controller"] = action.controller.value
    return {action.kind.value: body}


def _section(key: str, value: Any) -> str:
    if not isinstance(value, list):
        return f"{key}: {_flow(value)}\n"
    return f"{key}:\n" + "".join(f"  - {_item(item)}\n" for item in value)


def _item(item: Any) -> str:
    """A list item: a bare card name for an object that is only its card, ``kind: {…}`` for an action."""
    if isinstance(item, dict) and list(item) == ["card"]:
        return _flow(item["card"])
    if isinstance(item, dict) and len(item) == 1 and next(iter(item)) in _ACTION_KEYS:
        ((key, body),) = item.items()
        return f"{key}: {_flow(body)}"
    return _flow(item)


def _flow(value: Any) -> str:
    """One value in YAML flow style on one line (PyYAML quotes what needs quoting)."""
    return (
        yaml.dump(
            value,
            Dumper=_DUMPER,
            default_flow_style=True,
            sort_keys=False,
            allow_unicode=True,
            width=_ONE_LINE,
        )
        .removesuffix("\n...\n")
        .strip()
    )


def _without_lines(spec: BoardSpec) -> Any:
    """The spec as plain data without its line numbers (where each part was written)."""
    return _drop_lines(spec.model_dump(mode="json"))


def _drop_lines(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _drop_lines(item) for key, item in value.items() if key != "line"}
    if isinstance(value, list):
        return [_drop_lines(item) for item in value]
    return value
