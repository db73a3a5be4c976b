"""Property: any Oracle text parses without an exception, with abilities numbered 1..n in order."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.oracle import parse_card
from tests.card_data import rules_keyword_vocabulary

FRAGMENTS = [
    "Flying, vigilance",
    "Kicker {1}{R}",
    "When this creature enters, draw a card.",
    "Whenever CARDNAME attacks, exile target card from a graveyard.",
    "You may play cards exiled with CARDNAME.",
    "As CARDNAME enters, choose a color.",
    "{T}: Add {G}.",
    "+1: Scry 1.",
    "Choose one —\n• Destroy target artifact.\n• Destroy target enchantment.",
    "You may have CARDNAME enter as a copy of any creature on the battlefield, except it's 7/7.",
    "(This is reminder text.)",
    "Landfall — Whenever a land you control enters, you gain 1 life.",
    "Equip {2}",
    "",
]
PARAGRAPH = st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=60))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(paragraphs=st.lists(PARAGRAPH, max_size=6), name=st.sampled_from(["Test Golem", "Vorel, the Tester"]))
def test_any_text_parses_with_abilities_numbered_in_order(paragraphs: list[str], name: str) -> None:
    text = "\n".join(p.replace("CARDNAME", name) for p in paragraphs)
    card = parse_card(
        {
            "name": name,
            "layout": "normal",
            "mana_cost": "{3}",
            "cmc": 3,
            "type_line": "Artifact Creature — Golem",
            "oracle_text": text,
            "power": "3",
            "toughness": "3",
        },
        rules_keyword_vocabulary(),
    )
    abilities = card.front.abilities
    assert [a.index for a in abilities] == list(range(1, len(abilities) + 1))
    assert [a.paragraph for a in abilities] == sorted(a.paragraph for a in abilities)
    assert all(name not in a.rules_text for a in abilities if name in a.text and "named" not in a.text)
