"""Item 8 of issue 24: no live Markdown from user or data text, anywhere. Hostile names, handles,
rulings and rules text are rendered through every renderer (and the error replies through discord.py),
and no masked link, header, mention, code, spoiler or quote of theirs may survive, however many times
they appear in one sentence."""

from __future__ import annotations

import dataclasses
import re
import shutil
import string
from collections.abc import AsyncIterator, Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from bot import create_bot
from bot.config import Settings
from bot.judge import (
    BoardResult,
    CardAnswer,
    GlossaryAnswer,
    Judge,
    LinkedAnswer,
    RuleAnswer,
    Ruling,
    RulingsAnswer,
    SearchAnswer,
    original_state,
)
from cogs.copy import copy_title
from cogs.markdown import code, escape
from cogs.render import (
    Context,
    Reply,
    board_reply,
    card_reply,
    linked_reply,
    rule_reply,
    rulings_reply,
    search_reply,
)
from data.rules.parser import RulesDocument
from tests.cogs.conftest import SettingsFactory
from tests.cogs.harness import CapturedRequest, DiscordHarness
from tests.fakes.fixtures import cache_copy_with

LINK = "https://yawgatog.com/resources/magic-rules/#R"

FRAGMENTS = (
    "[Free Nitro](https://evil.example/a)",
    "[x](<https://evil.example>)",
    "](https://evil.example)",
    "https://evil.example/[y](https://evil.example)",
    *("[", "]", "(", ")", "\\", "\n", " "),
    *("# ", "## ", "### ", "-# ", "> ", ">>> ", "- ", "1. "),
    *("```", "`", "||", "*", "**", "_", "__", "~~"),
    *("@everyone", "@here", "<@123456789012345678>", "<@!123456789012345678>", "<@&123456789012345678>"),
    *("<#123456789012345678>", "</copy:123456789012345678>", "<t:1700000000:R>"),
)
HOSTILE = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.text(string.ascii_letters + " .", min_size=1, max_size=6)),
    min_size=1,
    max_size=12,
).map("".join)
"""Names and texts made of Markdown that could go live, with words between."""

_ESCAPED = re.compile(r"\\([^0-9A-Za-z\s])")
"""What Discord reads as an escaped character (shown as typed, never Markdown)."""
_RULE_LINK = re.compile(r"\[\d{3}(?:\.\d+[a-z]?)?\]\(" + re.escape(LINK) + r"\d+[a-z]?\)")


def live(text: str) -> str:
    """``text`` with each escaped character replaced by a NUL: what is left is what Discord reads."""
    return _ESCAPED.sub("\0", text)


def live_markdown(text: str) -> list[str]:
    """The live Markdown in ``text`` that no renderer writes itself: masked links other than the
    rules links, headers, subtext and quotes, mentions, code, spoilers."""
    shown = _RULE_LINK.sub("", live(text))
    problems = {
        "masked link": "](" in shown,
        "header": re.search(r"^[ \t]*(?:#{1,3}|-#)[ \t]", shown, re.MULTILINE) is not None,
        "quote": re.search(r"^[ \t]*>", shown, re.MULTILINE) is not None,
        "mention": re.search(r"@everyone|@here|<[@#/]|<t:", shown) is not None,
        "code": "`" in shown,
        "spoiler": "||" in shown,
    }
    return [problem for problem, found in problems.items() if found]


def texts_of(reply: Reply) -> Iterable[str]:
    """Every text of every page of ``reply`` Discord renders."""
    for page in reply.pages:
        data = page.to_dict()
        yield data.get("title", "")
        yield data.get("description", "")
        yield from (f"{field['name']}\n{field['value']}" for field in data.get("fields", []))


def swapped(value: Any, old: str, new: str) -> Any:
    """``value`` (an answer, or anything in one) with ``old`` replaced by ``new`` in every string."""
    if isinstance(value, str):
        return value.replace(old, new)
    if isinstance(value, BaseModel):
        fields = {name: swapped(getattr(value, name), old, new) for name in type(value).model_fields}
        return value.model_copy(update=fields)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changed = {
            f.name: swapped(getattr(value, f.name), old, new) for f in dataclasses.fields(value) if f.init
        }
        return dataclasses.replace(value, **changed)
    if isinstance(value, tuple | list):
        return type(value)(swapped(item, old, new) for item in value)
    if isinstance(value, Mapping):
        return {swapped(k, old, new): swapped(v, old, new) for k, v in value.items()}
    return value


class Answers(NamedTuple):
    """Real answers of the Judge, each with the text a hostile one replaces."""

    copy: BoardResult
    board: BoardResult
    linked: LinkedAnswer
    card: CardAnswer
    rule: RuleAnswer
    glossary: GlossaryAnswer
    search: SearchAnswer
    context: Context


TOKEN_BOARD = """
battlefield:
  - {card: Tarmogoyf, id: qqgoyf}
actions:
  - create_token: {name: Qqhostile, types: [Creature], subtypes: [Elf], power: 1, toughness: 1, id: qqtoken}
  - becomes_copy: {object: qqgoyf, of: qqtoken, via: Cytoshape}
query: qqgoyf
"""


@pytest.fixture
async def answers(make_settings: SettingsFactory) -> AsyncIterator[Answers]:
    """The answers, asked offline."""
    async with Judge.open(make_settings(offline=True)) as judge:
        glossary = await judge.rule("copiable values")
        assert isinstance(glossary, GlossaryAnswer)
        rule = await judge.rule("707.2")
        assert isinstance(rule, RuleAnswer)
        yield Answers(
            copy=await judge.copy("Clone", "Tarmogoyf", original_state(option_prefix="")),
            board=await judge.board(TOKEN_BOARD),
            linked=await judge.linked(["Nightveil Specter"]),
            card=await judge.card("Tarmogoyf"),
            rule=rule,
            glossary=glossary,
            search=await judge.search_rules("enters as a copy", 5),
            context=Context(await judge.versions(), LINK),
        )


def renderings(answers: Answers, hostile: str) -> Iterable[tuple[str, Reply]]:
    """Every renderer's reply with ``hostile`` as the names, handles and texts of the answers."""
    context = answers.context._replace(names={"Clone": hostile, "Tarmogoyf": hostile})
    copy = swapped(answers.copy, "Tarmogoyf", hostile)
    yield "copy", board_reply(copy, answers.context, title=copy_title(copy, answers.context))
    yield "copy, printed names", board_reply(answers.copy, context, title=copy_title(answers.copy, context))
    board = swapped(swapped(answers.board, "Qqhostile", hostile), "qq", hostile)
    yield "board", board_reply(board, answers.context)
    yield "linked", linked_reply(swapped(answers.linked, "Nightveil Specter", hostile), answers.context)
    yield "card", card_reply(swapped(answers.card, "Tarmogoyf", hostile), context)
    ruling = Ruling(source=hostile, published_at=hostile, comment=f"{hostile} 707.2 " * 200)  # several pages
    yield "rulings", rulings_reply(RulingsAnswer(card=hostile, rulings=(ruling,)), context)
    yield "rule", rule_reply(swapped(answers.rule, "copiable values", hostile), answers.context)
    glossary = swapped(swapped(answers.glossary, "Copiable Values", hostile), "copiable values", hostile)
    yield "glossary", rule_reply(glossary, answers.context)
    yield "search", search_reply(answers.search.model_copy(update={"words": hostile}), answers.context)


async def test_no_renderer_leaves_hostile_markdown_live(answers: Answers) -> None:
    seen: set[str] = set()

    @settings(max_examples=200, deadline=None)
    @given(hostile=HOSTILE)
    def check(hostile: str) -> None:
        for renderer, reply in renderings(answers, hostile):
            for text in texts_of(reply):
                assert live_markdown(text) == [], (renderer, hostile, text)
            seen.add(renderer)

    check()
    assert len(seen) == 9


def test_the_checker_finds_what_discord_would_render() -> None:
    assert live_markdown("[a](https://x) and [b](https://evil)") == ["masked link"]
    assert live_markdown(f"**[707.2]({LINK}7072)** text") == []
    assert live_markdown("a\n## big\n-# small\n> quoted") == ["header", "quote"]
    assert live_markdown("@everyone <@123> ```x``` ||s||") == ["mention", "code", "spoiler"]
    assert live_markdown("\\[a\\](https://x) \\# 1 \\|\\|s\\|\\|") == []


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            "[a](https://x.example) [b](https://evil.example)",
            "\\[a\\](https://x.example) \\[b\\](https://evil.example)",
        ),
        ("\\[a](https://evil.example)", "\\\\\\[a\\](https://evil.example)"),
        ("https://x.example/[a](https://evil.example)", "https://x.example/\\[a\\](https://evil.example)"),
        ("# h\n-# s\n> q\n  - l\n12. n", "\\# h\n\\-# s\n\\> q\n  \\- l\n12\\. n"),
        ("<#123456789012345678> </copy:1> <t:1:R>", "\\<#123456789012345678> \\</copy:1> \\<t:1:R>"),
        ("@everyone <@123456789012345678>", "@\u200beveryone \\<@\u200b123456789012345678>"),
        ("||s|| ```c``` ~~x~~ __u__", "\\|\\|s\\|\\| \\`\\`\\`c\\`\\`\\` \\~\\~x\\~\\~ \\_\\_u\\_\\_"),
        ("Lim-Dûl's +1/+1 (CR 707.2)", "Lim-Dûl's +1/+1 (CR 707.2)"),
    ],
)
def test_every_markdown_character_is_escaped_where_it_would_be_read(text: str, shown: str) -> None:
    assert escape(text) == shown


def test_inline_code_cannot_be_ended_early() -> None:
    assert code("707.9a") == "`707.9a`"
    assert code("a`[x](https://evil.example)`b") == "`aˋ[x](https://evil.example)ˋb`"


HOSTILE_CARD = "[Free Nitro](https://evil.example/a) ||Clone|| [Free Nitro](https://evil.example/b)"
HOSTILE_TWIN = "[Free Nitro](https://evil.example/a) ||Clone|| [Free Nitro](https://evil.example/c) Twin"


def _hostile_card(name: str, number: int) -> dict[str, Any]:
    return {
        "object": "card",
        "id": f"0b2a4a4e-1f7e-4b8a-9a53-6f3f5d8e0d{number:02d}",
        "oracle_id": f"0b2a4a4e-1f7e-4b8a-9a53-6f3f5d8e0e{number:02d}",
        "name": name,
        "layout": "normal",
        "mana_cost": "{3}{U}",
        "cmc": 4.0,
        "type_line": "Creature — Shapeshifter",
        "oracle_text": "# Free Nitro\n> [claim](https://evil.example) ||now|| @everyone",
        "power": "0",
        "toughness": "0",
        "colors": ["U"],
        "color_identity": ["U"],
        "keywords": [],
    }


@pytest.fixture(scope="module")
def hostile_db(
    card_cache_db: Path, rules_document: RulesDocument, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The card cache with two cards named with masked links and spoilers."""
    cards = [_hostile_card(HOSTILE_CARD, 1), _hostile_card(HOSTILE_TWIN, 2)]
    return cache_copy_with(
        card_cache_db, tmp_path_factory.mktemp("hostile") / "cache.db", rules_document, cards
    )


def reply_text(result_requests: Iterable[CapturedRequest]) -> Iterable[str]:
    """Every content and embed text the bot sent."""
    for request in result_requests:
        yield request.content or ""
        for embed in request.embeds:
            yield from (embed.get("title", ""), embed.get("description", ""))


async def test_error_replies_leave_no_hostile_markdown_live(
    hostile_db: Path, make_settings: SettingsFactory, tmp_path: Path
) -> None:
    settings: Settings = make_settings(db=shutil.copy(hostile_db, tmp_path / "hostile.db"), offline=True)
    handle = "[h](https://evil.example) [i](https://evil.example)"
    questions: list[tuple[str, dict[str, str]]] = [
        ("card", {"name": "[Free Nitro](https://evil.example/a) ||Clone||"}),  # ambiguous: the candidates
        (
            "card",
            {"name": "[Free Nitro](https://evil.example/a) ||Clonne|| [Frea Nitro](https://evil.example/d)"},
        ),
        ("copy", {"copier": "Clone", "original": "[Free Nitro](https://evil.example/a) ||Clone||"}),
        ("card", {"name": HOSTILE_CARD}),
        ("board", {"scenario": f"battlefield:\n  - {{card: Clone, id: '{handle}', copy_of: '{handle} x'}}"}),
        ("cr", {"query": "[Free Nitro](https://evil.example) ||x|| # 707"}),
    ]
    async with DiscordHarness(create_bot(settings)) as harness:
        for command, options in questions:
            result = await harness.command(command, options)
            texts = [text for text in reply_text(result.requests) if text]
            assert texts, (command, options)
            for text in texts:
                shown = re.sub(r"`[^`]*`", "", text)  # inline code (the nearest rules) shows as typed
                assert live_markdown(shown) == [], (command, options, text)
