"""The values a board's keys take, each read and checked with the line of its node: numbers, texts,
enums, counters, choices, effects and the cards a board defines (:mod:`data.boards` reads the sections)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from data.board_format import (
    MAX_KICKS,
    MAX_LIFE,
    MAX_NUMBER,
    MAX_OBJECTS,
    MAX_STRING,
)
from data.board_format import MAX_TEXT as MAX_TEXT  # re-exported: the reader's callers check it too
from data.board_format import BoardFormatError as BoardFormatError  # re-exported: what load_board raises
from data.cards.records import record_name, record_problem
from data.excerpts import excerpt
from engine import (
    PT_COUNTS,
    STARTING_LIFE,
    ActionKind,
    DayNight,
    EffectKind,
    EffectSpec,
    FaceDownKind,
    Game,
    Param,
    Player,
    WordKind,
    Zone,
    msg,
    word_kind,
)

_E = TypeVar("_E", Player, FaceDownKind, ActionKind, DayNight)

_PRINTED_NUMBERS = ("power", "toughness", "loyalty", "defense")
_FACE_KEYS = frozenset({"name", "mana_cost", "type_line", "oracle_text", "colors", *_PRINTED_NUMBERS})
_CARD_KEYS = _FACE_KEYS | {"layout", "faces", "card_faces"}
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_MOVE_ZONES = (Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE, Zone.HAND, Zone.LIBRARY)


# What Scryfall prints as a power, toughness, loyalty or defense: a number, X, or a "*" form ("1+*", "*²").
_PRINTED_NUMBER = re.compile(r"^(?:[-+]?\d+(?:\.5)?|[-+]?\d*½|X|\?|∞|\d*[+-]?\*[²]?|\*[+-]\d+)$")


def _check_printed_numbers(part: Mapping[str, Any], line: int | None) -> None:
    """A defined card's power, toughness, loyalty and defense are printed as Scryfall prints them: a
    number, X, or a "*" form; anything else ("lots") is refused, not read as an undefined * (CR 208.2)."""
    for key in _PRINTED_NUMBERS:
        value = part.get(key)
        if isinstance(value, str) and not _PRINTED_NUMBER.match(value):
            raise BoardFormatError(
                msg(
                    "{key} must be printed as Scryfall prints it: a number, X, or a * form such as 1+*; "
                    "not {value}",
                    key=key,
                    value=excerpt(value),
                ),
                line,
            )


def card_record(raw: Any, line: int | None) -> dict[str, Any]:
    """One ``cards:`` entry as a Scryfall card object (``faces`` is short for Scryfall's ``card_faces``),
    checked by the card import's schema."""
    if not isinstance(raw, dict):
        raise BoardFormatError(
            msg(
                "a card definition is a mapping of Scryfall's card fields: name, mana_cost, type_line, "
                "oracle_text, power, toughness, loyalty, faces"
            ),
            line,
        )
    record = {str(key): value for key, value in raw.items()}
    _check_card_fields(record, _CARD_KEYS, line)  # as written (faces, before it becomes card_faces)
    if "faces" in record:
        if "card_faces" in record:
            raise BoardFormatError(msg("a card definition takes faces or card_faces, not both"), line)
        record["card_faces"] = record.pop("faces")
    faces = record.get("card_faces")
    for part in (record, *(faces if isinstance(faces, list) else ())):
        if isinstance(part, dict):
            if part is not record:
                _check_card_fields(part, _FACE_KEYS, line)
            part.update({k: str(part[k]) for k in _PRINTED_NUMBERS if type(part.get(k)) is int})
            _check_printed_numbers(part, line)
    label: Param = record_name(record) if "name" in record else msg("without a name")
    problem = record_problem(record)
    if problem is not None:
        raise BoardFormatError(
            msg("the card definition {label} is malformed: {problem}", label=label, problem=problem), line
        )
    if not record.get("type_line") and not (faces and all(face.get("type_line") for face in faces)):
        raise BoardFormatError(
            msg("the card definition {label} needs type_line (on the card or on each face)", label=label),
            line,
        )
    return record


def _check_card_fields(part: dict[str, Any], allowed: frozenset[str], line: int | None) -> None:
    unknown = sorted(set(map(str, part)) - allowed)
    if unknown:
        fields = ", ".join(sorted(allowed - {"card_faces"}))
        raise BoardFormatError(
            msg(
                "unknown card field {key}; a card definition takes {keys}",
                key=excerpt(unknown[0]),
                keys=fields,
            ),
            line,
        )
    # The card import's schema takes null for "not printed" (Scryfall leaves such a field out instead),
    # which the engine then reads as a value.
    empty = [key for key, value in part.items() if value is None]
    if empty:
        null = msg("the card field {key} is null: leave it out or give it a value", key=excerpt(empty[0]))
        raise BoardFormatError(null, line)


def check_keys(
    raw: Mapping[str, Any], allowed: Collection[str], needed: set[str], part: str, line: int | None
) -> None:
    """Refuse a key ``part`` doesn't take, or a missing one it needs."""
    unknown = sorted(set(map(str, raw)) - set(allowed))
    if unknown:
        raise BoardFormatError(msg("unknown key {key} in {part}", key=excerpt(unknown[0]), part=part), line)
    missing = sorted(needed - set(map(str, raw)))
    if missing:
        raise BoardFormatError(msg("{part} needs {key}:", part=part, key=missing[0]), line)


def word(value: Any, line: int | None, what: str) -> tuple[WordKind, str]:
    """A word a text-changing effect replaces: a color word, basic land type or creature type (CR 612.2)."""
    found = word_kind(text(value, line, what))
    if found is None:
        raise BoardFormatError(
            msg(
                "{what}: {word} is not a color word, basic land type or creature type, the words a "
                "text-changing effect replaces (CR 612.2)",
                what=what,
                word=excerpt(str(value)),
            ),
            line,
        )
    return found


def until(raw: Mapping[str, Any], line: int | None) -> bool:
    """``until: end of turn`` (Crystal Spray); without it the text change lasts indefinitely."""
    if "until" not in raw:
        return False
    if text(raw["until"], line, "until").casefold().replace("_", " ") != "end of turn":
        raise BoardFormatError(
            msg("until must be {value} (without it the text change lasts indefinitely)", value="end of turn"),
            line,
        )
    return True


def text(value: Any, line: int | None, what: str) -> str:
    if not isinstance(value, str | int) or isinstance(value, bool) or not str(value).strip():
        raise BoardFormatError(msg("{what} must be a non-empty text", what=what), line)
    text = str(value).strip()
    if len(text) > MAX_STRING:
        raise BoardFormatError(
            msg("{what} is too long (at most {limit} characters)", what=what, limit=MAX_STRING), line
        )
    return text


def destination(value: Any, line: int | None, *, leaves: bool) -> Zone:
    """Where ``leaves``/``returns`` puts the card(s): not the stack (nor the battlefield, for leaves)."""
    allowed = [z for z in _MOVE_ZONES if not (leaves and z is Zone.BATTLEFIELD)]
    if value not in [z.value for z in allowed]:
        names = ", ".join(z.value for z in allowed)
        raise BoardFormatError(
            msg(
                "{what} must be one of {allowed} (got {value})",
                what="to",
                allowed=names,
                value=excerpt(value),
            ),
            line,
        )
    return Zone(value)


def commander(raw: Mapping[str, Any], line: int | None) -> bool:
    """``commander: true``: its owner's commander, a card's designation (CR 903.3), so never a token's."""
    commander = flag(raw, "commander", line)
    if commander and flag(raw, "token", line):
        raise BoardFormatError(
            msg("a token can't be a commander: the commander is a card in its owner's deck (CR 903.3)"), line
        )
    return commander


def back_face(value: Any, line: int | None) -> bool:
    """``face: back``: a modal double-faced card played as its back face (``front`` is the default)."""
    if value not in ("front", "back"):
        raise BoardFormatError(msg("face must be front or back (got {value})", value=excerpt(value)), line)
    return bool(value == "back")


def flag(raw: Mapping[str, Any], key: str, line: int | None) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise BoardFormatError(msg("{key} must be true or false", key=key), line)
    return value


def kicked(value: Any, line: int | None) -> bool | int | tuple[str, ...]:
    """``kicked``: true or false, how many times (``{times: 2}``: multikicker, or both of two kicker costs,
    CR 702.33d), or the kicker costs paid (``["{1}{U}"]``, or ``[first]``, 702.33f)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, Mapping) and list(value) == ["times"]:
        return number(value["times"], line, "kicked times")
    if isinstance(value, list) and 0 < len(value) <= MAX_KICKS:
        return tuple(text(cost, line, "a kicker cost") for cost in value)
    raise BoardFormatError(
        msg(
            "kicked must be true or false, how many times ({{times: 2}}) or the kicker costs paid "
            '(["{{1}}{{U}}"])'
        ),
        line,
    )


def number(value: Any, line: int | None, what: str, *, signed: bool = False, limit: int = MAX_NUMBER) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or abs(value) > limit
        or (value < 0 and not signed)
    ):
        low = -limit if signed else 0
        raise BoardFormatError(
            msg("{what} must be a whole number from {low} to {high}", what=what, low=low, high=limit),
            line,
        )
    return value


def class_level(value: Any, line: int | None) -> int:
    """``level``: a Class's level, from 1 (CR 716.2d: without one it is level 1)."""
    level = number(value, line, "level")
    if level < 1:
        raise BoardFormatError(msg("level must be a whole number from 1 to {high}", high=MAX_NUMBER), line)
    return level


def game(turn: Player | None, totals: Any, line: int | None) -> Game:
    """Whose turn it is and the ``life:`` mapping ({you: N, opponent: N, starting: N}, each optional)."""
    if not isinstance(totals, dict) or not set(totals) <= {"you", "opponent", "starting"}:
        raise BoardFormatError(
            msg("life must be a mapping like {example}", example="{you: 20, opponent: 7, starting: 20}"), line
        )
    life = tuple(
        (Player(player), number(totals[player], line, f"life of {player}", signed=True, limit=MAX_LIFE))
        for player in ("you", "opponent")
        if player in totals
    )
    starting = number(totals.get("starting", STARTING_LIFE), line, "starting life", limit=MAX_LIFE)
    return Game(turn=turn, life=life, starting_life=starting)


def enum_value(kind: type[_E], value: Any, line: int | None, what: str) -> _E:
    try:
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise ValueError(value)
        return kind(str(value).strip().lower())
    except ValueError:
        allowed = ", ".join(k.value for k in kind)
        raise BoardFormatError(
            msg(
                "{what} must be one of {allowed} (got {value})",
                what=what,
                allowed=allowed,
                value=excerpt(value),
            ),
            line,
        ) from None


def listed(value: Any, line: int | None, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise BoardFormatError(msg("{what} must be a list", what=what), line)
    if len(value) > MAX_OBJECTS:
        raise BoardFormatError(
            msg("{what} is too long (at most {limit} entries)", what=what, limit=MAX_OBJECTS), line
        )
    return value


def texts(value: Any, line: int | None, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    return tuple(text(v, line, what) for v in listed(value, line, what))


def counters(value: Any, line: int | None) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, dict):
        raise BoardFormatError(msg("counters must be a mapping like {example}", example='{"+1/+1": 3}'), line)
    return tuple((text(k, line, "counter kind"), number(n, line, "counter count")) for k, n in value.items())


def choices(value: Any, line: int | None) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise BoardFormatError(
            msg(
                "choices must be a mapping like {example} or {other}",
                example="{creature type: Elf}",
                other="{option: 3}",
            ),
            line,
        )
    return tuple((text(k, line, "choice"), text(v, line, "choice value")) for k, v in value.items())


def _pt(value: Any, line: int | None, what: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise BoardFormatError(msg("{what} must be [power, toughness]", what=what), line)
    return number(value[0], line, what, signed=True), number(value[1], line, what, signed=True)


def colors(value: Any, line: int | None) -> tuple[str, ...]:
    names = texts(value, line, "colors")
    unknown = [
        n for n in names if n.casefold() not in _COLOR_LETTERS and n.upper() not in _COLOR_LETTERS.values()
    ]
    if unknown:
        raise BoardFormatError(
            msg("unknown color {color}; use white, blue, black, red or green", color=excerpt(unknown[0])),
            line,
        )
    return tuple(_COLOR_LETTERS.get(n.casefold(), n.upper()) for n in names)


def effect(value: Any, line: int | None) -> tuple[EffectSpec, ...]:
    """One effect entry; several keys are the parts of one effect, with one timestamp (CR 613.6)."""
    if not isinstance(value, dict) or not value:
        raise BoardFormatError(
            msg("an effect is one or more of {effects}: value", effects=", ".join(_EFFECT_READERS)), line
        )
    parts: list[EffectSpec] = []
    for key, body in value.items():
        reader = _EFFECT_READERS.get(str(key))
        if reader is None:
            raise BoardFormatError(
                msg(
                    "unknown effect {effect}; expected one of {effects}",
                    effect=excerpt(key),
                    effects=", ".join(_EFFECT_READERS),
                ),
                line,
            )
        part = reader(body, line or 0)
        parts.append(part.model_copy(update={"with_previous": True}) if parts else part)
    return tuple(parts)


def _pt_effect(kind: EffectKind) -> Callable[[Any, int], EffectSpec]:
    def read(body: Any, line: int) -> EffectSpec:
        power, toughness = _pt(body, line, kind.value)
        return EffectSpec(kind=kind, line=line, power=power, toughness=toughness)

    return read


def _types_effect(kind: EffectKind, field: str) -> Callable[[Any, int], EffectSpec]:
    def read(body: Any, line: int) -> EffectSpec:
        values = tuple(v if field == "subtypes" else v.capitalize() for v in texts(body, line, kind.value))
        return EffectSpec(kind=kind, line=line, **{field: values})

    return read


def _pump_if_color(body: Any, line: int) -> EffectSpec:
    """``pump_if_color: {colors: [white], pump: [1, 1]}``: "White creatures get +1/+1" on this object."""
    if not isinstance(body, dict) or set(map(str, body)) != {"colors", "pump"}:
        raise BoardFormatError(
            msg(
                "{what} needs a mapping {example}",
                what="pump_if_color",
                example="{colors: [white], pump: [1, 1]}",
            ),
            line,
        )
    power, toughness = _pt(body["pump"], line, "pump_if_color")
    return EffectSpec(
        kind=EffectKind.PUMP,
        line=line,
        power=power,
        toughness=toughness,
        if_colors=colors(body["colors"], line),
    )


def _remove_abilities(body: Any, line: int) -> EffectSpec:
    if body == "all":
        return EffectSpec(kind=EffectKind.REMOVE_ABILITIES, line=line, all_abilities=True)
    return EffectSpec(
        kind=EffectKind.REMOVE_ABILITIES, line=line, abilities=texts(body, line, "remove_abilities")
    )


def _animate(body: Any, line: int) -> EffectSpec:
    if not isinstance(body, dict):
        raise BoardFormatError(
            msg(
                "{what} needs a mapping {example}",
                what="animate",
                example="{types, subtypes, power, toughness, abilities, colors}",
            ),
            line,
        )
    allowed = {"types", "subtypes", "power", "toughness", "abilities", "colors", "keep_types", "pt_equal_to"}
    check_keys(body, allowed, set(), "animate", line)
    return EffectSpec(
        kind=EffectKind.ANIMATE,
        line=line,
        types=tuple(t.capitalize() for t in texts(body.get("types", ["Creature"]), line, "types")),
        subtypes=texts(body.get("subtypes", []), line, "subtypes"),
        power=number(body["power"], line, "power", signed=True) if "power" in body else None,
        toughness=number(body["toughness"], line, "toughness", signed=True) if "toughness" in body else None,
        abilities=texts(body.get("abilities", []), line, "abilities"),
        colors=colors(body["colors"], line) if "colors" in body else None,
        keep_types=flag(body, "keep_types", line) if "keep_types" in body else True,
        pt_count=_pt_count(body["pt_equal_to"], line) if "pt_equal_to" in body else None,
    )


def _pt_count(value: Any, line: int) -> str:
    """``pt_equal_to: creature cards in your graveyard`` (Svogthos, the Restless Tomb)."""
    if value not in PT_COUNTS:
        raise BoardFormatError(msg("pt_equal_to must be one of: {counts}", counts=", ".join(PT_COUNTS)), line)
    return str(value)


_EFFECT_READERS: dict[str, Callable[[Any, int], EffectSpec]] = {
    "pump": _pt_effect(EffectKind.PUMP),
    "pump_if_color": _pump_if_color,
    "set_pt": _pt_effect(EffectKind.SET_PT),
    "switch_pt": lambda body, line: EffectSpec(kind=EffectKind.SWITCH_PT, line=line),
    "add_abilities": lambda body, line: EffectSpec(
        kind=EffectKind.ADD_ABILITIES, line=line, abilities=texts(body, line, "add_abilities")
    ),
    "remove_abilities": _remove_abilities,
    "add_types": _types_effect(EffectKind.ADD_TYPES, "types"),
    "add_subtypes": _types_effect(EffectKind.ADD_SUBTYPES, "subtypes"),
    "set_types": _types_effect(EffectKind.SET_TYPES, "types"),
    "set_subtypes": _types_effect(EffectKind.SET_SUBTYPES, "subtypes"),
    "set_colors": lambda body, line: EffectSpec(
        kind=EffectKind.SET_COLORS, line=line, colors=colors(body, line)
    ),
    "animate": _animate,
    "gain_control": lambda body, line: EffectSpec(
        kind=EffectKind.GAIN_CONTROL, line=line, controller=enum_value(Player, body, line, "gain_control")
    ),
}


_MERGED_KEYS = frozenset({"card", "on_top", "token"})


def merged(value: Any, line: int | None) -> tuple[dict[str, Any], ...]:
    """``merged: [{card: Gemrazer, on_top: true}, …]``: the cards (``token: true``: tokens) merged with a
    permanent, in the order they merged, each put on top or under it (CR 727.2, 702.140c); a plain card name
    is a card whose place isn't given."""
    entries: list[dict[str, Any]] = []
    for entry in listed(value, line, "merged"):
        raw = {"card": entry} if isinstance(entry, str) else entry
        if not isinstance(raw, Mapping) or "card" not in raw:
            raise BoardFormatError(msg("a merged entry is a card name or a mapping with card:"), line)
        check_keys(raw, _MERGED_KEYS, {"card"}, "merged", line)
        part: dict[str, Any] = {"card": text(raw["card"], line, "card"), "line": line or 0}
        if "on_top" in raw:
            part["on_top"] = flag(raw, "on_top", line)
        part["token"] = flag(raw, "token", line)
        entries.append(part)
    if not entries:
        raise BoardFormatError(msg("merged needs at least one card (or leave it out)"), line)
    return tuple(entries)
