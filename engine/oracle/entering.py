"""What a permanent's own text does as it enters (CR 614.1c, 614.12, 603.6a), read from its abilities.

These readers work on the object's copiable values, which is why a copy that *enters* gets the
copied "enters with" and "as enters" effects and enters triggers (CR 707.5) while a permanent that
*becomes* a copy gets none of them (CR 707.4).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Protocol, TypeVar

from engine.core.characteristics import CARD_TYPE_WORDS, Characteristics, GameAbility
from engine.core.model import SELF, AbilityKind, CopyException, Frozen, PrintedNumber
from engine.oracle.kicker import Kicked, KickerCosts, kicked_with, kicker_of, times_kicked, was_kicked

_NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_S = re.escape(SELF)
_ENTERS = rf"(?:{_S}|it) enters(?: the battlefield)?"
_ENTERS_WITH = re.compile(
    rf"{_ENTERS} with (?P<n>an?|one|two|three|four|five|six|seven|eight|nine|ten|X|\d+)"
    rf"(?: additional)? (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters? on it"
)
_ENTERS_ALSO_WITH = re.compile(r" and with (?P<ability>[a-z]+|\"[^\"]+\")")
_ENTERS_TAPPED = re.compile(rf"^{_ENTERS} tapped\.?$")
_ETB_TRIGGER = re.compile(rf"^When(?:ever)? {_S} enters")
_MUTATES = re.compile(rf"^Whenever {_S} mutates,")
_AS_ENTERS = re.compile(rf"^As {_S} enters(?: the battlefield)?, ")
# The newer wording of "As ~ enters, an opponent of your choice gains control of it" (Xantcha, Sleeper Agent)
_ENTERS_UNDER_CONTROL = re.compile(rf"^{_S} enters(?: the battlefield)? under the control of ")
# "As ~ enters, choose a color." / "…, an opponent chooses a creature type." (Callous Oppressor) / "…, each
# player chooses war or peace." (Archangel of Strife); older Oracle text: "enters the battlefield".
_AS_ENTERS_CHOICE = re.compile(
    rf"^As {_S} enters(?: the battlefield)?, (?P<who>choose|(?:an|target) opponent chooses"
    r"|each player chooses|each opponent chooses) (?P<what>[^.]+?)\.?$"
)
_PT_SETTING = re.compile(
    rf"^As {_S} enters(?: the battlefield)?(?P<face_up> or is turned face up)?, it becomes your choice of "
    r"(?P<options>.+?)\.?$"
)
# "As ~ enters, flip a coin. If the coin comes up heads, ~ enters as a 5/2 creature with haste. If it comes
# up tails, ~ enters as a 2/5 creature with defender." (Molten Sentry): P/T set by a random result.
_COIN_PT_SETTING = re.compile(
    rf"^As {_S} enters(?: the battlefield)?, flip a coin\. If the coin comes up heads, {_S} enters"
    rf"(?: the battlefield)? as (?P<heads>[^.]+?)\. If it comes up tails, {_S} enters"
    r"(?: the battlefield)? as (?P<tails>[^.]+?)\.?$"
)
COIN_KEY = "coin"
"""The ``choices:`` key of a coin flip's result as a permanent enters (``heads`` or ``tails``)."""
OPTION_KEY = "option"
"""The ``choices:`` key of a "becomes your choice of" option (1-based)."""
_OPTION = re.compile(r"^(?:an? )?(?P<p>\d+)/(?P<t>\d+)(?: (?P<words>.*?))?(?: with (?P<ability>[a-z ]+))?$")
_ADDITIONAL_COUNTERS = re.compile(
    r"enters with (?P<n>an?|one|two|three|X|\d+) additional (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters?"
)
_COUNTER_KEYWORDS = {"Modular": "+1/+1", "Graft": "+1/+1", "Fading": "fade", "Vanishing": "time"}
# Doubling Season, Hardened Scales, Corpsejack Menace, Primal Vigor, Winding Constrictor (CR 614.16).
_MORE_COUNTERS = re.compile(
    r"^If (?:an effect would put )?one or more (?:(?P<kind>[+-]\d+/[+-]\d+) )?counters (?:would be put )?on "
    r"an? (?P<what>permanent|creature|artifact or creature)(?P<yours> you control)?, "
    r"(?:it puts )?(?P<how>twice that many|that many plus one)\b[^.]*instead\.?$"
)


class EnteringCounters(Frozen):
    """Counters a replacement effect puts on a permanent as it enters."""

    kind: str
    count: int
    text: str


class Undecided(StrEnum):
    """What the board doesn't say that the counters an "enters with" ability gives depend on."""

    CONDITION = "condition"  # "if a creature died this turn", "unless you've cast another red spell …"
    COUNT = "count"  # "… for each …", "X … counters, where X is …"
    DAMAGE = "damage"  # bloodthirst: whether an opponent was dealt damage this turn (CR 702.54a)
    MANA = "mana"  # sunburst: the colors of mana spent to cast it (CR 702.44a)
    CHOICE = "choice"  # amplify, devour, tribute, riot, unleash: a choice made as it enters
    KICKS = "kicks"  # multikicker: "for each time it was kicked", and the board doesn't say how many
    X = "x"  # "enters with X counters": the X paid for the spell that became it isn't given


class UndecidedCounters(Frozen):
    """An "enters with" ability whose number of counters the board's facts don't decide."""

    kind: str
    text: str
    depends_on: Undecided


_UNDECIDED_KEYWORDS = {
    "Bloodthirst": Undecided.DAMAGE,
    "Sunburst": Undecided.MANA,
    "Amplify": Undecided.CHOICE,
    "Devour": Undecided.CHOICE,
    "Tribute": Undecided.CHOICE,
    "Riot": Undecided.CHOICE,
    "Unleash": Undecided.CHOICE,
}
_KICKED_CONDITION = re.compile(r"^If (?:\S+ )*?(?:was|wasn't) kicked\b")
_KICKED_WITH = re.compile(r"^If (?:\S+ )*?was kicked with its (?P<cost>(?:\{[^}]+\})+) kicker")
_EACH_KICK = "for each time it was kicked"


class CounterReplacement(Frozen):
    """ "If one or more counters would be put on a permanent you control, twice that many … instead"."""

    text: str
    kind: str | None  # only counters of this kind ("+1/+1"); None: every kind
    types: tuple[str, ...]  # the affected permanent must have one of these card types; () for any permanent
    yours: bool  # only a permanent its controller controls
    doubles: bool  # twice that many; else that many plus one (of each kind)


class Chooser(StrEnum):
    """Who makes an "as enters" choice (CR 614.12): its controller unless the ability says otherwise."""

    CONTROLLER = "its controller"
    OPPONENT = "an opponent"
    EACH_PLAYER = "each player"
    EACH_OPPONENT = "each opponent"

    @property
    def per_player(self) -> bool:
        """Whether several players each make the choice, so the board gives one per player."""
        return self in (Chooser.EACH_PLAYER, Chooser.EACH_OPPONENT)


_CHOOSERS = {
    "choose": Chooser.CONTROLLER,
    "an opponent chooses": Chooser.OPPONENT,
    "target opponent chooses": Chooser.OPPONENT,
    "each player chooses": Chooser.EACH_PLAYER,
    "each opponent chooses": Chooser.EACH_OPPONENT,
}


class AsEntersChoice(Frozen):
    """An "As ~ enters, [a player] choose(s) …" ability: what is chosen ("a creature type") and by whom."""

    what: str
    chooser: Chooser


class PTOption(Frozen):
    """One option of a "becomes your choice of" ability (Primal Clay, Aquamorph Entity)."""

    text: str
    power: PrintedNumber
    toughness: PrintedNumber
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()


def _sentence_case(text: str) -> str:
    """``flying`` → ``Flying``; quoted ability text keeps its own capitals."""
    return text[:1].upper() + text[1:]


def _count(word: str, x: int) -> int:
    if word == "X":
        return x
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.casefold()]


def _applies(rules_text: str, kicker: KickerCosts, kicked: Kicked) -> bool:
    """A kicker-conditioned replacement ("If ~ was kicked, it enters with …") applies only if kicked, and
    "… with its {1}{U} kicker" only if kicked with that cost (CR 702.33f; not known counts as not here:
    the caller marks what it decides unknown)."""
    if not (rules_text.startswith("If ") and "kicked" in rules_text):
        return True
    with_cost = _KICKED_WITH.match(rules_text)
    if with_cost:
        return kicked_with(kicker, kicked, with_cost["cost"]) is True
    return was_kicked(kicked) is True


def _per_kick(rules_text: str, match: re.Match[str]) -> bool:
    """Whether the "enters with N counters" sentence counts "for each time it was kicked" (multikicker)."""
    return rules_text[match.end() :].lstrip(" ,").startswith(_EACH_KICK)


def _undecided_by(rules_text: str, match: re.Match[str], times: int | None) -> Undecided | None:
    """What an "enters with N counters" sentence's count depends on beyond the board (None: nothing);
    ``times``: how many times it was kicked, None when the board doesn't say."""
    tail = rules_text[match.end() :].lstrip(" ,")
    if _per_kick(rules_text, match):
        return None if times is not None else Undecided.KICKS
    if tail.startswith(("for each", "where X")):
        return Undecided.COUNT
    if tail.startswith(("if ", "unless ")):
        return Undecided.CONDITION
    head = rules_text[: match.start()]
    if _MAY.match(head) or "If you do, " in head:
        return Undecided.CHOICE  # "As ~ enters, you may … If you do, it enters with …" (Rescuer Sphinx)
    if head.lstrip(" —").startswith("If ") and not _KICKED_CONDITION.match(head.lstrip(" —")):
        return Undecided.CONDITION
    return None


def entering_counters(
    abilities: tuple[GameAbility, ...], *, x: int | None, kicked: Kicked
) -> tuple[EnteringCounters, ...]:
    """Counters the object's "enters with" abilities give it (keywords like Modular included); only those
    the board decides (see :func:`undecided_counters` for the others). ``kicked``: how the kicker of its
    text was paid (CR 702.33)."""
    kicker = kicker_of(abilities)
    times = times_kicked(kicker, kicked)
    found: list[EnteringCounters] = []
    for ability in abilities:
        kind = _COUNTER_KEYWORDS.get(ability.keyword or "")
        if kind and ability.keyword_parameter and ability.keyword_parameter.isdigit():
            found.append(EnteringCounters(kind=kind, count=int(ability.keyword_parameter), text=ability.text))
            continue
        match = _ENTERS_WITH.search(ability.rules_text)
        if not match or _undecided_by(ability.rules_text, match, times) is not None:
            continue
        if match["n"] == "X" and x is None:
            continue  # undecided: see undecided_counters
        per_kick = _per_kick(ability.rules_text, match)
        count = _count(match["n"], x or 0) * (times or 0 if per_kick else 1)
        if (count or not per_kick) and _applies(ability.rules_text, kicker, kicked):
            found.append(EnteringCounters(kind=match["kind"], count=count, text=ability.text))
    return tuple(found)


def undecided_counters(
    abilities: tuple[GameAbility, ...], *, kicked: Kicked, x: int | None
) -> tuple[UndecidedCounters, ...]:
    """The "enters with" abilities whose counters depend on what a board doesn't say: a condition or a
    count about the game (Festerhide Boar, Academy Elite), how many times it was kicked (multikicker),
    bloodthirst, sunburst and the keywords whose counters are chosen as it enters."""
    kicker = kicker_of(abilities)
    times = times_kicked(kicker, kicked)
    found: list[UndecidedCounters] = []
    for ability in abilities:
        depends_on = _UNDECIDED_KEYWORDS.get(ability.keyword or "")
        if depends_on is not None:
            found.append(UndecidedCounters(kind="+1/+1", text=ability.text, depends_on=depends_on))
            continue
        match = _ENTERS_WITH.search(ability.rules_text)
        undecided = _undecided_by(ability.rules_text, match, times) if match else None
        if match and undecided is None and match["n"] == "X" and x is None:
            undecided = Undecided.X
        if match and undecided is not None and _applies(ability.rules_text, kicker, kicked):
            found.append(UndecidedCounters(kind=match["kind"], text=ability.text, depends_on=undecided))
    return tuple(found)


def enters_with_counters(ability: _Worded) -> bool:
    """Whether ``ability`` is an "enters with N counters on it" replacement (CR 614.1c)."""
    return _ENTERS_WITH.search(ability.rules_text) is not None


def enters_with_abilities(ability: _Worded) -> bool:
    """Whether ``ability`` is an "enters with … and with flying" replacement, giving abilities too."""
    return enters_with_counters(ability) and _ENTERS_ALSO_WITH.search(ability.rules_text) is not None


def entering_abilities(abilities: tuple[GameAbility, ...], *, kicked: Kicked) -> tuple[str, ...]:
    """Abilities an "enters with … and with flying" replacement gives (not copiable, seed: Anavolver)."""
    kicker = kicker_of(abilities)
    found: list[str] = []
    for ability in abilities:
        if _ENTERS_WITH.search(ability.rules_text) and _applies(ability.rules_text, kicker, kicked):
            also = _ENTERS_ALSO_WITH.finditer(ability.rules_text)
            found += [_upper_first(m["ability"].strip('"')) for m in also]
    return tuple(found)


def _upper_first(text: str) -> str:
    """``text`` with its first letter capital and the rest as written ("Pay 3 life: Regenerate ~.")."""
    return text[:1].upper() + text[1:]


def enters_tapped(abilities: tuple[GameAbility, ...]) -> GameAbility | None:
    """The "~ enters tapped" ability, if any; or the older "Hideaway" keyword, printed without a number:
    under the rules of its wording it made the permanent enter tapped, which its Oracle errata now print
    apart as "[This permanent] enters tapped" (CR 702.75b)."""
    return next((a for a in abilities if _ENTERS_TAPPED.match(a.rules_text) or _older_hideaway(a)), None)


def _older_hideaway(ability: GameAbility) -> bool:
    """Whether ``ability`` is "Hideaway" with no numeral (printed before 2022, CR 702.75b)."""
    return ability.kind is AbilityKind.KEYWORD and ability.rules_text.casefold() == "hideaway"


def mutate_triggers(abilities: tuple[GameAbility, ...]) -> tuple[GameAbility, ...]:
    """ "Whenever this creature mutates" triggered abilities (CR 702.140d)."""
    return tuple(a for a in abilities if a.kind is AbilityKind.TRIGGERED and _MUTATES.match(a.rules_text))


def enters_triggers(abilities: tuple[GameAbility, ...]) -> tuple[GameAbility, ...]:
    """Enters-the-battlefield triggered abilities of the object itself (CR 603.6a), keyword ones included
    ("Hideaway 4" means "When this permanent enters, look at …", 702.75a)."""
    return tuple(
        a
        for a in abilities
        if (a.kind is AbilityKind.TRIGGERED and _ETB_TRIGGER.match(a.rules_text))
        or (a.kind is AbilityKind.KEYWORD and (a.keyword or "").casefold() in ENTERS_TRIGGER_KEYWORDS)
    )


# Keywords that are (or include) a "When this … enters" triggered ability (CR 702.72a, 702.75a, 702.92a,
# 702.110a, 702.123a, 702.163a, 702.165a); squad and offspring are read with their payments instead.
ENTERS_TRIGGER_KEYWORDS = frozenset(
    {"champion", "hideaway", "living weapon", "exploit", "fabricate", "for mirrodin!", "backup"}
)


class ControlCount(Frozen):
    """ "you control two or more Gates" / "you control another Elf" / "you control a black permanent": how
    many permanents of a kind the entering permanent's controller must control (CR 603.4)."""

    at_least: int
    another: bool  # the entering permanent itself doesn't count
    kinds: tuple[str, ...]  # card types or subtypes, any of them ("artifact or enchantment"); () for any
    color: str | None = None  # "W" … "G", or "colorless"
    snow: bool = False


_COUNTED = {"a": 1, "an": 1, "another": 1, "two or more": 2, "three or more": 3}
_CONTROL_COUNT = re.compile(
    r"^you control (?P<n>another|an?|two or more|three or more) (?P<color>white |blue |black |red |green "
    r"|colorless )?(?P<snow>snow )?(?P<kinds>[A-Za-z]+(?: or [A-Za-z]+)?)$"
)
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "colorless"}


def control_count(condition: str) -> ControlCount | None:
    """The count an intervening "if" about what its controller controls asks for (None: another kind)."""
    match = _CONTROL_COUNT.match(condition)
    if match is None:
        return None
    words = [_singular(w) for w in match["kinds"].split(" or ")]
    kinds = () if words == ["permanent"] else tuple(words)
    return ControlCount(
        at_least=_COUNTED[match["n"]],
        another=match["n"] == "another",
        kinds=kinds,
        color=_COLOR_LETTERS[match["color"].strip()] if match["color"] else None,
        snow=bool(match["snow"]),
    )


def _singular(word: str) -> str:
    """ "Gates" → "Gate", "Plains" stays (a land type spelled with an s), "creatures" → "creature"."""
    return word[:-1] if word.endswith("s") and word not in ("Plains", "Locus") else word


class InterveningIf(Frozen):
    """The condition of an enters trigger "When ~ enters, if [condition], …" (CR 603.4), as far as a board's
    facts about the entering permanent decide it."""

    condition: str
    kicker: str | None  # "it was kicked": ""; "… with its {W} kicker": "{W}"; None: not about kicker
    about_casting: bool  # "you cast it from your hand", "{R} was spent to cast ~", "its surge cost was paid"
    not_a_token: bool  # "it's not a token"


_INTERVENING_IF = re.compile(rf"^When(?:ever)? {_S} enters(?: the battlefield)?, if (?P<condition>[^,]+), ")
_KICKED_IF = re.compile(rf"^(?:it|{_S}) was kicked(?: with its (?P<cost>(?:\{{[^}}]+\}})+) kicker)?$")
_ABOUT_CASTING = re.compile(r"\byou cast it\b|\bwas spent to cast\b|\bcost was paid\b")


def intervening_if(ability: _Worded) -> InterveningIf | None:
    """The intervening "if" of an enters trigger (CR 603.4), or None when it has none."""
    match = _INTERVENING_IF.match(ability.rules_text)
    if match is None:
        return None
    condition = match["condition"]
    kicked = _KICKED_IF.match(condition)
    return InterveningIf(
        condition=condition,
        kicker=(kicked["cost"] or "") if kicked else None,
        about_casting=_ABOUT_CASTING.search(condition) is not None,
        not_a_token=condition == "it's not a token",
    )


def as_enters_choices(abilities: tuple[GameAbility, ...]) -> tuple[AsEntersChoice, ...]:
    """What "As ~ enters, choose …" abilities ask for ("a creature type", "a color") and who chooses
    ("an opponent chooses", "each player chooses")."""
    found = (_AS_ENTERS_CHOICE.match(a.rules_text) for a in abilities)
    return tuple(AsEntersChoice(what=m["what"], chooser=_CHOOSERS[m["who"]]) for m in found if m)


_TURN_OTHERS_FACE_DOWN = re.compile(
    rf"^As {_S} enters(?: the battlefield)?, turn all other nontoken creatures face down\."
)


def turns_others_face_down(ability: GameAbility) -> bool:
    """Ixidron's "As ~ enters, turn all other nontoken creatures face down." (CR 614.1c, 708.2)."""
    return bool(_TURN_OTHERS_FACE_DOWN.match(ability.rules_text))


def other_as_enters(abilities: tuple[GameAbility, ...]) -> tuple[GameAbility, ...]:
    """ "As ~ enters, …" abilities that neither ask for a named choice nor set P/T (Sutured Ghoul's exile),
    and "~ enters under the control of …"."""
    return tuple(
        a
        for a in abilities
        if (_AS_ENTERS.match(a.rules_text) or _ENTERS_UNDER_CONTROL.match(a.rules_text))
        and not _AS_ENTERS_CHOICE.match(a.rules_text)
        and not _PT_SETTING.match(a.rules_text)
        and not _COIN_PT_SETTING.match(a.rules_text)
        and not _TURN_OTHERS_FACE_DOWN.match(a.rules_text)
    )


class AsEntersResult(Frozen):
    """What an "As ~ enters, …" ability that the engine doesn't apply itself leaves open (CR 614.1c): the
    action happens as it enters (or, for "you may", may), and what the permanent is afterwards depends on
    its result only as far as ``affects`` says."""

    optional: bool  # "As ~ enters, you may …": whether it was done is a choice
    affects: tuple[str, ...]  # its characteristics and status that depend on the result ("tapped", "power")
    tapped_unless_done: bool  # "If you don't, ~ enters tapped": done, it's untapped; not done, tapped
    counted: bool  # its "enters with N counters" sentence is read by the counter readers


_MAY = re.compile(rf"^As {_S} enters(?: the battlefield)?, you may ")
_MAY_ENTER_AS_COPY = re.compile(rf"^You may have {_S} enter(?: the battlefield)? as a copy of\b")
_TAPPED_UNLESS = re.compile(rf"If you don't, (?:{_S}|it) enters(?: the battlefield)? tapped")
_PT_COUNTER = re.compile(r"[+-]\d+/[+-]\d+ counter")


def settled_optional(
    abilities: tuple[GameAbility, ...], choices: Mapping[str, str]
) -> tuple[GameAbility, ...]:
    """``abilities`` with an "As ~ enters, you may … If you do, it enters with …" ability, and riot's or
    unleash's "you may have it enter with a +1/+1 counter" (CR 702.136a, 702.98a), settled by the board's
    ``may`` choice: done, the counters it gives are decided; not done, it gives none."""
    given = choices.get(MAY_KEY, "").strip().casefold()
    if given not in ("done", "not done"):
        return abilities
    settled: list[GameAbility] = []
    for ability in abilities:
        if ability.keyword in _MAY_COUNTER_KEYWORDS:
            if given == "done":
                settled.append(ability.model_copy(update={"keyword": None, "rules_text": _ONE_MORE_COUNTER}))
            continue
        head = _IF_YOU_DO.match(ability.rules_text) if _MAY.match(ability.rules_text) else None
        if head is None:
            settled.append(ability)
        elif given == "done":
            rest = _upper_first(ability.rules_text[head.end() :])
            settled.append(ability.model_copy(update={"rules_text": rest}))
    return tuple(settled)


_IF_YOU_DO = re.compile(r"^[^.]*\. If you do, ")
_MAY_COUNTER_KEYWORDS = frozenset({"Riot", "Unleash"})  # "You may have this permanent enter with a counter"
_ONE_MORE_COUNTER = f"{SELF} enters with an additional +1/+1 counter on it."


def riot_of(abilities: tuple[GameAbility, ...]) -> GameAbility | None:
    """Riot, whose "If you don't, it gains haste" rests on the same ``may`` choice as its counter
    (CR 702.136a)."""
    return next((a for a in abilities if a.keyword == "Riot"), None)


def as_enters_result(ability: _Worded) -> AsEntersResult:
    """Read what an :func:`other_as_enters` ability's result changes about the permanent itself: its
    counters (and so its power and toughness), being tapped, its power and toughness, its abilities, its
    controller, or everything (entering as a copy). Counters an "enters with N counters" sentence gives are
    left to the counter readers (:func:`undecided_counters`), so they aren't counted twice."""
    text = ability.rules_text
    tapped = _TAPPED_UNLESS.search(text) is not None
    affects: list[str] = []
    if "as a copy of" in text:
        affects += ["name", "colors", "types", "subtypes", "power", "toughness", "abilities"]
    own_counters = "enters with" in text or re.search(r"counters? on (?:it|~)\b", text)
    if "counter" in text and _ENTERS_WITH.search(text) is None and own_counters:
        affects += ["counters", *(("power", "toughness") if _PT_COUNTER.search(text) else ())]
    if re.search(r"\bpower\b", text) and "enters with" not in text:
        affects += ["power", "toughness"]
    if "has that ability" in text or "has Buzz" in text:
        affects += ["abilities"]
    if "gains control of it" in text or _ENTERS_UNDER_CONTROL.match(text):
        affects += ["controller"]
    if tapped:
        affects += ["tapped"]
    return AsEntersResult(
        optional=_MAY.match(text) is not None,
        affects=tuple(dict.fromkeys(affects)),
        tapped_unless_done=tapped,
        counted=_ENTERS_WITH.search(text) is not None,
    )


class _Worded(Protocol):
    @property
    def rules_text(self) -> str: ...


_Ability = TypeVar("_Ability", bound=_Worded)


ENCHANTED_PLAYER = "enchanted player"
"""The ``choices:`` key that says which player an Aura with enchant player enchants."""
EXILED_KEY = "exiled"
"""The ``choices:`` key by which a board says an "As ~ enters, exile …" ability exiled nothing (``none``)."""
MAY_KEY = "may"
"""The ``choices:`` key saying whether an "As ~ enters, you may …" action was done (``done``/``not done``)."""
_ENCHANT_PLAYER = re.compile(r"^Enchant (?:player|opponent)\b")


def may_enter_as_copy(abilities: Sequence[_Ability]) -> _Ability | None:
    """The optional "You may have ~ enter as a copy of …" ability (Clone; CR 707.5), if any."""
    return next((a for a in abilities if _MAY_ENTER_AS_COPY.match(a.rules_text)), None)


def choice_keys(abilities: Sequence[_Worded]) -> frozenset[str]:
    """Every ``choices:`` key an object with ``abilities`` uses: its "as enters" choices (one per player
    when each player chooses), its P/T setting's result, whether an optional "as enters" action was done,
    that its "as enters" exile exiled nothing, and whom an enchant-player Aura enchants."""
    keys: set[str] = set()
    for ability in abilities:
        text = ability.rules_text
        choice = _AS_ENTERS_CHOICE.match(text)
        if choice:
            key = choice_key(choice["what"])
            keys |= {key, f"{key} by you", f"{key} by opponent"}
        if _PT_SETTING.match(text) or _COIN_PT_SETTING.match(text):
            keys.add(pt_setting_key(ability))
        if _MAY.match(text) or _MAY_ENTER_AS_COPY.match(text) or text in _MAY_COUNTER_KEYWORDS:
            keys.add(MAY_KEY)
        if _AS_ENTERS.match(text) and "exile" in text:
            keys.add(EXILED_KEY)
        if _ENCHANT_PLAYER.match(text):
            keys.add(ENCHANTED_PLAYER)
        if _PREGAME_COLOR.search(text):
            keys.add("color")
    return frozenset(keys)


_PREGAME_COLOR = re.compile(r"\bchoose a color before the game begins\b")  # The Prismatic Piper (607.2p)
_CHOSEN_COLOR_CDA = re.compile(rf"(?:^|\. ){_S} is the chosen color\.")


_OTHERS_ENTER_WITH = re.compile(
    r"^Each other (?:[\w-]+ )*?creatures? you controls?(?: of the chosen type)? enters?(?: the battlefield)? "
    r"with an additional [+-]\d+/[+-]\d+ counter"
)
_OTHERS_ENTER_WITH_READ = re.compile(
    # "you controls": the 2022 wording of one card (Grumgully, the Generous) says it so
    r"^Each other (?:(?P<non>non-?)?(?P<subtype>[A-Z][\w']*) )?creatures? you controls?"
    r"(?P<chosen> of the chosen type)? enters?(?: the battlefield)? with an additional "
    r"(?P<kind>[+-]\d+/[+-]\d+) counter on it\.$"
)


class OthersEnterWith(Frozen):
    """ "Each other [Warrior|non-Human] creature you control [of the chosen type] enters with an additional
    +1/+1 counter on it" (Metallic Mimic, Bramblewood Paragon, Grumgully): what it gives, and to whom."""

    kind: str  # "+1/+1"
    subtype: str | None = None  # the creature type it names
    excluded: bool = False  # "non-Human": every creature but those of ``subtype``
    chosen_type: bool = False  # "of the chosen type": the creature type chosen as its source entered


def gives_others_counters(rules_text: str) -> bool:
    """Whether a permanent's ability gives other creatures its controller controls an additional counter as
    they enter (Metallic Mimic's "Each other creature you control of the chosen type enters with an additional
    +1/+1 counter on it"): a replacement effect on their entering (CR 614.1c, 614.12)."""
    return _OTHERS_ENTER_WITH.search(rules_text) is not None


def others_enter_with(rules_text: str) -> OthersEnterWith | None:
    """The wording :func:`gives_others_counters` finds, read; None when its filter isn't one this reads."""
    found = _OTHERS_ENTER_WITH_READ.match(rules_text)
    if found is None:
        return None
    return OthersEnterWith(
        kind=found["kind"],
        subtype=found["subtype"],
        excluded=bool(found["non"]),
        chosen_type=bool(found["chosen"]),
    )


def colored_by_choice(rules_text: str) -> bool:
    """Whether the ability is "~ is the chosen color": a characteristic-defining ability (CR 604.3) that
    works in every zone, on a choice made before the game (The Prismatic Piper)."""
    return _CHOSEN_COLOR_CDA.search(rules_text) is not None


_COLORS = ("white", "blue", "black", "red", "green")  # CR 105.1
_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # CR 205.3i


def choice_options(wanted: str) -> tuple[str, ...]:
    """Each value an "as enters" choice of ``wanted`` can take, when there are few ("a color": the five
    colors, "a color other than green": four, "a basic land type": five); () when they can't be listed (a
    creature type, a card name)."""
    if wanted == "a basic land type":
        return _BASIC_LAND_TYPES
    color = re.fullmatch(r"an? color(?: other than (?P<not>[a-z]+))?", wanted)
    return tuple(c for c in _COLORS if c != color["not"]) if color else ()


def choice_key(wanted: str) -> str:
    """The ``choices:`` key for an "as enters" choice: "a number between 0 and 7" → "number"."""
    return wanted.removeprefix("a ").removeprefix("an ").split(" between ")[0]


def pt_setting_ability(abilities: Sequence[_Ability], *, turned_face_up: bool = False) -> _Ability | None:
    """The "as enters (or is turned face up), it becomes your choice of …" ability, or the one that flips a
    coin for its power and toughness, if any (CR 613.2a, 707.2): of an object's abilities, or of a face's
    printed ones (a cheap test before building characteristics)."""
    for ability in abilities:
        match = _PT_SETTING.match(ability.rules_text)
        if match and (match["face_up"] or not turned_face_up):
            return ability
        if not turned_face_up and _COIN_PT_SETTING.match(ability.rules_text):
            return ability
    return None


def pt_options(ability: _Worded) -> tuple[PTOption, ...]:
    """The options of a P/T-setting ability, in printed order (``choices: {option: N}`` is 1-based; a coin
    flip's are heads then tails)."""
    coin = _COIN_PT_SETTING.match(ability.rules_text)
    if coin:
        return tuple(option for option in (pt_option(coin["heads"]), pt_option(coin["tails"])) if option)
    match = _PT_SETTING.match(ability.rules_text)
    if not match:
        return ()
    text = match["options"].removesuffix(" in addition to its other types")
    parts = [p.strip() for p in re.split(r",\s*(?:or\s+)?|\s+or\s+", text) if p.strip()]
    return tuple(option for option in (pt_option(part) for part in parts) if option)


def pt_setting_key(ability: _Worded) -> str:
    """The ``choices:`` key giving a P/T-setting ability's result: the coin's side or the option chosen."""
    return COIN_KEY if _COIN_PT_SETTING.match(ability.rules_text) else OPTION_KEY


def pt_option_labels(ability: _Worded) -> tuple[str, ...]:
    """The values ``choices: {KEY: …}`` takes for ``ability``, one per option of :func:`pt_options`."""
    if pt_setting_key(ability) == COIN_KEY:
        return ("heads", "tails")
    return tuple(str(i) for i in range(1, len(pt_options(ability)) + 1))


def coin_outcomes(abilities: Sequence[_Ability]) -> tuple[str, ...]:
    """What a coin-flip P/T setting among ``abilities`` (Molten Sentry's) makes it, heads then tails."""
    ability = pt_setting_ability(abilities)
    if ability is None or pt_setting_key(ability) != COIN_KEY:
        return ()
    return tuple(option.text for option in pt_options(ability))


def chosen_pt_option(ability: _Worded, choices: Mapping[str, str]) -> PTOption | None:
    """The option the board's ``choices`` give for ``ability`` (None: not given, or not one of them)."""
    given = choices.get(pt_setting_key(ability), "").strip().casefold()
    labels = pt_option_labels(ability)
    options = pt_options(ability)
    return options[labels.index(given)] if given in labels and len(options) == len(labels) else None


def pt_option(text: str) -> PTOption | None:
    """One "3/3 artifact creature with flying"-style description, or None if it has no fixed P/T."""
    match = _OPTION.match(text)
    if not match:
        return None
    words = (match["words"] or "").split()
    types = tuple(w.capitalize() for w in words if w.casefold() in CARD_TYPE_WORDS)
    subtypes = tuple(w for w in words if w[:1].isupper() and w.casefold() not in CARD_TYPE_WORDS)
    abilities = (_sentence_case(match["ability"].strip()),) if match["ability"] else ()
    return PTOption(
        text=text,
        power=PrintedNumber(printed=match["p"], value=int(match["p"])),
        toughness=PrintedNumber(printed=match["t"], value=int(match["t"])),
        types=types,
        subtypes=subtypes,
        abilities=abilities,
    )


def gives_additional_counters(exceptions: tuple[CopyException, ...]) -> bool:
    """Whether one of a copy effect's exceptions is "it enters with an additional … counter" (707.9e)."""
    return any(_ADDITIONAL_COUNTERS.search(exception.text) for exception in exceptions)


def additional_counters(
    exceptions: tuple[CopyException, ...], values: Characteristics, *, x: int | None
) -> tuple[EnteringCounters, ...]:
    """Counters a copy effect's "enters with an additional counter" exceptions add (CR 707.9e, 707.9f).

    ``values`` are the copy's characteristics, which decide conditions like "if it's a creature".
    """
    found: list[EnteringCounters] = []
    for exception in exceptions:
        match = _ADDITIONAL_COUNTERS.search(exception.text)
        condition = exception.condition
        if match and (not condition or values.is_a(condition)) and not (match["n"] == "X" and x is None):
            found.append(
                EnteringCounters(kind=match["kind"], count=_count(match["n"], x or 0), text=exception.text)
            )
    return tuple(found)


def undecided_additional(
    exceptions: tuple[CopyException, ...], values: Characteristics, *, x: int | None
) -> tuple[UndecidedCounters, ...]:
    """The "enters with X additional counters" exceptions (Altered Ego) whose X isn't given."""
    if x is not None:
        return ()
    found: list[UndecidedCounters] = []
    for exception in exceptions:
        match = _ADDITIONAL_COUNTERS.search(exception.text)
        condition = exception.condition
        if match and match["n"] == "X" and (not condition or values.is_a(condition)):
            found.append(UndecidedCounters(kind=match["kind"], text=exception.text, depends_on=Undecided.X))
    return tuple(found)


def counter_replacement(ability: GameAbility) -> CounterReplacement | None:
    """The replacement effect that changes how many counters are put on a permanent (CR 614.16), if any."""
    match = _MORE_COUNTERS.match(ability.rules_text)
    if match is None:
        return None
    what = match["what"]
    return CounterReplacement(
        text=ability.text,
        kind=match["kind"],
        types=() if what == "permanent" else tuple(t.capitalize() for t in what.split(" or ")),
        yours=bool(match["yours"]),
        doubles=match["how"] == "twice that many",
    )
