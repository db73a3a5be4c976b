"""Triggers on casting or copying a spell, and what makes them trigger more (CR 601.2i, 603.2d, 707.10).

* :func:`spell_trigger` reads a trigger condition: "Whenever you cast or copy an instant or sorcery spell"
  (magecraft, an ability word with no rules meaning of its own, CR 207.2c), "Whenever you cast an instant or
  sorcery spell" (Mirari), "Whenever you copy an instant spell" (Kalamax), "Whenever an opponent casts or
  copies …" (Mage Hunter).
* :func:`spell_matches` says whether a spell with some card types and colors is the spell a condition
  names.
* :func:`extra_spell_trigger` reads Veyran, Voice of Duality's "If you casting or copying an instant or
  sorcery spell causes a triggered ability of a permanent you control to trigger, that ability triggers an
  additional time."

Each reader takes a trigger condition or a reasoning text and returns what the wording says, or None when it
doesn't say it.
"""

from __future__ import annotations

import re
from enum import StrEnum

from engine.core.model import Frozen
from engine.oracle.types import CARD_TYPES


class SpellEvent(StrEnum):
    """What a player does with a spell that a trigger condition names."""

    CAST = "cast"
    COPY = "copy"


class SpellTrigger(Frozen):
    """ "Whenever WHO cast(s) [or cop(y|ies)] SPELL", as worded."""

    who: str  # "you", "an opponent", "a player"
    events: frozenset[SpellEvent]
    spell: str  # as worded: "an instant or sorcery spell", "your first instant spell each turn"
    any_of: tuple[str, ...] | None  # the card types or colors one of which the spell has; None: not read
    excluded: tuple[str, ...] = ()  # "noncreature": the card types it doesn't have
    cast_spell: str | None = None  # "casts X or copies Y": X, the spell cast (``spell`` is Y, the one copied)

    def for_event(self, event: SpellEvent) -> SpellTrigger:
        """The condition as it applies to ``event``: "casts X or copies Y" names X for a cast, Y for a
        copy."""
        if event is not SpellEvent.CAST or self.cast_spell is None:
            return self
        any_of, excluded = _qualifier(self.cast_spell)
        update = {"spell": self.cast_spell, "any_of": any_of, "excluded": excluded, "cast_spell": None}
        return self.model_copy(update=update)


_WHO = {
    "you": "you",
    "an opponent": "an opponent",
    "a player": "a player",
    "another player": "an opponent",
    "enchanted player": "enchanted player",  # a Curse's (CR 303.4b)
}
_WHO_WORDS = r"(?P<who>you|an opponent|a player|another player|enchanted player)"
_SPELL_TRIGGER = re.compile(
    rf"^Whenever {_WHO_WORDS} (?P<verbs>casts? or cop(?:y|ies)|cop(?:y|ies)|casts?) (?P<spell>.+?)$"
)
# "Whenever enchanted player casts a spell other than the first … or copies a spell" (Curse of Shaken Faith)
_CAST_OR_COPY_TRIGGER = re.compile(
    rf"^Whenever {_WHO_WORDS} casts? (?P<cast>.+?) or cop(?:y|ies) (?P<spell>an? (?:[a-z-]+ )*?spell)$"
)
_A_SPELL = re.compile(r"^an? (?P<words>(?:[a-z-]+(?:,? or |, | ))*?)spell$")
_TYPE_WORDS = {word.casefold() for word in CARD_TYPES}
_COLOR_WORDS = frozenset({"white", "blue", "black", "red", "green", "colorless", "multicolored"})
_EXTRA_TRIGGER = re.compile(
    r"^If you casting or copying (?P<spell>an? [^.]+? spell) causes a triggered ability of a permanent you "
    r"control to trigger, that ability triggers an additional time\.?$"
)


def spell_trigger(trigger: str) -> SpellTrigger | None:
    """The cast or copy event a trigger condition names, or None when it names neither."""
    both = _CAST_OR_COPY_TRIGGER.match(trigger.strip())
    if both is not None:
        any_of, excluded = _qualifier(both["spell"])
        return SpellTrigger(
            who=_WHO[both["who"]],
            events=frozenset({SpellEvent.CAST, SpellEvent.COPY}),
            spell=both["spell"],
            any_of=any_of,
            excluded=excluded,
            cast_spell=both["cast"],
        )
    match = _SPELL_TRIGGER.match(trigger.strip())
    if match is None:
        return None
    verbs = match["verbs"]
    events = {SpellEvent.CAST} if verbs.startswith("cast") else set()
    if "cop" in verbs:
        events.add(SpellEvent.COPY)
    any_of, excluded = _qualifier(match["spell"])
    return SpellTrigger(
        who=_WHO[match["who"]],
        events=frozenset(events),
        spell=match["spell"],
        any_of=any_of,
        excluded=excluded,
    )


def _qualifier(spell: str) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
    """ "an instant or sorcery spell" → ((instant, sorcery), ()); "a noncreature spell" → ((), (creature,));
    "a spell" → ((), ()); a wording it doesn't read ("your first instant spell each turn") → (None, ())."""
    found = _A_SPELL.match(spell)
    if found is None:
        return None, ()
    words = [w for w in re.split(r",? or |, | ", found["words"].strip()) if w]
    wanted: list[str] = []
    excluded: list[str] = []
    for word in words:
        if word.startswith("non") and word.removeprefix("non").removeprefix("-") in _TYPE_WORDS:
            excluded.append(word.removeprefix("non").removeprefix("-"))
        elif word in _TYPE_WORDS or word in _COLOR_WORDS:
            wanted.append(word)
        else:
            return None, ()
    if wanted and excluded:
        return None, ()  # "a noncreature artifact spell" isn't an "or" list: not read
    return tuple(wanted), tuple(excluded)


def spell_matches(trigger: SpellTrigger, types: tuple[str, ...], colors: tuple[str, ...]) -> bool | None:
    """Whether a spell with ``types`` (card types, "Instant") and ``colors`` (letters, "U") is the spell the
    trigger names; None when the engine doesn't read what it names."""
    if trigger.any_of is None:
        return None
    have = {t.casefold() for t in types}
    if have & set(trigger.excluded):
        return False
    if not trigger.any_of:
        return True
    return any(_has(word, have, colors) for word in trigger.any_of)


_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _has(word: str, types: set[str], colors: tuple[str, ...]) -> bool:
    if word in _TYPE_WORDS:
        return word in types
    if word == "colorless":
        return not colors
    if word == "multicolored":
        return len(colors) > 1
    return _LETTERS[word] in colors


def extra_spell_trigger(text: str) -> SpellTrigger | None:
    """The spells whose casting or copying by its controller makes that player's permanents' triggered
    abilities trigger an additional time (Veyran, Voice of Duality; CR 603.2d), as a trigger both events
    match."""
    match = _EXTRA_TRIGGER.match(text.strip())
    if match is None:
        return None
    any_of, excluded = _qualifier(match["spell"])
    return SpellTrigger(
        who="you",
        events=frozenset({SpellEvent.CAST, SpellEvent.COPY}),
        spell=match["spell"],
        any_of=any_of,
        excluded=excluded,
    )


_ABILITY_WORD = re.compile(r"^(?P<word>[A-Z][a-z']+(?: [a-z']+)*) — ")


def ability_word(text: str) -> str | None:
    """The ability word an ability's printed wording starts with ("Magecraft — …"; CR 207.2c), or None."""
    match = _ABILITY_WORD.match(text)
    return match["word"] if match else None


_INTERVENING_IF = re.compile(r"^When(?:ever)? [^,]+, if (?P<condition>[^,]+), ")


def intervening_condition(rules_text: str) -> str | None:
    """The intervening "if" of a triggered ability ("Whenever …, if ~ is tapped, …"; CR 603.4), or None."""
    match = _INTERVENING_IF.match(rules_text)
    return match["condition"] if match else None
