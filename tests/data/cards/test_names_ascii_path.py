"""An ASCII name takes a short path to its key (no Unicode normalisation): the key is the same."""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st

from data.cards.names import _normalize_unicode, normalize_name


@given(st.text(alphabet=string.printable + "\x1c\x1f\x7f", max_size=60))
def test_an_ascii_name_has_the_key_unicode_normalisation_gives(name: str) -> None:
    assert normalize_name(name) == _normalize_unicode(name)


def test_keys_of_ascii_names() -> None:
    assert normalize_name("  Lim-Dul's   Vault!  ") == "limduls vault"
    assert normalize_name("Snake_Case\tName") == "snakecase name"
    assert normalize_name("_____") == ""
    assert normalize_name("Lim-Dûl") == "limdul"  # not ASCII: the whole normalisation
