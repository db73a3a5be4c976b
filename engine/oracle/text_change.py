"""Text-changing effects' words (CR 612.2): which words are color words, basic land types or creature
types, and a text with one such word replaced by another wherever it is used as that kind of word.

Mind Bend, Sleight of Mind, Artificial Evolution and Crystal Spray replace "all instances of one color
word with another", "one basic land type with another" or "one creature type with another". A word
counts only where it is used as that kind of word (612.2): "nonblack" and "Protection from black" use
the color word, "swampwalk" and "Swamps" the land type, "Goblins" and "non-Goblin" the creature type;
a card name never changes, even when it contains such a word (612.2; self-references are ``~`` in rules
text, and the caller names the names to keep in printed wording). A token's name made of its creature
types changes with them (612.2a). Mana symbols aren't words: ``{B}`` stays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum

from engine.core.citations import cite
from engine.core.messages import msg
from engine.core.model import SELF, Frozen

CORRECT_WAY = cite("612.2", "changes only those words that are used in the correct way")
TOKEN_NAMES = cite("612.2a", "can change these words because they’re being used as creature types")
COLOR_WORD_RULE = cite("105.1", "There are five colors in the Magic game")
BASIC_LAND_TYPE_RULE = cite("205.3i", "Forest, Island, Mountain, Plains, and Swamp are the basic land types")
CREATURE_TYPE_RULE = cite("205.3m", "these subtypes are called creature types")


class WordKind(StrEnum):
    """The kinds of words a text-changing effect replaces (CR 612.2)."""

    COLOR = "color word"
    BASIC_LAND_TYPE = "basic land type"
    CREATURE_TYPE = "creature type"


KIND_WORDS = {
    WordKind.COLOR: msg("color word"),
    WordKind.BASIC_LAND_TYPE: msg("basic land type"),
    WordKind.CREATURE_TYPE: msg("creature type"),
}
"""Each kind as a sentence names it (a language words it its own way)."""

COLOR_WORDS = ("white", "blue", "black", "red", "green")  # CR 105.1
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # CR 205.3i
# CR 205.3m (checked against the rules file by tests/engine/layers/test_text_change.py).
CREATURE_TYPES = (
    "Time Lord",
    "Advisor",
    "Aetherborn",
    "Alien",
    "Ally",
    "Angel",
    "Antelope",
    "Ape",
    "Archer",
    "Archon",
    "Armadillo",
    "Army",
    "Artificer",
    "Assassin",
    "Assembly-Worker",
    "Astartes",
    "Atog",
    "Aurochs",
    "Avatar",
    "Azra",
    "Badger",
    "Balloon",
    "Barbarian",
    "Bard",
    "Basilisk",
    "Bat",
    "Bear",
    "Beast",
    "Beaver",
    "Beeble",
    "Beholder",
    "Berserker",
    "Bird",
    "Blinkmoth",
    "Boar",
    "Bringer",
    "Brushwagg",
    "Camarid",
    "Camel",
    "Capybara",
    "Caribou",
    "Carrier",
    "Cat",
    "Centaur",
    "Child",
    "Chimera",
    "Citizen",
    "Cleric",
    "Clown",
    "Cockatrice",
    "Construct",
    "Coward",
    "Coyote",
    "Crab",
    "Crocodile",
    "C’tan",
    "Custodes",
    "Cyberman",
    "Cyclops",
    "Dalek",
    "Dauthi",
    "Demigod",
    "Demon",
    "Deserter",
    "Detective",
    "Devil",
    "Dinosaur",
    "Djinn",
    "Doctor",
    "Dog",
    "Dragon",
    "Drake",
    "Dreadnought",
    "Drone",
    "Druid",
    "Dryad",
    "Dwarf",
    "Efreet",
    "Egg",
    "Elder",
    "Eldrazi",
    "Elemental",
    "Elephant",
    "Elf",
    "Elk",
    "Employee",
    "Eye",
    "Faerie",
    "Ferret",
    "Fish",
    "Flagbearer",
    "Fox",
    "Fractal",
    "Frog",
    "Fungus",
    "Gamer",
    "Gargoyle",
    "Germ",
    "Giant",
    "Gith",
    "Glimmer",
    "Gnoll",
    "Gnome",
    "Goat",
    "Goblin",
    "God",
    "Golem",
    "Gorgon",
    "Graveborn",
    "Gremlin",
    "Griffin",
    "Guest",
    "Hag",
    "Halfling",
    "Hamster",
    "Harpy",
    "Hellion",
    "Hippo",
    "Hippogriff",
    "Homarid",
    "Homunculus",
    "Horror",
    "Horse",
    "Human",
    "Hydra",
    "Hyena",
    "Illusion",
    "Imp",
    "Incarnation",
    "Inkling",
    "Inquisitor",
    "Insect",
    "Jackal",
    "Jellyfish",
    "Juggernaut",
    "Kavu",
    "Kirin",
    "Kithkin",
    "Knight",
    "Kobold",
    "Kor",
    "Kraken",
    "Llama",
    "Lamia",
    "Lammasu",
    "Leech",
    "Leviathan",
    "Lhurgoyf",
    "Licid",
    "Lizard",
    "Manticore",
    "Masticore",
    "Mercenary",
    "Merfolk",
    "Metathran",
    "Minion",
    "Minotaur",
    "Mite",
    "Mole",
    "Monger",
    "Mongoose",
    "Monk",
    "Monkey",
    "Moonfolk",
    "Mount",
    "Mouse",
    "Mutant",
    "Myr",
    "Mystic",
    "Nautilus",
    "Necron",
    "Nephilim",
    "Nightmare",
    "Nightstalker",
    "Ninja",
    "Noble",
    "Noggle",
    "Nomad",
    "Nymph",
    "Octopus",
    "Ogre",
    "Ooze",
    "Orb",
    "Orc",
    "Orgg",
    "Otter",
    "Ouphe",
    "Ox",
    "Oyster",
    "Pangolin",
    "Peasant",
    "Pegasus",
    "Pentavite",
    "Performer",
    "Pest",
    "Phelddagrif",
    "Phoenix",
    "Phyrexian",
    "Pilot",
    "Pincher",
    "Pirate",
    "Plant",
    "Porcupine",
    "Possum",
    "Praetor",
    "Primarch",
    "Prism",
    "Processor",
    "Rabbit",
    "Raccoon",
    "Ranger",
    "Rat",
    "Rebel",
    "Reflection",
    "Rhino",
    "Rigger",
    "Robot",
    "Rogue",
    "Sable",
    "Salamander",
    "Samurai",
    "Sand",
    "Saproling",
    "Satyr",
    "Scarecrow",
    "Scientist",
    "Scion",
    "Scorpion",
    "Scout",
    "Sculpture",
    "Seal",
    "Serf",
    "Serpent",
    "Servo",
    "Shade",
    "Shaman",
    "Shapeshifter",
    "Shark",
    "Sheep",
    "Siren",
    "Skeleton",
    "Skunk",
    "Slith",
    "Sliver",
    "Sloth",
    "Slug",
    "Snail",
    "Snake",
    "Soldier",
    "Soltari",
    "Spawn",
    "Specter",
    "Spellshaper",
    "Sphinx",
    "Spider",
    "Spike",
    "Spirit",
    "Splinter",
    "Sponge",
    "Squid",
    "Squirrel",
    "Starfish",
    "Surrakar",
    "Survivor",
    "Synth",
    "Tentacle",
    "Tetravite",
    "Thalakos",
    "Thopter",
    "Thrull",
    "Tiefling",
    "Toy",
    "Treefolk",
    "Trilobite",
    "Triskelavite",
    "Troll",
    "Turtle",
    "Tyranid",
    "Unicorn",
    "Vampire",
    "Varmint",
    "Vedalken",
    "Volver",
    "Wall",
    "Walrus",
    "Warlock",
    "Warrior",
    "Weasel",
    "Weird",
    "Werewolf",
    "Whale",
    "Wizard",
    "Wolf",
    "Wolverine",
    "Wombat",
    "Worm",
    "Wraith",
    "Wurm",
    "Yeti",
    "Zombie",
    "Zubera",
)
# Plurals Oracle text uses that adding "s"/"es" doesn't make.
_IRREGULAR_PLURALS = {
    "Elf": "Elves",
    "Dwarf": "Dwarves",
    "Wolf": "Wolves",
    "Werewolf": "Werewolves",
    "Mouse": "Mice",
    "Ox": "Oxen",
    "Fungus": "Fungi",
    "Homunculus": "Homunculi",
    "Cyclops": "Cyclopes",
    "Plains": "Plains",
}
_SAME_PLURAL = frozenset({"Merfolk", "Moonfolk", "Kithkin", "Djinn", "Fish", "Sheep", "Aurochs", "Kor"})


class WordChange(Frozen):
    """One word of a kind replaced by another of the same kind, both as the rules list them."""

    kind: WordKind
    old: str
    new: str


def word_kind(word: str) -> tuple[WordKind, str] | None:
    """The kind of ``word`` and its form in the rules ("Black" → color word "black"; "goblin" → creature
    type "Goblin"); None when it is none of the kinds a text-changing effect replaces."""
    folded = word.strip().casefold()
    for kind, words in _WORDS.items():
        for known in words:
            if known.casefold() == folded:
                return kind, known
    return None


def plural(word: str) -> str:
    """The plural Oracle text writes for a creature or land type ("Elf" → "Elves", "Ally" → "Allies")."""
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if word in _SAME_PLURAL:
        return word
    if re.search(r"(?:s|x|z|ch|sh)$", word):
        return f"{word}es"
    if re.search(r"[^aeiou]y$", word):
        return f"{word[:-1]}ies"
    return f"{word}s"


def changed_text(text: str, change: WordChange, names: Sequence[str] = ()) -> str:
    """``text`` with each use of ``change.old`` as a word of its kind replaced by ``change.new`` (CR 612.2),
    in the same form (plural, "non"-, "-walk", capitalised); ``names`` (card names in printed wording) and
    the words inside them stay as they are."""
    kept: list[str] = []

    def keep(found: re.Match[str]) -> str:
        kept.append(found.group(0))
        return f"\0{len(kept) - 1}\0"

    for name in sorted({n for n in names if n}, key=len, reverse=True):
        text = re.sub(re.escape(name), keep, text)
    text = _pattern(change.kind, change.old).sub(lambda found: _replaced(found, change), text)
    return re.sub("\0(\\d+)\0", lambda found: kept[int(found.group(1))], text)


def named_as_self(text: str, name: str) -> str:
    """``text`` with each whole-word use of the card name ``name`` as a self-reference (``~``): an exchanged
    text box's name of the other card means the object that now has it (CR 201.5); "this creature" stays."""
    return re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", SELF, text)


def changed_subtypes(subtypes: tuple[str, ...], change: WordChange) -> tuple[str, ...]:
    """A type line's subtypes with the changed type replaced (CR 612.1: the type line's text changes)."""
    if change.kind is WordKind.COLOR:
        return subtypes
    return tuple(dict.fromkeys(change.new if s == change.old else s for s in subtypes))


_WORDS: dict[WordKind, tuple[str, ...]] = {
    WordKind.COLOR: COLOR_WORDS,
    WordKind.BASIC_LAND_TYPE: BASIC_LAND_TYPES,
    WordKind.CREATURE_TYPE: CREATURE_TYPES,
}


def _pattern(kind: WordKind, word: str) -> re.Pattern[str]:
    """Where ``word`` is used as a word of ``kind``: a whole word, maybe "non"-prefixed (a type also plural,
    a land type also in "swampwalk" or "swampcycling"); a color word in any case, a type capitalised as
    Oracle text prints types (lower case only after "non" and before "walk"/"cycling")."""
    # The article before the word, when there is one, follows the new word ("a Goblin" → "an Elf").
    before, after = r"(?:(?<![\w'’-])(?P<article>[Aa]n?) )?(?<![\w'’-])", r"(?![\w-])"
    if kind is WordKind.COLOR:
        return re.compile(rf"{before}(?P<non>non-?)?(?P<word>{re.escape(word)}){after}", re.IGNORECASE)
    forms = "|".join(re.escape(f) for f in sorted({word, plural(word)}, key=len, reverse=True))
    either = rf"{forms}|{re.escape(word.casefold())}"
    suffix = r"(?P<suffix>walk|cycling)" if kind is WordKind.BASIC_LAND_TYPE else r"(?P<suffix>(?!))"
    return re.compile(
        rf"{before}(?:(?P<non>non-?)(?P<word>{either})|(?P<typed>{forms})|(?P<part>{either}){suffix}){after}"
    )


def _replaced(found: re.Match[str], change: WordChange) -> str:
    groups = found.groupdict()
    word = groups.get("word") or groups.get("typed") or groups.get("part") or ""
    suffix = groups.get("suffix") or ""
    new = change.new if word.casefold() == change.old.casefold() else plural(change.new)
    if word[:1].islower():
        new = new.casefold()
    elif change.kind is WordKind.COLOR or suffix:
        new = new[:1].upper() + new[1:].casefold()
    changed = f"{groups.get('non') or ''}{new}{suffix}"
    return f"{_article(groups.get('article'), changed)}{changed}"


def _article(article: str | None, word: str) -> str:
    """The indefinite article ``article`` ("a", "An") as the word after it needs it, with its space."""
    if not article:
        return ""
    fitting = "an" if word[:1].casefold() in "aeiou" else "a"
    return f"{fitting.capitalize() if article[:1].isupper() else fitting} "
