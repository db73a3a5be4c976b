"""Reminder text, self-references and wording generations ("enters the battlefield" and "enters")."""

from __future__ import annotations

from typing import Any

from engine.core.model import SELF
from engine.oracle import parse_card
from engine.oracle.keywords import KeywordVocabulary
from engine.oracle.text import paragraphs, self_names, short_names, strip_reminder
from tests.card_data import card_json, parsed_card

VOCABULARY = KeywordVocabulary.from_titles(["Flying", "Equip", "Crew", "Delve"], ["Exert"])


def own_card(
    name: str, text: str, type_line: str = "Creature — Shapeshifter", **extra: Any
) -> dict[str, Any]:
    """A small self-written card record in current Oracle wording."""
    return {"name": name, "layout": "normal", "type_line": type_line, "oracle_text": text, **extra}


def rules_texts(card: dict[str, Any]) -> list[str]:
    return [ability.rules_text for ability in parse_card(card, VOCABULARY).front.abilities]


def test_reminder_text_is_kept_for_display_and_removed_for_reasoning() -> None:
    delve = parsed_card("Murktide Regent").front.abilities[0]
    assert delve.text.startswith("Delve (Each card you exile")
    assert delve.rules_text == "Delve"


def test_reminder_only_paragraph_is_not_an_ability() -> None:
    rogue = parsed_card("Rogue Class").front
    assert rogue.abilities[0].paragraph == 2
    assert all(not ability.text.startswith("(") for ability in rogue.abilities)


def test_both_wording_generations_read_the_same() -> None:
    old = parsed_card("Clone").front.abilities[0].rules_text
    current = rules_texts(
        own_card("Clone", "You may have this creature enter as a copy of any creature on the battlefield.")
    )
    assert old == current[0] == f"You may have {SELF} enter as a copy of any creature on the battlefield."
    assert (
        parsed_card("Elvish Visionary").front.abilities[0].rules_text == f"When {SELF} enters, draw a card."
    )


def test_this_object_phrases_become_self() -> None:
    texts = rules_texts(
        own_card(
            "Mirror Rig",
            "Whenever this Vehicle attacks, draw a card.\nThis artifact can't be countered.\n"
            "Attach this Equipment to target creature.\nCrew 2",
            type_line="Artifact — Vehicle",
        )
    )
    assert texts[:3] == [
        f"Whenever {SELF} attacks, draw a card.",
        f"{SELF} can't be countered.",
        f"Attach {SELF} to target creature.",
    ]


def test_quoted_abilities_keep_this_creature() -> None:
    granted = parsed_card("Kaldra Compleat").front.abilities[2].rules_text
    assert '"Whenever this creature deals combat damage to a creature, exile that creature."' in granted


def test_legendary_short_name_is_self() -> None:
    gorex = parsed_card("Gorex, the Tombshell").front
    assert gorex.short_name == "Gorex"
    assert gorex.abilities[2].rules_text == (
        f"Whenever {SELF} attacks or dies, choose a card at random exiled with {SELF} "
        "and put that card into its owner's hand."
    )


def test_short_names() -> None:
    assert short_names("Sakashima of a Thousand Faces", is_legendary=True) == ("Sakashima",)
    assert short_names("Kenzo the Hardhearted", is_legendary=True) == ("Kenzo",)
    assert short_names("Hofri Ghostforge", is_legendary=True) == ()
    assert short_names("Gorex, the Tombshell", is_legendary=False) == ()


def test_cards_named_itself_is_self_but_another_name_is_not() -> None:
    savant = parsed_card("Arcane Savant").front.abilities[1].rules_text
    assert f"with cards named {SELF}." in savant
    herald = parsed_card("Angel's Herald").front.abilities[0].rules_text
    assert "card named Empyrial Archangel" in herald


def test_every_face_name_is_self_on_flip_and_transform_cards() -> None:
    tok_tok = parsed_card("Tok-Tok, Volcano Born")
    assert (
        tok_tok.faces[0].abilities[1].rules_text == f"Whenever {SELF} deals damage to an opponent, flip it."
    )
    delver = parsed_card("Delver of Secrets").front.abilities[0].rules_text
    assert delver.endswith(f"transform {SELF}.")


def test_split_face_names_refer_to_themselves() -> None:
    fire = parsed_card("Fire // Ice").faces[0]
    assert fire.abilities[0].rules_text.startswith(f"{SELF} deals 2 damage")


def test_old_converted_mana_cost_reads_as_mana_value() -> None:
    text = rules_texts(
        own_card("Test Sphinx", "Spells with converted mana cost 3 or less cost {1} more to cast.")
    )
    assert text == ["Spells with mana value 3 or less cost {1} more to cast."]


def test_paragraphs_keep_bullets_with_their_head() -> None:
    assert paragraphs("Choose one —\n• A.\n• B.\nFlying") == ["Choose one —\n• A.\n• B.", "Flying"]


def test_strip_reminder_and_names_longest_first() -> None:
    assert strip_reminder("Flying (This creature can't be blocked.)") == "Flying"
    names = self_names(["Gorex, the Tombshell", "Gorex, the Tombshell"], ["Gorex"])
    assert names.full == ("Gorex, the Tombshell",)


def test_raw_card_is_not_modified() -> None:
    raw = card_json("Clone")
    before = dict(raw)
    parsed_card("Clone")
    assert raw == before


def test_short_name_inside_another_name_is_not_self() -> None:
    ajani = parsed_card("Ajani, Strength of the Pride").front.abilities
    assert "token named Ajani's Pridemate" in ajani[1].rules_text
    assert ajani[2].rules_text.endswith(
        f"exile {SELF} and each artifact and creature your opponents control."
    )
