"""CR 607.1d seen from both objects: a token's ability and the ability of the object that created it
(Hofri Ghostforge), asked about either one. The boards ``linked-607-1d-*`` give the full answers."""

from __future__ import annotations

from data.boards import load_board
from engine.answers.copy_result import LinkedView, answer_board
from tests.engine.copy_cards import cards_for

HOFRI = """
battlefield:
  - {{card: Hofri Ghostforge, id: hofri}}
  - {{card: Llanowar Elves, id: elves}}
exile:
  - {{card: Grizzly Bears, id: bears, exiled_by: hofri, ability: 2}}
actions:
  - create_token_copy: {{exiled_with: hofri, via: Hofri Ghostforge, id: tok}}
{more}query: {{linked: {query}}}
"""


def linked(query: str, more: str = "") -> LinkedView:
    spec = load_board(HOFRI.format(query=query, more=more))
    view = answer_board(spec, cards_for(spec), "test").result.linked
    assert view is not None
    return view


def test_the_token_names_the_creators_ability() -> None:
    (link,) = linked("tok").across
    assert (link.ability, link.other, link.other_ability) == (1, "hofri", 2)
    assert link.rules == ("607.2a", "607.1d")
    assert link.exiled == ("bears",)


def test_the_creator_names_the_tokens_ability() -> None:
    (link,) = linked("hofri").across
    assert (link.ability, link.other, link.other_ability) == (2, "tok", 1)
    assert link.exiled == ("bears",)


def test_an_unrelated_object_has_no_cross_link() -> None:
    assert linked("elves").across == ()


def test_the_token_keeps_its_link_after_the_creator_left() -> None:
    # the token's ability refers to what the ability that created it did; Hofri's leaving changes nothing
    # for it, but the Hofri card in the graveyard is a new object, unrelated to the token (CR 400.7)
    more = "  - leaves: {object: hofri, to: graveyard}\n"
    (link,) = linked("tok", more).across
    assert link.exiled == ("bears",)
    assert linked("hofri", more).across == ()
