"""Layer 3: text-changing effects (CR 612, 613.1c), applied to an object's values after layers 1 and 2.

A word change (Mind Bend, Sleight of Mind, Artificial Evolution, Crystal Spray) replaces one color word,
basic land type or creature type by another wherever the object's rules text or type line uses it as that
kind of word (612.1, 612.2); each changed ability is read again by the Oracle parser, so a lord, a
protection or a landwalk ability does what its new text says. An exchange of text boxes (Exchange of
Words) gives each permanent the rules text the other had before the exchange (612.5, 701.10h).

Only the values layer 1 gives are text: abilities effects grant (layer 6) aren't, so no text change
reaches them (612.3); copiable values don't include text changes, so a copy gets the text without them
(707.2: the layer system reads copies from layer 1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.budget import charge
from engine.core.characteristics import Characteristics, GameAbility
from engine.core.citations import Citation, cite
from engine.core.messages import Message, Param, card, msg
from engine.core.model import AbilityKind
from engine.core.results import Explanation
from engine.layers.full_text import top_card_text
from engine.layers.layer_rules import LAYER_3
from engine.oracle.abilities import sentence_ability
from engine.oracle.copy_effects import parse_copy_effects
from engine.oracle.linked import LinkPhrase, exiles_cards_at, says
from engine.oracle.text import self_names
from engine.oracle.text_change import (
    CORRECT_WAY,
    KIND_WORDS,
    WordChange,
    changed_subtypes,
    changed_text,
    named_as_self,
)
from engine.state.board import Board, GameObject, TextChange, TextChangeSpec, Zone

TEXT_CHANGES = cite("612.1", "Such an effect is a text-changing effect")
GRANTED_UNCHANGED = cite("612.3", "any abilities that are granted to an object can’t be modified")
EXCHANGED = cite("612.5", "replaces all of the rules text of each object with the rules text of the other")
PREVIOUS_TEXT = cite("701.10h", "the rules text of each permanent becomes the previous rules text")
ACQUIRED_CDA = cite(
    "604.3a", "acquired by the object it affects as the result of a copy effect or text-changing"
)
NOT_COPIED = cite("707.2", "Other effects (including type-changing and text-changing effects)")

_BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
Copiable = Callable[[GameObject], Characteristics]
# Units of work (engine.core.budget) of one text change applied: its abilities are read again, about ten
# times the work of looking at one object for one effect.
TEXT_CHANGE_WORK = 10
_Earlier = dict[tuple[str, int], Characteristics]  # by handle and how many text changes: its text then


@dataclass
class LayerThree:
    """An object's values after layer 3, with the steps that say what each text change did and what it
    leaves unknown."""

    values: Characteristics
    steps: list[Explanation] = field(default_factory=list)
    unknowns: list[tuple[tuple[str, ...], Message, tuple[Citation, ...]]] = field(default_factory=list)
    # The word changes that changed an ability exiling cards or referring to cards exiled with the object
    # (a linked pair, CR 607.2a/b) in the text it has now.
    exile_changes: list[TextChange] = field(default_factory=list)


def layer_three(
    values: Characteristics,
    obj: GameObject,
    board: Board,
    copiable: Copiable,
    earlier: _Earlier | None = None,
) -> LayerThree:
    """``values`` (layers 1 and 2) with ``obj``'s text-changing effects applied in timestamp order (613.7);
    ``earlier`` keeps, on this board, the texts objects had before each exchange (worked out once each)."""
    values, steps, unknowns = top_card_text(values, obj, board, copiable)
    result = LayerThree(values, steps, unknowns)
    known: _Earlier = {} if earlier is None else earlier
    for change in obj.text_changes:
        charge(TEXT_CHANGE_WORK)
        if change.spec.word is not None:
            _change_word(result, change, change.spec.word)
        else:
            _exchange(result, obj, change, board, copiable, known)
    return result


def intrinsic_mana(subtype: str) -> GameAbility:
    """The mana ability a land has for its basic land type ``subtype`` (CR 305.6)."""
    text = f"{{T}}: Add {{{_BASIC_LAND_MANA[subtype]}}}."
    return GameAbility(text=text, rules_text=text, kind=AbilityKind.MANA)


def basic_land_types(subtypes: tuple[str, ...] | None) -> tuple[str, ...]:
    """The basic land types among ``subtypes`` (CR 205.3i)."""
    return tuple(s for s in subtypes or () if s in _BASIC_LAND_MANA)


def with_intrinsic_mana(values: Characteristics) -> Characteristics:
    """``values`` with the intrinsic mana ability of each of its basic land types it doesn't show yet."""
    shown = {a.rules_text for a in values.abilities}
    gained = tuple(
        ability
        for ability in map(intrinsic_mana, basic_land_types(values.subtypes))
        if ability.rules_text not in shown
    )
    return values.model_copy(update={"abilities": values.abilities + gained})


def words_changed(values: Characteristics, change: WordChange) -> tuple[Characteristics, set[int]]:
    """``values`` with ``change`` applied to its rules text and type line (CR 612.1, 612.2), and the
    positions of the abilities it changed. A land's intrinsic mana ability follows its land types (305.6)."""
    intrinsic = {intrinsic_mana(t) for t in basic_land_types(values.subtypes)}
    changed: set[int] = set()
    abilities: list[GameAbility] = []
    for position, ability in enumerate(values.abilities):
        new = ability if ability in intrinsic else _reread(ability, change, values.name)
        if new != ability:
            changed.add(position)
        abilities.append(new)
    subtypes = changed_subtypes(values.subtypes, change)
    kept = tuple(a for a in abilities if a not in intrinsic or subtypes == values.subtypes)
    updated = values.model_copy(update={"abilities": kept, "subtypes": subtypes})
    return (with_intrinsic_mana(updated) if updated.is_a("Land") else updated), changed


def _reread(ability: GameAbility, change: WordChange, name: str | None) -> GameAbility:
    """``ability`` with the words changed, read again as Oracle text (a keyword keeps its keyword and gets
    the changed parameter: "Protection from black" → "from white", Swampwalk's Swamp → Island)."""
    names = (name,) if name else ()
    text = changed_text(ability.text, change, names)
    rules_text = changed_text(ability.rules_text, change, names)
    if (text, rules_text) == (ability.text, ability.rules_text):
        return ability
    if ability.kind is AbilityKind.KEYWORD or ability.band is not None:
        parameter = ability.keyword_parameter
        band = ability.band
        return ability.model_copy(
            update={
                "text": text,
                "rules_text": rules_text,
                "keyword_parameter": changed_text(parameter, change) if parameter else None,
                "band": band.model_copy(
                    update={"abilities": tuple(changed_text(a, change, names) for a in band.abilities)}
                )
                if band
                else None,
            }
        )
    self_name = self_names(names, ())
    parsed = sentence_ability(1, text, self_name)
    return GameAbility.from_ability(parsed, parse_copy_effects((parsed,), self_name))


def _change_word(result: LayerThree, change: TextChange, word: WordChange) -> None:
    values, changed = words_changed(result.values, word)
    if _exile_pair(result.values.abilities) and any(
        _exile_linked(result.values.abilities[i].rules_text) for i in changed
    ):
        result.exile_changes.append(change)
    result.steps.append(
        Explanation.of(
            msg(
                "Layer 3: {source} replaces the {kind} “{old}” with “{new}” wherever its rules text or type "
                "line uses it as a {kind} ({count}); its name never changes, and abilities effects grant it "
                "aren't text it has.",
                source=source_label(change.spec),
                kind=KIND_WORDS[word.kind],
                old=word.old,
                new=word.new,
                count=_changed_count(len(changed), values.subtypes != result.values.subtypes),
            ),
            LAYER_3,
            TEXT_CHANGES,
            CORRECT_WAY,
            GRANTED_UNCHANGED,
        )
    )
    result.values = values


def _abilities(count: int) -> Message:
    return msg("1 ability") if count == 1 else msg("{count} abilities", count=count)


def _exile_pair(abilities: tuple[GameAbility, ...]) -> bool:
    """Whether one of ``abilities`` exiles cards and one refers to cards exiled with the object (607.2a/b)."""
    texts = [a.rules_text.casefold() for a in abilities]
    return any(exiles_cards_at(t) is not None for t in texts) and any(_refers_to_exiled(t) for t in texts)


def _exile_linked(rules_text: str) -> bool:
    text = rules_text.casefold()
    return exiles_cards_at(text) is not None or _refers_to_exiled(text)


def _refers_to_exiled(text: str) -> bool:
    return says(LinkPhrase.EXILED_WITH, text) or says(LinkPhrase.THE_EXILED, text)


def _changed_count(abilities: int, type_line: bool) -> Message:
    if abilities == 0:
        return msg("its type line") if type_line else msg("it uses it nowhere, so nothing changes")
    count = _abilities(abilities)
    return msg("{count} and its type line", count=count) if type_line else count


def _exchange(
    result: LayerThree, obj: GameObject, change: TextChange, board: Board, copiable: Copiable, known: _Earlier
) -> None:
    handle = change.spec.exchange_with or ""
    other = board.get(handle) if board.has(handle) else None
    if other is None or other.zone is not Zone.BATTLEFIELD or other.timestamp > change.timestamp:
        result.unknowns.append(
            (
                ("abilities",),
                msg(
                    "its rules text came from {other} through {source}'s exchange of text boxes, and "
                    "{other} is no longer that permanent on the battlefield; the rules don't say what text "
                    "it has then",
                    other=card(handle),
                    source=source_label(change.spec),
                ),
                (EXCHANGED, PREVIOUS_TEXT),
            )
        )
        return
    given = text_before(other, board, change.timestamp, copiable, known)
    intrinsic = {intrinsic_mana(t) for t in basic_land_types(result.values.subtypes)}
    own_mana = tuple(a for a in result.values.abilities if a in intrinsic)
    theirs = tuple(
        _as_own(a, given.name)
        for a in given.abilities
        if a not in {intrinsic_mana(t) for t in basic_land_types(given.subtypes)}
    )
    result.values = result.values.model_copy(update={"abilities": theirs + own_mana})
    result.exile_changes = []
    cda = any(a.kind is AbilityKind.CHARACTERISTIC_DEFINING for a in theirs)
    result.steps.append(
        Explanation.of(
            msg(
                "Layer 3: {source} exchanges the text boxes of {object} and {other}: its rules text is now "
                "the rules text {other} had before the exchange ({count}), and none of its own; those are "
                "new abilities for it.{defining}",
                source=source_label(change.spec),
                object=card(obj.id),
                other=card(other.id),
                count=_abilities(len(theirs)),
                defining=msg(" A characteristic-defining ability among them defines its characteristics now.")
                if cda
                else "",
            ),
            LAYER_3,
            EXCHANGED,
            PREVIOUS_TEXT,
            *((ACQUIRED_CDA,) if cda else ()),
        )
    )


def _as_own(ability: GameAbility, name: str | None) -> GameAbility:
    """An exchanged ability as the object that gets it words it: the other's name in it means this object
    (CR 201.5), so it is worded as a self-reference."""
    if not name:
        return ability
    return ability.model_copy(update={"text": named_as_self(ability.text, name)})


def text_before(
    obj: GameObject, board: Board, timestamp: int, copiable: Copiable, known: _Earlier | None = None
) -> Characteristics:
    """``obj``'s values after the text-changing effects older than ``timestamp`` (its "previous rules text"
    for an exchange with that timestamp, CR 701.10h). ``known`` keeps those already worked out on ``board``:
    each exchange reads the other permanent's text before it, which reads the texts before the earlier
    exchanges, so without it repeated exchanges of the same two permanents double the work each time."""
    older = tuple(c for c in obj.text_changes if c.timestamp < timestamp)
    known = {} if known is None else known
    key = (obj.id, len(older))  # text changes are kept in timestamp order: the older ones are a prefix
    if key not in known:
        earlier = obj.model_copy(update={"text_changes": older})
        known[key] = layer_three(copiable(obj), earlier, board, copiable, known).values
    return known[key]


def source_label(spec: TextChangeSpec) -> Param:
    """The card whose spell or ability created a text-changing effect, as the steps name it."""
    return card(spec.via) if spec.via else msg("a text-changing effect")
