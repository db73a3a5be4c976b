"""Copy instructions parsed into structured copy effects with typed exceptions (CR 707).

An ability's reasoning text is searched outside quotes for copy instructions ("enter as a copy of",
"becomes a copy of", "create a token that's a copy of", "copy target instant or sorcery spell",
"copy target activated or triggered ability", "cast a copy of"). When the ability's own wording has
none, its reminder text is searched: that is where keyword abilities and actions whose meaning is a
copy instruction say so (embalm, eternalize, myriad, populate, cipher, storm).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import StrEnum

from engine.core.citations import cite
from engine.core.model import SELF, Ability, AbilityKind, CopyEffect, CopyException, CopyScope, ExceptionKind
from engine.oracle.text import SelfNames, normalise_self, reminder_texts, rules_text, unquoted
from engine.oracle.types import CARD_TYPES, SUPERTYPES

COPY_EXCEPTIONS = cite("707.9", "Copy effects may include modifications or exceptions to the copying process")
GAINED_ABILITY = cite("707.9a", "Some copy effects cause the copy to gain an ability")
MODIFIED_CHARACTERISTIC = cite("707.9b", "Some copy effects modify a characteristic")
NOT_COPIED = cite("707.9c", "they don’t copy certain characteristics")
ADDITIONAL_EFFECT = cite("707.9e", "an exception that’s an additional effect")
CONDITIONAL_EXCEPTION = cite("707.9f", "Some exceptions to the copying process apply only if")
LINKED_TRIGGER = cite("707.9g", "linked to triggered abilities written in the same paragraph")
COPY_SPELL = cite("707.10", "To copy a spell, activated ability, or triggered ability")
CAST_COPY = cite("707.12", "cast a copy of an object")

_INSTRUCTION = re.compile(
    r"(?P<enter>\benters? (?:tapped )?as (?:a copy|copies) of )"
    r"|(?P<become>\bbecomes? (?:a )?cop(?:y|ies) of |^(?:Enchanted|Equipped) \w+ is a copy of )"
    r"|(?P<token>\b[Cc]reates? [^.]*?\btokens? (?:that's|that are) (?:a )?cop(?:y|ies) of )"
    r"|(?P<token_copy>\b[Cc]reates? [^.]*?\btoken cop(?:y|ies) (?P<of>of )?)"
    r"|(?P<cast>\bcast (?:a|the) cop(?:y|ies) of |\bplay [^.]*? as a copy of )"
    r"|(?P<create>\b[Cc]reates? a copy of )"
    r"|(?P<stack>\bonto the stack as a copy of )"
    r"|(?P<verb>(?<![Aa] )(?<![Tt]he )(?<![Tt]hat )(?<![Tt]hose )\b(?:[Cc]opy|copies) (?!of\b))"
)
# "create a 1/1 token copy of it": the copy's size is an exception to what it copies (offspring, 702.175a).
_SIZED_TOKEN_COPY = re.compile(r"\b(?P<pt>\d+/\d+) token cop(?:y|ies)\b")
# Where the description of what is copied ends and exceptions or other words begin.
_COPYABLE_END = re.compile(
    r",? except\b|\.(?:\s|$)|, then\b| until\b| for as long as\b|,? and (?:that's|that are)\b"
    r"| that's tapped\b| with (?:a number of |X )?additional\b|, where\b| for each\b|,? and you may\b"
    r"| and put\b| and attach\b|, you may\b| without\b|:"
)
_VERB_OBJECT_END = re.compile(
    r" for each\b|,|\.|;| and (?!sorcery|triggered)| if\b| without\b| twice\b| an additional time\b"
    r"| (?:two|three|four|five|X|that many) times\b"
    r"| instead\b"
    r"| except\b| any number of times\b|$"
)
_OPTIONAL = re.compile(r"\bmay\b|^If you do\b", re.IGNORECASE)
_CLAUSE_SPLIT = re.compile(
    r",? and,? (?=(?:it|its|they|the token|that token|if)\b)|, (?=(?:it|its|they|the token|if)\b)"
)
# "it enters with two +1/+1 counters on it and has changeling": one subject, two exceptions.
_SHARED_SUBJECT_SPLIT = re.compile(r" and (?=(?:has|have|gains?)\b)")
_LIST_SEPARATOR = re.compile(r",? and |, ")
_CONDITION_SUBJECT = re.compile(r"^(?:it's |it is )?(?:(?:a|an) )?")
_LEADING_CONDITION = re.compile(r"^if (?P<condition>[^,]+), ")
_TRAILING_CONDITION = re.compile(r" if (?P<condition>[^,]+)$")
# "those creatures": the permanents that become copies (Echoing Equation's "except those creatures aren't
# legendary if the chosen creature is legendary")
_SUBJECT = r"(?:it|they|the token|that token|the tokens|those tokens|the copy|those creatures)"
_IS = rf"^{_SUBJECT} (?:is|are|'s|'re)\b\s*|^(?:it's|they're) "
_IS_NOT = rf"^{_SUBJECT} (?:isn't|is not|aren't|are not|'re not)\s+|^(?:it|they)(?:'s|'re) not "
_HAS = rf"^{_SUBJECT} (?:has|have|gains?) "
_FOLLOW_UP = re.compile(
    rf"^(?:{_SUBJECT}|It|They|That token|The token|Those tokens) gains? (?P<gained>.+?)\.?$", re.I
)
_GAINS_THIS_ABILITY = re.compile(r"^If you do, ~ gains this ability\.?$")
_COLORS = ("white", "blue", "black", "red", "green", "colorless")
_TYPE_WORDS = {word.casefold(): word for word in CARD_TYPES}
_SUPERTYPE_WORDS = {word.casefold(): word for word in SUPERTYPES}
_SENTENCE_STOP = re.compile(r"\.(?:\s|$)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_QUOTED_ABILITY = re.compile(r"[\"“]([^\"”]+)[\"”]")
_AS_ENTERS = re.compile(r"\s*As ~ enters\b")
_BECOME_COPY = re.compile(r"becomes? a copy of (?P<what>[^,.]+)")
# How the copy enters, not what it copies: Vesuva's "enter tapped as a copy of", myriad's "a token that's a
# copy of ~ that's tapped and attacking", Mirror Match's "… and that's blocking that creature".
_ENTERS_TAPPED_AS_COPY = re.compile(r"\b(?P<wording>enters? tapped) as (?:a copy|copies) of\b")
_TOKEN_ENTERS_AS = re.compile(
    r"\btokens? (?:that's|that are) (?:a )?cop(?:y|ies) of [^.]*?(?:,? and)? (?P<wording>(?:that's|that are) "
    r"(?P<tapped>tapped(?: and )?)?(?P<combat>attacking|blocking)?\b[^.]*)"
)
_TYPE_WORD = re.compile(r"\b(artifact|battle|creature|enchantment|land|planeswalker|permanent)s?\b")
_DURATION = re.compile(
    r"\b(?P<duration>until end of turn|until the end of your next turn|until your next turn"
    r"|until end of combat|for as long as)\b",
    re.IGNORECASE,
)
# "Flip a coin." (CR 705), "roll a d20" / "roll a six-sided die" / "roll one …" (706).
_RANDOM = re.compile(r"\b(?:(?P<coin>flips? a coin)|(?P<die>rolls? (?:a|one)) )", re.IGNORECASE)
# "flip a coin until you lose a flip. For each flip you won, create a token that's a copy" (Mirror March)
_PER_WON_FLIP = re.compile(r"\bfor each flip you won, create (?:a token|tokens?)\b", re.IGNORECASE)
# The result a board gives for it: "won 2"
WON_FLIPS = re.compile(r"^won (?P<n>\d{1,3})$")


class CopyDuration(StrEnum):
    """The duration a copy effect's text states (CR 611.2a), as worded."""

    UNTIL_END_OF_TURN = "until end of turn"
    UNTIL_END_OF_YOUR_NEXT_TURN = "until the end of your next turn"
    UNTIL_YOUR_NEXT_TURN = "until your next turn"
    UNTIL_END_OF_COMBAT = "until end of combat"
    FOR_AS_LONG_AS = "for as long as"


class RandomResult(StrEnum):
    """The random result a copy effect's text depends on: a coin flip (CR 705) or a die roll (706)."""

    COIN_FLIP = "coin flip"
    DIE_ROLL = "die roll"


@dataclass(frozen=True, slots=True)
class EnteringStatus:
    """How a copy effect makes the copy enter: tapped, attacking or blocking, as worded (``wording``)."""

    wording: str
    tapped: bool
    attacking: bool = False
    blocking: bool = False


@dataclass(frozen=True, slots=True)
class _Found:
    """One copy instruction located in a text."""

    scope: CopyScope
    copyable: str
    optional: bool
    exceptions: tuple[CopyException, ...]


def parse_copy_effects(abilities: tuple[Ability, ...], names: SelfNames) -> tuple[CopyEffect, ...]:
    """Every copy instruction of a face's abilities, in ability order."""
    effects: list[CopyEffect] = []
    for position, ability in enumerate(abilities):
        if "cop" not in ability.text.casefold():
            continue  # no copy, copies or copied: the common case, skipped cheaply
        texts = [ability.rules_text]
        found = list(_instructions(ability.rules_text, ability))
        if not found:
            texts = [rules_text(reminder, names) for reminder in reminder_texts(ability.text)]
            stated = _stated_exceptions(ability)
            found = [
                replace(each, exceptions=each.exceptions + stated)
                for text in texts
                for each in _instructions(text, ability)
            ]
        linked = _linked_trigger(abilities, position)
        for each in found:
            effects.append(
                CopyEffect(
                    ability_index=ability.index,
                    scope=each.scope,
                    copyable=each.copyable,
                    optional=each.optional,
                    exceptions=each.exceptions + linked,
                    text=" ".join(texts),
                )
            )
    return tuple(effects)


def _stated_exceptions(ability: Ability) -> tuple[CopyException, ...]:
    """What a keyword's own sentences say of the copy its reminder text makes: "Casualty X. The copy isn't
    legendary and has starting loyalty X." (Ob Nixilis, the Adversary; CR 702.153a, 707.9b)."""
    found: list[CopyException] = []
    for sentence in _SENTENCE.split(ability.rules_text.strip()):
        if re.match(r"^The copy (?:isn't|is not|has)\b", sentence):
            clause = "t" + sentence.rstrip(".")[1:]
            for part in _shared_subject_parts(clause):
                found.extend(_clause_exceptions(part, ability, None))
    return tuple(found)


def _linked_trigger(abilities: tuple[Ability, ...], position: int) -> tuple[CopyException, ...]:
    """CR 707.9g: a triggered ability printed in the same paragraph after a copy replacement effect."""
    ability = abilities[position]
    following = abilities[position + 1] if position + 1 < len(abilities) else None
    if (
        ability.kind is AbilityKind.REPLACEMENT
        and following is not None
        and following.kind is AbilityKind.TRIGGERED
        and following.paragraph == ability.paragraph
    ):
        return (CopyException(kind=ExceptionKind.LINKED_TRIGGER, text=following.rules_text),)
    return ()


def _instructions(text: str, ability: Ability) -> Iterator[_Found]:
    masked = unquoted(text)
    matches = list(_INSTRUCTION.finditer(masked))
    for number, match in enumerate(matches):
        sentence_start = _sentence_start(masked, match.start())
        if _TRIGGER_CONDITION.match(masked[sentence_start : match.start()].strip()):
            continue  # "Whenever you cast or copy …" is when it triggers, not a copy it makes (CR 603.1)
        scope = _scope(match, masked)
        if scope is CopyScope.BECOME_COPY and _AS_ENTERS.match(masked, sentence_start):
            # "As ~ enters, you may have it become a copy of" modifies how it enters (CR 614.1c): it enters
            # as the copy, so its enters-the-battlefield abilities trigger (Cursed Mirror's rulings)
            scope = CopyScope.ENTER_AS_COPY
        if scope is None:
            continue
        sentence_end = _sentence_end(masked, match.end())
        if match.group("token_copy") and not match.group("of"):
            # Encore's "create a token copy that attacks …": a copy of the card the keyword is on (702.141a);
            # in an ability granting the keyword to another card it is that card's, not this one's
            if ability.kind is not AbilityKind.KEYWORD:
                continue
            copyable, exceptions_start = SELF, match.end()
        else:
            copyable, exceptions_start = _copyable(text, masked, match, sentence_end)
            copyable = _chosen_earlier(text[: match.start()], copyable)
        exceptions = _exceptions(text, masked, exceptions_start, sentence_end, ability)
        sized = (
            _SIZED_TOKEN_COPY.search(masked, match.start(), match.end())
            if scope is CopyScope.TOKEN_COPY
            else None
        )
        if sized:  # "create a 1/1 token copy of it" (offspring): "except it's 1/1", copiable (707.9b)
            power, toughness = sized["pt"].split("/")
            size = CopyException(
                kind=ExceptionKind.SET_POWER_TOUGHNESS,
                text=f"it's {sized['pt']}",
                power=power,
                toughness=toughness,
            )
            exceptions = (size, *exceptions)
        next_start = matches[number + 1].start() if number + 1 < len(matches) else len(text)
        follow_ups = _follow_ups(text[sentence_end:next_start], ability)
        yield _Found(
            scope=scope,
            copyable=copyable,
            optional=bool(_OPTIONAL.search(masked[sentence_start : match.start()].strip())),
            exceptions=exceptions + follow_ups,
        )


def _scope(match: re.Match[str], masked: str) -> CopyScope | None:
    if match.group("enter"):
        return CopyScope.ENTER_AS_COPY
    if match.group("become"):
        return CopyScope.BECOME_COPY
    if match.group("token") or match.group("token_copy"):
        return CopyScope.TOKEN_COPY
    if match.group("cast"):
        return CopyScope.CAST_COPY
    if match.group("stack"):
        return CopyScope.COPY_SPELL
    if match.group("create"):
        # Garth One-Eye's copy of a card defined by name, created outside the game to be cast (CR 707.13)
        return CopyScope.CAST_COPY if "cast the copy" in masked else None
    return _verb_scope(_verb_object(masked, match.end()), masked)


def _verb_scope(target: str, masked: str) -> CopyScope | None:
    """The scope of "copy X" by what X is: a spell, an ability, or a card (to be cast, CR 707.12)."""
    if "spell" in target or target == SELF:
        return CopyScope.COPY_SPELL
    if "ability" in target or "abilities" in target:
        return CopyScope.COPY_ABILITY
    if "card" in target:
        return CopyScope.CAST_COPY
    cast_later = bool(_CAST_THE_COPY.search(masked)) and "card" in masked
    if target in ("it", "them"):
        if cast_later:
            return CopyScope.CAST_COPY
        if "ability" in masked and "spell" not in masked:
            return CopyScope.COPY_ABILITY
        return CopyScope.COPY_SPELL
    if cast_later:  # "copy the other. … cast the copy": a card's copy, to be cast
        return CopyScope.CAST_COPY
    return None


def _verb_object(masked: str, start: int) -> str:
    end = _VERB_OBJECT_END.search(masked, start)
    return masked[start : end.start() if end else len(masked)].strip()


def _sentence_start(masked: str, position: int) -> int:
    cut = max(masked.rfind(". ", 0, position), masked.rfind("\n", 0, position))
    return 0 if cut < 0 else cut + 1


_CAST_THE_COPY = re.compile(r"\bcast (?:the|a) cop(?:y|ies)\b")
# A trigger condition up to the copy word: "Whenever you cast or copy", "Whenever an opponent … copies".
_TRIGGER_CONDITION = re.compile(r"(?:When|Whenever|At)\b[^,]*$")
_THAT_ONE = re.compile(r"that (?:creature|permanent|artifact)")
_CHOOSE = re.compile(r"\b[Cc]hoose (?P<what>(?:a|an) [^.]+?)\.")


def _sentence_end(masked: str, position: int) -> int:
    cut = _SENTENCE_STOP.search(masked, position)
    return cut.end() if cut else len(masked)


def _copyable(text: str, masked: str, match: re.Match[str], sentence_end: int) -> tuple[str, int]:
    """What may be copied, as worded, and where the rest of the sentence (exceptions) begins."""
    start = match.end()
    if match.group("verb"):
        end = _VERB_OBJECT_END.search(masked, start)
        stop = end.start() if end else len(text)
        return text[start:stop].strip(), stop
    end = _COPYABLE_END.search(masked, start, sentence_end)
    stop = end.start() if end else sentence_end
    return text[start:stop].strip().rstrip("."), stop


_TARGET_BECOMES = re.compile(r"(?:^|\. )Target [^.]*?becomes? a copy of\b")


def targets_the_copier(text: str) -> bool:
    """Whether a copy effect's text makes its target the permanent that becomes a copy ("Target creature
    becomes a copy of that creature", Cytoshape), rather than what is copied ("… a copy of target …")."""
    return _TARGET_BECOMES.search(text) is not None


def _chosen_earlier(before: str, copyable: str) -> str:
    """What "a copy of that creature" copies when an earlier sentence chose it: Cytoshape's "Choose a
    nonlegendary creature on the battlefield." words what may be copied (a legendary one can't be)."""
    if not _THAT_ONE.fullmatch(copyable):
        return copyable
    chosen = list(_CHOOSE.finditer(before))
    return chosen[-1]["what"] if chosen else copyable


def _exceptions(text: str, masked: str, start: int, end: int, ability: Ability) -> tuple[CopyException, ...]:
    rest = masked[start:end]
    if re.match(r"^ with (?:a number of |X )?additional ", rest):
        return (CopyException(kind=ExceptionKind.ADDITIONAL_EFFECT, text=text[start:end].strip(" .")),)
    # the duration ended the copyable wording: "… until end of turn, except it has haste" (Cursed Mirror)
    found = re.match(r"^(?: until [^,]+| for as long as [^,]+)?,? except (?:for |that )?", rest)
    if not found:
        return ()
    clause_text = text[start + found.end() : end].strip().rstrip(".")
    if found.group(0).endswith("for "):
        return (_not_copied(f"for {clause_text}", clause_text),)
    shared_condition = None
    if leading := _LEADING_CONDITION.match(clause_text):
        shared_condition = _condition(leading.group("condition"))
        clause_text = clause_text[leading.end() :]
    exceptions: list[CopyException] = []
    for clause in _clauses(clause_text):
        condition = shared_condition
        if leading := _LEADING_CONDITION.match(clause):
            condition = _condition(leading.group("condition"))
            clause = clause[leading.end() :]
        for part in _shared_subject_parts(clause):
            exceptions.extend(_clause_exceptions(part, ability, condition))
    return tuple(exceptions)


def _condition(text: str) -> str:
    """CR 707.9f condition, without its subject: "if it's a creature" → "creature"."""
    return _CONDITION_SUBJECT.sub("", text, count=1)


def _shared_subject_parts(clause: str) -> list[str]:
    first, *others = _SHARED_SUBJECT_SPLIT.split(clause)
    return [first, *(f"it {other}" for other in others)]


def _clauses(text: str) -> list[str]:
    """The clauses of an exception list; a leading "if …" stays with the clause it conditions."""
    clauses: list[str] = []
    for piece in _pieces(text, _CLAUSE_SPLIT):
        if clauses and re.fullmatch(r"if [^,]+", clauses[-1]):
            clauses[-1] = f"{clauses[-1]}, {piece}"
        else:
            clauses.append(piece)
    return clauses


def _pieces(text: str, separator: re.Pattern[str]) -> list[str]:
    """``text`` split at ``separator`` outside quotes, pieces stripped, empty ones dropped."""
    masked = unquoted(text)
    bounds = [0]
    for cut in separator.finditer(masked):
        bounds.extend((cut.start(), cut.end()))
    bounds.append(len(text))
    return [
        text[start:end].strip() for start, end in zip(bounds[::2], bounds[1::2], strict=True) if start < end
    ]


def _clause_exceptions(clause: str, ability: Ability, shared_condition: str | None) -> list[CopyException]:
    """Typed exceptions of one clause ("it's 7/7", "it has haste", "it isn't legendary if …")."""
    condition = shared_condition
    if not clause.startswith("it has") and (trailing := _TRAILING_CONDITION.search(unquoted(clause))):
        condition = _condition(trailing.group("condition"))
        clause = clause[: trailing.start()]
    exceptions = _typed(clause, ability)
    return [exception.model_copy(update={"condition": condition}) for exception in exceptions]


def _typed(clause: str, ability: Ability) -> list[CopyException]:
    """The exceptions one clause states, by its wording (CR 707.9a–c, 707.9e)."""
    if found := re.match(_IS_NOT, clause):
        return [_supertypes(ExceptionKind.REMOVE_SUPERTYPE, clause, clause[found.end() :])]
    if re.match(rf"^{_SUBJECT} has no mana cost$", clause):
        return [
            CopyException(kind=ExceptionKind.SET_MANA_COST, text=clause, characteristic="mana cost", value="")
        ]
    if found := re.match(rf"^{_SUBJECT} has starting loyalty (?P<n>\d+|X)$", clause):
        return [
            CopyException(
                kind=ExceptionKind.SET_LOYALTY, text=clause, characteristic="loyalty", value=found["n"]
            )
        ]
    if found := re.match(_HAS, clause):
        return [_gained(clause, clause[found.end() :], ability)]
    if found := re.match(r"^(?:it )?doesn't copy (?:that \w+'s|its) (?P<what>[\w ]+)$", clause):
        return [_not_copied(clause, found.group("what"))]
    if found := re.match(r"^its name is (?P<name>.+)$", clause):
        return [
            CopyException(
                kind=ExceptionKind.SET_NAME, text=clause, characteristic="name", value=found["name"]
            )
        ]
    if found := re.match(_IS, clause):
        return _descriptor(clause, clause[found.end() :])
    # What is left changes no characteristic: "it enters with an additional +1/+1 counter" (CR 707.9e).
    return [CopyException(kind=ExceptionKind.ADDITIONAL_EFFECT, text=clause)]


def _not_copied(text: str, what: str) -> CopyException:
    return CopyException(kind=ExceptionKind.NOT_COPIED, text=text, characteristic=what.removeprefix("its "))


def _supertypes(kind: ExceptionKind, clause: str, words: str) -> CopyException:
    supertypes = tuple(
        _SUPERTYPE_WORDS[w] for w in re.findall(r"\w+", words.casefold()) if w in _SUPERTYPE_WORDS
    )
    return CopyException(kind=kind, text=clause, supertypes=supertypes)


def _gained(clause: str, gained: str, ability: Ability) -> CopyException:
    """GAIN_ABILITY (CR 707.9a): quoted abilities, keywords, "this ability" or the copier's others."""
    abilities: list[str] = []
    copier = False
    for part in _ability_list(gained):
        if part.startswith(('"', "“")):
            abilities.append(normalise_self(part.strip('"“”'), _NO_NAMES, inside_quotes=True))
        elif part == "this ability":
            abilities.append(ability.rules_text)
        elif re.match(rf"^{re.escape(SELF)}'s other abilities$", part):
            copier = True
        else:
            abilities.append(part)
    return CopyException(
        kind=ExceptionKind.GAIN_ABILITY, text=clause, abilities=tuple(abilities), copier_abilities=copier
    )


def _ability_list(text: str) -> list[str]:
    return _pieces(text, _LIST_SEPARATOR)


def _descriptor(clause: str, words: str) -> list[CopyException]:
    """ "it's 7/7", "it's an artifact in addition to its other types", "it's a 4/4 black Zombie"."""
    adds = re.search(r" in addition to its other(?: creature)? types$", words)
    words = words[: adds.start()] if adds else words
    no_mana_cost = words.endswith(" with no mana cost")
    words = words.removesuffix(" with no mana cost").strip()
    tokens = [token for token in re.split(r"[\s,]+", words) if token not in ("a", "an", "and", "")]
    power_toughness = [token for token in tokens if re.fullmatch(r"[\dX*]+/[\dX*]+", token)]
    colors = [token for token in tokens if token in _COLORS]
    supertypes = tuple(_SUPERTYPE_WORDS[t.casefold()] for t in tokens if t.casefold() in _SUPERTYPE_WORDS)
    types = tuple(_TYPE_WORDS[t.casefold()] for t in tokens if t.casefold() in _TYPE_WORDS)
    known = {*power_toughness, *colors}
    subtypes = tuple(
        token.capitalize() if token.islower() else token
        for token in tokens
        if token not in known
        and token.casefold() not in _SUPERTYPE_WORDS
        and token.casefold() not in _TYPE_WORDS
    )
    exceptions: list[CopyException] = []
    if power_toughness:
        power, toughness = power_toughness[0].split("/")
        exceptions.append(
            CopyException(
                kind=ExceptionKind.SET_POWER_TOUGHNESS, text=clause, power=power, toughness=toughness
            )
        )
    if colors:
        exceptions.append(
            CopyException(
                kind=ExceptionKind.SET_COLOR, text=clause, characteristic="color", value=" ".join(colors)
            )
        )
    if adds and (types or subtypes):
        exceptions.append(
            CopyException(
                kind=ExceptionKind.ADD_TYPES,
                text=clause,
                types=types,
                subtypes=subtypes,
                supertypes=supertypes,
            )
        )
    elif adds and supertypes:
        exceptions.append(CopyException(kind=ExceptionKind.ADD_SUPERTYPE, text=clause, supertypes=supertypes))
    elif types or subtypes or supertypes:
        exceptions.append(
            CopyException(
                kind=ExceptionKind.SET_TYPES,
                text=clause,
                types=types,
                subtypes=subtypes,
                supertypes=supertypes,
            )
        )
    if no_mana_cost:
        exceptions.append(
            CopyException(kind=ExceptionKind.SET_MANA_COST, text=clause, characteristic="mana cost", value="")
        )
    return exceptions


def _follow_ups(text: str, ability: Ability) -> tuple[CopyException, ...]:
    """Sentences after the copy instruction that add to the copy without being copiable ("That token
    gains haste."), and the older wording "If you do, ~ gains this ability" (Cryptoplasm), which is
    part of the copy effect (CR 707.9a)."""
    found: list[CopyException] = []
    for sentence in _SENTENCE.split(text.strip()):
        if _GAINS_THIS_ABILITY.match(sentence):
            found.append(_gained(sentence, "this ability", ability))
        elif follow := _FOLLOW_UP.match(sentence):
            gained = re.sub(r" until end of turn$", "", follow.group("gained"))
            found.append(
                CopyException(kind=ExceptionKind.FOLLOW_UP, text=sentence.rstrip("."), abilities=(gained,))
            )
    return tuple(found)


_NO_NAMES = SelfNames(full=(), short=())


# "if that permanent is legendary" (Spark Double), "if the spell is legendary" (Double Major), "if the chosen
# creature is legendary" (Echoing Equation): what the copy copies has that supertype (CR 707.9f)
_SUPERTYPE_CONDITION = re.compile(
    r"^(?:that permanent|that creature|the chosen creature|the spell|that spell|it) is (?P<supertype>\w+)$"
)


def supertype_condition(condition: str | None) -> str | None:
    """The supertype ("Legendary") an exception's condition requires of what is copied, or None."""
    found = _SUPERTYPE_CONDITION.match(condition or "")
    if found is None or found["supertype"].casefold() not in _SUPERTYPE_WORDS:
        return None
    return _SUPERTYPE_WORDS[found["supertype"].casefold()]


@dataclass(frozen=True, slots=True)
class ManaSpentAlternative:
    """ "If {R}{G} was spent to cast ~, instead create a token that's a copy of that permanent, except the
    token has "…"" (Mythos of Illuna): what the copy gains instead when that mana was spent (CR 707.9a)."""

    wording: str  # "If {R}{G} was spent to cast ~"
    mana: tuple[str, ...]  # ("{R}", "{G}")
    abilities: tuple[str, ...]  # the quoted abilities the copy has then


_MANA_SPENT_INSTEAD = re.compile(
    r"(?P<wording>If (?P<mana>(?:\{[^}]+\})+) was spent to cast ~), instead [^.]*?\bcopy of [^.]*?, except "
    r"(?:the token|it) (?:has|gains) "
)


def mana_spent_alternative(text: str) -> ManaSpentAlternative | None:
    """The copy a copy effect's text makes instead when some mana was spent to cast its spell, or None."""
    found = _MANA_SPENT_INSTEAD.search(unquoted(text))
    if found is None:
        return None
    abilities = tuple(quoted_abilities(text[found.end() :].split("\n")[0]))
    if not abilities:
        return None
    return ManaSpentAlternative(
        wording=found["wording"],
        mana=tuple(re.findall(r"\{[^}]+\}", found["mana"])),
        abilities=abilities,
    )


def copyable_types(wording: str) -> set[str]:
    """The card types (casefolded) a copyable phrase names, "permanent" aside ("any artifact or creature")."""
    return {m.group(1) for m in _TYPE_WORD.finditer(wording)} - {"permanent"}


def quoted_abilities(text: str) -> list[str]:
    """The quoted wordings of a copy exception, in order ("… has “{T}: Add {C}.”")."""
    return _QUOTED_ABILITY.findall(text)


def entering_status(effect: CopyEffect) -> EnteringStatus | None:
    """How the copy ``effect`` makes its copy enter (CR 110.5b: untapped unless an effect says otherwise),
    or None when its wording says nothing about that. Only a copy that enters can: a permanent that becomes
    a copy keeps its status."""
    text = unquoted(effect.text)
    if effect.scope is CopyScope.ENTER_AS_COPY and (found := _ENTERS_TAPPED_AS_COPY.search(text)):
        return EnteringStatus(wording=found["wording"], tapped=True)
    if effect.scope is not CopyScope.TOKEN_COPY:
        return None
    found = _TOKEN_ENTERS_AS.search(text)
    if found is None or not (found["tapped"] or found["combat"]):
        return None
    return EnteringStatus(
        wording=effect.text[found.start("wording") : found.end("wording")],
        tapped=bool(found["tapped"]),
        attacking=found["combat"] == "attacking",
        blocking=found["combat"] == "blocking",
    )


def becomes_copy_of(text: str) -> str | None:
    """What an ability that makes its object "become a copy of" copies ("target creature"), or None."""
    match = _BECOME_COPY.search(text)
    return match["what"] if match else None


def copy_duration(effect: CopyEffect | None) -> CopyDuration | None:
    """The duration the copy ``effect``'s text states ("until end of turn", CR 611.2a), or None."""
    found = _DURATION.search(effect.text) if effect else None
    return CopyDuration(found["duration"].casefold()) if found else None


def tokens_per_won_flip(effect: CopyEffect | None) -> bool:
    """Whether the copy ``effect`` makes one token for each coin flip won (Mirror March): the flips decide how
    many tokens there are, not what each is (CR 705.2)."""
    return effect is not None and _PER_WON_FLIP.search(effect.text) is not None


def random_result(effect: CopyEffect | None) -> RandomResult | None:
    """Whether what the copy ``effect`` does depends on a coin flip or a die roll (Mirror March), or None."""
    found = _RANDOM.search(effect.text) if effect else None
    if found is None:
        return None
    return RandomResult.COIN_FLIP if found["coin"] else RandomResult.DIE_ROLL
