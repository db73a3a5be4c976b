"""Decoding and parsing the Comprehensive Rules text file (pure: bytes or text in, data out; no I/O).

The official file is a plain text document: a title, the effective date, an introduction, a table
of contents, then chapters (``7. Additional Rules``), sections (``707. Copying Objects``), rules
(``707.2.``) and subrules (``707.2a``) with ``Example:`` paragraphs, then a glossary of blank-line
separated entries and finally the credits.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date

from engine import UserError

# Subrule letters skip "l" and "o" (they look like 1 and 0).
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"

_CHAPTER = re.compile(r"^(?P<number>\d)\.\s+(?P<title>\S.*)$")
_SECTION = re.compile(r"^(?P<number>\d{3})\.\s+(?P<title>\S.*)$")
# Real files contain "606.5 If ..." (no period) and "901.4.All ..." (no space after the period).
_RULE = re.compile(r"^(?P<number>\d{3}\.\d+[a-z]?)(?:\.\s*|\s+)(?P<text>\S.*)$")
_EXAMPLE_PREFIX = "Example:"
_EFFECTIVE_DATE = re.compile(r"effective as of (?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}), (?P<year>\d{4})")
# English month names, independent of the process locale (strptime's %B is not).
_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
_OBSOLETE = "(Obsolete)"
# "rule 702.72", "rules 702.19b and 702.19f–h", "rule 717, “Attraction Cards;” rule 901".
_NUMBER = r"\d{3}(?:\.\d+[a-z]?)?"
_NUMBER_OR_RANGE = rf"{_NUMBER}(?:[–-][a-z0-9]+)?"
_REFERENCE_LIST = re.compile(
    rf"\brules? (?P<list>{_NUMBER_OR_RANGE}(?:(?:, | and | or |, and |, or ){_NUMBER_OR_RANGE})*)"
)
_REFERENCE_ITEM = re.compile(rf"(?P<number>{_NUMBER})(?:[–-](?P<end>[a-z0-9]+))?")
_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"})


class RulesParseError(ValueError, UserError):
    """The text is not a Comprehensive Rules document (no effective date, no numbered rules)."""


@dataclass(frozen=True, slots=True)
class Chapter:
    """A top-level division such as ``7. Additional Rules``."""

    number: str
    title: str


@dataclass(frozen=True, slots=True)
class Section:
    """A section such as ``707. Copying Objects``; ``chapter`` is its first digit."""

    number: str
    title: str

    @property
    def chapter(self) -> str:
        """The chapter digit of the section number ("7" for section 707)."""
        return self.number[0]


@dataclass(frozen=True, slots=True)
class Rule:
    """A numbered rule (``707.2``) or subrule (``707.2a``).

    ``parent`` is the section for a rule and the rule for a subrule; ``children`` lists the subrules;
    ``references`` holds every rule number the text points to ("See rule 702.72").
    """

    number: str
    parent: str
    text: str
    examples: tuple[str, ...] = ()
    children: tuple[str, ...] = ()
    references: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GlossaryEntry:
    """A glossary entry; ``alternatives`` are the comma-separated forms of a heading like
    ``Control, Controller``; ``obsolete`` marks terms no longer used by the game."""

    term: str
    alternatives: tuple[str, ...]
    obsolete: bool
    definition: str
    references: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RulesDocument:
    """A whole parsed Comprehensive Rules file."""

    effective_date: date
    chapters: tuple[Chapter, ...]
    sections: tuple[Section, ...]
    rules: tuple[Rule, ...]
    glossary: tuple[GlossaryEntry, ...]
    _by_number: dict[str, Rule] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_number", {rule.number: rule for rule in self.rules})

    def rule(self, number: str) -> Rule | None:
        """The rule or subrule ``number`` (e.g. ``"707.2a"``), or ``None``."""
        return self._by_number.get(number)

    def section(self, number: str) -> Section | None:
        """The section ``number`` (e.g. ``"707"``), or ``None``."""
        return next((section for section in self.sections if section.number == number), None)

    def subsection_titles(self, section: str) -> tuple[tuple[str, str], ...]:
        """``(number, text)`` of every rule directly under ``section``.

        For sections 701 and 702 these are the keyword actions and abilities:
        ``subsection_titles("702")`` starts ``(("702.1", "Most abilities …"), ("702.2", "Deathtouch"), …)``.
        Rule ``.1`` of those sections is a general rule, not a keyword; callers wanting only names
        should skip it (see :meth:`keyword_titles`).
        """
        return tuple((rule.number, rule.text) for rule in self.rules if rule.parent == section)

    def keyword_titles(self, section: str) -> tuple[tuple[str, str], ...]:
        """The titled rules of ``section`` (e.g. ``("702.9", "Flying")``): those whose text is one line
        without a sentence period, which in sections 701/702 are exactly the keyword names."""
        return tuple((number, text) for number, text in self.subsection_titles(section) if is_title(text))

    def texts(self) -> dict[str, str]:
        """Number to text of every chapter, section (their titles) and rule."""
        texts = {chapter.number: chapter.title for chapter in self.chapters}
        texts.update((section.number, section.title) for section in self.sections)
        texts.update((rule.number, rule.text) for rule in self.rules)
        return texts


def decode_rules(raw: bytes) -> str:
    """Decode a rules file and normalise its line endings to ``\\n``.

    Handles UTF-8 with or without a byte-order mark, UTF-16 LE/BE with a byte-order mark, and falls
    back to Windows-1252 for files that are not valid UTF-8. Curly quotes and dashes are kept.
    """
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = raw.decode("utf-16")
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def parse_rules(text: str) -> RulesDocument:
    """Parse decoded rules text (see :func:`decode_rules`) into a :class:`RulesDocument`."""
    lines = [line.rstrip() for line in text.lstrip("\ufeff").split("\n")]
    body_start = _body_start(lines)
    glossary_start = _index_of(lines, "Glossary", body_start)
    credits_start = _last_index_of(lines, "Credits", glossary_start + 1)
    chapters, sections, rules = _parse_body(lines[body_start:glossary_start])
    return RulesDocument(
        effective_date=_effective_date(text),
        chapters=chapters,
        sections=sections,
        rules=rules,
        glossary=tuple(_parse_glossary(lines[glossary_start + 1 : credits_start])),
    )


def rule_references(text: str) -> tuple[str, ...]:
    """Every rule number ``text`` points to, in order, without duplicates.

    Ranges of subrules are expanded: ``rules 702.19b and 702.19f–h`` gives 702.19b, 702.19f, 702.19g
    and 702.19h.
    """
    found: dict[str, None] = {}
    for reference_list in _REFERENCE_LIST.finditer(text):
        for item in _REFERENCE_ITEM.finditer(reference_list["list"]):
            found.update(dict.fromkeys(_expand_range(item["number"], item["end"])))
    return tuple(found)


def is_title(text: str) -> bool:
    """Whether a rule's text is a bare title (``Flying``) rather than a sentence."""
    return "\n" not in text and not text.endswith(".")


def normalise_text(text: str) -> str:
    """``text`` with straight quotes and single spaces, for comparing phrases across versions."""
    return " ".join(text.translate(_QUOTES).split())


def contains_phrase(text: str, phrase: str) -> bool:
    """Whether ``phrase`` occurs in ``text`` ignoring quote style, whitespace and letter case."""
    return normalise_text(phrase).casefold() in normalise_text(text).casefold()


def _effective_date(text: str) -> date:
    match = _EFFECTIVE_DATE.search(text)
    if match is None or match["month"] not in _MONTHS:
        raise RulesParseError("no “effective as of <Month D, YYYY>” line: not a Comprehensive Rules file")
    return date(int(match["year"]), _MONTHS.index(match["month"]) + 1, int(match["day"]))


def _body_start(lines: Sequence[str]) -> int:
    """Index of the first chapter heading of the rules proper, skipping the table of contents.

    The contents list chapter and section headings but no numbered rules, so the body starts at the
    last chapter heading before the first numbered rule.
    """
    first_rule = next((i for i, line in enumerate(lines) if _RULE.match(line)), None)
    if first_rule is None:
        raise RulesParseError("no numbered rules found: not a Comprehensive Rules file")
    chapter_starts = [i for i in range(first_rule) if _CHAPTER.match(lines[i])]
    return chapter_starts[-1] if chapter_starts else first_rule


def _index_of(lines: Sequence[str], wanted: str, start: int) -> int:
    return next((i for i in range(start, len(lines)) if lines[i].strip() == wanted), len(lines))


def _last_index_of(lines: Sequence[str], wanted: str, start: int) -> int:
    return next((i for i in range(len(lines) - 1, start - 1, -1) if lines[i].strip() == wanted), len(lines))


@dataclass
class _RuleDraft:
    number: str
    parent: str
    paragraphs: list[str]
    examples: list[str] = field(default_factory=list)

    def add_continuation(self, line: str) -> None:
        """An indented line continues the last paragraph (the rule text or its last example)."""
        if self.examples:
            self.examples[-1] += "\n" + line
        else:
            self.paragraphs.append(line)


def _parse_body(
    lines: Sequence[str],
) -> tuple[tuple[Chapter, ...], tuple[Section, ...], tuple[Rule, ...]]:
    chapters: list[Chapter] = []
    sections: list[Section] = []
    drafts: list[_RuleDraft] = []
    for line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if rule := _RULE.match(line):
            number = rule["number"]
            drafts.append(_RuleDraft(number, _parent_of(number), [rule["text"]]))
        elif section := _SECTION.match(line):
            sections.append(Section(section["number"], section["title"]))
        elif chapter := _CHAPTER.match(line):
            chapters.append(Chapter(chapter["number"], chapter["title"]))
        elif drafts and stripped.startswith(_EXAMPLE_PREFIX):
            drafts[-1].examples.append(stripped)
        elif drafts:
            drafts[-1].add_continuation(stripped)
    return tuple(chapters), tuple(sections), tuple(_finish_rules(drafts))


def _parent_of(number: str) -> str:
    """``707.2a`` → ``707.2``; ``707.2`` → ``707``."""
    if number[-1].isalpha():
        return number[:-1]
    return number.split(".")[0]


def _finish_rules(drafts: Sequence[_RuleDraft]) -> Iterator[Rule]:
    children: dict[str, list[str]] = {}
    for draft in drafts:
        children.setdefault(draft.parent, []).append(draft.number)
    for draft in drafts:
        text = "\n".join(draft.paragraphs)
        yield Rule(
            number=draft.number,
            parent=draft.parent,
            text=text,
            examples=tuple(draft.examples),
            children=tuple(children.get(draft.number, ())),
            references=rule_references(" ".join([text, *draft.examples])),
        )


def _parse_glossary(lines: Sequence[str]) -> Iterator[GlossaryEntry]:
    for block in _blocks(lines):
        heading, definition_lines = block[0], block[1:]
        definition = "\n".join(definition_lines)
        obsolete = heading.endswith(_OBSOLETE) or definition.startswith(_OBSOLETE)
        term = heading.removesuffix(_OBSOLETE).strip()
        yield GlossaryEntry(
            term=term,
            alternatives=_alternatives(term),
            obsolete=obsolete,
            definition=definition,
            references=rule_references(definition),
        )


def _blocks(lines: Sequence[str]) -> Iterator[list[str]]:
    """Runs of non-blank lines (stripped), separated by blank or whitespace-only lines."""
    block: list[str] = []
    for line in lines:
        if line.strip():
            block.append(line.strip())
        elif block:
            yield block
            block = []
    if block:
        yield block


def _alternatives(term: str) -> tuple[str, ...]:
    """The forms of a heading like ``Banding, “Bands with Other”`` (empty for a single form)."""
    forms = tuple(form.strip().strip('“”"') for form in term.split(","))
    return forms if len(forms) > 1 else ()


def _expand_range(number: str, end: str | None) -> list[str]:
    """``702.19f`` to ``h`` → 702.19f, 702.19g, 702.19h; ``702.19`` to ``21``: 702.19, 702.20, 702.21."""
    if end is None:
        return [number]
    if number[-1].isalpha() and end.isalpha() and end in SUBRULE_LETTERS:
        first, last = SUBRULE_LETTERS.index(number[-1]), SUBRULE_LETTERS.index(end)
        return [number[:-1] + letter for letter in SUBRULE_LETTERS[first : last + 1]]
    base, _, tail = number.rpartition(".")
    if base and tail.isdigit() and end.isdigit():
        return [f"{base}.{n}" for n in range(int(tail), int(end) + 1)]
    return [number]
