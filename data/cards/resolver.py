"""One name resolver for every command: exact, then partial, then typo-tolerant matching over the cache.

Order of precedence:

1. exact on the normalised name (case, accents and punctuation ignored), full name or any face name;
2. a partial name (the start of a word, ``tarmo``) that only one card fits;
3. a typo (rapidfuzz ``ratio``) that one card fits clearly better than any other.

Otherwise the candidates come back instead of a guess. ``ratio`` compares whole names, so ``Nix``
never scores close to ``Phoenix``, and real game cards always win over tokens, emblems and the like.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from rapidfuzz import fuzz, process

from data.cards.errors import AmbiguousCardName, CardNotFound, InvalidCardQuery
from data.cards.names import MAX_NAME_LENGTH, normalize_name
from data.cards.repository import CardRepository, NameEntry

MatchKind = Literal["exact", "partial", "typo"]

TYPO_ACCEPT_SCORE = 85.0  # a single typo in a short name still scores above this
TYPO_MARGIN = 5.0  # how much better than the runner-up a typo match must be to be trusted
SUGGESTION_CUTOFF = 60.0
MAX_CANDIDATES = 10


@dataclass(frozen=True)
class Resolution:
    """The card a name resolved to, the name it matched and how."""

    card: dict[str, Any]
    matched_name: str
    kind: MatchKind


def validated_query(query: str) -> str:
    """``query`` stripped; InvalidCardQuery when empty or longer than MAX_NAME_LENGTH characters."""
    stripped = query.strip()
    if not stripped:
        raise InvalidCardQuery("Give a card name.")
    if len(stripped) > MAX_NAME_LENGTH:
        raise InvalidCardQuery(f"A card name has at most {MAX_NAME_LENGTH} characters (got {len(stripped)}).")
    return stripped


class CardResolver:
    """Resolves typed names against the cache; reloads its name index whenever the database changes."""

    def __init__(self, repository: CardRepository) -> None:
        self._repository = repository
        self._marker: tuple[int, int] | None = None
        self._entries: list[NameEntry] = []
        self._by_normalized: dict[str, list[NameEntry]] = {}
        self._choices: list[str] = []

    def resolve(self, query: str) -> Resolution:
        """The one card ``query`` names; raise CardNotFound or AmbiguousCardName (with names) otherwise."""
        query = validated_query(query)
        normalized = normalize_name(query)
        self._refresh()
        if not normalized:
            return self._resolve_punctuation_only(query)
        if exact := self._by_normalized.get(normalized):
            return self._resolution(_ranked(exact)[0], "exact")
        partial = _best_per_card(_prefer_game_cards(self._word_prefix_matches(normalized)))
        if len(partial) == 1:
            return self._resolution(partial[0], "partial")
        typos = self._typo_matches(normalized)
        if not partial and _is_clear_winner(typos):
            return self._resolution(typos[0][0], "typo")
        close = [entry for entry, score in typos if score >= TYPO_ACCEPT_SCORE]
        if partial or len(close) > 1:
            raise AmbiguousCardName(query, _names([*partial, *close]))
        raise CardNotFound(query, _names(entry for entry, _ in typos))

    def _resolve_punctuation_only(self, query: str) -> Resolution:
        """A name with no letter or digit (``_____``) must be typed as printed: normalising it away would
        make every stray ``"`` or ``?`` name that card."""
        wanted = query.casefold()
        typed = [entry for entry in self._by_normalized.get("", []) if entry.name.casefold() == wanted]
        if not typed:
            raise CardNotFound(query, [])
        return self._resolution(_ranked(typed)[0], "exact")

    def suggestions(self, query: str, limit: int = 5) -> list[str]:
        """The cached names nearest to ``query``, best first (for "did you mean")."""
        self._refresh()
        return _names((entry for entry, _ in self._typo_matches(normalize_name(query))), limit)

    def _refresh(self) -> None:
        marker = self._repository.change_marker()
        if marker == self._marker:
            return
        self._entries = self._repository.name_entries()
        self._by_normalized = {}
        for entry in self._entries:
            self._by_normalized.setdefault(entry.normalized, []).append(entry)
        self._choices = [entry.normalized for entry in self._entries]
        self._marker = self._repository.change_marker()

    def _word_prefix_matches(self, normalized: str) -> list[NameEntry]:
        needle = " " + normalized
        return [entry for entry in self._entries if needle in " " + entry.normalized]

    def _typo_matches(self, normalized: str) -> list[tuple[NameEntry, float]]:
        """Names scored by rapidfuzz ``ratio`` (whole-name similarity), best card first, game cards only
        when any game card scores at all."""
        hits = process.extract(
            normalized,
            self._choices,
            scorer=fuzz.ratio,
            limit=MAX_CANDIDATES * 3,
            score_cutoff=SUGGESTION_CUTOFF,
        )
        scored = [(self._entries[index], float(score)) for _, score, index in hits]
        if any(entry.is_game_card for entry, _ in scored):
            scored = [(entry, score) for entry, score in scored if entry.is_game_card]
        best: dict[str, tuple[NameEntry, float]] = {}
        for entry, score in scored:
            if entry.card_key not in best or score > best[entry.card_key][1]:
                best[entry.card_key] = (entry, score)
        return sorted(best.values(), key=lambda pair: -pair[1])

    def _resolution(self, entry: NameEntry, kind: MatchKind) -> Resolution:
        card = self._repository.get(entry.card_key)
        if card is None:  # deleted by another process since the index was loaded
            self._marker = None
            raise CardNotFound(entry.name)
        return Resolution(card, entry.name, kind)


def _ranked(entries: Iterable[NameEntry]) -> list[NameEntry]:
    """Game cards first, then full names before face names, then a stable order."""
    return sorted(entries, key=lambda e: (not e.is_game_card, e.is_face, len(e.name), e.name, e.card_key))


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
