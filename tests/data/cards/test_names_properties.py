"""Properties of name normalisation, the key every lookup goes through."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from data.cards.names import normalize_name

LATIN = "abcdefghijklmnopqrstuvwxyzàáâäãåéèêëíìîïóòôöõúùûüçñæœ"
NAMES = st.text(alphabet=LATIN + LATIN.upper() + " -,'!.:/", max_size=40)


@given(NAMES)
def test_normalising_twice_changes_nothing(name: str) -> None:
    assert normalize_name(normalize_name(name)) == normalize_name(name)


@given(NAMES)
def test_case_does_not_matter(name: str) -> None:
    assert normalize_name(name.upper()) == normalize_name(name.lower())


@given(NAMES)
def test_the_key_is_plain_lowercase_words(name: str) -> None:
    key = normalize_name(name)
    assert key == " ".join(key.split())
    assert all(ch.isalnum() and not ch.isupper() for ch in key.replace(" ", ""))
