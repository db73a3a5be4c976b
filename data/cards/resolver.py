"""One name resolver for every command: exact, then partial, then typo-tolerant matching over the cache.

Order of precedence:

1. exact on the normalised name (case, width, accents and punctuation ignored), full name or any face
   name, in English or as printed in another language (``printed_names``: クローン, 夜帷の死霊);
2. a partial name (the start of a word, ``tarmo``) that only one card fits;
3. a typo (rapidfuzz ``ratio``) that one card fits clearly better than any other.

Otherwise the candidates come back instead of a guess, most relevant first: the names with the most of
the query's words as whole words, then the most played (Scryfall's ``edhrec_rank``, where the stored
record has it), then the shortest. ``ratio`` compares whole names, so ``Nix``
never scores close to ``Phoenix``, and real game cards always win over tokens, emblems and the like.
"""

from __future__ import annotations

import bisect
import itertools
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from rapidfuzz import fuzz, process

from data.cards.errors import AmbiguousCardName, CardNotFound, InvalidCardQuery
from data.cards.names import MAX_NAME_LENGTH, normalize_name
from data.cards.printings import PrintedNames
from data.cards.repository import CardRepository, NameEntry
from data.cards.schema import CardRecord
from engine import msg

MatchKind = Literal["exact", "partial", "typo"]

TYPO_ACCEPT_SCORE = 85.0  # a single typo in a short name still scores above this
TYPO_MARGIN = 5.0  # how much better than the runner-up a typo match must be to be trusted
SUGGESTION_CUTOFF = 60.0
MAX_CANDIDATES = 10
MAX_AMBIGUOUS = 25  # the candidates of an ambiguous name: as many as a Discord select menu shows

UNREADABLE_RECORD = (
    "The card cache's record of it can't be read: import the card data again, "
    "or look it up without --offline."
)
"""Why a name of the cache answers no card: its stored record doesn't fit the card schema (an older version
stored it) or was removed since the names were read."""


@dataclass(frozen=True)
class Resolution:
    """The card a name resolved to, the name it matched and how."""

    card: CardRecord
    matched_name: str
    kind: MatchKind


def validated_query(query: str) -> str:
    """``query`` stripped; InvalidCardQuery when empty or longer than MAX_NAME_LENGTH characters."""
    stripped = query.strip()
    if not stripped:
        raise InvalidCardQuery("Give a card name.")
    if len(stripped) > MAX_NAME_LENGTH:
        raise InvalidCardQuery(
            msg(
                "A card name has at most {limit} characters (got {length}).",
                limit=MAX_NAME_LENGTH,
                length=len(stripped),
            )
        )
    return stripped


class NameIndex:
    """Every name of the cache in memory, for partial, typo and autocomplete matching.

    One index can serve several resolvers (one per thread, each with its own connection): it is
    rebuilt, under a lock, when the cards' generation changes, and each build is an immutable snapshot.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._snapshot: _Snapshot | None = None

    @property
    def loaded(self) -> bool:
        """Whether a snapshot has been built (exact look-ups don't need one)."""
        return self._snapshot is not None

    def current(self, repository: CardRepository) -> _Snapshot:
        """The snapshot for the cache's current generation, rebuilt from ``repository`` if it changed."""
        marker = repository.generation()
        snapshot = self._snapshot
        if snapshot is not None and snapshot.marker == marker:
            return snapshot
        with self._lock:
            if self._snapshot is None or self._snapshot.marker != marker:
                entries = repository.name_entries() + PrintedNames(repository.db).entries()
                self._snapshot = _Snapshot.build(marker, entries)
            return self._snapshot


@dataclass(frozen=True)
class _Snapshot:
    marker: str
    entries: list[NameEntry]
    by_normalized: dict[str, list[NameEntry]]
    choices: list[str]
    sorted_names: list[tuple[str, int]]  # (normalized, index into entries), for prefix search

    @classmethod
    def build(cls, marker: str, entries: list[NameEntry]) -> _Snapshot:
        by_normalized: dict[str, list[NameEntry]] = {}
        for entry in entries:
            by_normalized.setdefault(entry.normalized, []).append(entry)
        choices = [entry.normalized for entry in entries]
        sorted_names = sorted((name, index) for index, name in enumerate(choices))
        return cls(marker, entries, by_normalized, choices, sorted_names)


class CardResolver:
    """Resolves typed names against the cache, through a :class:`NameIndex` kept in memory.

    An exact name is looked up in the database directly until the index is built, so a one-shot
    command never pays for loading every name.
    """

    def __init__(self, repository: CardRepository, index: NameIndex | None = None) -> None:
        self._repository = repository
        self._printed = PrintedNames(repository.db)
        self._index = index or NameIndex()

    def resolve(self, query: str) -> Resolution:
        """The one card ``query`` names; raise CardNotFound or AmbiguousCardName (with names) otherwise."""
        query = validated_query(query)
        normalized = normalize_name(query)
        if not normalized:
            return self._resolve_punctuation_only(query)
        if exact := self._exact(normalized):
            return self._resolution(_ranked(exact)[0], "exact")
        partial = _best_per_card(_prefer_game_cards(self._word_prefix_matches(normalized)))
        if len(partial) == 1:
            return self._resolution(partial[0], "partial")
        typos = self._typo_matches(normalized)
        if not partial and _is_clear_winner(typos):
            return self._resolution(typos[0][0], "typo")
        close = [entry for entry, score in typos if score >= TYPO_ACCEPT_SCORE]
        if partial or len(close) > 1:
            raise AmbiguousCardName(query, self._relevant(normalized, [*partial, *close]))
        raise CardNotFound(query, _names(entry for entry, _ in typos))

    def complete(
        self, text: str, limit: int = 25, keep: Callable[[NameEntry], bool] | None = None
    ) -> list[str]:
        """Card names for autocomplete: names starting with ``text``, then names with a word starting
        with it, then the nearest names by spelling; game cards first, at most ``limit``; only the
        names ``keep`` keeps when it is given."""
        normalized = normalize_name(text)
        if not normalized:
            return []
        kept = keep or _every_name
        snapshot = self._snapshot()
        start = bisect.bisect_left(snapshot.sorted_names, (normalized, -1))
        starting = itertools.takewhile(
            lambda pair: pair[0].startswith(normalized), itertools.islice(snapshot.sorted_names, start, None)
        )
        prefixed = list(
            itertools.islice(filter(kept, (snapshot.entries[index] for _, index in starting)), limit * 4)
        )
        found = _best_per_card(_prefer_game_cards(prefixed))
        if len(found) < limit:
            words = filter(kept, self._word_prefix_matches(normalized))
            found += _best_per_card(_prefer_game_cards(list(words)))
        if len(found) < limit:
            found += [entry for entry, _ in self._typo_matches(normalized) if kept(entry)]
        return _names(found, limit)

    def _exact(self, normalized: str) -> list[NameEntry]:
        if not self._index.loaded:
            return self._repository.name_entries(normalized) + self._printed.entries(normalized)
        return self._snapshot().by_normalized.get(normalized, [])

    def _resolve_punctuation_only(self, query: str) -> Resolution:
        """A name with no letter or digit (``_____``) must be typed as printed: normalising it away would
        make every stray ``"`` or ``?`` name that card."""
        wanted = query.casefold()
        typed = [entry for entry in self._exact("") if entry.name.casefold() == wanted]
        if not typed:
            raise CardNotFound(query, [])
        return self._resolution(_ranked(typed)[0], "exact")

    def suggestions(self, query: str, limit: int = 5) -> list[str]:
        """The cached names nearest to ``query``, best first (for "did you mean")."""
        return _names((entry for entry, _ in self._typo_matches(normalize_name(query))), limit)

    def _snapshot(self) -> _Snapshot:
        return self._index.current(self._repository)

    def _word_prefix_matches(self, normalized: str) -> list[NameEntry]:
        needle = " " + normalized
        return [entry for entry in self._snapshot().entries if needle in " " + entry.normalized]

    def _typo_matches(self, normalized: str) -> list[tuple[NameEntry, float]]:
        """Names scored by rapidfuzz ``ratio`` (whole-name similarity), best card first, game cards only
        when any game card scores at all."""
        snapshot = self._snapshot()
        hits = process.extract(
            normalized,
            snapshot.choices,
            scorer=fuzz.ratio,
            limit=MAX_CANDIDATES * 3,
            score_cutoff=SUGGESTION_CUTOFF,
        )
        scored = [(snapshot.entries[index], float(score)) for _, score, index in hits]
        if any(entry.is_game_card for entry, _ in scored):
            scored = [(entry, score) for entry, score in scored if entry.is_game_card]
        best: dict[str, tuple[NameEntry, float]] = {}
        for entry, score in scored:
            if entry.card_key not in best or score > best[entry.card_key][1]:
                best[entry.card_key] = (entry, score)
        return sorted(best.values(), key=lambda pair: -pair[1])

    def _relevant(self, normalized: str, entries: list[NameEntry]) -> list[str]:
        """The names of the cards of ``entries`` by relevance to the query (see the module's docstring),
        one per card, at most :data:`MAX_AMBIGUOUS`."""
        ranks = self._repository.popularity(entry.card_key for entry in entries)
        words = set(normalized.split())

        def relevance(entry: NameEntry) -> tuple[int, bool, int, int, str]:
            rank = ranks.get(entry.card_key)
            whole_words = len(words.intersection(entry.normalized.split()))
            return (-whole_words, rank is None, rank or 0, len(entry.name), entry.name)

        best: dict[str, NameEntry] = {}
        for entry in sorted(entries, key=relevance):
            best.setdefault(entry.card_key, entry)
        return _names(best.values(), MAX_AMBIGUOUS)

    def _resolution(self, entry: NameEntry, kind: MatchKind) -> Resolution:
        card = self._repository.get(entry.card_key)
        if card is None:  # unreadable, or deleted by another process since the index was loaded
            raise CardNotFound(entry.name, reason=UNREADABLE_RECORD)
        return Resolution(card, entry.name, kind)


def _ranked(entries: Iterable[NameEntry]) -> list[NameEntry]:
    """Game cards first, then full names before face names, then a stable order."""
    return sorted(entries, key=lambda e: (not e.is_game_card, e.is_face, len(e.name), e.name, e.card_key))


def _every_name(entry: NameEntry) -> bool:
    return True


def _prefer_game_cards(entries: list[NameEntry]) -> list[NameEntry]:
    games = [entry for entry in entries if entry.is_game_card]
    return games or entries


def _best_per_card(entries: list[NameEntry]) -> list[NameEntry]:
    best: dict[str, NameEntry] = {}
    for entry in _ranked(entries):
        best.setdefault(entry.card_key, entry)
    return list(best.values())


def _is_clear_winner(scored: list[tuple[NameEntry, float]]) -> bool:
    if not scored or scored[0][1] < TYPO_ACCEPT_SCORE:
        return False
    return len(scored) == 1 or scored[0][1] - scored[1][1] >= TYPO_MARGIN


def _names(entries: Iterable[NameEntry], limit: int = MAX_CANDIDATES) -> list[str]:
    """Distinct display names (full card names), in the given order, at most ``limit``."""
    names: list[str] = []
    for entry in entries:
        if entry.name not in names:
            names.append(entry.name)
    return names[:limit]
