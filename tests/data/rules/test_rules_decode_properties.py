"""Property: every encoding and line ending Wizards has published decodes to the same text."""

from __future__ import annotations

import codecs

from hypothesis import given
from hypothesis import strategies as st

from data.rules.parser import decode_rules

LINE = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufeff\u2028\u2029\x85"),
    max_size=40,
)
ENCODERS = {
    "utf-8": lambda text: text.encode("utf-8"),
    "utf-8 with BOM": lambda text: codecs.BOM_UTF8 + text.encode("utf-8"),
    "utf-16 LE": lambda text: codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
    "utf-16 BE": lambda text: codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
}


@given(
    lines=st.lists(LINE, min_size=1, max_size=8),
    ending=st.sampled_from(["\r\n", "\n", "\r"]),
    encoding=st.sampled_from(sorted(ENCODERS)),
)
def test_decoding_ignores_encoding_and_line_endings(lines: list[str], ending: str, encoding: str) -> None:
    raw = ENCODERS[encoding](ending.join(lines))
    assert decode_rules(raw) == "\n".join(lines)
