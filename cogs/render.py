"""Discord renderings of the Judge's answers: embeds split into pages, always within Discord's limits.

A renderer turns an answer into :class:`Reply` (pages of embeds and the rule numbers the answer cites,
for the "cited rules" select menu). Text is gathered as blocks (a line or a paragraph each) and packed
into pages; a page breaks between blocks, a block too long for one page breaks between sentences.
Every piece of card or user text is escaped (Markdown and mentions); rule numbers link to the
hyperlinked rules copy. Fixed phrases go through the message catalogs (``bot.i18n``); a card's name is
shown with its printed name in the answer's language when the cache has one (``夜帷の死霊/Nightveil
Specter``); the engine's steps and notes are worded in that language by ``bot.i18n.engine_text`` (in
English where its catalog has no sentence for them).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

import discord

from bot.i18n import N_, _
from bot.i18n.engine_text import (
    characteristic_names,
    exiled_by_template,
    localized,
    localized_handle,
    localized_item,
    shown_number,
)
from bot.i18n.names import NO_NAMES, card_label, card_stats
from bot.judge import (
    CACHE_ONLY_NOTE,
    BoardAnswer,
    BoardResult,
    CardAnswer,
    DataVersions,
    Explanation,
    GlossaryAnswer,
    LinkedAnswer,
    PrintedView,
    RuleAnswer,
    RulingsAnswer,
    SearchAnswer,
    StackBoardAnswer,
    is_commander,
)
from bot.text_safety import visible
from cogs.markdown import escape, escape_line_start

COLOR = discord.Colour.dark_teal()
ERROR_COLOR = discord.Colour.red()

CONTENT_MAX = 2_000
TITLE_MAX = 256
DESCRIPTION_MAX = 4_096
FOOTER_MAX = 2_048
EMBED_TOTAL_MAX = 6_000
SELECT_OPTIONS_MAX = 25
PAGE_TEXT = 3_800
"""Characters of text per page: under the description limit, with room for title and footer in 6,000."""

_BOUNDARIES = (re.compile(r"(?<=[.!?;:])\s+"), re.compile(r"\s+"))
"""Where a block too long for a page may break: between sentences, else between words."""
_RULE_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b")

ENGINE_WORDS = (
    *(N_("keyword"), N_("activated"), N_("mana"), N_("loyalty"), N_("triggered"), N_("static")),
    *(N_("replacement"), N_("characteristic-defining"), N_("spell")),
    *(N_("battlefield"), N_("graveyard"), N_("exile"), N_("hand"), N_("library"), N_("stack")),
    *(N_("you"), N_("opponent")),
)
"""The engine's fixed words (ability kinds, zones, players) that replies translate as they are shown."""


class Context(NamedTuple):
    """What every rendering needs besides the answer: the data's dates, the rules link base and the
    printed names of the cards in the answer's language (by Oracle name; none in English)."""

    versions: DataVersions
    link_base: str
    names: Mapping[str, str] = NO_NAMES

    def card(self, name: str) -> str:
        """``name`` with its printed name first when there is one: ``夜帷の死霊/Nightveil Specter``."""
        return card_label(name, self.names)


class Reply(NamedTuple):
    """A rendered answer: one embed per page (at least one), the rules it cites (for the select) and the
    board text it was built from (for the "Edit board" button), if any."""

    pages: tuple[discord.Embed, ...]
    cited: tuple[str, ...] = ()
    board: str | None = None


def safe(text: str) -> str:
    """``text`` with control, zero-width and bidi characters shown escaped (``\\u202e``), then Markdown
    and mentions escaped, none left live (card names, Oracle text, anything a user typed: see
    :mod:`cogs.markdown`)."""
    return escape(visible(text))


def rule_link(number: str, link_base: str) -> str:
    """``number`` as a link into the hyperlinked rules copy (the number without dots is the anchor)."""
    return f"[{number}]({link_base}{number.replace('.', '')})"


def cited(rules: Iterable[str], link_base: str) -> str:
    """`` (CR 707.2, 613.1)`` with each number linked, or "" without rules."""
    numbers = linked_rules(rules, link_base)
    return f" (CR {numbers})" if numbers else ""


def linked_rules(rules: Iterable[str], link_base: str) -> str:
    """``707.2, 613.1``, each number linked once, in the order given."""
    return ", ".join(rule_link(n, link_base) for n in dict.fromkeys(rules))


def footer(versions: DataVersions) -> str:
    """The footer line: which rules and which card data the answer stands on."""
    unknown = _("unknown date")
    return _("Comprehensive Rules of {rules} · card data of {cards}").format(
        rules=versions.rules or unknown, cards=versions.cards or unknown
    )


def sorted_rules(numbers: Iterable[str]) -> tuple[str, ...]:
    """Rule numbers in rules order (``613.1`` before ``707.2a`` before ``707.10``), at most 25."""

    def key(number: str) -> tuple[int, int, str]:
        head, _, tail = number.partition(".")
        digits = re.match(r"\d*", tail)
        sub = digits.group() if digits else ""
        return int(head or 0), int(sub or 0), tail[len(sub) :]

    return tuple(sorted(set(numbers), key=key))[:SELECT_OPTIONS_MAX]


# -- pages -----------------------------------------------------------------------------------------


def embed_pages(
    title: str,
    blocks: Sequence[str],
    context: Context,
    *,
    url: str | None = None,
    thumbnail: str | None = None,
    colour: discord.Colour = COLOR,
) -> tuple[discord.Embed, ...]:
    """``blocks`` packed into embeds of at most :data:`PAGE_TEXT` characters, numbered in the footer
    when there are several; the title, link and thumbnail are on each page."""
    texts = pack(blocks, PAGE_TEXT)
    base = footer(context.versions)
    embeds = []
    for number, text in enumerate(texts, 1):
        embed = discord.Embed(title=clip(title, TITLE_MAX), description=text, colour=colour, url=url)
        page = _(" · page {number}/{count}").format(number=number, count=len(texts)) if len(texts) > 1 else ""
        embed.set_footer(text=clip(base, FOOTER_MAX - len(page)) + page)
        if thumbnail:
            embed.set_thumbnail(url=thumbnail)
        embeds.append(embed)
    return tuple(embeds)


def pack(blocks: Sequence[str], limit: int) -> list[str]:
    """Join ``blocks`` with newlines into texts of at most ``limit`` characters, breaking between
    blocks, else between sentences, else (a sentence longer than a page) between words."""
    texts: list[str] = []
    current = ""
    for piece in _pieces(blocks, limit):
        joined = f"{current}\n{piece}" if current else piece
        if len(joined) <= limit:
            current = joined
            continue
        texts.append(current)
        current = piece
    return [*texts, current] if current or not texts else texts


def _pieces(blocks: Sequence[str], limit: int) -> Iterable[str]:
    for block in blocks:
        parts = _split(block, limit)
        yield from parts[:1]
        # a part after a break starts a line: "… # 3" must not become a header there
        yield from map(escape_line_start, parts[1:])


def _split(text: str, limit: int, boundaries: tuple[re.Pattern[str], ...] = _BOUNDARIES) -> list[str]:
    """``text`` cut at the first of ``boundaries`` (sentences, then words) into parts of at most
    ``limit`` characters; only a word longer than ``limit`` is cut inside."""
    if len(text) <= limit:
        return [text]
    if not boundaries:
        return [text[i : i + limit] for i in range(0, len(text), limit)]
    parts: list[str] = []
    current = ""
    for unit in boundaries[0].split(text):
        for piece in _split(unit, limit, boundaries[1:]):
            joined = f"{current} {piece}" if current else piece
            if len(joined) <= limit:
                current = joined
                continue
            parts += [current] if current else []
            current = piece
    return [*parts, current] if current else parts


def clip(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, ending with an ellipsis when it had to be shortened (for
    titles, labels and autocomplete names, never for an answer's text)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- copies and boards -----------------------------------------------------------------------------


def board_reply(result: BoardResult, context: Context, *, title: str | None = None) -> Reply:
    """A copy or board answer: the resulting object, then the reasoning with linked rule numbers."""
    answer = result.answer
    if isinstance(answer, StackBoardAnswer):
        blocks = _stack_blocks(answer, context)
        copied = context.card(answer.result.copiable.name) if answer.result.copiable.name else _("a copy")
        heading = title or _("{id}: {copied} (copy via {via})").format(
            id=localized_handle(answer.result, context.names),
            copied=copied,
            via=context.card(answer.result.via),
        )
    else:
        blocks = _board_blocks(answer, context)
        heading = title or f"{context.card(answer.result.id)}: {_title_name(answer, context)}"
    if result.rules_note:
        blocks.append(safe(result.rules_note))
    blocks += cache_only_blocks(result.cache_only)
    return Reply(
        embed_pages(safe(heading), blocks, context), sorted_rules(result.cited_rules()), result.board
    )


def _board_blocks(answer: BoardAnswer, context: Context) -> list[str]:
    result = answer.result
    blocks = [*object_blocks(answer, context), *_linked_view_blocks(answer, context)]
    blocks.append("\n**" + _("Why") + "**")
    blocks += [explained(step, context, f"{n}.") for n, step in enumerate(result.steps, 1)]
    if result.notes:
        blocks.append("\n**" + _("Notes") + "**")
        blocks += [explained(note, context) for note in result.notes]
    return blocks + _zone_blocks(answer, context)


def permanent_name(name: str | None, context: Context) -> str:
    """A permanent's name as shown (a face-down one has none)."""
    return context.card(name) if name else _("a face-down permanent")


def _title_name(answer: BoardAnswer, context: Context) -> str:
    """The queried object's name for a title: a nameless face-up object (a copy of a face-down permanent is
    face up, CR 707.2) is "(no name)", not "a face-down permanent"."""
    current = answer.result.current
    if current.name or current.status.face_down:
        return permanent_name(current.name, context)
    return _("(no name)")


def object_blocks(answer: BoardAnswer | StackBoardAnswer, context: Context) -> list[str]:
    """The object as it is now: name and cost, type line, P/T, abilities, counters and status."""
    current = answer.result.current
    cost = f" {safe(current.mana_cost)}" if current.mana_cost else ""
    left = " ".join((*current.supertypes, *current.types)) or _("(no types)")
    type_line = f"{left} — {' '.join(current.subtypes)}" if current.subtypes else left
    numbers = (
        f" · {shown_number(current.power)}/{shown_number(current.toughness)}"
        if current.power is not None
        else ""
    )
    blocks = [
        f"**{safe(permanent_name(current.name, context))}**{cost}",
        f"{safe(type_line)}{safe(numbers)}",
    ]
    blocks += [f"• {safe(ability)}" for ability in current.abilities]
    if "abilities" in current.unknown:  # the list holds only what is known to apply
        blocks.append("*" + _("(abilities unknown)") + "*")
    elif not current.abilities:
        blocks.append("*" + _("(no abilities)") + "*")
    status = current.status
    on = (
        (N_("tapped"), status.tapped),
        (N_("flipped"), status.flipped),
        (N_("transformed"), status.transformed),
        (N_("phased out"), status.phased_out),
        (N_("commander"), is_commander(answer)),
    )
    flags = [_(name) for name, flag in on if flag]
    flags += [_("face down ({kind})").format(kind=status.face_down)] if status.face_down else []
    flags += [_counters(kind, n) for kind, n in (current.counters or {}).items()]
    flags += [_("a token")] if current.token else []
    unknown = _("unknown: {characteristics} (see Notes)")
    flags += (
        [unknown.format(characteristics=characteristic_names(current.unknown))] if current.unknown else []
    )
    return [*blocks, f"*{safe(' · '.join(flags))}*"] if flags else blocks


def _counters(kind: str, number: int) -> str:
    if number == 1:
        return _("1 {kind} counter").format(kind=kind)
    return _("{number} {kind} counters").format(number=number, kind=kind)


def _linked_view_blocks(answer: BoardAnswer, context: Context) -> list[str]:
    linked = answer.result.linked
    if linked is None:
        return []
    text_of = safe(permanent_name(linked.text_of, context))
    blocks = ["\n" + _("**Linked abilities** (the text of {card})").format(card=text_of)]
    for link in linked.links:
        first, second = link.abilities
        blocks.append(
            f"**{first} ↔ {second}** {rule_link(link.rule, context.link_base)}: "
            + safe(localized(link, context.names))
        )
    blocks += [] if linked.links else ["*" + _("(no linked abilities)") + "*"]
    return blocks + [
        exiled_by_template(c.ability).format(number=c.ability, card=safe(context.card(c.name or "?")))
        for c in linked.exiled
    ]


def _zone_blocks(answer: BoardAnswer, context: Context) -> list[str]:
    blocks = ["\n**" + _("Zone changes") + "**"] if answer.zone_moves else []
    for move in answer.zone_moves:
        where = (
            _(move.to)
            if move.to
            else _("undecided (one of: {options})").format(options=", ".join(move.options))
        )
        cards = _(" as {cards}").format(cards=", ".join(map(context.card, move.cards))) if move.cards else ""
        text = f"• {safe(f'{context.card(move.object)}: {_(move.from_zone)} → {where}{cards}')}"
        blocks.append(text + cited(move.rules, context.link_base))
    blocks += ["\n**" + _("Triggered") + "**"] if answer.triggers else []
    for hit in answer.triggers:
        times = (
            _("unknown")
            if hit.times is None
            else _("once")
            if hit.times == 1
            else _("{times} times").format(times=hit.times)
        )
        blocks.append(f"• [{times}] " + explained(hit.explanation, context, "").lstrip())
    return blocks


def _stack_blocks(answer: StackBoardAnswer, context: Context) -> list[str]:
    result = answer.result
    kind = _("a copy of an ability") if result.kind == "ability" else _("a copy of a spell")
    owner = _(", owned by {owner}").format(owner=_(result.owner)) if result.owner else ""
    controller = _("{kind}, controlled by {controller}").format(
        kind=kind, controller=safe(_(result.controller) + owner)
    )
    blocks = [f"**{safe(localized_handle(result, context.names))}**: {controller}"]
    if result.outcomes:
        blocks.append("\n**" + _("Original → copy") + "**")
        blocks += [
            f"• {safe(f'{o.question}: {_say(o.on_original)} → {_say(o.on_copy)}')}"
            + cited(o.rules, context.link_base)
            for o in result.outcomes
        ]
    blocks.append("\n**" + _("Copied") + "**")
    blocks += [
        f"• {safe(f'{localized_item(c, context.names)}: {_say(c.value)}')}"
        + cited(c.rules, context.link_base)
        for c in result.copied
    ]
    blocks.append("\n**" + _("Not copied") + "**")
    blocks += [
        f"• {safe(localized_item(n, context.names))}" + cited(n.rules, context.link_base)
        for n in result.not_copied
    ]
    blocks.append("\n**" + _("Why") + "**")
    return blocks + [explained(e, context) for e in (*result.steps, *result.notes)]


def _say(value: object) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, tuple):
        return ", ".join(map(str, value)) or _("none")
    return _("unknown") if value is None else str(value)


def explained(item: Explanation, context: Context, bullet: str = "•") -> str:
    """One reasoning step or note, in the answer's language, with its rule numbers linked."""
    return f"{bullet} {safe(localized(item, context.names))}{cited(item.rules, context.link_base)}"


# -- linked abilities ------------------------------------------------------------------------------


def linked_reply(answer: LinkedAnswer, context: Context, printed: PrintedView | None = None) -> Reply:
    """The numbered abilities, each linked pair with its rule and explanation, then the notes, then the
    card as ``printed`` in the answer's language."""
    report = answer.report
    blocks = ["**" + _("Abilities") + "**"]
    for ability in report.abilities:
        face = f"{safe(context.card(ability.face))} " if report.several_faces else ""
        blocks.append(f"**{face}{ability.index}.** {safe(ability.text)} *[{_(ability.kind)}]*")
    blocks += [] if report.abilities else ["*" + _("(none)") + "*"]
    if report.links:
        blocks.append("\n**" + _("Linked pairs") + "**")
    for link in report.links:
        first, second = link.abilities
        pair = f"{first} ↔ {second}"
        if report.several_faces:
            pair = f"{link.faces[0]} {first} ↔ {link.faces[1]} {second}"
        blocks.append(
            f"**{safe(pair)}** — {rule_link(link.rule, context.link_base)}: "
            + safe(localized(link, context.names))
        )
    blocks.append("\n**" + _("Notes") + "**")
    blocks += [explained(note, context) for note in report.notes]
    if answer.rules_note:
        blocks.append(safe(answer.rules_note))
    as_printed = printed_blocks(printed)
    blocks += ["", *as_printed] if as_printed else []
    blocks += cache_only_blocks(answer.cache_only)
    title = _("Linked abilities: {card}").format(card=context.card(report.card))
    return Reply(embed_pages(safe(title), blocks, context), sorted_rules(answer.cited_rules()))


# -- cards and rulings -----------------------------------------------------------------------------


def card_reply(answer: CardAnswer, context: Context) -> Reply:
    """Each face: name and cost, type line, Oracle text, P/T or loyalty; the image as thumbnail."""
    blocks: list[str] = []
    for face in answer.faces:
        cost = f" {safe(face.mana_cost)}" if face.mana_cost else ""
        blocks += [f"**{safe(context.card(face.name))}**{cost}", f"*{safe(face.type_line)}*"]
        blocks += [safe(line) for line in face.oracle_text.splitlines() if line]
        blocks += [f"**{safe(card_stats(face.stats))}**"] if face.stats else []
        blocks.append("")
    as_printed = printed_blocks(answer.printed)
    blocks += [*as_printed, ""] if as_printed else []
    note = cache_only_blocks(answer.cache_only)
    blocks += [*note, ""] if note else []
    title = safe(context.card(answer.name))
    embeds = embed_pages(title, blocks[:-1], context, url=answer.scryfall_url, thumbnail=answer.image_url)
    return Reply(embeds)


def cache_only_blocks(cache_only: bool) -> list[str]:
    """The note under an answer a card of which came from the cache alone (Scryfall unreachable)."""
    return [f"*{_(CACHE_ONLY_NOTE)}*"] if cache_only else []


def printed_blocks(printed: PrintedView | None) -> list[str]:
    """The card as printed in the answer's language (its type line and text), or nothing when the
    cache has neither."""
    if printed is None or not (printed.type_line or printed.text):
        return []
    lines = [safe(line) for line in printed.text.splitlines() if line]
    return ["**" + _("As printed") + "**", f"*{safe(printed.type_line)}*", *lines]


_HAS_NONE = N_("{card} has no rulings.")
_NOT_LOADED = N_(
    "The rulings of {card} aren't loaded: the bot couldn't ask Scryfall (it is offline, or Scryfall "
    "couldn't be reached) and has no rulings file imported. Ask again later, or ask the bot's admin."
)


def rulings_reply(answer: RulingsAnswer, context: Context) -> Reply:
    """The card's rulings, newest first; the rule numbers they mention go in the select menu."""
    blocks = [f"**{safe(r.published_at)}** ({safe(r.source)}): {safe(r.comment)}" for r in answer.rulings]
    card = context.card(answer.card)
    blocks = blocks or [_(_HAS_NONE if answer.loaded else _NOT_LOADED).format(card=safe(card))]
    mentioned = (n for r in answer.rulings for n in _RULE_NUMBER.findall(r.comment))
    title = safe(_("Rulings: {card}").format(card=card))
    return Reply(embed_pages(title, blocks, context), sorted_rules(mentioned))


# -- rules -----------------------------------------------------------------------------------------


def rule_reply(answer: RuleAnswer | GlossaryAnswer, context: Context) -> Reply:
    """A rule (text, examples, subrules) or a glossary entry (definition, the rules it names)."""
    if isinstance(answer, GlossaryAnswer):
        entry = answer.entry
        blocks = [safe(line) for line in entry.definition.splitlines() if line]
        blocks += (
            ["\n" + _("See {rules}").format(rules=linked_rules(entry.references, context.link_base))]
            if entry.references
            else []
        )
        return Reply(embed_pages(safe(entry.term), blocks, context), sorted_rules(entry.references))
    rule = answer.rule
    blocks = [safe(rule.text), *map(_example, rule.examples)]
    for sub in answer.subrules:
        blocks.append(f"**{rule_link(sub.number, context.link_base)}** {safe(sub.text)}")
        blocks += map(_example, sub.examples)
    references = (*rule.references, *(n for sub in answer.subrules for n in sub.references))
    embeds = embed_pages(_("Rule {number}").format(number=rule.number), blocks, context, url=answer.link)
    return Reply(embeds, sorted_rules(references))


def _example(text: str) -> str:
    """A rule's example, labelled in the answer's language (the rules' own "Example:" label replaced)."""
    return "*" + _("Example:") + "* " + safe(text.removeprefix("Example:").lstrip())


def search_reply(answer: SearchAnswer, context: Context) -> Reply:
    """The rules best matching the words, ranked, each with its number linked."""
    blocks = [f"**{rule_link(hit.number, context.link_base)}** {safe(hit.text)}" for hit in answer.hits]
    title = clip(_("Rules matching “{words}”").format(words=answer.words), TITLE_MAX)
    return Reply(
        embed_pages(safe(title), blocks, context),
        tuple(hit.number for hit in answer.hits)[:SELECT_OPTIONS_MAX],
    )


def error_embed(text: str) -> discord.Embed:
    """An error's message as an embed description (always within the limit)."""
    return discord.Embed(description=pack([text], DESCRIPTION_MAX)[0], colour=ERROR_COLOR)


HELP_COPY_BOARD = """```yaml
battlefield:
  - {card: Tarmogoyf, id: goyf, controller: opponent}
  - {card: Clone, id: clone, copy_of: goyf}
graveyard: [Lightning Bolt, Forest]
query: clone
```"""
HELP_LINKED_BOARD = """```yaml
battlefield:
  - {card: Nightveil Specter, id: specter}
query: {linked: specter}
```"""
HELP_STACK_BOARD = """```yaml
stack:
  - {card: Fireball, id: fireball, controller: opponent, x: 5, targets: ["player:you"]}
  - {copy_of: fireball, via: Twincast, new_targets: ["player:opponent"]}
```"""
HELP_BOARDS = (HELP_COPY_BOARD, HELP_LINKED_BOARD, HELP_STACK_BOARD)
"""The example boards /help shows: a copy, linked abilities and the stack."""

HELP_BLOCKS = (
    N_(
        "Ask the judge about copy effects (CR 707) and linked abilities (CR 607). Card names autocomplete, "
        "and may be partial or misspelt."
    ),
    "",
    N_(
        "**/copy** `copier` `original` — what the copier is when it copies the original; optional state "
        "of the original: `counters` (`+1/+1=3`), `tapped`, `flipped`, `transformed`, `face_down` "
        '(`morph`), `pump` (`2/2`), `graveyard` (`Lightning Bolt, Forest`), `x`; its "as enters" choices '
        "`choice` (`option=3`) and the copy's own `new_choice` (both autocomplete)."
    ),
    N_("**/linked** `card` — every pair of linked abilities on a card; `with` asks about a second card too."),
    N_(
        "**/board** `scenario` — a whole board as YAML (or attach a `.yaml`/`.json` file as `file`); with "
        "neither, it opens the board editor with an example."
    ),
    N_("**/card** `name` — a card's Oracle text."),
    N_("**/rulings** `name` — a card's rulings, newest first."),
    N_("**/cr** `query` — a rule by number (`707.2a`), a glossary term or search words."),
    N_("**/settings language** `language` — answer in English or Japanese (日本語)."),
    N_(
        "**Rule on this board** — on a message with a board in a ```yaml code block or a `.yaml`/`.json`/"
        "`.txt` file: open the message's menu › **Apps** › **Rule on this board**."
    ),
    "",
    N_(
        "Under an answer, pick a cited rule to read it; only you see it. Every question can also be asked "
        "offline with the `mtg-judge` command line."
    ),
    "",
    N_(
        "**Boards.** A board lists the objects in timestamp order (`battlefield`, `graveyard`, `exile`), "
        "what happened (`actions`), spells and abilities on the `stack` (bottom first) and the object to "
        "explain (`query`). Every answer built from a board, `/copy`'s included, has **Edit board**: it "
        "opens the editor with that board, to change and ask again."
    ),
    N_("A copy: Clone entering as a copy of an opponent's Tarmogoyf, with two card types in graveyards."),
    HELP_COPY_BOARD,
    N_("Linked abilities (CR 607) of a permanent on a board:"),
    HELP_LINKED_BOARD,
    N_("The stack: Twincast copying a Fireball with X=5, the copy aimed at the other player."),
    HELP_STACK_BOARD,
    N_(
        "The whole format (counters, choices, effects, tokens, face-down and double-faced cards, zone "
        "changes, cards of your own) is in `docs/board-format.md` of the mtg-judge repository."
    ),
)
"""The help, block by block (each kept whole on a page); the example boards are code, never translated."""


def help_reply(context: Context) -> Reply:
    """What each command does."""
    blocks = [block if not block or block in HELP_BOARDS else _(block) for block in HELP_BLOCKS]
    return Reply(embed_pages(_("mtg-judge: a Magic rules judge"), blocks, context))
