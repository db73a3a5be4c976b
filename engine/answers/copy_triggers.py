"""The board's "whenever you cast or copy" abilities a copy on the stack triggers (CR 603.2, 707.10).

A copy of a spell put onto the stack is copied by the player under whose control it is put there, and it
isn't cast (707.10): "Whenever you cast or copy an instant or sorcery spell" (magecraft) and "Whenever you
copy an instant spell" trigger for it, "Whenever you cast an instant or sorcery spell" (Mirari, Young
Pyromancer) doesn't. A copy of a card that is cast (707.12) is cast: cast triggers see it, and it wasn't a
spell that was copied. Veyran, Voice of Duality makes such a trigger trigger an additional time (603.2d).
What isn't known (the abilities a permanent has, the spell a condition names) is said to be unknown, with
both outcomes.
"""

from __future__ import annotations

from pydantic import Field

from engine.core.characteristics import GameAbility
from engine.core.citations import cite
from engine.core.known import Fact, Known, Unsure, explained
from engine.core.messages import Message, Param, card, indefinite, msg, series, type_words
from engine.core.model import SELF, AbilityKind, Frozen
from engine.core.results import Explanation
from engine.layers.control import current_controller
from engine.layers.system import current_characteristics
from engine.oracle.entering import ENCHANTED_PLAYER
from engine.oracle.spell_triggers import (
    SpellEvent,
    SpellTrigger,
    ability_word,
    extra_spell_trigger,
    intervening_condition,
    spell_matches,
    spell_trigger,
)
from engine.stack.copies import NotCopied, StackCopyResult
from engine.state.board import Board, GameObject, Zone

TRIGGERS = cite("603.2", "Whenever a game event or game state matches a triggered ability’s trigger event")
NOT_CAST = cite("707.10", "a copy of a spell isn’t cast")
COPY_CONTROLLER = cite(
    "707.10",
    "A copy of a spell or ability is controlled by the player under whose control it was put on the stack",
)
CAST_COPY = cite("707.12", "and then the copy becomes cast")
CAST_TRIGGERS = cite(
    "601.2i", "Any abilities that trigger when a spell is cast or put onto the stack trigger"
)
ADDITIONAL_TIMES = cite("603.2d", "An ability may state that a triggered ability triggers additional times")
INTERVENING_IF = cite("603.4", "The ability triggers only if it is; otherwise it does nothing")
FOR_EACH = cite("707.10d", "Some effects copy a spell or ability for each player or object it")
ENCHANTED_RULE = cite("303.4b", "The object or player an Aura is attached to is called enchanted.")
_ENCHANTED = "enchanted player"
ABILITY_WORD = cite("207.2c", "they have no special rules meaning")


class CopyTrigger(Frozen):
    """A triggered ability of a board permanent that the copy's being copied (or cast) triggers, and how many
    times: 0 when it doesn't, None when whether it does isn't known (``text`` names both outcomes)."""

    source: str  # the permanent's handle
    ability: str  # its wording, named for the permanent
    trigger: str  # its trigger condition, likewise
    event: str  # the copy's handle
    times: int | None
    text: str  # why, in English
    rules: tuple[str, ...]
    not_cast: bool = False  # a cast trigger that the copy, not being cast, doesn't trigger (CR 707.10)
    message: Message | None = Field(default=None, exclude=True)
    """What ``text`` was worded from, for another language; not in the JSON."""

    @property
    def explanation(self) -> Explanation:
        """Why, as a note of the answer."""
        return Explanation(text=self.text, rules=self.rules, message=self.message)


BEING_CAST_RULES = (NOT_CAST, CAST_TRIGGERS)


def being_cast_item(hits: tuple[CopyTrigger, ...]) -> NotCopied | None:
    """What the copy doesn't have of being cast, named for the board: the cast triggers it doesn't trigger
    (said after the copy's "being cast" item)."""
    named: list[Param] = [
        msg("{source}'s “{text}”", source=card(h.source), text=h.trigger) for h in hits if h.not_cast
    ]
    if not named:
        return None
    said = (
        msg(
            "a trigger on its being cast: {abilities} doesn't trigger for it, as a copy of a spell isn't "
            "cast",
            abilities=named[0],
        )
        if len(named) == 1
        else msg(
            "triggers on its being cast: {abilities} don't trigger for it, as a copy of a spell isn't cast",
            abilities=series(named),
        )
    )
    return NotCopied.of(said, tuple(dict.fromkeys(c.number for c in BEING_CAST_RULES)))


def copy_triggers(
    board: Board, result: StackCopyResult, types: Fact[tuple[str, ...]] | None = None
) -> tuple[CopyTrigger, ...]:
    """What copying the spell ``result`` answers about triggers on the board: a copy isn't cast, so only
    "cast or copy" triggers trigger for it (CR 707.10), some additional times (603.2d); a copy of an
    ability: nothing, as no spell was copied. ``types``: the copy's card types, when they aren't its
    characteristics' (not known: every matching trigger's outcome is unknown, both named)."""
    if result.kind != "spell":
        return ()
    spell_types = Known(result.characteristics.types) if types is None else types
    event = SpellEvent.CAST if result.cast else SpellEvent.COPY
    hits: list[CopyTrigger] = []
    extras = _extra_sources(board, result)
    for source in board.in_zone(Zone.BATTLEFIELD):
        if source.phased_out:
            continue
        abilities = current_characteristics(source, board).abilities
        if isinstance(abilities, Unsure):
            hits.append(_abilities_unknown(source, result, abilities))
            continue
        for ability in abilities.value:
            trigger = spell_trigger(ability.trigger or "") if ability.kind is AbilityKind.TRIGGERED else None
            if trigger is None or not _whose(trigger, source, result):
                continue
            trigger = trigger.for_event(event)
            mine = current_controller(source).value == result.controller
            spell = _Spell(event=event, types=spell_types, extras=extras if mine else ())
            hits.append(_hit(source, board, ability, trigger, result, spell))
    return tuple(hits)


class _Spell(Frozen):
    """What a trigger condition is matched against: how the copy came to be, its card types, and the
    copier's permanents that make its triggers trigger an additional time."""

    event: SpellEvent
    types: Known[tuple[str, ...]] | Unsure
    extras: tuple[tuple[str, SpellTrigger], ...]


def _whose(trigger: SpellTrigger, source: GameObject, result: StackCopyResult) -> bool:
    """Whether the player who copied (or cast) the copy is the one the condition names."""
    if trigger.who in ("a player", _ENCHANTED):
        return True  # the enchanted player: not given on a board, so _hit says it is unknown
    same = current_controller(source).value == result.controller
    return same is (trigger.who == "you")


def _extra_sources(board: Board, result: StackCopyResult) -> tuple[tuple[str, SpellTrigger], ...]:
    """The copier's permanents whose static abilities make the copier's triggers trigger an additional time
    (Veyran, Voice of Duality): their handles and the spells they name."""
    found: list[tuple[str, SpellTrigger]] = []
    for source in board.in_zone(Zone.BATTLEFIELD):
        if source.phased_out or current_controller(source).value != result.controller:
            continue
        abilities = current_characteristics(source, board).abilities
        if isinstance(abilities, Known):
            found += [
                (source.id, extra)
                for a in abilities.value
                if a.kind is AbilityKind.STATIC and (extra := extra_spell_trigger(a.rules_text))
            ]
    return tuple(found)


def _hit(
    source: GameObject,
    board: Board,
    ability: GameAbility,
    trigger: SpellTrigger,
    result: StackCopyResult,
    spell: _Spell,
) -> CopyTrigger:
    event, extras = spell.event, spell.extras
    name = _name(source, board)
    text = ability.worded_for(name)
    values = result.characteristics

    def made(times: int | None, explanation: Explanation, *, not_cast: bool = False) -> CopyTrigger:
        return CopyTrigger(
            source=source.id,
            ability=text,
            trigger=condition_text,
            event=result.id,
            times=times,
            text=explanation.text,
            rules=explanation.rules,
            message=explanation.message,
            not_cast=not_cast,
        )

    # the trigger condition is what decides (CR 603.2), and it is what the sentences quote
    condition_text = (ability.trigger or "").replace(SELF, name)
    said: dict[str, Param] = {"source": card(source.id), "text": condition_text, "copy": card(result.id)}
    if event not in trigger.events:
        if event is SpellEvent.COPY:
            sentence = msg(
                "{source}'s “{text}” doesn't trigger for {copy}: it triggers on a spell being cast, and a "
                "copy of a spell isn't cast.",
                **said,
            )
            return made(0, Explanation.of(sentence, NOT_CAST, CAST_TRIGGERS), not_cast=True)
        sentence = msg(
            "{source}'s “{text}” doesn't trigger for {copy}: {copy} is a copy of a card that was cast, not a "
            "spell that was copied.",
            **said,
        )
        return made(0, Explanation.of(sentence, CAST_COPY))
    if isinstance(spell.types, Unsure):
        sentence = msg(
            "Whether {source}'s “{text}” triggers for {copy} is unknown, because {reason}: if {copy} is "
            "{spell}, it triggers; if not, it doesn't.",
            **said,
            spell=trigger.spell,
            reason=spell.types.reason,
        )
        return made(None, explained(sentence, spell.types, TRIGGERS))
    types = spell.types.value
    matches = spell_matches(trigger, types, values.colors)
    doubled = [handle for handle, extra in extras if spell_matches(extra, types, values.colors)]
    copies = len(result.copies_for) or 1  # "a copy for each …": each copy is copied (707.10d)
    times = (1 + len(doubled)) * copies
    count = _count(times, doubled, copies)
    word = ability_word(ability.text)
    word_note: Param = (
        msg(" {word} is an ability word: it has no rules meaning; the trigger condition decides.", word=word)
        if word
        else ""
    )
    rules = [
        TRIGGERS,
        *((ABILITY_WORD,) if word else ()),
        *((ADDITIONAL_TIMES,) if doubled else ()),
        *((FOR_EACH,) if copies > 1 else ()),
    ]
    how = (CAST_COPY, CAST_TRIGGERS) if event is SpellEvent.CAST else (NOT_CAST, COPY_CONTROLLER)
    enchanted = source.choices.get(ENCHANTED_PLAYER) if trigger.who == _ENCHANTED else None
    did = msg("cast") if event is SpellEvent.CAST else msg("copied")
    if enchanted is not None and enchanted != result.controller:
        sentence = msg(
            "{source}'s “{text}” doesn't trigger for {copy}: it sees only the player {source} enchants, "
            "{enchanted} (choices: enchanted player), and {player} {did} {copy}.",
            **said,
            enchanted=enchanted,
            player=_PLAYER[result.controller],
            did=did,
        )
        return made(0, Explanation.of(sentence, ENCHANTED_RULE, TRIGGERS))
    if trigger.who == _ENCHANTED and enchanted is None and matches is not False:
        sentence = msg(
            "Whether {source}'s “{text}” triggers for {copy} is unknown: it sees only the player {source} "
            "enchants, and the board doesn't say whom (choices: {{enchanted player: you}}); if that is "
            "{player}, who {did} {copy}, it triggers, and if not, it doesn't.",
            **said,
            player=_PLAYER[result.controller],
            did=did,
        )
        return made(None, Explanation.of(sentence, *how, ENCHANTED_RULE, TRIGGERS))
    if matches is None:
        sentence = msg(
            "Whether {source}'s “{text}” triggers for {copy} is unknown: it names {spell}, which the engine "
            "doesn't read; if {copy} is such a spell, it triggers {count}, and if not, it doesn't.",
            **said,
            spell=trigger.spell,
            count=count,
        )
        return made(None, Explanation.of(sentence, *how, *rules))
    if not matches:
        sentence = msg(
            "{source}'s “{text}” doesn't trigger for {copy}: {copy} is {kind}, not {spell}.",
            **said,
            kind=_spell_kind(types),
            spell=trigger.spell,
        )
        return made(0, Explanation.of(sentence, TRIGGERS))
    kind = _spell_kind(types)
    condition = intervening_condition(ability.rules_text)
    if condition is not None:
        sentence = msg(
            "Whether {source}'s “{text}” triggers for {copy} is unknown: {copy} is {kind}, which the trigger "
            "names ({spell}), but it triggers only if {condition} (an intervening “if”, not checked here): "
            "if that is true, it triggers {count}, and if not, it doesn't.",
            **said,
            kind=kind,
            spell=trigger.spell,
            condition=condition.replace(SELF, name),
            count=count,
        )
        return made(None, Explanation.of(sentence, *how, *rules, INTERVENING_IF))
    if event is SpellEvent.CAST:
        sentence = msg(
            "{source}'s “{text}” triggers {count} for {copy}: casting a copy of a card follows the rules for "
            "casting spells, so {copy} is cast, and it is {kind}, which the trigger names ({spell}).{word}",
            **said,
            count=count,
            kind=kind,
            spell=trigger.spell,
            word=word_note,
        )
    else:
        sentence = msg(
            "{source}'s “{text}” triggers {count} for {copy}: {copy} is {kind}, which the trigger names "
            "({spell}), copied by {player} — the player under whose control it was put onto the stack — "
            "though not cast.{word}",
            **said,
            count=count,
            kind=kind,
            spell=trigger.spell,
            player=_PLAYER[result.controller],
            word=word_note,
        )
    return made(times, Explanation.of(sentence, *how, *rules))


def _spell_kind(types: tuple[str, ...]) -> Message:
    """ "an instant spell", "an artifact creature spell": the copy's card types."""
    if not types:
        return msg("a spell with no card type")
    return indefinite(msg("{types} spell", types=type_words(tuple(t.casefold() for t in types))))


_PLAYER: dict[str, Message] = {"you": msg("you"), "opponent": msg("your opponent")}


def _count(times: int, doubled: list[str], copies: int) -> Param:
    """ "once", "3 times (once for each of the 3 copies)", or "2 times (once, and an additional time for each
    of veyran)" (CR 603.2d, 707.10d)."""
    sources = series([card(handle) for handle in doubled]) if doubled else ""
    if copies > 1 and doubled:
        return msg(
            "{times} times (for each of the {copies} copies, once and an additional time for each of "
            "{sources})",
            times=times,
            copies=copies,
            sources=sources,
        )
    if copies > 1:
        return msg("{times} times (once for each of the {copies} copies)", times=times, copies=copies)
    if not doubled:
        return msg("once")
    return msg(
        "{times} times (once, and an additional time for each of {sources})",
        times=times,
        sources=sources,
    )


def _abilities_unknown(source: GameObject, result: StackCopyResult, abilities: Unsure) -> CopyTrigger:
    sentence = msg(
        "Whether {source} has an ability that {copy} triggers is unknown, because {reason}.",
        source=card(source.id),
        copy=card(result.id),
        reason=abilities.reason,
    )
    why = explained(sentence, abilities, TRIGGERS)
    return CopyTrigger(
        source=source.id,
        ability="",
        trigger="",
        event=result.id,
        times=None,
        text=why.text,
        rules=why.rules,
        message=why.message,
    )


def _name(source: GameObject, board: Board) -> str:
    name = current_characteristics(source, board).name
    return name.value if isinstance(name, Known) and name.value else source.id
