"""Name resolution over the cache imported from the shared bulk file and supplement."""

from __future__ import annotations

from pathlib import Path

import pytest

from data.cards.errors import AmbiguousCardName, CardNotFound, InvalidCardQuery
from data.cards.names import normalize_name
from data.cards.repository import CardRepository
from data.cards.resolver import CardResolver
from data.cards.schema import CardRecord
from data.db import open_database
from tests.card_data import card_record as record


@pytest.fixture(scope="module")
def resolver(card_cache_db: Path) -> CardResolver:
    return CardResolver(CardRepository(open_database(card_cache_db)))


def resolved_name(resolver: CardResolver, query: str) -> str:
    return str(resolver.resolve(query).card.name)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("lim-dul's vault", "Lim-Dûl's Vault"),
        ("jotun grunt", "Jötun Grunt"),
        ("LIM-DÛL'S VAULT", "Lim-Dûl's Vault"),
        ("aether vial", "Aether Vial"),
        ("Æther Vial", "Aether Vial"),
    ],
)
def test_exact_names_ignore_case_accents_and_punctuation(
    resolver: CardResolver, query: str, expected: str
) -> None:
    resolution = resolver.resolve(query)
    assert (resolution.card.name, resolution.kind) == (expected, "exact")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Fire // Ice", "Fire // Ice"),
        ("Fire", "Fire // Ice"),
        ("ice", "Fire // Ice"),
        ("Insectile Aberration", "Delver of Secrets // Insectile Aberration"),
        ("Delver of Secrets", "Delver of Secrets // Insectile Aberration"),
        ("Tomoya the Revealer", "Jushi Apprentice // Tomoya the Revealer"),
        ("Bonecrusher Giant", "Bonecrusher Giant // Stomp"),  # adventure
        ("Stomp", "Bonecrusher Giant // Stomp"),
        ("Brisela, Voice of Nightmares", "Brisela, Voice of Nightmares"),  # meld result is its own card
    ],
)
def test_full_and_face_names_of_multi_part_cards(resolver: CardResolver, query: str, expected: str) -> None:
    assert resolved_name(resolver, query) == expected


@pytest.mark.parametrize("name", ["Fling", "Opt", "Nix"])
def test_short_real_names_win_exactly(resolver: CardResolver, name: str) -> None:
    resolution = resolver.resolve(name.lower())
    assert (resolution.card.name, resolution.kind) == (name, "exact")


def test_nix_does_not_silently_become_a_phoenix(tmp_path: Path) -> None:
    """Without Nix in the cache, "Nix" gives candidates, never a Phoenix."""
    db = open_database(tmp_path / "no-nix.db")
    repository = CardRepository(db)
    with db.conn:
        repository.upsert_cards(
            [record(name) for name in ("Arclight Phoenix", "Shivan Phoenix", "Ob Nixilis Reignited")]
        )
    resolver = CardResolver(repository)
    assert resolved_name(resolver, "nix") == "Ob Nixilis Reignited"  # the only name with a word "nix…"
    with db.conn:
        repository.upsert_cards([record("Ob Nixilis, the Fallen")])
    with pytest.raises(AmbiguousCardName) as caught:
        resolver.resolve("nix")
    assert sorted(caught.value.candidates) == ["Ob Nixilis Reignited", "Ob Nixilis, the Fallen"]
    with pytest.raises(CardNotFound) as not_found:
        resolver.resolve("phoenixx nix")
    assert "Phoenix" not in " ".join(not_found.value.suggestions)


def test_typos_resolve_when_one_card_is_clearly_nearest(resolver: CardResolver) -> None:
    resolution = resolver.resolve("tarmogyf")
    assert (resolution.card.name, resolution.kind) == ("Tarmogoyf", "typo")
    assert resolved_name(resolver, "lim dul's vault") == "Lim-Dûl's Vault"


def test_partial_names_resolve_when_only_one_card_fits(resolver: CardResolver) -> None:
    resolution = resolver.resolve("tarmo")
    assert (resolution.card.name, resolution.kind) == ("Tarmogoyf", "partial")


def test_several_fitting_cards_give_ranked_candidates(resolver: CardResolver) -> None:
    with pytest.raises(AmbiguousCardName) as caught:
        resolver.resolve("phoenix")
    assert len(caught.value.candidates) == 20
    assert all("Phoenix" in name for name in caught.value.candidates)
    assert caught.value.candidates[:2] == ["Chandra's Phoenix", "Flamewake Phoenix"]  # most played
    with pytest.raises(AmbiguousCardName) as typo:
        resolver.resolve("lightning blot")
    assert typo.value.candidates[:1] == ["Lightning Bolt"]


def ranked_card(name: str, rank: int | None = None) -> CardRecord:
    """A creature named ``name`` with Scryfall's ``edhrec_rank`` when ``rank`` is given."""
    ranked = {"edhrec_rank": rank} if rank is not None else {}
    return CardRecord.model_validate(
        {"object": "card", "name": name, "layout": "normal", "type_line": "Creature — Spirit", **ranked}
    )


def test_candidates_rank_whole_words_then_the_most_played_then_the_shortest(tmp_path: Path) -> None:
    db = open_database(tmp_path / "ranked.db")
    repository = CardRepository(db)
    cards = [
        ranked_card("Nightveiled Wisp", 1),  # only a word starting with the name typed
        ranked_card("Nightveil Predator"),
        ranked_card("Nightveil Specter", 3_625),
        ranked_card("Nightveil Ox"),
        ranked_card("Nightveil Sprite", 500),
        ranked_card("Haunter of Nightveil", 9_000),
    ]
    with db.conn:
        repository.upsert_cards(cards)
    with pytest.raises(AmbiguousCardName) as caught:
        CardResolver(repository).resolve("nightveil")
    assert caught.value.candidates == [
        "Nightveil Sprite",
        "Nightveil Specter",
        "Haunter of Nightveil",
        "Nightveil Ox",
        "Nightveil Predator",
        "Nightveiled Wisp",
    ]


def test_an_ambiguous_name_gives_at_most_25_candidates(tmp_path: Path) -> None:
    db = open_database(tmp_path / "many.db")
    repository = CardRepository(db)
    with db.conn:
        repository.upsert_cards([ranked_card(f"Phoenix of Ash {n:02}", 100 - n) for n in range(30)])
    with pytest.raises(AmbiguousCardName) as caught:
        CardResolver(repository).resolve("phoenix")
    assert caught.value.candidates == [f"Phoenix of Ash {n:02}" for n in range(29, 4, -1)]


def test_popularity_is_read_from_the_stored_records(tmp_path: Path) -> None:
    db = open_database(tmp_path / "ranks.db")
    repository = CardRepository(db)
    with db.conn:
        repository.upsert_cards([ranked_card("Ranked", 7), ranked_card("Unranked")])
    keys = [card.key for card in (ranked_card("Ranked"), ranked_card("Unranked"))]
    assert repository.popularity([*keys, "no such key"]) == {keys[0]: 7}


def test_unknown_names_give_suggestions(resolver: CardResolver) -> None:
    with pytest.raises(CardNotFound) as caught:
        resolver.resolve("Snapcaster Magician Supreme")
    assert caught.value.suggestions[0] == "Snapcaster Mage"
    with pytest.raises(CardNotFound) as nothing_near:
        resolver.resolve("qqqqqqqqqqqqqqqq")
    assert nothing_near.value.suggestions == []
    assert resolver.suggestions("snapcaster mage")[:2] == ["Snapcaster Mage", "Dualcaster Mage"]
    assert "Counterspell" in resolver.suggestions("countersp")[:3]


def test_real_cards_win_over_tokens_and_other_objects(tmp_path: Path) -> None:
    db = open_database(tmp_path / "tokens.db")
    repository = CardRepository(db)
    token = {
        "object": "card",
        "oracle_id": "t-1",
        "name": "Opt",
        "layout": "token",
        "type_line": "Token Creature",
    }
    emblem = {**token, "oracle_id": "e-1", "layout": "emblem", "type_line": "Emblem"}
    with db.conn:
        repository.upsert_cards(
            [CardRecord.model_validate(card) for card in (token, emblem)] + [record("Opt")]
        )
    assert CardResolver(repository).resolve("opt").card.layout == "normal"


def test_a_token_still_resolves_when_nothing_else_has_its_name(resolver: CardResolver) -> None:
    assert resolver.resolve("Ob Nixilis Reignited Emblem").card.layout == "emblem"


@pytest.mark.parametrize("query", ["", "   ", "x" * 201])
def test_empty_or_overlong_names_are_refused(resolver: CardResolver, query: str) -> None:
    with pytest.raises(InvalidCardQuery):
        resolver.resolve(query)


def test_a_name_without_letters_must_be_typed_as_printed(resolver: CardResolver) -> None:
    assert resolved_name(resolver, "_____") == "_____"
    for stray in ('"', "?", "--", "'"):
        with pytest.raises(CardNotFound) as error:
            resolver.resolve(stray)
        assert error.value.suggestions == []


def test_the_resolver_sees_cards_stored_after_it_loaded(tmp_path: Path) -> None:
    db = open_database(tmp_path / "growing.db")
    repository = CardRepository(db)
    resolver = CardResolver(repository)
    with pytest.raises(CardNotFound):
        resolver.resolve("Opt")
    repository.store(record("Opt"))
    assert resolved_name(resolver, "Opt") == "Opt"


@pytest.mark.parametrize(
    ("name", "normalized"),
    [("Lim-Dûl's Vault", "limduls vault"), ("Fire // Ice", "fire ice"), ("Æther Vial", "aether vial")],
)
def test_normalised_names(name: str, normalized: str) -> None:
    assert normalize_name(name) == normalized
