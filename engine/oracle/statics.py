"""Static abilities' wordings (CR 604, 611.3, 613): whom each affects and the layered effects it has.

:func:`parse_static` recognises the wordings of every Oracle generation a board needs: Equipment and
Auras ("Equipped creature gets +10/+10 and loses flying", "Enchanted creature has \"…\"", "As long as
enchanted permanent is an Equipment, it has \"Equipped creature has flying.\""), anthems ("Creatures you
control get +1/+1", "Other Elf creatures you control get +1/+1", "White creatures get +1/+1"), type
changers (Mycosynth Lattice, March of the Machines, Opalescence, Humility) and Auras that set types and
base power and toughness (Lignify, Darksteel Mutation: a new creature type replaces the old ones, an
"artifact creature" keeps the other types, CR 205.1a/b). "Attacking creatures …" gets a requirement no
board meets (no combat). What it doesn't understand it keeps as ``unrecognised`` text, so the answer can
say it wasn't applied. :func:`level_static` reads a level symbol as the static ability it stands for
(711.2). The other readers name the characteristic-defining abilities the layer system applies itself and
Duplicant's "last creature card exiled with ~".

A static ability's parts are read in :mod:`engine.oracle.static_subjects` (whom it affects),
:mod:`engine.oracle.static_conditions` ("as long as …") and :mod:`engine.oracle.static_effects` (what it
does to each object).

Readers take an ability's reasoning text (self-references already :data:`engine.core.model.SELF`).
"""

from __future__ import annotations

import re
from functools import cache

from engine.core.effects import PT_COUNTS, EffectKind, EffectSpec
from engine.core.model import SELF, Frozen, LevelBand
from engine.oracle.static_conditions import HostCondition, Requirement, requirement_of
from engine.oracle.static_effects import (
    ForEach,
    Predicate,
    layers_of,
    predicate_of,
    pt_words,
    restriction_predicate,
)
from engine.oracle.static_subjects import VERBS, Subject, subject_of
from engine.oracle.text import masked, sentences, without_quotes
from engine.oracle.wording import name_standing_for_self

_GRAVEYARD_TYPES_CDA = re.compile(r"power is equal to the number of card types among cards in all graveyards")
_CHOSEN_NUMBER_CDA = re.compile(
    r"power is equal to the last chosen number and its toughness is equal to 7 minus"
)
_PLUS_ONE_TOUGHNESS = re.compile(r"toughness is equal to that number plus 1")
_CHOSEN_TYPE = re.compile(rf"^{re.escape(SELF)} is the chosen type in addition to its other types")
_PT_COUNT_CDA = re.compile(rf"power and toughness are each equal to the number of (?:{'|'.join(PT_COUNTS)})")
# Volrath's Shapeshifter: a text-changing effect the layer system applies in layer 3 (its rulings).
_FULL_TEXT_OF_TOP = re.compile(
    r"^As long as the top card of your graveyard is a creature card, "
    rf"{re.escape(SELF)} has the full text of that card and has the text [\"“](?P<text>[^\"”]+)[\"”]\.?$"
)
# Characteristic-defining abilities the layer system applies itself, not through parse_static.
_APPLIED_BY_LAYERS = re.compile(
    "|".join(
        p.pattern
        for p in (_CHOSEN_TYPE, _GRAVEYARD_TYPES_CDA, _CHOSEN_NUMBER_CDA, _PT_COUNT_CDA, _FULL_TEXT_OF_TOP)
    )
)


def full_text_of_top_creature(text: str) -> str | None:
    """The text Volrath's Shapeshifter's "As long as the top card of your graveyard is a creature card, ~
    has the full text of that card and has the text "{2}: Discard a card."" adds ("{2}: Discard a card."),
    or None when ``text`` says no such thing."""
    found = _FULL_TEXT_OF_TOP.match(text.strip())
    return found["text"] if found else None


_LAST_EXILED_WITH = re.compile(
    rf"has the power, toughness, and creature types of the last creature card exiled with {re.escape(SELF)}"
    r"\.(?P<still> It's still an? (?P<kept>\w+)\.)?"
)


class LastExiledWith(Frozen):
    """Duplicant's "~ has the power, toughness, and creature types of the last creature card exiled with ~.
    It's still a Shapeshifter." (CR 607.2a)."""

    kept: tuple[str, ...]  # the creature type it is still ("Shapeshifter"), when the text says one


def last_exiled_with(text: str) -> LastExiledWith | None:
    """The "last creature card exiled with ~" static ability a text says, or None."""
    match = _LAST_EXILED_WITH.search(text)
    if match is None:
        return None
    return LastExiledWith(kept=(match["kept"],) if match["still"] and match["kept"] else ())


def counts_graveyard_card_types(text: str) -> bool:
    """Whether a CDA counts the card types among cards in all graveyards (Tarmogoyf, CR 604.3)."""
    return _GRAVEYARD_TYPES_CDA.search(text) is not None


def adds_one_toughness(text: str) -> bool:
    """Whether such a CDA's toughness is "that number plus 1" (Tarmogoyf)."""
    return _PLUS_ONE_TOUGHNESS.search(text) is not None


def uses_chosen_number(text: str) -> bool:
    """Whether a CDA sets power to the last chosen number and toughness to 7 minus it (Shapeshifter)."""
    return _CHOSEN_NUMBER_CDA.search(text) is not None


def adds_chosen_type(text: str) -> bool:
    """Whether the ability makes its object "the chosen type in addition to its other types"."""
    return _CHOSEN_TYPE.search(text) is not None


def applied_by_layers(text: str) -> bool:
    """Whether a static ability is a CDA the layer system applies itself (chosen type, Tarmogoyf,
    Shapeshifter, "each equal to the number of …") rather than one :func:`parse_static` reads."""
    return _APPLIED_BY_LAYERS.search(text) is not None


ALL_CREATURE_TYPES = "(every creature type)"
# CR 205.3g-i: the subtypes of card types other than creature (the rest are creature types).
SUBTYPES_OF = {
    "Artifact": frozenset({
        "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification",
        "Gold", "Incubator", "Junk", "Map", "Powerstone", "Treasure", "Vehicle",
    }),
    "Enchantment": frozenset({
        "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga", "Shard",
        "Shrine",
    }),
    "Land": frozenset({
        "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
        "Power-Plant", "Sphere", "Swamp", "Tower", "Urza’s", "Urza's",
    }),
}  # fmt: skip


CHOSEN_CREATURE_TYPE = "creature type"
"""The ``choices`` key of an "As ~ enters, choose a creature type" choice."""
CHOSEN_COLOR_KEY = "color"
"""The ``choices`` key of an "As ~ enters, choose a color" choice."""
_HOST_ROLES = {"equipped": "Equipment", "enchanted": "Aura", "fortified": "Fortification"}
_CONDITION = re.compile(
    r"^As long as (?P<role>enchanted|equipped|fortified) (?P<what>[a-zA-Z]+) "
    r"is (?:an? )?(?P<type>[A-Za-z]+), "
    r"it (?P<rest>.+)$"
)
_ATTACHED_SUBJECT = re.compile(
    r"^(?P<role>Equipped|Enchanted|Fortified) "
    r"(?P<what>creature|permanent|artifact|land|Equipment|planeswalker"
    r"|enchantment|Aura|Vehicle) (?P<rest>.+)$"
)
_COLORLESS_ALL = re.compile(
    r"^All (?:cards that aren't on the battlefield, spells, and )?permanents are colorless$"
)
# Painter's Servant: "All cards that aren't on the battlefield, spells, and permanents are …" (every zone).
_EVERYWHERE = re.compile(
    r"^All (?P<off>cards that aren't on the battlefield, spells, and )?permanents (?P<rest>(?:are|have) .+)$"
)
_LEAVES_RIDER = re.compile(
    rf"\s*If (?:{re.escape(SELF)}|[A-Z][^.]*?) leaves the battlefield, "
    r"this effect continues until end of turn\.$"
)
# Conspiracy, Arcane Adaptation: the cards outside the battlefield are the chosen type too.
_SAME_OUTSIDE = re.compile(
    r"\s*The same is true for creature spells you control and creature cards you own that aren't on the "
    r"battlefield\.$"
)
_AS_LONG_AS_FIRST = re.compile(r"^As long as (?P<condition>[^,]+), (?P<main>.+)$")
_AS_LONG_AS_AFTER = re.compile(rf"^(?P<main>{re.escape(SELF)} .+?) as long as (?P<condition>.+)$")
_OWN_PREDICATE = re.compile(rf"^(?P<who>{re.escape(SELF)}|it) (?P<rest>.+)$")
# "as long as it's attacking", "As long as ~ is blocking": the object itself in combat (a board has none).
_OWN_COMBAT = re.compile(rf"^(?:it's|it is|{re.escape(SELF)} is) (?P<combat>attacking|blocking)$")


class ExiledKeywords(Frozen):
    """Soulflayer's "If a creature card with flying was exiled with ~'s delve ability, ~ has flying. The
    same is true for …": it has each of those keywords that a card exiled with its linked ability has
    (CR 607.2q for delve; 607.2a)."""

    via: str = ""  # the keyword of the linked ability that exiled the cards ("delve"); "" for any of its own
    creature: bool = False  # only creature cards count


# "If a creature card with flying was exiled with ~'s delve ability, ~ has flying. The same is true for …"
_EXILED_KEYWORDS = re.compile(
    rf"^If an? (?P<creature>creature )?card with (?P<first>[a-z ]+) was exiled with {re.escape(SELF)}"
    rf"(?:'s (?P<via>[a-z]+) ability)?, {re.escape(SELF)} has (?P=first)\. "
    r"The same is true for (?P<rest>[a-z ,]+)$"
)
_LIST_BREAK = re.compile(r",? and |, ")


def _exiled_keywords(text: str, sentence: str) -> StaticAbility | None:
    found = _EXILED_KEYWORDS.match(sentence)
    if found is None:
        return None
    names = [found["first"], *_LIST_BREAK.split(found["rest"])]
    if any(not name or name in ("landwalk", "protection") for name in names):
        return None  # a family of keywords ("landwalk"), which a card has as one of its members
    return StaticAbility(
        text=text,
        subject=Subject(itself=True),
        parts=(EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=tuple(n.capitalize() for n in names)),),
        exiled_keywords=ExiledKeywords(via=found["via"] or "", creature=bool(found["creature"])),
    )


class StaticAbility(Frozen):
    """A static ability parsed into whom it affects and the layered effects it has on each of them."""

    text: str
    subject: Subject
    condition: HostCondition | None = None
    requirement: Requirement | None = None  # "as long as …" about the source or the board
    parts: tuple[EffectSpec, ...] = ()  # what it does; pt_mana_value parts get the P/T per object
    pt_mana_value: bool = False  # "power and toughness each equal to its mana value" (layer 7b)
    # "are the chosen type": its subtype parts get the source's chosen creature type
    chosen_type: bool = False
    per: ForEach | None = None  # "gets +1/+1 for each …": its 7c parts are multiplied per affected object
    per_life: bool = False  # "gets -X/-X, where X is your life total": its 7c parts times that life total
    chosen_color: bool = False  # "the chosen color": its parts get the source's chosen color (CR 607.2d)
    # "Each other creature named ~": only objects with this name (CR 201.2a); SELF for the name printed
    # where its reasoning text says SELF ("named Brothers Yamazaki" is a name, not a self-reference, 201.5)
    named: str = ""
    # its parts are only the keywords the cards exiled with its linked ability have (Soulflayer)
    exiled_keywords: ExiledKeywords | None = None
    unrecognised: str = ""  # the wording after the recognised parts, which isn't applied
    # the wording after them that only restricts or requires ("can't block"): no characteristic changes
    restrictions: str = ""

    @property
    def layers(self) -> tuple[str, ...]:
        """The layers its parts apply in, in layer order (CR 613.1)."""
        found = {layer for part in self.parts for layer in layers_of(part)}
        return tuple(layer for layer in ("4", "5", "6", "7b", "7c") if layer in found)


_CHARACTERISTIC_WORDING = re.compile(
    r"\b(?:gets?|get) [+-]|\b(?:has|have|loses?|lose)\b|\b(?:is|are) (?:an? |all |every |colorless|white|blue"
    r"|black|red|green|the chosen|[A-Z]|\d+/\d+)|\bin addition to\b|\bpower\b|\btoughness\b",
)


def evaluated_by_zone_changes(text: str) -> bool:
    """Whether a static ability is applied by the zone-change code rather than parsed here (Duplicant)."""
    return last_exiled_with(text) is not None


def restricts_only(ability: StaticAbility) -> bool:
    """Whether a parsed static ability only says what objects can or must do, what they cost or how combat
    treats them ("~ can't block unless you have …", "~ attacks each combat if able"): no characteristic
    changes, so nothing for the layers (CR 613.1)."""
    return not ability.parts and not ability.unrecognised and bool(ability.restrictions)


def changes_characteristics(text: str) -> bool:
    """Whether a static ability's wording looks like it changes types, colors, abilities or P/T: not when
    every sentence only restricts or is about players (:func:`_restriction_sentence`)."""
    return not all(map(_restriction_sentence, sentences(text))) and bool(
        _CHARACTERISTIC_WORDING.search(without_quotes(text))
    )


# Players and decks have no characteristics (CR 109.1, 100.2): "You have no maximum hand size", "Each
# opponent's maximum hand size is reduced by one", "Your opponents can't cast spells during your turn".
_ABOUT_PLAYERS = re.compile(
    r"^(?:(?:[Yy]ou|[Yy]our opponents|[Ee]ach opponent|[Ee]ach player(?: who [^,]+?)?|[Pp]layers"
    r"|[Oo]pponents)"
    r" (?:can't|cannot|can|may|don't|doesn't|skip|(?:have|has) no maximum hand size)\b"
    r"|(?:Your|Each opponent's|Each player's|Your opponents') maximum hand size\b"
    r"|A deck can have\b)"
)
_LEADING_CONDITION = re.compile(r"^(?:If|As long as|Unless) [^,]+, ")


def _restriction_sentence(sentence: str) -> bool:
    """Whether one sentence of a static ability changes no characteristic of any object: it restricts or
    requires (:func:`~engine.oracle.static_effects.restriction_predicate`), or it is about players or
    decks."""
    sentence = _LEADING_CONDITION.sub("", sentence.strip().removesuffix("."), count=1)
    if not sentence or '"' in sentence or "“" in sentence or " copy " in f" {sentence} ":
        return False
    if _ABOUT_PLAYERS.match(sentence):
        return " enter" not in sentence  # "You may have ~ enter …" changes what enters
    words = sentence.split(" ")
    verb_at = next((i for i, word in enumerate(words) if word in VERBS or word in ("cost", "costs")), None)
    if verb_at is None:
        return False
    return restriction_predicate(" ".join(words[verb_at:]))


_YOU_AND_SELF = re.compile(rf"\byou and {re.escape(SELF)} have ")


@cache
def parse_static(text: str) -> StaticAbility | None:
    """The static ability ``text`` as a :class:`StaticAbility`, or None when its subject isn't recognised.

    A recognised subject with a predicate partly understood keeps the rest in ``unrecognised``.
    """
    # The rider only matters once the source has left, when its static ability is no longer on the board.
    sentence = _LEAVES_RIDER.sub("", text.strip())
    # "you and ~ have hexproof" (Gruul Spellbreaker): what it gives the player isn't the object's to have.
    sentence = _YOU_AND_SELF.sub(f"{SELF} has ", sentence)
    outside = _SAME_OUTSIDE.search(sentence)
    sentence = _SAME_OUTSIDE.sub("", sentence).removesuffix(".")
    exiled = _exiled_keywords(text, sentence)
    if exiled is not None:
        return exiled
    everywhere = _EVERYWHERE.match(sentence)
    if everywhere and not _COLORLESS_ALL.match(sentence):
        subject = Subject(everywhere=bool(everywhere["off"]))
        return _built(text, subject, predicate_of(everywhere["rest"], plural=True), None)
    colorless = _COLORLESS_ALL.match(sentence)
    if colorless:
        subject = Subject(everywhere=sentence != "All permanents are colorless")
        return StaticAbility(
            text=text, subject=subject, parts=(EffectSpec(kind=EffectKind.SET_COLORS, colors=()),)
        )
    condition = _CONDITION.match(sentence)
    if condition:
        subject = Subject(attached=_HOST_ROLES[condition["role"]])
        predicate = predicate_of(condition["rest"], plural=False)
        return _built(text, subject, predicate, HostCondition(type_word=condition["type"]))
    conditional = _AS_LONG_AS_FIRST.match(sentence) or _AS_LONG_AS_AFTER.match(sentence)
    if conditional and " as long as " not in conditional["condition"]:
        return _conditional(text, conditional["main"], conditional["condition"])
    global_conditional = _global_conditional(text, sentence)
    if global_conditional is not None:
        return global_conditional
    if sentence.startswith(f"{SELF} "):
        return _built(
            text, Subject(itself=True), predicate_of(sentence.removeprefix(f"{SELF} "), plural=False), None
        )
    attached = _ATTACHED_SUBJECT.match(sentence)
    if attached:
        subject = Subject(attached=_HOST_ROLES[attached["role"].casefold()])
        return _built(text, subject, predicate_of(attached["rest"], plural=False), None)
    parsed = _global(text, sentence)
    if parsed is None or outside is None or parsed.subject != Subject(types=("Creature",), controller="you"):
        return parsed
    # Off the battlefield it's the creature cards its controller owns (a board's cards are their owner's).
    return parsed.model_copy(update={"subject": parsed.subject.model_copy(update={"everywhere": True})})


def parse_printed_static(rules_text: str, text: str) -> StaticAbility | None:
    """:func:`parse_static` of an ability's reasoning text, with the name its printed ``text`` gives a
    "named ~" subject: the name printed, whichever object has the text (CR 201.2; not a self-reference,
    201.5). SELF stays when the two texts don't say it."""
    parsed = parse_static(rules_text)
    if parsed is None or parsed.named != SELF:
        return parsed
    return parsed.model_copy(update={"named": name_standing_for_self(rules_text, text) or SELF})


def _built(
    text: str, subject: Subject, predicate: Predicate, condition: HostCondition | None
) -> StaticAbility | None:
    per = predicate.per
    if (
        per
        and per.subject.other
        and not per.shares_creature_type
        and not (subject.attached or subject.itself)
    ):
        # "Creatures you control get +1/+1 for each other …": other than the source or than each creature?
        predicate = Predicate(rest=f"gets {pt_words(predicate.parts)} for each {per.text}")
    if not predicate.parts:
        return (
            None
            if not (predicate.rest or predicate.restrictions)
            else StaticAbility(
                text=text,
                subject=subject,
                condition=condition,
                unrecognised=predicate.rest,
                restrictions=predicate.restrictions,
            )
        )
    return StaticAbility(
        text=text,
        subject=subject,
        condition=condition,
        parts=predicate.parts,
        pt_mana_value=predicate.pt_mana_value,
        chosen_type=predicate.chosen_type,
        per=predicate.per,
        per_life=predicate.per_life,
        chosen_color=predicate.chosen_color,
        unrecognised=predicate.rest,
        restrictions=predicate.restrictions,
    )


def _conditional(text: str, main: str, condition: str) -> StaticAbility | None:
    """ "~ gets +1/+1 as long as you control an Island", "As long as ~ is equipped, it has …" (CR 604.2)."""
    own = _OWN_PREDICATE.match(main)
    # "it" is the source only when the condition names it; "As long as enchanted creature is …, it …" doesn't.
    if own and (own["who"] == SELF or condition.startswith((SELF, "it"))):
        parsed = _built(text, Subject(itself=True), predicate_of(own["rest"], plural=False), None)
    elif own:
        return None
    else:
        inner = parse_static(main)
        # One requirement each: "As long as ~ is untapped, all creatures attacking you get -1/-0" has two.
        parsed = inner.model_copy(update={"text": text}) if inner and inner.requirement is None else None
    if parsed is None:
        return None
    combat = _OWN_COMBAT.match(condition) if parsed.subject.itself else None
    requirement = (
        Requirement(text=condition, combat=combat["combat"]) if combat else requirement_of(condition)
    )
    return parsed.model_copy(update={"requirement": requirement})


def _global_conditional(text: str, sentence: str) -> StaticAbility | None:
    """ "Artifacts you control have shroud as long as you control three or more artifacts" (Metalcraft):
    a global ability with its condition last (CR 604.2). Not when the condition is about each affected
    object ("… as long as it's not attacking"), which a requirement of the source can't say."""
    at = masked(sentence).find(" as long as ")
    if at < 0 or sentence.startswith(SELF):
        return None
    main, condition = sentence[:at], sentence[at + len(" as long as ") :]
    if " as long as " in condition or condition.startswith(("it ", "it's ", "they ", "they're ")):
        return None
    inner = parse_static(main)
    if inner is None or not inner.parts or inner.requirement is not None:
        return None
    return inner.model_copy(update={"text": text, "requirement": requirement_of(condition)})


def level_static(band: LevelBand, text: str) -> StaticAbility:
    """A level symbol as the static ability it stands for (CR 711.2a/b): as long as the creature has at least
    N1 (and, for "N1-N2", no more than N2) level counters on it, it has base power and toughness [P/T] and
    has the abilities of its striation."""
    upper = f", but no more than {band.high}" if band.high is not None else ""
    requirement = Requirement(
        text=f"it has at least {band.low} level counters on it{upper}",
        counters=("level", band.low),
        at_most=band.high,
    )
    parts: list[EffectSpec] = []
    if (
        band.power is not None
        and band.power.value is not None
        and band.toughness
        and band.toughness.value is not None
    ):
        parts.append(
            EffectSpec(kind=EffectKind.SET_PT, power=band.power.value, toughness=band.toughness.value)
        )
    if band.abilities:
        parts.append(EffectSpec(kind=EffectKind.ADD_ABILITIES, abilities=band.abilities))
    return StaticAbility(text=text, subject=Subject(itself=True), requirement=requirement, parts=tuple(parts))


_NAME_LIST = re.compile(r",| and | or ")


def _global(text: str, sentence: str) -> StaticAbility | None:
    """ "Creatures you control get …", "Other Merfolk get …", "All permanents are …", "Each noncreature …"."""
    words = sentence.split(" ")
    verb_at = next((i for i, word in enumerate(words) if word in VERBS), None)
    if verb_at is None or verb_at == 0:
        return None
    named_at = words.index("named") if "named" in words[:verb_at] else verb_at
    subject = subject_of(words[:named_at])
    named = " ".join(words[named_at + 1 : verb_at])
    # one name only: "named Sword of Kaldra, ~, and Helm of Kaldra" lists names this reading doesn't split
    if subject is None or (named_at < verb_at and (not named or _NAME_LIST.search(named))):
        return None
    plural = words[verb_at] in ("get", "have", "lose", "are", "gain", "become")
    built = _built(text, subject, predicate_of(" ".join(words[verb_at:]), plural=plural), None)
    if built is not None and named_at < verb_at:
        built = built.model_copy(update={"named": named})
    if built is None or subject.combat is None:
        return built
    combat = Requirement(text=f"it's {subject.combat}", combat=subject.combat)
    return built.model_copy(update={"requirement": combat})


def self_referencing(text: str) -> bool:
    """Whether a static ability is about its own object ("~ gets +1/+1 as long as …")."""
    return text.startswith((SELF, f"As long as {SELF}")) or f", {SELF} " in text


_TAKING = frozenset({EffectKind.REMOVE_ABILITIES, EffectKind.SET_TYPES, EffectKind.SET_SUBTYPES})


def takes_abilities(text: str) -> bool:
    """Whether a static ability can take abilities away: it removes them, or sets types (a land that
    becomes a Mountain loses its rules text, CR 305.7)."""
    parsed = parse_static(text)
    return parsed is not None and any(part.kind in _TAKING for part in parsed.parts)
