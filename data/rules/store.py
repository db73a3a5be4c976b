"""The Comprehensive Rules in SQLite: loading one version atomically, look-ups, search and suggestions."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

import sqlite_utils
from rapidfuzz import fuzz, process

from data.db import bump_generation
from data.rules.parser import GlossaryEntry, RulesDocument, Section, is_title

RuleKind = Literal["chapter", "section", "rule"]

_WORD = re.compile(r"\w+")
_PRIORITY_TERM, _PRIORITY_ALTERNATIVE, _PRIORITY_SINGULAR = 0, 1, 2


@dataclass(frozen=True, slots=True)
class StoredRule:
    """A chapter, section or (sub)rule as stored; a chapter or section's ``text`` is its title."""

    number: str
    kind: RuleKind
    text: str
    parent: str | None
    examples: tuple[str, ...]
    children: tuple[str, ...]
    references: tuple[str, ...]
    version: date


class RulesStore:
    """Read and replace the Comprehensive Rules held in an open database (see ``data.db.open_database``)."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self._db = db

    def load(self, document: RulesDocument) -> None:
        """Replace whatever version is stored by ``document``, in a single transaction."""
        version = document.effective_date.isoformat()
        with _transaction(self._db.conn) as conn:
            for table in ("glossary_keys", "glossary", "rules_fts", "rules"):
                conn.execute(f"DELETE FROM {table}")  # fixed table names, no user input
            rules = list(_rule_rows(document, version))
            conn.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rules)
            conn.executemany(
                "INSERT INTO rules_fts (number, text, examples) VALUES (?, ?, ?)",
                [(row[0], row[4], " ".join(json.loads(row[5]))) for row in rules],
            )
            conn.executemany(
                "INSERT INTO glossary VALUES (?, ?, ?, ?, ?, ?, ?)", _glossary_rows(document, version)
            )
            conn.executemany(
                "INSERT OR IGNORE INTO glossary_keys VALUES (?, ?, ?)", _glossary_keys(document.glossary)
            )
            bump_generation(conn, "rules")

    @property
    def db(self) -> sqlite_utils.Database:
        """The database the rules are stored in."""
        return self._db

    def numbers(self) -> tuple[str, ...]:
        """Every chapter, section, rule and subrule number, in document order."""
        return tuple(row[0] for row in self._db.execute("SELECT number FROM rules ORDER BY position"))

    def terms(self) -> tuple[str, ...]:
        """Every glossary heading, in document order."""
        return tuple(row[0] for row in self._db.execute("SELECT term FROM glossary ORDER BY position"))

    def version(self) -> date | None:
        """The effective date of the stored rules, or ``None`` when none are loaded."""
        row = self._db.execute("SELECT version FROM rules LIMIT 1").fetchone()
        return date.fromisoformat(row[0]) if row else None

    def is_loaded(self) -> bool:
        """Whether any rules are stored."""
        return self.version() is not None

    def exists(self, number: str) -> bool:
        """Whether ``number`` is a chapter, section, rule or subrule of the stored version."""
        return self._db.execute("SELECT 1 FROM rules WHERE number = ?", [number]).fetchone() is not None

    def rule(self, number: str) -> StoredRule | None:
        """The rule ``number`` with its examples, parent and children, or ``None``."""
        row = self._db.execute(f"{_RULE_SELECT} WHERE number = ?", [number]).fetchone()
        return self._stored_rule(row) if row else None

    def texts(self, numbers: Iterable[str]) -> dict[str, str]:
        """Number to text (a title for chapters and sections) of those of ``numbers`` that exist."""
        wanted = sorted(set(numbers))
        placeholders = ", ".join("?" * len(wanted))
        rows = self._db.execute(
            f"SELECT number, text FROM rules WHERE number IN ({placeholders})",
            wanted,
        ).fetchall()
        return dict(rows)

    def search(self, words: str, limit: int = 10) -> tuple[StoredRule, ...]:
        """Rules matching ``words``, best first: the exact phrase, then all words, then any word.

        Within each group FTS5's bm25 ranks (titles and short rules that say it outright come first).
        """
        tokens = _WORD.findall(words)
        if not tokens:
            return ()
        quoted = [f'"{token}"' for token in tokens]
        found: dict[str, None] = {}
        for query in (f'"{" ".join(tokens)}"', " AND ".join(quoted), " OR ".join(quoted)):
            rows = self._db.execute(
                "SELECT number FROM rules_fts WHERE rules_fts MATCH ? ORDER BY bm25(rules_fts) LIMIT ?",
                [query, limit],
            ).fetchall()
            found.update(dict.fromkeys(row[0] for row in rows))
            if len(found) >= limit:
                break
        return tuple(rule for number in list(found)[:limit] if (rule := self.rule(number)) is not None)

    def define(self, term: str) -> GlossaryEntry | None:
        """The glossary entry for ``term``: case-insensitive, by heading, alternative or singular form."""
        key = normalise_term(term)
        row = self._db.execute(
            "SELECT g.term, g.alternatives, g.obsolete, g.definition, g.refs FROM glossary_keys k "
            "JOIN glossary g ON g.term = k.term WHERE k.key IN (?, ?) "
            "ORDER BY k.key != ?, k.priority, g.position LIMIT 1",
            [key, singular(key), key],
        ).fetchone()
        if row is None:
            return None
        term_, alternatives, obsolete, definition, refs = row
        return GlossaryEntry(
            term_, tuple(json.loads(alternatives)), bool(obsolete), definition, tuple(json.loads(refs))
        )

    def sections(self) -> tuple[Section, ...]:
        """Every section (``707`` "Copying Objects") in document order."""
        rows = self._db.execute("SELECT number, text FROM rules WHERE kind = 'section' ORDER BY position")
        return tuple(Section(number, title) for number, title in rows.fetchall())

    def subsection_titles(self, section: str) -> tuple[tuple[str, str], ...]:
        """``(number, text)`` of every rule directly under ``section`` (as ``RulesDocument`` does)."""
        rows = self._db.execute(
            "SELECT number, text FROM rules WHERE parent = ? AND kind = 'rule' ORDER BY position", [section]
        )
        return tuple((number, text) for number, text in rows.fetchall())

    def keyword_titles(self, section: str) -> tuple[tuple[str, str], ...]:
        """The titled rules of ``section``: in 701/702 the keyword names (``("702.9", "Flying")``)."""
        return tuple((number, text) for number, text in self.subsection_titles(section) if is_title(text))

    def nearest_numbers(self, number: str, limit: int = 5) -> tuple[str, ...]:
        """Stored numbers closest to ``number``: longest shared prefix first, then closest length."""
        rows = self._db.execute("SELECT number FROM rules ORDER BY position").fetchall()
        ranked = sorted(
            (row[0] for row in rows),
            key=lambda candidate: (-_shared_prefix(candidate, number), abs(len(candidate) - len(number))),
        )
        return tuple(ranked[:limit])

    def nearest_terms(self, term: str, limit: int = 5) -> tuple[str, ...]:
        """Glossary headings whose names or alternative forms are most similar to ``term``."""
        rows = self._db.execute(
            "SELECT key, term FROM glossary_keys WHERE priority < ?", [_PRIORITY_SINGULAR]
        )
        term_of_key = dict(rows.fetchall())
        matches = process.extract(normalise_term(term), list(term_of_key), scorer=fuzz.ratio, limit=limit * 3)
        return tuple(dict.fromkeys(term_of_key[key] for key, _score, _index in matches))[:limit]

    def _stored_rule(self, row: Sequence[Any]) -> StoredRule:
        number, kind, text, parent, examples, refs, version = row
        children = self._db.execute(
            "SELECT number FROM rules WHERE parent = ? ORDER BY position", [number]
        ).fetchall()
        return StoredRule(
            number=number,
            kind=kind,
            text=text,
            parent=parent,
            examples=tuple(json.loads(examples)),
            children=tuple(child[0] for child in children),
            references=tuple(json.loads(refs)),
            version=date.fromisoformat(version),
        )


_RULE_SELECT = "SELECT number, kind, text, parent, examples, refs, version FROM rules"


def rule_link(number: str, base: str) -> str:
    """A link to ``number`` in a hyperlinked copy of the rules: ``707.2a`` → ``{base}7072a``."""
    return base + number.replace(".", "")


def normalise_term(term: str) -> str:
    """A glossary term as users may type it: case-folded words, quotes and punctuation dropped."""
    return " ".join(_WORD.findall(term.replace("’", "'").casefold()))


def singular(key: str) -> str:
    """``key`` with every word made singular by the regular English endings (abilities → ability)."""
    return " ".join(_singular_word(word) for word in key.split())


def _singular_word(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _shared_prefix(a: str, b: str) -> int:
    length = 0
    for left, right in zip(a, b, strict=False):
        if left != right:
            break
        length += 1
    return length


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """Everything inside commits together or not at all.

    A savepoint rather than BEGIN so that it also nests inside a transaction another component
    sharing the connection has open (it then commits with that one).
    """
    conn.execute("SAVEPOINT rules_load")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK TO rules_load")
        conn.execute("RELEASE rules_load")
        raise
    conn.execute("RELEASE rules_load")


def _rule_rows(document: RulesDocument, version: str) -> Iterator[tuple[Any, ...]]:
    position = 0
    for chapter in document.chapters:
        position += 1
        yield (chapter.number, "chapter", None, position, chapter.title, "[]", "[]", version)
    for section in document.sections:
        position += 1
        yield (section.number, "section", section.chapter, position, section.title, "[]", "[]", version)
    for rule in document.rules:
        position += 1
        examples, refs = json.dumps(rule.examples, ensure_ascii=False), json.dumps(rule.references)
        yield (rule.number, "rule", rule.parent, position, rule.text, examples, refs, version)


def _glossary_rows(document: RulesDocument, version: str) -> Iterator[tuple[Any, ...]]:
    for position, entry in enumerate(document.glossary):
        alternatives = json.dumps(entry.alternatives, ensure_ascii=False)
        refs = json.dumps(entry.references)
        yield (entry.term, position, alternatives, int(entry.obsolete), entry.definition, refs, version)


def _glossary_keys(entries: Iterable[GlossaryEntry]) -> Iterator[tuple[str, str, int]]:
    for entry in entries:
        forms = [(entry.term, _PRIORITY_TERM)] + [(alt, _PRIORITY_ALTERNATIVE) for alt in entry.alternatives]
        for form, priority in forms:
            key = normalise_term(form)
            yield key, entry.term, priority
            yield singular(key), entry.term, _PRIORITY_SINGULAR
